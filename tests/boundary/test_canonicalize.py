"""canonicalize: the default repair at any depth, each opt-in repair, and what is never done."""

from __future__ import annotations

import copy
import importlib
import time

import pytest

from boundary_schemas import SEARCH

from schema_lint.boundary import REPAIRS, Policy, Repair, ToolBoundary, canonicalize

ALL = Policy.all()


def only(*names: str) -> Policy:
    return Policy.from_names(names)


def test_scalar_for_array_at_top_level():
    schema = {"type": "object", "properties": {"data_source_names": {"type": "array", "items": {"type": "string"}}}}
    result = canonicalize(schema, {"data_source_names": "dotnet/eshop"})
    assert result.arguments == {"data_source_names": ["dotnet/eshop"]}
    assert result.repairs == [Repair("$.data_source_names", "scalar-for-array", "dotnet/eshop", ["dotnet/eshop"])]


def test_comma_joined_text_is_neither_wrapped_nor_split():
    result = canonicalize(SEARCH, {"query": "q", "filters": {"regions": "eu,us"}})
    assert result.arguments["filters"]["regions"] == "eu,us" and result.repairs == []


def test_integer_item_and_type_list_with_null():
    result = canonicalize(SEARCH, {"query": "q", "filters": {"years": 2024}})
    assert result.arguments["filters"]["years"] == [2024]


def test_recursive_ref_paths():
    call = {"query": "q", "sections": [{"authors": "ann", "children": [{"authors": "bob"}]}]}
    result = canonicalize(SEARCH, call)
    assert [r.path for r in result.repairs] == ["$.sections[0].authors", "$.sections[0].children[0].authors"]
    assert result.arguments["sections"][0]["children"][0]["authors"] == ["bob"]


@pytest.mark.parametrize(("items", "value"), [
    ({"type": "string"}, 5),
    ({"type": "string", "enum": ["earth", "venus"]}, "mars"),
    ({"type": "integer"}, "7"),
])
def test_scalar_the_items_reject_is_left_alone(items, value):
    schema = {"type": "object", "properties": {"x": {"type": "array", "items": items}}}
    result = canonicalize(schema, {"x": value})
    assert result.arguments == {"x": value} and result.repairs == []


def test_array_constraints_must_hold_after_wrapping():
    schema = {"type": "object", "properties": {"x": {"type": "array", "items": {"type": "string"}, "minItems": 2}}}
    assert canonicalize(schema, {"x": "a"}).repairs == []


def test_json_looking_string_is_not_wrapped_by_default():
    schema = {"type": "object", "properties": {"x": {"type": "array", "items": {"type": "string"}}}}
    assert canonicalize(schema, {"x": '["a", "b"]'}).repairs == []
    assert canonicalize(schema, {"x": '["a", "b"]'}, only("json-string")).arguments == {"x": ["a", "b"]}


@pytest.mark.parametrize("text", ["[a]", "[NaN]", "[" + "9" * 5000 + "]", "{a: 1}", " [Infinity] "])
def test_a_list_written_as_text_neither_reader_reads_is_not_wrapped_either(text):
    """Brackets around text JSON and Python literals both refuse still say the model wrote a
    list as a string: `["[a]"]` would pass that text as one item of a valid call."""
    schema = {"type": "object", "properties": {"x": {"type": "array", "items": {"type": "string"}}}}
    assert canonicalize(schema, {"x": text}).repairs == []
    assert canonicalize(schema, {"x": "[x](https://example.com)"}).arguments == {"x": ["[x](https://example.com)"]}


def test_null_is_not_wrapped():
    schema = {"type": "object", "properties": {"x": {"type": "array", "items": {"type": ["string", "null"]}}}}
    assert canonicalize(schema, {"x": None}).repairs == []


def test_json_string_object_and_nested_repair():
    schema = {"type": "object", "properties": {"filter": {
        "type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}},
        "required": ["tags"]}}}
    result = canonicalize(schema, {"filter": '{"tags": "red"}'}, only("json-string", "scalar-for-array"))
    assert result.arguments == {"filter": {"tags": ["red"]}}
    assert [(r.path, r.rule) for r in result.repairs] == [("$.filter", "json-string"),
                                                          ("$.filter.tags", "scalar-for-array")]
    assert result.repairs[0].after == {"tags": ["red"]}


def test_json_string_needs_the_decoded_value_to_validate():
    schema = {"type": "object", "properties": {"filter": {"type": "object", "required": ["tags"]}}}
    assert canonicalize(schema, {"filter": '{"other": 1}'}, ALL).repairs == []
    assert canonicalize(schema, {"filter": '{"tags": NaN}'}, ALL).repairs == []


