"""A fix never adds what the tool's provider profiles refuse.

Rules propose keywords (`format`, `maxLength`, `minimum`, `maxItems`, `additionalProperties`,
`allOf`/`if` …) from what a field is, not from where the tool is sent. A fix that adds
`format: uri` to an openai-strict tool, or `maxLength` to an anthropic-strict one, turns a
warning into an HTTP 400: the tool is then not sent at all. So every fix is applied to the
tool's schema (once, see `Candidate`), and every keyword the fixed schema holds
more often than the original (with its value, where the profile refuses only some values) is
looked up in the profiles' refusal table. A fix that adds a refused one is withheld and the
finding says which profile refuses what: the finding stays, so the reviewer still sees the
gap and can close it in a way the provider takes.

Counting keywords, rather than comparing pointers, lets a fix that moves a subschema (wrapping
it in `anyOf`) keep the keywords it already had without them counting as added.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from os.path import commonprefix
from typing import TYPE_CHECKING, Any

from schema_lint.model import Operation
from schema_lint.profiles import refused_note
from schema_lint.schema.operations import OperationError, apply_inside
from schema_lint.schema.pointer import join, split
from schema_lint.schema.walk import subschema_steps, walk

if TYPE_CHECKING:
    from schema_lint.gate import Candidate, ToolSchema

# Keywords a profile refuses only for some values: counted with their value.
_BY_VALUE = frozenset({"format", "minItems", "additionalProperties"})


def refused(tool: ToolSchema, candidates: Iterable[Candidate], profiles: frozenset[str]) -> Iterator[tuple[Candidate, str]]:
    """Each candidate whose fix adds a keyword one of ``profiles`` refuses, with what its finding says."""
    if not profiles:
        return
    for candidate in candidates:
        added = _added_keywords(tool.schema, candidate.operations)
        for keyword, shown in added or ():
            note = refused_note(profiles, keyword, *(() if shown is None else (json.loads(shown),)))
            if note is not None:
                yield candidate, note
                break


def _added_keywords(schema: Any, operations: list[Operation] | None) -> Counter | None:
    """The keywords (with their values, see `_keywords`) the operations add; None when they do
    not apply. Counted before and after in the deepest subschema all of them lie in: the rest of
    the fixed schema is the schema. Counted in the whole schema for each fix, a tool of one fix
    per property cost the square of its size (25,000 properties: twenty minutes)."""
    if operations is None:
        return None
    paths = [split(operation.path) for operation in operations]
    common = commonprefix([tokens[:-1] for tokens in paths]) if paths and all(paths) else []
    steps = common[:subschema_steps(schema, common)]
    try:
        before, after = apply_inside(schema, steps, operations)
    except OperationError:
        return None
    pointer = join("", *steps)
    return _keywords(after, pointer) - _keywords(before, pointer)


def _keywords(schema: Any, pointer: str) -> Counter:
    """How often each keyword (and, for `_BY_VALUE`, each of its values) occurs in ``schema``."""
    found: Counter = Counter()
    for node in walk(schema, pointer):
        if isinstance(node.schema, dict):
            for keyword, value in node.schema.items():
                shown = _shown(value) if keyword in _BY_VALUE else None
                found[(keyword, shown)] += 1
    return found


def _shown(value: Any) -> str | None:
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        return None
