"""`apply_operations`, the structural truth fixes are checked against, and `same_json`."""

from __future__ import annotations

import pytest

from schema_lint.schema.operations import OperationError, apply_operations, same_json
from schema_lint.model import Operation


def test_operations_follow_json_patch_and_leave_the_input_alone():
    data = {"a": {"x": 1}, "list": [1, 2]}
    result = apply_operations(data, [
        Operation("add", "/a/y", [3]), Operation("add", "/a/x", 5), Operation("add", "/list/0", 0),
        Operation("add", "/list/-", 9), Operation("remove", "/list/1"), Operation("replace", "/a/y/0", "z"),
        Operation("add", "/a~1b", True),
    ])
    assert result == {"a": {"x": 5, "y": ["z"]}, "list": [0, 2, 9], "a/b": True}
    assert list(result["a"]) == ["x", "y"]
    assert data == {"a": {"x": 1}, "list": [1, 2]}


@pytest.mark.parametrize("operation", [
    Operation("replace", "/missing", 1), Operation("remove", "/a/missing"), Operation("add", "/missing/x", 1),
    Operation("add", "/list/5", 1), Operation("remove", "/list/-"), Operation("add", "/list/01", 1),
    Operation("add", "/a/x/y", 1), Operation("remove", ""),
])
def test_operations_that_do_not_fit_raise(operation):
    with pytest.raises(OperationError):
        apply_operations({"a": {"x": 1}, "list": [1, 2]}, [operation])


def test_same_json_tells_booleans_from_numbers_and_ints_from_floats():
    assert same_json({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]})
    assert not same_json({"a": True}, {"a": 1})
    assert not same_json([1], [1.0])
    assert not same_json({"a": 1}, {"a": 1, "b": 2})
