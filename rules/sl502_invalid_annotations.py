"""MCP tool annotations that are malformed, or that the tool's name contradicts.

## What it does
Checks an MCP tool's `annotations` against `ToolAnnotations` of the MCP specification
(revision 2025-11-25, schema/2025-11-25/schema.ts; see
https://modelcontextprotocol.io/specification/2025-11-25/server/tools): its keys are
`title` (a string) and the boolean hints `readOnlyHint`, `destructiveHint`,
`idempotentHint` and `openWorldHint`. It flags:

- a key outside that set: a warning naming the key it looks like (`readonlyHint`,
  `idempotent`), an info for any other (`category`): extensions belong in `_meta`;
- a hint that is not a boolean (`"true"`, `1`), or a `title` that is not a string;
- a hint the verb of the tool's name contradicts, an error: `readOnlyHint: true` or
  `destructiveHint: false` on a tool named as destroying (`delete_file`, `drop_table`,
  `purge_cache`). Only a destroying verb counts: the write verbs include soft ones that
  read-only tools are named with (`open_nodes`, `start_search` and `select_page` are
  marked read-only in the shared corpus, rightly).

## Why is this bad
Clients use the hints to decide whether to ask before a call: a `delete_file` marked
read-only may run without the user's confirmation. A misspelt or mistyped hint is
ignored by every client, which then assumes the defaults (not read-only, destructive),
so the annotation the author meant does nothing. schema-lint itself does not lower a
tool's severities on a contradicted hint: the verb wins (see "Side effects and
severities" in docs/python-tools.md).

## Example
```json
{"name": "delete_file", "inputSchema": {"type": "object"},
 "annotations": {"readOnlyHint": true, "idempotent": true}}
```
Use instead:
```json
{"name": "delete_file", "inputSchema": {"type": "object"},
 "annotations": {"readOnlyHint": false, "destructiveHint": true, "idempotentHint": true}}
```

## Fix safety
No fix: whether the name or the hint is wrong is the author's call.
"""

from __future__ import annotations

import json

from schema_lint.text.display import clip
from schema_lint.model import Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding
from schema_lint.prose.side_effects import contradicted_hint

CODE = "SL502"
NAME = "invalid-annotations"
SEVERITY = Severity.WARNING
HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
KEYS = ("title", *HINTS)


def check(ctx):
    definition = ctx.tool.definition
    if ctx.tool.format != "mcp_tool" or "annotations" not in definition:
        return
    annotations = definition["annotations"]
    where = join(ctx.tool.pointer, "annotations")
    if not isinstance(annotations, dict):
        yield Finding(where, f"`annotations` is `{_shown(annotations)}`, not an object of hints")
        return
    for key, value in annotations.items():
        if key not in KEYS:
            import difflib  # only for an unknown key: most runs meet none

            close = difflib.get_close_matches(key, KEYS, n=1, cutoff=0.6)
            if close:
                yield Finding(join(where, key), f"unknown annotation `{clip(key)}`: did you mean `{close[0]}`? "
                                                "Clients ignore it as it is", at_key=True)
            else:
                yield Finding(join(where, key), f"`{clip(key)}` is not an MCP annotation ({', '.join(KEYS)}): "
                                                "clients ignore it; an extension belongs in the tool's `_meta`",
                              at_key=True, severity=Severity.INFO)
        elif key in HINTS and not isinstance(value, bool):
            yield Finding(join(where, key), f"`{key}` is `{_shown(value)}`, not a boolean: clients ignore it")
        elif key == "title" and not isinstance(value, str):
            yield Finding(join(where, key), f"`title` is `{_shown(value)}`, not a string")
    contradicted = contradicted_hint(annotations, ctx.tool.name)
    if contradicted is not None:
        hint, verb = contradicted
        said, risk = ("true", "a client may run it without asking the user") if hint == "readOnlyHint" else \
            ("false", "a client may take its changes for additive ones")
        yield Finding(join(where, hint), f"`{hint}: {said}` on `{clip(ctx.tool.name)}`, whose verb `{verb}` says it "
                                         f"destroys something: {risk}; severities follow the verb",
                      severity=Severity.ERROR)

def _shown(value: object) -> str:
    return clip(json.dumps(value, ensure_ascii=False), 40)
