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
from schema_lint.schema_walk import LISTS, MAPS, SINGLE

# How many times one reference may be entered on a path before the cycle is cut.
MAX_TURNS = 2


def unroll_recursive_refs(schema: Any) -> Any | None:
    """`schema` with local `$ref`s inlined and each cycle cut after MAX_TURNS turns.

    None when the schema has no cycle: it is then best left as it is.
    """
    unrolled, cut = _Inliner(schema).inline(schema, ())
    return unrolled if cut else None


class _Inliner:
    def __init__(self, root: Any):
        self.root = root

    def inline(self, schema: Any, entered: tuple[str, ...]) -> tuple[Any, bool]:
        """The inlined schema and whether a cycle was cut below it."""
        if not isinstance(schema, dict):
            return schema, False
        out: dict[str, Any] = {}
        cut = False
        for keyword, value in schema.items():
            if keyword in ("$ref", "$defs", "definitions"):
                continue  # definitions are reached through `$ref` only, and inlined there
            value, below = self._keyword(keyword, value, entered)
            out[keyword] = value
            cut = cut or below
        ref = schema.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#"):
            if ref is not None:
                out["$ref"] = ref
            return out, cut
        target = resolve_pointer(self.root, ref)
        if target is None:
            out["$ref"] = ref  # left for the generator to refuse, with its own message
            return out, cut
        if entered.count(ref) >= MAX_TURNS:
            return False, True
        inlined, below = self.inline(target, (*entered, ref))
        return ({"allOf": [inlined, out]} if out else inlined), cut or below

    def _keyword(self, keyword: str, value: Any, entered: tuple[str, ...]) -> tuple[Any, bool]:
        if keyword in SINGLE or (keyword == "items" and isinstance(value, (dict, bool))):
            return self.inline(value, entered)
        if keyword in MAPS and isinstance(value, dict):
            pairs = {name: self.inline(sub, entered) for name, sub in value.items()}
            return {name: sub for name, (sub, _) in pairs.items()}, any(cut for _, cut in pairs.values())
        if (keyword in LISTS or keyword == "items") and isinstance(value, list):
            pairs = [self.inline(sub, entered) for sub in value]
            return [sub for sub, _ in pairs], any(cut for _, cut in pairs)
        return value, False
