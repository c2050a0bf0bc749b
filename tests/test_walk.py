"""A walk ends, whatever the tree.

A tree comes from anyone who can open a pull request. Its `.gitignore` lines are matched
in linear time, the walk has a budget (`MAX_ENTRIES`, `MAX_GITIGNORE_BYTES`,
`MAX_IGNORE_TESTS`) past which the folder is an `SL000` finding, and a tree deeper than
Python's stack is walked too.
"""

from __future__ import annotations

import json
import sys
import time

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.sources import files

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


def test_a_tree_deeper_than_pythons_stack_is_walked(project):
    """`os.walk` recursed once a folder (a RecursionError at 1,000 levels). The stack is made
    short here instead of the tree deep: pytest removes old temporary folders recursively."""
    deep = project / "tools"
    for _ in range(300):
        deep /= "d"
        deep.mkdir()
    (deep / "create_deep.json").write_text(tool("create_deep"))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(250)
    try:
        result = run("tools")
    finally:
        sys.setrecursionlimit(limit)
    assert result.exit_code == 1, result.exception
    assert len(linted(result.stdout)) == 2


def test_past_the_entry_limit_the_folder_is_an_error_and_the_rest_is_linted(project, monkeypatch):
    monkeypatch.setattr(files, "MAX_ENTRIES", 5)
    for index in range(10):
        (project / "tools" / f"create_{index}.json").write_text(tool(f"create_{index}"))
    (project / "named.json").write_text(tool("create_named"))
    result = run("tools", "named.json")
    assert result.exit_code == 2
    assert ("tools:1:1: SL000 [error] not walked: it holds more than 5 files and folders, where the walk stopped "
            "(name fewer folders, or `exclude` some)") in result.stdout
    assert "named.json" in linted(result.stdout)


def test_past_the_gitignore_test_limit_the_folder_is_an_error(project, monkeypatch):
    monkeypatch.setattr(files, "MAX_IGNORE_TESTS", 20)
    (project / ".gitignore").write_text("".join(f"*.{index}\n" for index in range(5)))
    for index in range(10):
        (project / "tools" / f"create_{index}.json").write_text(tool(f"create_{index}"))
    result = run(".")
    assert result.exit_code == 2
    assert (".:1:1: SL000 [error] not walked: its paths took more than 20 tests against `.gitignore` lines, "
            "where the walk stopped") in result.stdout


def test_a_gitignore_larger_than_its_limit_is_an_error_at_its_folder(project):
    (project / "tools" / "big").mkdir()
    (project / "tools" / "big" / ".gitignore").write_text("#" * files.MAX_GITIGNORE_BYTES + "\n")
    (project / "tools" / "big" / "create_big.json").write_text(tool("create_big"))
    result = run(".")
    assert result.exit_code == 2
    assert ("tools/big:1:1: SL000 [error] not walked: `tools/big/.gitignore` is larger than 1 MiB, the limit "
            "of a `.gitignore`") in result.stdout
    assert linted(result.stdout) == {"tools/big", "tools/create_ticket.json"}
