"""SL013 invalid-pattern: patterns must be ECMA-262."""

from __future__ import annotations

from lintkit import lint_tool, obj


def test_sl013_patterns_must_be_ecma_262():
    schema = obj(a={"type": "string", "pattern": r"^(?P<year>\d{4})-\d{2}\Z"},
                 b={"type": "string", "pattern": r"(?i)^abc$"},
                 c={"type": "string", "pattern": r"^[a-z]+(?<n>x)\k<n>$"},
                 d={"type": "string", "pattern": "a{2,1}"})
    found = {d.pointer.split("/")[-2]: d for d in lint_tool(schema, "SL013")}
    assert set(found) == {"a", "b", "d"}
    assert found["a"].fix.operations[0].value == r"^(?<year>\d{4})-\d{2}$"
    assert "(?i)" in found["b"].message and found["b"].fix is None
