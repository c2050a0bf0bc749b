"""`schema_lint.spark` on a local Spark with two executors: the summary and the replay of a
generated log are exactly those one process makes of the same file."""

from __future__ import annotations

import json
import os
import random
import shutil
import sys

import pytest

pyspark = pytest.importorskip("pyspark", reason="the `spark` extra is not installed")
pytestmark = pytest.mark.spark

from schema_lint.boundary import Policy  # noqa: E402
from schema_lint.replay.run import Toolset  # noqa: E402
from schema_lint.sources.tools import find_tools  # noqa: E402
from schema_lint.spark import ToolsUnreadable, replay, summarize, tool_refs  # noqa: E402
from schema_lint.spark.partitions import outcome_row  # noqa: E402
from schema_lint.traffic.calls import read_calls  # noqa: E402
from schema_lint.traffic.store import Traffic  # noqa: E402

TOOLS = [
    {"name": "search", "description": "Search.", "inputSchema": {"type": "object", "properties": {
        "query": {"type": "string"}, "limit": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}},
        "since": {"type": "string", "format": "date"}}, "required": ["query"]}},
    {"name": "book", "description": "Book.", "inputSchema": {"type": "object", "properties": {
        "seats": {"type": "integer", "minimum": 1}, "email": {"type": "string"}}, "additionalProperties": False}},
]
TIGHTENED = [{**TOOLS[0], "inputSchema": {**TOOLS[0]["inputSchema"], "properties": {
    **TOOLS[0]["inputSchema"]["properties"], "query": {"type": "string", "maxLength": 20}}}}, TOOLS[1]]


def _line(rng: random.Random, n: int) -> str:
    """A call in one of the shapes logs keep, now and then one no reader takes."""
    arguments = rng.choice([
        {"query": "q" * rng.randint(0, 40), "limit": rng.choice([1, 10, 1.5, "10"]), "tags": rng.choice([[], ["a"], "a"])},
        {"query": rng.choice(["a", "b", "c"]), "since": rng.choice(["2026-01-02", "yesterday"]), "extra": {"k": n}},
        {"seats": rng.randint(0, 4), "email": f"u{n}@example.com"},
        {"seats": 2, "note": "x" * rng.randint(0, 300)},
    ])
    tool = "book" if "seats" in arguments else rng.choice(["search", "search", "unknown_tool"])
    shape = rng.randrange(5)
    if shape == 0:
        return json.dumps({"tool": tool, "arguments": arguments, "id": f"c{n}"})
    if shape == 1:
        return json.dumps({"tool_calls": [{"id": f"c{n}", "function": {"name": tool, "arguments": json.dumps(arguments)}}]})
    if shape == 2:
        return json.dumps({"method": "tools/call", "id": n, "params": {"name": tool, "arguments": arguments}})
    if shape == 3:
        return json.dumps({"type": "tool_use", "id": f"c{n}", "name": tool, "input": arguments})
    return rng.choice(["not json", json.dumps({"no": "call"}), json.dumps({"tool": tool, "arguments": arguments})])


@pytest.fixture(scope="module")
def spark():
    if not (shutil.which("java") or os.environ.get("JAVA_HOME")):
        pytest.skip("no Java runtime for Spark")
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    from pyspark.sql import SparkSession

    session = (SparkSession.builder.master("local[2]").appName("schema-lint-test")
               .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2").getOrCreate())
    yield session
    session.stop()


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    folder = tmp_path_factory.mktemp("spark")
    rng = random.Random(43)
    calls, tools, tightened = folder / "calls.jsonl", folder / "tools.json", folder / "tightened.json"
    calls.write_text("".join(_line(rng, n) + "\n" for n in range(3_000)))
    tools.write_text(json.dumps(TOOLS))
    tightened.write_text(json.dumps(TIGHTENED))
    return str(calls), str(tools), str(tightened)


def test_the_summary_of_a_log_on_spark_is_the_summary_one_process_makes(spark, log):
    calls, tools, _ = log
    df = spark.read.text(calls).repartition(7)
    single = Traffic.load([calls], tool_refs(tools)).summary()
    assert single.calls > 2_000 and single.broken_lines and single.other.calls
    assert summarize(df, tools).to_bytes() == single.to_bytes()


def test_tool_and_arguments_columns_summarise_as_the_lines_they_make(spark):
    rows = [("search", json.dumps({"query": "q" * n})) for n in range(40)] + [("book", '{"seats": 2}')]
    df = spark.createDataFrame(rows, "tool string, arguments string").repartition(3)
    text = "".join(json.dumps({"tool": tool, "arguments": arguments}) + "\n" for tool, arguments in rows)
    found = find_tools(TOOLS, "tools")
    single = Traffic.load(["c"], found, contents={"c": text.encode()}).summary()
    assert summarize(df, found).to_bytes() == single.to_bytes()


def test_the_replay_of_a_log_on_spark_is_the_replay_one_process_makes(spark, log):
    calls, tools, tightened = log
    df = spark.read.text(calls).repartition(5)
    rows = replay(df, tools, against=tightened).collect()
    policy = Policy.from_names(["scalar-for-array"])
    toolset, against = Toolset.load([tools], policy), Toolset.load([tightened], policy)
    expected = [outcome_row(item, toolset, against) for item in read_calls([calls])]
    assert sorted(map(_text, (row.asDict() for row in rows))) == sorted(map(_text, expected))
    assert {"valid", "canonicalized", "rejected", "unread"} <= {row["outcome"] for row in rows}
    assert any(row["newly_rejected"] for row in rows)


def _text(row: dict) -> str:
    return json.dumps(row, sort_keys=True)


def test_a_dataframe_without_calls_or_tools_that_cannot_be_read_are_refused_before_spark_runs(spark, tmp_path):
    with pytest.raises(ValueError, match="needs a `value` column, or `tool` and `arguments` columns"):
        summarize(spark.createDataFrame([(1,)], "n int"), [])
    broken = tmp_path / "tools.json"
    broken.write_text("{")
    with pytest.raises(ToolsUnreadable, match="tools.json:1:"):
        replay(spark.read.text(str(broken)), str(broken))


def test_an_empty_dataframe_has_the_empty_summary(spark):
    from schema_lint.traffic.traffic_summary import TrafficSummary

    empty = spark.createDataFrame([], "value string")
    assert summarize(empty, []) == TrafficSummary() and summarize(empty.repartition(3), []) == TrafficSummary()


def test_infer_on_spark_reports_what_infer_here_does(spark, log):
    from click.testing import CliRunner

    from schema_lint.cli import main

    calls, tools, _ = log
    here = CliRunner().invoke(main, ["infer", calls, "--tools", tools, "--output-format", "json"])
    there = CliRunner().invoke(main, ["infer", calls, "--tools", tools, "--output-format", "json", "--engine", "spark"])
    assert there.exit_code == here.exit_code == 0, there.output
    assert json.loads(there.stdout) == json.loads(here.stdout)
    missing = CliRunner().invoke(main, ["infer", calls + ".missing", "--tools", tools, "--engine", "spark"])
    assert missing.exit_code == 2 and "schema-lint: error: Spark: [PATH_NOT_FOUND]" in missing.output
