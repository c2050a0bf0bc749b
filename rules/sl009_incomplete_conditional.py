"""An `if` with no `then` or `else`, or a `then`/`else` with no `if`.

## What it does
Flags an `if` that has neither `then` nor `else` beside it, and a `then` or `else` that
has no `if` beside it.

## Why is this bad
Each half is ignored without the other: validators evaluate `if` only to choose between
`then` and `else`, and skip a `then`/`else` that has no `if`. The author meant a
condition, and the schema enforces none, usually because the keywords ended up at
different levels (the `then` inside `properties`, or in a sibling `allOf` branch).

## Example
```json
{"type": "object", "if": {"properties": {"channel": {"const": "email"}}},
 "properties": {"channel": {"enum": ["console", "email"]}, "then": {"required": ["recipient"]}}}
```
Use instead:
```json
{"type": "object", "properties": {"channel": {"enum": ["console", "email"]}},
 "if": {"properties": {"channel": {"const": "email"}}, "required": ["channel"]},
 "then": {"required": ["recipient"]}}
```

## Fix safety
Safe: the fix removes the keyword that has no effect, so every call validates exactly as
before. Unsafe when an `unevaluatedProperties` or `unevaluatedItems` at or above the
lone `if` can see the properties it evaluates (2019-09 and later): removing it may
then reject keys that were accepted. Moving it to where it was meant to be is for a person.
"""

from __future__ import annotations

from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL009"
NAME = "incomplete-conditional"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = True
KEYWORDS = ("if", "then", "else")


def check(ctx):
    for node in ctx.walk():
        if not isinstance(node.schema, dict):
            continue
        if "if" in node.schema and "then" not in node.schema and "else" not in node.schema:
            yield _finding(node, "if", "has no `then` or `else`", _sees_evaluation(node))
        if "if" not in node.schema:
            for keyword in ("then", "else"):
                if keyword in node.schema:
                    yield _finding(node, keyword, "has no `if` beside it")


def _sees_evaluation(node) -> bool:
    """Whether an `unevaluatedProperties`/`unevaluatedItems` at the node or above can see what
    a lone `if` evaluates: there the `if` is not ignored, and removing it is not neutral."""
    current = node
    while current is not None:
        if isinstance(current.schema, dict) and ("unevaluatedProperties" in current.schema
                                                 or "unevaluatedItems" in current.schema):
            return True
        current = current.parent
    return False


def _finding(node, keyword: str, problem: str, evaluated: bool = False) -> Finding:
    pointer = join(node.pointer, keyword)
    safety = FixSafety.UNSAFE if evaluated else FixSafety.SAFE
    effect = ("so it chooses nothing (only `unevaluatedProperties`/`unevaluatedItems` see what it evaluates)"
              if evaluated else "so it is ignored")
    fix = Fix(f"remove the {'lone' if evaluated else 'ignored'} `{keyword}`", safety, (Operation("remove", pointer),))
    return Finding(pointer, f"`{keyword}` in `{label(node)}` {problem}, {effect}", fix=fix)
