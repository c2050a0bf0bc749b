"""`--fix` writes never lose an update, a link, an owner or a mode, nor touch a
read-only file; a write that fails is an SL000 finding and exit 2."""

from __future__ import annotations

import errno
import json
import os
import stat
import threading

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.fixes import files
from schema_lint.fixes.files import StaleFile, write_fixed

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX links, owners and locks")

TOOL = {"name": "get_issue", "description": "Get one.", "inputSchema": {
    "type": "object", "properties": {"kind": {"type": "string", "enum": ["bug"], "description": "Kind."}},
    "required": ["kind"], "additionalProperties": False}}
BEFORE = json.dumps(TOOL, indent=2) + "\n"


def _fixed(text: str) -> bool:
    return '"const": "bug"' in text and '"enum"' not in text


def _fix(cwd, *paths):
    os.chdir(cwd)
    return CliRunner().invoke(main, ["check", "--fix", "--output-format", "concise", "--select", "SL307", *paths])


@pytest.fixture(autouse=True)
def _keep_cwd():
    before = os.getcwd()
    yield
    os.chdir(before)


def test_the_fix_itself(tmp_path):
    (tmp_path / "t.json").write_text(BEFORE)
    result = _fix(tmp_path, "t.json")
    assert result.exit_code == 0, result.output
    assert _fixed((tmp_path / "t.json").read_text()) and not _fixed(BEFORE)


def test_a_symlink_is_written_through_to_its_target(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "t.json").write_text(BEFORE)
    (tmp_path / "link.json").symlink_to("real/t.json")
    assert _fix(tmp_path, "link.json").exit_code == 0
    assert (tmp_path / "link.json").is_symlink()
    assert _fixed((tmp_path / "real" / "t.json").read_text())
    assert not [p for p in (tmp_path / "real").iterdir() if p.name != "t.json"]  # no temporary left


def test_hard_links_all_see_the_fix(tmp_path):
    (tmp_path / "a.json").write_text(BEFORE)
    os.link(tmp_path / "a.json", tmp_path / "b.json")
    assert _fix(tmp_path, "a.json").exit_code == 0
    assert _fixed((tmp_path / "b.json").read_text())
    assert os.stat(tmp_path / "a.json").st_ino == os.stat(tmp_path / "b.json").st_ino


def test_mode_and_owner_are_kept(tmp_path):
    target = tmp_path / "t.json"
    target.write_text(BEFORE)
    os.chmod(target, 0o640)
    owner = (65534, 65534) if os.geteuid() == 0 else (os.geteuid(), os.getegid())
    if os.geteuid() == 0:
        os.chown(target, *owner)
    assert _fix(tmp_path, "t.json").exit_code == 0
    info = os.stat(target)
    assert _fixed(target.read_text())
    assert stat.S_IMODE(info.st_mode) == 0o640 and (info.st_uid, info.st_gid) == owner


def test_a_read_only_file_is_refused_with_a_finding(tmp_path):
    target = tmp_path / "t.json"
    target.write_text(BEFORE)
    os.chmod(target, 0o444)
    result = _fix(tmp_path, "t.json")
    assert result.exit_code == 2, result.output
    assert "t.json:1:1: SL000 [error] fixes not written: the file is read-only" in result.stdout
    assert "SL307" in result.stdout  # the finding stays, unfixed
    assert target.read_text() == BEFORE


def test_a_failed_write_exits_2(tmp_path, monkeypatch):
    (tmp_path / "t.json").write_text(BEFORE)

    def full_disk(*args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.os, "replace", full_disk)
    result = _fix(tmp_path, "t.json")
    assert result.exit_code == 2, result.output
    assert f"t.json:1:1: SL000 [error] fixes not written: {os.strerror(errno.ENOSPC)}" in result.stdout
    assert (tmp_path / "t.json").read_text() == BEFORE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]


def test_of_two_concurrent_writes_the_second_is_reported_not_lost(tmp_path, monkeypatch):
    """Run A checks the file, then pauses before its rename; run B fixes the same file
    meanwhile. B must either wait for A and then see a changed file, or win; never may
    A's rename silently undo B's write."""
    target = tmp_path / "t.json"
    target.write_text("original")
    a_checked, b_finished = threading.Event(), threading.Event()
    real_replace = files.os.replace

    def slow_replace(source, destination):
        if threading.current_thread().name == "A":
            a_checked.set()
            b_finished.wait(1.0)  # B cannot finish while A holds the lock
        real_replace(source, destination)

    monkeypatch.setattr(files.os, "replace", slow_replace)
    outcome = {}

    def run(name, fixed):
        try:
            outcome[name] = write_fixed(str(target), "original", fixed)
        except StaleFile as exc:
            outcome[name] = exc
        if name == "B":
            b_finished.set()

    a = threading.Thread(target=run, args=("A", "fixed by A"), name="A")
    a.start()
    assert a_checked.wait(5)
    b = threading.Thread(target=run, args=("B", "fixed by B"), name="B")
    b.start()
    a.join(10)
    b.join(10)
    assert outcome["A"] is True
    assert isinstance(outcome["B"], StaleFile), outcome
    assert target.read_text() == "fixed by A"


