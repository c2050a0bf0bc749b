"""Where the CPU of a cold run over many files goes, set against sourcemeta's on the same files.

    python bench/floor_bench.py [--runs 5] [--files 1000] [--corpus DIR]

`check_bench.py` measures the issue's target: `schema-lint check --no-cache` over `--files` raw
corpus files within 2x of the CPU time of sourcemeta's native `jsonschema lint`. This tells how
far any change to the rules can take that ratio, by measuring, interleaved, on the same
inputs and installs as `check_bench.py`:

- every default rule on the corpus files (the target's own run);
- only the `SL0` rules (the schema's own validity: parse errors, invalid schemas,
  references, duplicates), which read no prose: what reading, walking, locating and
  reporting cost with few rules;
- every default rule on as many copies of one minimal tool (a closed object with one
  described, required string): nothing for a rule to read or find, so what is left is the
  cost per file of the pipeline itself (start-up, finding and reading files, parsing,
  classifying the tool, one pass of each rule, the report).

Each is shown with sourcemeta's CPU time on the same files and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from check_bench import SOURCEMETA, measure, schema_lint_source, sourcemeta_binary, venv_with  # noqa: E402
from corpus_files import CORPUS_TOOLS, DEFAULT_DIALECT, write  # noqa: E402
from timing import GNU_TIME  # noqa: E402

# Its `$schema` is the one the corpus files declare: sourcemeta reads no schema without a dialect.
MINIMAL_TOOL = {"$schema": DEFAULT_DIALECT, "type": "object", "additionalProperties": False, "required": ["query"],
                "properties": {"query": {"type": "string", "maxLength": 200, "description": "What to search for."}}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--files", type=int, default=1000, help="raw schema files from the corpus")
    parser.add_argument("--corpus", type=Path, default=CORPUS_TOOLS.parent, help="the shared corpus's folder")
    args = parser.parse_args()
    corpus = args.corpus / "tools.jsonl"
    if not corpus.is_file():
        sys.exit(f"the shared corpus is missing: {corpus}")
    if not Path(GNU_TIME).exists():
        sys.exit(f"GNU time is needed: {GNU_TIME} is missing")
    load_at_start = os.getloadavg()
    schema_lint = str(venv_with("venv-schema-lint", str(schema_lint_source())) / "schema-lint")
    sourcemeta = [str(sourcemeta_binary()), "lint"]
    check = [schema_lint, "check", "--output-format", "concise", "--no-cache"]
    with tempfile.TemporaryDirectory(prefix="schema-lint-floor-") as data:
        corpus_files, minimal = Path(data) / "corpus", Path(data) / "minimal"
        write("raw", corpus_files, limit=args.files, corpus_tools=corpus)
        minimal.mkdir()
        count = len(list(corpus_files.iterdir()))
        for index in range(count):
            (minimal / f"tool_{index:05}.json").write_text(json.dumps(MINIMAL_TOOL), encoding="utf-8")
        commands = {
            "every default rule, corpus files": [*check, str(corpus_files)],
            "SL0 rules only, corpus files": [*check, "--select", "SL0", str(corpus_files)],
            "every default rule, minimal tools": [*check, str(minimal)],
            "sourcemeta, corpus files": [*sourcemeta, str(corpus_files)],
            "sourcemeta, minimal tools": [*sourcemeta, str(minimal)],
        }
        for argv in commands.values():  # warm-up: bytecode, page cache, the compiled regular expressions
            measure(argv, Path(data))
        cpu: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(args.runs):
            for label, argv in commands.items():
                cpu[label].append(measure(argv, Path(data)).cpu)
    median = {label: statistics.median(times) for label, times in cpu.items()}
    print(f"{count:,} files each; {SOURCEMETA}; median CPU time (user + system) of {args.runs} interleaved runs")
    print("| schema-lint run | CPU | sourcemeta on the same files | ratio |")
    print("|---|---:|---:|---:|")
    for label in list(commands)[:3]:
        peer = "sourcemeta, minimal tools" if label.endswith("minimal tools") else "sourcemeta, corpus files"
        print(f"| {label} | {median[label] * 1000:,.0f} ms | {median[peer] * 1000:,.0f} ms "
              f"| {median[label] / max(median[peer], 1e-6):.2f}x |")
    floor = median["every default rule, minimal tools"] / max(median["sourcemeta, corpus files"], 1e-6)
    print(f"the pipeline alone (minimal tools) is {floor:.2f}x sourcemeta's CPU on the corpus files")
    print("load average (1, 5, 15 min) at the start " + ", ".join(f"{load:.2f}" for load in load_at_start)
          + "; at the end " + ", ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
