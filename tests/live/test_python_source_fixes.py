"""`--fix`/`--diff` on `--python` tools: the fix is made in the Python that generates the
schema (`python_tools.source_fixes`), checked by importing the edited module before anything
is shown or written. Review formats show the same edits: suggested on the line of the
parameter or field (rdjson, markdown), as SARIF artifact changes and `json` edits of that
file; a fix the regenerated schema would not carry is shown as JSON Patch only."""

from __future__ import annotations

import ast
import difflib
import json
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES
from livekit import run

from schema_lint.python_tools.child import inlined, written_in

pytest.importorskip("pydantic")
pytest.importorskip("libcst")

NOTES = "notes_tools:TOOLS"
# The rules whose fixes carry the stated limits here are off by default.
SELECTED = ("--extend-select", "SL301,SL403")


@pytest.fixture
def project(tmp_path, monkeypatch):
    for module in (FIXTURES / "python_fixes").glob("*.py"):
        shutil.copy(module, tmp_path / module.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def findings(target: str) -> list[dict]:
    return json.loads(run("check", "--python", target, "--output-format", "json", "--unsafe-fixes", *SELECTED).output)


def schemas(project, module: str) -> dict:
    """The schemas the module generates now, read in a fresh interpreter."""
    code = (f"import json, {module} as m; from pydantic import TypeAdapter; "
            "print(json.dumps({'search': TypeAdapter(m.search_notes).json_schema(), "
            "'note': m.NewNote.model_json_schema()}))")
    return json.loads(subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True, text=True,
                                     check=True).stdout)


def test_diff_shows_the_fix_as_an_edit_of_the_python_and_writes_nothing(project):
    before = (project / "notes_tools.py").read_text()
    result = run("check", "--python", NOTES, "--unsafe-fixes", "--diff", *SELECTED)
    assert result.exit_code == 1
    assert "--- notes_tools.py\n+++ notes_tools.py\n" in result.output
    assert '+    query: Annotated[str, Field(description="Text to search for, at most 80 characters.", ' \
           'max_length=80)],' in result.output
    assert '+    title: str = Field(description="The note\'s title, at most 120 characters.", max_length=120)' \
        in result.output
    assert '"op": "add"' not in result.output  # made in the source, not shown as JSON Patch
    assert (project / "notes_tools.py").read_text() == before


def test_fix_writes_the_source_whose_schema_carries_the_fix_and_nothing_else_moves(project):
    path = project / "notes_tools.py"
    before_text, before_schemas = path.read_text(), schemas(project, "notes_tools")
    fixable = [f for f in findings(NOTES) if f["fix"] and f["fix"]["safety"] in ("safe", "unsafe")]
    assert fixable

    result = run("check", "--python", NOTES, "--unsafe-fixes", "--fix", *SELECTED)
    assert result.exit_code in (0, 1)
    after_text, after_schemas = path.read_text(), schemas(project, "notes_tools")
    assert after_schemas["search"]["properties"]["query"]["maxLength"] == 80
    assert after_schemas["note"]["properties"]["title"]["maxLength"] == 120
    assert after_schemas != before_schemas
    changed = [(a, b) for a, b in zip(before_text.splitlines(), after_text.splitlines()) if a != b]
    assert len(before_text.splitlines()) == len(after_text.splitlines())
    assert all(a.lstrip().startswith(("query:", "order:", "title:", "from typing import")) for a, _ in changed)
    assert "# kept" in after_text and "# The note's fields, as the model reads them." in after_text

    remaining = {(f["code"], f["pointer"]) for f in findings(NOTES)}
    assert not {(f["code"], f["pointer"]) for f in fixable} & remaining

    run("check", "--python", NOTES, "--unsafe-fixes", "--fix", *SELECTED)
    assert path.read_text() == after_text  # a second --fix changes nothing


def test_a_fix_the_regenerated_schema_does_not_carry_is_dropped_with_a_note(project):
    before = (project / "rewritten_tools.py").read_text()
    result = run("check", "--python", "rewritten_tools:NewNote", "--unsafe-fixes", "--fix", *SELECTED)
    assert (project / "rewritten_tools.py").read_text() == before
    assert "not made in the Python source: the schema `NewNote` then generates is not the fixed one" in result.output


PARTLY = "partly_rewritten_tools:TOOLS"


