"""Draw the properties the prose labelled set is made of, from the shared corpus.

    python bench/prose/sample.py [--corpus ../shared/corpus] > bench/prose/unlabelled.jsonl

Deterministic (a hash of each property's place orders the draw). Two strata, so that
the set holds both what the reader must find and what it must leave alone:

- *cued*: descriptions holding a number, a list word ("one of", "either", "options"),
  or a format word (email, URL, UUID, ISO 8601 …): where stated constraints are;
- *plain*: any other description, drawn at random;
- *bounds*: every other description in the corpus that words a bound ("up to 5 tags",
  "maximum 100", "between 1 and 10", "2-30 characters"): there are few, and lengths,
  counts and ranges would otherwise be measured on a handful.

At most 12 properties from one package (BFCL counts per tool), at most 55 % of each
stratum from BFCL, one description text once. The draw knows nothing of the reader: labels are written by reading the
description alone (see README.md here).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path

CUE = re.compile(r"\d|\bone of\b|\beither\b|\boptions?\b|\bvalues?\b|e-?mail|\burl\b|\buri\b|\buuid\b|"
                 r"\biso\b|\brfc\b|\bhostname\b|\bip(?:v[46])?\b|\bcharacters?\b|\bitems\b", re.I)
BOUND = re.compile(r"\d+\s*(?:characters?|chars?|items?|entries|elements?|tags?|labels?|results?)\b|"
                   r"\b(?:max(?:imum)?|min(?:imum)?|at most|at least|up to|no more than|between)\b.{0,20}\d", re.I)
PER_PACKAGE = 12
CUED, PLAIN = 520, 230
# BFCL holds three tools in four: without a cap its terse descriptions would be most of the set.
BFCL_SHARE = 0.55


def properties(corpus: Path):
    for line in (corpus / "tools.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        schema = record["tool"]
        for step in record["schema_path"]:
            schema = schema.get(step) if isinstance(schema, dict) else None
        package = record["package"] if record["source"] != "bfcl" else record["uid"]
        yield from _walk(schema, "", record["uid"], package)


def _walk(schema, pointer: str, uid: str, package: str):
    if not isinstance(schema, dict):
        return
    props = schema.get("properties")
    if isinstance(props, dict):
        for name, sub in props.items():
            at = f"{pointer}/properties/{name}"
            if isinstance(sub, dict) and isinstance(sub.get("description"), str):
                yield {"uid": uid, "pointer": at, "name": name, "type": _type(sub),
                       "description": sub["description"], "package": package}
            yield from _walk(sub, at, uid, package)
    items = schema.get("items")
    if isinstance(items, dict):
        yield from _walk(items, pointer + "/items", uid, package)


def _type(schema: dict):
    declared = schema.get("type")
    if declared is None:
        for branch in schema.get("anyOf") or []:
            if isinstance(branch, dict) and branch.get("type") not in (None, "null"):
                return branch.get("type")
    return declared


def holdout(corpus: Path, count: int) -> int:
    """A second, blind draw: cued descriptions the labelled set does not hold, in another
    order, at most 4 from one package, for labels written before the reader reads them."""
    labelled = {json.loads(line)["description"].strip()
                for line in (Path(__file__).resolve().parent / "labelled.jsonl").read_text(encoding="utf-8").splitlines()}
    every = sorted(properties(corpus), key=lambda p: hashlib.sha256(("holdout" + p["uid"] + p["pointer"]).encode()).hexdigest())
    seen, per_package, drawn = set(labelled), Counter(), 0
    for prop in every:
        text = prop["description"].strip()
        if drawn == count or text in seen or per_package[prop["package"]] >= 4 or not CUE.search(text):
            continue
        seen.add(text)
        per_package[prop["package"]] += 1
        drawn += 1
        del prop["package"]
        sys.stdout.write(json.dumps({**prop, "stratum": "holdout"}, ensure_ascii=False) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "corpus")
    parser.add_argument("--holdout", type=int, metavar="N",
                        help="draw N cued descriptions outside labelled.jsonl instead (another order)")
    args = parser.parse_args(argv)
    if args.holdout:
        return holdout(args.corpus, args.holdout)
    seen: set[str] = set()
    drawn: dict[str, list] = {"cued": [], "plain": []}
    every = sorted(properties(args.corpus), key=lambda p: hashlib.sha256((p["uid"] + p["pointer"]).encode()).hexdigest())
    per_package: Counter = Counter()
    bfcl: Counter = Counter()
    for prop in every:
        text = prop["description"].strip()
        if not text or text in seen or per_package[prop["package"]] >= PER_PACKAGE:
            continue
        stratum = "cued" if CUE.search(text) else "plain"
        quota = CUED if stratum == "cued" else PLAIN
        if len(drawn[stratum]) >= quota or (prop["uid"].startswith("bfcl:") and bfcl[stratum] >= quota * BFCL_SHARE):
            continue
        bfcl[stratum] += prop["uid"].startswith("bfcl:")
        seen.add(text)
        per_package[prop["package"]] += 1
        drawn[stratum].append({**prop, "stratum": stratum})
    drawn["bounds"] = []
    for prop in every:
        text = prop["description"].strip()
        if text not in seen and BOUND.search(text):
            seen.add(text)
            drawn["bounds"].append({**prop, "stratum": "bounds"})
    for stratum in ("cued", "plain", "bounds"):
        for prop in drawn[stratum]:
            del prop["package"]
            sys.stdout.write(json.dumps(prop, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
