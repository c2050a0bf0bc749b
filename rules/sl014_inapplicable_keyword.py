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
"""

from __future__ import annotations

from schema_lint.schema.json_types import KEYWORD_TYPES, applies_to, declared_types
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL014"
NAME = "inapplicable-keyword"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = True
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
            fix = Fix(f"remove the ignored `{keyword}`", FixSafety.SAFE, (Operation("remove", pointer),))
            yield Finding(pointer, f"`{keyword}` applies to {wanted}s, but `{label(node)}` is "
                          f"{' or '.join(sorted(types))}: it is ignored", fix=fix)


def _constrained_type(keyword: str, schema: dict) -> str | None:
    """The type `keyword` constrains; `required` counts only as a list (draft 3's boolean is SL001's)."""
    if keyword == "required":
        return "object" if isinstance(schema.get("required"), list) else None
    return KEYWORD_TYPES.get(keyword)