def test_a_fix_the_regenerated_schema_does_not_carry_costs_the_target_no_other_fix(project):
    rewritten = (project / "rewritten_tools.py").read_text()
    result = run("check", "--python", PARTLY, "--unsafe-fixes", "--fix", *SELECTED)
    fixed = (project / "partly_rewritten_tools.py").read_text()
    assert 'Field(description="Text to search for, at most 80 characters.", max_length=80)' in fixed
    assert (project / "rewritten_tools.py").read_text() == rewritten
    assert "not made in the Python source: the schema `NewNote` then generates is not the fixed one" in result.output


def test_review_formats_show_the_fixes_a_target_s_regenerated_schemas_carry(project):
    findings = {f["tool"]: f for f in json.loads(report(PARTLY, "json")) if f["code"] == "SL301"}
    assert findings["search_notes"]["fix"]["file"] == "partly_rewritten_tools.py"
    assert "edits" not in findings["NewNote"]["fix"]
    results = json.loads(report(PARTLY, "sarif"))["runs"][0]["results"]
    assert [r["ruleId"] for r in results if "fixes" in r] == ["SL301"]
    records = json.loads(report(PARTLY, "rdjson"))["diagnostics"]
    (suggested,) = [r for r in records if r.get("suggestions")]
    assert "max_length=80" in suggested["suggestions"][0]["text"]


TYPED = "typed_tools:paint"  # a `date` and a `Color` whose schemas are strings, and a `str`


def test_a_bound_is_written_only_on_a_type_pydantic_applies_it_to(project):
    path = project / "typed_tools.py"
    result = run("check", "--python", TYPED, "--unsafe-fixes", "--fix", "--select", "ALL")
    fixed = path.read_text()
    assert 'Field(description="The title, at most 80 characters.", max_length=80)' in fixed
    assert 'Field(description="The day, at most 10 characters.")],' in fixed and "color: Color," in fixed
    assert "not made in the Python source: pydantic's `max_length` does not apply to the type of `day`" \
        in result.output


def test_no_python_form_or_edit_is_offered_where_the_bound_does_not_apply(project):
    findings = json.loads(run("check", "--python", TYPED, "--select", "ALL", "--output-format", "json").stdout)
    on = {(f["code"], f["pointer"].rsplit("/", 1)[1]): f for f in findings}
    assert "in Python" not in on["SL305", "color"]["message"] and "edits" not in on["SL305", "color"]["fix"]
    assert "in Python" not in on["SL301", "color"]["message"] and "edits" not in on["SL301", "color"]["fix"]
    assert "edits" not in on["SL403", "day"]["fix"] and on["SL403", "day"]["fix"]["patch"]
    assert on["SL305", "title"]["message"].endswith("(in Python: `Annotated[str, Field(min_length=1)]`)")
    assert "edits" in on["SL305", "title"]["fix"]


def test_the_kind_of_a_parameter_s_type_is_what_pydantic_s_constraints_see():
    import collections.abc
    import datetime
    import decimal
    import enum
    from typing import Annotated, Literal, NewType, Optional

    from pydantic import Field

    from schema_lint.python_tools.worker import kind

    class Size(str, enum.Enum):
        SMALL = "small"

    kinds = {str: "str", Optional[Annotated[str, Field(max_length=3)]]: "str", NewType("UserId", str): "str",
             bytes: "bytes", int: "number", float | None: "number", decimal.Decimal: "number",
             list[int]: "collection", tuple[int, ...]: "collection", collections.abc.Sequence[str]: "collection",
             bool: "other", Size: "other", datetime.date: "other", Literal["a"]: "other", int | str: "other",
             dict[str, int]: "other"}
    assert {annotation: kind(annotation) for annotation in kinds} == kinds


def test_without_unsafe_fixes_no_tightening_is_written(project):
    before = (project / "notes_tools.py").read_text()
    result = run("check", "--python", NOTES, "--fix", *SELECTED)
    assert (project / "notes_tools.py").read_text() == before
    # What the flag would enable is made in the source: it is no live server's JSON Patch.
    for flag in ("--fix", "--diff"):
        said = run("check", "--python", NOTES, flag, *SELECTED).output
        assert "on `--python` tools can be enabled with the `--unsafe-fixes` option (made in the Python source" in said
        assert "live MCP server" not in said and "JSON Patch" not in said
    assert "live MCP server" not in result.output


