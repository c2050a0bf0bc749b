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
from unittest import mock

import pytest

from schema_lint.config import ConfigError, load_config
from schema_lint.sources import documents

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


@pytest.mark.parametrize("name, special", [(".schema-lint.toml", "fifo"), ("pyproject.toml", "/dev/zero")])
def test_a_nested_configuration_that_is_a_fifo_or_a_device_is_an_error(repo, name, special):
    (repo / "sub").mkdir()
    (repo / "sub" / "good.json").write_text(json.dumps(GOOD, indent=2), encoding="utf-8")
    if special == "fifo":
        os.mkfifo(repo / "sub" / name)
    else:
        (repo / "sub" / name).symlink_to(special)
    run = _schema_lint(".", cwd=repo)
    assert run.returncode == 2, run.stdout + run.stderr
    assert f"schema-lint: error: {repo}/sub/{name}: not a regular file" in run.stderr


@pytest.mark.parametrize("config", ["fifo", "/dev/zero"])
def test_a_configuration_given_with_config_that_is_a_fifo_or_a_device_is_an_error(repo, config):
    run = _schema_lint("--config", config, "good.json", cwd=repo)
    assert run.returncode == 2, run.stdout + run.stderr
    assert f"schema-lint: error: {config}: not a regular file" in run.stderr


@pytest.mark.timeout(10)
def test_a_configuration_swapped_for_a_fifo_after_its_check_is_refused_not_waited_on(repo):
    """The file is checked again once opened (without blocking): what `stat` saw before is not trusted."""
    regular = os.stat(repo / "good.json")
    with mock.patch.object(documents.os, "stat", lambda path: regular):
        with pytest.raises(ConfigError, match="not a regular file \\(a FIFO\\)"):
            load_config(repo / "fifo")


def test_a_broken_nested_pyproject_is_an_error_not_a_traceback(repo):
    (repo / "sub").mkdir()
    (repo / "sub" / "good.json").write_text(json.dumps(GOOD, indent=2), encoding="utf-8")
    (repo / "sub" / "pyproject.toml").write_text('[tool.schema-lint]\nselect = ["SL2"\n', encoding="utf-8")
    for show in ([], ["--show-settings"]):
        run = _schema_lint(*show, ".", cwd=repo)
        assert run.returncode == 2 and f"schema-lint: error: {repo}/sub/pyproject.toml" in run.stderr, run.stderr
        assert "Traceback" not in run.stderr


def test_a_baseline_named_on_the_command_line_is_read_up_to_the_size_limit(repo):
    (repo / ".schema-lint.toml").write_text("max-file-size = 1024\n", encoding="utf-8")
    run = _schema_lint("--baseline", "/dev/zero", "good.json", cwd=repo)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "schema-lint: error: /dev/zero: larger than the 1,024-byte limit (setting `max-file-size`)" in run.stderr


def test_a_baseline_nested_too_deeply_is_an_error_not_a_traceback(repo):
    (repo / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    run = _schema_lint("--baseline", "deep.json", "good.json", cwd=repo)
    assert run.returncode == 2 and "deep.json: not a schema-lint baseline" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
