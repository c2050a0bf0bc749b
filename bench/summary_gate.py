"""`check --calls-summary` against `check --calls` on the shared corpus: how many findings and fixes differ.

    python bench/summary_gate.py [--corpus ../shared/corpus]

The corpus's calls are split (even lines, odd lines), each half summarised with
`infer --emit-summary`, and the tools checked with `--unsafe-fixes` twice: once with
`--calls` on all the calls, once with `--calls-summary` on the two halves' summaries. It
prints how many findings are the same, word for word and fix for fix, and which rules'
tightening fixes one gate passes and the other withholds.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _schema_lint(*args: str) -> str:
    run = subprocess.run([sys.executable, "-m", "schema_lint", *args], capture_output=True, text=True, check=False)
    if run.returncode not in (0, 1):
        raise SystemExit(run.stderr)
    return run.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    args = parser.parse_args()
    tools, calls = str(args.corpus / "tools.jsonl"), args.corpus / "calls.jsonl"
    with tempfile.TemporaryDirectory() as folder:
        lines = calls.read_text(encoding="utf-8").splitlines(keepends=True)
        summaries = []
        for half in (0, 1):
            part, summary = Path(folder, f"half{half}.jsonl"), Path(folder, f"half{half}.summary")
            part.write_text("".join(lines[half::2]), encoding="utf-8")
            _schema_lint("infer", str(part), "--tools", tools, "--emit-summary", str(summary))
            summaries += ["--calls-summary", str(summary)]
        common = ["check", tools, "--unsafe-fixes", "--output-format", "json", "--no-cache"]
        by_calls = json.loads(_schema_lint(*common, "--calls", str(calls)))
        by_summary = json.loads(_schema_lint(*common, *summaries))
    key = lambda finding: (finding["file"], finding["pointer"], finding["code"])  # noqa: E731
    summarised = {key(finding): finding for finding in by_summary}
    same = sum(1 for finding in by_calls if summarised.get(key(finding)) == finding)
    fixes = sum(1 for finding in by_calls if finding.get("fix") and finding["fix"]["safety"] == "unsafe")
    differ = collections.Counter(finding["code"] for finding in by_calls
                                 if (finding.get("fix") is None) != (summarised[key(finding)].get("fix") is None))
    print(f"{len(by_calls):,} findings, {same:,} the same with --calls-summary; {fixes:,} tightening fixes with "
          f"--calls, {sum(differ.values()):,} of them withheld by the summary gate: {dict(differ.most_common())}")


if __name__ == "__main__":
    main()
