"""A walk ends, whatever the tree, and stays in it.

A tree comes from anyone who can open a pull request. Its `.gitignore` lines are matched
in linear time, the walk has a budget (`MAX_ENTRIES`, `MAX_GITIGNORE_BYTES`,
`MAX_IGNORE_TESTS`) past which the folder is an `SL000` finding, and a tree deeper than
Python's stack is walked too. A link is read only if it leads to a file the walk reads
itself: a link out of the folder, or into `.git`, would print what it found there.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

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
    started = time.thread_time()
    result = run(".")
    assert time.thread_time() - started < 2
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


# --- the walk stays in the tree -----------------------------------------------------------


def test_a_link_out_of_the_folder_is_not_read_and_v_says_so(project):
    (project / "tools" / "x.jsonl").symlink_to(Path("..") / ".git" / "config")
    result = CliRunner().invoke(main, ["check", "--output-format", "full", "-v", "tools"])
    assert "SECRET" not in result.stdout + result.stderr
    assert "tools/x.jsonl: a link out of `tools`, skipped\n" in result.stderr
    assert result.exit_code == 1


def test_a_link_into_git_or_to_an_ignored_file_is_not_read_from_inside_the_folder(project):
    (project / ".gitignore").write_text("secrets.json\n")
    (project / "secrets.json").write_text('{"token": "SECRET-KEY"}')
    (project / "tools" / "x.jsonl").symlink_to(Path("..") / ".git" / "config")
    (project / "tools" / "y.json").symlink_to(project / "secrets.json")
    result = CliRunner().invoke(main, ["check", "--output-format", "full", "-v", "."])
    assert "SECRET" not in result.stdout + result.stderr
    assert ("tools/x.jsonl: a link to `.git/config`, which the walk does not read, skipped\n"
            "tools/y.json: a link to `secrets.json`, which the walk does not read, skipped\n") in result.stderr


def test_links_to_files_the_walk_reads_and_links_named_are_read(project):
    (project / "tools" / "v2").mkdir()
    (project / "tools" / "v2" / "tool.json").write_text(tool("create_v2"))
    (project / "tools" / "current.json").symlink_to(Path("v2") / "tool.json")
    outside = project.parent / f"{project.name}-outside.json"
    outside.write_text(tool("create_outside"))
    (project / "named.json").symlink_to(outside)
    assert linted(run("tools").stdout) == {"tools/create_ticket.json", "tools/current.json", "tools/v2/tool.json"}
    assert linted(run("named.json").stdout) == {"named.json"}


def test_a_link_to_nothing_inside_the_folder_is_still_an_error(project):
    (project / "tools" / "gone.json").symlink_to("missing.json")
    result = run("tools")
    assert result.exit_code == 2
    assert "tools/gone.json:1:1: SL000 [error] cannot read file: No such file or directory" in result.stdout


def test_a_gitignore_that_is_a_link_is_not_read_as_git_does_not(project):
    outside = project.parent / f"{project.name}-patterns"
    outside.write_text("*.json\n")
    (project / ".gitignore").symlink_to(outside)
    result = run("-v", ".")
    assert linted(result.stdout) == {"tools/create_ticket.json"}
    assert ".gitignore: a link, not read (git does not read one either)" in result.stderr.splitlines()


@given(st.lists(st.sampled_from(["", ".", "..", "a", "b.json", "/"]), max_size=5).map("/".join),
       st.text(st.sampled_from("ab.-\\ "), min_size=1).filter(lambda name: name not in (".", "..")))
def test_an_entry_path_is_its_folder_and_name_joined_and_normalized(folder, name):
    """A walk makes each entry's path from its folder's once-normalized prefix: the same path
    as normalizing the two joined, which it did for every file."""
    assert files._prefix(folder) + name == os.path.normpath(os.path.join(folder, name))
