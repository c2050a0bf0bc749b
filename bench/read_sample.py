"""Precision, the share worth acting on, and recall, from findings read one by one.

    python bench/read_sample.py [--corpus ../shared/corpus/tools.jsonl]   # the figures
    python bench/read_sample.py --unlabelled                              # what is left to read

(the corpus is `../shared/corpus` beside the checkout, or the folder `SCHEMA_LINT_CORPUS` names).

Counting findings says nothing about whether they are right. This draws a stratified
sample of the default run's findings on the shared corpus (every rule that fires, more
for the frequent ones: 1 + log2 of its count, chosen by a hash of each finding's key so
that the sample does not move when other findings do) and reads the verdicts a person
wrote for them in `read_sample_verdicts.jsonl`, one per line:

    {"key": "<record uid>#<pointer in the record>", "code": "SL301",
     "verdict": "act" | "noise" | "wrong", "reason": "one reason"}

`act`: right and worth acting on; `noise`: right but not worth a change; `wrong`: the
finding is mistaken. A rule's precision is (act + noise) / read; the share worth acting
on is each rule's act rate weighted by its count in the run. A verdict whose finding no
longer appears is counted as gone, not as read.

Recall comes from `reviewer_flags.jsonl`: 24 tools spread evenly over the corpus (as
`corpus_files.evenly` picks them), read as a reviewer would, each line one issue a
careful reviewer flags there (`uid`, `pointer` in the record, `issue`, and the rule
`codes` that would say it, none when no rule does); it is caught when today's run reports
one of those codes at that pointer or below it.

Prints the markdown that README's "Read sample" section holds between its `read-sample`
markers; `tests/test_read_sample.py` keeps the two equal and every sampled finding read.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

from schema_lint.config import Config
from schema_lint.run.linter import Linter

HERE = Path(__file__).resolve().parent
CORPUS_TOOLS = Path(os.environ.get("SCHEMA_LINT_CORPUS") or HERE.parent.parent / "shared" / "corpus") / "tools.jsonl"
VERDICTS = HERE / "read_sample_verdicts.jsonl"
REVIEWER_FLAGS = HERE / "reviewer_flags.jsonl"
VERDICT_NAMES = ("act", "noise", "wrong")
PRECISION_FLOOR = 0.95


class Found(NamedTuple):
    key: str  # "<uid>#<pointer in the record>": stable across runs and line order
    code: str
    severity: str
    message: str
    tool: str


def findings(corpus: Path = CORPUS_TOOLS) -> list[Found]:
    """The default run's findings on the corpus, keyed by record and pointer."""
    with open(corpus, encoding="utf-8") as handle:
        uids = [json.loads(line)["uid"] for line in handle if line.strip()]
    result = Linter(Config()).run_serially([str(corpus)])
    found = []
    for diagnostic in result.diagnostics:
        found.append(Found(_key(diagnostic.pointer, uids), diagnostic.code, str(diagnostic.severity),
                           diagnostic.message, diagnostic.tool))
    return found


def _key(pointer: str, uids: list[str]) -> str:
    """`/12/tool/parameters/type` → `<uid of line 12>#/parameters/type`; the file's own findings
    (a request-wide limit, at the root) → `(file)#`."""
    tokens = pointer.split("/")
    if len(tokens) < 2 or not tokens[1].isdigit():
        return f"(file)#{pointer}"
    inside = "/".join(tokens[3:]) if tokens[2:3] == ["tool"] else "/".join(tokens[2:])
    return f"{uids[int(tokens[1])]}#" + (f"/{inside}" if inside else "")


def sample_size(count: int) -> int:
    return min(count, 1 + round(math.log2(count))) if count else 0


def sample(found: list[Found]) -> list[Found]:
    """Per rule, the `sample_size` findings whose keys hash lowest."""
    by_code: dict[str, list[Found]] = defaultdict(list)
    for item in found:
        by_code[item.code].append(item)
    chosen = []
    for code in sorted(by_code):
        ranked = sorted(by_code[code], key=lambda item: hashlib.sha1(f"{code} {item.key}".encode()).hexdigest())
        chosen += ranked[:sample_size(len(ranked))]
    return chosen


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def verdicts(path: Path = VERDICTS) -> dict[tuple[str, str], dict]:
    return {(row["code"], row["key"]): row for row in read_jsonl(path)} if path.exists() else {}


class Figures(NamedTuple):
    rows: list[tuple[str, int, int, Counter, float]]  # code, count, read, verdicts, precision
    acting_share: float
    caught: int
    flagged: int
    unlabelled: list[Found]


def figures(found: list[Found], read: dict[tuple[str, str], dict], flags: list[dict]) -> Figures:
    counts = Counter(item.code for item in found)
    present = {(item.code, item.key) for item in found}
    by_code: dict[str, Counter] = defaultdict(Counter)
    for (code, key), row in read.items():
        if (code, key) in present:
            by_code[code][row["verdict"]] += 1
    unlabelled = [item for item in sample(found) if (item.code, item.key) not in read]
    rows, acting = [], 0.0
    for code in sorted(counts):
        tally = by_code[code]
        total = sum(tally.values())
        precision = (tally["act"] + tally["noise"]) / total if total else float("nan")
        acting += counts[code] * (tally["act"] / total if total else 0.0)
        rows.append((code, counts[code], total, tally, precision))
    caught = sum(_caught(flag, found) for flag in flags)
    return Figures(rows, acting / max(1, sum(counts.values())), caught, len(flags), unlabelled)


def _caught(flag: dict, found: list[Found]) -> bool:
    uid, pointer = flag["uid"], flag["pointer"]
    return any(item.code in flag["codes"] and item.key.startswith(f"{uid}#")
               and (item.key[len(uid) + 1:] + "/").startswith(pointer + "/") for item in found)


def table(result: Figures) -> str:
    lines = ["| rule | findings | read | act | noise | wrong | precision |", "|---|---:|---:|---:|---:|---:|---:|"]
    for code, count, total, tally, precision in result.rows:
        shown = f"{precision:.2f}" if total else "–"
        lines.append(f"| {code} | {count:,} | {total} | {tally['act']} | {tally['noise']} | {tally['wrong']} | {shown} |")
    read = sum(row[2] for row in result.rows)
    return ("\n".join(lines) + f"\n\n{read} findings read. Worth acting on, weighted by each rule's count: "
            f"{result.acting_share:.2f}. Judgement issues a reviewer flagged in {result.flagged} places: "
            f"{result.caught} caught ({result.caught / max(1, result.flagged):.2f}).\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS_TOOLS, help="path of tools.jsonl")
    parser.add_argument("--unlabelled", action="store_true", help="list the sampled findings with no verdict")
    args = parser.parse_args()
    found = findings(args.corpus)
    result = figures(found, verdicts(), read_jsonl(REVIEWER_FLAGS) if REVIEWER_FLAGS.exists() else [])
    if args.unlabelled:
        for item in result.unlabelled:
            print(json.dumps({"key": item.key, "code": item.code, "verdict": "", "reason": "",
                              "message": item.message, "severity": item.severity}, ensure_ascii=False))
        return
    print(table(result), end="")


if __name__ == "__main__":
    main()