def report(target: str, output_format: str) -> str:
    result = run("check", "--python", target, "--output-format", output_format, *SELECTED)
    assert result.exit_code == 1, result.output
    return result.output


def generated(project, text: str) -> dict:
    """The schemas of the module whose text is `text`, imported in a fresh interpreter."""
    (project / "candidate.py").write_text(text)
    code = ("import json, candidate as m; from pydantic import TypeAdapter; "
            "print(json.dumps({'search_notes': TypeAdapter(m.search_notes).json_schema(), "
            "'NewNote': m.NewNote.model_json_schema()}))")
    return json.loads(subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True, text=True,
                                     check=True).stdout)


def replaced(text: str, first: int, last: int, new: str) -> str:
    lines = text.split("\n")
    return "\n".join(lines[:first - 1] + [new] + lines[last:])


def field_of(schemas: dict, finding: dict) -> dict:
    """The generated schema of the parameter or field the finding is on."""
    tool, pointer = finding["tool"], finding["pointer"]
    return schemas[tool]["properties"][pointer.rsplit("/", 1)[1]]


def test_rdjson_suggests_each_fix_on_its_parameters_line_and_accepting_it_carries_the_fix(project):
    text = (project / "notes_tools.py").read_text()
    records = json.loads(report(NOTES, "rdjson"))["diagnostics"]
    findings = json.loads(report(NOTES, "json"))
    assert len(records) == len(findings) == 5
    suggested = 0
    for record, finding in zip(records, findings):
        (suggestion,) = record["suggestions"]
        assert record["location"]["path"] == "notes_tools.py"
        line = int(finding["source"].rsplit(":", 2)[1])  # the parameter's or field's own line
        assert suggestion["range"] == record["location"]["range"] == {"start": {"line": line},
                                                                      "end": {"line": line}}
        accepted = replaced(text, line, line, suggestion["text"])
        if "It also needs line 4 to read:" in record["message"]:  # the import, outside the comment's lines
            accepted = replaced(accepted, 4, 4, record["message"].split("```python\n")[1].split("\n```")[0])
        fixed = field_of(generated(project, accepted), finding)
        (operation,) = finding["fix"]["patch"]
        assert fixed[operation["path"].rsplit("/", 1)[1]] == operation["value"]
        suggested += 1
    assert suggested == 5


def test_sarif_and_json_carry_the_edits_of_the_python_file(project):
    text = (project / "notes_tools.py").read_text()
    lines = text.split("\n")
    results = json.loads(report(NOTES, "sarif"))["runs"][0]["results"]
    findings = json.loads(report(NOTES, "json"))
    for result, finding in zip(results, findings):
        (fix,) = result["fixes"]
        (change,) = fix["artifactChanges"]
        assert change["artifactLocation"] == {"uri": "notes_tools.py", "uriBaseId": "%SRCROOT%"}
        assert finding["fix"]["file"] == "notes_tools.py"
        sarif_edits = [(r["deletedRegion"]["startLine"], r["deletedRegion"]["startColumn"],
                        r["deletedRegion"]["endLine"], r["deletedRegion"]["endColumn"], r["insertedContent"]["text"])
                       for r in change["replacements"]]
        json_edits = [(e["line"], e["column"], e["end_line"], e["end_column"], e["content"])
                      for e in finding["fix"]["edits"]]
        assert sarif_edits == json_edits and json_edits
        edited = list(lines)
        for line, column, end_line, end_column, content in sorted(json_edits, reverse=True):
            assert line == end_line
            edited[line - 1] = edited[line - 1][:column - 1] + content + edited[line - 1][end_column - 1:]
        fixed = field_of(generated(project, "\n".join(edited)), finding)
        (operation,) = finding["fix"]["patch"]
        assert fixed[operation["path"].rsplit("/", 1)[1]] == operation["value"]


def test_markdown_shows_the_python_line_as_a_suggestion_block(project):
    comment = report(NOTES, "markdown")
    assert ('replacing line 10:\n\n```suggestion\n    query: Annotated[str, Field(description="Text to search for, '
            'at most 80 characters.", max_length=80)],\n```') in comment
    assert "It also needs line 4 to read:\n\n```suggestion\nfrom typing import Annotated, Literal\n```" in comment


