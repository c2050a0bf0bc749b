"""Rules on schemas nobody would write on purpose: malformed references, ids, anchors,
patterns, enums, defaults and names never crash SL002-SL008, SL302-SL307, SL401 or SL402,
and odd keyword trees never crash SL009-SL015, SL103, SL202, SL203, SL303, SL403, SL501 or
SL601 under the provider profiles (the engine would report an `internal error` finding)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from lintkit import JSON_VALUES

from schema_lint.config import Config
from schema_lint.run.linter import lint_text

RULES = ["SL002", "SL003", "SL004", "SL005", "SL006", "SL007", "SL008", "SL302", "SL304", "SL305", "SL306",
         "SL307", "SL401", "SL402"]
SCALARS = st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False) | st.text(max_size=6)
ODD_REFS = ["#", "#/", "#/$defs/a", "#/$defs/a/0", "#a", "#a/b", "http://[::1", "http://x/y#z", "other.json",
            "urn:x", "%", "#/%zz", ""]
ODD_TYPES = ["dict", "STRING", "any", "", "Date", "string", "array", ["string", 5], [], ["dict", "x"]]
ODD_PATTERNS = ["^a|b", "(", "\\", "[", "^$", "^=", "a$", "[|$]"]
REFS = st.sampled_from(ODD_REFS) | SCALARS
TYPES = st.sampled_from(ODD_TYPES) | SCALARS
PATTERNS = st.sampled_from(ODD_PATTERNS) | SCALARS


def _schema_nodes(inner):
    """Objects whose keywords carry the values these rules read, each of them odd at times."""
    return st.fixed_dictionaries({}, optional={
        "$ref": REFS, "$id": REFS, "id": REFS, "$anchor": REFS, "$schema": REFS, "type": TYPES, "pattern": PATTERNS,
        "enum": st.lists(SCALARS, max_size=2) | SCALARS, "const": SCALARS, "default": SCALARS | inner,
        "examples": st.lists(SCALARS, max_size=2) | SCALARS, "required": st.lists(SCALARS, max_size=3) | SCALARS,
        "minLength": SCALARS, "minItems": SCALARS, "items": inner, "prefixItems": st.lists(inner, max_size=2),
        "additionalProperties": inner, "patternProperties": st.dictionaries(PATTERNS.filter(lambda p: isinstance(p, str)),
                                                                            inner, max_size=2),
        "properties": st.dictionaries(st.text(max_size=6), inner, max_size=3) | SCALARS,
        "$defs": st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2), "anyOf": st.lists(inner, max_size=2),
        "allOf": st.lists(inner, max_size=2), "description": SCALARS, "require": inner, "maxlength": SCALARS,
        "x-extra": SCALARS, "": SCALARS,
    })


ODD_SCHEMAS = st.recursive(st.booleans() | st.just({}), _schema_nodes, max_leaves=12)
NAMES = st.text(max_size=70) | st.sampled_from(["math.sum", "", "ok_name"]) | st.integers()


def _crashes(tool: dict) -> list[str]:
    """The engine's `internal error` findings for `tool`, as is and under the gemini profile."""
    return [d.message for profiles in ([], ["gemini"])
            for d in lint_text(json.dumps(tool), "tool.json", Config(select=RULES, profiles=profiles)).diagnostics
            if d.message.startswith("internal error")]


@given(schema=ODD_SCHEMAS, name=NAMES, description=SCALARS)
def test_no_rule_crashes_on_odd_schemas(schema, name, description):
    assert _crashes({"name": name, "description": description, "inputSchema": schema}) == []


ODD_KEYWORD_VALUES = [(key, value) for key in ("$ref", "$dynamicRef", "$id", "$anchor", "$schema") for value in ODD_REFS] \
    + [("type", value) for value in ODD_TYPES] + [("pattern", value) for value in ODD_PATTERNS]


def test_each_odd_keyword_value_alone_crashes_no_rule():
    for key, value in ODD_KEYWORD_VALUES:
        schema = {"type": "object", key: value, "properties": {"p": {key: value, "default": 1}}, "required": ["p"]}
        assert _crashes({"name": "t", "inputSchema": schema}) == [], (key, value)


KEYWORDS = st.sampled_from(["type", "enum", "const", "required", "properties", "items", "anyOf", "oneOf", "if", "then",
                            "else", "pattern", "minimum", "maximum", "exclusiveMinimum", "minLength", "maxLength",
                            "default", "description", "$ref", "format", "additionalProperties", "maxProperties"])
ODD_KEYWORD_TREES = st.recursive(
    JSON_VALUES | st.sampled_from(["string", "any", "dict", ["integer", "array"], "(?P<x>a)\\Z", "#/$defs/x"]),
    lambda inner: st.dictionaries(KEYWORDS | st.text(max_size=4), inner, max_size=4) | st.lists(inner, max_size=3),
    max_leaves=10,
)
RULES_UNDER_PROFILES = ["SL009", "SL010", "SL011", "SL012", "SL013", "SL014", "SL015", "SL103", "SL202", "SL203",
                        "SL303", "SL403", "SL501", "SL601"]


@given(properties=st.dictionaries(st.text(max_size=8), ODD_KEYWORD_TREES, max_size=4), root=ODD_KEYWORD_TREES)
def test_no_rule_crashes_on_odd_keyword_trees_under_the_provider_profiles(properties, root):
    schema = {**root, "properties": properties} if isinstance(root, dict) else root
    tool = {"name": "create_thing", "description": "A tool.", "inputSchema": schema, "strict": True}
    config = Config(select=RULES_UNDER_PROFILES, profiles=["openai-strict", "anthropic-strict", "gemini"])
    result = lint_text(json.dumps(tool), "tool.json", config)
    assert not [d.message for d in result.diagnostics if d.message.startswith("internal error")]
