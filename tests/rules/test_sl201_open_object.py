"""SL201 open-object: severity from the MCP annotations it can trust, and no
`additionalProperties` suggested where Gemini refuses it."""

from __future__ import annotations

from conftest import FIXTURES
from lintkit import lint_document, lint_tool
from rulekit import TIGHT

from schema_lint.model import Severity

PROFILES = FIXTURES / "profiles"


def test_sl201_open_object_and_mcp_annotations_decide_severity():
    schema = {**TIGHT}
    del schema["additionalProperties"]
    assert lint_tool(schema, "SL201", name="frobnicate", annotations={"readOnlyHint": True}) == []
    (found,) = lint_tool(schema, "SL201", name="frobnicate", annotations={"readOnlyHint": False})
    assert found.severity is Severity.ERROR
    assert lint_tool(TIGHT, "SL201") == []
    assert lint_tool({**schema, "unevaluatedProperties": False}, "SL201") == []


def test_a_contradicted_hint_no_longer_lowers_the_severities():
    schema = {"type": "object", "properties": {"path": {"type": "string", "maxLength": 9, "description": "P."}},
              "required": ["path"]}
    (trusted,) = lint_tool(schema, "SL201", name="remove_file_if_safe_tool", annotations={"readOnlyHint": False,
                                                                                        "destructiveHint": True})
    (contradicted,) = lint_tool(schema, "SL201", name="delete_file", annotations={"readOnlyHint": True})
    assert (trusted.severity, contradicted.severity) == (Severity.ERROR, Severity.ERROR)
    assert lint_tool(schema, "SL201", name="get_file", annotations={"readOnlyHint": True}) == []  # a read tool


def test_sl201_never_suggests_additional_properties_to_gemini_parameters():
    text = (PROFILES / "gemini_transfer_funds.json").read_text()
    assert lint_document(text, "transfer.json", "SL201") == []
    assert lint_tool({"type": "object", "properties": {"a": {"type": "string"}}}, "SL201") != []


def test_sl201_on_a_read_tool_speaks_only_when_recorded_calls_show_the_object_closed():
    # An open lookup or calculator: true, and on published tools almost never worth a change.
    schema = {"type": "object", "properties": {"city": {"type": "string"}}}
    assert lint_tool(schema, "SL201", name="get_weather") == []
    assert [d.pointer for d in lint_tool(schema, "SL201", name="update_weather")] == ["/inputSchema"]


def test_a_write_tool_whose_arguments_declare_nothing_is_flagged_once_at_its_root():
    """`{"type": "object"}` or `{}` for `delete_records`: any call passed, with --select ALL
    too, since there were no `properties` to close."""
    for schema in ({"type": "object"}, {}, {"type": "object", "description": "The filter."}):
        (found,) = lint_tool(schema, "SL201", name="delete_records")
        assert (found.pointer, found.severity, found.fix) == ("/inputSchema", Severity.ERROR, None)
        assert "declare no parameter and accept any keys" in found.message
        assert lint_tool(schema, "SL201", name="get_records") == []  # a read tool, as for other open objects
    for saying in ({"type": "object", "properties": {}}, {"type": "object", "additionalProperties": {"type": "string"}},
                   {"type": "object", "patternProperties": {"^x-": {}}}, {"type": "object", "propertyNames": {"maxLength": 8}}):
        assert "declare no parameter" not in " ".join(d.message for d in lint_tool(saying, "SL201", name="delete_records"))


NOTHING_SPELLED = [{}, {"type": "object"}, True, {"$ref": "#"}, {"allOf": [{}]}, {"anyOf": [{}]},
                   {"anyOf": [{"type": "object"}, {"type": "string"}]}, {"oneOf": [True]}, {"not": {"not": {}}},
                   {"not": False}, {"not": {"type": "string"}}, {"if": True, "then": {}}, {"then": {"required": ["a"]}},
                   {"additionalProperties": True}, {"$ref": "#/$defs/any", "$defs": {"any": {"$ref": "#"}}},
                   {"allOf": [{"$ref": "#/$defs/any"}], "$defs": {"any": {}}},
                   {"$ref": "#/$defs/Filter", "$defs": {"Filter": {"type": "object"}}}]
SOMETHING = [False, {"type": "object", "properties": {"a": {"type": "string"}}}, {"allOf": [{"required": ["a"]},
             {"properties": {"a": {"type": "string"}}}]}, {"anyOf": [{"maxProperties": 1}]}, {"oneOf": [{}, {}]},
             {"not": {}}, {"not": {"not": {"type": "string"}}}, {"not": {"$ref": "#"}}, {"if": True, "then": False},
             {"if": {"required": ["a"]}, "else": {"maxProperties": 0}}, {"$ref": "#/$defs/closed",
             "$defs": {"closed": {"additionalProperties": False}}}, {"$ref": "https://example.com/s.json"},
             {"$ref": "#/$defs/missing"}, {"propertyNames": {"maxLength": 3}}, {"enum": [{}]},
             {"not": {"type": "dict"}}, {"$ref": "#/$defs/a", "$defs": {"a": {"$id": "https://e.com/x", "$ref": "#"}}}]