def test_enum_case_unique_match_only():
    schema = {"type": "object", "properties": {
        "priority": {"type": "string", "enum": ["low", "normal", "high"]},
        "mode": {"type": "string", "enum": ["Fast", "fast"]}}}
    result = canonicalize(schema, {"priority": "HIGH", "mode": "FAST"}, only("enum-case"))
    assert result.arguments == {"priority": "high", "mode": "FAST"}
    assert [r.path for r in result.repairs] == ["$.priority"]


@pytest.mark.parametrize(("allowed", "sent", "repaired"), [
    ("masse", "Maße", None), ("weiß", "weiss", None), ("file", "\ufb01le", None),  # other letters, not case
    ("straße", "STRAßE", "straße"), ("École", "éCOLE", "École"),
])
def test_enum_case_changes_the_case_of_letters_and_nothing_else(allowed, sent, repaired):
    schema = {"type": "object", "properties": {"s": {"type": "string", "enum": [allowed]}}}
    result = canonicalize(schema, {"s": sent}, only("enum-case"))
    assert result.arguments == {"s": repaired or sent}


def test_enum_case_on_const():
    schema = {"type": "object", "properties": {"kind": {"const": "page_id"}}}
    assert canonicalize(schema, {"kind": "PAGE_ID"}, only("enum-case")).arguments == {"kind": "page_id"}


@pytest.mark.parametrize(("text", "number"), [("5", 5), ("-2", -2), ("2.5", 2.5), ("1e3", 1000.0)])
def test_numeric_string_exact_numbers(text, number):
    schema = {"type": "object", "properties": {"n": {"type": "number"}}}
    result = canonicalize(schema, {"n": text}, only("numeric-string"))
    assert result.arguments == {"n": number} and type(result.arguments["n"]) is type(number)


@pytest.mark.parametrize("text", ["007", " 5", "5 ", "+5", "five", "NaN", "Infinity", "0x10", "1e999"])
def test_numeric_string_refuses_anything_but_a_json_number(text):
    schema = {"type": "object", "properties": {"n": {"type": "number"}}}
    assert canonicalize(schema, {"n": text}, only("numeric-string")).repairs == []


@pytest.mark.parametrize("text", ["1e2", "5.0", "-3.00"])
def test_numeric_string_gives_an_integer_field_only_an_integers_text(text):
    """A float reaching a tool whose parameter is an integer (`range(5.0)`) fails there."""
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    assert canonicalize(schema, {"n": text}, only("numeric-string")).repairs == []
    assert canonicalize(schema, {"n": "-3"}, only("numeric-string")).arguments == {"n": -3}


def test_numeric_string_must_fit_the_schema():
    schema = {"type": "object", "properties": {"n": {"type": "integer", "maximum": 10}}}
    assert canonicalize(schema, {"n": "2.5"}, only("numeric-string")).repairs == []
    assert canonicalize(schema, {"n": "11"}, only("numeric-string")).repairs == []


@pytest.mark.parametrize(("text", "expected"), [("true", True), ("false", False)])
def test_boolean_string(text, expected):
    schema = {"type": "object", "properties": {"b": {"type": "boolean"}}}
    assert canonicalize(schema, {"b": text}, only("boolean-string")).arguments == {"b": expected}


@pytest.mark.parametrize("text", ["True", "yes", "1", "TRUE", "on"])
def test_boolean_string_only_the_json_spellings(text):
    schema = {"type": "object", "properties": {"b": {"type": "boolean"}}}
    assert canonicalize(schema, {"b": text}, only("boolean-string")).repairs == []


def test_opt_in_repairs_are_off_by_default():
    schema = {"type": "object", "properties": {
        "p": {"enum": ["low"]}, "n": {"type": "integer"}, "b": {"type": "boolean"}, "o": {"type": "object"}}}
    call = {"p": "LOW", "n": "5", "b": "true", "o": "{}"}
    assert canonicalize(schema, call).repairs == []
    assert len(canonicalize(schema, call, ALL).repairs) == 4


def test_chained_repairs_wrap_then_fix_case():
    schema = {"type": "object", "properties": {"levels": {"type": "array", "items": {"enum": ["low", "high"]}}}}
    result = canonicalize(schema, {"levels": "HIGH"}, ALL)
    assert result.arguments == {"levels": ["high"]}
    assert [(r.path, r.rule) for r in result.repairs] == [("$.levels", "scalar-for-array"),
                                                          ("$.levels[0]", "enum-case")]


def test_never_renames_drops_or_invents():
    schema = {"type": "object", "properties": {"user_id": {"type": "string"}}, "required": ["user_id"],
              "additionalProperties": False}
    call = {"userId": "u1", "extra": 1}
    result = canonicalize(schema, call, ALL)
    assert result.arguments == call and result.repairs == []


def test_prefix_items_additional_properties_and_pattern_properties():
    schema = {"type": "object",
              "properties": {"pair": {"type": "array",
                                      "prefixItems": [{"type": "object", "properties": {
                                          "tags": {"type": "array", "items": {"type": "string"}}}}]}},
              "patternProperties": {"^tag_": {"type": "array", "items": {"type": "string"}}},
              "additionalProperties": {"type": "array", "items": {"type": "integer"}}}
    call = {"pair": [{"tags": "a"}], "tag_x": "t", "other": 3}
    result = canonicalize(schema, call)
    assert result.arguments == {"pair": [{"tags": ["a"]}], "tag_x": ["t"], "other": [3]}


def test_draft07_tuple_items():
    schema = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "array",
              "items": [{"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}],
              "additionalItems": {"type": "string"}}
    assert canonicalize(schema, [{"tags": "a"}, "b"]).arguments == [{"tags": ["a"]}, "b"]


ROWS = {"type": "object", "properties": {"matrix": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}}}}


@pytest.mark.parametrize("call", [
    {"matrix": [1, 2, 3, 4]},  # one row of four, or four rows of one
    {"matrix": [[1, 2], 3]},   # a row, then a row of one or a value that lost its row
])
@pytest.mark.parametrize("policy", [Policy.default(), ALL], ids=["default", "all"])
def test_an_item_of_an_array_sent_is_never_wrapped(call, policy):
    assert canonicalize(ROWS, call, policy).repairs == []


def test_an_item_an_opt_in_repair_made_is_not_wrapped_either():
    # json-string reads the row it holds; the value after it is an item all the same.
    result = canonicalize(ROWS, {"matrix": '[[3, 4], 5]'}, only("json-string", "scalar-for-array"))
    assert result.repairs == []
    assert ToolBoundary(ROWS, policy=ALL).check({"matrix": ["[3, 4]", 5]}).status == "rejected"


@pytest.mark.parametrize(("schema", "call"), [
    ({"type": "array", "prefixItems": [{"type": "array", "items": {"type": "string"}}]}, ["a"]),
    ({"$schema": "http://json-schema.org/draft-07/schema#", "type": "array",
      "items": [{"type": "array", "items": {"type": "string"}}], "additionalItems": {"type": "string"}}, ["a", "b"]),
])
def test_an_element_of_a_tuple_is_not_wrapped_either(schema, call):
    assert canonicalize(schema, call).repairs == []


def test_a_lone_value_is_wrapped_at_an_object_member_anywhere():
    schema = {"type": "object", "properties": {"rows": {"type": "array", "items": {
        "type": "object", "properties": {"cells": {"type": "array", "items": {"type": "string"}}}}}}}
    result = canonicalize(schema, {"rows": [{"cells": "a"}]})
    assert result.repairs == [Repair("$.rows[0].cells", "scalar-for-array", "a", ["a"])]


def test_all_of_members_steer_the_walk():
    schema = {"allOf": [{"type": "object", "properties": {"tags": {"type": "array"}}},
                        {"properties": {"tags": {"items": {"type": "string"}}}}]}
    assert canonicalize(schema, {"tags": "x"}).arguments == {"tags": ["x"]}
    assert canonicalize(schema, {"tags": 5}).repairs == []


def test_pydantic_optional_takes_the_one_branch_that_fits():
    schema = {"type": "object", "properties": {"tags": {
        "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}], "default": None}}}
    assert canonicalize(schema, {"tags": "x"}).arguments == {"tags": ["x"]}


def test_optional_model_gets_nested_repairs_even_when_still_invalid():
    schema = {"type": "object", "properties": {"f": {"anyOf": [{"$ref": "#/$defs/F"}, {"type": "null"}]}},
              "$defs": {"F": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}},
                                                                  "n": {"type": "integer"}}}}}
    result = canonicalize(schema, {"f": {"tags": "x", "n": "not a number"}})
    assert result.arguments == {"f": {"tags": ["x"], "n": "not a number"}}


