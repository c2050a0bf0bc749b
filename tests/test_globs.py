"""Globs match what `fnmatch.fnmatchcase` matches, most without a regular expression, but for
a `**/`, which matches zero or more folders, as in ruff's globset (`tools/**/*.json` names
`tools/a.json`)."""

from __future__ import annotations

import fnmatch
import re
import time

import pathspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.sources.files import walk_reads
from schema_lint.sources.globs import Globs

_GLOB = st.text(alphabet="ab.*/?[]!-", max_size=8)
_TEXT = st.text(alphabet="ab.*/?[]!-\n", max_size=10)


# A `**/` at the start or after a `/`, not within a longer run of `*`s.
_FOLDERS = re.compile(r"(?<![^/])\*\*/")


def _reference(glob: str, text: str) -> bool:
    """globset's reading, as ruff builds its globs (`*` crosses `/`): `fnmatch`, each `**/` a
    `(?:.*/)?`, matched by a regular expression that may backtrack."""
    bodies = [fnmatch.translate(part).removeprefix("(?s:").removesuffix(")\\Z") for part in _FOLDERS.split(glob)]
    return re.fullmatch("(?:.*/)?".join(bodies), text, re.S) is not None


@settings(max_examples=2000)
@given(globs=st.lists(_GLOB, max_size=4), text=_TEXT)
def test_a_set_of_globs_without_folder_wildcards_matches_as_fnmatch_does(globs, text):
    globs = [glob for glob in globs if not _FOLDERS.search(glob)]
    assert Globs(globs).match(text) == any(fnmatch.fnmatchcase(text, glob) for glob in globs)


@settings(max_examples=3000)
@given(glob=st.lists(st.sampled_from(["a", "b", ".", "*", "**", "?", "/", "**/", "/**/", "/**"]), max_size=8).map("".join),
       text=st.lists(st.sampled_from(["a", "b", ".", "/", "a/", "/b"]), max_size=8).map("".join))
def test_a_glob_with_folder_wildcards_matches_as_globset_does(glob, text):
    assert Globs([glob]).match(text) == _reference(glob, text)


_SEGMENTS = st.lists(st.sampled_from(["a", "b", "**"]), min_size=1, max_size=5)


@settings(max_examples=1000)
@given(glob=st.tuples(st.sampled_from(["", "/"]), _SEGMENTS).map(lambda parts: parts[0] + "/".join(parts[1])),
       path=st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=5).map("/".join))
def test_an_exclude_without_single_wildcards_excludes_what_gitignore_ignores(glob, path):
    """Without a `*` or `?` inside a name (where ruff's, and so schema-lint's, cross a `/` and
    gitignore's do not), `exclude` reads as a `.gitignore` line: anchored if it holds a `/`,
    a name at any depth if not, and a folder with all it holds."""
    excluded = not walk_reads(f"/project/{path}", ["*"], [glob], "/project")
    assert excluded == pathspec.GitIgnoreSpec.from_lines([glob]).match_file(path)


@pytest.mark.parametrize(("glob", "text", "matched"), [
    ("tools/**/*.json", "tools/a.json", True),
    ("tools/**/*.json", "tools/legacy/old.json", True),
    ("**/*.json", "top.json", True),
    ("a/**/b", "a/b", True),
    ("a/**/b", "a/xb", False),
    ("**/[ab].json", "x/y/b.json", True),
    ("**/[ab].json", "c.json", False),
    ("**/file?.json", "file1.json", True),
])
def test_a_folder_wildcard_matches_zero_or_more_folders(glob, text, matched):
    assert Globs([glob]).match(text) == matched


@given(pieces=st.lists(st.text(alphabet="ab", max_size=3), min_size=2, max_size=4), text=st.text(alphabet="ab", max_size=12))
def test_a_glob_of_stars_alone_matches_as_fnmatch_does(pieces, text):
    """Where the string comparison does all the work: overlapping and repeated pieces."""
    glob = "*".join(pieces)
    assert Globs([glob]).match(text) == fnmatch.fnmatchcase(text, glob)


def test_only_globs_with_other_wildcards_are_compiled():
    assert Globs(["node_modules", "*.json", "tsconfig*.json", "a*b*c"])._others is None
    assert Globs(["*.json", "file?.json"])._others is not None


@pytest.mark.hostile
def test_globs_of_many_stars_take_linear_time():
    """A `pyproject.toml` in a pull request is as hostile as a `.gitignore`: its `include`,
    `exclude`, `per-file-ignores`, `per-tool-ignores`, `raw-tool-schemas` and `side-effects`
    globs go through `Globs` or `fnmatch`, neither of which backtracks."""
    hostile = ["*a" * 20 + "*b", "*a?" * 20 + "*b", "*[a]" * 20 + "*b", "a" + "**" * 500 + "b"]
    folders = ["**/a/" * 20 + "b", "**/a?/" * 20 + "b", "a/" + "**/" * 500 + "b"]
    started = time.thread_time()
    assert not Globs(hostile).match("a" * 4000)
    assert not Globs(folders).match("a/" * 2000 + "a")
    assert not any(fnmatch.fnmatchcase("a" * 4000, glob) for glob in hostile)
    assert time.thread_time() - started < 0.5
