"""Values a fix may take from the traffic, and the words that state their evidence."""

from __future__ import annotations

from typing import TYPE_CHECKING

from schema_lint.prose.field_prose import names_only

if TYPE_CHECKING:
    from schema_lint.traffic.summary import FieldSummary

MIN_SAMPLE = 20
"""Values a field needs in the traffic before a fix takes a value from them."""

HEADROOM = 2
"""Bounds leave room: at or above twice the largest value seen."""


def seen_at(ctx, node, *kinds: str) -> FieldSummary | None:
    """What the tool's recorded calls sent at ``node``, when at least :data:`MIN_SAMPLE` of
    the values there are of one of ``kinds`` (JSON types); None otherwise: too little
    evidence for a value, or a node the traffic cannot be matched to (a union branch, a
    definition), or no traffic at all."""
    if ctx.traffic is None:
        return None
    prefix = ctx.tool.schema_pointer
    if node.pointer != prefix and not node.pointer.startswith(prefix + "/"):
        return None
    field = ctx.traffic.at(node.pointer[len(prefix):])
    return field if field is not None and field.of_type(*kinds) >= MIN_SAMPLE else None


LENGTH_FLOOR = 32
ITEMS_FLOOR = 8
"""The least `maxLength` and `maxItems` traffic proposes: thirty calls that all sent `"a"` say
little about the next customer's name."""


def round_bound(largest: int, floor: int = 1) -> int:
    """A length or size bound for the largest value seen: a power of two with headroom, at least ``floor``."""
    bound = 1
    while bound < max(1, largest) * HEADROOM or bound < floor:
        bound *= 2
    return bound


def round_number(largest: int | float) -> int:
    """A numeric upper bound for the largest value seen: the next of 1, 2, 5, 10, 20, 50 …
    at or above twice it (a reviewer reads `maximum: 200` as a choice, `maximum: 256` as a guess)."""
    bound, steps = 1, (2, 2.5, 2)
    step = 0
    while bound < max(1, largest) * HEADROOM:
        bound = int(bound * steps[step % 3])
        step += 1
    return bound


def evidence(count: int, what: str) -> str:
    return f"{count:,} recorded call{'s' if count != 1 else ''}, {what}"


def words_outweigh(description: object) -> str:
    """Why a field's words outweigh what the recorded calls bear out there, or "": words that
    do more than name the value (`field_prose.names_only`: "Cc recipients, if any", "paste
    whole email threads") say what the next call may do that no call so far did; a fix from
    the calls is then a suggestion."""
    return "" if names_only(description) else "its words say more than what it is"
