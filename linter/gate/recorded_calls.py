"""The gate no tightening fix may fail: it must not reject a recorded call that passes today."""

from __future__ import annotations

import json
from collections.abc import Iterable

from schema_lint.gate.stated_values import apply_inner, validators_for
from schema_lint.model import Diagnostic, FixSafety

SHOWN = 120
"""Characters of the rejected call a finding shows."""


def withhold_fixes_that_reject(schema, schema_pointer: str, diagnostics: list[Diagnostic],
                               calls: Iterable[dict]) -> None:
    """Drop (in place) each tightening fix that would reject a recorded call the schema accepts
    today, and say in its finding how many it would reject and which. One pass over the calls
    checks every fix, so a tool's calls are read once however many fixes it has."""
    tightening = [d for d in diagnostics if d.fix is not None and d.fix.safety is FixSafety.UNSAFE]
    before = validators_for(schema) if tightening else None
    if before is None:
        return
    after = []
    for diagnostic in tightening:
        fixed = apply_inner(schema, schema_pointer, diagnostic.fix.operations)
        validators = None if fixed is None else validators_for(fixed)
        if validators is not None:
            after.append((diagnostic, validators.get("#")))
    passing = 0
    rejected: dict[int, list] = {}  # index in `after` → [count, first call rejected]
    for call in calls:
        if not _valid(before.get("#"), call):
            continue
        passing += 1
        for index, (_, validator) in enumerate(after):
            if not _valid(validator, call):
                rejected.setdefault(index, [0, call])[0] += 1
    for index, (count, example) in rejected.items():
        diagnostic = after[index][0]
        shown = json.dumps(example, ensure_ascii=False)
        shown = shown if len(shown) <= SHOWN else shown[:SHOWN] + "…"
        diagnostic.message += (f"; no fix: it would reject {count:,} of {passing:,} recorded calls "
                               f"that pass today, such as {shown}")
        diagnostic.fix = None


def _valid(validator, call: dict) -> bool:
    try:
        return validator is not None and validator.is_valid(call)
    except ValueError:
        return False
