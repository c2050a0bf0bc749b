"""A keyword that cannot apply to the type the schema declares.

## What it does
Flags a keyword that constrains only one type of value on a schema whose `type` rules
that type out: `maxLength` or `pattern` on an `integer`, `minimum` on a `string`,
`items` or `maxItems` on an `object`, `properties` or `required` on an `array`.

## Why is this bad
A validator applies a keyword only to values of its type, so on any other type it is
silently ignored. The author believed a bound was in place (`"maxLength": 5` on a zip
code typed `integer`), and it is not; or the `type` is the mistake, and the schema
accepts values of the wrong shape.

## Example
```json
{"type": "integer", "description": "US zip code", "maxLength": 5}
```
Use instead:
```json
{"type": "string", "description": "US zip code", "pattern": "^[0-9]{5}$"}
```

## Fix safety
Safe: the fix removes the keyword, which never had an effect, so every call validates
exactly as before. Whether the `type` should change instead is for a person to decide.
A count of an array's items (`minItems`, `maxItems`, `uniqueItems`) written on the schema
of its items, where the array itself has none, is the array's bound put one level too
deep: the fix moves it to the array instead, and is unsafe (tightening: the array then
holds the author's bound), so removing what the author meant is never offered. Where the
words say otherwise the move is a suggestion: they measure each item ("Each tag is at most
5 characters" beside `items: {maxItems: 5}`: a length written as a count; "5 words
apiece"), allow more items ("as many as you like", "more are queued for the next run",
"larger lists are split into batches"), none or one ("the list may be empty", "an empty
route is allowed", "[] is fine", "Send [] to remove every label", "A single point is fine
too", "one coordinate alone marks a point") or repeats ("duplicates are collapsed",
"repeat an option to weight it").
"""

from __future__ import annotations

import json
import re

from schema_lint.prose.field_prose import allows_more_than, offers_empty
from schema_lint.schema.json_types import KEYWORD_TYPES, applies_to, declared_types
from schema_lint.model import EVIDENCE_WORDS, Evidence, Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label
from schema_lint.text.lazy_pattern import lazy_compile

CODE = "SL014"
NAME = "inapplicable-keyword"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = True
# What counts an array's items: on the items' own schema, the array's bound one level too deep.
_ITEM_COUNTS = frozenset({"minItems", "maxItems", "uniqueItems"})
# What `_constrained_type` can name a type for.
_TYPED_KEYWORDS = frozenset({*KEYWORD_TYPES, "required"})


def check(ctx):
    for node in ctx.with_keyword("type"):
        if _TYPED_KEYWORDS.isdisjoint(node.schema):
            continue  # no keyword that constrains one type: nothing can be inapplicable
        types = declared_types(node.schema)
        if not types:
            continue
        for keyword in node.schema:
            wanted = _constrained_type(keyword, node.schema)
            if wanted is None or applies_to(types, wanted):
                continue
            pointer = join(node.pointer, keyword)
            message = f"`{keyword}` applies to {wanted}s, but `{label(node)}` is {' or '.join(sorted(types))}: it is ignored"
            array = _array_meant(node, keyword)
            if array is not None:
                value = node.schema[keyword]
                against = _words_against_the_move(array, node, keyword, value)
                fix = Fix(f"move `{keyword}` to the array `{label(array)}`" + (f" (but {against}: confirm it)" if against
                                                                               else ""),
                          FixSafety.SUGGESTION if against else FixSafety.UNSAFE,
                          (Operation("remove", pointer), Operation("add", join(array.pointer, keyword), value)),
                          Evidence(EVIDENCE_WORDS, f"{keyword}: {json.dumps(value)} on its items"))
                yield Finding(pointer, f"{message} (the array whose items it describes has no `{keyword}`)", fix=fix)
                continue
            fix = Fix(f"remove the ignored `{keyword}`", FixSafety.SAFE, (Operation("remove", pointer),))
            yield Finding(pointer, message, fix=fix)


