"""A string parameter with no bound on what it accepts.

## What it does
Flags a string schema that has none of `maxLength`, `enum`, `const`, an anchored
`pattern` (`^…$`) or a `format`.

Off by default: read finding by finding on published tools, nearly every unbounded string
is a name, a query or a body whose length nobody would cap without knowing the system
behind it (`bench/read_sample.py`). `--extend-select SL301` (or `extend-select` in the
configuration) runs it, for a team that bounds every string.

## Why is this bad
An unbounded string lets a 40 kB `title`, a pasted document or a prompt injection
through to the executor and every system behind it. A bound documents intent and
stops runaway generations at the boundary with an error the model can act on.

## Example
```json
{"type": "string", "description": "Ticket title"}
```
Use instead:
```json
{"type": "string", "description": "Ticket title", "maxLength": 256}
```

## Fix safety
Unsafe (tightening): longer strings are rejected afterwards, so the bound must come from
somewhere, and the fix says where: the description's own words ("at most 280
characters", "1 to 120 characters", "limited to 2 character codes"), the traffic
(`--calls`: the next power of two at or above twice the longest of at least 20 recorded
values, and at least 32; a suggestion where the words allow more: "may be long", "no limit",
a larger number, a number in words), or a configured `max-length` key for the field's kind (`name`,
`email`, `url`, `uuid`, `date`, `date-time`, `identifier`, `text`) or `default`. Setting
one key uses that key only: a kind left out of the table gets no configured bound.
Without any of these the finding carries a suggestion, never applied by `--fix`: the
conventional bound for the field's kind (256 for a name, 254 for an email, 2048 for a
URL, 36 for a UUID, 10 for a date, 64 for a date-time, 128 for an identifier, 10000 for
text, 1024 otherwise), for a reviewer to choose the value: a guessed bound is how a
128-character `code` argument breaks a code-running tool. Where the description says
longer values are taken and handled ("max 256 characters; longer titles are truncated"),
no bound refuses them: the finding carries only a suggestion (of the stated bound, or the
conventional one), whatever the traffic or the configuration say. No fix where the tool's
provider refuses `maxLength` (`anthropic-strict`): the message says so.

When the recorded values look like a closed set (2 to 10 distinct, each sent more than
once, in a field that is not a name, id, date or text, whose description neither says
free text nor gives examples), the message lists them and suggests an `enum` for a
reviewer to judge; it is never a fix, since a test set or a week of logs that repeats a
few cities or tokens looks just as closed.
A fix from recorded calls is a suggestion where the words do more than name the value
("Cc recipients, if any", "paste whole email threads"): a model sends what it is shown, and
such words say what the next call may do that none so far did.
"""

from __future__ import annotations

import json

from schema_lint.text.display import clip
from schema_lint.prose.constraints import evidence_of, handled_bounds, handled_suggestion, said, stated_keyword
from schema_lint.prose.handled import UPPER, handled_sides
from schema_lint.prose.field_kinds import kind_of, max_length_for
from schema_lint.prose.field_prose import allows_more_than, says_open_values
from schema_lint.traffic.values import LENGTH_FLOOR, evidence, round_bound, seen_at, words_outweigh
from schema_lint.model import EVIDENCE_CALLS, EVIDENCE_CONFIG, EVIDENCE_NONE, Evidence, Fix, FixSafety, Operation, Severity
from schema_lint.schema.patterns import is_anchored
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label, refines_a_field

CODE = "SL301"
NAME = "unbounded-string"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True
_BOUNDS = frozenset({"maxLength", "enum", "const", "format"})
ENUM_MAX = 10
"""The most distinct values the traffic may show for a field whose finding suggests an `enum`."""


def check(ctx):
    for node in ctx.of_kind("string"):
        # A map's keys (`propertyNames`, which zod 4 writes for every record) are names the
        # caller picks, no text a model writes at length.
        if not unbounded(node.schema) or refines_a_field(node) or node.keyword == "propertyNames":
            continue
        message = f"string `{label(node)}` has no maxLength, enum, const, anchored pattern or format"
        yield Finding(node.pointer, message + _values_seen(ctx, node),
                      fix=_fix(ctx, node))


def unbounded(schema: dict) -> bool:
    """Whether this rule flags the string: none of its bounds, no anchored pattern."""
    return _BOUNDS.isdisjoint(schema) and not is_anchored(schema.get("pattern"))


def _fix(ctx, node) -> Fix:
    """The bound the description states, the traffic's, a configured one, or else a
    suggestion of the conventional bound for the field's kind."""
    found = stated_keyword(node.description, node.types, "maxLength", node.neighbour_names, node.field_name)
    if found is not None:
        return _adding(node, found.value, f" ({said(found)})", FixSafety.UNSAFE, evidence_of(found))
    handled = UPPER in handled_sides(node.description)  # "longer titles are truncated": no length refuses them
    capped = next((s for s in handled_bounds(node.description, node.types, node.field_name, node.neighbour_names)
                   if s.keyword == "maxLength"), None)
    if capped is not None:
        return handled_suggestion(capped, node.pointer)
    strings = seen_at(ctx, node, "string") if not handled else None
    if strings is not None:
        longest = strings.lengths.largest
        seen = evidence(strings.of_type("string"), f"longest {longest:,}")
        limit = round_bound(longest, LENGTH_FLOOR)
        more = allows_more_than(node.description, limit) or words_outweigh(node.description)
        if more:
            return _adding(node, limit, f" ({seen}; but {more}: confirm it)", FixSafety.SUGGESTION,
                           Evidence(EVIDENCE_CALLS, seen))
        return _adding(node, limit, f" ({seen})", FixSafety.UNSAFE, Evidence(EVIDENCE_CALLS, seen))
    stated_format = stated_keyword(node.description, node.types, "format")
    kind = kind_of(node.field_name, stated_format.value if stated_format is not None else None)
    table = ctx.settings.get("max-length") or {}
    key = next((k for k in (kind, "default") if k is not None and k in table), None) if not handled else None
    if key is not None:
        return _adding(node, int(table[key]), f" (configured `max-length.{key}`)", FixSafety.UNSAFE,
                       Evidence(EVIDENCE_CONFIG, f"max-length.{key}"))
    # "a url", "a uuid": a kind that starts with a "u" is read as "you".
    what = f"{'an' if kind and kind[0] in 'aeio' else 'a'} {kind} field" if kind is not None else "a string"
    return _adding(node, max_length_for(kind), f" (the conventional bound for {what}: choose the value)",
                   FixSafety.SUGGESTION, Evidence(EVIDENCE_NONE))


def _adding(node, limit: int, why: str, safety: FixSafety, source: Evidence) -> Fix:
    return Fix(f"add `maxLength: {limit}`{why}", safety, (Operation("add", join(node.pointer, "maxLength"), limit),),
               source)


def _values_seen(ctx, node) -> str:
    """A closed set of values in the traffic, said in the message for a reviewer to judge: at
    most :data:`ENUM_MAX`, more than one, each sent more than once, in a field that is not a
    name, id, date or text and whose description neither says free text nor gives examples.
    Never a fix: recorded calls that repeat a few cities or tokens look closed and are not."""
    strings = seen_at(ctx, node, "string")
    if strings is None:
        return ""
    values = strings.closed_strings()
    if values is None or not 1 < len(values) <= ENUM_MAX or kind_of(node.field_name) is not None \
            or says_open_values(node.description):
        return ""
    shown = clip(", ".join(json.dumps(value, ensure_ascii=False) for value in values), 200)
    return (f"; {strings.of_type('string'):,} recorded calls sent only {shown}: "
            "an `enum`, if that is the whole set")
