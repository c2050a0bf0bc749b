"""Time and peak memory of `check` where the input is large: reports, fixes and recorded calls.

    python bench/scale_bench.py [--tools 20000] [--calls 200000] [--runs 1]
                                [--schema-lint LABEL=PATH ...]

Cases, each run under GNU time (wall, the child's own peak RSS) with its CPU time from
`wait4` (`timing.py`):

- `json`, `sarif`: `check --no-cache --output-format F --output-file …` on one MCP listing
  of `--tools` tools (the corpus's argument schemas over and over, as `check_bench.py`'s
  big case);
- `fix`: `check --fix --unsafe-fixes` on a fresh copy of that file each run;
- `calls N`: `check --no-cache --unsafe-fixes --calls CALLS tools.jsonl` with the corpus's
  own tools and its recorded calls repeated to `--calls` calls, and to half as many: the
  time per call of the two says whether reading the calls is linear;
- `profile anthropic-strict`: `check --no-cache --profile anthropic-strict request.json`, the
  corpus's own tools as published, in one JSON array: one request, whose limits count
  across all of them (the corpus's JSON Lines file is a request per line).

Each `--schema-lint` (default: the one beside this Python) runs every case, interleaved
with the others run by run, so that load on the machine hits each alike; giving an install
of another version (`--schema-lint main=/tmp/main-venv/bin/schema-lint`) compares the two.
The load average is printed with the table: compare ratios, not times, across machines.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent

sys.path.insert(0, str(BENCH))
from corpus_files import CORPUS_TOOLS, records, repeated_schemas, tool_listing  # noqa: E402
from timing import timed_run  # noqa: E402


def measure(argv: list[str], cwd: Path) -> tuple[float, float, int]:
    """(wall s, CPU s, peak RSS kB) of one run (see `timing`); exit codes 0-1 only (2 is a
    failure here)."""
    with open(cwd / "output.txt", "wb") as out:
        sample = timed_run(argv, cwd, cwd / "time.txt", out)
    if sample.returncode not in (0, 1):
        tail = (cwd / "output.txt").read_text(errors="replace")[-2000:]
        sys.exit(f"{' '.join(argv)} exited {sample.returncode}:\n{tail}")
    return sample.wall, sample.cpu, sample.peak_rss_kb


def calls_file(corpus: Path, path: Path, count: int) -> Path:
    lines = [line for line in (corpus / "calls.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    with open(path, "w", encoding="utf-8") as out:
        out.writelines(lines[index % len(lines)] + "\n" for index in range(count))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tools", type=int, default=20_000)
    parser.add_argument("--calls", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--corpus", type=Path, default=CORPUS_TOOLS.parent, help="the shared corpus's folder")
    parser.add_argument("--schema-lint", action="append", default=[], metavar="LABEL=PATH")
    parser.add_argument("--only", action="append", default=[], help="run only the cases starting with this")
    args = parser.parse_args()
    installs = dict(item.split("=", 1) for item in args.schema_lint) or {
        "this checkout": str(Path(sys.executable).parent / "schema-lint")}
    with tempfile.TemporaryDirectory(prefix="schema-lint-scale-") as folder:
        data = Path(folder)
        big = data / "tools.json"
        big.write_text(json.dumps(tool_listing(repeated_schemas(args.tools, args.corpus / "tools.jsonl")), indent=1), encoding="utf-8")
        tools = data / "corpus-tools.jsonl"
        shutil.copyfile(args.corpus / "tools.jsonl", tools)
        many = calls_file(args.corpus, data / "calls.jsonl", args.calls)
        half = calls_file(args.corpus, data / "half.jsonl", args.calls // 2)
        fixed = data / "fixed.json"
        request = data / "request.json"
        request.write_text(json.dumps([record["tool"] for record in records(args.corpus / "tools.jsonl")]), encoding="utf-8")

        def fix_copy() -> list[str]:
            shutil.copyfile(big, fixed)
            return ["--fix", "--unsafe-fixes", str(fixed)]

        cases = {
            "json": lambda: ["--no-cache", "--output-format", "json", "--output-file", str(data / "out"), str(big)],
            "sarif": lambda: ["--no-cache", "--output-format", "sarif", "--output-file", str(data / "out"), str(big)],
            "fix": fix_copy,
            f"calls {args.calls // 2:,}": lambda: ["--no-cache", "--unsafe-fixes", "--calls", str(half), str(tools)],
            f"calls {args.calls:,}": lambda: ["--no-cache", "--unsafe-fixes", "--calls", str(many), str(tools)],
            "profile anthropic-strict": lambda: ["--no-cache", "--profile", "anthropic-strict", str(request)],
        }
        if args.only:
            cases = {name: case for name, case in cases.items() if name.startswith(tuple(args.only))}
        samples: dict[tuple[str, str], list[tuple[float, float, int]]] = {}
        for _ in range(args.runs):
            for name, case in cases.items():
                for label, executable in installs.items():
                    samples.setdefault((name, label), []).append(measure([executable, "check", *case()], data))
    print(f"{args.tools:,} tools; {args.calls:,} calls; {os.cpu_count()} CPUs; load average "
          + ", ".join(f"{load:.2f}" for load in os.getloadavg()))
    print(f"| case | schema-lint | wall (median of {args.runs}) | CPU | peak RSS |\n|---|---|---:|---:|---:|")
    for (name, label), runs in samples.items():
        print(f"| {name} | {label} | {statistics.median(r[0] for r in runs):,.1f} s "
              f"| {statistics.median(r[1] for r in runs):,.1f} s | {max(r[2] for r in runs) / 1024:,.0f} MB |")


if __name__ == "__main__":
    main()
