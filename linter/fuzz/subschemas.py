"""Rebuild a schema one level down: the traversal the generator's schema rewrites share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from schema_lint.schema_walk import LISTS, MAPS, SINGLE


def map_subschemas(schema: dict, function: Callable[[str, Any], Any]) -> dict:
    """A copy of `schema` with `function(keyword, subschema)` in place of each direct subschema."""
    out: dict[str, Any] = {}
    for keyword, value in schema.items():
        if keyword in SINGLE or (keyword == "items" and isinstance(value, (dict, bool))):
            value = function(keyword, value)
        elif keyword in MAPS and isinstance(value, dict):
            value = {name: function(keyword, sub) for name, sub in value.items()}
        elif (keyword in LISTS or keyword == "items") and isinstance(value, list):
            value = [function(keyword, sub) for sub in value]
        out[keyword] = value
    return out
