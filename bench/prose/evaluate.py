"""Recall and precision of the constraint reader on the labelled set, every disagreement listed.

    python bench/prose/evaluate.py [--show N] [--stratum cued|plain|bounds]

Each line of `labelled.jsonl` is a property description with the constraints a person
read in it (see README.md). The reader (`schema_lint.prose.constraints.stated`) is run
on the description and the property's declared type; a constraint counts as found when
the reader states the same keyword with the same value (numbers equal, enum values the
same set; for an integer, `exclusiveMinimum: n` and `minimum: n + 1` are the same
bound). Patterns (`pattern: true` labels) are counted apart: the reader does not read
layouts. `required` is SL403's business and `items.*` the items' own: both are counted
as stated and missed unless read.

Recall: found / stated. Precision: found / read. Printed overall and per keyword family.

Then the same for the fixes that follow: each property is linted alone (as the only
property of an MCP tool's arguments, with its name, type and description) by every
rule, and the keywords and values of the fixes `--fix --unsafe-fixes` would apply there
(safety `unsafe`, evidence the schema's words; a suggestion is never applied, and a
bound from the field's name is not the words', nor is the name's lower bound SL303 adds
to a fix whose words state only the upper one) are compared with the labels. Some
readings stay suggestions on purpose (a URL, UUID or date format from words alone,
see SL304), so the fixes' recall is below the reader's.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from schema_lint.prose.constraints import stated
from schema_lint.schema.dialect import standard_type

HERE = Path(__file__).resolve().parent
FAMILIES = {"minLength": "length", "maxLength": "length", "minItems": "count", "maxItems": "count",
            "minimum": "range", "maximum": "range", "exclusiveMinimum": "range", "exclusiveMaximum": "range",
            "multipleOf": "range", "enum": "closed set", "format": "format"}


def types_of(declared) -> list[str]:
    names = declared if isinstance(declared, list) else [declared]
    return [standard_type(name) or name for name in names if isinstance(name, str)]


def normalised(constraints: dict, integer: bool) -> set:
    out = set()
    for keyword, value in constraints.items():
        if keyword == "pattern":
            continue
        if integer and keyword == "exclusiveMinimum" and float(value).is_integer():
            keyword, value = "minimum", int(value) + 1
        if integer and keyword == "exclusiveMaximum" and float(value).is_integer():
            keyword, value = "maximum", int(value) - 1
        if keyword == "enum":
            value = tuple(sorted(map(str, value)))
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            value = round(float(value), 6)
        out.add((keyword, value))
    return out


def applied_fixes(row: dict) -> dict:
    """keyword → value of the fixes `--unsafe-fixes` would apply at the property, linted alone."""
    from schema_lint.config import Config
    from schema_lint.model import EVIDENCE_WORDS, FixSafety
    from schema_lint.run.linter import lint_text

    name = row["name"]
    tool = {"name": "t", "description": "A tool.",
            "inputSchema": {"type": "object", "properties": {name: {"type": row["type"],
                                                                    "description": row["description"]}}}}
    at = "/inputSchema/properties/" + name.replace("~", "~0").replace("/", "~1")
    # SL303 adds the name's lower bound to a fix whose words state only the upper one (`limit`,
    # "max 100": `minimum: 1` too); that keyword is the name's, not the words'.
    worded = {found.keyword for found in stated(row["description"], types_of(row["type"]), name=name)}
    found = {}
    for diagnostic in lint_text(json.dumps(tool), "tool.json", Config()).diagnostics:
        fix = diagnostic.fix
        if fix is None or fix.safety is not FixSafety.UNSAFE or fix.evidence is None \
                or fix.evidence.kind != EVIDENCE_WORDS:
            continue  # a suggestion, or a fix from elsewhere (a name, a type spelling): not the words'

        for operation in fix.operations:
            parent, _, keyword = operation.path.rpartition("/")
            if parent == at and (keyword in worded or keyword not in ("minimum", "exclusiveMinimum")):
                found[keyword] = operation.value
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labelled", type=Path, default=HERE / "labelled.jsonl")
    parser.add_argument("--show", type=int, default=200, help="disagreements to print")
    parser.add_argument("--stratum")
    parser.add_argument("--no-fixes", action="store_true", help="measure the reader only")
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.labelled.read_text(encoding="utf-8").splitlines()]
    if args.stratum:
        rows = [row for row in rows if row["stratum"] == args.stratum]
    print("== the reader ==")
    compare(rows, lambda row, types: {s.keyword: s.value for s in stated(row["description"], types, name=row["name"])}, args.show)
    if not args.no_fixes:
        print("\n== the fixes --fix --unsafe-fixes applies ==")
        compare(rows, lambda row, types: applied_fixes(row), args.show)


def compare(rows: list[dict], read_of, show: int) -> None:
    found, stated_total, read_total = Counter(), Counter(), Counter()
    wrong, missed = [], []
    patterns = 0
    for row in rows:
        types = types_of(row["type"])
        integer = types == ["integer"]
        truth = normalised(row["stated"], integer)
        patterns += bool(row["stated"].get("pattern"))
        read = normalised(read_of(row, types), integer)
        for keyword, value in truth:
            stated_total[FAMILIES.get(keyword, keyword)] += 1
            if (keyword, value) in read:
                found[FAMILIES.get(keyword, keyword)] += 1
            else:
                missed.append((row, keyword, value))
        for keyword, value in read:
            read_total[FAMILIES.get(keyword, keyword)] += 1
            if (keyword, value) not in truth:
                wrong.append((row, keyword, value))
    print(f"descriptions: {len(rows)} ({sum(1 for r in rows if normalised(r['stated'], False))} stating a constraint, "
          f"{patterns} a layout only a pattern carries, counted apart)")
    print(f"{'family':<12} {'stated':>6} {'read':>6} {'right':>6} {'recall':>7} {'precision':>9}")
    for family in sorted(set(stated_total) | set(read_total)):
        print(f"{family:<12} {stated_total[family]:>6} {read_total[family]:>6} {found[family]:>6} "
              f"{_ratio(found[family], stated_total[family]):>7} {_ratio(found[family], read_total[family]):>9}")
    total_found, total_stated, total_read = sum(found.values()), sum(stated_total.values()), sum(read_total.values())
    print(f"{'all':<12} {total_stated:>6} {total_read:>6} {total_found:>6} {_ratio(total_found, total_stated):>7} "
          f"{_ratio(total_found, total_read):>9}")
    for title, cases in (("read but not stated (wrong)", wrong), ("stated but not read (missed)", missed)):
        print(f"\n{title}: {len(cases)}")
        for row, keyword, value in cases[:show]:
            print(f"  {row['uid']} {row['pointer']}: {keyword}={value}  | {row['description'][:140]!r}")


def _ratio(part: int, whole: int) -> str:
    return f"{part / whole:.3f}" if whole else "-"


if __name__ == "__main__":
    main()