def test_a_fix_the_regenerated_schema_would_not_carry_is_no_suggestion(project):
    findings = json.loads(report("rewritten_tools:NewNote", "json"))
    assert findings and all("edits" not in f["fix"] and f["fix"]["patch"] for f in findings if f["fix"])
    records = json.loads(report("rewritten_tools:NewNote", "rdjson"))["diagnostics"]
    assert records and not any("suggestions" in record for record in records)
    results = json.loads(report("rewritten_tools:NewNote", "sarif"))["runs"][0]["results"]
    assert results and not any("fixes" in result for result in results)


SHOP = "mcp2_shop:mcp"  # three tools in one file, each with a fix


@pytest.fixture
def shop(project):
    """The project, with a module of several tools on the mcp SDK this interpreter has (2.x)."""
    pytest.importorskip("mcp.server.mcpserver")
    shutil.copy(FIXTURES / "python_fixes" / "frameworks" / "mcp2_shop.py", project)
    return project / "mcp2_shop.py"


def test_every_tool_of_a_file_gets_its_fixes_in_one_run_and_a_second_run_changes_nothing(shop):
    diff = run("check", "--python", SHOP, "--unsafe-fixes", "--diff")
    assert "Would fix 3 findings." in diff.output and '"op": "add"' not in diff.output

    result = run("check", "--python", SHOP, "--unsafe-fixes", "--fix")
    fixed = shop.read_text()
    assert "def list_items(limit: Annotated[int, Field(ge=1)] = 10)" in fixed
    assert "def create_item(name: str, quantity: Annotated[int, Field(ge=0)])" in fixed
    assert "def pay_invoice(invoice_id: str, amount: Annotated[float, Field(ge=0)])" in fixed
    assert "not made" not in result.output and "not applied" not in result.output
    assert "(3 fixed," in result.output

    again = run("check", "--python", SHOP, "--unsafe-fixes", "--fix")
    assert shop.read_text() == fixed
    assert "fixed" not in again.output
    assert run("check", "--python", SHOP, "--unsafe-fixes", "--diff").exit_code == 0


def test_the_python_form_of_a_bound_names_the_parameter_s_type(shop):
    findings = json.loads(run("check", "--python", SHOP, "--output-format", "json").stdout)
    forms = {f["tool"]: f["message"].rsplit(" (in Python: ", 1)[1] for f in findings if f["code"] == "SL303"}
    assert forms == {"list_items": "`Annotated[int, Field(ge=…, le=…)]`)",
                     "create_item": "`Annotated[int, Field(ge=…, le=…)]`)",
                     "pay_invoice": "`Annotated[float, Field(ge=…, le=…)]`)"}


def test_a_fix_not_made_in_the_source_is_not_called_a_live_server_s(project):
    result = run("check", "--python", "rewritten_tools:NewNote", "--unsafe-fixes", "--fix", *SELECTED)
    assert "live MCP server" not in result.output
    assert ("1 fix on `--python` tools not applied: not made in the Python source, for the reason noted above "
            "(`--diff` prints it as JSON Patch)") in result.output


NESTED = "nested_tools:TOOLS"


def test_a_nested_model_s_fields_are_found_and_fixed_in_its_own_class_and_file(project):
    """A finding on a field of a model the arguments hold is at that field's `Field(...)`,
    and its fix is written there (in the file the class is imported from, too); the module
    imports and generates the fixed schemas, and a second run changes nothing."""
    places = {(f["tool"], f["pointer"].rsplit("/", 1)[1]): f["source"] for f in findings(NESTED)
              if f["code"] in ("SL301", "SL303", "SL403")}
    assert places[("create_customer", "zip_code")] == "nested_tools.py:13:21"  # the other tool's: reported once
    assert places[("create_customer", "amount")] == "shared_models.py:10:19"

    result = run("check", "--python", NESTED, "--unsafe-fixes", "--fix", *SELECTED)
    assert "not made in the Python source" not in result.output
    tools, models = (project / "nested_tools.py").read_text(), (project / "shared_models.py").read_text()
    assert 'zip_code: str = Field(description="Postal code, at most 10 characters.", max_length=10)' in tools
    assert 'country: str = Field(description="Two-letter country code.", max_length=2, min_length=2)' in tools
    assert 'Field(description="Amount in cents, between 1 and 1000000.", ge=1, le=1000000)' in models
    code = ("import json, nested_tools as m; from pydantic import TypeAdapter; "
            "print(json.dumps(TypeAdapter(m.create_customer).json_schema()))")
    schema = json.loads(subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True, text=True,
                                       check=True).stdout)
    assert schema["$defs"]["Address"]["properties"]["zip_code"]["maxLength"] == 10
    assert schema["$defs"]["Money"]["properties"]["amount"]["maximum"] == 1000000

    run("check", "--python", NESTED, "--unsafe-fixes", "--fix", *SELECTED)
    assert (project / "nested_tools.py").read_text() == tools and (project / "shared_models.py").read_text() == models


