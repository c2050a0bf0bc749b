"""Code written on each Python framework, linted as its author would: `--python` on every
kind of object the framework defines tools with, read in the framework's own venv, with
the source position of each tool and parameter; an object of another kind is exit 2
naming it; nothing prints a traceback; README's example per framework is what `check` prints."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import documented
from venvs import framework_venv, python_of  # noqa: F401  # the fixture

from schema_lint.cli import main

pytestmark = pytest.mark.frameworks

REPO = Path(__file__).resolve().parents[2]
MODULES = REPO / "tests" / "fixtures" / "frameworks"
POSITION = re.compile(r"^[\w.]+\.py:\d+:\d+$")
TICKETS = {"search_tickets", "close_ticket"}

# (venv, target, the tools it defines)
KINDS = [
    ("mcp1", "mcp1_server:mcp", TICKETS),                      # mcp 1.x FastMCP
    ("mcp1", "mcp1_server:search_tickets", {"search_tickets"}),  # a function, as 1.x FastMCP serves it
    ("mcp2", "mcp2_server:mcp", TICKETS),                      # mcp 2.x MCPServer
    ("fastmcp", "fastmcp_server:mcp", TICKETS),
    ("openai-agents", "agents_tools:search_tickets", {"search_tickets"}),  # FunctionTool
    ("openai-agents", "agents_tools:TOOLS", TICKETS),
    ("openai-agents", "agents_tools:agent", TICKETS),          # its hosted WebSearchTool has no schema
    ("pydantic-ai", "pydantic_ai_tools:agent", {"search_tickets"}),
    ("pydantic-ai", "pydantic_ai_tools:toolset", {"close_ticket"}),
    ("pydantic-ai", "pydantic_ai_tools:close", {"close_ticket"}),  # Tool
    ("langchain", "langchain_tools:search_tickets", {"search_tickets"}),  # @tool
    ("langchain", "langchain_tools:close", {"close_ticket"}),  # StructuredTool
    ("langchain", "langchain_tools:reopen", {"reopen_ticket"}),  # a BaseTool subclass
    ("langchain", "langchain_tools:TOOLS", TICKETS | {"reopen_ticket"}),
]


def run(*args: str):
    """`schema-lint ARGS` in process; a traceback would show as `result.exception`."""
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def _check(framework_venv, monkeypatch, venv: str, *args: str):
    monkeypatch.chdir(MODULES)
    return run("check", "--no-cache", "--python-interpreter", str(python_of(framework_venv(venv))), *args)


@pytest.mark.parametrize(("venv", "target", "tools"), KINDS, ids=[f"{v}-{t}" for v, t, _ in KINDS])
def test_every_object_kind_yields_its_tools_with_source_positions(framework_venv, monkeypatch, venv, target, tools):
    # Every rule, so that every tool read shows in the findings.
    result = _check(framework_venv, monkeypatch, venv, "--output-format", "json", "--select", "ALL", "--python", target)
    findings = json.loads(result.stdout)
    assert result.exit_code in (0, 1) and {f["code"] for f in findings} - {"SL000"} == {f["code"] for f in findings}
    assert {f["tool"] for f in findings} == tools
    module = target.split(":")[0]
    assert all(POSITION.match(f["source"] or "") and f["source"].startswith(f"{module}.py:") for f in findings), \
        [f["source"] for f in findings]
    # A finding on a parameter points at the parameter (or its Field), not at the def.
    on_parameters = [f for f in findings if f["pointer"].startswith("/inputSchema/properties/")]
    on_tools = {f["tool"]: f["source"] for f in findings if f["pointer"] == "/inputSchema"}
    assert on_parameters
    assert all(f["source"] != on_tools.get(f["tool"]) for f in on_parameters)


@pytest.mark.parametrize(("venv", "target", "said"), [
    ("mcp1", "mcp1_server:FastMCP", "the class `FastMCP` is not an MCP server"),
    ("mcp2", "mcp2_server:MCPServer", "the class `MCPServer` is not an MCP server"),
    ("openai-agents", "agents_tools:hosted", "an object of type `WebSearchTool` from openai-agents 0."),
    ("langchain", "langchain_tools:echo", "an object of type `RunnableLambda` from langchain 1."),
])
def test_an_object_of_another_kind_is_exit_2_naming_its_type(framework_venv, monkeypatch, venv, target, said):
    result = _check(framework_venv, monkeypatch, venv, "--output-format", "concise", "--python", target)
    assert result.exit_code == 2
    assert result.output.startswith(f"python:{target}: SL000 [error] Python object `{target}`: {said}")
    assert "expected" in result.output or "is not an MCP server (the mcp SDK's FastMCP" in result.output


@pytest.mark.parametrize("venv", ["mcp1", "mcp2"])
def test_a_documented_mcp_server_asks_for_nothing_its_docstring_gives_nor_fails_on_what_the_sdk_cannot_say(
        framework_venv, monkeypatch, tmp_path, venv):
    as_object = _check(framework_venv, monkeypatch, venv, "--fail-on", "warning", "--output-format", "json",
                       "--python", "mcp_documented:mcp")
    findings = json.loads(as_object.stdout)
    assert as_object.exit_code == 0
    assert [(f["code"], f["severity"]) for f in findings] == [("SL201", "info")]
    assert "the mcp SDK cannot express this" in findings[0]["message"] and "boundary" in findings[0]["message"]
    # The same tools as JSON, with no framework to know of, fail that gate; the arguments are
    # described in the `Args:` block the tool's description holds, as through `--python`.
    snapshot = tmp_path / "tools.json"
    written = run("snapshot", "--python-interpreter", str(python_of(framework_venv(venv))),
                  "--python", "mcp_documented:mcp", "-o", str(snapshot))
    assert written.exit_code == 0
    as_file = run("check", "--no-cache", "--fail-on", "warning", "--output-format", "json", str(snapshot))
    assert as_file.exit_code == 1
    assert {f["code"] for f in json.loads(as_file.stdout)} == {"SL201"}


def test_the_projects_venv_is_found_without_naming_its_interpreter(framework_venv, monkeypatch, tmp_path):
    shutil.copy(MODULES / "mcp1_server.py", tmp_path)
    (tmp_path / ".venv").symlink_to(framework_venv("mcp1"), target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    result = run("check", "--no-cache", "--output-format", "json", "--select", "ALL", "--python", "mcp1_server:mcp")
    assert {f["tool"] for f in json.loads(result.stdout)} == TICKETS  # mcp.server.fastmcp is not in this venv's SDK


def test_the_sdk_s_log_of_the_listing_request_schema_lint_makes_is_not_passed_on(framework_venv, monkeypatch):
    """1.x FastMCP logs each request it serves at INFO by default ("Processing request of type
    ListToolsRequest"): schema-lint's own request, a line of noise on every run."""
    result = _check(framework_venv, monkeypatch, "mcp1", "--output-format", "concise", "--python", "mcp1_server:mcp")
    assert "python:mcp1_server:mcp/" in result.stdout and "Processing request" not in result.stderr


def test_check_mcp_works_with_schema_lint_installed_beside_mcp_1x(framework_venv):
    venv = framework_venv("mcp1-lint")
    python = str(python_of(venv))
    assert "Version: 1." in subprocess.run([python, "-m", "pip", "show", "mcp"], capture_output=True, text=True).stdout
    result = subprocess.run([python, "-m", "schema_lint", "check", "--no-cache", "--output-format", "json",
                             "--mcp", f"{python} mcp1_server.py"], cwd=MODULES, capture_output=True, text=True,
                            timeout=120)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1
    # `search_tickets` documents its arguments in its docstring, which the SDK serves as its description.
    assert {f["tool"] for f in json.loads(result.stdout)} == {"close_ticket"}


def test_sarif_places_a_parameters_finding_at_its_line_and_column(framework_venv, monkeypatch):
    result = _check(framework_venv, monkeypatch, "mcp2", "--output-format", "sarif", "--select", "SL305",
                    "--python", "mcp2_server:mcp")
    (finding,) = [found for found in json.loads(result.stdout)["runs"][0]["results"] if "`reason`" in found["message"]["text"]]
    assert finding["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "mcp2_server.py", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 25, "startColumn": 75}}


EXAMPLES = {"mcp1": "mcp1_server:mcp", "mcp2": "mcp2_server:mcp", "fastmcp": "fastmcp_server:mcp",
            "openai-agents": "agents_tools:agent", "pydantic-ai": "pydantic_ai_tools:agent",
            "langchain": "langchain_tools:TOOLS"}


def _block(target: str) -> tuple[list[str], str]:
    """The arguments of the `schema-lint check --python TARGET …` example (in README or the docs
    page that holds it), and its output."""
    marker = f"```console\n$ schema-lint check --python {target} "
    command, _, rest = ("check --python " + target + " " + documented(marker)).partition("\n")
    return command.split(), rest[:rest.index("```\n")]


@pytest.mark.parametrize(("venv", "target"), EXAMPLES.items())
def test_readme_example_is_the_real_output(framework_venv, venv, target):
    arguments, shown = _block(target)
    environment = {**os.environ, "VIRTUAL_ENV": str(framework_venv(venv))}  # found as the project's venv
    printed = subprocess.run([sys.executable, "-m", "schema_lint", *arguments, "--no-cache"], cwd=MODULES,
                             env=environment, capture_output=True, text=True, timeout=120).stdout
    assert printed == shown


def _fuzzed(framework_venv, monkeypatch, venv: str, *targets: str) -> dict:
    """`fuzz --output-format json` of TARGETS (`--python` objects, or files), read in VENV: each near
    miss of `search_tickets` by (mutator, path)."""
    monkeypatch.chdir(MODULES)
    result = run("fuzz", "--python-interpreter", str(python_of(framework_venv(venv))), "--output-format", "json",
                 "--examples", "5", *targets)
    assert result.exit_code == 0, result.output
    return {(miss["mutator"], miss["path"]): miss for tool in json.loads(result.stdout)["tools"]
            if tool["name"] == "search_tickets" for miss in tool["near_misses"]}


@pytest.mark.parametrize(("venv", "target"), [("fastmcp", "fastmcp_server:mcp"), ("mcp2", "mcp2_server:mcp"),
                                              ("langchain", "langchain_tools:TOOLS"),
                                              ("openai-agents", "agents_tools:TOOLS")])
def test_fuzz_sends_a_frameworks_tools_through_its_adapters_boundary(framework_venv, monkeypatch, venv, target):
    # `limit: int` behind pydantic in lax mode: "4" runs as 4, which is what the adapter makes of it.
    miss = _fuzzed(framework_venv, monkeypatch, venv, "--python", target)[("number-as-string", "$.limit")]
    assert miss["outcome"] == "canonicalized" and [r["rule"] for r in miss["repairs"]] == ["lax-number"]


def test_fuzz_of_the_same_tools_in_a_file_keeps_the_plain_boundary(framework_venv, monkeypatch, tmp_path):
    monkeypatch.chdir(MODULES)
    listing = tmp_path / "tickets.json"
    snapshot = run("snapshot", "--python-interpreter", str(python_of(framework_venv("fastmcp"))),
                   "--python", "fastmcp_server:mcp", "-o", str(listing))
    assert snapshot.exit_code == 0, snapshot.output
    miss = _fuzzed(framework_venv, monkeypatch, "fastmcp", str(listing))[("number-as-string", "$.limit")]
    assert miss["outcome"] == "rejected"  # nothing says which framework serves a file's tools
