"""A local `$ref` that leads nowhere.

## What it does
Resolves every `$ref` (and `$dynamicRef`) that stays inside the tool's schema: JSON
pointers such as `#/$defs/Address` (percent-decoded), anchors such as `#address`
(`$anchor`, `$dynamicAnchor`, or a draft-04..07 fragment-only `$id`), and the `$id`s of
embedded subschemas. References resolve against the tool's own argument schema, as
providers resolve them, even when the tool sits inside a bigger document; when the
target exists only in that bigger document, the message says so. Cycles are fine:
targets are looked up, never expanded. References that leave the schema are SL003's.

## Why is this bad
A validator refuses to compile a schema with a dangling reference, and providers
reject the tool, so a renamed definition breaks every call, or the whole request.

## Example
```json
{"type": "object", "properties": {"address": {"$ref": "#/$defs/Adress"}},
 "$defs": {"Address": {"type": "object"}}}
```
Use instead:
```json
{"type": "object", "properties": {"address": {"$ref": "#/$defs/Address"}},
 "$defs": {"Address": {"type": "object"}}}
```

## Fix safety
No automatic fix: which definition was meant is for a person to decide.
"""

from __future__ import annotations

from schema_lint.text.display import clip
from schema_lint.model import Severity
from schema_lint.schema.pointer import join, resolve, split
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.refs import REF_KEYWORDS, unquote

CODE = "SL002"
NAME = "unresolvable-ref"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.ERROR
FIXABLE = False
KEYWORDS = REF_KEYWORDS


def check(ctx):
    for node, keyword, ref, resolution in ctx.refs.each_reference(ctx.refs.referring):
        if resolution.status != "missing":
            continue
        message = f"`{keyword}: {clip(ref)}` resolves to nothing: {resolution.reason}"
        if _in_enclosing_document(ctx, ref):
            message += (" (the target exists in the enclosing document, but references resolve "
                        "against the tool's own schema)")
        yield Finding(join(node.pointer, keyword), message)


def _in_enclosing_document(ctx, ref: str) -> bool:
    """Whether a `#/...` pointer would have found its target from the top of the file
    (for JSONL, of the line) that holds the tool."""
    if not ref.startswith("#/") or not ctx.tool.schema_pointer:
        return False
    root = ctx.document.data
    if ctx.document.kind == "jsonl":
        tokens = split(ctx.tool.schema_pointer)
        root = root[int(tokens[0])]
    try:
        resolve(root, unquote(ref[1:]))
    except LookupError:
        return False
    return True
