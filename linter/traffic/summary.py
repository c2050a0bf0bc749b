"""What one tool's recorded calls sent, field by field, in memory that does not grow with them.

A field is addressed as its subschema would be: the root is `""`, key `a` of an object is
`/properties/a`, an array's elements are `/items`; so a rule holding a schema node finds
what the traffic sent there by the node's pointer. Each field keeps counts per JSON type,
sketches of string lengths and array sizes, numeric range, up to :data:`VALUES_KEPT`
distinct scalar values with their counts, the keys its objects carried, and how many of
its strings are valid in each format a field name can imply. Limits on fields per tool,
depth, keys and the length of what is kept keep a hostile log from growing any of it.

Summaries merge (`merge`): the merge of the summaries of any split of a set of calls is
the summary of the whole, read in any order. So what a capped part keeps never depends on
what came first: the fields, keys and format examples kept are the smallest (`sketch.Smallest`),
and a set of values past its cap is open and keeps none. `to_data`/`from_data` give the
plain data `traffic_summary` writes.
"""

from __future__ import annotations

import heapq
import itertools
import json
import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from schema_lint.boundary.walk import json_type
from schema_lint.prose.field_prose import valid_in
from schema_lint.schema.pointer import join
from schema_lint.traffic.sketch import DistinctCount, QuantileSketch, Smallest

FORMATS = ("date", "date-time", "email", "uri", "uuid")
"""The formats a field's name can imply (field_kinds), checked against every string sent."""

MAY_BE_IN: dict[str, Callable[[str], bool]] = {
    "date": lambda text: len(text) == 10, "date-time": lambda text: len(text) >= 20,
    "email": lambda text: "@" in text, "uri": lambda text: ":" in text, "uuid": lambda text: len(text) == 36}
"""What a string valid in each format must be (RFC 3339's full-date and shortest date-time, an
address's `@`, a scheme's `:`, a hyphenated UUID), checked before the validator: every
string is checked against every format (the counts must not depend on which came first),
and most fail here, at a fraction of a validator call."""

FORMAT_LENGTH = 2_048
"""Strings longer than this are not checked against a format, and count as not in it."""

VALUES_KEPT = 32
"""Distinct scalar values a field counts one by one; past it the field's set is open."""

VALUE_LENGTH = 256
"""A string (or a number's digits) longer than this is never kept as a value (no enum holds a paragraph)."""

EXAMPLE_LENGTH = 80
"""Characters kept of a string not in a format: all a finding shows of it. The example kept is
the shortest such string (the least of those as long), whatever the order calls came in."""

KEYS_KEPT = 256
"""Distinct keys counted per field (the least, in code point order); past it the field's
objects count as open."""

KEY_LENGTH = 128
"""A key longer than this is neither counted nor followed: the field's objects count as open,
and what the key holds is not summarised (no property name is that long)."""

FIELDS_PER_TOOL = 1_000
"""Fields summarised per tool: the shallowest, then the least pointers; a value at any other
counts as dropped (`ToolSummary.fields_dropped`)."""
DEPTH = 16


def _shallow_first(pointer: str) -> tuple[int, str]:
    """The order fields are kept in: a field before any of its descendants."""
    return pointer.count("/"), pointer


def _example_order(text: str) -> tuple[int, str]:
    return len(text), text


