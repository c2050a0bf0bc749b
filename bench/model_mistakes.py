"""What each canonicalization policy does with the mistakes models are known to make.

    python bench/model_mistakes.py [--corpus ../shared/corpus] [--limit N]

From every ground-truth call in `calls.jsonl` that its tool accepts as it is, the script
builds one mistaken call per applicable mistake, on one top-level argument at a time:

| mistake | the model sent | instead of |
|---|---|---|
| list-literal-python | `"['a', 'b']"` | `["a", "b"]` |
| list-literal-json | `'["a", "b"]'` | `["a", "b"]` |
| joined-list | `"a, b"` | `["a", "b"]` |
| bare-scalar-one | `"a"` | `["a"]` |
| bare-scalar-many | `"a"` (the first item only) | `["a", "b"]` |
| boolean-json-string | `"true"` | `true` |
| boolean-python-string | `"True"` | `true` |
| numeric-string | `"5"` | `5` |
| null-for-optional | `null` | the argument left out |
| enum-case | `"HIGH"` | `"high"` |

Each is sent through `ToolBoundary.check` under each policy and counted as a **true
repair** (canonicalized to exactly the ground truth), a **hidden error** (canonicalized
to something that is neither the ground truth nor what the model sent: a repair changed
what the call says and made it pass silently), **lost by the model** (canonicalized to
exactly what the model sent, in the right shape, which is not the ground truth),
**rejected** at the mistaken argument's path (the model is told), rejected
**elsewhere**, or **accepted as-is** (the schema itself allows the mistake: no policy is
involved, and a lint finding such as SL203 or SL202 is the remedy).

"Lost by the model" is the control that keeps the two apart: `bare-scalar-many` sends
`"a"` where the truth is `["a", "b"]`. The item `"b"` is not in the call, so no policy
can recover it, and the same call sent well-shaped as `["a"]` passes as it is. The boundary
cannot tell it from `bare-scalar-one`; only `Policy.none()` rejects it, at the price of
every `bare-scalar-one` repair. The table shows both counts so the trade stays visible.
"""

from __future__ import annotations

import argparse
import collections
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUTCOMES = ("true repair", "hidden error", "lost by the model", "rejected", "elsewhere", "accepted as-is")
POLICIES = {
    "none": [], "default": ["scalar-for-array"],
    "+json-string": ["scalar-for-array", "json-string"], "+literal-string": ["scalar-for-array", "literal-string"],
    "+boolean-string": ["scalar-for-array", "boolean-string"], "+numeric-string": ["scalar-for-array", "numeric-string"],
    "+enum-case": ["scalar-for-array", "enum-case"], "+null-as-absent": ["scalar-for-array", "null-as-absent"],
}


def mistakes(arguments: dict, schema: dict) -> list[tuple[str, str, Any]]:
    """(mistake, argument name, the mistaken value) for one correct call."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return []
    required = schema.get("required") if isinstance(schema.get("required"), list) else []
    found = []
    for name, value in arguments.items():
        if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
            found += [("list-literal-python", name, repr(value)), ("list-literal-json", name, json.dumps(value))]
            if len(value) == 1:
                found.append(("bare-scalar-one", name, value[0]))
            elif all(item and "," not in item for item in value):
                found += [("joined-list", name, ", ".join(value)), ("bare-scalar-many", name, value[0])]
        elif isinstance(value, bool):
            found += [("boolean-json-string", name, json.dumps(value)), ("boolean-python-string", name, str(value))]
        elif isinstance(value, (int, float)):
            found.append(("numeric-string", name, json.dumps(value)))
        elif isinstance(value, str) and isinstance(properties.get(name), dict):
            allowed = properties[name].get("enum")
            if isinstance(allowed, list) and value in allowed and value.upper() != value \
                    and sum(isinstance(v, str) and v.casefold() == value.casefold() for v in allowed) == 1:
                found.append(("enum-case", name, value.upper()))
    for name, subschema in properties.items():
        if name not in arguments and name not in required and isinstance(subschema, dict):
            found.append(("null-for-optional", name, None))
            break
    return found


def sent_well_shaped(truth: dict, mistake: str, name: str, value: Any) -> dict:
    """What the mistaken call says, in the shape the schema wants: the ground truth, except
    where the model left content out (`bare-scalar-many` says only its first item)."""
    return {**truth, name: [value]} if mistake == "bare-scalar-many" else truth


def classify(boundary, truth: dict, mistake: str, name: str, value: Any) -> str:
    call = {**truth, name: value}
    outcome = boundary.check(call)
    if outcome.status == "rejected":
        paths = [error["path"] for error in outcome.envelope["error"]["errors"]]
        return "rejected" if any(path == f"$.{name}" or path.startswith(f"$.{name}[") for path in paths) \
            else "elsewhere"
    if outcome.status == "valid":
        return "accepted as-is"  # the schema itself allows the mistake: a lint finding, not a repair
    if _same(outcome.arguments, truth):
        return "true repair"
    return "lost by the model" if _same(outcome.arguments, sent_well_shaped(truth, mistake, name, value)) \
        else "hidden error"


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def run(corpus: Path, limit: int | None) -> dict:
    from schema_lint.boundary import Policy, ToolBoundary
    from schema_lint.traffic.calls import RecordedCall, read_calls
    from schema_lint.replay.run import Toolset

    base = Toolset.load([str(corpus / "tools.jsonl")], Policy.none())
    tables: dict[str, collections.Counter] = {policy: collections.Counter() for policy in POLICIES}
    built: dict[tuple[int, str], Any] = {}
    seen = 0
    for call in read_calls([str(corpus / "calls.jsonl")]):
        if not isinstance(call, RecordedCall) or not isinstance(call.arguments, dict):
            continue
        plain = base.boundary_for(call)
        if plain is None or plain.check(call.arguments).status != "valid":
            continue
        seen += 1
        if limit is not None and seen > limit:
            break
        for mistake, name, value in mistakes(call.arguments, plain.schema.schema):
            for label, names in POLICIES.items():
                key = (id(plain), label)
                if key not in built:
                    built[key] = ToolBoundary(plain.schema.schema, name=plain.name, policy=Policy.from_names(names))
                tables[label][(mistake, classify(built[key], call.arguments, mistake, name, value))] += 1
    return tables


def main() -> None:
    import logging

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    parser.add_argument("--limit", type=int, help="correct calls to start from (default: all)")
    args = parser.parse_args()
    logging.getLogger("schema_lint.boundary").setLevel(logging.WARNING)
    tables = run(args.corpus, args.limit)
    kinds = sorted({mistake for table in tables.values() for mistake, _ in table})
    for label, table in tables.items():
        print(f"\npolicy {label}: {', '.join(POLICIES[label]) or 'no repairs'}")
        print(f"| mistake | {' | '.join(OUTCOMES)} |")
        print("|---|" + "---|" * len(OUTCOMES))
        for mistake in kinds:
            print(f"| {mistake} | " + " | ".join(f"{table[(mistake, o)]:,}" for o in OUTCOMES) + " |")
        hidden = sum(n for (_, o), n in table.items() if o == "hidden error")
        print(f"hidden errors: {hidden:,}")


if __name__ == "__main__":
    main()
