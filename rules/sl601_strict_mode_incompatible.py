"""A schema that the provider or client it is sent to will refuse.

## What it does
For each profile a tool is checked for (a provider's API, an MCP specification version, an
MCP client), reports every part of its schema or definition that profile refuses or (a
specification's SHOULD, as a warning) discourages, and each request-wide limit the tools of
one request pass together. What a profile accepts but silently does not enforce is SL602's.
Each finding ends with the provider's own words and the link to them; a client's limit,
which the client does not document, says "observed" with the date of the public report.
Profiles come from `--profile`, the `profiles` setting, `"strict": true` on an OpenAI or
Anthropic tool, and a Gemini declaration's `parameters` or `parametersJsonSchema`.

A request is the tools of one list (a `tools/list` result, a request body's `tools`, an
array of tools), each line of a JSON Lines file and each document of a YAML stream apart.
Request-wide limits are reported once, at the first tool of the request, naming the tools
that contribute: OpenAI at most 128 tools; Gemini at most 128 function declarations;
Anthropic strict at most 20 strict tools, 24 optional and 16 union-typed parameters
(`anyOf` or a type array, nullable included) across all its strict tools, counted with
`$ref`s expanded; VS Code Copilot at most 128 tools. A tool name repeated within a request,
which every provider and MCP version refuses or discourages, is SL019's, profile or not.

Where a provider entry restates a general rule (SL201's open object and SL101's missing
`required` under openai-strict, SL402's tool name under any provider or MCP profile, SL020's
`inputSchema` root under MCP or Anthropic, SL018's `outputSchema` root under
mcp-2025-11-25), this finding takes its place at that node. A tool's name and root are
checked under a provider's plain profile and its strict one alike: the API refuses them
whichever way the tool is sent. A tool that says `"strict": false` does not count toward
Anthropic's strict limits, whatever the profile.

Each refusal and limit, as the provider states it (table {version}; an entry marked
"not verified" is one whose source was not found):

{sources}

## Why is this bad
The provider rejects the whole request (HTTP 400) the first time the tool is sent, or
accepts it and silently enforces less than the schema says. Either way the schema you
tested is not the one that runs.

## Example
With `--profile openai-strict`:
```json
{"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["C", "F"]}},
 "required": ["city"]}
```
Use instead:
```json
{"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": ["string", "null"], "enum": ["C", "F", null]}},
 "required": ["city", "unit"], "additionalProperties": false}
```

## Fix safety
Unsafe (tightening), and only where the change is mechanical: openai-strict's
"every property required, optional ones nullable" (a call that left a key out must now
send `null`) and `additionalProperties: false` (undeclared keys are rejected) on an object
that declares its properties. A map (an object with no properties, or whose
`additionalProperties` is a schema or `true`) gets no fix: closed, it would accept only
`{}`; strict mode needs its keys declared, or the pairs sent as an array. Closing an
object whose words take keys it does not declare ("any other keys are passed through"), or
whose name is a map's (`labels`, `metadata`), is a suggestion: closed, it refuses them.
Everything else needs a person.
"""

from __future__ import annotations

from schema_lint.model import Severity
from schema_lint.profiles.checks import problems_of
from schema_lint.profiles.sources import SOURCES, TABLE_VERSION

CODE = "SL601"
NAME = "strict-mode-incompatible"
SEVERITY = Severity.ERROR
FIXABLE = True


def check(ctx):
    for problem in problems_of(ctx):
        if not problem.silent:
            yield problem.finding()


def _sources() -> str:
    lines = []
    for entry in SOURCES.values():
        said = f"“{entry.quote}” {entry.url}" if entry.verified else f"not verified: {entry.searched} ({entry.url})"
        scope = (", per request" if entry.request_wide else "") + (f", observed {entry.observed}" if entry.observed else "")
        lines.append(f"- `{entry.profile}` {entry.subject} ({entry.effect}{scope}, checked {entry.checked}): {said}")
    return "\n".join(lines)


if __doc__:  # not under `python -OO`, which drops docstrings
    __doc__ = __doc__.replace("{version}", TABLE_VERSION).replace("{sources}", _sources())
