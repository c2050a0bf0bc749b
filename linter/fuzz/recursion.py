"""Make a recursive schema finite, so hypothesis-jsonschema can generate from it.

hypothesis-jsonschema refuses any schema whose `$ref`s form a cycle (a filter that
nests `and`/`or` filters, a tree node whose children are tree nodes). Inlining the
local references and cutting each cycle after a few turns, with `false` where it would
go on, yields a schema that accepts a subset of the original's values: everything
generated from it is still a valid call, and the re-validation against the original
schema proves it. A cut on a required path leaves nothing to generate, and the tool is
reported as unsupported rather than fuzzed with wrong calls.
"""

from __future__ import annotations

from typing import Any

from schema_lint.boundary.compiled import resolve_pointer
from schema_lint.schema.keywords import map_subschemas

# How many times one reference may be entered on a path before the cycle is cut.
MAX_TURNS = 2


def unroll_recursive_refs(schema: Any) -> Any | None:
    """`schema` with local `$ref`s inlined and each cycle cut after MAX_TURNS turns.

    None when the schema has no cycle: it is then best left as it is.
    """
    inliner = _Inliner(schema)
    unrolled = inliner.inline(schema, ())
    return unrolled if inliner.cut else None


class _Inliner:
    def __init__(self, root: Any):
        self.root = root
        self.cut = False

    def inline(self, schema: Any, entered: tuple[str, ...]) -> Any:
        if not isinstance(schema, dict):
            return schema
        # Definitions are reached through `$ref` only, and inlined there.
        rest = {k: v for k, v in schema.items() if k not in ("$ref", "$defs", "definitions")}
        out = map_subschemas(rest, lambda keyword, sub: self.inline(sub, entered))
        ref = schema.get("$ref")
        target = resolve_pointer(self.root, ref) if isinstance(ref, str) else None
        if not isinstance(ref, str) or target is None:
            if ref is not None:
                out["$ref"] = ref  # left for the generator to refuse, with its own message
            return out
        if entered.count(ref) >= MAX_TURNS:
            self.cut = True
            return False
        inlined = self.inline(target, (*entered, ref))
        return {"allOf": [inlined, out]} if out else inlined
