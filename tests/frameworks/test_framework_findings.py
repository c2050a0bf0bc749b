"""Findings on a generated schema that the author's Python already settles, or cannot
change: kept as `info` naming the framework, not a warning or error no edit clears."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from venvs import framework_venv, python_of  # noqa: F401  # the fixture

from schema_lint.cli import main

pytestmark = pytest.mark.frameworks

MODULES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "frameworks"


def findings(framework_venv, monkeypatch, venv: str, target: str, *flags: str) -> tuple[list[dict], int]:
    monkeypatch.chdir(MODULES)
    result = CliRunner().invoke(main, ["check", "--no-cache", "--python-interpreter",
                                       str(python_of(framework_venv(venv))), "--output-format", "json",
                                       "--python", target, *flags])
    assert "Traceback" not in result.output
    return json.loads(result.stdout), result.exit_code


def test_langchain_s_open_schema_is_info_where_the_args_model_forbids_extra_keys(framework_venv, monkeypatch):
    found, _ = findings(framework_venv, monkeypatch, "langchain", "langchain_closed:TOOLS", "--select", "SL201")
    by_tool = {f["tool"]: f for f in found}
    for closed in ("cancel_subscription", "refund_charge"):
        assert by_tool[closed]["severity"] == "info"
        assert "langchain leaves it out of the schema it offers, though the model refuses undeclared keys" \
            in by_tool[closed]["message"]
    # A model that does not forbid them: the finding stands, with langchain's way to close it.
    assert by_tool["delete_subscription"]["severity"] == "error"
    assert 'ConfigDict(extra="forbid")' in by_tool["delete_subscription"]["message"]


def test_a_defs_entry_openai_agents_left_unused_is_info_with_no_fix(framework_venv, monkeypatch):
    found, code = findings(framework_venv, monkeypatch, "openai-agents", "agents_enum:TOOLS", "--select", "SL017")
    by_tool = {f["tool"]: f for f in found}
    generated = by_tool["list_issues"]
    assert generated["severity"] == "info" and generated["fix"] is None
    assert "openai-agents leaves it in the schema it generates; nothing in the Python source removes it" \
        in generated["message"]
    # A schema its author wrote by hand: theirs to remove.
    assert by_tool["purge_cache"]["severity"] == "warning" and by_tool["purge_cache"]["fix"]["safety"] == "safe"
    assert code == 1
