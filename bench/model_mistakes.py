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
| list-for-one-value | `["Paris"]` | `"Paris"` |
| near-miss-key | `{"loc": …}`, `{"userId": …}` | `{"location": …}`, `{"user_id": …}` (a required argument) |

Each is sent through `ToolBoundary.check` under each policy and counted as a **true
repair** (canonicalized to exactly the ground truth), a **hidden error** (canonicalized
to something that is neither the ground truth nor what the model sent: a repair changed
what the call says and made it pass silently), **lost by the model** (canonicalized to
exactly what the model sent, in the right shape, which is not the ground truth),
**rejected** at the mistaken argument's path (the model is told), rejected
**elsewhere**, or **accepted as-is** (the schema itself allows the mistake: no policy is
involved, and a lint finding such as SL203 or SL202 is the remedy).

For the rejected calls the script also applies what the envelope says, as a model would
(the value it names for a list sent where one value is wanted, the key it names for a
near-miss one) and counts the calls that become exactly the ground truth.

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
            found.append(("list-for-one-value", name, [value]))
            allowed = properties[name].get("enum")
            if isinstance(allowed, list) and value in allowed and value.upper() != value \
                    and sum(isinstance(v, str) and v.casefold() == value.casefold() for v in allowed) == 1:
                found.append(("enum-case", name, value.upper()))
    for name, subschema in properties.items():
        if name not in arguments and name not in required and isinstance(subschema, dict):
            found.append(("null-for-optional", name, None))
            break
    for name in required:
        key = near_miss_key(name)
        if name in arguments and key is not None and key not in properties:
            found.append(("near-miss-key", name, key))
    return found


def near_miss_key(name: str) -> str | None:
    """How models misname a required argument: camelCase for snake_case, or its first three letters."""
    if "_" in name.strip("_"):
        head, *rest = name.split("_")
        return head + "".join(part.capitalize() for part in rest)
    return name[:3] if len(name) >= 6 and name.isalpha() else None


def mistaken_call(truth: dict, mistake: str, name: str, value: Any) -> dict:
    """The call the model sent: one argument's value replaced, or (``near-miss-key``) its key."""
    if mistake == "near-miss-key":
        return {(value if key == name else key): member for key, member in truth.items()}
    return {**truth, name: value}


def apply_envelope(call: dict, envelope: dict) -> dict:
    """What a model that does what the envelope says sends next: each concrete value it names
    for a list sent where one value is wanted, each key it says was meant; nothing else."""
    fixed = dict(call)
    for error in envelope["error"]["errors"]:
        name, repair = error["path"].removeprefix("$."), error["repair"]
        prefix, suffix = f"send {name} as ", ", not as a list, and resubmit the same call"
        if error["reason"] == "list-for-one-value" and repair.startswith(prefix) and repair.endswith(suffix):
            try:  # a value too long to show is named, not shown: nothing to apply
                fixed[name] = json.loads(repair[len(prefix):-len(suffix)])
            except json.JSONDecodeError:
                pass
        elif error["reason"] == "required" and repair.startswith("you sent "):
            sent = repair.removeprefix("you sent ").split(";")[0]
            if sent in fixed:
                fixed[name] = fixed.pop(sent)
    return fixed


def sent_well_shaped(truth: dict, mistake: str, name: str, value: Any) -> dict:
    """What the mistaken call says, in the shape the schema wants: the ground truth, except
    where the model left content out (`bare-scalar-many` says only its first item)."""
    return {**truth, name: [value]} if mistake == "bare-scalar-many" else truth


def classify(boundary, truth: dict, mistake: str, name: str, value: Any) -> str:
    return judge(boundary, truth, mistake, name, value)[0]


def judge(boundary, truth: dict, mistake: str, name: str, value: Any) -> tuple[str, bool]:
    """(the outcome, and for a rejected call whether applying its envelope gives the ground truth)."""
    call = mistaken_call(truth, mistake, name, value)
    outcome = boundary.check(call)
    if outcome.status == "rejected":
        paths = [error["path"] for error in outcome.envelope["error"]["errors"]]
        at_path = any(path == f"$.{name}" or path.startswith(f"$.{name}[") for path in paths)
        return ("rejected" if at_path else "elsewhere"), _same(apply_envelope(call, outcome.envelope), truth)
    return _passed(outcome, truth, mistake, name, value), False


def _passed(outcome, truth: dict, mistake: str, name: str, value: Any) -> str:
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
    applied: dict[str, collections.Counter] = {policy: collections.Counter() for policy in POLICIES}
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
                outcome, led_to_truth = judge(built[key], call.arguments, mistake, name, value)
                tables[label][(mistake, outcome)] += 1
                applied[label][mistake] += led_to_truth
    return tables, applied


def main() -> None:
    import logging

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    parser.add_argument("--limit", type=int, help="correct calls to start from (default: all)")
    args = parser.parse_args()
    logging.getLogger("schema_lint.boundary").setLevel(logging.WARNING)
    tables, applied = run(args.corpus, args.limit)
    kinds = sorted({mistake for table in tables.values() for mistake, _ in table})
    for label, table in tables.items():
        print(f"\npolicy {label}: {', '.join(POLICIES[label]) or 'no repairs'}")
        print(f"| mistake | {' | '.join(OUTCOMES)} |")
        print("|---|" + "---|" * len(OUTCOMES))
        for mistake in kinds:
            print(f"| {mistake} | " + " | ".join(f"{table[(mistake, o)]:,}" for o in OUTCOMES) + " |")
        hidden = sum(n for (_, o), n in table.items() if o == "hidden error")
        print(f"hidden errors: {hidden:,}")
        print("rejected calls that become the ground truth when the envelope is applied: " + ", ".join(
            f"{mistake} {applied[label][mistake]:,} of {table[(mistake, 'rejected')] + table[(mistake, 'elsewhere')]:,}"
            for mistake in kinds if applied[label][mistake]))


if __name__ == "__main__":
    main()
