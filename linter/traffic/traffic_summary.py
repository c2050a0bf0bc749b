"""What a set of recorded calls sent to the tools, as one value that merges and is written as bytes.

`infer --emit-summary` writes one; `check --calls-summary` and `infer --calls-summary` read
any number and merge them; `schema_lint.spark` builds one per partition of a log and
merges those. The merge is exact, associative and commutative (see `summary`), so
summaries of the parts of a log, made anywhere in any order, merge into the summary of the
whole, byte for byte.

The bytes (format version :data:`VERSION`) are one JSON object in ASCII, keys sorted,
no spaces, then a newline, so equal summaries are equal files:

- `format`: `"schema-lint traffic summary"`; `version`: 2; `limits`: the caps it was made
  with (summaries made with other caps do not merge, and are refused);
- `calls`, `not_objects` (calls whose arguments are no JSON object), `broken_lines`;
- `other_tools`: `calls`, `names` (name → calls, the least :data:`NAMES_LISTED`),
  `unlisted_calls`, `unlisted_names` (the KMV hashes, hex);
- `tools`: a list of `[key, tool]`, key `["name", n]`, `["uid", u]` or
  `["schema", n, digest]` as `store.Traffic` keys a call; tool: `calls`,
  `values_dropped`, `fields`: pointer → `count`, `types`, `lengths` and `sizes`
  (`count`, `zeros`, `largest`, `smallest`, `buckets`: `[index, count]` pairs of the
  DDSketch at 1% accuracy), `range` (`[low, high]` or null), `distinct` (KMV hashes, hex),
  `values` (canonical JSON → count, or null once open), `formats` (format → `[valid, shortest
  string not in it]`), `keys` (key → count), `keys_open`.

:data:`FORMAT_SCHEMA` is the JSON Schema every summary read must meet; nothing in one is
executed or trusted past it (it is no pickle).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from schema_lint.schema.pointer import join
from schema_lint.traffic import summary as fields
from schema_lint.traffic.other_tools import NAMES_LISTED, OtherTools
from schema_lint.traffic.sketch import EXACT_DISTINCT, RELATIVE_ACCURACY
from schema_lint.traffic.summary import ToolSummary

FORMAT = "schema-lint traffic summary"
VERSION = 2
READ_LIMIT = 1024 * 1024 * 1024
"""Bytes of a summary file read (a thousand busy tools' summaries take tens of MB)."""
LIMITS = {"accuracy": RELATIVE_ACCURACY, "distinct": EXACT_DISTINCT, "values": fields.VALUES_KEPT,
          "value_length": fields.VALUE_LENGTH, "keys": fields.KEYS_KEPT, "key_length": fields.KEY_LENGTH,
          "fields": fields.FIELDS_PER_TOOL, "depth": fields.DEPTH, "example_length": fields.EXAMPLE_LENGTH,
          "format_length": fields.FORMAT_LENGTH, "names": NAMES_LISTED}

Key = tuple[str, ...]

_COUNT = {"type": "integer", "minimum": 0}
_HASHES = {"type": "string", "pattern": "^([0-9a-f]{16})*$"}
_COUNTS = {"type": "object", "additionalProperties": _COUNT}
_SKETCH = {"type": "object", "required": ["count", "zeros", "largest", "smallest", "buckets"],
           "additionalProperties": False,
           "properties": {"count": _COUNT, "zeros": _COUNT, "largest": _COUNT,
                          "smallest": {"anyOf": [_COUNT, {"type": "null"}]},
                          "buckets": {"type": "array", "items": {"type": "array", "prefixItems": [
                              {"type": "integer"}, _COUNT], "minItems": 2, "maxItems": 2}}}}
_FIELD = {"type": "object", "additionalProperties": False,
          "required": ["count", "types", "lengths", "sizes", "range", "distinct", "values", "formats", "keys",
                       "keys_open"],
          "properties": {
              "count": _COUNT, "types": _COUNTS, "lengths": _SKETCH, "sizes": _SKETCH,
              "range": {"anyOf": [{"type": "null"}, {"type": "array", "items": {"type": "number"}, "minItems": 2,
                                                      "maxItems": 2}]},
              "distinct": _HASHES, "values": {"anyOf": [{"type": "null"}, _COUNTS]},
              "formats": {"type": "object", "propertyNames": {"enum": list(fields.FORMATS)},
                          "additionalProperties": {"type": "array", "prefixItems": [
                              _COUNT, {"type": ["string", "null"]}], "minItems": 2, "maxItems": 2}},
              "keys": _COUNTS, "keys_open": {"type": "boolean"}}}
FORMAT_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "additionalProperties": False,
    "required": ["format", "version", "limits", "calls", "not_objects", "broken_lines", "other_tools", "tools"],
    "properties": {
        "format": {"const": FORMAT}, "version": {"const": VERSION}, "limits": {"type": "object"},
        "calls": _COUNT, "not_objects": _COUNT, "broken_lines": _COUNT,
        "other_tools": {"type": "object", "additionalProperties": False,
                        "required": ["calls", "names", "unlisted_calls", "unlisted_names"],
                        "properties": {"calls": _COUNT, "names": _COUNTS, "unlisted_calls": _COUNT,
                                       "unlisted_names": _HASHES}},
        "tools": {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [
            {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 3},
            {"type": "object", "additionalProperties": False, "required": ["calls", "values_dropped", "fields"],
             "properties": {"calls": _COUNT, "values_dropped": _COUNT,
                            "fields": {"type": "object", "additionalProperties": _FIELD}}}]}},
    },
}


