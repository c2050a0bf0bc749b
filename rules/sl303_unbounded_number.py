"""An amount, count, limit or percentage with no bounds.

## What it does
Flags a `number` or `integer` whose name says it is an amount or price, a quantity or
count, a limit or page size, or a percentage, and that lacks the bound such a value needs:
every one of them needs a lower bound (`minimum` or `exclusiveMinimum`); limits, page
sizes and percentages also need an upper one (`maximum` or `exclusiveMaximum`). An
`enum` or `const` bounds it too. The name decides, word by word (`maxResults`,
`page_size`, `discount_pct`; `num` counts only before what it counts, `num_guests`, while
`num1` and `num_a` are numbers); a name with no such word is read by its description, when
that opens with what a count is ("The number of guests", "How many seats") or says the
value is a percentage ("Percentage of the budget", "as a percentage"; not "the season you
want the winning percentage for"). An `age` needs both bounds; an age of data (a cache's
`maxAge` "in milliseconds", `max_age_seconds`) is a duration, not reported. A bound at a
number type's range (zod's `.int()` writes `maximum: 9007199254740991`, OpenAPI's `int32`
its range) bounds nothing: the side is reported as unbounded, and a stated bound replaces it. A `limit` is a page size only on its own or
after what it counts (`result_limit`, `items_limit`): the `lower_limit` of an integral,
a `credit_limit` or a `time_limit` are not. A `balance` is no amount, since it may go
below zero (an overdraft), and a percentage that measures a change (a yield, a growth
rate) is signed and unbounded: neither is reported.

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
Unsafe (tightening), and only on evidence, which the fix names. The description's own
words come first and override the name: "between 1 and 100", "(1-50)", "max: 50", "must
be greater than 0", "starting from 1" give the bounds they state (one in a unit of time
or size, "at most 30 days", only where the value is said to be in that unit: a
`retention_days`, not a value "in seconds"; none written bare where the words offer the
value in another unit too, "Delay in seconds (0-60); milliseconds if ms=true"), widened to admit any value the description
names as usable ("Use 0 for no preference", "a value of -1 indicates CPU", a stated
default). Then the traffic: with recorded calls (`--calls`, at least 20 values, all of
the schema's numeric kind) the lower bound only when no call went below it (0 for a
percentage), a limit's `maximum` as the next of 1, 2, 5, 10, 20, 50 … at or above twice
the largest sent, a percentage's `maximum: 100` once a call sent more than 1 (no
`maximum` where the words allow more: "Exports of up to a million rows are common",
"there is no limit", a larger number). Then the
name, where the bound is obvious: `minimum: 0` for amounts, prices, counts and quantities
(an API may take a quantity of 0 to remove a cart line or scale a service to zero),
`minimum: 1` for limits and page sizes, never for a physical quantity, the end of a range,
one whose description names a smaller number ("0 returns only the total", "errors for
values lower than 0"), or a number the description says may be negative ("negative to remove",
"use a negative amount for a credit", "positive or negative"; not "must not be
negative"), and only as a suggestion for an amount or quantity applied to a balance, a
ledger or a credit ("The amount in cents to apply to the customer's credit balance",
`credit_amount`, `quantity_delta`), where a credit or a correction is negative. Where
the words state only the upper bound ("max: 100" of a `per_page`), the name's lower one
joins it in the same fix, so that one `--fix` does what it does. A `charge` may be a fee or an electric charge (BFCL's `charge1` "on the
first body", which may be negative): the name alone gives a suggestion, a fix only when
the description speaks of money. Upper bounds depend on the system behind the tool, and a
percentage may be 0–1, 0–100 or a signed change: without words or traffic the finding
carries a suggestion (`maximum: 100`), never applied by `--fix`, for a reviewer to
choose the value, unless the description names a larger number ("up to 500 per page",
"e.g. 250") or offers no limit ("0 means no limit"), which the suggestion would contradict:
the finding says so instead. A side
the description says values past are taken and handled on ("Larger values are capped at
50", "values below 1 are treated as 1") gets no bound from words, traffic or name: at most
a suggestion of the stated one. No fix either when the tool's provider refuses `minimum`
or `maximum` (`anthropic-strict`): the message says so.
A fix from recorded calls is a suggestion where the words do more than name the value
("Cc recipients, if any", "paste whole email threads"): a model sends what it is shown, and
such words say what the next call may do that none so far did.
"""

