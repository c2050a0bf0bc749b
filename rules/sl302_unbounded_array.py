"""An array parameter with no bound on how many items it accepts.

## What it does
Flags an array schema without `maxItems`. Arrays pinned by `enum` or `const`, and
closed tuples (`prefixItems` with `items: false`, or a list of `items` with
`additionalItems: false`), are bounded already. On a read tool it speaks only where
there is ground for a bound (the description's, the traffic's, or `max-items`): read
finding by finding on published tools (`bench/read_sample.py`), a lookup's list of
filters or values with nothing to say how long it may be was almost never worth a change.

## Why is this bad
A model in a loop, or a prompt injection, can send ten thousand recipients, IDs or
file paths in one call, and every system behind the tool has to cope. A bound states
what the tool is built for and is enforced at the boundary with an error the model can
act on.

## Example
```json
{"type": "array", "items": {"type": "string", "format": "email"}}
```
Use instead:
```json
{"type": "array", "items": {"type": "string", "format": "email"}, "maxItems": 100}
```

## Fix safety
Unsafe (tightening): longer arrays are rejected afterwards, so the bound must come from
the description ("up to 50 items", "maximum 100 per batch"), the traffic (`--calls`: at
least 8, the next power of two at or above twice the longest of at least 20 recorded
arrays; a suggestion where the words allow more: "any number of IDs", "no limit", a larger
number), or `max-items` in the configuration (raised to the array's `minItems` when that
is larger), and the fix says which. A lower bound the description states with it ("1 to
10 tags", "non-empty list") is added too. Without any of these the finding carries a
suggestion, never applied by `--fix`: `maxItems: 100`, a conventional bound for a
reviewer to choose the value, unless the description names a larger number ("Up to 1000
resource IDs", which may state a bound the readers leave unread): the suggestion would
contradict it, and the finding says so instead. Where the description says more items are
taken and handled ("only the first 50 are used", "extra tags are dropped"), no bound
refuses them: only a suggestion (of the stated bound, or the conventional one), whatever
the traffic or the configuration say.
A fix from recorded calls is a suggestion where the words do more than name the value
("Cc recipients, if any", "paste whole email threads"): a model sends what it is shown, and
such words say what the next call may do that none so far did.
"""

from __future__ import annotations

from schema_lint.prose.constraints import evidence_of, handled_bounds, handled_suggestion, said, stated
from schema_lint.prose.handled import UPPER, handled_sides
from schema_lint.prose.field_prose import allows_more_than, largest_number, unquoted
from schema_lint.traffic.values import ITEMS_FLOOR, evidence, round_bound, seen_at, words_outweigh
from schema_lint.model import (EVIDENCE_CALLS, EVIDENCE_CONFIG, EVIDENCE_NONE, Evidence, Fix, FixSafety, Operation,
                                Severity, SideEffects)
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label, refines_a_field

CODE = "SL302"
NAME = "unbounded-array"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True


CONVENTIONAL_MAX_ITEMS = 100
"""The bound a suggestion proposes where nothing states one."""


def check(ctx):
    for node in ctx.of_kind("array"):
        if bounded(node) or refines_a_field(node):
            continue
        fix = _fix(ctx, node)
        if (fix is None or fix.safety is FixSafety.SUGGESTION) and ctx.side_effects is SideEffects.READ:
            continue  # a read tool's array with no bound stated anywhere: not worth a finding
        yield Finding(node.pointer, f"array `{label(node)}` has no maxItems" + ("" if fix else _no_suggestion(node)),
                      fix=fix)


def _fix(ctx, node) -> Fix | None:
    """The bound the description states, the traffic's, the configured one, or a suggestion
    (none where the words name a larger number: see `_no_suggestion`)."""
    words = {found.keyword: found for found in stated(node.description, node.types, None, node.field_name,
                                                        node.neighbour_names)}
    found = words.get("maxItems")
    if found is not None:
        low = words.get("minItems")
        extra: tuple[Operation, ...] = ()
        said_min = ""
        if low is not None and "minItems" not in node.schema:
            extra, said_min = (Operation("add", join(node.pointer, "minItems"), low.value),), f", `minItems: {low.value}`"
        return Fix(f"add `maxItems: {found.value}`{said_min} ({said(found)})", FixSafety.UNSAFE,
                   (_max_items(node, found.value), *extra), evidence_of(found))
    handled = UPPER in handled_sides(node.description)  # "extra tags are dropped": no bound refuses them
    capped = next((s for s in handled_bounds(node.description, node.types, node.field_name, node.neighbour_names)
                   if s.keyword == "maxItems"), None)
    if capped is not None:
        return handled_suggestion(capped, node.pointer)
    arrays = seen_at(ctx, node, "array") if not handled else None
    if arrays is not None:
        longest = arrays.sizes.largest
        seen = evidence(arrays.of_type("array"), f"longest {longest:,} items")
        limit = _at_least_min(node, round_bound(longest, ITEMS_FLOOR))
        more = allows_more_than(node.description, limit) or words_outweigh(node.description)
        if more:
            return Fix(f"add `maxItems: {limit}` ({seen}; but {more}: confirm it)", FixSafety.SUGGESTION,
                       (_max_items(node, limit),), Evidence(EVIDENCE_CALLS, seen))
        return Fix(f"add `maxItems: {limit}` ({seen})", FixSafety.UNSAFE, (_max_items(node, limit),),
                   Evidence(EVIDENCE_CALLS, seen))
    configured = ctx.settings.get("max-items") if not handled else None
    if configured is not None:
        limit = _at_least_min(node, configured)
        return Fix(f"add `maxItems: {limit}` (configured `max-items`)", FixSafety.UNSAFE, (_max_items(node, limit),),
                   Evidence(EVIDENCE_CONFIG, "max-items"))
    limit = _at_least_min(node, CONVENTIONAL_MAX_ITEMS)
    if _no_suggestion(node):
        return None
    return Fix(f"add `maxItems: {limit}` (a conventional bound: choose the value)", FixSafety.SUGGESTION,
               (_max_items(node, limit),), Evidence(EVIDENCE_NONE))


def _no_suggestion(node) -> str:
    """Why the conventional bound is not suggested: the description names a number above it,
    which may be a bound the readers leave unread ("Up to 1000 resource IDs"); empty if not."""
    named = largest_number(unquoted(node.description))  # an item's quoted example counts no items
    if named is None or named <= _at_least_min(node, CONVENTIONAL_MAX_ITEMS):
        return ""
    return f"; no suggestion: the description names {named:,g}, more than the conventional {CONVENTIONAL_MAX_ITEMS}"


def _max_items(node, limit: int) -> Operation:
    return Operation("add", join(node.pointer, "maxItems"), limit)


def _at_least_min(node, limit: int) -> int:
    minimum = node.get("minItems")
    if isinstance(minimum, int) and not isinstance(minimum, bool):
        return max(limit, minimum)
    return limit


def bounded(node) -> bool:
    if any(key in node.schema for key in ("maxItems", "enum", "const")):
        return True
    items = node.get("items")
    if isinstance(node.get("prefixItems"), list) and items is False:
        return True
    return isinstance(items, list) and node.get("additionalItems") is False
