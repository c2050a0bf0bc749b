"""An object in a discriminated union is told what its own branch lacks, not to be an object.

pydantic writes ``Circle | Rect`` with ``Field(discriminator="kind")`` as a ``oneOf`` of
``$ref`` branches with a ``discriminator`` keyword; the value of ``kind`` picks the branch
whose errors the envelope gives. A value of ``kind`` no branch takes, or none at all, is
answered with the values it takes.
"""

from __future__ import annotations

import copy

import pytest

from schema_lint.boundary import validate

CIRCLE = {"properties": {"kind": {"const": "circle", "type": "string"}, "r": {"type": "number"}},
          "required": ["kind", "r"], "type": "object", "title": "Circle"}
RECT = {"properties": {"kind": {"const": "rect", "type": "string"}, "w": {"type": "number"}, "h": {"type": "number"}},
        "required": ["kind", "w", "h"], "type": "object", "title": "Rect"}
PYDANTIC = {"$defs": {"Circle": CIRCLE, "Rect": RECT},
            "properties": {"shape": {"discriminator": {"mapping": {"circle": "#/$defs/Circle", "rect": "#/$defs/Rect"},
                                                       "propertyName": "kind"},
                                     "oneOf": [{"$ref": "#/$defs/Circle"}, {"$ref": "#/$defs/Rect"}]}},
            "required": ["shape"], "type": "object"}
# The same union written by hand: inline branches, `anyOf`, no `discriminator` keyword.
INLINE = {"type": "object", "properties": {"shape": {"anyOf": [CIRCLE, RECT]}}}
# A single-value `enum` tells the branches apart as a `const` does.
ENUMS = {"type": "object", "properties": {"shape": {"oneOf": [
    {**CIRCLE, "properties": {**CIRCLE["properties"], "kind": {"enum": ["circle"]}}},
    {**RECT, "properties": {**RECT["properties"], "kind": {"enum": ["rect"]}}}]}}}


def errors(schema, shape):
    result = validate(schema, {"shape": shape})
    assert not result.ok
    return [(e["path"], e["reason"], e["expected"], e["repair"]) for e in result.envelope["error"]["errors"]]


@pytest.mark.parametrize("schema", [PYDANTIC, INLINE, ENUMS], ids=["pydantic", "inline", "enum"])
class TestTheDiscriminatorPicksTheBranch:
    def test_a_missing_member_of_the_branch_is_named(self, schema):
        assert errors(schema, {"kind": "rect", "w": 2}) == [
            ("$.shape.h", "required", "a number", "add h and resubmit the same call")]

    def test_a_member_of_the_wrong_type_is_named(self, schema):
        assert errors(schema, {"kind": "rect", "w": 2, "h": "3"}) == [
            ("$.shape.h", "type", "a number", "send h as a number and resubmit the same call")]

    def test_a_value_no_branch_takes_is_answered_with_those_they_take(self, schema):
        [(path, _, expected, repair)] = errors(schema, {"kind": "triangle", "w": 2})
        assert (path, expected) == ("$.shape.kind", "one of circle, rect")
        assert repair == "use one of the allowed values for kind and resubmit the same call"

    def test_a_discriminator_left_out_is_asked_for(self, schema):
        [(path, _, expected, repair)] = errors(schema, {"w": 2, "h": 3})
        assert (path, expected) == ("$.shape.kind", "one of circle, rect")
        assert repair == "add kind (one of circle, rect) and resubmit the same call"


def test_each_branch_is_told_its_own_errors_and_only_them():
    # What the union says of a value is what its branch alone says of it.
    for branch, shape in ((CIRCLE, {"kind": "circle", "r": "big"}), (CIRCLE, {"kind": "circle"}),
                          (RECT, {"kind": "rect", "w": True, "h": None}), (RECT, {"kind": "rect"})):
        assert errors(PYDANTIC, shape) == errors({"type": "object", "properties": {"shape": branch}}, shape)


def test_branches_whose_values_overlap_are_no_discriminated_union():
    overlapping = copy.deepcopy(INLINE)
    overlapping["properties"]["shape"]["anyOf"][1]["properties"]["kind"] = {"enum": ["rect", "circle"]}
    assert [e[:2] for e in errors(overlapping, {"kind": "rect", "w": 2})] == [("$.shape", "anyOf")]


def test_a_value_that_is_no_object_is_told_to_be_one():
    assert [e[:2] for e in errors(PYDANTIC, "rect")] == [("$.shape", "oneOf")]