def _number_order(value: int | float) -> tuple[int | float, bool]:
    """Numbers by value, and `1` before `1.0`: the range kept does not depend on which came first."""
    return value, isinstance(value, float)


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
        self.values: Counter[str] = Counter()  # canonical JSON of a scalar → times sent; empty once open
        self.values_open = False
        self.formats: Counter[str] = Counter()  # format → strings valid in it
        self.mismatch: dict[str, str] = {}  # format → the shortest string sent that is not in it
        self.keys: Counter[str] = Counter()
        self.keys_open = False
        self._keys_kept = Smallest(KEYS_KEPT)

    def add(self, value: Any) -> None:
        self.count += 1
        kind = json_type(value)
        self.types[kind] += 1
        if kind == "string":
            self._add_string(value)
        elif kind == "integer" or (kind == "number" and math.isfinite(value)):  # 1e400 decodes as inf
            self._add_number(value, value)
        elif kind == "array":
            self.sizes.add(len(value))
        elif kind == "object":
            new = []
            for key in value:
                if key in self.keys:
                    self.keys[key] += 1
                elif len(key) > KEY_LENGTH:
                    self.keys_open = True
                else:
                    new.append(key)
            # Of more new keys than are kept, the others could only be admitted to be pushed out
            # by these (each costing a turn of the heap: 300,000 keys took seconds): open at once.
            if len(new) > KEYS_KEPT:
                new, self.keys_open = heapq.nsmallest(KEYS_KEPT, new), True
            for key in new:
                self._add_key(key, 1)
        if kind not in ("array", "object"):
            self._add_scalar(value)

    def _add_number(self, low: int | float, high: int | float) -> None:
        self.low = low if self.low is None else min(self.low, low, key=_number_order)
        self.high = high if self.high is None else max(self.high, high, key=_number_order)

    def _add_key(self, key: str, times: int) -> None:
        admitted, evicted = self._keys_kept.admit(self.keys, key)
        if evicted is not None or not admitted:
            self.keys_open = True
            self.keys.pop(evicted, None)
        if admitted:
            self.keys[key] = times

    def _add_string(self, value: str) -> None:
        self.lengths.add(len(value))
        for fmt in FORMATS:
            if len(value) <= FORMAT_LENGTH and MAY_BE_IN[fmt](value) and valid_in(fmt, value):
                self.formats[fmt] += 1
            else:
                self._add_mismatch(fmt, value[:EXAMPLE_LENGTH])

    def _add_mismatch(self, fmt: str, example: str) -> None:
        known = self.mismatch.get(fmt)
        if known is None or _example_order(example) < _example_order(known):
            self.mismatch[fmt] = example

    def _add_scalar(self, value: Any) -> None:
        # `json.dumps`, which writes an integer as `int.__repr__` does, at a tenth of its cost.
        canonical = repr(value) if type(value) is int else json.dumps(value, ensure_ascii=False)
        if canonical in self.values:
            self.values[canonical] += 1
            return  # counted as distinct when first seen
        self.distinct.add(canonical)
        if self.values_open:
            return
        if len(self.values) < VALUES_KEPT and len(value if isinstance(value, str) else canonical) <= VALUE_LENGTH:
            self.values[canonical] += 1
        else:
            self._open_values()

    def _open_values(self) -> None:
        """Past the cap the set of values is open, and which of them were kept would depend on
        the order they came in: none is kept."""
        self.values_open = True
        self.values.clear()

    def merge(self, other: FieldSummary) -> None:
        """Add the values `other` summarised, as if they had been read here."""
        self.count += other.count
        self.types.update(other.types)
        self.lengths.merge(other.lengths)
        self.sizes.merge(other.sizes)
        if other.low is not None and other.high is not None:
            self._add_number(other.low, other.high)
        self.distinct.merge(other.distinct)
        if other.values_open:
            self._open_values()
        elif not self.values_open:
            self.values.update(other.values)
            if len(self.values) > VALUES_KEPT:
                self._open_values()
        self.formats.update(other.formats)
        for fmt, example in other.mismatch.items():
            self._add_mismatch(fmt, example)
        self.keys_open = self.keys_open or other.keys_open
        for key, times in other.keys.items():
            if key in self.keys:
                self.keys[key] += times
            else:
                self._add_key(key, times)

    def to_data(self) -> dict[str, Any]:
        return {"count": self.count, "types": dict(sorted(self.types.items())), "lengths": self.lengths.to_data(),
                "sizes": self.sizes.to_data(), "range": None if self.low is None else [self.low, self.high],
                "distinct": self.distinct.to_data(), "values": None if self.values_open else dict(sorted(self.values.items())),
                "formats": {fmt: [self.formats[fmt], self.mismatch.get(fmt)] for fmt in FORMATS
                            if self.formats[fmt] or fmt in self.mismatch},
                "keys": dict(sorted(self.keys.items())), "keys_open": self.keys_open}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> FieldSummary:
        field = cls()
        field.count, field.types = data["count"], Counter(data["types"])
        field.lengths, field.sizes = QuantileSketch.from_data(data["lengths"]), QuantileSketch.from_data(data["sizes"])
        if data["range"] is not None:
            field.low, field.high = data["range"]
        field.distinct = DistinctCount.from_data(data["distinct"])
        field.values_open = data["values"] is None
        field.values = Counter(data["values"] or {})
        for fmt, (valid, example) in data["formats"].items():
            if valid:
                field.formats[fmt] = valid
            if example is not None:
                field.mismatch[fmt] = example
        field.keys, field.keys_open = Counter(data["keys"]), data["keys_open"]
        return field

    # What the rules ask, each over the values of one type.

    def of_type(self, *kinds: str) -> int:
        return sum(self.types[kind] for kind in kinds)

    def not_in_format(self, fmt: str) -> int | None:
        """Strings sent that are not valid in `fmt`; None for a format strings are not checked against."""
        return self.of_type("string") - self.formats[fmt] if fmt in FORMATS else None

    def closed_strings(self) -> list[str] | None:
        """The strings sent, when they form a closed set: every value kept, and none sent only
        once. A value seen once says more values are unseen (Good–Turing: the share of values
        seen once estimates the chance that the next call sends a new one)."""
        if self.values_open or self.of_type("string") != self.count:
            return None
        if not self.values or any(times == 1 for times in self.values.values()):
            return None
        return sorted(json.loads(canonical) for canonical in self.values)