def test_a_place_in_a_model_s_defs_entry_is_written_in_that_model():
    address = {"at": "m.py:3:1", "fields": {"zip": "m.py:4:5"}}
    source = {"at": "m.py:9:1", "models": {"Address": address, "a/b": {"at": "m.py:1:1"}}}
    assert written_in(source, "/inputSchema/$defs/Address/properties/zip/maxLength") == \
        (address, "/inputSchema/properties/zip/maxLength")
    assert written_in(source, "/inputSchema/$defs/Address") == (address, "/inputSchema")
    assert written_in(source, "/inputSchema/$defs/a~1b")[0] == {"at": "m.py:1:1"}
    assert written_in(source, "/inputSchema/$defs/Other/properties/x") == (source, "/inputSchema/$defs/Other/properties/x")
    assert written_in(source, "/inputSchema/properties/zip") == (source, "/inputSchema/properties/zip")
    assert written_in({"at": "m.py:1:1"}, "/inputSchema/$defs/Address")[0] == {"at": "m.py:1:1"}


def test_a_place_in_a_model_the_framework_wrote_in_place_is_written_in_that_model():
    """fastmcp inlines `$defs`: the model's schema is the parameter's, or under its `anyOf`
    branch or `items`, and a model it holds is inlined within it in turn."""
    geo = {"at": "m.py:1:1", "fields": {"zone": "m.py:2:5"}}
    address = {"at": "m.py:3:1", "fields": {"zip": "m.py:4:5"}, "holds": {"geo": "Geo"}}
    source = {"at": "m.py:9:1", "holds": {"to": "Address", "returns": "Address"},
              "models": {"Address": address, "Geo": geo}}
    zone = {"properties": {"zone": {"type": "string"}}}
    inlined_address = {"properties": {"zip": {"type": "string"}, "geo": {"anyOf": [zone, {"type": "null"}]}}}
    schema = {"properties": {"to": inlined_address,
                             "returns": {"anyOf": [{"items": inlined_address, "type": "array"}, {"type": "null"}]}}}
    roots = {root: model for model, root in inlined(source, schema)}
    assert written_in(source, "/inputSchema/properties/to/properties/zip/maxLength", roots) == \
        (address, "/inputSchema/properties/zip/maxLength")
    assert written_in(source, "/inputSchema/properties/returns/anyOf/0/items/properties/geo/anyOf/0/properties/zone",
                      roots) == (geo, "/inputSchema/properties/zone")
    assert written_in(source, "/inputSchema/properties/to/additionalProperties", roots) == \
        (address, "/inputSchema/additionalProperties")
    # The parameter itself (its description, its default) is the tool's, unless the object is meant.
    assert written_in(source, "/inputSchema/properties/to", roots) == (source, "/inputSchema/properties/to")
    assert written_in(source, "/inputSchema/properties/to", roots, whole=True) == (address, "/inputSchema")
    assert written_in(source, "/inputSchema/properties/to/description", roots)[0] is source
    # Where the schema has a `$ref` there, the model is not inlined.
    assert list(inlined(source, {"properties": {"to": {"$ref": "#/$defs/Address"}}})) == []


def test_models_names_each_model_the_arguments_hold_but_a_shared_name_or_the_result(tmp_path):
    (tmp_path / "two.py").write_text(
        "from pydantic import BaseModel\n\nclass Item(BaseModel):\n    name: str\n")
    (tmp_path / "held.py").write_text(
        "from typing import Optional\nfrom pydantic import BaseModel\nimport two\n\n"
        "class Item(BaseModel):\n    size: int\n\nclass Inner(BaseModel):\n    x: int\n\n"
        "class Outer(BaseModel):\n    inner: Optional[Inner] = None\n\n"
        "class Result(BaseModel):\n    ok: bool\n\n"
        "def tool(outer: Outer, mine: list[Item], theirs: dict[str, two.Item]) -> Result:\n    return Result(ok=True)\n")
    code = ("import json, sys; sys.path.insert(0, '.'); from schema_lint.python_tools.worker import models; "
            "import held; print(json.dumps(models(held.tool)))")
    found = json.loads(subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                                      check=True).stdout)
    assert sorted(found) == ["Inner", "Outer"]
    assert found["Inner"]["at"].endswith("held.py:8:1") and found["Inner"]["kinds"] == {"x": "number"}


