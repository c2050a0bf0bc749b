"""Recorded calls on Spark: the traffic summary and the replay of a log no one machine reads in time.

`summarize(df, tools)` summarises each partition of a DataFrame of calls (`mapInArrow`) and
merges the partitions' summaries into the `TrafficSummary` that `infer --emit-summary`
writes for the same calls, byte for byte (the merge is exact; see `traffic.summary`).
`replay(df, tools, against=None)` runs every call through the boundary on the executors
and returns a DataFrame of outcomes, so a tightened schema can be gated on a whole log.

The DataFrame holds one recorded call (or a record of several) per row in a `value` column,
in any shape `replay` reads, as `spark.read.text(path)` gives it; or a tool name and its
arguments in two columns. Needs the `spark` extra (`pyspark`, `pyarrow`).

May import: text, schema, boundary, sources, config, traffic, replay.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from schema_lint.spark.partitions import Columns, ToolRef, Tools, replay_fields

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

    from schema_lint.traffic.traffic_summary import TrafficSummary

DEFAULT_POLICY = ("scalar-for-array",)
"""The repairs `replay` applies, as `schema-lint replay`'s `--policy` default."""


class ToolsUnreadable(ValueError):
    """A tool file could not be read; the message is `file:line:col: reason`."""


def summarize(df: DataFrame, tools: str | os.PathLike | Iterable, *, tool_column: str = "tool",
              arguments_column: str = "arguments") -> TrafficSummary:
    """The traffic summary of every call in `df` for `tools` (a tool file or folder, or tools
    found already), merged on the driver one partition's summary at a time."""
    from schema_lint.traffic.traffic_summary import TrafficSummary

    columns = _columns(df, tool_column, arguments_column)
    refs = tool_refs(tools)

    def partition(batches):
        from schema_lint.spark.partitions import summarize as summarize_partition

        return summarize_partition(batches, refs, columns)

    from schema_lint.spark.partitions import merge

    summaries = df.mapInArrow(partition, "summary binary").rdd.map(lambda row: bytes(row["summary"]))
    return TrafficSummary.from_bytes(summaries.treeAggregate(TrafficSummary().to_bytes(), merge, merge))


def replay(df: DataFrame, tools: str | os.PathLike | Iterable, against: str | os.PathLike | Iterable | None = None,
           *, policy: Iterable[str] = DEFAULT_POLICY, tool_column: str = "tool",
           arguments_column: str = "arguments") -> DataFrame:
    """A DataFrame with a row per call: `call_id`, `tool`, `outcome` (`valid`, `canonicalized`,
    `rejected`, `not-replayed`, or `unread` for a row holding no call), `arguments` (as
    canonicalized, JSON text), and the rejection's `reasons` and `paths`; with `against`
    (the tightened tools), the same through them (`against_outcome`, `against_reasons`,
    `against_paths`) and `newly_rejected`: a call that passes today and they reject."""
    from schema_lint.boundary import Policy

    columns = _columns(df, tool_column, arguments_column)
    chosen = list(policy)
    Policy.from_names(chosen)  # an unknown repair is refused here, not on every executor
    refs = Tools.of(tool_refs(tools), chosen)
    tightened = None if against is None else Tools.of(tool_refs(against), chosen)

    def partition(batches):
        from schema_lint.spark.partitions import replay as replay_partition

        return replay_partition(batches, refs, tightened, chosen, columns)

    fields = replay_fields(against is not None)
    return df.mapInArrow(partition, ", ".join(f"{name} {kind}" for name, kind in fields))


def _columns(df: DataFrame, tool_column: str, arguments_column: str) -> Columns:
    if "value" in df.columns:
        return Columns("value", tool_column, arguments_column)
    if tool_column in df.columns and arguments_column in df.columns:
        return Columns(None, tool_column, arguments_column)
    raise ValueError(f"no calls in the DataFrame: it needs a `value` column, or `{tool_column}` and "
                     f"`{arguments_column}` columns (it has {', '.join(df.columns) or 'none'})")


def tool_refs(tools: str | os.PathLike | Iterable) -> list[ToolRef]:
    """What the executors need of each tool: from the tool files under a path, read here once,
    or from tools found already (`schema_lint.sources.tools.find_tools`)."""
    from schema_lint.schema.dialect import is_openapi_dialect

    found = _read_tools(os.fspath(tools)) if isinstance(tools, (str, os.PathLike)) else list(tools)
    return [ToolRef(tool.name, tool.schema, tool.uid, is_openapi_dialect(tool.format, tool.schema_pointer))
            for tool in found]


def _read_tools(path: str) -> list[Any]:
    from schema_lint.config import DEFAULT_EXCLUDE, DEFAULT_INCLUDE
    from schema_lint.sources.documents import read_document
    from schema_lint.sources.files import expand_paths
    from schema_lint.sources.tools import find_tools

    if not os.path.exists(path):
        raise ToolsUnreadable(f"{path}: no such file or folder")
    found = []
    for file in expand_paths([path], DEFAULT_INCLUDE, [], DEFAULT_EXCLUDE):
        document = read_document(file)
        if document.errors:
            error = document.errors[0]
            raise ToolsUnreadable(f"{file}:{error.line}:{error.column}: {error.message}")
        found += find_tools(document.data, os.path.splitext(os.path.basename(file))[0])
    return found
