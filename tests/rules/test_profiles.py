"""Provider profiles: SL601 reports what each provider refuses, profiles switch on from
flags, config and the tool's own definition, and no rule's fix suggests a keyword the
tool's provider refuses."""

from __future__ import annotations

import json

import pytest

from conftest import FIXTURES
from lintkit import lint_document, lint_tool

from schema_lint.config import Config
from schema_lint.run.linter import lint_text
from schema_lint.gate import PROFILE, gated
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity

PROFILES = FIXTURES / "profiles"


def openai_tool(parameters: dict, strict: bool = True) -> str:
    return json.dumps({"type": "function", "function": {"name": "set_unit", "parameters": parameters, "strict": strict}})


def messages(found) -> list[str]:
    return [d.message for d in found]


def test_a_strict_tool_generated_by_the_openai_sdk_passes_and_breaking_it_is_caught():
    text = (PROFILES / "openai_strict_send_email.json").read_text()
    assert lint_document(text, "send_email.json", "SL601") == []
    broken = json.loads(text)
    del broken["function"]["parameters"]["additionalProperties"]
    broken["function"]["parameters"]["required"].remove("cc")
    found = lint_document(json.dumps(broken), "send_email.json", "SL601")
    assert len(found) == 2 and all("openai-strict" in m for m in messages(found))


def test_openai_strict_refusals_each_reported_at_their_node():
    parameters = {"type": "object", "additionalProperties": False, "required": ["a", "b"],
                  "properties": {"a": {"type": "string", "format": "uri"},
                                 "b": {"allOf": [{"type": "string"}], "not": {"const": "x"}}},
                  "if": {"required": ["a"]}, "then": {"required": ["b"]}}
    found = {d.pointer.removeprefix("/function/parameters") for d in lint_document(openai_tool(parameters), "t.json", "SL601")}
    assert found == {"/properties/a/format", "/properties/b/allOf", "/properties/b/not", "/if", "/then"}


def test_openai_strict_makes_optional_fields_required_and_nullable():
    parameters = {"type": "object", "additionalProperties": False, "required": ["city"],
                  "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["C", "F"]},
                                 "at": {"$ref": "#/$defs/T"}, "n": {"anyOf": [{"type": "integer"}]}},
                  "$defs": {"T": {"type": "string"}}}
    (found,) = lint_document(openai_tool(parameters), "t.json", "SL601")
    assert "unit, at, n" in found.message and found.fix.safety is FixSafety.UNSAFE
    operations = {op.path.removeprefix("/function/parameters"): op.value for op in found.fix.operations}
    assert operations["/required"] == ["city", "unit", "at", "n"]
    assert operations["/properties/unit/type"] == ["string", "null"] and operations["/properties/unit/enum"] == ["C", "F", None]
    assert operations["/properties/at"] == {"anyOf": [{"$ref": "#/$defs/T"}, {"type": "null"}]}
    assert operations["/properties/n/anyOf"] == [{"type": "integer"}, {"type": "null"}]


def test_openai_strict_root_and_size_limits():
    root_union = {"anyOf": [{"type": "object"}], "type": "object", "properties": {}, "additionalProperties": False}
    assert "must not use `anyOf`" in messages(lint_document(openai_tool(root_union), "t.json", "SL601"))[0]
    many = {"type": "object", "additionalProperties": False, "required": ["e"],
            "properties": {"e": {"type": "string", "enum": [f"v{i}" for i in range(1001)]}}}
    assert any("1001 enum values" in m for m in messages(lint_document(openai_tool(many), "t.json", "SL601")))
    deep = inner = {"type": "object", "additionalProperties": False, "required": [], "properties": {}}
    for _ in range(11):
        child = {"type": "object", "additionalProperties": False, "required": [], "properties": {}}
        inner["properties"]["c"], inner["required"] = child, ["c"]
        inner = child
    found = lint_document(openai_tool(deep), "t.json", "SL601")
    assert len(found) == 1 and "nested 11 objects deep" in found[0].message


def test_profiles_come_from_config_and_strict_flags_only():
    schema = {"type": "object", "properties": {"q": {"type": "string"}}}
    assert lint_tool(schema, "SL601") == []
    assert lint_document(openai_tool(schema, strict=False), "t.json", "SL601") == []
    configured = lint_tool(schema, "SL601", config=Config(profiles=["openai-strict"]))
    assert configured and all(m.startswith("openai-strict") for m in messages(configured))


