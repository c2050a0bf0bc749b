"""The same value twice in an `enum`, or the same name twice in `required`.

## What it does
Flags repeated entries in `enum` (by JSON equality: `1` and `1.0` are the same value,
`true` and `1` are not) and in `required`.

## Why is this bad
A repeat changes nothing a validator does, but it is almost always a slip: a value that
was meant to be different (`"in_progress"` twice where `"in_review"` was meant), or a
list merged by hand. `required` with repeats is also invalid against the metaschema
(its items must be unique), and some providers refuse it.

## Example
```json
{"type": "string", "enum": ["open", "in_progress", "in_progress", "closed"]}
```
Use instead:
```json
{"type": "string", "enum": ["open", "in_progress", "in_review", "closed"]}
```

## Fix safety
Safe: the fix drops the repeats, keeping the first of each, so exactly the same values
and objects are accepted.
"""

from __future__ import annotations

from collections import Counter

from schema_lint.schema.json_types import canonical
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL011"
NAME = "duplicate-entries"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = True
KEYWORDS = ("enum", "required")


def check(ctx):
    for node in ctx.walk():
        schema = node.schema
        if not isinstance(schema, dict):
            continue
        for keyword in ("enum", "required"):
            values = schema.get(keyword)  # in the dict: two lookups for every node of every tool
            if not isinstance(values, list) or _distinct_strings(values):
                continue
            unique = _first_of_each(values)
            if len(unique) < len(values):
                counts = Counter(canonical(v) for v in values)
                repeated = sorted(key for key, count in counts.items() if count > 1)
                pointer = join(node.pointer, keyword)
                fix = Fix("drop the repeats", FixSafety.SAFE, (Operation("replace", pointer, unique),))
                yield Finding(pointer, f"`{keyword}` of `{label(node)}` repeats {', '.join(repeated)}", fix=fix)


def _distinct_strings(values: list) -> bool:
    """Strings, none twice: the usual `required` and `enum`, told without a canonical form
    for each (for strings, equal means equal as JSON)."""
    return all(type(value) is str for value in values) and len(set(values)) == len(values)


def _first_of_each(values: list) -> list:
    seen: set[str] = set()
    unique = []
    for value in values:
        key = canonical(value)
        if key not in seen:
            seen.add(key)
            unique.append(value)
    return unique
