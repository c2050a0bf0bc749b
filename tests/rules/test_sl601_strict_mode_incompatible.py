"""SL601 strict-mode-incompatible: what each provider refuses, reported at its node, under
profiles that switch on from flags, configuration and the tool's own definition. Each entry
of the profile table, with a tool it accepts and one it refuses, is test_profile_table.py's."""

from __future__ import annotations

import json

from conftest import FIXTURES
from lintkit import lint_document, lint_tool
from rulekit import openai_tool

from schema_lint.config import Config
from schema_lint.model import FixSafety, Severity

PROFILES = FIXTURES / "profiles"


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


def test_openai_strict_closes_an_object_of_declared_properties_but_no_map():
    """A map closed would accept only `{}`: no fix for one, the finding stays."""
    maps = {"free": {"type": "object"}, "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "open": {"type": "object", "additionalProperties": True, "properties": {"a": {"type": "string"}},
                     "required": ["a"]}}
    parameters = {"type": "object", "required": ["point", *maps],
                  "properties": {"point": {"type": "object", "required": ["x"], "properties": {"x": {"type": "number"}}},
                                 **maps}}
    found = {d.pointer.removeprefix("/function/parameters"): d for d in lint_document(openai_tool(parameters), "t.json",
                                                                                       "SL601")}
    assert set(found) == {"", "/properties/point", "/properties/free", "/properties/labels", "/properties/open"}
    closed = {pointer for pointer, d in found.items() if d.fix is not None}
    assert closed == {"", "/properties/point"}
    assert [op.value for op in found["/properties/point"].fix.operations] == [False]


def test_openai_strict_closing_an_object_whose_words_take_other_keys_is_a_suggestion():
    """Closed, `filters` refuses the extra filters its words take, and `labels` (a map's name)
    any label but `team`: strict mode needs it closed, but which to give up is the author's call."""
    parameters = {"type": "object", "required": ["filters", "labels", "address"], "properties": {
        "filters": {"type": "object", "properties": {"status": {"type": "string"}},
                    "description": "Filters by field; any other keys are passed to the API as extra filters."},
        "labels": {"type": "object", "properties": {"team": {"type": "string"}}},
        "address": {"type": "object", "properties": {"city": {"type": "string"}}, "description": "Postal address."}}}
    closing = {d.pointer.removeprefix("/function/parameters"): d.fix for d in lint_document(openai_tool(parameters), "t.json",
                                                                                             "SL601")
               if d.fix is not None and d.fix.description.startswith("set `additionalProperties: false`")}
    assert {pointer: fix.safety for pointer, fix in closing.items()} == {
        "": FixSafety.UNSAFE, "/properties/address": FixSafety.UNSAFE,
        "/properties/filters": FixSafety.SUGGESTION, "/properties/labels": FixSafety.SUGGESTION}
    assert "the words take keys" in closing["/properties/filters"].description


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


def test_an_object_inside_a_refused_composition_is_one_finding_with_it():
    """The `allOf` goes, and its part with it: closing or requiring the part first is not asked."""
    parameters = {"type": "object", "additionalProperties": False, "required": ["text"],
                  "properties": {"text": {"type": "string", "description": "Text."}},
                  "allOf": [{"properties": {"text": {"type": "string"}}}]}
    tool = {"type": "function", "function": {"name": "create_note", "description": "Create a note.", "strict": True,
                                             "parameters": parameters}}
    found = lint_document(json.dumps({"model": "gpt-4.1", "tools": [tool]}), "note.json", "SL601")
    assert [finding.pointer.rsplit("/", 1)[-1] for finding in found] == ["allOf"]


def test_a_name_a_provider_profile_refuses_is_its_finding_in_place_of_sl402():
    """Under `anthropic` (or either OpenAI profile) the name rule is the profile's: one finding,
    quoting the API reference, not SL402's beside it."""
    tool = json.dumps([{"name": "orders.get", "description": "Get an order.", "input_schema": {
        "type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}}])
    assert [d.code for d in lint_document(tool, "t.json", None)].count("SL402") == 1
    for profile in ("anthropic", "anthropic-strict"):
        found = [d for d in lint_document(tool, "t.json", None, Config(profiles=[profile])) if d.code in ("SL402", "SL601")]
        assert [d.code for d in found] == ["SL601"] and found[0].message.startswith(f"{profile}: tool name `orders.get`")