class SummaryError(ValueError):
    """Bytes that are not a traffic summary this version reads; the message says why."""


class TrafficSummary:
    """Per-tool summaries of a set of recorded calls, and what else reading them counted."""

    def __init__(self) -> None:
        self.calls = 0
        self.not_objects = 0
        self.broken_lines = 0
        self.tools: dict[Key, ToolSummary] = {}
        self.other = OtherTools()

    def merge(self, other: TrafficSummary) -> TrafficSummary:
        """Add `other`'s calls to these; returns self. `other` is left as it was."""
        self.calls += other.calls
        self.not_objects += other.not_objects
        self.broken_lines += other.broken_lines
        for key, theirs in other.tools.items():
            self.tools.setdefault(key, ToolSummary()).merge(theirs)
        self.other.merge(other.other)
        return self

    @classmethod
    def merged(cls, summaries: Iterable[TrafficSummary]) -> TrafficSummary:
        total = cls()
        for summary in summaries:
            total.merge(summary)
        return total

    def to_data(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "limits": LIMITS, "calls": self.calls,
                "not_objects": self.not_objects, "broken_lines": self.broken_lines,
                "other_tools": self.other.to_data(),
                "tools": [[list(key), self.tools[key].to_data()] for key in sorted(self.tools)]}

    def to_bytes(self) -> bytes:
        return (json.dumps(self.to_data(), sort_keys=True, separators=(",", ":")) + "\n").encode("ascii")

    @classmethod
    def from_bytes(cls, data: bytes) -> TrafficSummary:
        """The summary `data` holds; raises :class:`SummaryError` for anything else."""
        try:
            parsed = json.loads(data)
        except (ValueError, RecursionError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            raise SummaryError(f"not a traffic summary: {str(exc).split(';')[0]}") from None
        if not isinstance(parsed, dict) or parsed.get("format") != FORMAT:
            raise SummaryError("not a traffic summary (`schema-lint infer --emit-summary` writes one)")
        if parsed.get("version") != VERSION:
            raise SummaryError(f"traffic summary version {parsed.get('version')!r}: this schema-lint reads version "
                               f"{VERSION}")
        if parsed.get("limits") != LIMITS:
            raise SummaryError("traffic summary made with other limits than this schema-lint's: summaries merge "
                               "only with the same")
        _check_shape(parsed)
        summary = cls()
        summary.calls, summary.not_objects = parsed["calls"], parsed["not_objects"]
        summary.broken_lines = parsed["broken_lines"]
        summary.other = OtherTools.from_data(parsed["other_tools"])
        summary.tools = {tuple(key): ToolSummary.from_data(tool) for key, tool in parsed["tools"]}
        return summary

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TrafficSummary) and self.to_bytes() == other.to_bytes()

    __hash__ = None  # type: ignore[assignment]  # mutable


def _check_shape(parsed: dict) -> None:
    import jsonschema_rs

    try:
        error = next(jsonschema_rs.validator_for(FORMAT_SCHEMA).iter_errors(parsed), None)
    except ValueError:  # a string the validator cannot read: `"\ud800"` escapes half a surrogate pair
        raise SummaryError("not a valid traffic summary: a string in it is no valid Unicode text") from None
    if error is not None:
        where = join("", *error.instance_path) or "(top)"
        raise SummaryError(f"not a valid traffic summary at {where[:200]}: {error.message[:200]}")


def read_summary(path: str) -> TrafficSummary:
    """The summary in the regular file at `path`; raises :class:`SummaryError` saying why there is none."""
    from schema_lint.sources.reading import read_regular_file

    data = read_regular_file(path, READ_LIMIT)
    if isinstance(data, str):
        raise SummaryError(data)
    return TrafficSummary.from_bytes(data)
