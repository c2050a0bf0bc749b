"""A string whose name says email, URL, date, date-time or UUID, with no `format`.

## What it does
Flags a string field whose name says what it holds (`recipient_email`, `callbackUrl`,
`start_date`, `created_at`, `order_uuid`; the last word decides, as for SL301) but
that has no `format`. Array items and union branches are named by their property.
Fields already constrained by `enum`, `const` or `pattern` are left alone, and so is a
field whose description gives its values another layout (`MM/DD/YYYY`, `YYYY-MM-DD
HH:mm:ss` for a date): `format` would refuse every value the tool is documented to take
(on published tools such findings were wrong, `bench/read_sample.py`). In a Gemini
declaration's `parameters` (the `gemini` profile) or under `openai-strict`, a format the
profile refuses (`uri` under `openai-strict`, or for Gemini any but those it names) is
still reported, without a fix: the message says which profile refuses it.

## Why is this bad
The model is left to guess the shape (`"tomorrow"` for a date, `"example.com"` for a
URL), and the executor parses free text. A `format` tells the model, and a boundary
that asserts formats rejects the guess with an error the model can repair.

## Example
```json
{"type": "object", "properties": {"recipient_email": {"type": "string"}}}
```
Use instead:
```json
{"type": "object", "properties": {"recipient_email": {"type": "string", "format": "email"}}}
```

## Fix safety
Unsafe (tightening): validators that assert formats reject values that do not match
afterwards. So the fix is offered only on evidence: with recorded calls (`--calls`, at
least 20 strings sent there), every one of them valid in the format, and a single one
that is not means no fix; without, the schema itself: a default, example or quoted value
valid in the format, or (dates) the ISO layout or ISO 8601 named in the description. A layout of another kind (`MM/DD/YYYY`), or a stated value not in
the format (`"null"`, `"dontcare"`), means no fix: the finding stays for a reviewer.
"""

from __future__ import annotations

import json

from schema_lint.prose.field_kinds import implied_format, kind_of
from schema_lint.prose.field_prose import ISO_LAYOUTS, layouts, supports_format
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.profiles import refused_note
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label
from schema_lint.traffic.values import evidence, seen_at

CODE = "SL304"
NAME = "missing-format"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True
_CONSTRAINED = frozenset({"format", "enum", "const", "pattern"})
_NOUNS = {"email": "an email address", "uri": "a URL", "date": "a date", "date-time": "a date-time", "uuid": "a UUID"}


def check(ctx):
    for node in ctx.of_kind("string"):
        if not _CONSTRAINED.isdisjoint(node.schema):
            continue
        name = node.field_name
        fmt = implied_format(kind_of(name))
        if fmt is None or _spelled_otherwise(node.get("description"), fmt):
            continue
        message = f"string `{label(node)}` is named like {_NOUNS.get(fmt, fmt)} but has no `format` (`{fmt}`)"
        refused = refused_note(ctx.profiles, "format", fmt)
        if refused is not None:
            yield Finding(node.pointer, message + refused)
            continue
        sent = seen_at(ctx, node, "string")
        seen = ""
        if sent is not None:
            strings, valid = sent.of_type("string"), sent.formats[fmt]
            if valid < strings:
                shown = json.dumps(sent.mismatch[fmt], ensure_ascii=False)[:80]
                yield Finding(node.pointer, message + f"; no fix: {strings - valid:,} of {strings:,} recorded values "
                                                      f"are not in `{fmt}` format, such as {shown}")
                continue
            seen = f" ({evidence(strings, f'all in `{fmt}` format')})"
        elif not supports_format(node.schema, fmt):
            yield Finding(node.pointer, message + f"; no fix: nothing in the schema shows its values are in `{fmt}` "
                                                  "format")
            continue
        fix = Fix(f"add `format: {fmt}`{seen}", FixSafety.UNSAFE, (Operation("add", join(node.pointer, "format"), fmt),))
        yield Finding(node.pointer, message, fix=fix)


def _spelled_otherwise(description: object, fmt: str) -> bool:
    """The description gives its values another layout (`MM/DD/YYYY`, `YYYY-MM-DD HH:mm:ss` for a
    date): `format` would refuse every value the tool is documented to take, so it is no advice."""
    return fmt in ISO_LAYOUTS and any(layout not in ISO_LAYOUTS[fmt] for layout in layouts(description))
