"""Only regular files are read, within the size limit, and nothing unreadable passes.

A FIFO named on the command line is an `SL000` finding and one found in a directory
is skipped (reading either would block until something writes to it); a device or
stdin that never ends is refused at `max-file-size`; a file or folder that cannot be
read is an `SL000` finding at its path, exit 2, with the rest still linted. Deep YAML
flow collections are refused as fast as deep JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.sources import reading
from schema_lint.sources.documents import read_document
from schema_lint.sources.reading import _read_up_to

from cputime import timed

pytestmark = [pytest.mark.hostile,
              pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")]

GOOD = {"name": "create_note", "description": "Make a note.", "inputSchema": {
    "type": "object", "properties": {"body": {"type": "string", "maxLength": 9, "description": "Body."}},
    "required": ["body"]}}
GOOD_FINDING = "good.json:4:18: SL201 "


def _without_permission_override() -> None:
    """Run as a root that obeys permission bits: drop CAP_DAC_OVERRIDE and
    CAP_DAC_READ_SEARCH from the bounding set, so the command gets neither."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "cannot drop a capability")


def _schema_lint(*args: str, cwd: Path, stdin=None, timeout: float = 30, obey_permissions: bool = False):
    root = obey_permissions and os.geteuid() == 0
    return subprocess.run([sys.executable, "-m", "schema_lint", *args], cwd=cwd, stdin=stdin, capture_output=True,
                          text=True, timeout=timeout, preexec_fn=_without_permission_override if root else None)


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "good.json").write_text(json.dumps(GOOD, indent=2), encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.json")
    return tmp_path


def test_a_named_fifo_is_a_finding_and_the_rest_is_linted(folder):
    run = _schema_lint("check", "--output-format", "concise", "pipe.json", "good.json", cwd=folder)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "pipe.json:1:1: SL000 [error] not a regular file (a FIFO): only regular files are read" in run.stdout
    assert GOOD_FINDING in run.stdout


def test_a_fifo_found_in_a_walk_is_skipped(folder):
    run = _schema_lint("check", "--output-format", "concise", ".", cwd=folder)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "pipe.json" not in run.stdout and GOOD_FINDING in run.stdout


def test_fuzz_refuses_a_named_fifo_too(folder):
    pytest.importorskip("hypothesis_jsonschema")
    run = _schema_lint("fuzz", "--examples", "1", "pipe.json", "good.json", cwd=folder, timeout=120)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "pipe.json:1:1: not a regular file (a FIFO)" in run.stderr
    assert "create_note" in run.stdout


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_an_endless_device_or_stdin_is_refused_at_the_size_limit(folder):
    (folder / ".schema-lint.toml").write_text("max-file-size = 1048576\n", encoding="utf-8")
    named = _schema_lint("check", "--output-format", "concise", "/dev/zero", "good.json", cwd=folder)
    assert "/dev/zero:1:1: SL000 [error] not a regular file (a character device)" in named.stdout
    assert GOOD_FINDING in named.stdout and named.returncode == 2
    with open("/dev/zero", "rb") as zeros:
        piped = _schema_lint("check", "--output-format", "concise", "-", cwd=folder, stdin=zeros)
    assert piped.returncode == 2
    assert "-:1:1: SL000 [error] input is larger than the 1 MiB limit (setting `max-file-size`)" in piped.stdout


def test_a_file_that_grows_past_the_limit_is_refused_while_read(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b" " * 5000 + b"]")
    document = read_document(str(big), max_bytes=1000)
    assert [e.message for e in document.errors] == ["file is 5,002 bytes, over the 1,000 bytes limit "
                                                    "(setting `max-file-size`)"]


@pytest.mark.parametrize("text", [b"a: " + b"[" * 200_000 + b"]" * 200_000 + b"\n", b"[" * 200_000,
                                  b"a: [{b: " * 25_000])
def test_deep_yaml_flow_collections_are_refused_fast(text):
    document, elapsed = timed(lambda: read_document("deep.yaml", raw=text))
    assert [e.message for e in document.errors] == ["nesting deeper than 256 levels"]
    assert elapsed < 0.5, f"{elapsed:.2f} s"  # it took 2-5 s


@pytest.fixture
def unreadable(tmp_path):
    """A good file, an unreadable file and an unreadable folder. Root ignores permission
    bits, so as root the command runs without the capabilities that let it."""
    if sys.platform == "win32":
        pytest.skip("POSIX permissions")
    (tmp_path / "good.json").write_text(json.dumps(GOOD, indent=2), encoding="utf-8")
    (tmp_path / "locked.json").write_text(json.dumps(GOOD), encoding="utf-8")
    (tmp_path / "closed").mkdir()
    (tmp_path / "closed" / "inside.json").write_text(json.dumps(GOOD), encoding="utf-8")
    os.chmod(tmp_path / "locked.json", 0)
    os.chmod(tmp_path / "closed", 0)
    probe = subprocess.run([sys.executable, "-c", "open('locked.json')"], cwd=tmp_path, capture_output=True,
                           preexec_fn=_without_permission_override if os.geteuid() == 0 else None)
    try:
        if probe.returncode == 0:
            pytest.skip("permission bits are not enforced here")
        yield tmp_path
    finally:
        os.chmod(tmp_path / "closed", 0o755)


def test_an_unreadable_folder_in_the_tree_is_a_finding(unreadable):
    run = _schema_lint("check", "--output-format", "concise", ".", cwd=unreadable, obey_permissions=True)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "closed:1:1: SL000 [error] cannot read directory: Permission denied" in run.stdout
    assert "locked.json:1:1: SL000 [error] cannot read file: Permission denied" in run.stdout
    assert GOOD_FINDING in run.stdout


def test_an_unreadable_file_named_on_the_command_line_is_a_finding(unreadable):
    run = _schema_lint("check", "--output-format", "concise", "locked.json", "good.json", cwd=unreadable,
                       obey_permissions=True)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "locked.json:1:1: SL000 [error] cannot read file: Permission denied" in run.stdout
    assert GOOD_FINDING in run.stdout and "Traceback" not in run.stderr


def test_an_unreadable_gitignore_is_a_finding_at_its_folder(unreadable):
    (unreadable / ".git").mkdir()
    (unreadable / "sub").mkdir()
    (unreadable / "sub" / ".gitignore").write_text("*.json\n", encoding="utf-8")
    os.chmod(unreadable / "sub" / ".gitignore", 0)
    run = _schema_lint("check", "--output-format", "concise", "sub", "good.json", cwd=unreadable,
                       obey_permissions=True)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "sub:1:1: SL000 [error] not walked: `sub/.gitignore`: cannot read file: Permission denied" in run.stdout
    assert GOOD_FINDING in run.stdout and "Traceback" not in run.stderr


@settings(max_examples=60, deadline=None)
@given(content=st.binary(max_size=300), claimed=st.integers(0, 400), limit=st.integers(0, 300),
       chunk=st.integers(1, 64))
def test_a_read_takes_what_the_file_holds_up_to_one_byte_past_the_limit(tmp_path_factory, content, claimed,
                                                                          limit, chunk):
    """Whatever size the file claimed when opened (it may have grown or shrunk since), and
    however short each read comes back, the bytes are the file's own, cut one past the limit."""
    path = tmp_path_factory.mktemp("read") / "file.json"
    path.write_bytes(content)
    read = os.read
    descriptor = os.open(path, os.O_RDONLY)
    try:
        with mock.patch.object(os, "read", lambda fd, size: read(fd, min(size, chunk))):
            got = _read_up_to(descriptor, claimed, limit)
    finally:
        os.close(descriptor)
    assert got == content[:limit + 1]


def test_a_read_past_the_claimed_size_asks_for_a_chunk_not_the_whole_limit(tmp_path):
    """`os.read` allocates what it is asked for: a file that ends where it said must not cost
    a 32 MiB allocation to learn so, and a file that grew is still read whole, chunk by chunk."""
    grown = b"x" * (3 * reading._GROWTH_CHUNK + 5)
    path = tmp_path / "file.json"
    path.write_bytes(grown)
    asked = []
    read = os.read
    descriptor = os.open(path, os.O_RDONLY)
    try:
        with mock.patch.object(os, "read", lambda fd, size: asked.append(size) or read(fd, size)):
            got = _read_up_to(descriptor, 10, reading.DEFAULT_MAX_BYTES)
    finally:
        os.close(descriptor)
    assert got == grown
    assert max(asked) <= reading._GROWTH_CHUNK
