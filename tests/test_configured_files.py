"""Configuration files, and the files a configuration names, are read safely: a bad one is
an error that names it (exit 2), never a traceback, a wait or a read without end.

`baseline` and `calls` in a configuration are read only from inside the configuration's
repository and only as regular files within `max-file-size`. A configured baseline that
is refused is an `SL000` finding at its key, with every other finding still reported;
refused calls stop the run before anything is linted or fixed.

Each run is a child process with a time-out and a memory cap, so a regression that reads
`/dev/zero` or waits on a FIFO fails instead of exhausting memory or hanging.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest

from schema_lint.config import ConfigError, key_position, load_config
from schema_lint.sources import documents

pytestmark = [pytest.mark.hostile,
              pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"),
                                 reason="no FIFOs or devices on this platform")]

GOOD = {"name": "create_note", "description": "Make a note.", "inputSchema": {
    "type": "object", "properties": {"body": {"type": "string", "maxLength": 9, "description": "Body."}},
    "required": ["body"]}}
GOOD_FINDING = "good.json:4:18: SL201 "
EMPTY_BASELINE = json.dumps({"version": 1, "findings": []})
CALL = json.dumps({"tool": "create_note", "arguments": {"body": "hi"}}) + "\n"
LIMIT = 1024
# The key stands on line 3, after a comment and the size limit.
CONFIG = f"# the project's settings\nmax-file-size = {LIMIT}\n{{key}} = {{value}}\n"


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


def _configure(folder: Path, key: str, path: str) -> None:
    value = json.dumps(path) if key == "baseline" else json.dumps([path])
    (folder / ".schema-lint.toml").write_text(CONFIG.format(key=key, value=value), encoding="utf-8")


def _make(repo: Path, named: str) -> str:
    """What `named` stands for, made in the repository: a folder, a file over the size limit,
    a device node like /dev/zero (which the repository check lets through)."""
    if named == "folder":
        (repo / named).mkdir()
    elif named == "big":
        (repo / named).write_text(EMPTY_BASELINE + " " * LIMIT, encoding="utf-8")
    elif named == "zero":
        try:
            os.mknod(repo / named, stat.S_IFCHR | 0o600, os.makedev(1, 5))
        except (OSError, AttributeError):
            pytest.skip("cannot make a device node here")
    return named


# What a configuration names → what its refusal says.
REFUSED = {
    "/dev/zero": "/dev/zero is outside the repository",
    "/dev/urandom": "/dev/urandom is outside the repository",
    "zero": "zero: not a regular file (a character device): only regular files are read",
    "fifo": "fifo: not a regular file (a FIFO): only regular files are read",
    "folder": "folder: is a directory",
    "big": f"big: file is {len(EMPTY_BASELINE) + LIMIT:,} bytes, over the 1,024 bytes limit "
           "(setting `max-file-size`)",
}


@pytest.mark.parametrize("named", REFUSED)
def test_a_configured_baseline_that_is_refused_is_an_sl000_at_its_key_and_the_rest_is_reported(repo, named):
    _configure(repo, "baseline", _make(repo, named))
    run = _schema_lint("good.json", cwd=repo)
    assert run.returncode == 2, run.stdout + run.stderr
    assert ".schema-lint.toml:3:1: SL000 [error] `baseline`: " in run.stdout
    assert REFUSED[named] in run.stdout.replace(f"{repo}/", "")
    assert GOOD_FINDING in run.stdout and "Traceback" not in run.stderr


@pytest.mark.parametrize("named", REFUSED)
def test_configured_calls_that_are_refused_stop_the_run_at_their_key(repo, named):
    _configure(repo, "calls", _make(repo, named))
    run = _schema_lint("good.json", cwd=repo)
    assert run.returncode == 2, run.stdout + run.stderr
    assert f"schema-lint: error: {repo}/.schema-lint.toml:3:1: `calls`: " in run.stderr
    assert REFUSED[named] in run.stderr.replace(f"{repo}/", "")
    assert run.stdout == "" and "Traceback" not in run.stderr


@pytest.fixture
def outside(tmp_path):
    """A repository (`repo`) and, beside it, a baseline and calls of another folder."""
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "baseline.json").write_text(EMPTY_BASELINE, encoding="utf-8")
    (tmp_path / "elsewhere" / "calls.jsonl").write_text(CALL, encoding="utf-8")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "good.json").write_text(json.dumps(GOOD, indent=2), encoding="utf-8")
    (repo / "link").symlink_to(tmp_path / "elsewhere")
    return repo


@pytest.mark.parametrize("key, name", [("baseline", "baseline.json"), ("calls", "calls.jsonl")])
@pytest.mark.parametrize("how", ["absolute", "parent", "link"])
def test_a_configured_path_outside_the_repository_is_refused_but_not_on_the_command_line(outside, key, name, how):
    path = {"absolute": str(outside.parent / "elsewhere" / name), "parent": f"../elsewhere/{name}",
            "link": f"link/{name}"}[how]
    _configure(outside, key, path)
    configured = _schema_lint("good.json", cwd=outside)
    assert configured.returncode == 2, configured.stdout + configured.stderr
    assert f"`{key}`: " in configured.stdout + configured.stderr
    assert f"is outside the repository {outside}" in configured.stdout + configured.stderr
    (outside / ".schema-lint.toml").unlink()
    named = _schema_lint(f"--{key}", path, "good.json", cwd=outside)
    assert named.returncode == 1 and GOOD_FINDING in named.stdout, named.stdout + named.stderr
    assert "outside" not in named.stderr


def test_a_configured_path_above_the_configuration_is_read_within_its_repository_only(outside):
    """In a repository, its whole tree; outside one, the configuration's own folder."""
    (outside / "baseline.json").write_text(EMPTY_BASELINE, encoding="utf-8")
    (outside / "sub").mkdir()
    (outside / "sub" / "good.json").write_text(json.dumps(GOOD, indent=2), encoding="utf-8")
    _configure(outside / "sub", "baseline", "../baseline.json")
    inside = _schema_lint("good.json", cwd=outside / "sub")
    assert inside.returncode == 1 and "0 findings in the baseline not reported" in inside.stderr, inside.stderr
    (outside / ".git").rmdir()
    alone = _schema_lint("good.json", cwd=outside / "sub")
    assert alone.returncode == 2, alone.stdout + alone.stderr
    assert f"`baseline`: {outside}/baseline.json is outside the repository {outside}/sub" in alone.stdout


