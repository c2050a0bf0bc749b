"""Calls per second summarised (and replayed) by one process and by Spark in local mode, on the same input.

    python bench/traffic_spark.py [--corpus ../shared/corpus] [--copies 10] [--executors 1,2]
    python bench/traffic_spark.py --calls docs/traffic/calls.jsonl --tools docs/traffic/tools.json --copies 200

The input is the shared corpus's `calls.jsonl` (BFCL and AgentDojo calls: 3,267 tools, a few
calls each, so a 2.3 MB summary) or `--calls` (with `--tools`), written `--copies` times into
one file. The script times

1. one process: `Traffic.load(...).summary()`, what `infer --emit-summary` does, and the
   boundary replay of every call (`replay.run.replay`, what `schema-lint replay` does);
2. `schema_lint.spark.summarize` and `replay` on `spark.read.text(file)` in `local[N]` for
   each N of `--executors`, with as many partitions as executors times four, after one
   warm-up run (the JVM's and the Python workers' start is not counted);

and checks that every Spark summary is byte for byte the single-process one. It needs the
`spark` extra and a Java runtime. Quote `uptime` with its figures: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def single_process(calls: str, tools: str) -> tuple[bytes, float, float, int]:
    """The summary's bytes, the seconds it took, the seconds the replay took, and the calls."""
    from schema_lint.boundary import Policy
    from schema_lint.replay.run import Toolset, replay
    from schema_lint.spark import tool_refs
    from schema_lint.traffic.calls import read_calls
    from schema_lint.traffic.store import Traffic

    refs = tool_refs(tools)
    start = time.perf_counter()
    summary = Traffic.load([calls], refs).summary()
    summarised = time.perf_counter() - start
    toolset = Toolset.load([tools], Policy.from_names(["scalar-for-array"]))
    start = time.perf_counter()
    replay(read_calls([calls]), toolset)
    replayed = time.perf_counter() - start
    return summary.to_bytes(), summarised, replayed, summary.calls


def on_spark(calls: str, tools: str, executors: int) -> tuple[bytes, float, float]:
    from pyspark.sql import SparkSession

    from schema_lint.spark import replay, summarize

    session = (SparkSession.builder.master(f"local[{executors}]").appName("schema-lint-bench")
               .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    try:
        frame = session.read.text(calls).repartition(executors * 4).cache()
        frame.count()
        summarize(frame.limit(100), tools)  # warm-up: the Python workers start
        start = time.perf_counter()
        summary = summarize(frame, tools)
        summarised = time.perf_counter() - start
        start = time.perf_counter()
        replay(frame, tools).write.format("noop").mode("overwrite").save()
        replayed = time.perf_counter() - start
        return summary.to_bytes(), summarised, replayed
    finally:
        session.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    parser.add_argument("--calls", type=Path, help="a calls file (default: the corpus's)")
    parser.add_argument("--tools", type=Path, help="its tools (default: the corpus's)")
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--executors", default="1,2")
    args = parser.parse_args()
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    tools = str(args.tools or args.corpus / "tools.jsonl")
    lines = (args.calls or args.corpus / "calls.jsonl").read_bytes()
    with tempfile.TemporaryDirectory() as folder:
        calls = os.path.join(folder, "calls.jsonl")
        with open(calls, "wb") as handle:
            for _ in range(args.copies):
                handle.write(lines)
        print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}; "
              f"{os.cpu_count()} cores")
        expected, summarised, replayed, count = single_process(calls, tools)
        print(f"{count:,} calls ({len(lines) * args.copies / 1e6:.0f} MB), summary {len(expected) / 1e3:,.0f} kB")
        print(f"{'':<14}{'summarize calls/s':>20}{'replay calls/s':>18}")
        print(f"{'one process':<14}{count / summarised:>20,.0f}{count / replayed:>18,.0f}")
        for executors in (int(n) for n in args.executors.split(",")):
            got, summarised, replayed = on_spark(calls, tools, executors)
            same = "same summary" if got == expected else "SUMMARY DIFFERS"
            print(f"{f'local[{executors}]':<14}{count / summarised:>20,.0f}{count / replayed:>18,.0f}  {same}")


if __name__ == "__main__":
    main()
