"""An amount, count, limit or percentage with no bounds.

## What it does
Flags a `number` or `integer` whose name says it is an amount or price, a quantity or
count, a limit or page size, or a percentage, and that lacks the bound such a value needs:
every one of them needs a lower bound (`minimum` or `exclusiveMinimum`); limits, page
sizes and percentages also need an upper one (`maximum` or `exclusiveMaximum`). An
`enum` or `const` bounds it too. The name decides, word by word (`maxResults`,
`page_size`, `discount_pct`).

## Why is this bad
A negative `amount` turns a payment into a refund, a `quantity` of -1 or 10^9 reaches
the order system, and a `limit` of a million pulls a whole table through the agent's
context. The model only stays inside bounds the schema states.

## Example
```json
{"type": "object", "properties": {"quantity": {"type": "integer"}, "page_size": {"type": "integer"}}}
```
Use instead:
```json
{"type": "object", "properties": {"quantity": {"type": "integer", "minimum": 1},
 "page_size": {"type": "integer", "minimum": 1, "maximum": 100}}}
```

## Fix safety
Unsafe (tightening), and only where the bound is obvious: `minimum: 0` for amounts,
prices and counts, `minimum: 1` for quantities, limits and page sizes. Upper bounds
depend on the system behind the tool, and a percentage may be 0–1, 0–100 or a signed
change, so those get no fix from the name alone. With recorded calls (`--calls`, at
least 20 values, all of the schema's numeric kind) the traffic decides: the lower bound
only when no call went below it (0 for a percentage), a limit's `maximum` as the next
of 1, 2, 5, 10, 20, 50 … at or above twice the largest sent, a percentage's `maximum:
100` once a call sent more than 1. No fix either when the tool's provider refuses
`minimum` or `maximum` (`anthropic-strict`): the message says so.
"""

from __future__ import annotations

from schema_lint.prose.field_kinds import words
from schema_lint.prose.field_prose import physical
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label
from schema_lint.traffic.values import evidence, round_number, seen_at

CODE = "SL303"
NAME = "unbounded-number"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True

# kind → (name words, the obvious lower bound or None, whether an upper bound is needed)
KINDS: dict[str, tuple[frozenset[str], int | None, bool]] = {
    "amount": (frozenset({"amount", "amounts", "price", "prices", "cost", "fee", "fees", "balance",
                          "salary", "budget", "payment", "charge", "refund", "tip"}), 0, False),
    "count": (frozenset({"count", "counts"}), 0, False),
    "quantity": (frozenset({"quantity", "quantities", "qty"}), 1, False),
    "limit": (frozenset({"limit", "pagesize", "perpage", "maxresults", "topk"}), 1, True),
    "percentage": (frozenset({"percent", "percentage", "pct"}), None, True),
}
# Two-word names of limits: a lone `size`, `max` or `top` says too little (`font_size`,
# `max_temperature`), paired with what they limit they are page sizes and caps.
LIMIT_PHRASES = frozenset({("page", "size"), ("per", "page"), ("batch", "size"), ("chunk", "size"),
                           ("top", "k"), ("top", "n"), ("max", "results"), ("max", "items"), ("max", "rows"),
                           ("max", "records"), ("max", "entries"), ("max", "pages"), ("max", "tokens"),
                           ("num", "results"), ("results", "per")})
_LOWER = ("minimum", "exclusiveMinimum")
_UPPER = ("maximum", "exclusiveMaximum")


def check(ctx):
    for node in ctx.of_kind("number"):
        if "enum" in node.schema or "const" in node.schema:
            continue
        kind = number_kind(node.field_name)
        if kind is None:
            continue
        _, lower, needs_upper = KINDS[kind]
        missing = [side for side, keys, needed in (("lower", _LOWER, True), ("upper", _UPPER, needs_upper))
                   if needed and not any(k in node.schema for k in keys)]
        if not missing:
            continue
        message = f"{kind} `{label(node)}` has no {' or '.join(missing)} bound"
        sent = seen_at(ctx, node, "integer", "number")
        if sent is not None:
            yield Finding(node.pointer, message, fix=_fix_from_traffic(ctx, node, kind, missing, sent))
            continue
        fix = None
        if "lower" in missing and lower is not None and not _signed_by_nature(node):
            fix = Fix(f"add `minimum: {lower}`", FixSafety.UNSAFE, (Operation("add", join(node.pointer, "minimum"), lower),))
        yield Finding(node.pointer, message, fix=fix)


def _fix_from_traffic(ctx, node, kind: str, missing: list[str], sent) -> Fix | None:
    """The bounds the traffic bears out: the kind's natural lower bound (0 for a percentage)
    when no call went below it, and for a limit the next round number at or above twice the
    largest sent, for a percentage 100 when calls sent more than 1 (values up to 1 may be
    fractions). Only where every value sent is of the schema's own kind (no 2.5 for an integer)."""
    if sent.of_type("integer", "number") != sent.count or ("number" not in node.types and sent.types["number"]):
        return None
    operations, said = [], []
    lower = KINDS[kind][1] if KINDS[kind][1] is not None else 0
    if "lower" in missing and sent.low >= lower and not _signed_by_nature(node):
        operations.append(Operation("add", join(node.pointer, "minimum"), lower))
        said.append(f"`minimum: {lower}`")
    upper = _upper_from_traffic(kind, sent.high)
    if "upper" in missing and upper is not None:
        operations.append(Operation("add", join(node.pointer, "maximum"), upper))
        said.append(f"`maximum: {upper}`")
    if not operations:
        return None
    span = f"from {sent.low:,} to {sent.high:,}"
    return Fix(f"add {', '.join(said)} ({evidence(sent.count, span)})", FixSafety.UNSAFE, tuple(operations))


def _upper_from_traffic(kind: str, largest) -> int | None:
    if kind == "limit":
        return round_number(largest)
    if kind == "percentage" and 1 < largest <= 100:
        return 100
    return None


_RANGE_ENDS = frozenset({"lower", "upper", "min", "start", "end", "from", "to", "low", "high"})


def _signed_by_nature(node) -> bool:
    """A physical quantity ("a charge in coulombs") or the end of a range ("the lower limit of
    the integral") is signed by nature: no lower bound follows from its name."""
    parts = words(node.field_name or "")
    return physical(node.get("description")) or len(parts) > 1 and parts[-2] in _RANGE_ENDS


def number_kind(name: str | None) -> str | None:
    """The kind a numeric field's name says, or None; the last telling word wins (`max_price` is a price)."""
    parts = words(name or "")
    for index in range(len(parts) - 1, -1, -1):
        word = parts[index]
        if index > 0 and (parts[index - 1], word) in LIMIT_PHRASES:
            return "limit"
        if (word == "number" and parts[index + 1: index + 2] == ["of"]) or (word == "num" and index == 0 < len(parts) - 1):
            return "count"
        for kind, (names, _, _) in KINDS.items():
            if word in names:
                return kind
    return None
