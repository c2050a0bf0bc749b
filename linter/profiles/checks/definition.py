"""What the OpenAI and Anthropic APIs refuse in a tool's definition, sent strict or not.

Each API checks the tool's name and the root of its arguments whichever way the tool is
sent, so the strict and the plain profile of each ask them here: `compat` then refuses a
dotted name under `openai` as `check` (SL402) does. Anthropic also checks the names of the
top-level properties (only those: nested keys are not checked, public reports agree), and
a bad one fails the whole request. Each problem names its entry in `sources`.

A raw JSON Schema file has no name of its own (it comes from a title or the file's name,
not from a definition a provider sees), so its name is not checked, as SL402 does not; a
BFCL function's dots are its format's own, which BFCL's harness turns into `_` before it
sends the name.
"""

from __future__ import annotations

from collections.abc import Iterator

from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.rule import ToolContext
from schema_lint.schema.pointer import join
from schema_lint.text.display import clip
from schema_lint.text.lazy_pattern import lazy_compile

# OpenAI's function name and Anthropic's tool name: the same rule.
API_NAME = lazy_compile(r"[a-zA-Z0-9_-]{1,64}")
ANTHROPIC_PROPERTY_KEY = lazy_compile(r"[a-zA-Z0-9_.-]{1,64}")
_OBJECT = frozenset({"object"})


def openai(ctx: ToolContext, profile: str, root: bool = True) -> Iterator[Problem]:
    """The function's name; and its root, unless the strict profile's own rule says more
    (`root=False`: an object, and no `anyOf`)."""
    yield from _name(ctx, profile, "openai/function-name")
    if not root:
        return
    # A root with no `type` is taken (`{}` is a function without parameters): only another type
    # is refused. Types are read in standard names: BFCL's `dict` is sent as `object`.
    schema = ctx.tool.schema
    if not isinstance(schema, dict) or schema.get("type") is not None and "object" not in ctx.nodes[0].types:
        yield Problem(source("openai/root"), ctx.tool.schema_pointer,
                      f"{profile}: `parameters` must have `\"type\": \"object\"` at its root")


def anthropic(ctx: ToolContext, profile: str) -> Iterator[Problem]:
    """The tool's name, `input_schema`'s root (`type` is a required field, `"object"` its one
    value: "input_schema.type: Field required"; BFCL's `dict` is sent as `object`) and its
    top-level property names."""
    yield from _name(ctx, profile, "anthropic/tool-name")
    schema = ctx.tool.schema
    if not isinstance(schema, dict) or ctx.nodes[0].types != _OBJECT or isinstance(schema.get("type"), list):
        yield Problem(source("anthropic/root"), ctx.tool.schema_pointer,
                      f"{profile}: `input_schema` must have `\"type\": \"object\"` at its root")
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if isinstance(properties, dict):
        for key in properties:
            if not ANTHROPIC_PROPERTY_KEY.fullmatch(key):
                yield Problem(source("anthropic/property-keys"), join(ctx.tool.schema_pointer, "properties", key),
                              f"{profile}: property name `{clip(key)}` must be 1–64 characters of letters, digits, "
                              "`_`, `.` and `-`", at_key=True)


def _name(ctx: ToolContext, profile: str, entry: str) -> Iterator[Problem]:
    name = ctx.tool.definition.get("name")
    if ctx.tool.format == "json_schema" or not isinstance(name, str):
        return
    if API_NAME.fullmatch(name.replace(".", "_") if ctx.tool.format == "bfcl_function" else name):
        return  # BFCL's harness sends `math.sum` as `math_sum` (SL402 takes its dots too)
    yield Problem(source(entry), join(ctx.definition_pointer, "name"),
                  f"{profile}: tool name `{clip(name)}` must be 1–64 characters of letters, digits, `_` and `-`")
