"""Two tools of one request with the same name.

## What it does
Flags a tool name given to more than one of the tools sent together, once, at the first
tool of that name, saying how many share it and where the others are. The tools sent
together are those of one list: an MCP `tools/list` result, the `tools` of an OpenAI,
Anthropic or Gemini request body (Gemini's `functionDeclarations` of all its `tools`
entries alike), a JSON or YAML array of tools, one live server, or a request the
configuration names across files (`[tool.schema-lint.requests.NAME]`). The lines of a
JSON Lines file and the documents of a YAML stream are a catalogue, each apart from the
others: the same tool on two lines is not reported, two tools of one name inside one
line's request body are.

## Why is this bad
A model calls a tool by its name, and nothing tells two tools of one name apart. The
Anthropic API refuses the whole request with a 400, "tools: Tool names must be unique."
(as do other APIs that follow it), and the MCP specification says a server's tool names
SHOULD be unique. An agent framework that looks tools up by name in a dictionary keeps
one of them without a word: every call goes to that one, whatever the model meant, with
arguments validated against a schema written for the other.

## Example
```json
{"tools": [{"name": "search", "description": "Search the tickets.", "inputSchema": {"type": "object"}},
           {"name": "search", "description": "Search the wiki.", "inputSchema": {"type": "object"}}]}
```
Use instead:
```json
{"tools": [{"name": "search_tickets", "description": "Search the tickets.", "inputSchema": {"type": "object"}},
           {"name": "search_wiki", "description": "Search the wiki.", "inputSchema": {"type": "object"}}]}
```

## Fix safety
No automatic fix: which tool to rename, and to what, is the author's call, and renaming a
tool breaks whatever dispatches on its name.
"""

from __future__ import annotations

from schema_lint.model import Severity, Tool
from schema_lint.rule import Finding, ToolContext
from schema_lint.schema.pointer import join, parent, resolve
from schema_lint.text.display import clip

CODE = "SL019"
NAME = "duplicate-tool-name"
SEVERITY = Severity.ERROR
FIXABLE = False
# Where the others are, named in the message; past this, how many more.
SHOWN = 5

# The request last counted, and for the first tool of each repeated name (by identity) the
# others of that name: the tools of a request are linted one after another, and counting
# its names again for each of its 3,000 tools would take time square in their number.
_last: tuple[tuple[Tool, ...] | None, dict[int, list[Tool]]] = (None, {})


def check(ctx):
    sent = ctx.request_tools
    # The files of a configured request are checked together after the run (`request_groups`).
    if len(sent) < 2 or not ctx.checks_request:
        return
    others = _namesakes(sent).get(id(ctx.tool))
    if others:
        name = ctx.tool.definition["name"]
        shown = ", ".join(_place(ctx, tool) for tool in others[:SHOWN])
        more = f" and {len(others) - SHOWN} more" if len(others) > SHOWN else ""
        yield Finding(join(ctx.definition_pointer, "name"),
                      f"tool name `{clip(name)}` is given to {len(others) + 1} tools of this request, also to "
                      f"the one{'s' if len(others) > 1 else ''} at {shown}{more}: the request is refused, "
                      "or one of them is never called")


def _namesakes(sent: tuple[Tool, ...]) -> dict[int, list[Tool]]:
    global _last
    if _last[0] is not sent:
        by_name: dict[str, list[Tool]] = {}
        for tool in sent:
            name = tool.definition.get("name")
            if isinstance(name, str):  # a tool without one is SL402's
                by_name.setdefault(name, []).append(tool)
        _last = (sent, {id(tools[0]): tools[1:] for tools in by_name.values() if len(tools) > 1})
    return _last[1]


def _place(ctx: ToolContext, tool: Tool) -> str:
    """Where another tool is: its pointer, the file that holds it where that is another (a
    configured request's tools come from several files), and the line of its name where
    the document has lines and holds it."""
    document = ctx.document if ctx.request_documents is None else ctx.request_documents.get(id(tool), ctx.document)
    definition_pointer = tool.pointer if tool.schema_pointer == tool.pointer else parent(tool.schema_pointer)
    try:
        held = resolve(document.data, definition_pointer) is tool.definition
    except (AttributeError, LookupError):
        held = False
    elsewhere = f" in {document.path}" if document is not ctx.document else ""
    pointer = tool.pointer or "the root"  # a file that is one tool: its pointer is empty
    if not held:
        return f"{pointer}{elsewhere or ' of another file'}"
    span = document.locate(join(definition_pointer, "name"))
    return pointer + elsewhere + (f" on line {span.line}" if span is not None else "")
