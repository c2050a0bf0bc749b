"""Patterns taken from the store match exactly as `re.compile`'s, and a store that is damaged,
foreign or unwritable costs time, never a wrong match or an error."""

from __future__ import annotations

import gc
import importlib
import marshal
import os
import pkgutil
import re
import subprocess
import sys
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import schema_lint
from schema_lint.text import compiled_patterns, lazy_pattern


@pytest.fixture
def store(tmp_path):
    """A fresh store in `tmp_path` (conftest forgets it after the test)."""
    compiled_patterns.use_store(str(tmp_path))
    return tmp_path


def _every_lazy_pattern() -> list[tuple[str, int]]:
    """The source and flags of each pattern the engine's and the rules' modules define (those
    whose optional dependencies are installed here)."""
    for info in pkgutil.walk_packages(schema_lint.__path__, "schema_lint."):
        if info.name.endswith("__main__"):
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:
            continue
    return sorted({(obj._source, int(obj._flags)) for obj in gc.get_objects()
                   if isinstance(obj, lazy_pattern.LazyPattern)})


PATTERNS = _every_lazy_pattern()
TEXT = st.text(alphabet=st.sampled_from("abcxyzABC019 _-.,:;'\"`()[]{}<>/\\\n\t@#$%=+*?!é’—"), max_size=60)


def test_the_engine_defines_patterns_enough_to_test():
    assert len(PATTERNS) > 150


def _through_the_store(folder, source: str, flags: int) -> re.Pattern:
    """The pattern as the next run gets it: compiled and written by one run, then read back
    from `folder`'s store by another."""
    compiled_patterns.use_store(str(folder))
    compiled_patterns.compile(source, flags)
    compiled_patterns.save()
    compiled_patterns.use_store(str(folder))
    return compiled_patterns.compile(source, flags)


@pytest.mark.parametrize(("source", "flags"), PATTERNS, ids=range(len(PATTERNS)))
def test_a_pattern_from_the_store_is_the_pattern_re_compiles(store, source, flags):
    stored = _through_the_store(store, source, flags)
    assert (source, flags) in compiled_patterns._stored
    assert not compiled_patterns._added  # taken from the store, not compiled again
    expected = re.compile(source, flags)
    assert (stored.pattern, stored.flags, stored.groups, stored.groupindex) == (
        expected.pattern, expected.flags, expected.groups, expected.groupindex)


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(PATTERNS) - 1), text=TEXT)
def test_a_stored_pattern_matches_where_re_compiles_one_matches(tmp_path_factory, index, text):
    source, flags = PATTERNS[index]
    stored = _through_the_store(tmp_path_factory.mktemp("store"), source, flags)
    expected = re.compile(source, flags)
    assert [(m.span(), m.groups()) for m in stored.finditer(text)] == [
        (m.span(), m.groups()) for m in expected.finditer(text)]
    assert bool(stored.fullmatch(text)) == bool(expected.fullmatch(text))


def _store_file(folder) -> str:
    [name] = [name for name in os.listdir(folder) if name.startswith("patterns-")]
    return os.path.join(folder, name)


