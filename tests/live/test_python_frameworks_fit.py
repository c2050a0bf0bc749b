"""Findings on `--python` tools fit the framework that generated them (`python_tools.frameworks`),
the child is a script of the standard library run in the project's interpreter
(`python_tools.interpreter`), and a named target never passes in silence. The framework
matrix, in venvs of their own, is tests/frameworks."""

from __future__ import annotations

import ast
import json
import os
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES
from livekit import run

from schema_lint.prose.conditional_prose import documented_arguments
from schema_lint.python_tools.interpreter import interpreter_for

WORKER = Path(__file__).resolve().parents[2] / "linter" / "python_tools" / "worker.py"


def test_a_documented_mcp_server_passes_the_default_gate_and_its_snapshot_does_not(monkeypatch, tmp_path):
    monkeypatch.chdir(FIXTURES / "frameworks")  # this interpreter has the mcp SDK (2.x)
    result = run("check", "--no-cache", "--fail-on", "warning", "--output-format", "json", "--python",
                 "mcp_documented:mcp")
    (finding,) = json.loads(result.stdout)
    assert result.exit_code == 0
    assert (finding["code"], finding["severity"], finding["source"]) == ("SL201", "info", "mcp_documented.py:17:1")
    assert finding["message"].endswith(": the mcp SDK cannot express this (its `tool()` makes the arguments' model, "
                                       "which drops undeclared keys); reject them at run time with the boundary "
                                       "(`BoundaryMiddleware`, `ToolBoundary`)")
    assert run("snapshot", "--python", "mcp_documented:mcp", "-o", str(tmp_path / "tools.json")).exit_code == 0
    as_file = run("check", "--no-cache", "--fail-on", "warning", "--output-format", "json", str(tmp_path / "tools.json"))
    # As a file, nothing says the SDK's model drops undeclared keys: the open object fails the gate.
    # Its arguments are described in the `Args:` block its description holds, as through `--python`.
    assert as_file.exit_code == 1
    assert [(f["code"], f["severity"]) for f in json.loads(as_file.stdout)] == [("SL201", "error")]


def test_advice_on_what_a_model_can_say_is_in_pydantics_words(monkeypatch):
    monkeypatch.chdir(FIXTURES / "python")
    result = run("check", "--output-format", "json", "--select", "SL201,SL301", "--python", "ticket_models:CreateTicket")
    messages = {f["code"]: f["message"] for f in json.loads(result.stdout)}
    assert messages["SL201"].endswith("(in pydantic: `model_config = ConfigDict(extra=\"forbid\")`)")
    assert messages["SL301"].endswith("(in Python: `Annotated[str, Field(max_length=…)]`, or `Literal[\"a\", \"b\"]` "
                                      "for a closed set)")


def test_the_rule_command_shows_the_python_form_beside_the_json_one():
    assert run("rule", "SL305").output.endswith(
        "\nIn Python (pydantic, and the frameworks built on it): `Annotated[str, Field(min_length=1)]`.\n")
    assert "In Python" not in run("rule", "SL001").output


def test_the_rule_command_shows_both_python_forms_of_a_rule_on_numbers():
    assert run("rule", "SL303").output.endswith(
        "`Annotated[int, Field(ge=…, le=…)]` for an `integer`, `Annotated[float, Field(ge=…, le=…)]` for a `number`.\n")


@pytest.mark.parametrize(("description", "documented"), [
    ("Search.\n\n    Args:\n        query: Words.\n        limit (int): How many.\n    ", {"query", "limit"}),
    ("Search.\n\nArgs:\n    query: Words.\n\nReturns:\n    limit: not an argument\n", {"query"}),
    ("Search.\n\n    Parameters:\n        **options: Passed on.\n", {"options"}),
    ("Search.\n\n    Args:\n        query:\n", set()),  # named, with nothing said
    ("query: Words.", set()),  # no Args: block
    (None, set()),
])
def test_the_args_block_of_a_docstring_documents_the_names_it_lists(description, documented):
    assert documented_arguments(description) == documented


def test_a_named_target_that_yields_no_tool_is_an_sl000_naming_its_type(monkeypatch):
    monkeypatch.chdir(FIXTURES / "python")
    result = run("check", "--output-format", "concise", "--python", "bad_targets:NO_TOOLS")
    assert result.exit_code == 2
    assert result.stdout.startswith("python:bad_targets:NO_TOOLS: SL000 [error] Python object `bad_targets:NO_TOOLS`: "
                                    "an object of type `list` yields no tool: expected an MCP server")


def test_a_server_with_no_tool_is_named_as_one(monkeypatch):
    monkeypatch.chdir(FIXTURES / "python")
    result = run("check", "--output-format", "concise", "--python", "empty_server:mcp")
    assert result.exit_code == 2
    assert "is an MCP server with no tool registered: nothing to lint" in result.stdout


