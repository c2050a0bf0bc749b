"""A fix never leaves a subschema accepting no value.

A rule reads a bound from a field's words ("Page size, max: 50") and proposes it; the
schema may already state a bound on the other side that the words contradict
(`minimum: 100`). Added, the fix makes the field accept nothing (SL015 reports it on the
next run), and every call that sends it is refused. Such a fix is withheld, suggestion or
not: which of the two bounds is wrong is for a person to say, and the finding says both.

Only a fix that sets or removes a bound is asked, on the subschema it edits: nothing is
copied, so a tool with a fix on each of thousands of fields costs each fix a few lookups.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from schema_lint.model import Diagnostic, Operation
from schema_lint.schema.bounds import BOUNDS, contradictions
from schema_lint.schema.pointer import parent, resolve, split


def contradicting(schema: Any, fixed: Iterable[tuple[Diagnostic, list[Operation] | None]]) -> Iterator[tuple[Diagnostic, str]]:
    """Each finding whose fix (its `operations` inside `schema`, or None when they reach outside
    it) would give a subschema of `schema` bounds no value meets that it did not have, with
    what the finding says."""
    for diagnostic, operations in fixed:
        edited: dict[str, list[Operation]] = {}
        for operation in operations or ():
            tokens = split(operation.path)
            if tokens and tokens[-1] in BOUNDS:
                edited.setdefault(parent(operation.path), []).append(operation)
        for at, changes in edited.items():
            problem = _new_contradiction(schema, at, changes)
            if problem is not None:
                yield diagnostic, f"; no fix: with it {problem}, so no value would be accepted"
                break


def _new_contradiction(schema: Any, at: str, changes: list[Operation]) -> str | None:
    try:
        node = resolve(schema, at)
    except LookupError:
        return None
    if not isinstance(node, dict):
        return None
    after = dict(node)
    for operation in changes:
        keyword = split(operation.path)[-1]
        if operation.op == "remove":
            after.pop(keyword, None)
        else:
            after[keyword] = operation.value
    before = set(contradictions(node))
    for found in contradictions(after):
        if found not in before:
            return found[1]
    return None
