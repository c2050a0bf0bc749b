"""The contradiction gate: no fix, suggestion or not, gives a subschema bounds no value meets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lintkit import lint_tool

from schema_lint.gate import CONTRADICTION, gated
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity
from schema_lint.schema.bounds import contradictions


@pytest.mark.parametrize(("name", "field", "consistent", "added", "says"), [
    ("page_size", {"type": "integer", "description": "Page size, max: 50", "minimum": 100}, {"minimum": 1},
     "maximum", "`minimum` 100 leaves no room below `maximum` 50"),
    ("amount", {"type": "number", "description": "Payment amount", "maximum": -5}, {"maximum": 5},
     "minimum", "`minimum` 0 leaves no room below `maximum` -5"),
    ("amount", {"type": "number", "description": "Payment amount", "exclusiveMaximum": 0}, {"exclusiveMaximum": 10},
     "minimum", "`minimum` 0 leaves no room below `exclusiveMaximum` 0"),
    ("tags", {"type": "array", "items": {"type": "string"}, "description": "up to 3 tags", "minItems": 5},
     {"minItems": 1}, "maxItems", "`minItems` 5 is above `maxItems` 3"),
])
def test_a_bound_read_from_the_words_against_one_the_schema_states_is_no_fix(name, field, consistent, added, says):
    def adding(findings):
        return [d for d in findings if d.fix and any(o.path.endswith("/" + added) for o in d.fix.operations)]

    def lint(schema):
        return lint_tool({"type": "object", "properties": {name: schema}}, name="create_order")

    assert adding(lint({**field, **consistent}))  # a rule proposes the bound where the schema agrees
    findings = lint(field)
    assert not adding(findings)
    withheld = [d for d in findings if d.withheld is not None and d.withheld.gate == CONTRADICTION]
    assert withheld and all(d.message.endswith(f"; no fix: with it {says}, so no value would be accepted")
                            for d in withheld)


def _proposed(safety: FixSafety, *operations: Operation) -> Diagnostic:
    return Diagnostic("SL999", "test", Severity.WARNING, "a finding", "t.json", "/p",
                      fix=Fix("set it", safety, operations))


def test_a_suggestion_is_withheld_too_and_other_findings_keep_their_fixes():
    schema = {"type": "object", "properties": {"x": {"type": "string", "minLength": 10}, "y": {"type": "string"}}}
    contradicting = _proposed(FixSafety.SUGGESTION, Operation("add", "/p/properties/x/maxLength", 5))
    fine = _proposed(FixSafety.UNSAFE, Operation("add", "/p/properties/y/maxLength", 5))
    first, second = gated([contradicting, fine], schema, "/p")
    assert first.fix is None and first.withheld.gate == CONTRADICTION
    assert second is fine


def test_a_contradiction_the_schema_already_has_is_not_the_fixs():
    schema = {"type": "object", "properties": {"x": {"type": "integer", "minimum": 9, "maximum": 1}}}
    proposed = _proposed(FixSafety.UNSAFE, Operation("add", "/p/properties/x/multipleOf", 2),
                         Operation("add", "/p/properties/x/exclusiveMinimum", 0))
    assert gated([proposed], schema, "/p") == [proposed]


BOUND = st.sampled_from(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
                         "minItems", "maxItems", "minProperties", "maxProperties"])


@given(st.dictionaries(BOUND, st.integers(-3, 3), max_size=4), BOUND, st.integers(-3, 3))
def test_the_gate_withholds_a_bound_exactly_when_it_adds_a_contradiction(field, keyword, value):
    schema = {"type": "object", "properties": {"x": field}}
    [result] = gated([_proposed(FixSafety.UNSAFE, Operation("add", f"/p/properties/x/{keyword}", value))], schema, "/p")
    added = set(contradictions({**field, keyword: value})) - set(contradictions(field))
    assert (result.fix is None) is bool(added)
