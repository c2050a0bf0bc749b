"""Which fields a tool needs, as the linter sees it: the targets of the "missing" mutators.

`missing-required` drops a field the tool needs. A field listed in `required` is one;
so is every field SL101's fix would require (an object that forgot `required` still
needs its `title`): dropping those is how a fuzz report proves SL101's point.

`conditional-omitted` drops a field that one value of another field makes necessary:
the discriminator is set to that value and the field left out. The pairs come from
SL102's own analysis (`prose.conditionals`: a tool that should say so and does not; read
as data, not from its messages), and from the `if/then`s the schema already has (a tool that says so,
where the near miss must be rejected).

Rule pointers are turned into the boundary's schema pointers (`#/properties/a`), so a
site can tell whether a finding is about one of the schemas that govern it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from schema_lint.model import Tool
from schema_lint.prose.conditionals import conditional_objects
from schema_lint.rule import ToolContext, load_rules
from schema_lint.schema.walk import walk


@dataclass(frozen=True)
class Conditional:
    """`field` is needed when `discriminator` is `value`, in the object schema at `pointer`."""

    pointer: str
    field: str
    discriminator: str
    value: Any


@dataclass(frozen=True)
class Needs:
    """What the mutators drop beyond `required`: SL101's fields by object pointer, and conditionals."""

    fields: dict[str, tuple[str, ...]]
    conditionals: tuple[Conditional, ...]


def tool_needs(tool: Tool) -> Needs:
    """Fields SL101 would require and conditionals from SL102 and `if/then`, for `tool`."""
    context = ToolContext(replace(tool, schema_pointer=""), None)
    fields = dict(_sl101_fixes(context))
    conditionals = [*_written_conditionals(tool.schema), *_sl102_conditionals(context)]
    return Needs(fields, tuple(dict.fromkeys(conditionals)))


def _sl101_fixes(context: ToolContext) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(object pointer, names its fix would require) for each SL101 finding with a fix."""
    for finding in load_rules()["SL101"].check(context):
        for operation in finding.fix.operations if finding.fix else ():
            if operation.path.endswith("/required") and isinstance(operation.value, list):
                yield "#" + operation.path[: -len("/required")], tuple(n for n in operation.value if isinstance(n, str))


def _sl102_conditionals(context: ToolContext) -> Iterator[Conditional]:
    """The (field, discriminator, values) SL102 finds, on each object it flags."""
    for node, found in conditional_objects(context):
        for _, field in found:
            for value in field.values:
                yield Conditional("#" + node.pointer, field.field, field.discriminator, value)


def _written_conditionals(schema: Any) -> Iterator[Conditional]:
    """Conditionals the schema states already, as `if/then` anywhere in it."""
    for node in walk(schema, ""):
        yield from _from_if_then("#" + node.pointer, node.schema)


def _from_if_then(pointer: str, schema: Any) -> Iterator[Conditional]:
    """`{"if": {"properties": {D: {"const": v}}}, "then": {"required": [F]}}` → (F needed when D is v)."""
    if not isinstance(schema, dict):
        return
    condition, consequence = schema.get("if"), schema.get("then")
    if not isinstance(condition, dict) or not isinstance(consequence, dict):
        return
    needed = [name for name in consequence.get("required") or [] if isinstance(name, str)]
    properties = condition.get("properties")
    if not needed or not isinstance(properties, dict):
        return
    for discriminator, test in properties.items():
        if not isinstance(test, dict):
            continue
        enum = test.get("enum")
        values = [test["const"]] if "const" in test else enum if isinstance(enum, list) else []
        for value in values:
            for name in needed:
                yield Conditional(pointer, name, discriminator, value)
