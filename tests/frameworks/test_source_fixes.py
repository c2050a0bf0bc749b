"""`--fix --unsafe-fixes` on a tool written on each framework, in that framework's venv: the
limits its descriptions state are written into its Python (`Field(max_length=...)`,
`Literal[...]`), the module still imports, the schema it then generates carries them, a
second run changes nothing, and every other line is byte-identical."""

from __future__ import annotations

import difflib
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from schema_lint.cli import main
from venvs import framework_venv, python_of  # noqa: F401  # the fixture

pytestmark = pytest.mark.frameworks

MODULES = Path(__file__).resolve().parents[1] / "fixtures" / "python_fixes" / "frameworks"
# (venv, module, attribute)
TOOLS = [
    ("mcp1", "mcp1_notes", "mcp"),
    ("mcp2", "mcp2_notes", "mcp"),
    ("fastmcp", "fastmcp_notes", "mcp"),
    ("openai-agents", "agents_notes", "search_notes"),
    ("pydantic-ai", "pydantic_ai_notes", "search"),
    ("langchain", "langchain_notes", "search"),  # its arguments in an args_schema model
]


def changed_lines(before: str, after: str) -> list[str]:
    """The lines removed or added between the two texts."""
    return [line[1:] for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def check(python: Path, target: str, *flags: str, stdout: bool = False) -> str:
    """The run's output (stdout and stderr; with `stdout`, stdout alone: a report to parse,
    without what the framework's server logs)."""
    result = CliRunner().invoke(main, ["check", "--no-cache", "--python-interpreter", str(python), "--python", target,
                                       "--unsafe-fixes", "--extend-select", "SL301,SL403", *flags])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and "SL000" not in result.output, result.output
    return result.stdout if stdout else result.output


def copied(module: str, tmp_path: Path, monkeypatch) -> Path:
    """The fixture module, copied into the test's folder, which becomes the working one."""
    path = tmp_path / f"{module}.py"
    shutil.copy(MODULES / path.name, path)
    monkeypatch.chdir(tmp_path)
    return path


def assert_fixed_for_good(python: Path, target: str, path: Path) -> None:
    """The fixed module imports, and a second `--fix` changes nothing."""
    after = path.read_text()
    subprocess.run([str(python), "-c", f"import {path.stem}"], cwd=path.parent, check=True, capture_output=True)
    check(python, target, "--fix")
    assert path.read_text() == after


@pytest.mark.parametrize(("venv", "module", "attribute"), TOOLS, ids=[venv for venv, _, _ in TOOLS])
def test_stated_limits_are_written_into_the_tool_s_python(framework_venv, tmp_path, monkeypatch, venv, module,
                                                          attribute):
    python = python_of(framework_venv(venv))
    path = copied(module, tmp_path, monkeypatch)
    target = f"{module}:{attribute}"
    before = path.read_text()
    assert "not made in the Python source" not in check(python, target, "--fix")
    after = path.read_text()

    assert "max_length=80" in after and 'Literal["newest", "oldest"]' in after
    remaining = check(python, target)
    assert "SL301" not in remaining.split("properties/query")[-1].split("\n")[0]
    assert "properties/order" not in remaining or "SL403" not in remaining

    # An import of `typing` opens the standard library's group where the module has none: a blank line after it.
    assert all(line.lstrip().startswith(("query", "order", "from typing import", "from pydantic import")) or not line
               for line in changed_lines(before, after)), changed_lines(before, after)
    assert "# kept" in after
    assert_fixed_for_good(python, target, path)


# (venv, module, attribute, the functions it defines): several tools of one file, each with a fix
SHOPS = [
    ("mcp1", "mcp1_shop", "mcp", ["list_items", "create_item"]),
    ("mcp2", "mcp2_shop", "mcp", ["list_items", "create_item", "pay_invoice"]),
    ("fastmcp", "fastmcp_shop", "mcp", ["list_items", "create_item"]),
    ("openai-agents", "agents_shop", "TOOLS", ["get_weather", "transfer_funds"]),
]


@pytest.mark.parametrize(("venv", "module", "attribute", "functions"), SHOPS, ids=[shop[0] for shop in SHOPS])
def test_every_tool_of_a_file_gets_its_fix_in_one_run(framework_venv, tmp_path, monkeypatch, venv, module,
                                                       attribute, functions):
    python = python_of(framework_venv(venv))
    path = copied(module, tmp_path, monkeypatch)
    target = f"{module}:{attribute}"
    before = path.read_text()
    output = check(python, target, "--fix")
    after = path.read_text()

    assert "not made" not in output and "not applied" not in output, output
    edited = [line for line in changed_lines(before, after) if line.startswith("def ")]
    assert {line.split("(")[0][len("def "):] for line in edited} == set(functions), changed_lines(before, after)
    assert_fixed_for_good(python, target, path)


@pytest.mark.parametrize(("venv", "module", "attribute"), TOOLS, ids=[venv for venv, _, _ in TOOLS])
def test_review_formats_suggest_the_fix_on_the_tool_s_python_line(framework_venv, tmp_path, monkeypatch, venv,
                                                                   module, attribute):
    """rdjson (reviewdog) suggests each fix on the `.py` line it changes, as `--fix` would."""
    import json

    python = python_of(framework_venv(venv))
    path = copied(module, tmp_path, monkeypatch)
    lines = path.read_text().split("\n")
    records = json.loads(check(python, f"{module}:{attribute}", "--output-format", "rdjson", stdout=True))["diagnostics"]
    suggested = [record for record in records if "suggestions" in record]
    assert any("max_length=80" in record["suggestions"][0]["text"] for record in suggested)
    for record in suggested:
        (suggestion,) = record["suggestions"]
        assert record["location"]["path"] == path.name
        line = suggestion["range"]["start"]["line"]
        assert suggestion["range"]["end"]["line"] == line  # one parameter's line
        assert lines[line - 1].split(":")[0] == suggestion["text"].split(":")[0]  # that parameter, rewritten


def test_review_formats_show_a_langchain_tool_s_fix_beside_one_langchain_cannot_carry(framework_venv, tmp_path,
                                                                                      monkeypatch):
    """langchain leaves `additionalProperties` out of the schema it offers, so the arguments
    model's `extra="forbid"` is no fix there; the `@tool` function's bound still is one."""
    import json

    python = python_of(framework_venv("langchain"))
    copied("langchain_shop", tmp_path, monkeypatch)
    edit = "Annotated[int, Field(ge=1)]"

    def shown(output_format: str) -> str:  # SARIF names every rule, SL000 too: not `check`'s output
        result = CliRunner().invoke(main, ["check", "--no-cache", "--python-interpreter", str(python), "--python",
                                           "langchain_shop:TOOLS", "--output-format", output_format])
        assert result.exit_code == 1, result.output
        return result.stdout

    findings = {f["code"]: f for f in json.loads(shown("json")) if f["tool"] == "search_flights"}
    assert findings["SL303"]["fix"]["file"] == "langchain_shop.py"
    assert any(edit in e["content"] for e in findings["SL303"]["fix"]["edits"])
    results = json.loads(shown("sarif"))["runs"][0]["results"]
    assert any(edit in r["insertedContent"]["text"] for result in results for fix in result.get("fixes", [])
               for change in fix["artifactChanges"] for r in change["replacements"])
    records = json.loads(shown("rdjson"))["diagnostics"]
    assert any(edit in s["text"] for record in records for s in record.get("suggestions") or [])
    assert edit in shown("markdown")


def test_no_string_bound_is_suggested_on_a_pydantic_ai_date(framework_venv, tmp_path, monkeypatch):
    """A `date` takes no `""` (SL305 leaves it alone), and `Field(max_length=10)` on it
    generates the schema's `maxLength` and then fails every call: it stays a JSON Patch."""
    python = python_of(framework_venv("pydantic-ai"))
    copied("pydantic_ai_calendar", tmp_path, monkeypatch)
    comment = check(python, "pydantic_ai_calendar:agent", "--extend-select", "SL305", "--output-format", "markdown",
                    stdout=True)
    assert "required string `title` accepts the empty string (in Python: `Annotated[str, Field(min_length=1)]`)" \
        in comment and "title: Annotated[str, Field(min_length=1)]" in comment
    assert "`day` accepts the empty string" not in comment and "Annotated[date" not in comment
    assert "description of `until` states `maxLength: 10`" in comment and "max_length=10" not in comment


def test_fastmcp_fixes_of_a_model_it_writes_in_place_are_made_in_its_class_and_a_mounted_tool_s_in_its_function(
        framework_venv, tmp_path, monkeypatch):
    """fastmcp writes a model's schema where the `$ref` was (no `$defs`), as the field of a
    parameter, of an optional, of a list's items; and serves a mounted server's tools as
    tools that call that server's, with no function of their own."""
    import json

    python = python_of(framework_venv("fastmcp"))
    path = copied("fastmcp_nested", tmp_path, monkeypatch)
    target = "fastmcp_nested:mcp"
    before = path.read_text()
    line_of = {text.split(":")[0].strip(): f"{path.name}:{number}"
               for number, text in enumerate(before.split("\n"), start=1) if ": str" in text}
    findings = json.loads(check(python, target, "--output-format", "json", stdout=True))
    placed = {(f["tool"], f["pointer"]): f["source"].rsplit(":", 1)[0] for f in findings
              if f["code"] in ("SL301", "SL403")}  # SL301 when it carries the stated bound
    assert placed == {
        ("create_shipment", "/inputSchema/properties/address/properties/line1"): line_of["line1"],
        ("create_shipment", "/inputSchema/properties/address/properties/geo/anyOf/0/properties/zone"): line_of["zone"],
        ("create_shipment", "/inputSchema/properties/returns/anyOf/0/items/properties/line1"): line_of["line1"],
        ("create_shipment", "/inputSchema/properties/returns/anyOf/0/items/properties/geo/anyOf/0/properties/zone"):
            line_of["zone"],
        ("labels_print_label", "/inputSchema/properties/text"): line_of["def print_label(text"],
    }

    output = check(python, target, "--fix")
    assert "not made" not in output and "not applied" not in output, output
    assert set(changed_lines(before, path.read_text())) - set(before.split("\n")) == {
        '    zone: str = Field(description="Delivery zone, at most 8 characters.", max_length=8)',
        '    line1: str = Field(description="Street address, at most 200 characters.", max_length=200)',
        'def print_label(text: str = Field(description="Label text, at most 50 characters.", max_length=50)) -> str:',
    }
    assert len(changed_lines(before, path.read_text())) == 6  # those three lines, and no other
    assert_fixed_for_good(python, target, path)


def test_a_model_several_tools_hold_is_fixed_only_where_each_tool_s_words_give_the_fix(framework_venv, tmp_path,
                                                                                        monkeypatch):
    """One tool's words allow a country the field's own words leave out: the `Literal` the other
    tool's finding carries would reach it too, so it is not made; the note's bound, which both
    tools' words give, is."""
    python = python_of(framework_venv("mcp2"))
    path = copied("mcp2_shared_models", tmp_path, monkeypatch)
    before = path.read_text()
    output = check(python, "mcp2_shared_models:mcp", "--fix")
    assert "tool `move_customer` holds too" in output, output
    assert set(changed_lines(before, path.read_text())) - set(before.split("\n")) == {
        '    text: str = Field(description="Note text, at most 200 characters.", max_length=200)'}
    assert_fixed_for_good(python, "mcp2_shared_models:mcp", path)


def test_a_pydantic_ai_tool_of_one_model_is_placed_and_fixed_in_the_model(framework_venv, tmp_path, monkeypatch):
    """pydantic-ai offers the fields of `def create_customer(customer: NewCustomer)`'s model as
    the tool's arguments: findings on them were placed at the `def`, and their fixes left as
    JSON Patch ("the type of `tier` could not be read")."""
    python = python_of(framework_venv("pydantic-ai"))
    path = copied("pydantic_ai_customers", tmp_path, monkeypatch)
    found = check(python, "pydantic_ai_customers:agent", "--output-format", "concise", stdout=True)
    written = '    tier: str = Field(default="basic", description="Plan tier, one of: basic, pro, enterprise.")'
    line, column = path.read_text().splitlines().index(written) + 1, written.index("Field(") + 1  # at its `Field(...)`
    assert f"create_customer#/inputSchema/properties/tier (pydantic_ai_customers.py:{line}:{column}): SL403" in found
    before = path.read_text()
    assert "not made in the Python source" not in check(python, "pydantic_ai_customers:agent", "--fix")
    assert changed_lines(before, path.read_text())[-1] == (
        '    tier: Literal["basic", "pro", "enterprise"] = Field(default="basic", '
        'description="Plan tier, one of: basic, pro, enterprise.")')
    assert_fixed_for_good(python, "pydantic_ai_customers:agent", path)