from __future__ import annotations

import re
from functools import lru_cache

from schema_lint.prose.constraints import BOUNDS, bounds_fix, handled_bounds, handled_suggestion, stated
from schema_lint.prose.handled import LOWER, UPPER, handled_sides
from schema_lint.prose.field_kinds import words
from schema_lint.prose.units import named_unit
from schema_lint.text.lazy_pattern import Screened, lazy_compile
from schema_lint.prose.field_prose import (adjusts_balance, allows_more_than, largest_number, monetary, physical,
                                           says_signed, smallest_number)
from schema_lint.model import (EVIDENCE_CALLS, EVIDENCE_NAME, EVIDENCE_NONE, Evidence, Fix, FixSafety, Operation,
                               Severity)
from schema_lint.schema.bounds import bounded_by
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label, refines_a_field
from schema_lint.traffic.values import evidence, round_number, seen_at, words_outweigh

CODE = "SL303"
NAME = "unbounded-number"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True

CONVENTIONAL_MAXIMUM = 100
"""The upper bound a suggestion proposes where nothing states one."""
# kind → (name words, the obvious lower bound or None, whether an upper bound is needed)
KINDS: dict[str, tuple[frozenset[str], int | None, bool]] = {
    "amount": (frozenset({"amount", "amounts", "price", "prices", "cost", "fee", "fees",
                          "salary", "budget", "payment", "charge", "refund", "tip"}), 0, False),
    "count": (frozenset({"count", "counts"}), 0, False),
    # 0 too: a cart line set to 0 is removed, a process count scaled to zero.
    "quantity": (frozenset({"quantity", "quantities", "qty"}), 0, False),
    "limit": (frozenset({"limit", "pagesize", "perpage", "maxresults", "topk"}), 1, True),
    "percentage": (frozenset({"percent", "percentage", "pct"}), None, True),
    "age": (frozenset({"age"}), 0, True),
}
# Amount words with another sense that is signed: a charge may be a fee or an electric charge.
# Alone they justify a suggestion; a fix needs the description to speak of money too.
OTHER_SENSE = {"charge": "an electric charge", "charges": "an electric charge"}
# Kinds whose number may adjust a balance or a stock, and the name words that say it does
# (`credit_amount`, `balance_adjustment`, `quantity_delta`): the name's lower bound is then
# only a suggestion, as it is where the description applies the number to a balance.
ADJUSTABLE = frozenset({"amount", "quantity"})
BALANCE_WORDS = frozenset({"balance", "ledger", "adjust", "adjustment", "credit", "debit", "delta", "correction"})
# Words before `limit` that make it a page size: what it counts (`result_limit`, `items_limit`).
LIMIT_OF = frozenset({"result", "page", "item", "row", "record", "entry", "max", "query", "search", "fetch",
                      "list", "return", "response", "batch", "hit"})
# How a description says a number is a count or a percentage, when the name does not.
_DESCRIBED_COUNT = lazy_compile(r"^\W*(?:the\s+|a\s+)?(?:total\s+|maximum\s+|max\s+)?(?:number|count)\s+of\b|"
                                r"^\W*how\s+many\b", re.IGNORECASE)
# A percentage the value is: said first ("Percentage of the budget", "The discount percentage",
# "Win percentage, 0-100") or of the value ("as a percentage", "in percent"); not a percentage
# the value leads to ("The season (year) you want to find winning percentage for").
_DESCRIBED_PERCENTAGE = Screened(r"^\W*(?:(?:the|a)\s+)?(?:[a-z][\w-]*\s+){0,2}?percent(?:age)?\b|"
                                 r"\b(?:as|in)\s+(?:an?\s+)?percent(?:age)?\b", "percent")
# Two-word names of limits: a lone `size`, `max` or `top` says too little (`font_size`,
# `max_temperature`), paired with what they limit they are page sizes and caps.
LIMIT_PHRASES = frozenset({("page", "size"), ("per", "page"), ("batch", "size"), ("chunk", "size"),
                           ("top", "k"), ("top", "n"), ("max", "results"), ("max", "items"), ("max", "rows"),
                           ("max", "records"), ("max", "entries"), ("max", "pages"), ("max", "tokens"),
                           ("num", "results"), ("results", "per")})
