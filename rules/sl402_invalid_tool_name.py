"""A tool name the tool's own platform rejects.

## What it does
Flags a tool name outside the rule of the format it is written in, and says why:
empty, too long, or which characters are not allowed.

| format | rule | source |
|---|---|---|
| OpenAI chat and Responses functions | `^[a-zA-Z0-9_-]{1,64}$` | OpenAI API reference ("a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64") |
| Anthropic tools | `^[a-zA-Z0-9_-]{1,64}$` | Anthropic tool-use documentation |
| MCP tools | `^[A-Za-z0-9_.-]{1,128}$` (a SHOULD: a warning) | MCP specification 2025-11-25, Tools, "Tool names" |
| Gemini function declarations | `^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$` | Gemini API `FunctionDeclaration.name` ("underscores, colons, dots, and dashes, with a maximum length of 64"; Vertex AI: "must start with a letter or an underscore") |
| BFCL function docs | `^[a-zA-Z0-9_.-]{1,64}$`: dotted names (`math.sum`) are that format's own, which BFCL's harness rewrites with `_` before it sends them | |
| anything else (framework dumps) | `^[a-zA-Z0-9_-]{1,64}$`, the rule the model APIs share | |

Under the `openai-strict` or `anthropic-strict` profile the name must also pass that
API's rule whatever the format: an MCP server's dotted `admin.tools.list` is a valid MCP
name that an OpenAI or Claude request carrying it refuses. Raw JSON Schema files are
skipped: their name comes from a title or a file name, not from a definition a provider
will see.

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
from typing import NamedTuple

from schema_lint.text.display import clip
from schema_lint.model import Severity
from schema_lint.schema.pointer import join
from schema_lint.profiles import ANTHROPIC_STRICT, OPENAI_STRICT
from schema_lint.rule import Finding

CODE = "SL402"
NAME = "invalid-tool-name"
SEVERITY = Severity.ERROR
FIXABLE = False


class NameRule(NamedTuple):
    platform: str
    first: str  # characters allowed first
    rest: str  # characters allowed after it
    limit: int
    severity: Severity = Severity.ERROR

    def problems(self, name: str) -> list[str]:
        if not name:
            return ["it is empty"]
        found = []
        if len(name) > self.limit:
            found.append(f"it is {len(name)} characters long, over {self.limit}")
        if not re.fullmatch(f"[{self.first}]", name[0]):
            found.append(f"it starts with `{name[0]}`")
        bad = sorted(set(re.sub(f"[{self.rest}]", "", name[1:])))
        if bad:
            shown = ", ".join(f"`{char}`" if char.strip() else repr(char) for char in bad)
            found.append(f"{shown} {'is' if len(bad) == 1 else 'are'} not allowed")
        return found

    @property
    def pattern(self) -> str:
        return f"^[{self.first}][{self.rest}]{{0,{self.limit - 1}}}$"


_API = "a-zA-Z0-9_-"
OPENAI = NameRule("OpenAI", _API, _API, 64)
ANTHROPIC = NameRule("Anthropic", _API, _API, 64)
MCP = NameRule("MCP", "A-Za-z0-9_.-", "A-Za-z0-9_.-", 128, Severity.WARNING)
GEMINI_NAMES = NameRule("Gemini", "A-Za-z_", "A-Za-z0-9_.:-", 64)
MODEL_APIS = NameRule("the model APIs", _API, _API, 64)
BFCL = NameRule("BFCL", "a-zA-Z0-9_.-", "a-zA-Z0-9_.-", 64)
# Bedrock Converse's ToolSpecification: "Length Constraints: Minimum length of 1. Maximum length
# of 64. Pattern: [a-zA-Z0-9_-]+" (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html).
BEDROCK = NameRule("Bedrock", _API, _API, 64)
BY_FORMAT = {"bfcl_function": BFCL, "openai_chat_function": OPENAI, "openai_responses_function": OPENAI, "anthropic_tool": ANTHROPIC,
             "mcp_tool": MCP, "gemini_function_declaration": GEMINI_NAMES, "bedrock_tool_spec": BEDROCK}
BY_PROFILE = {OPENAI_STRICT: OPENAI, ANTHROPIC_STRICT: ANTHROPIC}


def check(ctx):
    if ctx.tool.format == "json_schema":
        return
    name = ctx.tool.definition.get("name")
    if not isinstance(name, str):
        yield Finding(ctx.definition_pointer, "tool has no `name`")
        return
    rules = [BY_FORMAT.get(ctx.tool.format, MODEL_APIS)]
    rules += [rule for profile, rule in BY_PROFILE.items() if profile in ctx.profiles and rule not in rules]
    for rule in rules:
        problems = rule.problems(name)
        if problems:
            yield Finding(join(ctx.definition_pointer, "name"),
                          f"tool name `{clip(name)}` is rejected by {rule.platform} (must match {rule.pattern}): "
                          f"{'; '.join(problems)}", severity=rule.severity)
            return
