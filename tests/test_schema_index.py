"""Laws of what a check can ask `ToolContext` for: each selection holds exactly the walk's
nodes it names, in walk order, and a node's field name is the property it travels under."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.model import Tool
from schema_lint.schema.pointer import resolve
from schema_lint.rule import ToolContext
from schema_lint.schema.index import KINDS
from schema_lint.schema.keywords import SCHEMA_LISTS, SCHEMA_MAPS, SINGLE_SCHEMA
from schema_lint.schema.pointer import escape

names = st.text(alphabet="ab/~ 1", min_size=1, max_size=3)
types = st.sampled_from(["string", "integer", "number", "boolean", "null", "object", "array", "str", "any",
                         ["string", "null"], ["integer", "string"]])
leaves = st.one_of(st.fixed_dictionaries({"type": types}), st.fixed_dictionaries({"type": types, "format": st.just("uri")}),
                   st.fixed_dictionaries({"enum": st.just(["a", "b"])}), st.booleans())
schemas = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.dictionaries(names, inner, max_size=3).map(lambda props: {"type": "object", "properties": props}),
        st.dictionaries(names, inner, max_size=2).map(lambda props: {"properties": props, "required": ["a"]}),
        inner.map(lambda item: {"type": "array", "items": item}),
        st.lists(inner, min_size=1, max_size=2).map(lambda items: {"prefixItems": items}),
        st.lists(inner, min_size=1, max_size=2).map(lambda branches: {"anyOf": branches}),
        st.lists(inner, min_size=1, max_size=2).map(lambda branches: {"allOf": branches, "type": "object"}),
        inner.map(lambda sub: {"not": sub}),
    ),
    max_leaves=10,
)


# Every applicator, each also given a value of the wrong shape, beside keywords that hold none.
applied = st.recursive(
    st.booleans() | st.fixed_dictionaries({"type": types}),
    lambda inner: st.dictionaries(
        st.sampled_from(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies",
                         "allOf", "anyOf", "oneOf", "prefixItems", "items", "additionalProperties", "not", "if",
                         "then", "else", "contains", "propertyNames", "contentSchema", "enum", "default"]),
        inner | st.lists(inner, max_size=2) | st.dictionaries(names, inner | st.lists(inner, max_size=1), max_size=2)
        | st.integers(),
        max_size=4),
    max_leaves=12,
)


def _reference_walk(schema, pointer: str = "") -> list[str]:
    """The pointers of every subschema, in pre-order, as JSON Schema's applicators hold them."""
    found = [pointer]
    if not isinstance(schema, dict):
        return found
    for keyword, value in schema.items():
        subschemas: list[tuple[str, object]] = []
        if keyword in SCHEMA_MAPS and isinstance(value, dict):
            subschemas = [(escape(name), sub) for name, sub in value.items() if isinstance(sub, (dict, bool))]
        elif keyword == "dependencies" and isinstance(value, dict):
            subschemas = [(escape(name), sub) for name, sub in value.items() if isinstance(sub, dict)]
        elif keyword in (*SCHEMA_LISTS, "items") and isinstance(value, list):
            subschemas = [(str(index), sub) for index, sub in enumerate(value) if isinstance(sub, (dict, bool))]
        elif keyword in (*SINGLE_SCHEMA, "items") and isinstance(value, (dict, bool)):
            found += _reference_walk(value, f"{pointer}/{keyword}")
        for token, sub in subschemas:
            found += _reference_walk(sub, f"{pointer}/{keyword}/{token}")
    return found


def _context(schema) -> ToolContext:
    return ToolContext(Tool(name="t", schema=schema, pointer="", schema_pointer="", format="json_schema"), None)


def _is_kind(kind: str, node) -> bool:
    """The kinds as rule.py documents them, spelled out independently of the index."""
    if kind == "number":
        return bool(node.types & {"number", "integer"})
    if kind == "object":
        return "object" in node.types or (not node.types and isinstance(node.get("properties"), dict))
    if kind == "composition":
        return any(isinstance(node.get(keyword), list) for keyword in ("allOf", "anyOf", "oneOf"))
    return kind in node.types


def _climbed_field_name(node) -> str | None:
    """The property a node describes, found by climbing through items and union branches."""
    current = node
    while current is not None and current.keyword != "properties":
        if current.keyword not in ("items", "anyOf", "oneOf", "prefixItems"):
            return None
        current = current.parent
    return current.name if current is not None else None


@given(schemas)
def test_each_kind_holds_exactly_its_nodes_in_walk_order(schema):
    ctx = _context(schema)
    for kind in KINDS:
        assert ctx.of_kind(kind) == [node for node in ctx.nodes if _is_kind(kind, node)]
    assert list(ctx.objects()) == ctx.of_kind("object")
    assert list(ctx.properties()) == [node for node in ctx.nodes if node.keyword == "properties"]


@given(schemas, st.sampled_from(["type", "format", "enum", "properties", "required", "anyOf", "absent"]))
def test_with_keyword_holds_exactly_the_nodes_that_have_it(schema, keyword):
    ctx = _context(schema)
    assert ctx.with_keyword(keyword) == [node for node in ctx.nodes
                                         if isinstance(node.schema, dict) and keyword in node.schema]


@settings(max_examples=300)
@given(applied)
def test_the_walk_reaches_every_subschema_an_applicator_holds_in_pre_order(schema):
    assert [node.pointer for node in _context(schema).nodes] == _reference_walk(schema)


@given(schemas)
def test_keywords_are_those_of_some_walked_node(schema):
    ctx = _context(schema)
    assert ctx.keywords == {keyword for node in ctx.nodes if isinstance(node.schema, dict) for keyword in node.schema}


@given(schemas)
def test_children_are_the_nodes_whose_parent_it_is(schema):
    ctx = _context(schema)
    for node in ctx.nodes:
        assert ctx.children(node) == [child for child in ctx.nodes if child.parent is node]


@given(schemas)
def test_a_node_is_named_by_the_property_it_travels_under_and_found_by_its_pointer(schema):
    for node in _context(schema).nodes:
        assert node.field_name == _climbed_field_name(node)
        assert resolve(schema, node.pointer) is node.schema


def test_an_unknown_kind_is_refused_rather_than_matching_nothing():
    with pytest.raises(ValueError, match="unknown kind 'strings'"):
        _context({"type": "string"}).of_kind("strings")