# Words offering a value for no limit: a conventional maximum would refuse what they promise.
_UNLIMITED = Screened(r"\b(?:no|without (?:a|any))\s+(?:upper\s+)?(?:limit|maximum|cap)\b|\bunlimited\b|"
                      r"\b(?:all|every)\s+(?:results|items|records|rows|entries|matches)\b",
                      "limit|maximum|cap|unlimited|all|every")
_LOWER = ("minimum", "exclusiveMinimum")
_UPPER = ("maximum", "exclusiveMaximum")
# keyword the description may state → the keywords that already bound that side
_SIDES = {"minimum": _LOWER, "exclusiveMinimum": _LOWER, "maximum": _UPPER, "exclusiveMaximum": _UPPER,
          "multipleOf": ("multipleOf",)}


def check(ctx):
    for node in ctx.of_kind("number"):
        kind = reported_kind(node)
        missing = missing_bounds(node, kind)
        if kind is None or not missing or refines_a_field(node):
            continue
        message = f"{kind} `{label(node)}` has no {' or '.join(missing)} bound" + _type_ranges(node.schema)
        fix = _fix(ctx, node, kind, missing, KINDS[kind][1])
        yield Finding(node.pointer, message + ("" if fix or "upper" not in missing else _no_suggestion(node)), fix=fix)


def _type_ranges(schema: dict) -> str:
    """Why a bound the schema writes is none: it is a number type's range (zod's `.int()`)."""
    ranges = [f"`{k}: {schema[k]}`" for k in (*_LOWER, *_UPPER) if k in schema and not bounded_by(schema, (k,))]
    return f" ({' and '.join(ranges)}: a number type's range, no bound)" if ranges else ""


def reported_kind(node) -> str | None:
    """The kind of value this rule takes the number for: by its name, else by its
    description; none for a percentage that measures a change (a yield or a change is
    signed and unbounded by nature). SL403 asks it too, to leave this rule's bounds alone."""
    kind = number_kind(node.field_name) or described_kind(node.description)
    if kind == "age" and _age_of_data(node):
        return None
    return None if kind == "percentage" and _signed_change(node) else kind


# An age measured in a clock's units or of something cached: "Maximum age in milliseconds of
# cached content" (`maxAge`), `cache_max_age_seconds`. A duration, not a person's age, with no
# upper bound by nature.
_DATA_AGE = Screened(r"\b(?:milli|micro)?seconds?\b|\bms\b|\bminutes?\b|\bhours?\b|\bcached?\b|\bttl\b|\bstale\b|"
                     r"\bexpir", words=("second", "ms", "minute", "hour", "cache", "ttl", "stale", "expir"), lowered=True)


def _age_of_data(node) -> bool:
    """Whether an `age` is how old data may be: named in a unit of the clock (`max_age_ms`)
    or described so."""
    if named_unit(node.field_name) in ("millisecond", "second", "minute", "hour"):
        return True
    name = " ".join(words(node.field_name or ""))
    description = node.description if isinstance(node.description, str) else ""
    return any(_DATA_AGE.search(text.lower()) for text in (name, description))


def missing_bounds(node, kind: str | None) -> list[str]:
    """The sides ("lower", "upper") this rule reports missing on a number of this kind."""
    if kind is None or "enum" in node.schema or "const" in node.schema:
        return []
    needs_upper = KINDS[kind][2]
    return [side for side, keys, needed in (("lower", _LOWER, True), ("upper", _UPPER, needs_upper))
            if needed and not bounded_by(node.schema, keys)]


def _fix(ctx, node, kind: str, missing: list[str], lower: int | None) -> Fix | None:
    """The bounds the description states (with the name's obvious lower bound where they
    leave that side open), else the traffic's, else the name's obvious lower bound, else a
    suggestion."""
    from_words = stated_bounds(node)
    if from_words is not None:
        return _with_lower_from_name(from_words, _lower_from_name(node, kind, missing, lower))
    sent = seen_at(ctx, node, "integer", "number")
    from_traffic = _fix_from_traffic(ctx, node, kind, missing, sent) if sent is not None else None
    if from_traffic is not None:
        return from_traffic
    # The calls bear out no bound (a value of another kind among them, one below the name's
    # bound): the name's still stands, and the fix gate weighs it against every recorded call,
    # saying how many it would refuse, where the finding once fell silent.
    from_name = _lower_from_name(node, kind, missing, lower)
    if from_name is not None:
        return from_name
    capped = next((s for s in handled_bounds(node.description, node.types, node.field_name, node.neighbour_names)
                   if s.keyword in _SIDES and not bounded_by(node.schema, _SIDES[s.keyword])), None)
    if capped is not None:
        return handled_suggestion(capped, node.pointer)
    if "upper" in missing and not _no_suggestion(node):
        return Fix(f"add `maximum: {CONVENTIONAL_MAXIMUM}` (a conventional bound: choose the value)",
                   FixSafety.SUGGESTION, (Operation("add", join(node.pointer, "maximum"), CONVENTIONAL_MAXIMUM),),
                   Evidence(EVIDENCE_NONE))
    return None


