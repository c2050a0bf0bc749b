"""Replay the shared corpus's ground-truth calls and print calls per second.

    python bench/replay_corpus.py [--corpus ../shared/corpus] [--repeat 5]

BFCL calls name their tool by `tool_uid` (names repeat across BFCL categories with
different schemas), AgentDojo calls inline `tool_def`. The script writes one tools
file and one calls file in which every distinct schema has its own name, then:

1. times the replay loop in-process (read → boundary → tally), on one core, best of
   `--repeat` runs, against the 20,000 calls/s target;
2. runs `schema-lint replay` on the written files once and prints its summary table
   (the figures README quotes).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET_CALLS_PER_SECOND = 20_000


def _schema(record: dict):
    node = record["tool"]
    for key in record["schema_path"]:
        node = node[key]
    return node


def write_inputs(corpus: Path, folder: Path) -> tuple[Path, Path, int]:
    """(tools file, calls file, number of calls) with a unique tool name per schema."""
    records = {}
    with open(corpus / "tools.jsonl", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            records[record["uid"]] = record
    tools: dict[str, dict] = {}
    by_schema: dict[str, str] = {}
    variants: collections.Counter = collections.Counter()

    def name_for(name: str, schema) -> str:
        key = json.dumps([name, schema], sort_keys=True)
        if key not in by_schema:
            unique = f"{name}#{variants[name]}" if variants[name] else name
            variants[name] += 1
            by_schema[key] = unique
            tools[unique] = {"name": unique, "description": "", "parameters": schema}
        return by_schema[key]

    calls_path = folder / "calls.jsonl"
    count = 0
    with open(corpus / "calls.jsonl", encoding="utf-8") as source, open(calls_path, "w", encoding="utf-8") as out:
        for line in source:
            call = json.loads(line)
            if "tool_def" in call:
                function = call["tool_def"].get("function", call["tool_def"])
                name = name_for(function["name"], function.get("parameters", {}))
            else:
                record = records[call["tool_uid"]]
                name = name_for(call["tool"], _schema(record))
            out.write(json.dumps({"tool": name, "arguments": call["arguments"]}) + "\n")
            count += 1
    tools_path = folder / "tools.json"
    tools_path.write_text(json.dumps(list(tools.values())), encoding="utf-8")
    return tools_path, calls_path, count


def time_in_process(tools_path: Path, calls_path: Path, repeat: int) -> float:
    from schema_lint.boundary import Policy
    from schema_lint.replay.calls import read_calls
    from schema_lint.replay.run import Toolset, replay

    toolset = Toolset.load([str(tools_path)], Policy.default())
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        tally = replay(read_calls([str(calls_path)]), toolset)
        best = min(best, time.perf_counter() - start)
    return tally.calls / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    with tempfile.TemporaryDirectory() as tmp:
        tools_path, calls_path, count = write_inputs(args.corpus, Path(tmp))
        rate = time_in_process(tools_path, calls_path, args.repeat)
        verdict = "meets" if rate >= TARGET_CALLS_PER_SECOND else "misses"
        print(f"{count:,} calls, in-process replay on one core: {rate:,.0f} calls/s "
              f"({verdict} the {TARGET_CALLS_PER_SECOND:,} calls/s target, {rate / TARGET_CALLS_PER_SECOND:.2f}x)")
        start = time.perf_counter()
        completed = subprocess.run([sys.executable, "-m", "schema_lint", "replay", str(tools_path), str(calls_path),
                                    "--output-format", "markdown"], capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        print(f"`schema-lint replay` end to end: {elapsed:.2f} s, {count / elapsed:,.0f} calls/s\n")
        print(completed.stdout)
        if completed.returncode not in (0, 1):
            print(completed.stderr, file=sys.stderr)
            sys.exit(completed.returncode)


if __name__ == "__main__":
    main()