def test_anthropic_strict_recursion_external_refs_unions_and_bounds():
    schema = {"type": "object", "properties": {
        "tree": {"$ref": "#/$defs/Node"},
        "remote": {"$ref": "https://example.com/schema.json"},
        "n": {"type": "integer", "maximum": 5},
        "when": {"type": "string", "format": "iso-week"},
    }, "$defs": {"Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}}}}
    found = lint_tool(schema, "SL601", config=Config(profiles=["anthropic-strict"]))
    by_pointer = {d.pointer.removeprefix("/inputSchema"): d for d in found}
    assert "recursive" in by_pointer["/$defs/Node/properties/children/items/$ref"].message
    assert "external" in by_pointer["/properties/remote/$ref"].message
    # "If you use an unsupported feature, you'll receive a 400 error": a bound is an error, not a note.
    assert by_pointer["/properties/n/maximum"].severity is Severity.ERROR
    assert "iso-week" in by_pointer["/properties/when/format"].message
    assert "/properties/tree/$ref" not in by_pointer
    unions = {"type": "object", "properties": {f"p{i}": {"type": ["string", "null"]} for i in range(17)},
              "required": [f"p{i}" for i in range(17)]}
    assert any("17 parameters with union types" in m for m in
               messages(lint_tool(unions, "SL601", config=Config(profiles=["anthropic-strict"]))))


def test_a_real_gemini_declaration_passes_and_gemini_refusals_are_reported():
    text = (PROFILES / "gemini_transfer_funds.json").read_text()
    assert lint_document(text, "transfer.json", "SL601") == []
    declaration = json.loads(text)
    declaration["name"] = "transfer funds"
    declaration["parameters"]["additionalProperties"] = False
    declaration["parameters"]["properties"]["memo"] = {"oneOf": [{"type": "STRING"}], "type": ["STRING", "NULL"]}
    found = {d.pointer for d in lint_document(json.dumps(declaration), "transfer.json", "SL601")}
    assert found == {"/name", "/parameters/additionalProperties", "/parameters/properties/memo/oneOf",
                     "/parameters/properties/memo/type"}


def test_sl101_under_openai_strict_suggests_required_and_nullable_not_a_partial_required():
    schema = {"type": "object", "additionalProperties": False,
              "properties": {"q": {"type": "string", "description": "Required."},
                             "limit": {"type": "integer", "default": 5}}}
    (plain,) = lint_document(openai_tool(schema, strict=False), "t.json", "SL101")
    (strict,) = lint_document(openai_tool(schema), "t.json", "SL101")
    assert [op.value for op in plain.fix.operations] == [["q"]]
    operations = {op.path.removeprefix("/function/parameters"): op.value for op in strict.fix.operations}
    assert operations["/required"] == ["q", "limit"] and operations["/properties/limit/type"] == ["integer", "null"]


def test_sl201_never_suggests_additional_properties_to_gemini_parameters():
    text = (PROFILES / "gemini_transfer_funds.json").read_text()
    assert lint_document(text, "transfer.json", "SL201") == []
    assert lint_tool({"type": "object", "properties": {"a": {"type": "string"}}}, "SL201") != []


def test_an_open_object_under_openai_strict_is_one_finding_sl601s_with_the_fix():
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
              "allOf": [{"required": ["a"]}]}
    (plain,) = lint_tool(schema, "SL201")
    assert "unevaluatedProperties" in plain.message and plain.fix is None
    config = Config(profiles=["openai-strict"], select=["SL201", "SL601"])
    open_object = [d for d in lint_text(json.dumps({"name": "t", "description": "A tool.", "inputSchema": schema}),
                                        "tool.json", config).diagnostics if "additionalProperties" in d.message]
    assert [d.code for d in open_object] == ["SL601"]
    assert open_object[0].fix.operations[0].path == "/inputSchema/additionalProperties"


def test_with_sl601_off_sl201_reports_the_open_object_again():
    schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
    config = Config(profiles=["openai-strict"], select=["SL201"])
    found = lint_text(json.dumps({"name": "t", "description": "A tool.", "inputSchema": schema}), "tool.json",
                      config).diagnostics
    assert [d.code for d in found] == ["SL201"]


def test_a_missing_required_under_openai_strict_is_one_sl601_finding_at_every_depth():
    schema = {"type": "object", "additionalProperties": False, "properties": {
        "a": {"type": "string"},
        "inner": {"type": "object", "additionalProperties": False, "required": [],
                  "properties": {"b": {"type": "string"}}}}}
    config = Config(profiles=["openai-strict"], select=["SL101", "SL201", "SL601"])
    found = lint_text(json.dumps({"name": "create_t", "description": "A tool.", "inputSchema": schema}),
                      "tool.json", config).diagnostics
    assert sorted((d.code, d.pointer) for d in found) == [
        ("SL601", "/inputSchema"), ("SL601", "/inputSchema/properties/inner")]
    assert all(d.fix is not None for d in found)


def test_no_fix_adds_a_format_the_profile_refuses_and_the_finding_says_why():
    schema = {"type": "object", "properties": {
        "callback_url": {"type": "string", "description": "Where to post, e.g. https://example.com/hook"},
        "reply_email": {"type": "string", "description": "Where to reply, e.g. ops@example.com"}}}
    plain = {d.pointer.rsplit("/", 1)[-1]: d for d in lint_tool(schema, "SL304")}
    assert plain["callback_url"].fix.operations[0].value == "uri" and plain["reply_email"].fix is not None
    strict = {d.pointer.rsplit("/", 1)[-1]: d for d in lint_tool(schema, "SL304", config=Config(profiles=["openai-strict"]))}
    assert strict["callback_url"].fix is None
    assert strict["callback_url"].message.endswith("no fix: it adds `format: uri`, which openai-strict refuses")
    assert strict["reply_email"].fix.operations[0].value == "email"
    anthropic = lint_tool(schema, "SL304", config=Config(profiles=["anthropic-strict"]))
    assert all(d.fix is not None for d in anthropic)
    gemini = {d.pointer.rsplit("/", 1)[-1]: d for d in lint_tool(schema, "SL304", config=Config(profiles=["gemini"]))}
    assert gemini["reply_email"].fix is None and "which gemini refuses" in gemini["reply_email"].message


def test_bounds_the_provider_refuses_are_never_suggested_and_the_finding_says_why():
    schema = {"type": "object", "properties": {"title": {"type": "string", "description": "At most 80 characters."},
                                               "amount": {"type": "number"}}}
    anthropic = Config(profiles=["anthropic-strict"])
    assert all(d.fix is not None for d in lint_tool(schema, "SL301") + lint_tool(schema, "SL303"))
    refused = lint_tool(schema, "SL301", config=anthropic) + lint_tool(schema, "SL303", config=anthropic)
    assert [d.message.rsplit("; ", 1)[-1] for d in refused] == [
        "no fix: it adds `maxLength`, which anthropic-strict refuses",
        "no fix: it adds `minimum`, which anthropic-strict refuses"]
    assert all(d.fix is None for d in refused)


@pytest.mark.parametrize(("profile", "keyword", "value", "refused"), [
    ("openai-strict", "format", "uri", True), ("openai-strict", "format", "email", False),
    ("openai-strict", "maxLength", 10, False), ("openai-strict", "allOf", [], True),
    ("anthropic-strict", "maxItems", 5, True), ("anthropic-strict", "minItems", 1, False),
    ("anthropic-strict", "minItems", 2, True), ("anthropic-strict", "additionalProperties", False, False),
    ("anthropic-strict", "additionalProperties", {}, True), ("anthropic-strict", "pattern", "^a$", False),
    ("gemini", "additionalProperties", False, True), ("gemini", "format", "date-time", False),
])
def test_every_fix_that_adds_a_keyword_is_checked_against_the_refusal_table(profile, keyword, value, refused):
    proposed = Diagnostic("SL999", "test", Severity.WARNING, "a finding", "t.json", "/p",
                          fix=Fix("add it", FixSafety.UNSAFE, (Operation("add", f"/p/properties/x/{keyword}", value),)))
    (diagnostic,) = gated([proposed], {"type": "object", "properties": {"x": {"type": "string"}}}, "/p",
                          frozenset({profile}))
    assert (diagnostic.fix is None) is refused
    assert (f"which {profile} refuses" in diagnostic.message) is refused
    assert (diagnostic.withheld is not None and diagnostic.withheld.gate == PROFILE) is refused


def test_a_fix_that_moves_a_subschema_adds_none_of_the_keywords_it_already_had():
    schema = {"type": "object", "properties": {"x": {"type": "string", "format": "uri"}}}
    proposed = Diagnostic("SL999", "test", Severity.WARNING, "a finding", "t.json", "", fix=Fix("nullable", FixSafety.UNSAFE, (
        Operation("replace", "/properties/x", {"anyOf": [schema["properties"]["x"], {"type": "null"}]}),)))
    (diagnostic,) = gated([proposed], schema, "", frozenset({"openai-strict"}))
    assert diagnostic.fix is not None
