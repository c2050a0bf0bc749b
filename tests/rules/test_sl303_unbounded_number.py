"""SL303 unbounded-number: numbers judged by their names, and only obvious lower bounds fixed."""

from __future__ import annotations

from lintkit import lint_tool, obj


def test_sl303_judges_numbers_by_their_name_words():
    schema = obj(amount={"type": "number"}, quantity={"type": "integer"}, pageSize={"type": "integer", "minimum": 1},
                 discount_pct={"type": "number", "minimum": 0}, number_of_guests={"type": "integer"},
                 latitude={"type": "number"}, phone_number={"type": "integer"}, font_size={"type": "integer"})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL303")}
    assert set(found) == {"amount", "quantity", "pageSize", "discount_pct", "number_of_guests"}
    assert "upper" in found["pageSize"].message and "lower" not in found["pageSize"].message


def test_sl303_fixes_only_obvious_lower_bounds():
    schema = obj(price={"type": "number"}, qty={"type": "integer"}, percent={"type": "number"}, limit={"type": "integer"})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL303")}
    assert found["price"].fix.operations[0].value == 0
    assert found["qty"].fix.operations[0].value == 1
    assert found["limit"].fix.operations[0].value == 1
    assert found["percent"].fix is None


def test_sl303_passes_bounded_enumerated_and_exclusive_bounds():
    schema = obj(amount={"type": "number", "exclusiveMinimum": 0}, count={"type": "integer", "enum": [1, 2]},
                 limit={"type": "integer", "minimum": 1, "exclusiveMaximum": 101})
    assert lint_tool(schema, "SL303") == []
