"""A `$ref` to a schema outside the tool: a URL, a `file:` URI or another file.

## What it does
Flags every `$ref` (and `$dynamicRef`) whose target lies outside the tool's argument
schema and would have to be fetched: `http:`, `https:` and `file:` URIs, and relative
references to other files (`common.json#/$defs/Id`). A reference to the `$id` of a
subschema embedded in the tool is local and not flagged. schema-lint never fetches
anything; it reports instead.

## Why is this bad
Providers send the schema to the model as it is: the model never sees the referenced
definition, and most provider APIs reject the tool outright. Validators that do fetch
make every call depend on the network and on a document that may change or vanish.

## Example
```json
{"type": "object", "properties": {"address": {"$ref": "https://example.com/address.json"}}}
```
Use instead (bundle the definition into the tool):
```json
{"type": "object", "properties": {"address": {"$ref": "#/$defs/Address"}},
 "$defs": {"Address": {"type": "object", "properties": {"city": {"type": "string"}}}}}
```

## Fix safety
No automatic fix: bundling needs the remote document, which is never fetched.
"""

from __future__ import annotations

from schema_lint.text.display import clip
from schema_lint.model import Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.refs import REF_KEYWORDS

CODE = "SL003"
NAME = "remote-ref"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = False
KEYWORDS = REF_KEYWORDS


def check(ctx):
    for node, keyword, ref, resolution in ctx.refs.each_reference(ctx.refs.referring):
        if resolution.status == "remote":
            yield Finding(join(node.pointer, keyword), f"remote `{keyword}: {clip(ref)}`: {resolution.reason}")
