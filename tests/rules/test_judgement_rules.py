"""SL103, SL202, SL203, SL303, SL403, SL501 and the schema-hygiene rules SL009–SL015:
failing and passing examples, the shapes met in real tool schemas, and the law every
safe fix obeys (it accepts and rejects exactly the calls it did before)."""

from __future__ import annotations

import copy

import jsonschema
from hypothesis import given
from hypothesis import strategies as st
from lintkit import lint_tool

from schema_lint.config import Config
from schema_lint.model import FixSafety, Severity
from schema_lint.schema.pointer import split


def obj(**properties):
    return {"type": "object", "properties": properties}


def apply_fix(document: dict, fix) -> dict:
    """The document after a fix's operations (the subset of JSON Patch fixes use)."""
    document = copy.deepcopy(document)
    for operation in fix.operations:
        *parents, last = split(operation.path)
        target = document
        for token in parents:
            target = target[int(token)] if isinstance(target, list) else target[token]
        if operation.op == "remove":
            del target[last]
        else:
            target[last] = operation.value
    return document


def fixed_schema(schema: dict, diagnostic) -> dict:
    return apply_fix({"inputSchema": schema}, diagnostic.fix)["inputSchema"]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(-5, 5, allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)


# SL103 sensitive-default

def test_sl103_flags_money_recipient_and_permission_defaults_on_write_tools_as_errors():
    schema = {**obj(amount={"type": "number", "default": 100}, recipient={"type": "string", "default": "ops@example.com"},
                    role={"type": "string", "default": "admin"}, title={"type": "string", "default": "Hi"}),
              "required": ["title"]}
    found = lint_tool(schema, "SL103", name="send_payment")
    assert sorted(d.pointer.split("/")[-2] for d in found) == ["amount", "recipient", "role"]
    assert {d.severity for d in found} == {Severity.ERROR}


def test_sl103_fix_removes_the_default_and_requires_the_field():
    schema = {**obj(currency={"type": "string", "default": "USD"}, memo={"type": "string"}), "required": ["memo"]}
    (found,) = lint_tool(schema, "SL103", name="create_invoice")
    after = fixed_schema(schema, found)
    assert "default" not in after["properties"]["currency"] and after["required"] == ["memo", "currency"]
    assert found.fix.safety is FixSafety.UNSAFE


def test_sl103_leaves_paging_filters_and_empty_defaults_alone():
    schema = obj(page_size={"type": "integer", "default": 20}, sort={"type": "string", "default": "price"},
                 price_min={"type": "number", "default": 10}, cc={"type": "array", "default": []},
                 tip={"type": "number", "default": 0})
    assert lint_tool(schema, "SL103", name="create_order") == []


def test_sl103_is_info_on_read_tools_and_reads_configured_names():
    schema = obj(scope={"type": "string", "default": "repo"}, tenant={"type": "string", "default": "acme"})
    (found,) = lint_tool(schema, "SL103", name="search_code")
    assert found.severity is Severity.INFO
    config = Config(settings={"sensitive-names": ["tenant"]})
    assert len(lint_tool(schema, "SL103", name="search_code", config=config)) == 2


# SL202 loose-union

