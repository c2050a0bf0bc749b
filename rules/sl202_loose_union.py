"""A parameter widened to accept a value or an array of that value.

## What it does
Flags an `anyOf`, `oneOf` or type list that accepts both `T` and an array of `T`
(`"tag"` or `["tag"]`), with or without `null` beside them.

## Why is this bad
The union is there for one model's habit of sending a scalar where a list belongs. It
makes every consumer handle two shapes, hides which one the tool really wants from the
next model, and is refused by some providers' strict modes. Keep the public schema
strict and let the boundary canonicalize `"tag"` into `["tag"]`, which schema-lint's
boundary does by default.

## Example
```json
{"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
```
Use instead:
```json
{"type": "array", "items": {"type": "string"}}
```

## Fix safety
The fix keeps only the array form (and `null`, if the union allowed it), in place of the
union when it is the only form left; a bare scalar is rejected afterwards unless the
boundary canonicalizes it. The union itself says a single value is taken, and the words
usually do too ("A label or a list of labels"): without evidence that callers send arrays
only, the narrowing is a suggestion, for a project that canonicalizes at its boundary.
With `--calls` it is unsafe (tightening) where at least 20 recorded calls reached the
field and every one sent an array (or `null`, where the union allowed it), naming that
evidence. No fix when the scalar branches are not all element types of the array.
A fix from recorded calls is a suggestion where the words do more than name the value
("Cc recipients, if any", "paste whole email threads"): a model sends what it is shown, and
such words say what the next call may do that none so far did.
"""

from __future__ import annotations

from schema_lint.model import EVIDENCE_CALLS, EVIDENCE_NONE, Evidence, Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.dialect import standard_type
from schema_lint.schema.walk import label
from schema_lint.traffic.values import evidence, seen_at, words_outweigh

CODE = "SL202"
NAME = "loose-union"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True


def check(ctx):
    # Every node is read, each member looked up in its dict (not through `SchemaNode.get`, three
    # calls for every node of every tool), and the unions only of a tool that has one.
    unions = not ctx.keywords.isdisjoint(_UNIONS)
    for node in ctx.walk():
        schema = node.schema
        if not isinstance(schema, dict):
            continue
        if unions:
            for keyword in _UNIONS:
                branches = schema.get(keyword)
                if isinstance(branches, list):
                    yield from _union_of_branches(ctx, node, keyword, branches)
        if isinstance(schema.get("type"), list):
            yield from _type_list(ctx, node)


_UNIONS = ("anyOf", "oneOf")


def _union_of_branches(ctx, node, keyword: str, branches: list):
    schemas = [b for b in branches if isinstance(b, dict)]
    arrays = [b for b in schemas if _types(b) == {"array"}]
    scalars = set().union(*(_types(_referred(ctx, node, b)) for b in schemas if b not in arrays)) - {"null"}
    for array in arrays:
        covered = _covered(scalars, _types(_referred(ctx, node, array.get("items"))))
        if covered:
            nullable = any(_types(b) == {"null"} for b in schemas)
            narrowed = [array, {"type": "null"}] if nullable else [array]
            fix = None
            if covered == scalars:
                fix = _narrowed(ctx, node, nullable, _narrowing(node, keyword, narrowed))
            yield Finding(join(node.pointer, keyword), _message(node, scalars), fix=fix)
            return


def _narrowing(node, keyword: str, narrowed: list) -> tuple[Operation, ...]:
    """The union narrowed to its array form (and `null`). A lone array form is not left as a
    one-member union: its keywords take the union's place in the subschema, unless one of
    them is there already (a `description` of its own, say), where they would clash."""
    (array, *others) = narrowed
    if others or not array.keys().isdisjoint(node.schema):
        return (Operation("replace", join(node.pointer, keyword), narrowed),)
    # Added before the union goes: an object emptied first would be written again on one line.
    return (*(Operation("add", join(node.pointer, key), value) for key, value in array.items()),
            Operation("remove", join(node.pointer, keyword)))


def _type_list(ctx, node):
    names = _types(node.schema)
    scalars = names - {"array", "null"}
    if "array" not in names or not scalars:
        return
    items = node.get("items")
    covered = _covered(scalars, _types(items)) if isinstance(items, dict) else scalars
    if not covered:
        return
    fix = None
    if covered == scalars:
        narrowed = ["array", "null"] if "null" in names else "array"
        operations = [Operation("replace", join(node.pointer, "type"), narrowed)]
        if items is None and len(scalars) == 1:
            operations.append(Operation("add", join(node.pointer, "items"), {"type": next(iter(scalars))}))
        if items is not None or len(scalars) == 1:
            fix = _narrowed(ctx, node, "null" in names, tuple(operations))
    yield Finding(join(node.pointer, "type"), _message(node, scalars), fix=fix)


def _narrowed(ctx, node, nullable: bool, operations: tuple[Operation, ...]) -> Fix:
    """The narrowing, unsafe where the recorded calls sent only arrays there (or `null`, which
    it keeps), a suggestion otherwise: the union says a single value is taken."""
    sent = seen_at(ctx, node, "array")
    if sent is not None and sent.of_type("array", "null") == sent.count and (nullable or not sent.of_type("null")) \
            and not words_outweigh(node.description):
        seen = evidence(sent.count, "each an array" + (" or null" if sent.of_type("null") else ""))
        return Fix(f"keep only the array form ({seen})", FixSafety.UNSAFE, operations, Evidence(EVIDENCE_CALLS, seen))
    return Fix("keep only the array form (the union takes a single value too: confirm callers send arrays, or "
               "canonicalize scalars at the boundary)", FixSafety.SUGGESTION, operations, Evidence(EVIDENCE_NONE))


def _referred(ctx, node, schema):
    """The definition a branch (or an array's items) is only a local `$ref` to, or the schema as it
    is: `oneOf: [{"$ref": "#/$defs/Tag"}, {"type": "array", "items": {"$ref": "#/$defs/Tag"}}]`
    is a tag or an array of tags, as written in place."""
    if not isinstance(schema, dict) or not isinstance(schema.get("$ref"), str):
        return schema
    resolution = ctx.refs.resolve(node, schema["$ref"])
    return resolution.target if resolution.found else schema


def _types(schema) -> set[str]:
    if not isinstance(schema, dict):
        return set()
    declared = schema.get("type")
    names = declared if isinstance(declared, list) else [declared]
    return {t for t in (standard_type(n) for n in names if isinstance(n, str)) if t is not None}


def _covered(scalars: set[str], elements: set[str]) -> set[str]:
    """The scalar types an array's elements also accept (an integer is a number)."""
    return {t for t in scalars if t in elements or (t == "integer" and "number" in elements)}


def _message(node, scalars: set[str]) -> str:
    shown = " or ".join(sorted(scalars))
    article = "an" if shown[0] in "aeiou" else "a"
    return (f"`{label(node)}` accepts {article} {shown} or an array of them; keep the array form and "
            f"canonicalize scalars at the boundary")
