"""Tools a framework offers the model under names or through objects of its own, read as
the agent offers them: pydantic-ai toolsets that wrap others (`prefixed`, `filtered`,
`renamed`, `prepared`, `CombinedToolset`) and `ExternalToolset`; openai-agents tools named
with `name_override` and handoffs whose arguments are the author's model. What cannot be
read without running the agent is named, never passed in silence."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from venvs import framework_venv, python_of  # noqa: F401  # the fixture

from schema_lint.cli import main
from schema_lint.python_tools.child import NO_DEFINITION

pytestmark = pytest.mark.frameworks

MODULES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "frameworks"


def check(framework_venv, monkeypatch, venv: str, *args: str):
    monkeypatch.chdir(MODULES)
    result = CliRunner().invoke(main, ["check", "--no-cache", "--python-interpreter",
                                       str(python_of(framework_venv(venv))), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def read(framework_venv, monkeypatch, venv: str, target: str) -> tuple[dict, list[str], int]:
    """Per tool, the sources of its findings (every rule); the SL000 messages; the exit code."""
    result = check(framework_venv, monkeypatch, venv, "--output-format", "json", "--select", "ALL", "--python", target)
    findings = json.loads(result.stdout)
    tools: dict[str, set] = {}
    for finding in findings:
        if finding["code"] != "SL000":
            tools.setdefault(finding["tool"], set()).add((finding["source"] or "").split(":")[0])
    return tools, [f["message"] for f in findings if f["code"] == "SL000"], result.exit_code


PAI = "pydantic_ai_toolsets"


def test_pydantic_ai_tools_in_wrapped_combined_and_external_toolsets_are_read_at_their_functions(
        framework_venv, monkeypatch):
    tools, failures, code = read(framework_venv, monkeypatch, "pydantic-ai", f"{PAI}:agent")
    assert set(tools) == {"get_user", "admin_delete_user", "refund", "archive_order", "open_dialog"}
    assert not failures and code == 1
    assert all(tools[name] == {f"{PAI}.py"} for name in ("get_user", "admin_delete_user", "refund", "archive_order"))
    assert tools["open_dialog"] == {""}  # a hand-written definition: no source


@pytest.mark.parametrize(("target", "offered"), [("wrapped_only", {"admin_delete_user"}),
                                                 ("toolset", {"billing_refund"})])
def test_an_agent_or_target_that_is_only_a_wrapped_toolset_has_its_tools(framework_venv, monkeypatch, target,
                                                                         offered):
    tools, failures, _ = read(framework_venv, monkeypatch, "pydantic-ai", f"{PAI}:{target}")
    assert set(tools) == offered and not failures


@pytest.mark.parametrize(("target", "toolset", "why"), [
    ("needs_deps", "PreparedToolset", "its `get_tools()` raised AttributeError"),  # its prepare function reads deps
    ("dynamic", "DynamicToolset", "only toolsets of functions or of tool definitions are read"),
])
def test_a_toolset_that_cannot_be_read_without_running_the_agent_is_named_beside_the_tools_read(
        framework_venv, monkeypatch, target, toolset, why):
    tools, failures, code = read(framework_venv, monkeypatch, "pydantic-ai", f"{PAI}:{target}")
    assert set(tools) == {"get_user"} and code == 2
    (failure,) = failures
    assert f"an object of type `{toolset}` from pydantic-ai" in failure
    assert f"among its toolsets is not read: {why}" in failure


def test_a_fix_of_a_tool_in_a_wrapped_toolset_is_made_in_its_function(framework_venv, monkeypatch, tmp_path):
    shutil.copy(MODULES / f"{PAI}.py", tmp_path)
    monkeypatch.chdir(tmp_path)
    python = str(python_of(framework_venv("pydantic-ai")))
    CliRunner().invoke(main, ["check", "--no-cache", "--python-interpreter", python, "--python", f"{PAI}:agent",
                              "--unsafe-fixes", "--fix"])
    assert 'Field(description="Amount in cents, at most 5000.", le=5000' in (tmp_path / f"{PAI}.py").read_text()


AGENTS = "agents_handoffs:agent"


def test_openai_agents_renamed_tools_and_handoffs_are_read_at_their_python(framework_venv, monkeypatch):
    tools, failures, _ = read(framework_venv, monkeypatch, "openai-agents", AGENTS)
    assert not failures
    # A handoff to an agent without `input_type` takes no arguments: nothing of the author's.
    assert set(tools) == {"get_file_contents", "read_file", "transfer_to_billing"}
    assert all(sources == {"agents_handoffs.py"} for sources in tools.values()), tools


def test_a_renamed_function_tool_gets_its_fix_in_its_python(framework_venv, monkeypatch):
    result = check(framework_venv, monkeypatch, "openai-agents", "--python", AGENTS, "--unsafe-fixes", "--diff")
    assert 'Field(description="Results per page (max 100).", le=100' in result.output
    assert NO_DEFINITION not in result.output
