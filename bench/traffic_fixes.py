"""`check --calls`: fixes from recorded traffic, and what they do to calls they never saw.

    python bench/traffic_fixes.py [--corpus ../shared/corpus]

The ground-truth calls are split by call: even lines (0-based) are the recorded traffic,
odd lines are held out. On a copy of `tools.jsonl`, `check --calls EVEN --unsafe-fixes`
counts the fixes whose values come from the traffic (their evidence says "recorded
call"), then `--fix --unsafe-fixes` applies every enabled fix; `replay --against`
measures, on both halves, the calls that passed before and are rejected after. The target
on the recorded half is 0 (the gate); the held-out rate is what tightening from this much
traffic costs on new calls.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXAMPLES = 10
"""Rejected calls listed per half, so a reader sees which fixes the new calls refute."""


def regressions(original: Path, fixed: Path, calls: Path) -> tuple[list, int]:
    """The calls that pass against the original tools and not against the fixed ones, with
    the errors; and how many passed."""
    from schema_lint.boundary import Policy
    from schema_lint.traffic.calls import read_calls
    from schema_lint.replay.run import Toolset, replay

    policy = Policy.default()
    tally = replay(read_calls([str(calls)]), Toolset.load([str(original)], policy), Toolset.load([str(fixed)], policy))
    return tally.regressions, tally.outcomes["valid"] + tally.outcomes["canonicalized"]


def _check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "schema_lint", "check", "--extend-select", "SL301", "--unsafe-fixes", *args],
                          capture_output=True, text=True)


def measure(corpus: Path) -> dict:
    """{"fixes_from_traffic": n, "suggested_from_traffic": n, "recorded": (rejected calls, passed),
    "held out": (...)}: the fixes `--fix --unsafe-fixes` writes with values from the calls, and
    those left as suggestions (where the words say more than what the value is)."""
    lines = (corpus / "calls.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        recorded, held_out, fixed = work / "recorded.jsonl", work / "held_out.jsonl", work / "tools.jsonl"
        recorded.write_text("".join(lines[0::2]), encoding="utf-8")
        held_out.write_text("".join(lines[1::2]), encoding="utf-8")
        shutil.copyfile(corpus / "tools.jsonl", fixed)
        findings = json.loads(_check("--calls", str(recorded), "--output-format", "json", str(fixed)).stdout)
        from_traffic = [finding["fix"] for finding in findings
                        if "recorded call" in (finding.get("fix") or {}).get("description", "")]
        result = {"fixes_from_traffic": sum(fix["safety"] != "suggestion" for fix in from_traffic),
                  "suggested_from_traffic": sum(fix["safety"] == "suggestion" for fix in from_traffic)}
        _check("--calls", str(recorded), "--fix", "--output-format", "concise", str(fixed))
        for label, calls in (("recorded", recorded), ("held out", held_out)):
            result[label] = regressions(corpus / "tools.jsonl", fixed, calls)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    args = parser.parse_args()
    result = measure(args.corpus)
    print(f"{result['fixes_from_traffic']:,} fixes take their values from the recorded calls "
          f"({result['suggested_from_traffic']:,} more are suggestions)")
    for label in ("recorded", "held out"):
        broken, passed = result[label]
        print(f"{label:>9}: {len(broken):,} of {passed:,} calls that passed are rejected after the fixes "
              f"({len(broken) / passed:.2%})" if passed else f"{label}: no calls")
        for call, errors in broken[:EXAMPLES]:
            print(f"           {call.tool}: {errors[0].get('path')} {errors[0].get('reason')} "
                  f"({errors[0].get('expected', '')})")


if __name__ == "__main__":
    main()
