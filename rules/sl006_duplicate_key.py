"""An object in the tool definition with the same key twice.

## What it does
Flags every key that appears more than once in one JSON object or YAML mapping of the
tool's definition (its schema, description, annotations…).

## Why is this bad
The last occurrence silently wins: schema-lint, Python and JavaScript keep it and drop
the earlier one without a word, while some other parsers keep the first or refuse
the document. A second `properties` or `required` can quietly erase half the schema,
and two readers of the same file may disagree about what it says.

## Example
```json
{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"],
 "required": []}
```
Use instead:
```json
{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}
```

## Fix safety
No automatic fix: which of the values was meant is for a person to decide.
"""

from __future__ import annotations

from schema_lint.text.display import clip
from schema_lint.model import Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding

CODE = "SL006"
NAME = "duplicate-key"
SEVERITY = Severity.WARNING
FIXABLE = False


def check(ctx):
    top = ctx.tool.pointer
    # A key written three times is listed twice; report it once.
    for pointer, key in dict.fromkeys(ctx.document.duplicate_keys):
        if top and pointer != top and not pointer.startswith(top + "/"):
            continue
        yield Finding(join(pointer, key), f"key `{clip(key)}` appears more than once in this object: "
                                          "the last one silently wins and the others are ignored",
                      at_key=True)
