"""An MCP tool's `inputSchema` whose root is not `type: "object"`.

## What it does
Flags an MCP tool (a definition with `inputSchema`) whose argument schema does not say
`type: "object"` at its root: no `type` at all (`{"$schema": "…draft-07…"}`, a bare
`properties`), another type or a list of types, or a boolean schema. Every revision of
the MCP specification requires it: 2025-11-25 types the field as
`inputSchema: { $schema?: string; type: "object"; … }` (schema/2025-11-25/schema.ts,
`Tool`), and 2026-07-28 says "Tool arguments are always JSON objects, so
`type: "object"` is required at the root" (schema/2026-07-28/schema.json; see
https://modelcontextprotocol.io/specification/2025-11-25/server/tools). Only MCP tools:
in other dialects (an OpenAI function's `parameters`, a bare JSON Schema file) a root
without `type` is allowed, and no finding is made there.

## Why is this bad
Clients read `tools/list` through the specification's `Tool` type, which requires the
field: the official SDKs refuse the whole answer ("inputSchema.type: Field required"),
so one such tool hides every tool of the server from the model. Under the
`mcp-2025-11-25` or `mcp-2026-07-28` profile, SL601 reports the same root, quoting that
revision, in place of this finding.

## Example
```json
{"name": "search_repositories", "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#"}}
```
Use instead:
```json
{"name": "search_repositories",
 "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}}
```

## Fix safety
Where the root has no `type`, the fix adds `"type": "object"`. It is unsafe by the
letter (a value that is no object, valid before, is refused afterwards), so `--fix` alone
does not apply it; but a call's `arguments` are a JSON object in every MCP revision, so
no call a client can make is refused that was accepted before. Another type, a list of types or a boolean schema gets
no fix: the server's code decides what its arguments are.
"""

from __future__ import annotations

from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.rule import Finding
from schema_lint.schema.pointer import join
from schema_lint.text.display import clip, json_text

CODE = "SL020"
NAME = "input-root-not-object"
SEVERITY = Severity.ERROR
FIXABLE = True
# The format of a tool whose arguments are an MCP `inputSchema` (`sources.tools`).
MCP = "mcp_tool"


def check(ctx):
    if ctx.tool.format != MCP:
        return
    schema = ctx.tool.schema
    where = ctx.tool.schema_pointer
    if isinstance(schema, bool):
        yield Finding(where, f"`{str(schema).lower()}` as `inputSchema`: MCP requires an object schema with "
                             "`type: \"object\"` at the root, and clients refuse the listing")
        return
    if not isinstance(schema, dict):
        return  # not a schema at all: SL001's finding
    declared = schema.get("type")
    if declared == "object":
        return
    if declared is None:
        fix = Fix("add `\"type\": \"object\"` at the root (MCP arguments are always an object)", FixSafety.UNSAFE,
                  (Operation("add", join(where, "type"), "object"),))
        yield Finding(where, "`inputSchema` has no `type`: MCP requires `type: \"object\"` at the root, and "
                             "clients refuse the listing", fix=fix)
        return
    said = f"`type: {clip(json_text(declared, default=str), 40)}`"
    yield Finding(where, f"`inputSchema` is {said}: MCP requires `type: \"object\"` at the root, and clients refuse "
                         "the listing")
