"""Recorded calls as evidence for tightening (`check --calls`).

Where a team has recorded what calls really send, a tightening fix need not guess: the
values it proposes come from the traffic, and the traffic proves that nothing working
today breaks. Two uses:

- **Values.** :func:`observed` gives the values recorded at a subschema (followed through
  `properties` and `items`), so SL101, SL201, SL301 and SL302 can propose `required`,
  `additionalProperties: false`, `maxLength` and `maxItems` from what was sent, once at
  least :data:`MIN_SAMPLE` values are there, and say so in the fix.
- **The gate.** :func:`withhold_fixes_that_reject` applies each fix to a copy of the tool's
  schema and validates the recorded calls the original accepts; a fix that would reject
  one is withheld, and the finding says how many and which.

Calls are read as `replay` reads them (every shape it knows); per tool at most
:data:`CALLS_PER_TOOL` are kept.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from schema_lint.fix_evidence import apply_inner, validators_for
from schema_lint.model import Diagnostic, FixSafety
from schema_lint.pointer import split

MIN_SAMPLE = 20
"""Values a field needs in the traffic before a fix takes a value from them."""

CALLS_PER_TOOL = 5_000
"""Recorded calls kept per tool, for values and for the gate."""

HEADROOM = 2
"""A bound is the next round number (a power of two) at or above twice the largest value seen."""


class Traffic:
    """Recorded calls by tool: by the `uid` of the record that holds the tool, and by name."""

    def __init__(self) -> None:
        self.by_uid: dict[str, list[dict]] = defaultdict(list)
        self.by_name: dict[str, list[dict]] = defaultdict(list)
        self.calls = 0

    @classmethod
    def load(cls, paths: Iterable[str]) -> Traffic:
        from schema_lint.replay.calls import RecordedCall, read_calls

        traffic = cls()
        for item in read_calls(list(paths)):
            if not isinstance(item, RecordedCall):
                continue
            arguments = item.arguments
            if isinstance(arguments, str):
                try:
                    arguments = json.loads(arguments)
                except ValueError:
                    continue
            if not isinstance(arguments, dict):
                continue
            bucket = traffic.by_uid[item.tool_uid] if item.tool_uid else traffic.by_name[item.tool]
            if len(bucket) < CALLS_PER_TOOL:
                bucket.append(arguments)
                traffic.calls += 1
        return traffic

    def for_tool(self, tool) -> list[dict]:
        return self.by_uid.get(tool.uid, []) if tool.uid in self.by_uid else self.by_name.get(tool.name, [])


def observed(calls: list[dict], inner_pointer: str) -> list[Any] | None:
    """Every value the calls sent at the subschema ``inner_pointer`` (`/properties/a/items`),
    or None when the pointer passes through anything but `properties` and `items`."""
    values: list[Any] = list(calls)
    tokens = split(inner_pointer)
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token == "properties" and index + 1 < len(tokens):
            name = tokens[index + 1]
            values = [value[name] for value in values if isinstance(value, dict) and name in value]
            index += 2
        elif token == "items":
            values = [item for value in values if isinstance(value, list) for item in value]
            index += 1
        else:
            return None
    return values


def round_bound(largest: int) -> int:
    """The bound a fix proposes for the largest value seen: a power of two with headroom."""
    bound = 1
    while bound < max(1, largest) * HEADROOM:
        bound *= 2
    return bound


def evidence(count: int, what: str) -> str:
    return f"{count:,} recorded call{'s' if count != 1 else ''}, {what}"


def withhold_fixes_that_reject(schema: Any, schema_pointer: str, diagnostics: list[Diagnostic],
                               calls: list[dict]) -> None:
    """Drop (in place) each tightening fix that would reject a recorded call the schema accepts today."""
    tightening = [d for d in diagnostics if d.fix is not None and d.fix.safety is FixSafety.UNSAFE]
    if not tightening or not calls:
        return
    before = validators_for(schema)
    if before is None:
        return
    root = before.get("#")
    passing = [call for call in calls if _valid(root, call)]
    for diagnostic in tightening:
        fixed = apply_inner(schema, schema_pointer, diagnostic.fix.operations)
        after = None if fixed is None else validators_for(fixed)
        if after is None:
            continue
        rejected = [index for index, call in enumerate(passing) if not _valid(after.get("#"), call)]
        if rejected:
            shown = json.dumps(passing[rejected[0]], ensure_ascii=False)
            shown = shown if len(shown) <= 120 else shown[:120] + "…"
            diagnostic.message += (f"; no fix: it would reject {len(rejected):,} of {len(passing):,} recorded calls "
                                   f"that pass today, such as {shown}")
            diagnostic.fix = None


def _valid(validator, call: dict) -> bool:
    try:
        return validator is not None and validator.is_valid(call)
    except ValueError:
        return False


def sample(ctx, node, kind: type) -> list | None:
    """The recorded values of type ``kind`` at ``node`` of the tool in ``ctx``, when there are
    at least :data:`MIN_SAMPLE` of them; None otherwise (too little evidence for a value)."""
    if not ctx.calls:
        return None
    prefix = ctx.tool.schema_pointer
    if node.pointer != prefix and not node.pointer.startswith(prefix + "/"):
        return None
    values = observed(ctx.calls, node.pointer[len(prefix):])
    if values is None:
        return None
    values = [value for value in values if isinstance(value, kind) and not isinstance(value, bool)]
    return values if len(values) >= MIN_SAMPLE else None
