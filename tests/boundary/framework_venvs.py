"""The venv of each agent framework (`tests/frameworks/venvs.py` makes them, once, from the
package index), with schema-lint from this checkout installed in it (editable, so the venv
follows the code; with its runtime dependencies): the adapters run inside the framework.
A test skips, saying why, when a venv cannot be made (no index reachable, say).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from venvs import FRAMEWORKS, python_of, venv_for

REPO = Path(__file__).resolve().parents[2]
RUNTIME = ["click", "jsonschema", "jsonschema-rs", "referencing", "ruamel.yaml", "regress"]
SCRIPTS = Path(__file__).resolve().parent / "frameworks"
# This suite's names for the frameworks, as `venvs` names their venvs.
VENVS = {"mcp1": "mcp1", "mcp2": "mcp2", "fastmcp": "fastmcp", "openai_agents": "openai-agents",
         "pydantic_ai": "pydantic-ai", "langchain": "langchain"}


def python_for(framework: str) -> Path:
    """The framework venv's interpreter, with schema-lint installed; skips when it cannot be made."""
    name = VENVS[framework]
    venv = venv_for(name, FRAMEWORKS[name])
    python = python_of(venv)
    # The checkout schema-lint was last installed from (editable): venvs shared by several
    # checkouts (`SCHEMA_LINT_FRAMEWORK_VENVS`) install it again whenever another one ran last.
    ready = venv / ".schema-lint-checkout"
    if not ready.exists() or ready.read_text() != str(REPO):
        for step in ([str(python), "-m", "pip", "install", "-q", *RUNTIME],
                     [str(python), "-m", "pip", "install", "-q", "--no-deps", "-e", str(REPO)]):
            try:
                done = subprocess.run(step, capture_output=True, text=True, timeout=600)
            except subprocess.TimeoutExpired:
                pytest.skip(f"{framework}: `{' '.join(step[2:5])}` took over 10 minutes")
            if done.returncode != 0:
                pytest.skip(f"{framework}: cannot install schema-lint in its venv: {done.stderr.strip()[-300:]}")
        ready.write_text(str(REPO))
    return python


def run_loop(framework: str, script: str) -> str:
    """Run a loop script in the framework's environment; its standard output."""
    done = subprocess.run([str(python_for(framework)), str(SCRIPTS / script)], capture_output=True, text=True,
                          timeout=300, cwd=SCRIPTS, env={**os.environ, "PYTHONPATH": str(SCRIPTS)})
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout
