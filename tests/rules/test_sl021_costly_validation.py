"""SL021 costly-validation: a schema whose references make validating one value exponential
is found by a count that costs time in proportion to the schema, and no value is validated
against it anywhere (SL008, the boundary, the fix gate)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lintkit import lint_document, lint_tool
from schema_lint.boundary import SchemaError, ToolBoundary
from schema_lint.gate import validators_for
from schema_lint.schema.evaluation_cost import SAME_VALUE_LIMIT, _Counter, too_costly
from schema_lint.schema.offline import validator
from schema_lint.schema.refs import RefIndex
from schema_lint.schema.walk import walk


def chain(links: int, leaf: dict | None = None) -> dict:
    """Each link an `anyOf` of two references to the next: 2 ** links evaluations on a value that fails."""
    defs = {f"f{i}": {"anyOf": [{"$ref": f"#/$defs/f{i + 1}"}, {"$ref": f"#/$defs/f{i + 1}"}]} for i in range(links)}
    defs[f"f{links}"] = leaf or {"type": "string"}
    return {"type": "object", "properties": {"filter": {"$ref": "#/$defs/f0", "default": 1}}, "$defs": defs}


def test_sl021_finds_a_chain_that_doubles_the_work_at_each_link():
    (found,) = lint_tool(chain(40), "SL021")
    assert found.pointer.startswith("/inputSchema/")
    assert f"more than {SAME_VALUE_LIMIT:,} subschemas against one value" in found.message


@pytest.mark.parametrize("schema, where", [
    ({"type": "object", "$ref": "#"}, "/inputSchema"),
    ({"type": "object", "properties": {"f": {"$ref": "#/$defs/a"}},
      "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}}, "/inputSchema/$defs/a"),
    ({"type": "object", "properties": {"f": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"not": {"$ref": "#/$defs/a"}}}},
     "/inputSchema/$defs/a"),
])
def test_sl021_finds_a_subschema_applied_again_to_the_same_value(schema, where):
    """A loop that never steps into the value: Python's jsonschema recurses until RecursionError."""
    (found,) = lint_tool(schema, "SL021")
    assert found.pointer == where and "applies itself again to the same value" in found.message


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {"child": {"$ref": "#"}}},  # a tree: each step is one level into the value
    {"type": "object", "properties": {"f": {"$ref": "#/$defs/e"}}, "$defs": {"e": {"anyOf": [
        {"type": "string"}, {"type": "object", "properties": {"and": {"type": "array", "items": {"$ref": "#/$defs/e"}}}}]}}},
    {"type": "object", "properties": {"a": {"$ref": "#/$defs/n"}, "b": {"$ref": "#/$defs/n"}},
     "$defs": {"n": {"type": "array", "items": {"$ref": "#/$defs/n"}}}},
])
def test_sl021_passes_a_recursion_that_steps_into_the_value(schema):
    assert lint_tool(schema, "SL021") == []


def test_sl021_passes_a_chain_whose_work_stays_under_the_limit():
    # A link counts itself, its two branches and twice the next link: about 4 * 2 ** links in all.
    assert 4 * 2 ** 10 < SAME_VALUE_LIMIT < 4 * 2 ** 12
    assert lint_tool(chain(10), "SL021") == []
    assert len(lint_tool(chain(12), "SL021")) == 1


def test_sl021_passes_references_that_share_definitions_as_generators_write_them():
    schema = {"type": "object", "$defs": {
        "Address": {"type": "object", "properties": {"city": {"type": "string"}}},
        "Person": {"type": "object", "properties": {"home": {"$ref": "#/$defs/Address"},
                                                    "work": {"anyOf": [{"$ref": "#/$defs/Address"}, {"type": "null"}]}}},
        "Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}},
    }, "properties": {"owner": {"$ref": "#/$defs/Person"}, "tree": {"$ref": "#/$defs/Node"},
                      "either": {"oneOf": [{"$ref": "#/$defs/Person"}, {"$ref": "#/$defs/Address"}]}}}
    assert lint_tool(schema, "SL021") == []
    assert too_costly(schema) is None


