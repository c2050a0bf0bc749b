"""Branches of a composition refine the object they are composed with; no fix closes or requires one alone.

Generated compositions: an object whose `anyOf`/`oneOf`/`allOf`/`if`/`then`/`else`/`not`
branches declare properties described as required. Whatever the shape, SL101's and
SL201's fixes never write inside a branch, and instances generated from the original
that the fixed schema rejects are rejected for a missing key of the outer object only.
"""

from __future__ import annotations

import json

import jsonschema_rs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from schema_lint.config import Config
from schema_lint.run.linter import lint_text
from schema_lint.fixes.plan import plan_fixes
from schema_lint.fixes.summary import enabled

BRANCHES = ("anyOf", "oneOf", "allOf", "if", "then", "else", "not")
NAMES = st.sampled_from(["a", "b", "c", "d"])
FIELD = st.fixed_dictionaries({"type": st.just("string"), "description": st.sampled_from(
    ["Required.", "The required value.", "Optional.", "A value."])})
BRANCH = st.builds(lambda props: {"type": "object", "properties": props},
                   st.dictionaries(NAMES, FIELD, min_size=1, max_size=2))


@st.composite
def compositions(draw):
    schema = {"type": "object", "properties": draw(st.dictionaries(NAMES, FIELD, max_size=2))}
    for keyword in draw(st.lists(st.sampled_from(BRANCHES), min_size=1, max_size=3, unique=True)):
        if keyword in ("anyOf", "oneOf", "allOf"):
            schema[keyword] = draw(st.lists(BRANCH, min_size=1, max_size=3))
        else:
            schema[keyword] = draw(BRANCH)
    return schema


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(compositions(), st.data())
def test_no_fix_closes_or_requires_a_branch(schema, data):
    tool = {"name": "create_item", "description": "Create.", "inputSchema": schema}
    config = Config()
    config.select = ["SL101", "SL201"]
    text = json.dumps(tool, indent=2)
    result = lint_text(text, "tool.json", config)
    for diagnostic in result.diagnostics:
        for operation in diagnostic.fix.operations if diagnostic.fix else ():
            steps = operation.path.split("/")
            assert not set(steps) & set(BRANCHES), (diagnostic.code, operation.path)
    # What `--fix --unsafe-fixes` applies: a suggestion (closing the object) never is.
    plan = plan_fixes(result.documents["tool.json"], [d for d in result.diagnostics if enabled(d, unsafe=True)])
    fixed = json.loads(plan.text)["inputSchema"]
    before, after = jsonschema_rs.validator_for(schema), jsonschema_rs.validator_for(fixed)
    added = set(fixed.get("required", [])) - set(schema.get("required", []))
    instance = data.draw(from_schema(schema))
    if before.is_valid(instance) and not after.is_valid(instance):
        assert isinstance(instance, dict) and added - set(instance), instance