def _array_meant(node, keyword: str):
    """The array whose `items` is `node`, when `keyword` counts an array's items and that array
    has none of its own: where the author meant it to go."""
    parent = node.parent
    if keyword not in _ITEM_COUNTS or node.keyword != "items" or parent is None or not isinstance(parent.schema, dict):
        return None
    if keyword in parent.schema or not applies_to(declared_types(parent.schema), "array"):
        return None
    return parent


def _words_against_the_move(array, items, keyword: str, value) -> str:
    """Why the array's words (or its items') say the count was not the array's, or "": they
    measure each item ("Each tag is at most 5 characters", "two letters each": the author
    wrote a length as a count), allow more items ("as many as you like"), none ("the list
    may be empty", "zero or more") or repeats ("duplicates are collapsed server-side")."""
    text = " ".join(t for t in (array.description, items.description) if isinstance(t, str))
    if not text:
        return ""
    if keyword in ("maxItems", "minItems") and _EACH_ITEM.search(text):
        return "the words measure each item"
    if keyword == "maxItems" and (isinstance(value, (int, float)) and allows_more_than(text, value)
                                  or _MORE_TAKEN.search(text)):
        return "the words allow more items"
    if keyword == "minItems" and (offers_empty(text) or _NONE_TAKEN.search(text)):
        return "the words allow no item"
    if keyword == "uniqueItems" and _REPEATS_TAKEN.search(text):
        return "the words allow repeats"
    return ""


_EACH_ITEM = lazy_compile(r"\b(?:each|every)\b[^.;\n]{0,40}?\b(?:at most|up to|at least|no more than|max(?:imum)?|"
                          r"min(?:imum)?)\b|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:[a-z]+\s+)?"
                          r"(?:characters?|letters?|digits?|words?|chars?|bytes?|lines?)\s+(?:each|apiece|per\s+\w+)\b", re.I)
# No item taken, in a list's words (an empty value's are `offers_empty`'s: "the list may be empty").
# So is one item where the count asks for more ("A single point is fine too").
_NONE_TAKEN = lazy_compile(r"\bzero\s+or\s+more\b|\bor\s+none\b|\bempty\s+(?:list|array)\s+(?:is|means|for|to)\b|"
                           # "Send [] to remove every label", "one coordinate alone marks a point".
                           r"\b(?:send|pass|use|give)\s+\[\]|\b(?:one|a single)\s+[\w-]+\s+alone\b|"
                           r"\b(?:an?\s+)?empty\s+[\w-]+\s+(?:is|are)\s+(?:also\s+)?(?:allowed|accepted|fine|ok|valid)\b|"
                           r"\[\]\s+(?:is|means)\b|\b(?:a\s+)?single\s+[\w-]+\s+(?:is|are)\s+(?:also\s+)?(?:allowed|accepted|"
                           r"fine|ok|valid)\b", re.I)
# More items handled, not refused: "more are queued for the next run", "larger lists are split into batches".
_MORE_TAKEN = lazy_compile(r"\b(?:more|extra|larger lists?|longer lists?|the rest)\b[^.;\n]{0,20}?\b(?:is|are)\s+"
                           r"(?:queued|split|batched|paged|deferred|processed later|sent later)\b", re.I)
_REPEATS_TAKEN = lazy_compile(r"\brepeat\s+(?:an?|the)\s+[\w-]+\s+to\b|"  # "repeat an option to weight it"
                              r"\b(?:duplicates?|repeats?|repeated|the same \w+ twice)\b[^.;\n]{0,30}?\b(?:collapsed|"
                              r"removed|ignored|merged|allowed|fine|ok|accepted|dropped|deduplicated)\b", re.I)


def _constrained_type(keyword: str, schema: dict) -> str | None:
    """The type `keyword` constrains; `required` counts only as a list (draft 3's boolean is SL001's)."""
    if keyword == "required":
        return "object" if isinstance(schema.get("required"), list) else None
    return KEYWORD_TYPES.get(keyword)