def test_a_write_tool_that_accepts_anything_is_reported_however_it_is_spelled():
    """`true`, `{"$ref": "#"}`, `{"allOf": [{}]}`... accept every call, as `{}` does; every
    validator reads them so (checked with jsonschema)."""
    import jsonschema

    for schema in NOTHING_SPELLED:
        if "$ref" not in str(schema):  # a loop of references loops the validator too
            jsonschema.validate({"anything": 1, "admin": True}, schema)
        (found,) = lint_tool(schema, "SL201", name="delete_user")
        assert found.severity is Severity.ERROR and "accept any keys" in found.message, schema


def test_a_schema_that_constrains_keys_is_not_reported_as_accepting_anything():
    for schema in SOMETHING:
        assert not [found for found in lint_tool(schema, "SL201", name="delete_user")
                    if "accept any keys" in found.message], schema


def test_a_long_reference_chain_is_judged_within_its_budget():
    """10,000 links reach the subschema budget: judged as saying something, quickly."""
    chain = {f"d{index}": {"$ref": f"#/$defs/d{index + 1}"} for index in range(20_000)}
    chain["d20000"] = {}
    from schema_lint.schema.accepts_anything import says_nothing_of_keys

    assert says_nothing_of_keys({"$ref": "#/$defs/d19990", "$defs": chain})
    assert not says_nothing_of_keys({"$ref": "#/$defs/d0", "$defs": chain})


def _union_tool(target: dict) -> dict:
    return {"type": "object", "properties": {"channel": {"type": "string"}, "target": target},
            "required": ["channel", "target"], "additionalProperties": False}


_EMAIL = {"type": "object", "properties": {"email": {"type": "string"}}, "required": ["email"]}
_PHONE = {"type": "object", "properties": {"phone": {"type": "string"}}, "required": ["phone"]}


def test_each_variant_of_a_union_is_an_object_of_its_own_with_a_suggestion_to_close_it():
    """A discriminated union's variants (the object around them declares no key): closing each
    closes the whole. They were reported with "no fix: close the object it refines", an object
    that declares nothing to close."""
    found = lint_tool(_union_tool({"anyOf": [_EMAIL, _PHONE]}), "SL201", name="send_message")
    assert [f.pointer for f in found] == ["/inputSchema/properties/target/anyOf/0",
                                          "/inputSchema/properties/target/anyOf/1"]
    assert all(f.fix is not None and f.fix.operations[0].path.endswith("/additionalProperties") for f in found)
    nested = lint_tool(_union_tool({"oneOf": [{"anyOf": [_EMAIL]}, _PHONE], "required": ["email"]}), "SL201",
                       name="send_message")
    # `email` required around the variants: closed, the phone variant would reject it.
    assert [f.fix is None for f in nested] == [False, True]


def test_a_branch_refining_an_object_with_properties_is_left_to_that_object_s_finding():
    """One finding per problem: the object declaring `kind` beside its branches is the one to close
    (as a whole); its branches were each reported again, under the same name."""
    target = {"type": "object", "properties": {"kind": {"type": "string"}}, "anyOf": [_EMAIL, _PHONE]}
    assert [f.pointer for f in lint_tool(_union_tool(target), "SL201", name="send_message")] == ["/inputSchema/properties/target"]
    behind_a_ref = lint_tool(_union_tool({"$ref": "#/$defs/base", "anyOf": [_EMAIL]}), "SL201", name="send_message")
    assert [(f.pointer, f.fix) for f in behind_a_ref] == [("/inputSchema/properties/target/anyOf/0", None)]
    assert "branch of `anyOf` in `target`" in behind_a_ref[0].message


def test_a_branch_is_named_by_its_place_and_a_stated_open_object_by_what_it_states():
    """Two variants read "object `target` accepts undeclared keys", told apart only by their line;
    and "no `additionalProperties: false`" and "the schema does not say whether other keys are
    taken" of an object whose schema says `additionalProperties: true`."""
    first, second = lint_tool(_union_tool({"oneOf": [_EMAIL, {**_PHONE, "additionalProperties": True}]}), "SL201",
                              name="send_message")
    assert "object `target` (`oneOf` branch 0) accepts undeclared keys (no `additionalProperties: false`)" \
        in first.message
    assert "object `target` (`oneOf` branch 1) accepts undeclared keys (its `additionalProperties: true` says so)" \
        in second.message
    assert "the schema says other keys are taken" in second.fix.description


BASE = {"type": "object", "properties": {"email": {"type": "string", "maxLength": 99, "description": "Email."}},
        "required": ["email"]}
ROLE = {"role": {"type": "string", "enum": ["viewer", "editor"], "description": "Role."}}


def test_a_definition_made_part_of_an_object_by_reference_is_left_to_that_object():
    """Closed alone, `Base` would reject `role`, and so every call; the object it is part of is the one to close."""
    by_allof = {"type": "object", "allOf": [{"$ref": "#/$defs/Base"}], "properties": ROLE, "required": ["role"],
                "$defs": {"Base": BASE}}
    beside = {"type": "object", "$ref": "#/$defs/Base", "properties": ROLE, "$defs": {"Base": BASE}}
    for schema in (by_allof, beside):
        assert lint_tool({**schema, "unevaluatedProperties": False}, "SL201") == []
        (found,) = lint_tool(schema, "SL201")
        assert found.pointer.endswith("/inputSchema") and "unevaluatedProperties" in found.message
    used_whole = {"type": "object", "properties": {"owner": {"$ref": "#/$defs/Base"}}, "additionalProperties": False,
                  "$defs": {"Base": BASE}}
    (found,) = lint_tool(used_whole, "SL201")
    assert found.pointer.endswith("/$defs/Base")
