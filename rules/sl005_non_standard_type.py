"""A `type` spelled as a programming language spells it, not as JSON Schema does.

## What it does
Flags `type` names that are not JSON Schema's seven but have an obvious meaning:
Python's `dict`, `float`, `int`, `str`, `list`, `tuple`, `bool`, `any`; Java and
JavaScript names such as `String`, `Integer`, `HashMap`, `ArrayList`, `long`, `double`;
an empty `""`. Gemini's upper-case names (`STRING`, `OBJECT`) are that API's own
spelling and are accepted in a Gemini declaration's `parameters` (and wherever the
`gemini` profile is on), flagged elsewhere.
Names with no obvious meaning (`Date`) are left to SL001.

## Why is this bad
A standard validator refuses the schema (`"dict" is not valid under any of the
schemas`), and providers that pass it on leave the model to guess what the type means.

## Example
```json
{"type": "dict", "properties": {"ratio": {"type": "float"}, "payload": {"type": "any"}}}
```
Use instead:
```json
{"type": "object", "properties": {"ratio": {"type": "number"}, "payload": {}}}
```

## Fix safety
Unsafe: a standard validator rejects the schema before the fix and validates calls
after it, so the set of accepted calls changes (from none to the intended ones). The
fix writes JSON Schema's name; `any` and `""` remove `type`, which is how JSON Schema
says "any value". A `type` list that also holds an unknown name gets no fix.
"""

from __future__ import annotations

import json

from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.profiles import GEMINI
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.dialect import STANDARD_TYPES, standard_type, understood_type
from schema_lint.schema.walk import label

CODE = "SL005"
NAME = "non-standard-type"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.ERROR
FIXABLE = True


def check(ctx):
    for node in ctx.with_keyword("type"):
        declared = node.get("type")
        if isinstance(declared, str) and declared in STANDARD_TYPES:
            continue  # the usual case, decided without building a list
        names = declared if isinstance(declared, list) else [declared]
        if declared is None or not all(isinstance(name, str) for name in names):
            continue
        odd = [name for name in names if name not in STANDARD_TYPES and not _gemini_spelling(ctx, name)]
        understood = [name for name in odd if understood_type(name)]
        if not understood:
            continue
        advice = "; ".join(_advice(name) for name in understood)
        fix = _fix(join(node.pointer, "type"), declared) if understood == odd else None
        yield Finding(join(node.pointer, "type"), f"non-standard type in `{label(node)}`: {advice}", fix=fix)


def _gemini_spelling(ctx, name: str) -> bool:
    return GEMINI in ctx.profiles and name.isupper() and name.lower() in STANDARD_TYPES


def _advice(name: str) -> str:
    meant = standard_type(name)
    if meant is None:
        shown = name or '""'
        return f"`{shown}` is not a JSON Schema type (leave `type` out to accept any value)"
    if name.isupper() and name.lower() == meant:
        return f"`{name}` is Gemini's spelling; JSON Schema's is `{meant}`"
    return f"`{name}` is not a JSON Schema type; use `{meant}`"


def _fix(pointer: str, declared) -> Fix:
    names = declared if isinstance(declared, list) else [declared]
    meant = [standard_type(name) for name in names]
    if None in meant:
        return Fix("remove `type` (any value)", FixSafety.UNSAFE, (Operation("remove", pointer),))
    unique = list(dict.fromkeys(meant))
    value = unique if isinstance(declared, list) else unique[0]
    return Fix(f"write the type as `{json.dumps(value)}`", FixSafety.UNSAFE, (Operation("replace", pointer, value),))
