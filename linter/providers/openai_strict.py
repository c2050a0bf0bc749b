"""What OpenAI's structured outputs (`"strict": true`) refuse in a function's parameters.

Source: OpenAI platform docs, Structured Outputs, "Supported schemas": the root must be an
object and not `anyOf`; "all fields or function parameters must be specified as
`required`", an optional one emulated "by using a union type with `null`";
"`additionalProperties: false` must always be set in objects"; `allOf`, `not`,
`dependentRequired`, `dependentSchemas`, `if`, `then`, `else` are not supported; string
`format` is one of date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid;
"up to 5000 object properties total, with up to 10 levels of nesting"; "total string
length of all property names, definition names, enum values, and const values cannot
exceed 120,000 characters"; "up to 1000 enum values across all enum properties", and a
single string enum of more than 250 values at most 15,000 characters. "If you turn on
Structured Outputs by supplying strict: true and call the API with an unsupported JSON
Schema, you will receive an error."
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from schema_lint.model import Fix, FixSafety, Operation
from schema_lint.pointer import join
from schema_lint.providers import OPENAI_REFUSED
from schema_lint.rule import Finding, ToolContext
from schema_lint.schema_walk import SchemaNode, accepts_null, label

PROFILE = "openai-strict"
FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"})
MAX_PROPERTIES = 5000
MAX_NESTING = 10
MAX_ENUM_VALUES = 1000
MAX_TOTAL_STRING_LENGTH = 120_000
LARGE_ENUM = 250
MAX_LARGE_ENUM_LENGTH = 15_000


def check(ctx: ToolContext) -> Iterator[Finding]:
    yield from _root(ctx)
    for node in ctx.walk():
        yield from _refused_keywords(node)
        fmt = node.get("format")
        if isinstance(fmt, str) and fmt not in FORMATS:
            yield Finding(join(node.pointer, "format"),
                          f"{PROFILE}: format `{fmt}` is not supported (supported: {', '.join(sorted(FORMATS))})")
    for node in ctx.objects():
        if node.keyword == "not":
            continue
        if node.get("additionalProperties") is not False:
            yield Finding(node.pointer, f"{PROFILE}: object `{label(node)}` must set `additionalProperties: false`",
                          fix=closed_object_fix(node))
        optional = optional_properties(node)
        if optional:
            yield Finding(node.pointer, f"{PROFILE}: every property must be required; `{label(node)}` leaves "
                          f"{', '.join(optional)} optional (make them required and nullable)",
                          fix=nullable_required_fix(node))
    yield from _limits(ctx)


def closed_object_fix(node: SchemaNode) -> Fix:
    return Fix("set `additionalProperties: false`", FixSafety.UNSAFE,
               (Operation("add", join(node.pointer, "additionalProperties"), False),))


def optional_properties(node: SchemaNode) -> list[str]:
    properties = node.get("properties")
    if not isinstance(properties, dict):
        return []
    required = node.get("required")
    required = required if isinstance(required, list) else []
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


def _root(ctx: ToolContext) -> Iterator[Finding]:
    schema = ctx.tool.schema
    if not isinstance(schema, dict) or "object" not in ctx.nodes[0].types:
        yield Finding(ctx.tool.schema_pointer, f"{PROFILE}: the root schema must be `\"type\": \"object\"`")
    elif "anyOf" in schema:
        yield Finding(join(ctx.tool.schema_pointer, "anyOf"), f"{PROFILE}: the root object must not use `anyOf`")


def _refused_keywords(node: SchemaNode) -> Iterator[Finding]:
    if not isinstance(node.schema, dict):
        return
    for keyword in node.schema:
        if keyword in OPENAI_REFUSED:
            yield Finding(join(node.pointer, keyword), f"{PROFILE}: `{keyword}` is not supported")


def _limits(ctx: ToolContext) -> Iterator[Finding]:
    root = ctx.tool.schema_pointer
    properties = sum(len(n.get("properties")) for n in ctx.walk() if isinstance(n.get("properties"), dict))
    if properties > MAX_PROPERTIES:
        yield Finding(root, f"{PROFILE}: {properties} object properties; the limit is {MAX_PROPERTIES}")
    enums = [n for n in ctx.walk() if isinstance(n.get("enum"), list)]
    values = sum(len(n.get("enum")) for n in enums)
    if values > MAX_ENUM_VALUES:
        yield Finding(root, f"{PROFILE}: {values} enum values in all; the limit is {MAX_ENUM_VALUES}")
    for node in enums:
        strings = [v for v in node.get("enum") if isinstance(v, str)]
        if len(strings) > LARGE_ENUM and sum(map(len, strings)) > MAX_LARGE_ENUM_LENGTH:
            yield Finding(join(node.pointer, "enum"), f"{PROFILE}: an enum of more than {LARGE_ENUM} values may "
                          f"hold at most {MAX_LARGE_ENUM_LENGTH:,} characters; this one holds {sum(map(len, strings)):,}")
    length = _total_string_length(ctx)
    if length > MAX_TOTAL_STRING_LENGTH:
        yield Finding(root, f"{PROFILE}: property names, definition names, enum values and consts total "
                      f"{length:,} characters; the limit is {MAX_TOTAL_STRING_LENGTH:,}")
    for node in ctx.objects():
        if _object_depth(node) == MAX_NESTING + 1:
            yield Finding(node.pointer, f"{PROFILE}: `{label(node)}` is nested {MAX_NESTING + 1} objects deep; "
                          f"the limit is {MAX_NESTING} levels")


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