def _values_in(value: Any, depth: int) -> int:
    """The values `ToolSummary.add` visits in `value` found at `depth`: it, and those under it."""
    if depth >= DEPTH:
        return 1
    if isinstance(value, dict):
        return 1 + sum(_values_in(item, depth + 1) if len(key) <= KEY_LENGTH else 1 for key, item in value.items())
    if isinstance(value, list):
        return 1 + sum(_values_in(item, depth + 1) for item in value)
    return 1


class ToolSummary:
    """Every field of one tool's recorded calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.fields: dict[str, FieldSummary] = {}
        self.fields_dropped = 0  # values not summarised: at a field past the cap, or under a key too long
        self._fields_kept = Smallest(FIELDS_PER_TOOL, _shallow_first)

    def add(self, arguments: Any) -> None:
        self.calls += 1
        # What is left to visit, as iterators of (pointer, value, depth): an array's items are
        # taken one at a time, not copied out first (a call of 15 million items held a tuple
        # for each, gigabytes). The order values come in changes no summary.
        pending: list[Iterator[tuple[str, Any, int]]] = [iter((("", arguments, 0),))]
        while pending:
            entry = next(pending[-1], None)
            if entry is None:
                pending.pop()
                continue
            pointer, value, depth = entry
            field = self.fields.get(pointer) or self._new_field(pointer)
            if field is None:
                # The fields under one dropped come after it: dropped too, and counted, as a
                # merge counts them whichever part dropped the field.
                self.fields_dropped += _values_in(value, depth)
                continue
            field.add(value)
            if depth >= DEPTH:
                continue
            if isinstance(value, dict):
                pending.append(iter(self._members(pointer, value, depth + 1)))
            elif isinstance(value, list):
                pending.append(zip(itertools.repeat(pointer + "/items"), value, itertools.repeat(depth + 1)))

    def _members(self, pointer: str, value: dict, depth: int) -> list[tuple[str, Any, int]]:
        """An object's members to visit as fields. Of more than `FIELDS_PER_TOOL` of them only the
        least pointers can be kept (`_shallow_first`: siblings by pointer); the others would be
        made a summary each, to be pushed out by those (300,000 keys took seconds): dropped at once,
        as a field never admitted is, counted the same."""
        members = [(join(pointer, "properties", key), item) for key, item in value.items() if len(key) <= KEY_LENGTH]
        self.fields_dropped += len(value) - len(members)
        if len(members) > FIELDS_PER_TOOL:
            kept = {member_pointer for member_pointer, _ in
                    heapq.nsmallest(FIELDS_PER_TOOL, members, key=lambda member: member[0])}
            for member_pointer, item in members:
                if member_pointer not in kept and member_pointer not in self.fields:
                    self.fields_dropped += _values_in(item, depth)
            members = [member for member in members if member[0] in kept or member[0] in self.fields]
        return [(member_pointer, item, depth) for member_pointer, item in members]

    def _new_field(self, pointer: str) -> FieldSummary | None:
        """A summary for a field not seen yet, or None when the fields kept are all before it."""
        admitted, evicted = self._fields_kept.admit(self.fields, pointer)
        if evicted is not None:
            self.fields_dropped += self.fields.pop(evicted).count
        if not admitted:
            return None
        field = self.fields[pointer] = FieldSummary()
        return field

    def merge(self, other: ToolSummary) -> None:
        """Add the calls `other` summarised, as if they had been read here."""
        self.calls += other.calls
        self.fields_dropped += other.fields_dropped
        for pointer, theirs in other.fields.items():
            if pointer not in self.fields:
                self.fields[pointer] = FieldSummary()
            self.fields[pointer].merge(theirs)
        if len(self.fields) > FIELDS_PER_TOOL:
            kept = set(self._fields_kept.smallest(list(self.fields)))
            for pointer in [pointer for pointer in self.fields if pointer not in kept]:
                self.fields_dropped += self.fields.pop(pointer).count

    def at(self, pointer: str) -> FieldSummary | None:
        """The field at a subschema pointer relative to the tool's schema (`/properties/a/items`)."""
        return self.fields.get(pointer)

    def to_data(self) -> dict[str, Any]:
        return {"calls": self.calls, "values_dropped": self.fields_dropped,
                "fields": {pointer: self.fields[pointer].to_data() for pointer in sorted(self.fields)}}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ToolSummary:
        summary = cls()
        summary.calls, summary.fields_dropped = data["calls"], data["values_dropped"]
        summary.fields = {pointer: FieldSummary.from_data(field) for pointer, field in data["fields"].items()}
        return summary
