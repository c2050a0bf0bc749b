"""An MCP tool's `outputSchema` whose root is not an object schema.

## What it does
Flags an `outputSchema` that does not say `type: "object"` at its root: another type
(`array`, `string`), a list of types, no `type` at all (a bare `$ref`, an `anyOf`), or a
boolean schema. The MCP specification revision 2025-11-25 defines the field as an object
with `type: "object"`, "Currently restricted to type: \"object\" at the root level"
(schema/2025-11-25/schema.ts, `Tool.outputSchema`; see
https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema), and
a tool's structured result (`structuredContent`) is an object.

## Why is this bad
Clients built on that revision read `tools/list` through a schema of their own that
requires `type: "object"` there (the SDKs' `Tool` types): one tool with another root can
make the whole listing unreadable, and with it every tool of the server. A later revision
lets results be any JSON value; a server that must serve clients of 2025-11-25 and
earlier cannot rely on it, so this is a warning, not an error.

## Example
```json
{"name": "list_tickets", "inputSchema": {"type": "object"},
 "outputSchema": {"type": "array", "items": {"type": "string"}}}
```
Use instead (the array under a key, as FastMCP wraps a list it returns):
```json
{"name": "list_tickets", "inputSchema": {"type": "object"},
 "outputSchema": {"type": "object", "properties": {"result": {"type": "array", "items": {"type": "string"}}},
                  "required": ["result"]}}
```

## Fix safety
No fix: wrapping the result in an object changes what the tool returns, so the server's
code must change with it.
"""

from __future__ import annotations

from schema_lint.model import Severity
from schema_lint.rule import RESULTS, Finding
from schema_lint.text.display import clip, json_text

CODE = "SL018"
NAME = "output-root-not-object"
SEVERITY = Severity.WARNING
SCHEMAS = (RESULTS,)


def check(ctx):
    schema = ctx.tool.schema
    if isinstance(schema, bool):
        yield Finding(ctx.tool.schema_pointer, f"`{schema}` as a schema: MCP 2025-11-25 wants an object schema "
                                               "(`type: \"object\"`) at the root")
        return
    declared = schema.get("type")
    if declared == "object":
        return
    if declared is None:
        said = "has no `type`"
    else:  # written as JSON, as the schema is: `["object", "null"]`, not a Python list
        said = f"{'has' if isinstance(declared, list) else 'is'} `type: {clip(json_text(declared, default=str), 40)}`"
    yield Finding(ctx.tool.schema_pointer, f"the root {said}; MCP 2025-11-25 restricts it to `type: \"object\"`")