def _no_suggestion(node) -> str:
    """Why the conventional maximum is not suggested: the description names a number above
    it ("up to 500 per page", "e.g. 250"), a value or a bound it would refuse, or offers no
    limit at all ("0 means no limit", "-1 for unlimited"); empty if not."""
    if isinstance(node.description, str) and _UNLIMITED.search(node.description):
        return "; no suggestion: the description offers no limit"
    named = largest_number(node.description)
    if named is None or named <= CONVENTIONAL_MAXIMUM:
        return ""
    return f"; no suggestion: the description names {named:,g}, more than the conventional {CONVENTIONAL_MAXIMUM}"


def _lower_from_name(node, kind: str, missing: list[str], lower: int | None) -> Fix | None:
    """The lower bound the name's kind has (0 for an amount, 1 for a limit), where the
    schema lacks one and nothing says the number is signed; a suggestion where the number
    may be another sense's (a `charge`) or adjust a balance."""
    if "lower" not in missing or lower is None or _signed_by_nature(node) or LOWER in handled_sides(node.description):
        return None  # "values below 1 are treated as 1": no lower bound refuses them
    smallest = smallest_number(node.description)
    if smallest is not None and smallest < lower:
        return None  # "0 returns only the count": the words may offer a value below the name's bound
    add = (Operation("add", join(node.pointer, "minimum"), lower),)
    word = _telling(node.field_name)[1]
    if word in OTHER_SENSE and not monetary(node.description):
        return Fix(f"add `minimum: {lower}` (a `{word}` may be money or {OTHER_SENSE[word]}, which may be "
                   "negative: confirm it)", FixSafety.SUGGESTION, add, Evidence(EVIDENCE_NONE))
    if kind in ADJUSTABLE and (adjusts_balance(node.description)
                               or not BALANCE_WORDS.isdisjoint(part.rstrip("s") for part in words(node.field_name))):
        return Fix(f"add `minimum: {lower}` (a number applied to a balance may be negative, as a credit or a "
                   "correction is: confirm it)", FixSafety.SUGGESTION, add, Evidence(EVIDENCE_NONE))
    return Fix(f"add `minimum: {lower}` (the name `{node.field_name}` says {kind})", FixSafety.UNSAFE, add,
               Evidence(EVIDENCE_NAME, node.field_name))


def _with_lower_from_name(from_words: Fix, from_name: Fix | None) -> Fix:
    """The words' bounds and, where they state only an upper one, the name's lower bound, in
    one fix: made one after the other, a file's second `--fix` would change it again (as
    the fix of a tool written in Python, made in its source, would be)."""
    if from_name is None or from_name.safety is not FixSafety.UNSAFE \
            or any(o.path.rsplit("/", 1)[1] in _LOWER for o in from_words.operations):
        return from_words
    return from_words._replace(description=f"{from_words.description} and {from_name.description[len('add '):]}",
                               operations=from_words.operations + from_name.operations)


def stated_bounds(node) -> Fix | None:
    """The bounds the description states for the sides the schema leaves open, as one fix."""
    found = [s for s in stated(node.description, node.types, BOUNDS, node.field_name, node.neighbour_names)
             if s.keyword in _SIDES and not bounded_by(node.schema, _SIDES[s.keyword])]
    return bounds_fix(found, node.pointer) if found else None


