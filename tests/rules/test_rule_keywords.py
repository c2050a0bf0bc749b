"""A rule's `KEYWORDS` is a promise: where no subschema has one of them, the rule finds
nothing, so the engine may skip it. Each rule that declares them is run, without the skip,
on schemas that have every other keyword it could read but not those: it must find nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schema_lint.config import Config
from schema_lint.model import Tool
from schema_lint.rule import Finding, ToolContext, load_rules
from schema_lint.run.linter import Linter
from schema_lint.sources.documents import read_document

RULES = load_rules()
KEYWORDED = sorted(code for code, rule in RULES.items() if rule.keywords is not None)

SCALARS = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "a", "A", "^a", "(", "uri", "emial"])
KEYWORDS = ["description", "$ref", "$dynamicRef", "$defs", "definitions", "const", "enum", "required", "pattern",
            "patternProperties", "format", "if", "then", "else", "default", "minimum", "maximum",
            "exclusiveMinimum", "minLength", "maxLength", "minItems", "maxItems", "maxProperties",
            "minProperties", "type", "properties", "items", "anyOf", "unevaluatedProperties"]


def _schema_nodes(inner):
    """Objects with the keywords the keyworded rules read, valued so that they fire."""
    return st.fixed_dictionaries({}, optional={
        "$ref": st.sampled_from(["#/$defs/a", "#/$defs/b", "#/definitions/a", "http://x/y", "#/nowhere"]),
        "$dynamicRef": st.sampled_from(["#/$defs/a", "#nowhere"]),
        "$defs": st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2),
        "definitions": st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2),
        "type": st.sampled_from(["string", "integer", "object", "array", ["string", "null"]]),
        "const": SCALARS, "enum": st.lists(SCALARS, max_size=3), "default": SCALARS,
        "required": st.lists(st.sampled_from(["a", "b", "to"]), max_size=3),
        "pattern": st.sampled_from(["^a$", "a", "^a", "(", "\\d+", "(?P<x>a)"]),
        "patternProperties": st.dictionaries(st.sampled_from(["^a", "(", "(?P<x>a)"]), inner, max_size=1),
        "format": st.sampled_from(["uri", "emial", "date-time", "nonsense"]),
        "if": inner, "then": inner, "else": inner,
        "minimum": st.integers(0, 3), "maximum": st.integers(0, 3), "exclusiveMinimum": st.integers(0, 3),
        "minLength": st.integers(0, 3), "maxLength": st.integers(0, 3), "minItems": st.integers(0, 3),
        "maxItems": st.integers(0, 3), "maxProperties": st.integers(0, 1), "minProperties": st.integers(0, 3),
        "properties": st.dictionaries(st.sampled_from(["a", "b", "amount", "to", "role"]), inner, max_size=3),
        "description": st.sampled_from(["The amount to pay.", "Text."]),
        "items": inner, "anyOf": st.lists(inner, max_size=2), "unevaluatedProperties": st.booleans(),
    })


SCHEMAS = _schema_nodes(st.recursive(st.booleans() | st.just({}), _schema_nodes, max_leaves=4))


def _without(value, keywords: frozenset[str]):
    """`value` with `keywords` taken out of every object in it."""
    if isinstance(value, dict):
        return {key: _without(sub, keywords) for key, sub in value.items() if key not in keywords}
    if isinstance(value, list):
        return [_without(sub, keywords) for sub in value]
    return value


def _findings(code: str, schema) -> list[Finding]:
    """What the rule `code` finds in `schema`, run whatever keywords the schema has."""
    return list(RULES[code].check(ToolContext(Tool(name="t", schema=schema, pointer="", schema_pointer="",
                                                   format="mcp"), None)))


def test_the_rules_that_may_be_skipped_declare_what_they_read():
    assert {"SL002", "SL003", "SL017", "SL013", "SL016", "SL103"} <= set(KEYWORDED)


def test_a_rule_is_skipped_where_no_subschema_has_its_keywords():
    schema = {"type": "object", "properties": {"a": {"type": "string", "default": "x"}}}
    unskipped = _findings("SL002", {"$ref": "#/nowhere"})
    text = json.dumps({"name": "t", "description": "A tool.", "inputSchema": schema})
    linter = Linter(Config(select=["SL002"]), rules={"SL002": RULES["SL002"]._replace(check=_never_run)})
    assert unskipped and linter.documents.lint(read_document("tool.json", raw=text.encode())).finished() == []


def _never_run(ctx):
    raise AssertionError("a rule was run on a tool without its keywords")


@pytest.mark.parametrize("code", KEYWORDED)
@given(schema=SCHEMAS, taken_out=st.sets(st.sampled_from(KEYWORDS), max_size=3))
def test_a_rule_skipped_for_lack_of_its_keywords_would_have_found_nothing(code, schema, taken_out):
    assert _findings(code, _without(schema, frozenset(taken_out) | RULES[code].keywords)) == []
