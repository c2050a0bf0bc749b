"""`--python` imports its target in a child process: a module that ends, kills or hangs its
process, or writes to fd 1, costs one SL000 finding naming it (exit 2), never the run, its
exit code or its report on stdout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from conftest import FIXTURES
from livekit import run

PYTHON = FIXTURES / "python"


@pytest.mark.parametrize(("target", "said"), [
    ("hard_exit:x", "the process importing it exited with status 0 before sending its tools (does the module call "
                    "os._exit()?)"),
    ("crashes_on_import:x", "the process importing it was killed by SIGSEGV before sending its tools"),
    ("interrupted_on_import:x", "cannot import `interrupted_on_import`: KeyboardInterrupt"),
    ("hangs_on_import:x", "importing it did not finish within 1.5 s (--python-timeout)"),
])
def test_a_child_that_dies_hangs_or_is_interrupted_is_an_sl000_and_the_others_are_linted(monkeypatch, target, said):
    monkeypatch.chdir(PYTHON)
    result = run("check", "--output-format", "concise", "--select", "SL201", "--python-timeout", "1.5",
                 "--python", target, "--python", "ticket_models:CreateTicket")
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert f"python:{target}: SL000 [error] Python object `{target}`: {said}" in lines[0] + lines[1]
    assert any(line.startswith("python:ticket_models:CreateTicket/CreateTicket#/inputSchema") for line in lines)


def test_what_a_module_writes_to_fd_1_goes_to_stderr_and_the_json_report_stays_whole():
    # A real process: fd 1 is the report's stdout only there (the in-process runner has no fd of its own);
    # buffered, as Python's stdout on a pipe is by default, so that the unended line waits in the buffer.
    buffered = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    done = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--output-format", "json", "--select", "SL201",
                           "--python", "writes_fd1:TOOLS"], cwd=PYTHON, env=buffered, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1
    assert [(f["code"], f["tool"]) for f in json.loads(done.stdout)] == [("SL201", "CreateTicket")]
    assert "junk on fd 1" in done.stderr and "printed, not flushed" in done.stderr


def test_a_hard_exit_fails_the_run_even_alone():
    done = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--python", "hard_exit:x"],
                          cwd=PYTHON, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "python:hard_exit:x: SL000" in done.stdout


@pytest.mark.hostile
def test_only_the_end_of_what_a_module_prints_is_passed_on(monkeypatch):
    monkeypatch.chdir(PYTHON)
    result = run("check", "--output-format", "concise", "--select", "SL201", "--python", "prints_a_lot:TOOLS")
    assert result.exit_code == 1
    assert result.stderr.endswith("x\nthe last line\n")
    assert len(result.stderr) < 100_000  # of 64 MiB printed
    assert result.stderr.startswith("schema-lint: importing `prints_a_lot:TOOLS` printed 67,108,942 bytes; "
                                    "the last 65,536 follow\n")


@pytest.mark.hostile
def test_an_answer_over_the_size_limit_is_sl000(tmp_path, monkeypatch):
    (tmp_path / ".schema-lint.toml").write_text("max-file-size = 1048576\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", str(PYTHON))
    result = run("check", "--output-format", "concise", "--python", "huge_schema:Lookup")
    assert result.exit_code == 2
    assert ("python:huge_schema:Lookup: SL000 [error] Python object `huge_schema:Lookup`: the process importing it "
            "sent an answer larger than the 1 MiB limit (setting `max-file-size`)") in result.output


@pytest.mark.hostile
def test_an_answer_that_never_ends_stops_the_child_at_the_size_limit(tmp_path, monkeypatch):
    (tmp_path / ".schema-lint.toml").write_text("max-file-size = 1048576\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", str(PYTHON))
    started = time.monotonic()
    result = run("check", "--output-format", "concise", "--python-timeout", "30", "--python", "floods_the_answer:x")
    assert result.exit_code == 2
    assert "sent an answer larger than the 1 MiB limit (setting `max-file-size`)" in result.output
    assert time.monotonic() - started < 5  # not the 30 s of --python-timeout


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to tell a killed process")
def test_a_process_started_on_import_is_not_waited_for_and_is_stopped(monkeypatch):
    """It holds the child's stderr open: the tools are read as soon as the child exits,
    not after the whole --python-timeout, and the process goes with the child's session."""
    monkeypatch.chdir(PYTHON)
    started = time.monotonic()
    result = run("check", "--output-format", "concise", "--select", "SL401", "--python-timeout", "30",
                 "--python", "starts_a_helper:SearchArgs")
    assert time.monotonic() - started < 10, result.output  # not the 30 s of --python-timeout
    assert result.exit_code == 0 and "SL000" not in result.output
    assert not _running(int(result.stderr.split()[0]))


def _running(pid: int) -> bool:
    """Whether `pid` still runs: gone, or killed and left unreaped (a zombie, when nothing
    reaps orphans), is not running."""
    time.sleep(0.2)
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