def _linted_in_a_worker(monkeypatch):
    """A run of `parallel.MIN_FILES` files or more forks one worker (on one core too), and
    every file but the first, which this process lints before forking, is linted there."""
    from schema_lint.run import parallel

    parent = os.getpid()
    taken = parallel._taken

    def taken_by_workers_only(chunks, queue):
        return iter(()) if os.getpid() == parent else taken(chunks, queue)

    monkeypatch.setattr(parallel, "worker_count", lambda files: 2 if files >= parallel.MIN_FILES else 1)
    monkeypatch.setattr(parallel, "_taken", taken_by_workers_only)


YAML_TOOL = """name: get_issue
description: Get one.
inputSchema:
  type: object
  properties:
    kind:
      type: string
      enum: [bug]
      description: Kind.
  required: [kind]
"""
JSONL_TOOLS = json.dumps(TOOL) + "\n" + json.dumps({**TOOL, "name": "close_issue"}) + "\n"
# Per kind of file: the text linted, what another writer makes of it, and what a fixed one holds.
KINDS = {
    "json": (BEFORE, BEFORE.replace('"bug"', '"bug",\n          "feature"'), '"const": "bug"'),
    "yaml": (YAML_TOOL, YAML_TOOL.replace("[bug]", "[bug, feature]"), "const: bug"),
    "jsonl": (JSONL_TOOLS, JSONL_TOOLS.replace('["bug"]', '["bug", "feature"]', 1), '"const": "bug"'),
}


@pytest.mark.hostile
@pytest.mark.parametrize("count", [20, 60, 100])
@pytest.mark.parametrize("flag", ["--fix", "--fix-only"])
def test_a_file_changed_between_lint_and_write_is_reported_and_left_as_its_writer_left_it(
        tmp_path, monkeypatch, count, flag):
    """Another writer widens an enum in every other file (JSON, YAML and JSON Lines) after the
    run read the files and before it writes them. The fix the run found (`const` for the
    one-value enum it linted) would undo that change: each of those files must keep the other
    writer's text and be reported, in one process (20 files) as in several (60 and 100)."""
    from schema_lint.run.linter import Linter

    _linted_in_a_worker(monkeypatch)
    names = list(KINDS)
    kinds = {tmp_path / f"t{index:03}.{names[index % 3]}": names[index % 3] for index in range(count)}
    for path, kind in kinds.items():
        path.write_text(KINDS[kind][0])
    edited = list(kinds)[1::2]
    run = Linter.run

    def run_then_another_writer_edits(self, *args, **kwargs):
        result = run(self, *args, **kwargs)
        for path in edited:
            path.write_text(KINDS[kinds[path]][1])
        return result

    monkeypatch.setattr(Linter, "run", run_then_another_writer_edits)
    result = CliRunner().invoke(main, ["check", flag, "--output-format", "concise", "--select", "SL307",
                                       str(tmp_path)])
    lost = [path.name for path in edited if path.read_text() != KINDS[kinds[path]][1]]
    assert not lost, f"{len(lost)} of {len(edited)} updates of another writer lost: {lost}"
    assert result.exit_code == 2, result.output
    for path in edited:
        assert (f"{path}:1:1: SL000 [error] fixes not written: the file changed on disk while it was being linted"
                in result.output), path
    assert all(KINDS[kind][2] in path.read_text() for path, kind in kinds.items() if path not in edited)


@pytest.mark.hostile
def test_a_change_on_disk_is_seen_in_bytes_not_in_decoded_text(tmp_path):
    """Another writer's byte that is not UTF-8 decodes, with replacement, to the U+FFFD the
    linted text held at that place: still a change, and the file keeps it."""
    target = tmp_path / "t.json"
    target.write_bytes(b'{"description": "\xff"}')
    with pytest.raises(StaleFile):
        write_fixed(str(target), '{"description": "\ufffd"}', '{"description": "fixed"}')
    assert target.read_bytes() == b'{"description": "\xff"}'


@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_one_file_under_two_names_in_a_folder_is_fixed_once(tmp_path, link):
    """A walk reads a file and a link to it as two documents with the same fix: the second
    name's write is the first's, already done, not "the file changed on disk (another --fix
    run?)" with exit 2; nothing fixable is left under either name."""
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "v2.json").write_text(BEFORE)
    if link == "symbolic":
        (tmp_path / "tools" / "current.json").symlink_to("v2.json")
    else:
        os.link(tmp_path / "tools" / "v2.json", tmp_path / "tools" / "current.json")
    result = _fix(tmp_path, "tools")
    assert result.exit_code == 0, result.output
    assert "SL000" not in result.output and "fixable" not in result.output
    assert _fixed((tmp_path / "tools" / "v2.json").read_text())


def test_two_names_of_one_file_with_different_fixes_say_so(tmp_path):
    """Settings by file name can give the two names different fixes: the first is written,
    and the second is refused naming the first, not blamed on another run."""
    tool = json.loads(BEFORE)
    tool["inputSchema"]["properties"]["state"] = {"type": "string", "enum": ["a", "b", "a"], "description": "State."}
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "v2.json").write_text(json.dumps(tool, indent=2) + "\n")
    (tmp_path / "tools" / "current.json").symlink_to("v2.json")
    (tmp_path / "pyproject.toml").write_text('[tool.schema-lint]\nselect = ["SL307", "SL011"]\n'
                                             '[tool.schema-lint.per-file-ignores]\n"tools/current.json" = ["SL307"]\n')
    os.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--fix", "--output-format", "concise", "tools"])
    assert result.exit_code == 2
    assert "fixes not written: it is the file tools/current.json names, fixed through that name" in result.output
    assert "another --fix run" not in result.output
