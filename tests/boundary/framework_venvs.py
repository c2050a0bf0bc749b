"""A virtual environment per agent framework, made at first use and kept for later runs.

Each framework is installed from the package index into its own environment, with
schema-lint from this checkout (editable, so the environment follows the code) and its
runtime dependencies; a test skips, saying why, when the environment cannot be made
(no index reachable, say). ``SCHEMA_LINT_FRAMEWORK_VENVS`` names the folder that holds
them (default: beside the checkout).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HOME = Path(os.environ.get("SCHEMA_LINT_FRAMEWORK_VENVS", REPO.parent / f"{REPO.name}-fwvenvs"))
RUNTIME = ["click", "jsonschema", "jsonschema-rs", "referencing", "ruamel.yaml", "regress"]
FRAMEWORKS = {
    "mcp1": "mcp>=1.20,<2",
    "mcp2": "mcp>=2.3,<3",
    "fastmcp": "fastmcp>=2.10",
    "openai_agents": "openai-agents>=0.2",
    "pydantic_ai": "pydantic-ai-slim>=1.0",
    "langchain": "langchain-core>=0.3",
}
SCRIPTS = Path(__file__).resolve().parent / "frameworks"


def python_for(framework: str) -> Path:
    """The environment's interpreter, made first if need be; skips the test when it cannot be made."""
    home = HOME / framework
    python = home / "bin" / "python"
    ready = home / f".ready-{REPO.name}"
    if not ready.exists():
        steps = [[sys.executable, "-m", "venv", str(home)],
                 [str(python), "-m", "pip", "install", "-q", FRAMEWORKS[framework], *RUNTIME],
                 [str(python), "-m", "pip", "install", "-q", "--no-deps", "-e", str(REPO)]]
        for step in steps:
            try:
                done = subprocess.run(step, capture_output=True, text=True, timeout=600)
            except subprocess.TimeoutExpired:
                pytest.skip(f"{framework}: `{' '.join(step[:4])}` took over 10 minutes")
            if done.returncode != 0:
                pytest.skip(f"{framework}: cannot make its environment: {done.stderr.strip()[-300:]}")
        ready.touch()
    return python


def run_loop(framework: str, script: str) -> str:
    """Run a loop script in the framework's environment; its standard output."""
    done = subprocess.run([str(python_for(framework)), str(SCRIPTS / script)], capture_output=True, text=True,
                          timeout=300, cwd=SCRIPTS, env={**os.environ, "PYTHONPATH": str(SCRIPTS)})
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout
