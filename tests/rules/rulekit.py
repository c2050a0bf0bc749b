"""What the files of tests/rules share: the tools and schemas the tests of more than one rule
lint, the two-tool YAML file the suppression tests comment, and a counter of a check's work."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from schema_lint.config import Config
from schema_lint.run.linter import lint_text

# A closed object with a required, bounded string: what several rules pass.
TIGHT = {
    "type": "object",
    "properties": {"title": {"type": "string", "maxLength": 200}},
    "required": ["title"],
    "additionalProperties": False,
}
CLOSED = {"type": "object", "properties": {"q": {"type": "string", "maxLength": 9, "description": "Q."}},
          "required": ["q"], "additionalProperties": False}
DESCRIBED = {"type": "object", "properties": {"q": {"type": "string", "description": "Search text."}}}
OBJECT = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "additionalProperties": False}


def object_with_id(prop: dict) -> dict:
    """`OBJECT` with `prop` as the schema of its `id`."""
    return {**OBJECT, "properties": {"id": prop}}


def mcp_tool(schema: dict, name: str = "get_user", **fields) -> dict:
    return {"name": name, "description": "A tool.", "inputSchema": schema, **fields}


def openai_tool(parameters: dict, strict: bool = True) -> str:
    return json.dumps({"type": "function", "function": {"name": "set_unit", "parameters": parameters, "strict": strict}})


DEFS = {"Address": {"$anchor": "addr", "type": "object", "properties": {"city": {"type": "string"}}}}


def with_ref(ref: str, **extra) -> dict:
    """An object whose `home` property is `{"$ref": ref}`, beside the definitions of `DEFS`."""
    return {"type": "object", "properties": {"home": {"$ref": ref}}, "$defs": DEFS, **extra}


def with_defs(**defs) -> dict:
    """An object whose `home` property refers to `#/$defs/Used`, with `defs` as its `$defs`."""
    return {"type": "object", "properties": {"home": {"$ref": "#/$defs/Used"}}, "$defs": defs}


TOOLS_YAML = """\
tools:
  - name: create_ticket{name_comment}
    description: Create a ticket in the tracker.
    inputSchema:
      type: object
      properties:
        title:{title_comment}
          type: string
        due: {{type: string}}
      required: [title]
  - name: close_ticket
    description: Close a ticket.
    inputSchema:
      type: object
      properties:
        reason: {{type: string}}
"""


def yaml_findings(select, name_comment="", title_comment="", header=""):
    """The findings of the rules `select` names in `TOOLS_YAML`, with the comments given."""
    text = header + TOOLS_YAML.format(name_comment=name_comment, title_comment=title_comment)
    return lint_text(text, "tools.yaml", Config(select=select)).diagnostics


def calls_made(function: Callable[[], object]) -> int:
    """The Python calls `function()` makes, directly or not: its work, counted rather than timed."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        calls += event == "call"

    sys.setprofile(count)
    try:
        function()
    finally:
        sys.setprofile(None)
    return calls
