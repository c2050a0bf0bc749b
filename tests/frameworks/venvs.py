"""One virtual environment per framework, installed from the package registry once and
reused between runs: the projects `--python` and `--mcp` are pointed at in these tests.

They live under `$SCHEMA_LINT_FRAMEWORK_VENVS` (default `~/.cache/schema-lint/framework-venvs`),
one folder per framework, each with the requirements it was made from in `requirements.txt`
(made again when they change). One that cannot be made (no registry: offline) skips the
tests that need it, saying why; the pip install takes minutes the first time, seconds after.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Each framework, as a project on it installs it: both lines of the mcp SDK apart.
FRAMEWORKS = {
    "mcp1": ["mcp>=1.30,<2"],
    "mcp2": ["mcp>=2,<3"],
    "fastmcp": ["fastmcp"],
    "openai-agents": ["openai-agents"],
    "pydantic-ai": ["pydantic-ai-slim"],
    "langchain": ["langchain-core"],
}
ROOT = Path(__file__).resolve().parents[2]
# A project on mcp 1.x with schema-lint itself installed beside it, from this checkout.
LINT_BESIDE_MCP1 = ["mcp<2", "-e", f"{ROOT}[mcp]"]
INSTALL_SECONDS = 900


def cache_dir() -> Path:
    default = Path.home() / ".cache" / "schema-lint" / "framework-venvs"
    return Path(os.environ.get("SCHEMA_LINT_FRAMEWORK_VENVS", default))


def python_of(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def venv_for(name: str, requirements: list[str]) -> Path:
    """The venv `name` with `requirements` installed; skips the test when it cannot be made."""
    venv = cache_dir() / name
    wanted = "\n".join(requirements) + "\n"
    stamp = venv / "requirements.txt"
    if stamp.is_file() and stamp.read_text() == wanted and python_of(venv).is_file():
        return venv
    shutil.rmtree(venv, ignore_errors=True)
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=120)
        installed = subprocess.run([str(python_of(venv)), "-m", "pip", "install", "--quiet", *requirements],
                                   capture_output=True, text=True, timeout=INSTALL_SECONDS)
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot make a venv for {name}: {exc}")
    if installed.returncode != 0:
        why = (installed.stderr.strip().splitlines() or ["no output"])[-1]
        pytest.skip(f"cannot install {' '.join(requirements)} from the package registry (offline?): {why}")
    stamp.write_text(wanted)
    return venv


@pytest.fixture(scope="session")
def framework_venv():
    """`framework_venv("mcp1")`: the path of that framework's venv, made on first use."""
    made: dict[str, Path] = {}
    failed: dict[str, str] = {}  # tried once a session: a registry out of reach is not asked again per test

    def get(name: str) -> Path:
        if name in failed:
            pytest.skip(failed[name])
        if name not in made:
            try:
                made[name] = venv_for(name, LINT_BESIDE_MCP1 if name == "mcp1-lint" else FRAMEWORKS[name])
            except pytest.skip.Exception as exc:
                failed[name] = str(exc)
                raise
        return made[name]
    return get
