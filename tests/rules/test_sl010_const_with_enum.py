"""SL010 const-with-enum: redundant or unsatisfiable."""

from __future__ import annotations

from lintkit import lint_tool, obj

from schema_lint.model import FixSafety, Severity


def test_sl010_const_with_enum_is_redundant_or_unsatisfiable():
    (redundant,) = lint_tool(obj(c={"const": "email", "enum": ["console", "email"]}), "SL010")
    (impossible,) = lint_tool(obj(c={"const": "sms", "enum": ["console", "email"]}), "SL010")
    assert redundant.fix.safety is FixSafety.SAFE and impossible.fix is None
    assert impossible.severity is Severity.ERROR
    assert lint_tool(obj(c={"const": "x"}), "SL010") == []
