"""`check --calls`: fixes from recorded traffic, and what they do to calls they never saw.

    python bench/traffic_fixes.py [--corpus ../shared/corpus]

The ground-truth calls are split by call: even lines are the recorded traffic, odd lines
are held out. On a copy of `tools.jsonl`, `check --calls EVEN --fix --unsafe-fixes` runs
once; then `replay --against` measures, on both halves, the calls that passed before and
are rejected after. The target on the recorded half is 0 (the gate); the held-out rate is
what tightening from this much traffic costs on new calls.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def regressions(original: Path, fixed: Path, calls: Path) -> tuple[int, int]:
    from schema_lint.boundary import Policy
    from schema_lint.replay.calls import read_calls
    from schema_lint.replay.run import Toolset, replay

    policy = Policy.default()
    tally = replay(read_calls([str(calls)]), Toolset.load([str(original)], policy), Toolset.load([str(fixed)], policy))
    return len(tally.regressions), tally.outcomes["valid"] + tally.outcomes["canonicalized"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    args = parser.parse_args()
    lines = (args.corpus / "calls.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        recorded, held_out, fixed = work / "recorded.jsonl", work / "held_out.jsonl", work / "tools.jsonl"
        recorded.write_text("".join(lines[0::2]), encoding="utf-8")
        held_out.write_text("".join(lines[1::2]), encoding="utf-8")
        shutil.copyfile(args.corpus / "tools.jsonl", fixed)
        run = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--calls", str(recorded), "--fix",
                              "--unsafe-fixes", "--output-format", "concise", str(fixed)], capture_output=True, text=True)
        print(run.stdout.strip().splitlines()[-1])
        for label, calls in (("recorded", recorded), ("held out", held_out)):
            broken, passed = regressions(args.corpus / "tools.jsonl", fixed, calls)
            print(f"{label:>9}: {broken:,} of {passed:,} calls that passed are rejected after the fixes "
                  f"({broken / passed:.2%})" if passed else f"{label}: no calls")


if __name__ == "__main__":
    main()
