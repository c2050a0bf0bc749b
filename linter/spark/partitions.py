"""What one Spark partition does with its calls: the same code one process runs on a file.

Each function takes the partition's Arrow record batches and yields batches back (Spark's
`mapInArrow`), and imports only `pyarrow`, which Spark ships to its Python workers. A
partition's calls are handed to the readers `infer` and `replay` use, as the lines of a file
would be: a `value` row is one line (its line breaks, whitespace in JSON, made spaces), a
(tool, arguments) row becomes the line `{"tool": ..., "arguments": ...}`.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from schema_lint.boundary import Policy
from schema_lint.replay.run import NOT_REPLAYED, CallResult, Toolset, replay_one
from schema_lint.traffic.calls import BrokenLine, read_calls
from schema_lint.traffic.store import Traffic

PARTITION = "(partition)"
"""The name a partition's calls are read under."""

UNREAD = "unread"
"""The outcome of a row that holds no call a reader can take: its reason is the first reason."""


class ToolRef(NamedTuple):
    """What a partition needs of a tool: shipped to the workers instead of the parsed document."""

    name: str
    schema: Any
    uid: str | None
    openapi: bool


class Columns(NamedTuple):
    """Where a DataFrame holds its calls: one record per row in `value`, or a tool name and its
    arguments (a JSON string, a struct or a map) in two columns."""

    value: str | None
    tool: str
    arguments: str


def lines(batch: Any, columns: Columns) -> bytes:
    """The batch's calls as the lines of a JSON Lines file."""
    if columns.value is not None:
        rows = (text.replace("\r", " ").replace("\n", " ") for text in batch.column(columns.value).to_pylist()
                if text is not None)
    else:
        rows = (json.dumps({"tool": tool, "arguments": _plain(arguments)}, ensure_ascii=False)
                for tool, arguments in zip(batch.column(columns.tool).to_pylist(),
                                           batch.column(columns.arguments).to_pylist()))
    return "".join(row + "\n" for row in rows).encode("utf-8", "surrogatepass")


def _plain(arguments: Any) -> Any:
    """A map column's value as Arrow gives it (a list of pairs) as the object it was."""
    if isinstance(arguments, list) and all(isinstance(pair, tuple) and len(pair) == 2 for pair in arguments):
        return {key: _plain(value) for key, value in arguments}
    return arguments


class _Lines:
    """The lines of a partition's batches, read as a file's are (`calls.LineSource`)."""

    def __init__(self, batches: Iterable[Any], columns: Columns) -> None:
        self._batches = iter(batches)
        self._columns = columns
        self._current = io.BytesIO()

    def readline(self, limit: int = -1, /) -> bytes:
        line = self._current.readline(limit)
        while not line:
            batch = next(self._batches, None)
            if batch is None:
                return b""
            self._current = io.BytesIO(lines(batch, self._columns))
            line = self._current.readline(limit)
        return line


def calls_of(batches: Iterable[Any], columns: Columns) -> Iterator[Any]:
    """The recorded calls (and lines holding none) of a partition, as `read_calls` gives a file's."""
    return read_calls(["-"], stdin=_Lines(batches, columns))


def summarize(batches: Iterable[Any], tools: list[ToolRef], columns: Columns) -> Iterator[Any]:
    """One batch of one row, `summary`: the partition's `TrafficSummary` as bytes."""
    import pyarrow

    summary = Traffic.of_calls(calls_of(batches, columns), tools, PARTITION).summary()
    yield pyarrow.RecordBatch.from_pydict({"summary": [summary.to_bytes()]})


REPLAY_FIELDS = [("call_id", "string"), ("tool", "string"), ("outcome", "string"), ("arguments", "string"),
                 ("reasons", "array<string>"), ("paths", "array<string>")]
AGAINST_FIELDS = [("against_outcome", "string"), ("against_reasons", "array<string>"),
                  ("against_paths", "array<string>"), ("newly_rejected", "boolean")]


def merge(first: bytes, second: bytes) -> bytes:
    """Two partitions' summaries as one (an executor merges them, in a tree, not the driver)."""
    from schema_lint.traffic.traffic_summary import TrafficSummary

    return TrafficSummary.from_bytes(first).merge(TrafficSummary.from_bytes(second)).to_bytes()


