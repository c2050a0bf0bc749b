"""Fuzz every tool of the shared corpus: no crash, no hang, and how fast.

    python bench/fuzz_corpus.py [--limit N] [--examples 10] [--budget 2] [--seed 0]

Each record's tool is read as published (the shape `schema-lint check` reads) and
fuzzed with the command's defaults. Prints tools/s, near misses/s (near-miss calls sent
through the boundary, and the distinct mutator × path × outcome results they reduce
to), the share of tools where generation was unsupported, broken down by reason, and
the slowest tools. A crash is a traceback and a non-zero exit; a hang inside generation
is cut by the per-tool budget and counted as unsupported; a tool still running after 30 s
prints its stack to stderr.
"""

from __future__ import annotations

import argparse
import collections
import faulthandler
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_files import CORPUS_TOOLS, argument_schema, evenly, records  # noqa: E402

from schema_lint.boundary import Policy  # noqa: E402
from schema_lint.fuzz.model import DEFAULT_BUDGET, DEFAULT_EXAMPLES, FuzzOptions  # noqa: E402
from schema_lint.fuzz.run import fuzz_tool  # noqa: E402
from schema_lint.model import Tool  # noqa: E402
from schema_lint.prose.side_effects import classify  # noqa: E402
from schema_lint.sources.tools import find_tools  # noqa: E402

# A tool still running after this long prints where it is (stderr), to tell a hang from a slow tool.
STUCK_SECONDS = 30


def corpus_tool(record: dict) -> Tool:
    """The tool as `check` finds it in the published definition (its schema at `schema_path`)."""
    schema = argument_schema(record)
    found = [tool for tool in find_tools(record["tool"], record["name"]) if tool.schema is schema]
    tool = found[0] if found else Tool(record["name"], schema, "", "", record["format"], definition=record["tool"])
    tool.side_effects = classify(tool)
    return tool


def reason_kind(reason: str) -> str:
    """Unsupported reasons grouped by cause (the text after the cause varies per tool)."""
    for prefix, kind in (("generation did not finish", "generation timed out"),
                         ("cannot compile", "schema does not compile"),
                         ("generator unsupported: none of its", "every generated value invalid"),
                         ("generator unsupported: no value", "unsatisfiable for the generator"),
                         ("generator unsupported", "refused by the generator"),
                         ("generator failed", "generator crashed")):
        if reason.startswith(prefix):
            return kind
    return reason


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=CORPUS_TOOLS, help="tools.jsonl of the shared corpus")
    parser.add_argument("--limit", type=int, help="fuzz this many tools, spread over the corpus")
    parser.add_argument("--examples", type=int, default=DEFAULT_EXAMPLES)
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    options = FuzzOptions(examples=args.examples, seed=args.seed, policy=Policy.default(), budget=args.budget)
    selected = evenly(records(args.corpus), args.limit)
    reasons: collections.Counter = collections.Counter()
    unsupported_tools: list[tuple[str, str]] = []
    outcomes: collections.Counter = collections.Counter()
    timings: list[tuple[float, str]] = []
    checked = distinct = 0
    started = time.perf_counter()
    for index, record in enumerate(selected, 1):
        tool_started = time.perf_counter()
        faulthandler.dump_traceback_later(STUCK_SECONDS)
        report = fuzz_tool(corpus_tool(record), record["uid"], options)
        faulthandler.cancel_dump_traceback_later()
        timings.append((time.perf_counter() - tool_started, record["uid"]))
        checked += report.checked
        distinct += len(report.near_misses)
        outcomes.update(miss.outcome for miss in report.near_misses)
        if report.unsupported:
            reasons[reason_kind(report.unsupported)] += 1
            unsupported_tools.append((record["uid"], report.unsupported))
        if index % 250 == 0:
            print(f"  {index}/{len(selected)} tools, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    elapsed = time.perf_counter() - started

    tools = len(selected)
    unsupported = sum(reasons.values())
    print(f"tools fuzzed         {tools} in {elapsed:.1f} s  ({tools / elapsed:.1f} tools/s; "
          f"--examples {args.examples}, --budget {args.budget:g} s)")
    print(f"near-miss calls      {checked}  ({checked / elapsed:.0f} /s through the boundary)")
    print(f"distinct near misses {distinct}  ({distinct / elapsed:.0f} /s): "
          + ", ".join(f"{outcomes[o]} {o}" for o in ("canonicalized", "rejected", "accepted")))
    print(f"unsupported          {unsupported} of {tools} tools ({unsupported / tools:.1%})")
    for kind, count in reasons.most_common():
        print(f"  {count:5d}  {kind}")
    for uid, reason in unsupported_tools[:8]:
        print(f"         {uid}: {reason[:100]}")
    print("slowest tools")
    for seconds, uid in sorted(timings, reverse=True)[:5]:
        print(f"  {seconds:6.2f} s  {uid}")


if __name__ == "__main__":
    main()
