"""What OpenAI's structured outputs (`"strict": true`) refuse in a function's parameters.

Each problem names its entry in `sources` (OpenAI Structured Outputs, "Supported
schemas", which ends: "If you turn on Structured Outputs by supplying strict: true and call
the API with an unsupported JSON Schema, you will receive an error.").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from schema_lint.model import Fix, FixSafety, Operation
from schema_lint.schema.pointer import join
from schema_lint.profiles import OPENAI_COMPOSITION, OPENAI_FORMATS, OPENAI_STRICT, OPENAI_UNLISTED
from schema_lint.profiles.checks import definition
from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.prose.field_prose import takes_other_keys
from schema_lint.rule import ToolContext
from schema_lint.schema.walk import SchemaNode, accepts_null, in_branch, label

PROFILE = OPENAI_STRICT
MAX_PROPERTIES = 5000
MAX_NESTING = 10
MAX_ENUM_VALUES = 1000
MAX_TOTAL_STRING_LENGTH = 120_000
LARGE_ENUM = 250
MAX_LARGE_ENUM_LENGTH = 15_000


def _problem(entry: str, pointer: str, message: str, fix: Fix | None = None) -> Problem:
    return Problem(source(entry), pointer, f"{PROFILE}: {message}", fix)


def check(ctx: ToolContext) -> Iterator[Problem]:
    yield from definition.openai(ctx, PROFILE, root=False)
    yield from _root(ctx)
    for node in ctx.walk():
        yield from _refused_keywords(node)
        fmt = node.get("format")
        if isinstance(fmt, str) and fmt not in OPENAI_FORMATS:
            yield _problem("openai-strict/format", join(node.pointer, "format"), f"format `{fmt}` is not supported")
    for node in ctx.objects():
        if in_branch(node, OPENAI_COMPOSITION):
            # Inside a keyword strict mode refuses (reported above): the keyword goes, and the
            # object with it; closing or requiring it first would be a second finding for one.
            continue
        if node.get("additionalProperties") is not False:
            yield _problem("openai-strict/additional-properties", node.pointer,
                           f"object `{label(node)}` must set `additionalProperties: false`", closed_object_fix(node))
        optional = optional_properties(node)
        if optional:
            yield _problem("openai-strict/required", node.pointer, f"every property must be required; "
                           f"`{label(node)}` leaves {', '.join(optional)} optional (make them required and nullable)",
                           nullable_required_fix(node))
    yield from _limits(ctx)


def closed_object_fix(node: SchemaNode) -> Fix | None:
    """Close an object that declares its properties and says nothing of others. A map (no
    properties, or `additionalProperties` given as a schema or `true`) has no closed form:
    closed, it would accept only `{}`, and its keys must be declared (or the map sent as an
    array of key-value pairs) by hand."""
    properties = node.get("properties")
    if not isinstance(properties, dict) or not properties or node.get("additionalProperties") is not None:
        return None
    close = (Operation("add", join(node.pointer, "additionalProperties"), False),)
    if takes_other_keys(node.description, name=node.field_name):
        # "Any other keys are passed through as labels": strict mode refuses the object open,
        # and closed it refuses the keys its words take; which to give up is the author's call.
        return Fix("set `additionalProperties: false` (strict mode requires it, but the words take keys the object "
                   "does not declare, which it would then refuse: declare them, or confirm)", FixSafety.SUGGESTION,
                   close)
    return Fix("set `additionalProperties: false`", FixSafety.UNSAFE, close)


def optional_properties(node: SchemaNode) -> list[str]:
    properties = node.get("properties")
    if not isinstance(properties, dict):
        return []
    required = node.required_names
    return [name for name in properties if name not in required]


def nullable_required_fix(node: SchemaNode) -> Fix | None:
    """Require every property of an object; the ones that were optional become nullable.

    This is how OpenAI's strict mode spells "optional": the model sends `null` instead of
    leaving the key out.
    """
    properties = node.get("properties")
    if not isinstance(properties, dict) or not properties:
        return None
    optional = optional_properties(node)
    operations = [Operation("add", join(node.pointer, "required"), list(properties))]
    for name in optional:
        operations.extend(_nullable(join(node.pointer, "properties", name), properties[name]))
    return Fix(f"require every property; {', '.join(optional) or 'none'} nullable instead of optional",
               FixSafety.UNSAFE, tuple(operations))


def _nullable(pointer: str, schema: Any) -> list[Operation]:
    if accepts_null(schema) or not isinstance(schema, dict):
        return []
    declared = schema.get("type")
    if isinstance(declared, (str, list)) and "const" not in schema:
        names = declared if isinstance(declared, list) else [declared]
        operations = [Operation("replace", join(pointer, "type"), [*names, "null"])]
        if isinstance(schema.get("enum"), list):
            operations.append(Operation("replace", join(pointer, "enum"), [*schema["enum"], None]))
        return operations
    if isinstance(schema.get("anyOf"), list):
        return [Operation("replace", join(pointer, "anyOf"), [*schema["anyOf"], {"type": "null"}])]
    return [Operation("replace", pointer, {"anyOf": [schema, {"type": "null"}]})]


def _root(ctx: ToolContext) -> Iterator[Problem]:
    schema = ctx.tool.schema
    if not isinstance(schema, dict) or "object" not in ctx.nodes[0].types:
        yield _problem("openai-strict/root", ctx.tool.schema_pointer, "the root schema must be `\"type\": \"object\"`")
    elif "anyOf" in schema:
        yield _problem("openai-strict/root", join(ctx.tool.schema_pointer, "anyOf"),
                       "the root object must not use `anyOf`")


def _refused_keywords(node: SchemaNode) -> Iterator[Problem]:
    if not isinstance(node.schema, dict):
        return
    for keyword in node.schema:
        if keyword in OPENAI_COMPOSITION:
            yield _problem("openai-strict/composition", join(node.pointer, keyword), f"`{keyword}` is not supported")
        elif keyword == "oneOf":
            # No fix: `anyOf` in its place also takes a value that matches two branches.
            yield _problem("openai-strict/one-of", join(node.pointer, keyword),
                           "`oneOf` is not supported; `anyOf` is (a value matching two branches is then taken)")
        elif keyword in OPENAI_UNLISTED:
            yield _problem("openai-strict/unlisted", join(node.pointer, keyword),
                           f"`{keyword}` is not among the supported keywords")


def _limits(ctx: ToolContext) -> Iterator[Problem]:
    root = ctx.tool.schema_pointer
    properties = sum(len(n.get("properties")) for n in ctx.walk() if isinstance(n.get("properties"), dict))
    if properties > MAX_PROPERTIES:
        yield _problem("openai-strict/properties", root,
                       f"{properties} object properties; the limit is {MAX_PROPERTIES}")
    enums = [n for n in ctx.walk() if isinstance(n.get("enum"), list)]
    values = sum(len(n.get("enum")) for n in enums)
    if values > MAX_ENUM_VALUES:
        yield _problem("openai-strict/enum-values", root, f"{values} enum values in all; the limit is {MAX_ENUM_VALUES}")
    for node in enums:
        strings = [v for v in node.get("enum") if isinstance(v, str)]
        if len(strings) > LARGE_ENUM and sum(map(len, strings)) > MAX_LARGE_ENUM_LENGTH:
            yield _problem("openai-strict/large-enum", join(node.pointer, "enum"),
                           f"an enum of more than {LARGE_ENUM} values may hold at most {MAX_LARGE_ENUM_LENGTH:,} "
                           f"characters; this one holds {sum(map(len, strings)):,}")
    length = _total_string_length(ctx)
    if length > MAX_TOTAL_STRING_LENGTH:
        yield _problem("openai-strict/string-size", root, f"property names, definition names, enum values and "
                       f"consts total {length:,} characters; the limit is {MAX_TOTAL_STRING_LENGTH:,}")
    for node in ctx.objects():
        if _object_depth(node) == MAX_NESTING + 1:
            yield _problem("openai-strict/nesting", node.pointer, f"`{label(node)}` is nested {MAX_NESTING + 1} "
                           f"objects deep; the limit is {MAX_NESTING} levels")


def _total_string_length(ctx: ToolContext) -> int:
    total = 0
    for node in ctx.walk():
        for keyword in ("properties", "$defs", "definitions"):
            if isinstance(node.get(keyword), dict):
                total += sum(len(name) for name in node.get(keyword))
        if isinstance(node.get("enum"), list):
            total += sum(len(v) for v in node.get("enum") if isinstance(v, str))
        if isinstance(node.get("const"), str):
            total += len(node.get("const"))
    return total


def _object_depth(node: SchemaNode) -> int:
    depth = 0
    current: SchemaNode | None = node
    while current is not None:
        if isinstance(current.get("properties"), dict) or "object" in current.types:
            depth += 1
        current = current.parent
    return depth
