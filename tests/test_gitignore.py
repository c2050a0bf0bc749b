"""`.gitignore` lines match as git matches them, in linear time.

The walk asks, for each folder and file it meets below folders it entered, whether the
lines ignore it; a path is ignored if it or a folder above it is. That is what is compared
here: with git itself (`git check-ignore`, which applies the same rule), and with pathspec,
which matched the lines before (with a backtracking regular expression engine).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time

import pathspec
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from schema_lint.sources.gitignore import GitIgnore

GIT = shutil.which("git")
NAMES = ["a", "b", "ab", "ba", "aab", "a-b", "#a", "!a", "a ", "[a]", "a*", "x"]


def ignored(lines: list[str], path: str, is_dir: bool) -> bool:
    """As the walk decides: the path or a folder it lies in is ignored."""
    patterns = GitIgnore("\n".join(lines))
    parts = path.split("/")
    return (any(patterns.verdict("/".join(parts[:end]), True) for end in range(1, len(parts)))
            or patterns.verdict(path, is_dir) is True)


def _git_departs_from_its_documentation(line: str) -> bool:
    """git compares what comes before the first wildcard on its own, so a `**` right after
    it is taken as one at the start of the line: `b**/x` matches `bx`."""
    body = line.lstrip("!").rstrip("/")
    first = next((index for index, char in enumerate(body) if char in "*?[\\"), None)
    return ("/" in body and first is not None and first > 0 and body.startswith("**", first)
            and body[first - 1] != "/")


LINES = st.lists(st.text(alphabet="ab*?/![]\\ #-^:", min_size=1, max_size=7), min_size=1, max_size=3).filter(
    lambda lines: not any(map(_git_departs_from_its_documentation, lines)))
TREES = st.lists(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3).map("/".join), min_size=1, max_size=8)


@pytest.fixture(scope="module")
def repository(tmp_path_factory):
    if GIT is None:
        pytest.skip("needs git")
    root = tmp_path_factory.mktemp("repository")
    subprocess.run([GIT, "init", "-q", str(root)], check=True)
    return root


def _lay_out(root, paths: list[str]) -> list[tuple[str, bool]]:
    """The tree of `paths` (a path also named as a folder above another is a folder), and
    each of its paths with whether it is a folder."""
    for entry in os.listdir(root):
        if entry != ".git":
            shutil.rmtree(root / entry) if (root / entry).is_dir() else (root / entry).unlink()
    folders = {path.rsplit("/", end)[0] for path in paths for end in range(1, path.count("/") + 1)}
    for path in sorted(set(paths) | folders, key=len):
        (root / path).mkdir() if path in folders else (root / path).touch()
    return [(path, path in folders) for path in sorted(set(paths) | folders)]


@settings(max_examples=150)
@given(lines=LINES, paths=TREES)
def test_lines_ignore_what_git_ignores(repository, lines, paths):
    tree = _lay_out(repository, paths)
    (repository / ".gitignore").write_text("\n".join(lines) + "\n")
    asked = subprocess.run([GIT, "-C", str(repository), "check-ignore", "--no-index", "-z", "-v", "-n", "--stdin"],
                           input="\0".join(path for path, _ in tree) + "\0", capture_output=True, text=True)
    fields = asked.stdout.split("\0")
    by_git = {fields[index + 3]: bool(fields[index]) and not fields[index + 2].startswith("!")
              for index in range(0, len(fields) - 1, 4)}
    assert {path: ignored(lines, path, is_dir) for path, is_dir in tree} == {path: by_git[path] for path, _ in tree}


BENIGN_LINES = st.lists(st.tuples(
    st.sampled_from(["", "/"]),
    st.lists(st.sampled_from(["a", "b", "ab", "*", "a*", "*b", "a*b", "?", "a?", "**"]), min_size=1,
             max_size=3).map("/".join),
    st.sampled_from(["", "/"])).map("".join), min_size=1, max_size=4)


@settings(max_examples=1000)
@given(lines=BENIGN_LINES,
       path=st.lists(st.sampled_from(["a", "b", "ab", "ba", "aab"]), min_size=1, max_size=4).map("/".join),
       is_dir=st.booleans())
def test_benign_lines_ignore_what_pathspec_ignored(lines, path, is_dir):
    """Without `!` (where pathspec let `!b` re-include a folder `b/a` that `a` ignores) and but
    for a folder `a` matched against `a/**` (pathspec ignored it, git ignores what it holds)."""
    assume(not is_dir or not any(line.rstrip("/").endswith("/**") for line in lines))
    spec = pathspec.GitIgnoreSpec.from_lines(lines)
    parts = path.split("/")
    by_pathspec = any(spec.match_file("/".join(parts[:end]) + "/") for end in range(1, len(parts))) or \
        spec.match_file(path + ("/" if is_dir else ""))
    assert ignored(lines, path, is_dir) == by_pathspec


@pytest.mark.parametrize(("lines", "path", "is_dir", "expected"), [
    (["*.json"], "a/b.json", False, True),
    (["build/"], "x/build", True, True),
    (["build/"], "x/build", False, False),
    (["/build"], "x/build", True, False),
    (["a/**/b"], "a/b", False, True),
    (["a/**/b"], "a/x/y/b", False, True),
    (["**/foo"], "x/y/foo", False, True),
    (["a/**", "!a/keep.json"], "a/keep.json", False, False),
    (["a/", "!a/keep.json"], "a/keep.json", False, True),  # nothing below an ignored folder comes back
    (["a?b"], "a/b", False, False),
    (["a[!x]b"], "a/b", False, False),
    (["[[:digit:]]*"], "7up", False, True),
    (["\\#x", "\\!y"], "#x", False, True),
    (["foo\\ ", "bar  "], "foo ", False, True),
    (["foo\\ ", "bar  "], "bar", False, True),
    (["x\r", ""], "x", False, True),  # CRLF
    (["a[b"], "a[b", False, False),  # an unclosed `[`: nothing matches
])
def test_lines_match_as_git_documents(lines, path, is_dir, expected):
    assert ignored(lines, path, is_dir) is expected


def test_a_byte_order_mark_is_not_part_of_the_first_line(tmp_path, monkeypatch):
    from schema_lint.sources.files import expand_paths

    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_bytes("\ufeffsecret.json\n".encode())
    (tmp_path / "secret.json").write_text("{}")
    monkeypatch.chdir(tmp_path)
    assert list(expand_paths(["."], ["*.json"], [], [])) == []


@pytest.mark.parametrize("named", [".", "sub", "outer"])
def test_the_repository_s_info_exclude_ignores_as_a_gitignore_at_its_root(tmp_path, monkeypatch, named):
    """git (and ruff's walk) read `.git/info/exclude` beside the `.gitignore` files: a file a
    user keeps out of the repository there was linted, from the repository, from a folder in
    it, and from a folder above it."""
    from schema_lint.sources.files import expand_paths

    repository = tmp_path / "outer" / "repo"
    (repository / ".git" / "info").mkdir(parents=True)
    (repository / ".git" / "info" / "exclude").write_text("# local\nscratch*.json\n")
    (repository / "sub").mkdir()
    for name in ("kept.json", "scratch.json", "sub/scratch2.json", "sub/kept.json"):
        (repository / name).write_text("{}")
    monkeypatch.chdir(repository if named != "outer" else tmp_path)
    walked = sorted(os.path.basename(path) for path in expand_paths([named], ["*.json"], [], []))
    assert walked == (["kept.json"] if named == "sub" else ["kept.json", "kept.json"])
    # Named on the command line, an excluded file is linted, as an ignored one is.
    monkeypatch.chdir(repository)
    assert list(expand_paths(["scratch.json"], ["*.json"], [], [])) == ["scratch.json"]


@pytest.mark.hostile
def test_twenty_stars_against_a_long_name_take_no_time():
    """pathspec's regular expression took 7 s for 28 characters, 16 times longer for each
    four more: this line and name would have run for days."""
    patterns = GitIgnore("*a" * 20 + "*b\n" + "a/" + "**/a/" * 20 + "b\n")
    started = time.thread_time()
    assert patterns.verdict("a" * 4000, False) is None
    assert patterns.verdict("/".join(["a"] * 1000), False) is None
    assert time.thread_time() - started < 0.5