def test_a_baseline_named_on_the_command_line_is_read_up_to_the_size_limit(repo):
    (repo / ".schema-lint.toml").write_text(f"max-file-size = {LIMIT}\n", encoding="utf-8")
    run = _schema_lint("--baseline", "/dev/zero", "good.json", cwd=repo)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "schema-lint: error: /dev/zero: larger than the 1,024-byte limit (setting `max-file-size`)" in run.stderr


def test_a_baseline_nested_too_deeply_is_an_error_not_a_traceback(repo):
    (repo / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    run = _schema_lint("--baseline", "deep.json", "good.json", cwd=repo)
    assert run.returncode == 2 and "deep.json: not a schema-lint baseline" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("text, where", [
    ('[tool.other]\ncalls = ["no"]\n\n[tool.schema-lint]\nselect = ["SL2"]\n  calls = ["a.jsonl",\n  "b.jsonl"]\n',
     (6, 3)),
    ('# dotted\ntool.schema-lint.calls = ["a.jsonl"]\n', (2, 1)),
    ('[tool]\n"schema-lint".calls = ["a.jsonl"]\n', (2, 1)),
    ('[tool.schema-lint.per-file-ignores]\ncalls = ["SL3"]\n', (1, 1)),  # another table's: no line says it
])
def test_the_position_of_a_key_is_the_line_that_sets_it_in_our_table(tmp_path, text, where):
    path = tmp_path / "pyproject.toml"
    path.write_text(text, encoding="utf-8")
    assert key_position(path, "calls") == where
