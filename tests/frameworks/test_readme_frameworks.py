"""README's example per framework is what `check` prints on the module in that framework's venv."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from venvs import framework_venv  # noqa: F401  # the fixture

pytestmark = pytest.mark.frameworks

REPO = Path(__file__).resolve().parents[2]
MODULES = REPO / "tests" / "fixtures" / "frameworks"
EXAMPLES = {"mcp1": "mcp1_server:mcp", "mcp2": "mcp2_server:mcp", "fastmcp": "fastmcp_server:mcp",
            "openai-agents": "agents_tools:agent", "pydantic-ai": "pydantic_ai_tools:agent",
            "langchain": "langchain_tools:TOOLS"}


def _block(target: str) -> tuple[list[str], str]:
    """The arguments of README's `schema-lint check --python TARGET …` example, and its output."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    start = text.index(f"```console\n$ schema-lint check --python {target} ") + len("```console\n$ schema-lint ")
    command, _, rest = text[start:].partition("\n")
    return command.split(), rest[:rest.index("```\n")]


@pytest.mark.parametrize(("venv", "target"), EXAMPLES.items())
def test_readme_example_is_the_real_output(framework_venv, venv, target):
    arguments, shown = _block(target)
    environment = {**os.environ, "VIRTUAL_ENV": str(framework_venv(venv))}  # found as the project's venv
    printed = subprocess.run([sys.executable, "-m", "schema_lint", *arguments, "--no-cache"], cwd=MODULES,
                             env=environment, capture_output=True, text=True, timeout=120).stdout
    assert printed == shown
