"""`required` names a property that the object does not declare.

## What it does
Flags each entry of an object's `required` that no `properties` declares, also where
the object declares no `properties` at all, and in the branches of a composition
(`then: {"required": [...]}` names a field of the object it refines). Properties
count wherever the object's combination declares them: the object itself, its `allOf`
/ `anyOf` / `oneOf` / `if` / `then` / `else` / `dependentSchemas` branches, the object
those branches belong to, and what their local `$ref`s lead to. An entry that a
`patternProperties` pattern or an `additionalProperties` schema could supply is not
flagged, nor is anything behind a reference that cannot be resolved.

## Why is this bad
The model is told to send a field it knows nothing about: no type, no description.
Usually it is a typo or a renamed property, so the real property stays optional. With
`additionalProperties: false` it is worse: no call can satisfy the schema at all.

## Example
```json
{"type": "object", "properties": {"recipient": {"type": "string"}}, "required": ["recipeint"]}
```
Use instead:
```json
{"type": "object", "properties": {"recipient": {"type": "string"}}, "required": ["recipient"]}
```

## Fix safety
No automatic fix: whether to declare the property or correct the name is for a person
to decide.
"""

from __future__ import annotations

from schema_lint.text.display import clip
from schema_lint.model import Severity
from schema_lint.schema.patterns import search
from schema_lint.schema.pointer import join
from schema_lint.schema.refs import references
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL007"
NAME = "required-undeclared"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = False
KEYWORDS = ("required",)
# Keywords whose subschemas describe the same object as their parent.
SAME_OBJECT = ("allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas")


def check(ctx):
    for node in ctx.with_keyword("required"):
        required = node.get("required")
        if not isinstance(required, list) or not required or node.keyword == "not" or not _describes_object(node):
            continue
        declared = node.get("properties")
        declared = declared if isinstance(declared, dict) else {}
        undeclared = [(index, name) for index, name in enumerate(required)
                      if isinstance(name, str) and name not in declared]
        family = _family(ctx, node) if undeclared else None
        if family is None:
            continue
        closed = node.get("additionalProperties") is False or node.get("unevaluatedProperties") is False
        for index, name in undeclared:
            if not _supplied(family, name):
                yield _finding(node, index, name, closed)


def _describes_object(node) -> bool:
    """Whether `required` here constrains an object: one declared, implied by `properties`,
    or left untyped (where `required` only ever applies to objects). A `required` beside a
    `type` with no `object` in it is SL014's finding, not ours."""
    return not node.types or "object" in node.types


def _finding(node, index: int, name: str, closed: bool) -> Finding:
    message = f"`required` of `{label(node)}` names `{clip(name)}`, which no `properties` declares"
    if closed:
        message += "; the object is closed, so no call can satisfy it"
    return Finding(join(node.pointer, "required", index), message,
                   severity=Severity.ERROR if closed else None)


def _family(ctx, node) -> list | None:
    """Every subschema describing the same object as `node`; None when a local
    reference among them cannot be resolved (what it declares is unknown)."""
    top = node
    while top.parent is not None and top.keyword in SAME_OBJECT:
        top = top.parent
    members, pending, seen = [], [top], set()
    while pending:
        member = pending.pop()
        if id(member.schema) in seen:
            continue
        seen.add(id(member.schema))
        members.append(member)
        if any(not ctx.refs.resolve(member, ref).found for _, ref in references(member)):
            return None
        pending.extend(child for child in ctx.children(member) if child.keyword in SAME_OBJECT)
        pending.extend(ctx.refs.targets(member))
    return members


def _supplied(family, name: str) -> bool:
    for member in family:
        properties = member.get("properties")
        if isinstance(properties, dict) and name in properties:
            return True
        additional = member.get("additionalProperties")
        if additional is True or isinstance(additional, dict):
            return True
        patterns = member.get("patternProperties")
        if isinstance(patterns, dict) and any(search(p, name) is not False for p in patterns):
            return True
    return False