def test_sl021_follows_anchors_and_definitions_under_keywords_no_walk_knows():
    defs = {f"f{i}": {"$anchor": f"a{i}", "anyOf": [{"$ref": f"#a{i + 1}"}, {"$ref": f"#a{i + 1}"}]} for i in range(30)}
    defs["f30"] = {"$anchor": "a30", "type": "string"}
    assert too_costly({"properties": {"x": {"$ref": "#a0"}}, "$defs": defs}) is not None
    hidden = {f"f{i}": {"anyOf": [{"$ref": f"#/x-defs/f{i + 1}"}, {"$ref": f"#/x-defs/f{i + 1}"}]} for i in range(30)}
    hidden["f30"] = {"type": "string"}
    assert too_costly({"properties": {"x": {"$ref": "#/x-defs/f0"}}, "x-defs": hidden}) is not None


def nested_chain(links: int, via: str) -> dict:
    """Each link passes a member or item on to the next twice: 2 ** links evaluations on a nested value."""
    two_ways = {"items": lambda ref: {"items": ref, "contains": ref},
                "properties": lambda ref: {"properties": {"a": ref}, "patternProperties": {"^a$": ref}}}[via]
    defs = {f"d{i}": two_ways({"$ref": f"#/$defs/d{i + 1}"}) for i in range(links)}
    defs[f"d{links}"] = {}
    value: object = 0
    for _ in range(links):
        value = [value] if via == "items" else {"a": value}
    return {"type": "object", "properties": {"a": {"$ref": "#/$defs/d0", "default": value}}, "$defs": defs}


@pytest.mark.parametrize("via", ["items", "properties"])
def test_sl021_finds_a_chain_that_passes_a_nested_value_on_twice_at_each_level(via):
    (found,) = lint_tool(nested_chain(40, via), "SL021")
    assert "`items` and `contains` that both pass a value on" in found.message
    assert lint_tool(nested_chain(8, via), "SL021") == []
    assert "SL008" not in {d.code for d in lint_tool(nested_chain(40, via))}  # its nested default is never validated


def test_no_value_is_validated_against_a_costly_schema():
    """Each of these would take hours on the chain: they must give up at once."""
    schema = chain(40)
    document = json.dumps([{"name": "t", "description": "Find things.", "inputSchema": schema}])
    found = lint_document(document, "tools.json")
    assert "SL021" in {d.code for d in found}
    assert "SL008" not in {d.code for d in found}  # the default 1 is never validated
    with pytest.raises(SchemaError, match="subschemas against one value"):
        ToolBoundary(schema, name="t")
    with pytest.raises(ValueError, match="subschemas against one value"):
        validator(schema)
    assert validators_for(schema) is None


# Schemas of up to six definitions, each applying others (or a leaf) to the same value.
_LINKS = st.lists(st.lists(st.integers(0, 5), max_size=3), min_size=1, max_size=6)


def _schema(links: list[list[int]]) -> dict:
    """Definition i refers to each later definition its list names (none: a leaf), so no cycle."""
    later = [[j for j in targets if i < j < len(links)] for i, targets in enumerate(links)]
    defs = {f"d{i}": {"anyOf": [{"$ref": f"#/$defs/d{j}"} for j in targets]} if targets else {"type": "string"}
            for i, targets in enumerate(later)}
    return {"$ref": "#/$defs/d0", "$defs": defs}


def _unfolded(schema: dict, node: dict) -> int:
    """The count without memo: the tree the references unfold to (the schemas here have no cycle)."""
    total = 1
    for branch in node.get("anyOf", []):
        total += 1 + _unfolded(schema, schema["$defs"][branch["$ref"].rsplit("/", 1)[1]])
    if "$ref" in node:
        total += _unfolded(schema, schema["$defs"][node["$ref"].rsplit("/", 1)[1]])
    return total


@settings(max_examples=200, deadline=None)
@given(_LINKS)
def test_the_memoized_count_is_the_count_of_the_unfolded_tree(links):
    schema = _schema(links)
    nodes = list(walk(schema, ""))
    assert _Counter(RefIndex(nodes, schema), 10 ** 9).work(nodes[0]) == _unfolded(schema, schema)