class Tools(NamedTuple):
    """Tools shipped to the workers, with a digest the driver computes once: a worker builds
    their boundaries once for every partition it runs (Spark reuses its Python workers), not
    once a partition (a thousand tools take a second)."""

    refs: list[ToolRef]
    digest: str

    @classmethod
    def of(cls, refs: list[ToolRef], policy: list[str]) -> Tools:
        text = json.dumps([refs, policy], sort_keys=True, default=str).encode("utf-8", "surrogatepass")
        return cls(refs, hashlib.blake2b(text, digest_size=16).hexdigest())


_BUILT: dict[str, Toolset] = {}
BUILT_KEPT = 4
"""Toolsets a worker keeps built (those of the last replays it ran)."""


def _toolset(tools: Tools, policy: list[str]) -> Toolset:
    toolset = _BUILT.get(tools.digest)
    if toolset is None:
        if len(_BUILT) >= BUILT_KEPT:
            _BUILT.clear()
        toolset = _BUILT[tools.digest] = toolset_of(tools.refs, policy)
    return toolset


def replay(batches: Iterable[Any], tools: Tools, against: Tools | None, policy: list[str],
           columns: Columns) -> Iterator[Any]:
    """A row per call (and per row holding none) with its outcome through the boundary, and
    through the tightened tools' boundary when `against` is given."""
    import pyarrow

    toolset = _toolset(tools, policy)
    tightened = _toolset(against, policy) if against is not None else None
    schema = arrow_schema(replay_fields(against is not None))
    for batch in batches:
        rows = [outcome_row(item, toolset, tightened) for item in calls_of([batch], columns)]
        yield pyarrow.RecordBatch.from_pylist(rows, schema=schema)


def toolset_of(tools: list[ToolRef], policy: list[str]) -> Toolset:
    toolset = Toolset(Policy.from_names(policy))
    for tool in tools:
        toolset.add(tool.name, tool.schema, tool.uid, openapi=tool.openapi)
    return toolset


def outcome_row(item: Any, toolset: Toolset, tightened: Toolset | None) -> dict[str, Any]:
    """The row of one call, or of one row holding none: what `replay` decides for it."""
    if isinstance(item, BrokenLine):
        reason = item.reason if item.column == 1 else f"{item.reason} at column {item.column}"
        row = {"call_id": None, "tool": None, "outcome": UNREAD, "arguments": None, "reasons": [reason],
               "paths": []}
        return row if tightened is None else {**row, **_against(None), "newly_rejected": False}
    result = replay_one(toolset, item)
    row = {"call_id": item.call_id, "tool": item.tool, **_outcome(result)}
    if tightened is None:
        return row
    after = None
    if result.outcome not in ("rejected", NOT_REPLAYED):
        after = replay_one(tightened, toolset.cited(item, tightened))
    # A tightened schema that does not compile (not replayed there) refuses the call too.
    return {**row, **_against(after), "newly_rejected": after is not None and after.outcome in ("rejected", NOT_REPLAYED)}


def _outcome(result: CallResult) -> dict[str, Any]:
    errors = result.envelope["error"]["errors"] if result.envelope else []
    code = result.envelope["error"]["code"] if result.envelope else None
    return {"outcome": result.outcome,
            "arguments": None if result.arguments is None else json.dumps(result.arguments, ensure_ascii=False,
                                                                          sort_keys=True),
            "reasons": [error.get("reason", code) for error in errors],
            "paths": [error.get("path", "$") for error in errors]}


def _against(after: CallResult | None) -> dict[str, Any]:
    if after is None:
        return {"against_outcome": None, "against_reasons": [], "against_paths": []}
    shown = _outcome(after)
    return {"against_outcome": shown["outcome"], "against_reasons": shown["reasons"],
            "against_paths": shown["paths"]}


def replay_fields(against: bool) -> list[tuple[str, str]]:
    """The columns `replay` returns: (name, Spark SQL type)."""
    return REPLAY_FIELDS + (AGAINST_FIELDS if against else [])


def arrow_schema(fields: list[tuple[str, str]]) -> Any:
    import pyarrow

    kinds = {"string": pyarrow.string(), "array<string>": pyarrow.list_(pyarrow.string()),
             "boolean": pyarrow.bool_()}
    return pyarrow.schema([(name, kinds[kind]) for name, kind in fields])
