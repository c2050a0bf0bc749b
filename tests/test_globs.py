"""Globs match exactly what `fnmatch.fnmatchcase` matches, most without a regular expression."""

from __future__ import annotations

import fnmatch
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.sources.globs import Globs

_GLOB = st.text(alphabet="ab.*/?[]!-", max_size=8)
_TEXT = st.text(alphabet="ab.*/?[]!-\n", max_size=10)


@settings(max_examples=2000)
@given(globs=st.lists(_GLOB, max_size=4), text=_TEXT)
def test_a_set_of_globs_matches_as_fnmatch_does(globs, text):
    assert Globs(globs).match(text) == any(fnmatch.fnmatchcase(text, glob) for glob in globs)


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
    started = time.thread_time()
    assert not Globs(hostile).match("a" * 4000)
    assert not any(fnmatch.fnmatchcase("a" * 4000, glob) for glob in hostile)
    assert time.thread_time() - started < 0.5
