"""A tool name that providers reject.

## What it does
Flags a tool name outside `^[a-zA-Z0-9_-]{1,64}$`, the rule OpenAI, Anthropic and
Gemini enforce, and says why: empty, longer than 64 characters, or which characters
are not allowed (BFCL's dotted names such as `math.sum` are a common case). Raw JSON
Schema files are skipped: their name comes from a title or a file name, not from a
definition a provider will see.

## Why is this bad
The provider refuses the whole request that carries the tool, so not just this tool
but every tool in the same request is unavailable, at run time.

## Example
```json
{"name": "math.sum", "parameters": {"type": "object", "properties": {}}}
```
Use instead:
```json
{"name": "math_sum", "parameters": {"type": "object", "properties": {}}}
```

## Fix safety
No automatic fix: renaming a tool breaks whatever dispatches on its name.
"""

from __future__ import annotations

import re

from schema_lint.display import clip
from schema_lint.model import Severity
from schema_lint.pointer import join
from schema_lint.rule import Finding

CODE = "SL402"
NAME = "invalid-tool-name"
SEVERITY = Severity.ERROR
FIXABLE = False
VALID_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")
MAX_LENGTH = 64


def check(ctx):
    if ctx.tool.format == "json_schema":
        return
    name = ctx.tool.definition.get("name")
    if not isinstance(name, str):
        yield Finding(ctx.definition_pointer, "tool has no `name`")
        return
    if VALID_NAME.fullmatch(name):
        return
    yield Finding(join(ctx.definition_pointer, "name"),
                  f"tool name `{clip(name)}` is rejected by providers (must match ^[a-zA-Z0-9_-]{{1,64}}$): {_reason(name)}")


def _reason(name: str) -> str:
    if not name:
        return "it is empty"
    reasons = []
    if len(name) > MAX_LENGTH:
        reasons.append(f"it is {len(name)} characters long, over {MAX_LENGTH}")
    bad = sorted(set(re.sub(r"[a-zA-Z0-9_-]", "", name)))
    if bad:
        shown = ", ".join(f"`{char}`" if char.strip() else repr(char) for char in bad)
        reasons.append(f"{shown} {'is' if len(bad) == 1 else 'are'} not allowed")
    return "; ".join(reasons)