def test_a_target_naming_the_file_is_told_to_name_the_module(monkeypatch):
    monkeypatch.chdir(FIXTURES / "python")
    result = run("check", "--output-format", "concise", "--python", "empty_server.py:mcp")
    assert result.exit_code == 2
    assert "(name the module, not its file: `empty_server:mcp`)" in result.stdout


def test_the_child_script_imports_the_standard_library_alone():
    """It runs in the project's interpreter, where schema-lint may not be installed."""
    frameworks = {"mcp", "pydantic", "langchain_core", "pydantic_ai"}  # read only where the object comes from them
    imported = set()
    for node in ast.walk(ast.parse(WORKER.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.add(node.module.split(".")[0])
    assert imported - frameworks <= set(sys.stdlib_module_names) | {"__future__"}
    assert frameworks <= imported


def test_the_interpreter_is_the_one_named_else_the_projects_venv_else_this_one(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    assert interpreter_for(None) == sys.executable
    local = tmp_path / ".venv" / "bin" / "python"
    local.parent.mkdir(parents=True)
    local.write_text("")
    assert interpreter_for(None) == str(local)
    active = tmp_path / "active"
    (active / "bin").mkdir(parents=True)
    (active / "bin" / "python").write_text("")
    monkeypatch.setenv("VIRTUAL_ENV", str(active))
    assert interpreter_for(None) == str(active / "bin" / "python")
    assert interpreter_for("/opt/python3.12") == "/opt/python3.12"


def test_an_interpreter_that_cannot_be_started_is_an_sl000_naming_it(monkeypatch):
    monkeypatch.chdir(FIXTURES / "python")
    result = run("check", "--output-format", "concise", "--python-interpreter", os.devnull + "-missing",
                 "--python", "ticket_models:CreateTicket")
    assert result.exit_code == 2
    assert "cannot start the Python interpreter /dev/null-missing to import it: No such file or directory" in result.stdout


def _at_title(output_format: str) -> object:
    """Where each CI format puts the SL301 finding on `CreateTicket.title` (its `Field(...)`)."""
    printed = run("check", "--output-format", output_format, "--select", "SL301",
                  "--python", "ticket_models:CreateTicket").stdout
    if output_format == "github":
        return printed.splitlines()[0].split("::")[1]
    if output_format == "gitlab":
        return json.loads(printed)[0]["location"]
    return json.loads(printed)["diagnostics"][0]["location"]


@pytest.mark.parametrize(("output_format", "where"), [
    ("github", "warning file=ticket_models.py,line=14,col=18,title=SL301 unbounded-string"),
    ("gitlab", {"path": "ticket_models.py", "lines": {"begin": 14, "end": 14}}),
    # A fix suggested on line 14: reviewdog posts it only on a comment of exactly that line.
    ("rdjson", {"path": "ticket_models.py", "range": {"start": {"line": 14}, "end": {"line": 14}}}),
])
def test_every_ci_format_annotates_the_python_line_that_generated_the_finding(monkeypatch, output_format, where):
    monkeypatch.chdir(FIXTURES / "python")
    assert _at_title(output_format) == where


def test_a_column_counts_characters_not_utf8_bytes(monkeypatch, tmp_path):
    line = '    nom: str = Field(description="Nom du café."); titre: str = Field(description="Titre.")'
    (tmp_path / "cafe.py").write_text(f'from pydantic import BaseModel, Field\n\n\nclass Commande(BaseModel):\n{line}\n',
                                      encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("check", "--output-format", "json", "--select", "SL301", "--python", "cafe:Commande")
    sources = {f["pointer"].rsplit("/", 1)[-1]: f["source"] for f in json.loads(result.stdout)}
    assert sources == {"nom": f"cafe.py:5:{line.index('Field') + 1}", "titre": f"cafe.py:5:{line.rindex('Field') + 1}"}


def test_a_star_parameter_is_placed_where_it_is_written(monkeypatch, tmp_path):
    """The mcp SDK lists `*cc` and `**params` as arguments: their findings were placed at the `def`."""
    line = "def send(to: str, *cc: str, **params: str) -> str:"
    (tmp_path / "mail.py").write_text("from mcp.server.mcpserver import MCPServer\n\nmcp = MCPServer('m')\n\n\n"
                                      f"@mcp.tool()\n{line}\n    return ''\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("check", "--output-format", "json", "--select", "SL305", "--python", "mail:mcp")
    sources = {f["pointer"].rsplit("/", 1)[-1]: f["source"] for f in json.loads(result.stdout)}
    assert sources == {"to": f"mail.py:7:{line.index('to') + 1}", "cc": f"mail.py:7:{line.index('cc') + 1}",
                       "params": f"mail.py:7:{line.index('params') + 1}"}
