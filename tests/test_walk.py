"""A walk ends, whatever the tree.

A tree comes from anyone who can open a pull request. Its `.gitignore` lines are matched
in linear time.
"""

from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner

from schema_lint.cli import main

pytestmark = pytest.mark.hostile

LOOSE = {"type": "object", "properties": {"title": {"type": "string"}}}


def tool(name: str) -> str:
    return json.dumps({"name": name, "description": "A tool.", "inputSchema": LOOSE}, indent=2)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A repository with one loose tool, `tools/create_ticket.json`; the working directory."""
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_text('[http]\n\textraheader = "AUTHORIZATION: basic SECRET-TOKEN"\n')
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "create_ticket.json").write_text(tool("create_ticket"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args: str):
    return CliRunner().invoke(main, ["check", "--select", "SL301", "--output-format", "concise", *args])


def linted(output: str) -> set[str]:
    return {line.split(":", 1)[0] for line in output.splitlines() if ": SL" in line}


# --- the walk ends ------------------------------------------------------------------------


def test_a_gitignore_line_of_twenty_stars_does_not_hang_the_walk(project):
    """pathspec's regular expression took 7 s for a name of 28 characters, and 16 times as
    long for each four more."""
    (project / ".gitignore").write_text("*a" * 20 + "*b\n")
    (project / "tools" / ("a" * 40 + ".json")).write_text(tool("create_a"))
    started = time.perf_counter()
    result = run(".")
    assert time.perf_counter() - started < 2
    assert linted(result.stdout) == {"tools/create_ticket.json", f"tools/{'a' * 40}.json"}


def test_a_gitignore_line_git_reads_and_pathspec_refused_is_read(project):
    (project / ".gitignore").write_text("!\nhidden.json\n")
    (project / "tools" / "hidden.json").write_text(tool("create_hidden"))
    result = run(".")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert linted(result.stdout) == {"tools/create_ticket.json"}
