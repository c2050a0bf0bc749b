"""What one tool's recorded calls sent, field by field, in memory that does not grow with them.

A field is addressed as its subschema would be: the root is `""`, key `a` of an object is
`/properties/a`, an array's elements are `/items`; so a rule holding a schema node finds
what the traffic sent there by the node's pointer. Each field keeps counts per JSON type,
sketches of string lengths and array sizes, numeric range, up to :data:`VALUES_KEPT`
distinct scalar values with their counts, the keys its objects carried, and how many of
its strings are valid in each format a field name can imply. Limits on fields per tool,
depth, keys and the length of what is kept keep a hostile log from growing any of it.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any

from schema_lint.boundary.walk import json_type
from schema_lint.prose.field_prose import valid_in
from schema_lint.schema.pointer import join
from schema_lint.traffic.sketch import DistinctCount, QuantileSketch

FORMATS = ("date", "date-time", "email", "uri", "uuid")
"""The formats a field's name can imply (field_kinds), checked against every string sent."""

FORMAT_LENGTH = 2_048
"""Strings longer than this are not checked against a format, and count as not in it."""

RULED_OUT = 100
"""Strings after which a format none of them was in is no longer checked (a free-text field
would pay five format checks per value for nothing)."""

VALUES_KEPT = 32
"""Distinct scalar values a field counts one by one; past it the field's set is open."""

VALUE_LENGTH = 256
"""A string (or a number's digits) longer than this is never kept as a value (no enum holds a paragraph)."""

EXAMPLE_LENGTH = 80
"""Characters kept of the first string not in a format: all a finding shows of it."""

KEYS_KEPT = 256
"""Distinct keys counted per field; past it the field's objects count as open."""

KEY_LENGTH = 128
"""A key longer than this is neither counted nor followed: the field's objects count as open,
and what the key holds is not summarised (no property name is that long)."""

FIELDS_PER_TOOL = 1_000
DEPTH = 16


class FieldSummary:
    """The values sent at one field."""

    def __init__(self) -> None:
        self.count = 0
        self.types: Counter[str] = Counter()
        self.lengths = QuantileSketch()
        self.sizes = QuantileSketch()
        self.low: int | float | None = None
        self.high: int | float | None = None
        self.distinct = DistinctCount()
        self.values: Counter[str] = Counter()  # canonical JSON of a scalar → times sent
        self.values_open = False
        self.formats: Counter[str] = Counter()  # format → strings valid in it
        self.mismatch: dict[str, str] = {}  # format → the first string sent that is not in it
        self.keys: Counter[str] = Counter()
        self.keys_open = False

    def add(self, value: Any) -> None:
        self.count += 1
        kind = json_type(value)
        self.types[kind] += 1
        if kind == "string":
            self._add_string(value)
        elif kind in ("integer", "number") and math.isfinite(value):  # 1e400 decodes as inf
            self.low = value if self.low is None else min(self.low, value)
            self.high = value if self.high is None else max(self.high, value)
        elif kind == "array":
            self.sizes.add(len(value))
        elif kind == "object":
            for key in value:
                if key in self.keys or (len(self.keys) < KEYS_KEPT and len(key) <= KEY_LENGTH):
                    self.keys[key] += 1
                else:
                    self.keys_open = True
        if kind not in ("array", "object"):
            self._add_scalar(value)

    def _add_string(self, value: str) -> None:
        self.lengths.add(len(value))
        strings = self.types["string"]
        for fmt in FORMATS:
            if strings > RULED_OUT and not self.formats[fmt]:
                continue  # not this format: no string so far was in it
            if len(value) <= FORMAT_LENGTH and valid_in(fmt, value):
                self.formats[fmt] += 1
            elif fmt not in self.mismatch:
                self.mismatch[fmt] = value[:EXAMPLE_LENGTH]

    def _add_scalar(self, value: Any) -> None:
        canonical = json.dumps(value, ensure_ascii=False)
        if canonical in self.values:
            self.values[canonical] += 1
            return  # counted as distinct when first seen
        self.distinct.add(canonical)
        if len(self.values) < VALUES_KEPT and len(value if isinstance(value, str) else canonical) <= VALUE_LENGTH:
            self.values[canonical] += 1
        else:
            self.values_open = True

    # What the rules ask, each over the values of one type.

    def of_type(self, *kinds: str) -> int:
        return sum(self.types[kind] for kind in kinds)

    def closed_strings(self) -> list[str] | None:
        """The strings sent, when they form a closed set: every value kept, and none sent only
        once. A value seen once says more values are unseen (Good–Turing: the share of values
        seen once estimates the chance that the next call sends a new one)."""
        if self.values_open or self.of_type("string") != self.count:
            return None
        if not self.values or any(times == 1 for times in self.values.values()):
            return None
        return sorted(json.loads(canonical) for canonical in self.values)


class ToolSummary:
    """Every field of one tool's recorded calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.fields: dict[str, FieldSummary] = {}
        self.fields_dropped = 0

    def add(self, arguments: Any) -> None:
        self.calls += 1
        stack = [("", arguments, 0)]
        while stack:
            pointer, value, depth = stack.pop()
            field = self.fields.get(pointer)
            if field is None:
                if len(self.fields) >= FIELDS_PER_TOOL:
                    self.fields_dropped += 1
                    continue
                field = self.fields[pointer] = FieldSummary()
            field.add(value)
            if depth >= DEPTH:
                continue
            if isinstance(value, dict):
                for key, item in value.items():
                    if len(key) <= KEY_LENGTH:
                        stack.append((join(pointer, "properties", key), item, depth + 1))
                    else:
                        self.fields_dropped += 1
            elif isinstance(value, list):
                stack.extend((pointer + "/items", item, depth + 1) for item in value)

    def at(self, pointer: str) -> FieldSummary | None:
        """The field at a subschema pointer relative to the tool's schema (`/properties/a/items`)."""
        return self.fields.get(pointer)
