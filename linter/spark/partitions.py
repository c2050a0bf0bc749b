"""What one Spark partition does with its calls: the same code one process runs on a file.

Each function takes the partition's Arrow record batches and yields batches back (Spark's
`mapInArrow`), and imports only `pyarrow`, which Spark ships to its Python workers. A
partition's calls are handed to the readers `infer` and `replay` use, as the lines of a file
would be: a `value` row is one line (its line breaks, whitespace in JSON, made spaces), a
(tool, arguments) row becomes the line `{"tool": ..., "arguments": ...}`.
"""

from __future__ import annotations

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


def summarize(batches: Iterable[Any], tools: list[ToolRef], columns: Columns) -> Iterator[Any]:
    """One batch of one row, `summary`: the partition's `TrafficSummary` as bytes."""
    import pyarrow

    from schema_lint.traffic.traffic_summary import TrafficSummary

    total = TrafficSummary()
    for batch in batches:
        text = lines(batch, columns)
        total.merge(Traffic.load([PARTITION], tools, contents={PARTITION: text}).summary())
    yield pyarrow.RecordBatch.from_pydict({"summary": [total.to_bytes()]})


REPLAY_FIELDS = [("call_id", "string"), ("tool", "string"), ("outcome", "string"), ("arguments", "string"),
                 ("reasons", "array<string>"), ("paths", "array<string>")]
AGAINST_FIELDS = [("against_outcome", "string"), ("against_reasons", "array<string>"),
                  ("against_paths", "array<string>"), ("newly_rejected", "boolean")]


def replay(batches: Iterable[Any], tools: list[ToolRef], against: list[ToolRef] | None, policy: list[str],
           columns: Columns) -> Iterator[Any]:
    """A row per call (and per row holding none) with its outcome through the boundary, and
    through the tightened tools' boundary when `against` is given."""
    import pyarrow

    toolset = toolset_of(tools, policy)
    tightened = toolset_of(against, policy) if against is not None else None
    for batch in batches:
        rows = [outcome_row(item, toolset, tightened)
                for item in read_calls(["-"], stdin=io.BytesIO(lines(batch, columns)))]
        yield pyarrow.RecordBatch.from_pylist(rows, schema=arrow_schema(replay_fields(against is not None)))


def toolset_of(tools: list[ToolRef], policy: list[str]) -> Toolset:
    toolset = Toolset(Policy.from_names(policy))
    for tool in tools:
        toolset.add(tool.name, tool.schema, tool.uid, openapi=tool.openapi)
    return toolset


def outcome_row(item: Any, toolset: Toolset, tightened: Toolset | None) -> dict[str, Any]:
    """The row of one call, or of one row holding none: what `replay` decides for it."""
    if isinstance(item, BrokenLine):
        row = {"call_id": None, "tool": None, "outcome": UNREAD, "arguments": None, "reasons": [item.reason],
               "paths": []}
        return row if tightened is None else {**row, **_against(None), "newly_rejected": False}
    result = replay_one(toolset, item)
    row = {"call_id": item.call_id, "tool": item.tool, **_outcome(result)}
    if tightened is None:
        return row
    after = None
    if result.outcome not in ("rejected", NOT_REPLAYED):
        after = replay_one(tightened, toolset.cited(item, tightened))
    return {**row, **_against(after), "newly_rejected": after is not None and after.outcome == "rejected"}


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
