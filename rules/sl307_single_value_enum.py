"""An `enum` with a single value, which is what `const` says.

## What it does
Flags `enum` lists of exactly one value. A subschema that also has `const` is SL010's
(const-with-enum). Tools whose provider refuses `const` (a Gemini declaration's
`parameters`) are skipped: there a one-value enum is the only way to say it.

Off by default: a one-value `enum` says the same as `const` to every validator, and is
the portable spelling (Gemini's `parameters` have no `const`, and generators for Gemini
write `enum` on purpose); read on published tools, no finding was worth a change
(`bench/read_sample.py`). `--extend-select SL307` runs it.

## Why is this bad
A one-value enum reads like an unfinished list, and some providers and code generators
treat `enum` as "pick one of these" prose rather than a fixed value. `const` states the
intent: this argument must be exactly this.

## Example
```json
{"type": "string", "enum": ["v2"]}
```
Use instead:
```json
{"type": "string", "const": "v2"}
```

## Fix safety
Safe: `enum: [x]` and `const: x` accept exactly the same values. The fix removes
`enum` and adds `const`. No fix in a draft-04 schema, which has no `const` (a
validator would ignore it and accept anything); in block YAML a comment on the `enum`
line keeps the fix from being applied rather than be lost.
"""

from __future__ import annotations

import json

from schema_lint.schema.keywords import declared_draft
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding
from schema_lint.schema.walk import label

CODE = "SL307"
NAME = "single-value-enum"
SEVERITY = Severity.INFO
FIXABLE = True


def check(ctx):
    if ctx.refuses("const"):
        return
    # draft-04 has no `const`: there the "fix" would accept every value.
    no_const = declared_draft(ctx.tool.schema) == "draft-04"
    for node in ctx.with_keyword("enum"):
        values = node.get("enum")
        if not isinstance(values, list) or len(values) != 1 or "const" in node.schema:
            continue
        shown = json.dumps(values[0], ensure_ascii=False)
        fix = None if no_const else Fix(
            f"replace `enum` with `const: {shown}`", FixSafety.SAFE,
            (Operation("remove", join(node.pointer, "enum")), Operation("add", join(node.pointer, "const"), values[0])))
        said = "a `const` from draft-06 on (draft-04 has none, so no fix)" if no_const else "that is a `const`"
        yield Finding(join(node.pointer, "enum"), f"`enum` of `{label(node)}` has a single value, {shown}: {said}",
                      fix=fix)