def _fix_from_traffic(ctx, node, kind: str, missing: list[str], sent) -> Fix | None:
    """The bounds the traffic bears out: the kind's natural lower bound (0 for a percentage)
    when no call went below it, and for a limit the next round number at or above twice the
    largest sent, for a percentage 100 when calls sent more than 1 (values up to 1 may be
    fractions). Only where every value sent is of the schema's own kind (no 2.5 for an integer)."""
    if sent.of_type("integer", "number") != sent.count or ("number" not in node.types and sent.types["number"]):
        return None
    operations, added = [], []
    lower = KINDS[kind][1] if KINDS[kind][1] is not None else 0
    handled = handled_sides(node.description)  # "larger values are capped": no bound on that side refuses them
    if "lower" in missing and sent.low >= lower and not _signed_by_nature(node) and LOWER not in handled:
        operations.append(Operation("add", join(node.pointer, "minimum"), lower))
        added.append(f"`minimum: {lower}`")
    upper = _upper_from_traffic(kind, sent.high)
    if upper is not None and allows_more_than(node.description, upper):
        upper = None  # "Exports of up to a million rows are common": the calls so far are no bound of the next
    if "upper" in missing and upper is not None and UPPER not in handled:
        operations.append(Operation("add", join(node.pointer, "maximum"), upper))
        added.append(f"`maximum: {upper}`")
    if not operations:
        return None
    seen = evidence(sent.count, f"from {sent.low:,} to {sent.high:,}")
    outweighed = words_outweigh(node.description)
    if outweighed:
        return Fix(f"add {', '.join(added)} ({seen}; but {outweighed}: confirm it)", FixSafety.SUGGESTION,
                   tuple(operations), Evidence(EVIDENCE_CALLS, seen))
    return Fix(f"add {', '.join(added)} ({seen})", FixSafety.UNSAFE, tuple(operations), Evidence(EVIDENCE_CALLS, seen))


def _upper_from_traffic(kind: str, largest) -> int | None:
    if kind == "limit":
        return round_number(largest)
    if kind == "percentage" and 1 < largest <= 100:
        return 100
    return None


_RANGE_ENDS = frozenset({"lower", "upper", "min", "start", "end", "from", "to", "low", "high"})


def _signed_by_nature(node) -> bool:
    """A physical quantity ("a charge in coulombs"), the end of a range ("the lower limit of
    the integral") or a number the description says may be negative ("negative to remove")
    is signed: no lower bound follows from its name."""
    parts = words(node.field_name or "")
    return physical(node.description) or says_signed(node.description) or len(parts) > 1 and parts[-2] in _RANGE_ENDS


_CHANGE_WORDS = frozenset({"yield", "growth", "change", "return", "delta", "difference", "increase", "decrease"})


def _signed_change(node) -> bool:
    """A percentage that measures a change (`yearly_yield`, "growth as a percentage") may be
    negative or over 100: no bound follows from its being a percentage."""
    description = node.description
    said = words(node.field_name or "") + (words(description[:120]) if isinstance(description, str) else [])
    return not _CHANGE_WORDS.isdisjoint(said)


def number_kind(name: str | None) -> str | None:
    """The kind a numeric field's name says, or None; the last telling word wins (`max_price` is a price)."""
    return _telling(name)[0]


@lru_cache(maxsize=4096)
def _telling(name: str | None) -> tuple[str | None, str | None]:
    """The kind the name says and the word that says it (None, None for no kind). Cached:
    asked of every number field, by this rule and by SL403, and names recur across tools."""
    parts = words(name or "")
    for index in range(len(parts) - 1, -1, -1):
        word = parts[index]
        if index > 0 and (parts[index - 1], word) in LIMIT_PHRASES:
            return "limit", word
        if (word == "number" and parts[index + 1: index + 2] == ["of"]) or (word == "num" and index == 0 < len(parts) - 1
                                                                             and _counted(parts[1])):
            return "count", word
        if word == "limit" and index > 0 and not _counts(parts[index - 1]):
            continue  # `lower_limit`, `credit_limit`, `time_limit`: not how many results come back
        for kind, (names, _, _) in KINDS.items():
            if word in names:
                return kind, word
    return None, None


def _counted(word: str) -> bool:
    """Whether `num` before this word says how many (`num_results`, `numGuests`), not which
    number: `num1`, `num_a`, `numB` are numbers one, a and b."""
    return len(word) > 1 and word.isalpha()


def _counts(word: str) -> bool:
    return word in LIMIT_OF or word.rstrip("s") in LIMIT_OF or (word.endswith("s") and len(word) > 3)


def described_kind(description: object) -> str | None:
    """A count ("The number of guests", "How many seats") or a percentage, by the description."""
    if not isinstance(description, str):
        return None
    if _DESCRIBED_COUNT.search(description):
        return "count"
    if _DESCRIBED_PERCENTAGE.search(description[:200]):
        return "percentage"
    return None
