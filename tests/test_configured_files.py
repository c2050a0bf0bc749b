"""Configuration files, and the files a configuration names, are read safely: a bad one is
an error that names it (exit 2), never a traceback, a wait or a read without end.

Each run is a child process with a time-out and a memory cap, so a regression that reads
`/dev/zero` or waits on a FIFO fails instead of exhausting memory or hanging.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.hostile,
              pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"),
                                 reason="no FIFOs or devices on this platform")]

GOOD = {"name": "create_note", "description": "Make a note.", "inputSchema": {
    "type": "object", "properties": {"body": {"type": "string", "maxLength": 9, "description": "Body."}},
    "required": ["body"]}}
GOOD_FINDING = "good.json:4:18: SL201 "


def _memory_cap() -> None:
    import resource  # POSIX only, as the FIFOs these tests make

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def _schema_lint(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "schema_lint", "check", "--output-format", "concise", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=20, preexec_fn=_memory_cap)


@pytest.fixture
def repo(tmp_path):
    """A repository holding a tool and a FIFO."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "good.json").write_text(json.dumps(GOOD, indent=2), encoding="utf-8")
    os.mkfifo(tmp_path / "fifo")
    return tmp_path


def test_a_broken_nested_pyproject_is_an_error_not_a_traceback(repo):
    (repo / "sub").mkdir()
    (repo / "sub" / "good.json").write_text(json.dumps(GOOD, indent=2), encoding="utf-8")
    (repo / "sub" / "pyproject.toml").write_text('[tool.schema-lint]\nselect = ["SL2"\n', encoding="utf-8")
    for show in ([], ["--show-settings"]):
        run = _schema_lint(*show, ".", cwd=repo)
        assert run.returncode == 2 and f"schema-lint: error: {repo}/sub/pyproject.toml" in run.stderr, run.stderr
        assert "Traceback" not in run.stderr
