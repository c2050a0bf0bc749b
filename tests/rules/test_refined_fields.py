"""A property of a condition or of a branch that refines a field declared beside it is no field
of its own: the per-field rules judge the declaration, not the refinement."""

from __future__ import annotations

import pytest
from lintkit import lint_tool

from schema_lint.config import Config

FIELD_RULES = ["SL203", "SL301", "SL302", "SL303", "SL304", "SL305", "SL401"]
DECLARED = {"amount": {"type": "number", "minimum": 0, "maximum": 5000, "description": "Limit amount."},
            "contact_email": {"type": "string", "format": "email", "maxLength": 200, "minLength": 3,
                              "description": "Email."},
            "tags": {"type": "array", "maxItems": 5, "items": {"type": "string", "maxLength": 9}, "description": "Tags."}}


def findings(schema):
    return lint_tool(schema, config=Config(select=FIELD_RULES))


def tool(**composition):
    return {"type": "object", "additionalProperties": False, "required": ["amount", "contact_email"],
            "properties": DECLARED, **composition}


@pytest.mark.parametrize("composition", [
    {"anyOf": [{"properties": {"amount": {"maximum": 1000}}}, {"properties": {"tags": {"minItems": 1}}}]},
    {"if": {"properties": {"contact_email": {"type": "string"}, "tags": {"type": "array"}},
            "required": ["contact_email"]},
     "then": {"properties": {"amount": {"type": "number"}}}},
    {"allOf": [{"properties": {"contact_email": {"type": "string"}, "amount": {}}}]},
    {"not": {"properties": {"amount": {"type": "number"}}}},
])
def test_a_refinement_of_a_declared_field_is_not_judged_alone(composition):
    assert findings(tool()) == []
    assert findings(tool(**composition)) == []


def test_a_field_a_branch_alone_declares_is_judged():
    schema = tool(oneOf=[{"properties": {"note": {"type": "string"}}, "required": ["note"]}])
    assert {found.code for found in findings(schema)} >= {"SL301", "SL401"}
