"""Fix operations applied to parsed data: the structural truth every text edit is held to.

A fix's text edits are only written when re-parsing the edited text gives exactly what
`apply_operations` gives on the parsed original, so this function is the definition of
what a fix means, independent of how a file spells it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from schema_lint.model import Operation
from schema_lint.schema.pointer import join, resolve_steps, split


class OperationError(ValueError):
    """An operation whose path does not fit the data (missing parent, bad index, ...)."""


def apply_inside(data: Any, steps: Sequence[str], operations: Iterable[Operation]) -> tuple[Any, Any]:
    """The node at `steps` in `data`, and a copy of it with the operations applied (their paths
    all lie inside it, and are taken relative to it): what a fix makes of the part it edits,
    nothing above it copied. Raises `OperationError` where `apply_operations` does, and when
    `steps` lead to no node."""
    try:
        node = resolve_steps(data, steps)
    except LookupError as missing:
        raise OperationError(f"{missing}: no such node") from None
    inside = [Operation(operation.op, join("", *split(operation.path)[len(steps):]), operation.value)
              for operation in operations]
    return node, apply_operations(node, inside)


def apply_operations(data: Any, operations: Iterable[Operation]) -> Any:
    """A copy of `data` with the operations applied in order; `data` is left untouched."""
    result = copy.deepcopy(data)
    for operation in operations:
        result = _apply(result, operation)
    return result


def _apply(data: Any, operation: Operation) -> Any:
    tokens = split(operation.path)
    if not tokens:
        if operation.op == "remove":
            raise OperationError("cannot remove the whole document")
        return copy.deepcopy(operation.value)
    container = _resolve(data, tokens[:-1], operation.path)
    token = tokens[-1]
    if isinstance(container, dict):
        if operation.op != "add" and token not in container:
            raise OperationError(f"{operation.path}: no such member")
        if operation.op == "remove":
            del container[token]
        else:
            container[token] = copy.deepcopy(operation.value)
    elif isinstance(container, list):
        index = _index(container, token, operation)
        if operation.op == "add":
            container.insert(index, copy.deepcopy(operation.value))
        elif operation.op == "remove":
            del container[index]
        else:
            container[index] = copy.deepcopy(operation.value)
    else:
        raise OperationError(f"{operation.path}: parent is not an object or array")
    return data


def _index(container: list, token: str, operation: Operation) -> int:
    appendable = operation.op == "add"
    if token == "-" and appendable:
        return len(container)
    if not token.isdigit() or (token != "0" and token.startswith("0")):
        raise OperationError(f"{operation.path}: `{token}` is not an array index")
    index = int(token)
    if index > len(container) or (index == len(container) and not appendable):
        raise OperationError(f"{operation.path}: index {index} is out of range")
    return index


def _resolve(data: Any, tokens: list[str], path: str) -> Any:
    node = data
    for token in tokens:
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            raise OperationError(f"{path}: no such node")
    return node


def same_json(left: Any, right: Any) -> bool:
    """JSON equality: `true` is not `1` and `1` is not `1.0`, as Python's `==` would say."""
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(same_json(left[k], right[k]) for k in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(same_json(a, b) for a, b in zip(left, right))
    return type(left) is type(right) and left == right
