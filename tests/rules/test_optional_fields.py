"""A field pydantic writes as `Optional[X]` gets what the same field written as `X` gets.

pydantic puts an optional field's description on the union, `{"anyOf": [{"type":
"integer"}, {"type": "null"}], "description": "between 1 and 50"}`: the rules that read a
value's words read them there too, and fix the non-null branch, so `null` stays allowed.
"""

from __future__ import annotations

import pytest
from lintkit import lint_tool, obj

from schema_lint.config import Config
from schema_lint.schema.walk import nullable_branch, walk

CASES = [
    ("count", {"type": "integer"}, "Number of items, between 1 and 20."),
    ("name", {"type": "string"}, "Customer name, at most 80 characters."),
    ("contact", {"type": "string"}, "The customer's email address."),
    ("mode", {"type": "string"}, "Sort mode. One of: asc, desc."),
    ("tags", {"type": "array", "items": {"type": "string"}}, "Labels to attach, at most 5."),
    ("page_size", {"type": "integer"}, "Results per page (1-50)."),
    ("discount_pct", {"type": "number"}, "Discount percentage, from 0 to 100."),
]


def _fixes(schema: dict, name: str, branch: str = "") -> set[tuple]:
    """Each finding's rule and fix operations, paths shown relative to the field's value."""
    at = f"/inputSchema/properties/{name}{branch}"
    found = lint_tool(obj(**{name: schema}), config=Config(select=["ALL"]))
    return {(d.code, tuple((o.op, o.path.replace(at, "", 1), repr(o.value)) for o in d.fix.operations))
            for d in found if d.fix is not None and all(o.path.startswith(at + "/") for o in d.fix.operations)}


@pytest.mark.parametrize(("name", "value", "description"), CASES)
@pytest.mark.parametrize("union", ["anyOf", "oneOf"])
def test_an_optional_field_gets_the_fixes_of_its_plain_form_on_its_value_branch(name, value, description, union):
    plain = _fixes({**value, "description": description}, name)
    optional = _fixes({union: [value, {"type": "null"}], "default": None, "description": description}, name,
                      f"/{union}/0")
    assert plain and optional == plain


def test_the_fix_leaves_null_allowed():
    (found,) = lint_tool(obj(mode={"anyOf": [{"type": "string"}, {"type": "null"}],
                                   "description": "Sort mode. One of: asc, desc."}), "SL403")
    assert [(o.path, o.value) for o in found.fix.operations] == [
        ("/inputSchema/properties/mode/anyOf/0/enum", ["asc", "desc"])]


def _node(schema: dict, pointer: str):
    """The node at `pointer`, once the whole walk has set every node's children."""
    return next(n for n in list(walk(schema, "")) if n.pointer == pointer)


@pytest.mark.parametrize(("schema", "branch"), [
    ({"anyOf": [{"type": "integer"}, {"type": "null"}]}, "/anyOf/0"),
    ({"oneOf": [{"type": "null"}, {"type": "string"}, {"type": "null"}]}, "/oneOf/1"),
    ({"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}, "/anyOf/0"),
    ({"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "null"}]}, None),  # two values
    ({"anyOf": [{"type": "integer"}, {"type": "null"}], "type": "integer"}, None),  # typed itself
    ({"anyOf": [{"type": "integer"}, {"type": "null"}], "oneOf": [{"minimum": 1}, {"type": "null"}]}, None),
    ({"anyOf": [{"type": "integer"}]}, None),  # a union of one
    ({"anyOf": [{"type": "integer"}, 3]}, None),  # a branch that is no schema
])
def test_the_value_branch_of_a_nullable_union(schema, branch):
    found = nullable_branch(_node(schema, ""))
    assert (found.pointer if found is not None else None) == branch


def test_a_branch_reads_the_unions_words_only_where_it_has_none_and_is_the_value():
    schema = {"anyOf": [{"type": "integer"}, {"type": "null"}], "description": "From 1 to 9.", "examples": [3]}
    value, null = _node(schema, "/anyOf/0"), _node(schema, "/anyOf/1")
    assert value.description == "From 1 to 9." and value.worded_schema["examples"] == [3]
    assert null.description is None and null.worded_schema is null.schema
    own = {"anyOf": [{"type": "integer", "description": "Own."}, {"type": "null"}], "description": "Union's."}
    assert _node(own, "/anyOf/0").description == "Own."
    both = {"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "null"}], "description": "Either."}
    assert _node(both, "/anyOf/0").description is None
