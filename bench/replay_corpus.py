"""Replay the shared corpus's ground-truth calls and print calls per second.

    python bench/replay_corpus.py [--corpus ../shared/corpus] [--repeat 5] [--calls 200000]

`tools.jsonl` and `calls.jsonl` are read as they are: BFCL calls cite their tool by
`tool_uid` (names repeat across BFCL categories with different schemas), AgentDojo
calls carry it inline as `tool_def`. The script

1. times the replay loop in-process (read → boundary → tally) on one core over the
   calls repeated to `--calls` (written to a temporary file, read from it as a log is),
   best of `--repeat` runs, in wall and in CPU time (the load on a shared machine moves
   the first), against the 100,000 calls/s target;
2. runs `schema-lint replay` on the two files once and prints its summary table (the
   figures README quotes).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET_CALLS_PER_SECOND = 100_000


def time_in_process(tools_path: Path, calls_path: Path, repeat: int) -> tuple[int, float, float]:
    """(calls replayed, calls per second of wall time, calls per CPU second), best of `repeat`."""
    from schema_lint.boundary import Policy
    from schema_lint.traffic.calls import read_calls
    from schema_lint.replay.run import Toolset, replay

    toolset = Toolset.load([str(tools_path)], Policy.default())
    wall = cpu = float("inf")
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        tally = replay(read_calls([str(calls_path)]), toolset)
        wall, cpu = min(wall, time.perf_counter() - start), min(cpu, time.process_time() - start_cpu)
    return tally.calls, tally.calls / wall, tally.calls / cpu


def repeated_calls(calls_path: Path, count: int, out: Path) -> Path:
    lines = [line for line in calls_path.read_text(encoding="utf-8").splitlines() if line.strip()]
    with open(out, "w", encoding="utf-8") as handle:
        handle.writelines(lines[index % len(lines)] + "\n" for index in range(count))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--calls", type=int, default=200_000, help="the corpus's calls repeated to this many")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    tools_path, calls_path = args.corpus / "tools.jsonl", args.corpus / "calls.jsonl"
    with tempfile.TemporaryDirectory(prefix="schema-lint-replay-") as folder:
        repeated = repeated_calls(calls_path, args.calls, Path(folder) / "calls.jsonl")
        count, rate, cpu_rate = time_in_process(tools_path, repeated, args.repeat)
    verdict = "meets" if cpu_rate >= TARGET_CALLS_PER_SECOND else "misses"
    print(f"{count:,} calls, in-process replay on one core: {rate:,.0f} calls/s of wall time, "
          f"{cpu_rate:,.0f} per CPU second ({verdict} the {TARGET_CALLS_PER_SECOND:,} calls/s target in CPU, "
          f"{cpu_rate / TARGET_CALLS_PER_SECOND:.2f}x); load average "
          + ", ".join(f"{load:.2f}" for load in os.getloadavg()))
    start = time.perf_counter()
    completed = subprocess.run([sys.executable, "-m", "schema_lint", "replay", str(tools_path), str(calls_path),
                                "--output-format", "markdown"], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    print(f"`schema-lint replay` end to end on the corpus's own calls (3,267 tools compiled included): "
          f"{elapsed:.2f} s\n")
    print(completed.stdout)
    if completed.returncode not in (0, 1):
        print(completed.stderr, file=sys.stderr)
        sys.exit(completed.returncode)


if __name__ == "__main__":
    main()
