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
    assert found["a"].fix.operations[0].value == r"^(\d{4})-\d{2}$"
    assert "(?i)" in found["b"].message and found["b"].fix is None


def test_sl013_a_named_group_becomes_a_plain_one_both_dialects_read():
    """`(?<name>…)`, ECMA-262's spelling, fails Python's `re`: a Python validator of the fixed
    schema raised on every call. A plain group and a numbered backreference mean the same in both."""
    import re

    import jsonschema_rs

    (found,) = lint_tool(obj(a={"type": "string", "pattern": r"^(?P<q>[a-z])-(?P<n>\d)(?P=n)1$"}), "SL013")
    fixed = found.fix.operations[0].value
    assert fixed == r"^([a-z])-(\d)(?:\2)1$"
    for value, matches in (("a-331", True), ("a-341", False)):
        assert (re.search(fixed, value) is not None) is matches
        assert jsonschema_rs.validator_for({"pattern": fixed}).is_valid(value) is matches
