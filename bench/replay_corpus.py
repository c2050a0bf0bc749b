"""Replay the shared corpus's ground-truth calls and print calls per second.

    python bench/replay_corpus.py [--corpus ../shared/corpus] [--repeat 5]

`tools.jsonl` and `calls.jsonl` are read as they are: BFCL calls cite their tool by
`tool_uid` (names repeat across BFCL categories with different schemas), AgentDojo
calls carry it inline as `tool_def`. The script

1. times the replay loop in-process (read → boundary → tally) on one core, best of
   `--repeat` runs, against the 20,000 calls/s target;
2. runs `schema-lint replay` on the two files once and prints its summary table (the
   figures README quotes).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET_CALLS_PER_SECOND = 20_000


def time_in_process(tools_path: Path, calls_path: Path, repeat: int) -> tuple[int, float]:
    from schema_lint.boundary import Policy
    from schema_lint.traffic.calls import read_calls
    from schema_lint.replay.run import Toolset, replay

    toolset = Toolset.load([str(tools_path)], Policy.default())
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        tally = replay(read_calls([str(calls_path)]), toolset)
        best = min(best, time.perf_counter() - start)
    return tally.calls, tally.calls / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    tools_path, calls_path = args.corpus / "tools.jsonl", args.corpus / "calls.jsonl"
    count, rate = time_in_process(tools_path, calls_path, args.repeat)
    verdict = "meets" if rate >= TARGET_CALLS_PER_SECOND else "misses"
    print(f"{count:,} calls, in-process replay on one core: {rate:,.0f} calls/s "
          f"({verdict} the {TARGET_CALLS_PER_SECOND:,} calls/s target, {rate / TARGET_CALLS_PER_SECOND:.2f}x)")
    start = time.perf_counter()
    completed = subprocess.run([sys.executable, "-m", "schema_lint", "replay", str(tools_path), str(calls_path),
                                "--output-format", "markdown"], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    print(f"`schema-lint replay` end to end (3,267 tools compiled included): {elapsed:.2f} s, "
          f"{count / elapsed:,.0f} calls/s\n")
    print(completed.stdout)
    if completed.returncode not in (0, 1):
        print(completed.stderr, file=sys.stderr)
        sys.exit(completed.returncode)


if __name__ == "__main__":
    main()
