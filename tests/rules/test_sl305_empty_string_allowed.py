"""SL305 empty-string-allowed: required strings that accept the empty string."""

from __future__ import annotations


from lintkit import lint_tool

from schema_lint.model import FixSafety, Operation

P = "/inputSchema"


def test_sl305_required_strings_that_accept_empty():
    schema = {"type": "object", "required": ["title", "code", "kind", "named", "zero", "filled"], "properties": {
        "title": {"type": "string", "description": "Must not be empty."},
        "zero": {"type": "string", "minLength": 0, "description": "A non-empty name."}, "optional": {"type": "string"},
        "code": {"type": "string", "pattern": "^[A-Z]+$"}, "kind": {"type": "string", "enum": ["a", ""]},
        "named": {"type": "string", "const": "x"}, "filled": {"type": "string", "minLength": 1}}}
    found = {d.pointer.removeprefix(f"{P}/properties/"): d for d in lint_tool(schema, "SL305")}
    assert set(found) == {"title", "zero", "kind"}
    assert found["title"].fix.operations == (Operation("add", f"{P}/properties/title/minLength", 1),)
    assert found["zero"].fix.operations == (Operation("replace", f"{P}/properties/zero/minLength", 1),)
    assert found["title"].fix.safety is FixSafety.UNSAFE