@pytest.mark.parametrize("damage", ["truncated", "another build", "bad code", "not a dict", "garbage"])
def test_a_damaged_or_foreign_store_is_ignored(store, damage):
    source = r"(?P<word>when|if)\s+\d{2,}"
    compiled_patterns.compile(source)
    compiled_patterns.save()
    path = _store_file(store)
    data = open(path, "rb").read()
    build, entries = marshal.loads(data)
    if damage == "truncated":
        data = data[: len(data) // 2]
    elif damage == "another build":
        data = marshal.dumps(("cpython 2.7", entries))
    elif damage == "bad code":
        (flags, code, *rest), = entries.values()
        data = marshal.dumps((build, {(source, 0): (flags, array("I", [99999, 1, 2]).tobytes(), *rest)}))
    elif damage == "not a dict":
        data = marshal.dumps((build, [1, 2, 3]))
    else:
        data = b"\x00not marshal at all"
    open(path, "wb").write(data)
    compiled_patterns.use_store(str(store))
    pattern = compiled_patterns.compile(source)
    assert [m.span() for m in pattern.finditer("if 123 when 4 when 56")] == [(0, 6), (14, 21)]
    assert pattern.groupindex == {"word": 1}


def test_a_pattern_that_does_not_compile_raises_as_re_compile_does(store):
    with pytest.raises(re.error):
        compiled_patterns.compile("(unclosed")
    assert not compiled_patterns._added


def test_without_a_store_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert compiled_patterns._path is None  # a library user's process names none
    compiled_patterns.compile(r"never\s+stored")
    compiled_patterns.save()
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_store_costs_only_time(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would go")
    compiled_patterns.use_store(str(blocked / "schema-lint"))
    pattern = compiled_patterns.compile(r"x(y)+")
    compiled_patterns.save()
    assert pattern.fullmatch("xyy") and blocked.read_text().startswith("a file")


def _check(cwd, cache_home) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    return subprocess.run([sys.executable, "-m", "schema_lint", "check", "--no-cache", "tool.json"], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=120)


def test_the_first_run_stores_every_pattern_and_the_next_compiles_none(tmp_path):
    (tmp_path / "tool.json").write_text('{"name": "send_mail", "description": "Sends an email. The subject must be'
                                        ' at most 80 characters.", "parameters": {"type": "object", "properties":'
                                        ' {"subject": {"type": "string"}}}}')
    cache_home = tmp_path / "home-cache"
    first = _check(tmp_path, cache_home)
    path = _store_file(cache_home / "schema-lint")
    written = os.stat(path)
    _, entries = marshal.loads(open(path, "rb").read())
    second = _check(tmp_path, cache_home)
    assert (second.stdout, second.returncode) == (first.stdout, first.returncode) and "SL" in first.stdout
    assert os.stat(path).st_mtime_ns == written.st_mtime_ns  # nothing new to keep: not written again
    # More than the one file's prose reached: every pattern the loaded modules define.
    assert len(entries) > 150


def test_an_unwritable_store_compiles_no_more_than_the_run_needed(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    compiled_patterns.use_store(str(blocked / "schema-lint"))
    compiled = []
    compiled_patterns.compile(r"a+b")
    compiled_patterns._added = True
    compiled_patterns.save(before_writing=lambda: compiled.append("all the rest"))
    assert compiled == []


def test_each_interpreter_build_keeps_a_store_of_its_own(tmp_path, monkeypatch):
    """Two builds of one Python version used in turn (a venv of each) must not rewrite each
    other's store on every run: each has a file of its own."""
    names = set()
    for build in ("cpython 3.11.7 (main, May 9 2026) [GCC 12.2.0]", "cpython 3.11.9 (main, Apr 2 2024) [Clang 15]"):
        monkeypatch.setattr(compiled_patterns, "BUILD", build)
        compiled_patterns.use_store(str(tmp_path))
        compiled_patterns.compile(r"per\s+build")
        compiled_patterns.save()
        names.add(_store_file_named(tmp_path, build))
    assert len(names) == 2 and len(list(tmp_path.iterdir())) == 2
    compiled_patterns.use_store(str(tmp_path))  # the last build again: its own file, intact
    assert (r"per\s+build", 0) in compiled_patterns._stored


def _store_file_named(folder, build: str) -> str:
    for path in folder.iterdir():
        if marshal.loads(path.read_bytes())[0] == build:
            return path.name
    raise AssertionError(f"no store of {build}")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX: FIFOs and links as a user makes them")
@pytest.mark.parametrize("kind", ["fifo", "link"])
def test_a_store_that_is_no_regular_file_is_not_read(tmp_path, kind):
    """A FIFO would block the run on opening it; a link could lead to a store another user wrote."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    compiled_patterns.use_store(str(elsewhere))
    compiled_patterns.compile(r"linked\s+store")
    compiled_patterns.save()
    folder = tmp_path / "store"
    folder.mkdir()
    target = folder / os.path.basename(_store_file(elsewhere))
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(_store_file(elsewhere))
    compiled_patterns.use_store(str(folder))
    assert compiled_patterns._stored == {}
    assert compiled_patterns.compile(r"linked\s+store").fullmatch("linked  store")


_PATTERN_PIECES = st.sampled_from([
    "a", "b", "é", ".", r"\d", r"\w+", r"\s*", r"\b", "[a-c]", "[^x]", "(?i)", "(?P<n>a|b)", "(?:ab)?", "(?=a)",
    "(?<!b)", "x{2,3}", "^", "$", "|", "(", ")", "*", "+?", r"\(", "[", "]", r"\1", "(?s)", "(?m)", "(?x) ",
])


@pytest.mark.filterwarnings("ignore::FutureWarning", "ignore::DeprecationWarning")  # re's own, on odd patterns
@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(_PATTERN_PIECES, max_size=8), flags=st.sampled_from([0, re.I, re.M | re.S, re.X, re.A]),
       text=st.text(alphabet="abcxé\n 12_()", max_size=30))
def test_any_pattern_from_the_store_matches_as_re_compiles_it(tmp_path_factory, pieces, flags, text):
    """The law behind the store, on patterns none of the rules define: whatever `re.compile`
    accepts comes back from the store as the same pattern, and what it refuses raises alike."""
    source = "".join(pieces)
    try:
        expected = re.compile(source, flags)
    except re.error:
        with pytest.raises(re.error):
            compiled_patterns.compile(source, flags)
        return
    stored = _through_the_store(tmp_path_factory.mktemp("store"), source, flags)
    assert (source, int(flags)) in compiled_patterns._stored and not compiled_patterns._added
    assert (stored.flags, stored.groups, stored.groupindex) == (expected.flags, expected.groups, expected.groupindex)
    assert [(m.span(), m.groups()) for m in stored.finditer(text)] == [
        (m.span(), m.groups()) for m in expected.finditer(text)]