def test_sl202_flags_scalar_or_array_unions_and_narrows_to_the_array_keeping_null():
    # Azure DevOps' search_code `project`: a string or an array of strings, or null.
    schema = obj(project={"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"type": "null"}]})
    (found,) = lint_tool(schema, "SL202")
    assert found.pointer.endswith("/project/anyOf")
    assert fixed_schema(schema, found)["properties"]["project"]["anyOf"] == [
        {"type": "array", "items": {"type": "string"}}, {"type": "null"}]


def test_sl202_type_lists_and_integer_elements_of_number_arrays():
    schema = obj(ids={"type": ["integer", "array"], "items": {"type": "number"}}, tags={"type": ["string", "array"]})
    found = {d.pointer.split("/")[-2]: d for d in lint_tool(schema, "SL202")}
    assert set(found) == {"ids", "tags"}
    assert fixed_schema(schema, found["tags"])["properties"]["tags"] == {"type": "array", "items": {"type": "string"}}


def test_sl202_passes_unrelated_unions_and_gives_no_fix_when_narrowing_drops_a_type():
    schema = obj(value={"anyOf": [{"type": "string"}, {"type": "integer"}]},
                 when={"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "integer"}}]})
    assert lint_tool(schema, "SL202") == []
    mixed = obj(x={"anyOf": [{"type": "string"}, {"type": "boolean"}, {"type": "array", "items": {"type": "string"}}]})
    (found,) = lint_tool(mixed, "SL202")
    assert found.fix is None


# SL203 untyped-property

def test_sl203_flags_schemas_that_accept_any_value():
    schema = obj(a={}, b=True, c={"description": "anything"}, d={"type": "any"}, e={"type": ["string", "any"]},
                 f={"default": 3})
    found = lint_tool(schema, "SL203")
    assert sorted(d.pointer.rsplit("/", 1)[1] for d in found) == ["a", "b", "c", "d", "e", "f"]


def test_sl203_passes_typed_and_structurally_typed_properties():
    schema = obj(a={"type": "string"}, b={"enum": [1, 2]}, c={"const": "x"}, d={"$ref": "#/$defs/D"},
                 e={"anyOf": [{"type": "string"}]}, f={"properties": {"x": {"type": "string"}}},
                 g={"items": {"type": "string"}}, h={"type": "HashMap"}, i={"any_of": [{"type": "NUMBER"}]})
    assert lint_tool(schema, "SL203") == []


# SL303 unbounded-number

def test_sl303_judges_numbers_by_their_name_words():
    schema = obj(amount={"type": "number"}, quantity={"type": "integer"}, pageSize={"type": "integer", "minimum": 1},
                 discount_pct={"type": "number", "minimum": 0}, number_of_guests={"type": "integer"},
                 latitude={"type": "number"}, phone_number={"type": "integer"}, font_size={"type": "integer"})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL303")}
    assert set(found) == {"amount", "quantity", "pageSize", "discount_pct", "number_of_guests"}
    assert "upper" in found["pageSize"].message and "lower" not in found["pageSize"].message


def test_sl303_fixes_only_obvious_lower_bounds():
    schema = obj(price={"type": "number"}, qty={"type": "integer"}, percent={"type": "number"}, limit={"type": "integer"})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL303")}
    assert found["price"].fix.operations[0].value == 0
    assert found["qty"].fix.operations[0].value == 1
    assert found["limit"].fix.operations[0].value == 1
    assert found["percent"].fix is None


def test_sl303_passes_bounded_enumerated_and_exclusive_bounds():
    schema = obj(amount={"type": "number", "exclusiveMinimum": 0}, count={"type": "integer", "enum": [1, 2]},
                 limit={"type": "integer", "minimum": 1, "exclusiveMaximum": 101})
    assert lint_tool(schema, "SL303") == []


# SL403 description-contradicts-schema

def test_sl403_flags_required_and_optional_prose_that_the_schema_contradicts():
    schema = {**obj(key={"type": "string", "description": "API key for NVD access. Required."},
                    pageSize={"type": "integer", "description": "Records per page (optional, defaults to 10)."},
                    q={"type": "string", "description": "The query (required)"}),
              "required": ["pageSize"]}
    found = sorted(d.pointer.rsplit("/", 1)[1] for d in lint_tool(schema, "SL403"))
    assert found == ["key", "pageSize", "q"]


def test_sl403_ignores_conditional_alternative_and_sub_field_prose():
    schema = {**obj(
        email={"type": "string", "description": "Required when channel is email."},
        content={"type": "string", "description": "Either 'content' or 'content_file' must be provided."},
        versions={"type": "string", "description": "JSON array. Each object:\n- name (required): the name\n- date (optional)"},
        cc={"type": ["array", "null"], "items": {"type": "string"}, "description": "Optional carbon-copy addresses."},
        content_file={"type": "string"},
    ), "required": ["versions", "cc"]}
    assert lint_tool(schema, "SL403") == []


def test_sl403_suggests_the_enum_a_description_spells_out():
    schema = obj(order={"type": "string", "description": "Sort order, one of 'asc', 'desc'."},
                 unit={"type": "string", "description": "Either celsius or fahrenheit."},
                 level={"type": "string", "description": "Possible values: low, normal, high."},
                 city={"type": "string", "description": "A city, e.g. one of Paris, Rome."},
                 mode={"type": "string", "enum": ["a", "b"], "description": "One of a, b."})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL403")}
    assert set(found) == {"order", "unit", "level"}
    assert found["level"].fix.operations[0].value == ["low", "normal", "high"]
    assert found["order"].fix.safety is FixSafety.UNSAFE


# SL501 missing-idempotency-key

def test_sl501_info_on_write_warning_on_destructive_nothing_on_read():
    schema = obj(amount={"type": "number"})
    (write,) = lint_tool(schema, "SL501", name="create_payment")
    (destructive,) = lint_tool(schema, "SL501", name="delete_account")
    assert (write.severity, destructive.severity) == (Severity.INFO, Severity.WARNING)
    assert lint_tool(schema, "SL501", name="get_balance") == []


def test_sl501_accepts_any_spelling_configured_names_and_idempotent_hints():
    for name in ("idempotency_key", "idempotencyKey", "Idempotency-Key", "client_request_id", "dedupe_key"):
        assert lint_tool(obj(**{name: {"type": "string"}}), "SL501", name="create_payment") == []
    config = Config(settings={"idempotency-keys": ["txn_ref"]})
    assert lint_tool(obj(txn_ref={"type": "string"}), "SL501", name="create_payment", config=config) == []
    assert lint_tool(obj(x={"type": "string"}), "SL501", name="set_flag", annotations={"idempotentHint": True}) == []


# SL009–SL015: schema hygiene

def test_sl009_flags_lonely_if_then_and_else_with_safe_removals():
    schema = {**obj(channel={"enum": ["a", "b"]}), "if": {"properties": {"channel": {"const": "a"}}},
              "allOf": [{"then": {"required": ["x"]}}]}
    found = lint_tool(schema, "SL009")
    assert sorted(d.pointer for d in found) == ["/inputSchema/allOf/0/then", "/inputSchema/if"]
    assert {d.fix.safety for d in found} == {FixSafety.SAFE}
    complete = {**schema, "then": {"required": ["channel"]}}
    del complete["allOf"]
    assert lint_tool(complete, "SL009") == []


def test_sl010_const_with_enum_is_redundant_or_unsatisfiable():
    (redundant,) = lint_tool(obj(c={"const": "email", "enum": ["console", "email"]}), "SL010")
    (impossible,) = lint_tool(obj(c={"const": "sms", "enum": ["console", "email"]}), "SL010")
    assert redundant.fix.safety is FixSafety.SAFE and impossible.fix is None
    assert impossible.severity is Severity.ERROR
    assert lint_tool(obj(c={"const": "x"}), "SL010") == []


def test_sl011_duplicates_by_json_equality():
    schema = {**obj(n={"enum": [1, 1.0, True, "1"]}, s={"enum": ["a", "b"]}), "required": ["n", "n", "s"]}
    found = {d.pointer: d for d in lint_tool(schema, "SL011")}
    assert set(found) == {"/inputSchema/properties/n/enum", "/inputSchema/required"}
    assert found["/inputSchema/properties/n/enum"].fix.operations[0].value == [1, True, "1"]


def test_sl012_enum_values_of_the_wrong_type_real_bfcl_shapes():
    # BFCL: integer and boolean fields whose enums are strings ("dontcare", "True").
    schema = obj(adults={"type": "integer", "enum": ["1", "2", "dontcare"]},
                 kids={"type": "boolean", "enum": [True, False, "dontcare"]},
                 ok={"type": "number", "enum": [1, 2.5]}, alias={"type": "int", "enum": [1, 2]},
                 c={"type": "string", "const": 3})
    found = {d.pointer.split("/properties/")[1]: d for d in lint_tool(schema, "SL012")}
    assert set(found) == {"adults/enum", "kids/enum", "c/const"}
    assert found["adults/enum"].severity is Severity.ERROR and found["adults/enum"].fix is None
    assert found["kids/enum"].fix.operations[0].value == [True, False]


def test_sl013_patterns_must_be_ecma_262():
    schema = obj(a={"type": "string", "pattern": r"^(?P<year>\d{4})-\d{2}\Z"},
                 b={"type": "string", "pattern": r"(?i)^abc$"},
                 c={"type": "string", "pattern": r"^[a-z]+(?<n>x)\k<n>$"},
                 d={"type": "string", "pattern": "a{2,1}"})
    found = {d.pointer.split("/")[-2]: d for d in lint_tool(schema, "SL013")}
    assert set(found) == {"a", "b", "d"}
    assert found["a"].fix.operations[0].value == r"^(?<year>\d{4})-\d{2}$"
    assert "(?i)" in found["b"].message and found["b"].fix is None


def test_sl014_keywords_that_cannot_apply_are_ignored_and_safely_removed():
    schema = obj(zip={"type": "integer", "maxLength": 5}, name={"type": "string", "minimum": 1},
                 tags={"type": "object", "items": {"type": "string"}}, n={"type": "number", "maximum": 3},
                 i={"type": "integer", "multipleOf": 2}, x={"type": "any", "maxLength": 3})
    found = sorted(d.pointer.split("/properties/")[1] for d in lint_tool(schema, "SL014"))
    assert found == ["name/minimum", "tags/items", "zip/maxLength"]


def test_sl015_unsatisfiable_bounds():
    schema = obj(a={"type": "integer", "minimum": 10, "maximum": 5}, b={"type": "string", "minLength": 3, "maxLength": 2},
                 c={"type": "number", "exclusiveMinimum": 5, "maximum": 5}, d={"type": "number", "minimum": 5, "maximum": 5},
                 e={"type": "object", "required": ["x", "y"], "maxProperties": 1})
    found = sorted(d.pointer.split("/properties/")[1] for d in lint_tool(schema, "SL015"))
    assert found == ["a/minimum", "b/minLength", "c/exclusiveMinimum", "e/maxProperties"]


SAFE_FIX_CASES = [
    ("SL009", {"type": "integer", "if": {"minimum": 3}}),
    ("SL010", {"const": 2, "enum": [1, 2]}),
    ("SL011", {"enum": [1, 1.0, "a", "a", None]}),
    ("SL012", {"type": "integer", "enum": [1, "1", 2.0, 2.5, None]}),
    ("SL014", {"type": "integer", "maxLength": 1, "items": {"type": "string"}}),
]


@given(value=JSON_VALUES)
def test_safe_fixes_accept_exactly_what_the_schema_accepted(value):
    for code, property_schema in SAFE_FIX_CASES:
        schema = obj(v=property_schema)
        (diagnostic, *_) = lint_tool(schema, code)
        assert diagnostic.fix.safety is FixSafety.SAFE
        after = fixed_schema(schema, diagnostic)["properties"]["v"]
        assert jsonschema.Draft202012Validator(after).is_valid(value) == \
            jsonschema.Draft202012Validator(property_schema).is_valid(value), code


KEYWORDS = st.sampled_from(["type", "enum", "const", "required", "properties", "items", "anyOf", "oneOf", "if", "then",
                            "else", "pattern", "minimum", "maximum", "exclusiveMinimum", "minLength", "maxLength",
                            "default", "description", "$ref", "format", "additionalProperties", "maxProperties"])
ODD_SCHEMAS = st.recursive(
    JSON_VALUES | st.sampled_from(["string", "any", "dict", ["integer", "array"], "(?P<x>a)\\Z", "#/$defs/x"]),
    lambda inner: st.dictionaries(KEYWORDS | st.text(max_size=4), inner, max_size=4) | st.lists(inner, max_size=3),
    max_leaves=10,
)
MY_RULES = ["SL009", "SL010", "SL011", "SL012", "SL013", "SL014", "SL015", "SL103", "SL202", "SL203", "SL303",
            "SL403", "SL501", "SL601"]


@given(properties=st.dictionaries(st.text(max_size=8), ODD_SCHEMAS, max_size=4), root=ODD_SCHEMAS)
def test_no_rule_crashes_on_odd_schemas(properties, root):
    import json

    from schema_lint.run.linter import lint_text

    schema = {**root, "properties": properties} if isinstance(root, dict) else root
    tool = {"name": "create_thing", "description": "A tool.", "inputSchema": schema, "strict": True}
    config = Config(select=MY_RULES, profiles=["openai-strict", "anthropic-strict", "gemini"])
    result = lint_text(json.dumps(tool), "tool.json", config)
    assert not [d.message for d in result.diagnostics if d.message.startswith("internal error")]
