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
from typing import TYPE_CHECKING, Any

from schema_lint.profiles import refused_note
from schema_lint.schema.walk import walk

if TYPE_CHECKING:
    from schema_lint.gate import Candidate, ToolSchema

# Keywords a profile refuses only for some values: counted with their value.
_BY_VALUE = frozenset({"format", "minItems", "additionalProperties"})


def refused(tool: ToolSchema, candidates: Iterable[Candidate], profiles: frozenset[str]) -> Iterator[tuple[Candidate, str]]:
    """Each candidate whose fix adds a keyword one of ``profiles`` refuses, with what its finding says."""
    if not profiles:
        return
    before: Counter | None = None
    for candidate in candidates:
        if candidate.fixed is None:
            continue
        if before is None:
            before = _keywords(tool.schema)
        for keyword, shown in _keywords(candidate.fixed) - before:
            note = refused_note(profiles, keyword, *(() if shown is None else (json.loads(shown),)))
            if note is not None:
                yield candidate, note
                break


def _keywords(schema: Any) -> Counter:
    """How often each keyword (and, for `_BY_VALUE`, each of its values) occurs in ``schema``."""
    found: Counter = Counter()
    for node in walk(schema, ""):
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
