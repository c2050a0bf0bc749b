"""Precision and recall of SL102 on its labelled set, with every disagreement listed.

    python bench/sl102_eval.py [tests/fixtures/sl102_labelled.jsonl]

Each line of the set is one object from the shared corpus, labelled by reading its
schema and prose: the (field, discriminator, values) a reviewer expects SL102 to report,
or `null` for a near miss that must stay quiet. The object is inlined in `schema` and its
published tool (without the argument schema) in `tool`, so no corpus is needed. A finding
counts as right only when field, discriminator and the exact set of values all match.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from schema_lint.profiles import implied_profiles
from schema_lint.rule import ToolContext
from schema_lint.rules.sl102_conditional_without_if_then import conditional_objects
from schema_lint.sources.tools import find_tools

LABELLED = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sl102_labelled.jsonl"


@dataclass
class Evaluation:
    true_positives: list = field(default_factory=list)
    false_positives: list = field(default_factory=list)
    false_negatives: list = field(default_factory=list)
    # Objects labelled as near misses that SL102 flagged anyway.
    flagged_negatives: list = field(default_factory=list)
    objects: int = 0

    @property
    def precision(self) -> float:
        found = len(self.true_positives) + len(self.false_positives)
        return len(self.true_positives) / found if found else 1.0

    @property
    def recall(self) -> float:
        expected = len(self.true_positives) + len(self.false_negatives)
        return len(self.true_positives) / expected if expected else 1.0


def load_cases(path: Path = LABELLED) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _found(case: dict) -> list:
    """The ConditionalFields SL102's analysis gives the case's object."""
    tool_data = json.loads(json.dumps(case["tool"]))
    holder = tool_data
    for key in case["schema_path"][:-1]:
        holder = holder[key]
    holder[case["schema_path"][-1]] = case["schema"]
    tools = find_tools(tool_data, "case")
    if len(tools) != 1:
        raise ValueError(f"{case['uid']}: expected one tool, found {len(tools)}")
    tool = tools[0]
    ctx = ToolContext(tool, tool_data, profiles=frozenset(implied_profiles(tool)))
    return [f for node, found in conditional_objects(ctx) if node.pointer == tool.schema_pointer for _, f in found]


def predicted(case: dict) -> set[tuple]:
    """(field, discriminator, values) SL102 reports on the case's object as conditions."""
    return {(f.field, f.discriminator, _value_set(f.values)) for f in _found(case) if not f.always}


def needed_always(case: dict) -> set[tuple]:
    """(field, discriminator) SL102 finds needed for every value of a required discriminator:
    no condition, so not counted as one; listed for a reader to check."""
    return {(f.field, f.discriminator) for f in _found(case) if f.always}


def expected(case: dict) -> set[tuple]:
    return {(e["field"], e["discriminator"], _value_set(e["values"])) for e in case["expected"] or ()}


def evaluate(cases: list[dict]) -> Evaluation:
    result = Evaluation(objects=len(cases))
    for case in cases:
        got, want = predicted(case), expected(case)
        where = f"{case['uid']} {case['pointer'] or '(root)'}"
        result.true_positives.extend((where, item) for item in got & want)
        result.false_positives.extend((where, item) for item in got - want)
        result.false_negatives.extend((where, item) for item in want - got)
        if got and not want:
            result.flagged_negatives.append(where)
    return result


def _value_set(values) -> frozenset:
    return frozenset(json.dumps(v) for v in values)


def _show(item: tuple) -> str:
    name, discriminator, values = item
    return f"{name} <- {discriminator} in {{{', '.join(sorted(values))}}}"


def main(argv: list[str]) -> int:
    cases = load_cases(Path(argv[0]) if argv else LABELLED)
    result = evaluate(cases)
    positives = sum(1 for c in cases if c["expected"])
    print(f"objects: {result.objects} ({positives} with conditional fields, {result.objects - positives} near misses)")
    print(f"fields: {len(result.true_positives)} found, {len(result.false_positives)} wrong, "
          f"{len(result.false_negatives)} missed")
    print(f"precision: {result.precision:.3f}  recall: {result.recall:.3f}")
    print(f"near misses flagged: {len(result.flagged_negatives)} of {result.objects - positives}")
    for title, items in (("wrong (false positives)", result.false_positives),
                         ("missed (false negatives)", result.false_negatives)):
        print(f"\n{title}:")
        for where, item in sorted(items):
            print(f"  {where}: {_show(item)}")
    print("\nneeded in every call (every value of a required discriminator; no condition, not counted above):")
    for case in cases:
        for name, discriminator in sorted(needed_always(case)):
            print(f"  {case['uid']} {case['pointer'] or '(root)'}: {name} <- every {discriminator}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
