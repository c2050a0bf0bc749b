"""The gate no tightening fix may fail: it must not reject a recorded call that passes today."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from schema_lint.model import FixSafety

if TYPE_CHECKING:
    from schema_lint.gate import Candidate, ToolSchema

SHOWN = 120
"""Characters of the rejected call a finding shows."""


def rejecting(tool: ToolSchema, candidates: Iterable[Candidate], calls: Iterable[dict]) -> Iterator[tuple[Candidate, str]]:
    """Each tightening candidate whose fix would reject a recorded call the schema accepts
    today, with what its finding says: how many it would reject, and which. One pass over the
    calls checks every fix, so a tool's calls are read once however many fixes it has."""
    tightening = [candidate for candidate in candidates if candidate.diagnostic.fix.safety is FixSafety.UNSAFE]  # type: ignore[union-attr]  # a candidate's finding has a fix
    if not tightening or tool.validators is None:
        return
    before = tool.validators.get("#")
    after = [(candidate, candidate.validators.get("#")) for candidate in tightening if candidate.validators is not None]
    passing = 0
    rejected: dict[int, list] = {}  # index in `after` → [count, first call rejected]
    for call in calls:
        if not _valid(before, call):
            continue
        passing += 1
        for index, (_, validator) in enumerate(after):
            if not _valid(validator, call):
                rejected.setdefault(index, [0, call])[0] += 1
    for index, (count, example) in rejected.items():
        shown = json.dumps(example, ensure_ascii=False)
        shown = shown if len(shown) <= SHOWN else shown[:SHOWN] + "…"
        yield after[index][0], (f"; no fix: it would reject {count:,} of {passing:,} recorded calls "
                                f"that pass today, such as {shown}")


def _valid(validator, call: dict) -> bool:
    try:
        return validator is not None and validator.is_valid(call)
    except ValueError:
        return False