FORMATTED = "formatted_tools:TOOLS"


def test_a_fix_to_a_call_written_one_argument_a_line_adds_lines_in_its_layout(project):
    """black and ruff write a long `Field(...)` one argument a line with a trailing comma;
    an argument a fix adds is another such line, and a call on one line stays on one."""
    path = project / "formatted_tools.py"
    before = path.read_text()
    result = run("check", "--python", FORMATTED, "--unsafe-fixes", "--fix", *SELECTED)
    assert "not made" not in result.output, result.output
    after = path.read_text()
    calls = [node for node in ast.walk(ast.parse(after))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Field"]
    assert sorted([(k.arg, ast.literal_eval(k.value)) for k in call.keywords][-2:] for call in calls) == sorted([
        [("description", "The customer's id, at most 32 characters."), ("max_length", 32)],
        [("ge", 1), ("le", 50)], [("description", "A note for the courier, at most 200 characters."),
                                  ("max_length", 200)], [("ge", 1), ("le", 99)]])
    added = [line for tag, line in _line_changes(before, after) if tag == "+"]
    assert added == ["            max_length=32,", "            ge=1,", "            le=50,", "        max_length=200,",
                     '    quantity: int = Field(description="How many to order, between 1 and 99.", ge=1, le=99)']
    assert [line for tag, line in _line_changes(before, after) if tag == "-"] == [
        '    quantity: int = Field(description="How many to order, between 1 and 99.")']

    run("check", "--python", FORMATTED, "--unsafe-fixes", "--fix", *SELECTED)
    assert path.read_text() == after  # a second --fix changes nothing


def _line_changes(before: str, after: str) -> list[tuple[str, str]]:
    """The lines a unified diff of the two texts adds ("+") and removes ("-"), in order."""
    return [(line[0], line[1:]) for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="")
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def test_a_parameter_holds_a_model_only_where_every_object_under_it_is_that_model_s():
    from typing import Annotated, Optional, Sequence

    from pydantic import BaseModel, Field

    from schema_lint.python_tools.worker import held_model

    class Item(BaseModel):
        name: str

    class Other(BaseModel):
        size: int

    held = [Item, Optional[Item], Item | None, list[Item], Optional[list[Item]], Sequence[Item],
            Annotated[list[Annotated[Item, Field(description="x")]], Field(max_length=3)]]
    assert all(held_model(annotation) is Item for annotation in held)
    others = [Item | Other, list[Item | Other], dict[str, Item], tuple[Item, Other], int, list[int], Optional[str]]
    assert all(held_model(annotation) is None for annotation in others)


TWO_TARGETS = ("--python", "two_targets_tools:PUBLIC", "--python", "two_targets_tools:ADMIN")


def test_targets_defined_in_one_file_get_all_their_fixes_in_one_run(project):
    path = project / "two_targets_tools.py"
    diff = run("check", *TWO_TARGETS, "--unsafe-fixes", "--diff", *SELECTED).output
    assert diff.count("--- two_targets_tools.py\n") == 1  # one diff of the file, with every target's fixes

    result = run("check", *TWO_TARGETS, "--unsafe-fixes", "--fix", *SELECTED)
    assert "SL000" not in result.output and result.exit_code != 2, result.output
    fixed = path.read_text()
    assert 'Field(description="Search terms, at most 200 characters.", max_length=200)' in fixed
    assert 'Field(description="Storage quota in GB, between 1 and 500.", ge=1, le=500)' in fixed
    assert 'Field(description="The tag, at most 30 characters.", max_length=30)' in fixed  # offered by both
    assert "".join(line for line in diff.splitlines(keepends=True) if line.startswith("+") and "+++" not in line) \
        == "".join(line for line in (f"+{text}" for text in fixed.splitlines(keepends=True))
                   if "max_length" in line or "ge=1" in line)

    run("check", *TWO_TARGETS, "--unsafe-fixes", "--fix", *SELECTED)
    assert path.read_text() == fixed  # a second --fix changes nothing


def test_findings_on_a_large_inlined_schema_are_placed_in_time_linear_in_their_number():
    """Where each model is inlined is read once per tool, not once per finding: 2,000
    parameters each holding an inlined model, and a finding on each one's field."""
    import time

    from schema_lint.model import Diagnostic, Severity
    from schema_lint.python_tools.frameworks import fitted

    count = 2_000
    address = {"at": "m.py:3:1", "fields": {"zip": "m.py:4:5"}}
    source = {"at": "m.py:9:1", "framework": "fastmcp", "models": {"Address": address},
              "holds": {f"p{i}": "Address" for i in range(count)}}
    tool = {"name": "t", "inputSchema": {"type": "object", "properties": {
        f"p{i}": {"type": "object", "properties": {"zip": {"type": "string"}}} for i in range(count)}}}
    findings = [Diagnostic("SL403", "description-contradicts-schema", Severity.WARNING, "m", "python:m:x/t",
                           f"/inputSchema/properties/p{i}/properties/zip", tool="t", live=True) for i in range(count)]
    started = time.thread_time()
    placed = fitted(findings, [tool], {"t": source})
    assert time.thread_time() - started < 1
    assert {d.source for d in placed} == {"m.py:4:5"}


KINDS = '''"""Notes of a kind."""

from pydantic import BaseModel, Field


class NewNote(BaseModel):
    """A note to create."""

    kind: str = Field(description="Kind: must be one of 'text' or 'list'.")
    title: str = Field(description="The title.")
'''


def test_fix_reports_what_remains_where_the_written_source_now_has_it(project):
    """The report after `--fix` listed the findings as linted before the edit: the `Literal`
    import the enum's fix adds moved `title` a line down, and SL301 on `kind`, which the enum
    resolves, was still reported."""
    (project / "kinds.py").write_text(KINDS)
    result = run("check", "--python", "kinds:NewNote", "--unsafe-fixes", "--fix", "--output-format", "json",
                 *SELECTED)
    text = (project / "kinds.py").read_text()
    assert "from typing import Literal" in text
    title_line = next(number for number, line in enumerate(text.splitlines(), 1) if "title:" in line)
    remaining = [(f["code"], f["source"]) for f in json.loads(result.stdout)]
    assert remaining == [("SL301", f"kinds.py:{title_line}:18")]
    assert remaining == [(f["code"], f["source"]) for f in findings("kinds:NewNote")]  # as a new run says


LEGACY_SOURCE = '''# -*- coding: latin-1 -*-
"""Outils de notes (écrits en Latin-1)."""

from typing import Annotated

from pydantic import Field


def chercher(
    requete: Annotated[str, Field(description="Texte à chercher, at most 80 characters.")],
) -> str:
    """Cherche les notes."""
    return requete


TOOLS = [chercher]
'''


def test_a_source_in_a_legacy_encoding_is_fixed_and_written_in_it(tmp_path, monkeypatch):
    """A `coding` line names the file's encoding (PEP 263): the fix is made in the text Python
    reads, and the file written back in that encoding, every other byte as it was."""
    path = tmp_path / "outils.py"
    path.write_bytes(LEGACY_SOURCE.encode("latin-1"))
    monkeypatch.chdir(tmp_path)
    result = run("check", "--python", "outils:TOOLS", "--unsafe-fixes", "--fix", *SELECTED)
    assert "cannot be read" not in result.output
    after = path.read_bytes().decode("latin-1")
    assert after == LEGACY_SOURCE.replace('chercher, at most 80 characters.")]',
                                          'chercher, at most 80 characters.", max_length=80)]')
    assert result.exit_code in (0, 1)


def test_a_fix_its_file_s_encoding_cannot_write_is_not_made(tmp_path, monkeypatch):
    path = tmp_path / "outils.py"
    text = LEGACY_SOURCE.replace("# -*- coding: latin-1 -*-", "# -*- coding: ascii -*-").replace("é", "e").replace("à", "a")
    path.write_bytes(text.replace('"Texte a chercher, at most 80 characters."',
                                  '"Texte a chercher, one of \'\\u00e9t\\u00e9\' or \'hiver\'."').encode("ascii"))
    monkeypatch.chdir(tmp_path)
    before = path.read_bytes()
    result = run("check", "--python", "outils:TOOLS", "--unsafe-fixes", "--fix", *SELECTED)
    assert path.read_bytes() == before
    assert "cannot be written in the file's encoding (ascii)" in result.output
