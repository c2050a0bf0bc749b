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
change, so those get no fix. No fix either when the tool's provider refuses
`minimum` (`anthropic-strict`): the message says so.
"""

from __future__ import annotations

from schema_lint.field_kinds import words
from schema_lint.field_prose import physical
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema_walk import field_name, label

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
    for node in ctx.walk():
        if not node.types & {"number", "integer"} or "enum" in node.schema or "const" in node.schema:
            continue
        kind = number_kind(field_name(node))
        if kind is None:
            continue
        _, lower, needs_upper = KINDS[kind]
        missing = [side for side, keys, needed in (("lower", _LOWER, True), ("upper", _UPPER, needs_upper))
                   if needed and not any(k in node.schema for k in keys)]
        if not missing:
            continue
        fix = None
        if "lower" in missing and lower is not None and not _signed_by_nature(node):
            fix = Fix(f"add `minimum: {lower}`", FixSafety.UNSAFE, (Operation("add", join(node.pointer, "minimum"), lower),))
        yield Finding(node.pointer, f"{kind} `{label(node)}` has no {' or '.join(missing)} bound", fix=fix)


_RANGE_ENDS = frozenset({"lower", "upper", "min", "start", "end", "from", "to", "low", "high"})


def _signed_by_nature(node) -> bool:
    """A physical quantity ("a charge in coulombs") or the end of a range ("the lower limit of
    the integral") is signed by nature: no lower bound follows from its name."""
    parts = words(field_name(node) or "")
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