def test_ambiguous_branches_are_not_repaired():
    schema = {"type": "object", "properties": {"v": {"anyOf": [
        {"type": "array", "items": {"type": "string"}},
        {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 1},
        {"type": "object", "properties": {"v": {"type": "string"}}}]}}}
    # Both array branches accept ["x"]: one outcome, so it is taken.
    assert canonicalize(schema, {"v": "x"}).arguments == {"v": ["x"]}
    two_outcomes = {"type": "object", "properties": {"v": {"oneOf": [
        {"type": "array", "items": {"type": "string"}},
        {"type": "string", "enum": ["A"]}]}}}
    # "a" can become ["a"] (first branch) or "A" (second): two outcomes, no repair.
    assert canonicalize(two_outcomes, {"v": "a"}, ALL).repairs == []


def test_input_is_never_mutated():
    call = {"query": "q", "filters": {"regions": "eu"}, "sections": [{"authors": "ann"}]}
    before = copy.deepcopy(call)
    result = canonicalize(SEARCH, call, ALL)
    assert call == before
    assert result.arguments is not call


def test_valid_call_is_returned_as_the_same_object():
    call = {"query": "q", "filters": {"regions": ["eu"]}}
    result = canonicalize(SEARCH, call, ALL)
    assert result.arguments is call and result.repairs == []


def test_untouched_members_are_shared_not_copied():
    call = {"query": "q", "filters": {"regions": "eu"}, "sections": [{"authors": ["ann"]}]}
    result = canonicalize(SEARCH, call)
    assert result.arguments["sections"] is call["sections"]


def test_bfcl_dialect_schema():
    schema = {"type": "dict", "properties": {"numbers": {"type": "array", "items": {"type": "float"}}}}
    assert canonicalize(schema, {"numbers": 2}).arguments == {"numbers": [2]}


def test_reference_cycle_at_one_location_does_not_loop():
    schema = {"$ref": "#/$defs/a", "$defs": {
        "a": {"$ref": "#/$defs/b", "properties": {"t": {"type": "array", "items": {"type": "string"}}}},
        "b": {"$ref": "#/$defs/a"}}}
    assert canonicalize(schema, {"t": "x"}).arguments == {"t": ["x"]}


def test_recursive_array_schema_wraps_once():
    schema = {"$defs": {"tree": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/tree"}]}}},
              "$ref": "#/$defs/tree"}
    assert canonicalize(schema, "leaf").arguments == ["leaf"]


class TestPolicy:
    def test_default_is_scalar_for_array_only(self):
        assert Policy.default().repairs == ("scalar-for-array",)

    def test_names_keep_the_walk_order(self):
        assert Policy.from_names(["boolean-string", "json-string"]).repairs == ("json-string", "boolean-string")

    def test_unknown_name_lists_the_known_ones(self):
        with pytest.raises(ValueError, match="unknown repair comma-split.*scalar-for-array"):
            Policy.from_names(["comma-split"])

    def test_none_repairs_nothing(self):
        assert canonicalize(SEARCH, {"query": "q", "filters": {"regions": "eu"}}, Policy.none()).repairs == []

    def test_every_repair_is_documented_with_its_risk(self):
        assert set(REPAIRS) == {"scalar-for-array", "json-string", "literal-string", "null-as-absent", "enum-case",
                                "numeric-string", "boolean-string", "lax-number", "lax-boolean", "absent-default"}
        for rule in REPAIRS.values():
            assert rule.summary and rule.risk
        assert [name for name, rule in REPAIRS.items() if rule.default] == ["scalar-for-array"]


def test_a_walk_over_its_budget_gives_up_and_changes_nothing(monkeypatch):
    module = importlib.import_module("schema_lint.boundary.canonicalize")  # the package name is the function
    call = {"query": "q", "sections": [{"authors": "ann", "children": [{"authors": "bob"}]}]}
    assert len(canonicalize(SEARCH, call).repairs) == 2
    monkeypatch.setattr(module, "_BUDGET", 3)
    result = canonicalize(SEARCH, call)
    assert result.arguments is call and result.repairs == []


def test_exponential_branching_stays_bounded():
    branching = {"$defs": {"n": {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/n"}},
                                           {"type": "array", "items": {"$ref": "#/$defs/n"}, "maxItems": 9},
                                           {"type": "integer"}]}},
                 "$ref": "#/$defs/n"}
    deep = "5"
    for _ in range(10):  # deeper, and the validator's own error report (not this walk) grows as 2**depth
        deep = [deep]
    started = time.thread_time()
    result = canonicalize(branching, deep, ALL)
    assert result.arguments is deep and result.repairs == []
    assert time.thread_time() - started < 5
