"""Does `--fix --unsafe-fixes` keep what works working? Three figures on the shared corpus.

    python bench/fix_safety.py [--corpus ../shared/corpus] [--keep DIR]

On a writable copy of `tools.jsonl` the script runs `schema-lint check --fix
--unsafe-fixes` once, then measures:

1. **calls broken**: ground-truth calls of `calls.jsonl` that the original tools
   accept (valid or canonicalized) and the fixed tools reject, the figure
   `schema-lint replay --against` gates on;
2. **defaults and examples broken**: every `default` and `examples` item that its own
   subschema accepts in the original tool and rejects at the same place in the fixed
   one;
3. **second run**: whether a second `--fix --unsafe-fixes` run changes the file.

Each is printed with the cases behind it (`--show N`). The target for all three is 0.
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def run_fix(path: Path) -> str:
    run = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--fix", "--unsafe-fixes",
                          "--output-format", "concise", str(path)], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"--fix failed ({run.returncode}): {run.stdout[-2000:]}{run.stderr[-2000:]}")
    return run.stdout.strip().splitlines()[-3:]


def broken_calls(original: Path, fixed: Path, calls: Path) -> list:
    from schema_lint.boundary import Policy
    from schema_lint.traffic.calls import read_calls
    from schema_lint.replay.run import Toolset, replay

    policy = Policy.default()
    tally = replay(read_calls([str(calls)]), Toolset.load([str(original)], policy),
                   Toolset.load([str(fixed)], policy))
    return tally.regressions


def argument_schemas(path: Path) -> dict[str, Any]:
    """uid → the tool's argument schema, followed along its `schema_path`."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        schema = record["tool"]
        for step in record["schema_path"]:
            schema = schema[step] if isinstance(schema, dict) else None
        found[record["uid"]] = schema
    return found


def stated_values(schema: Any, pointer: str = "") -> list[tuple[str, str, Any]]:
    """(pointer of the subschema, "default"/"examples", value) for every stated value."""
    out = []
    if isinstance(schema, dict):
        if "default" in schema:
            out.append((pointer, "default", schema["default"]))
        if isinstance(schema.get("examples"), list):
            out.extend((pointer, "examples", example) for example in schema["examples"])
        for key, value in schema.items():
            if key not in ("default", "examples", "enum", "const"):
                out.extend(stated_values(value, f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}"))
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            out.extend(stated_values(value, f"{pointer}/{index}"))
    return out


def validators(schema: Any) -> Any:
    """Per-subschema validators, as the linter's own fix gate builds them (None: no compile)."""
    from schema_lint.gate import validators_for

    return validators_for(schema)


def broken_values(original: Path, fixed: Path) -> tuple[int, list]:
    before, after = argument_schemas(original), argument_schemas(fixed)
    checked, broken = 0, []
    for uid, schema in before.items():
        old, new = validators(schema), validators(after.get(uid))
        if old is None or new is None:
            continue
        for pointer, kind, value in stated_values(schema):
            old_node, new_node = old.get("#" + pointer), new.get("#" + pointer)
            if old_node is None or new_node is None or not old_node.is_valid(value):
                continue
            checked += 1
            if not new_node.is_valid(value):
                broken.append((uid, pointer, kind, value))
    return checked, broken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    parser.add_argument("--keep", type=Path, help="write the fixed tools here")
    parser.add_argument("--show", type=int, default=10, help="cases to print per figure")
    args = parser.parse_args()
    original = args.corpus / "tools.jsonl"
    with tempfile.TemporaryDirectory() as scratch:
        fixed = Path(scratch) / "tools.jsonl"
        shutil.copyfile(original, fixed)
        print("first run: ", " | ".join(run_fix(fixed)))
        once = fixed.read_bytes()
        regressions = broken_calls(original, fixed, args.corpus / "calls.jsonl")
        checked, values = broken_values(original, fixed)
        print("second run:", " | ".join(run_fix(fixed)))
        changed = fixed.read_bytes() != once
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            (args.keep / "tools.fixed.jsonl").write_bytes(once)

    print(f"\ncalls that passed and are rejected after the fixes: {len(regressions)}")
    reasons = collections.Counter((e.get("reason"), e.get("path")) for _, errors in regressions for e in errors)
    for (reason, path), count in reasons.most_common(args.show):
        print(f"  {count:5}  {reason:<22} {path}")
    print(f"defaults and examples made invalid: {len(values)} of {checked} valid ones")
    for uid, pointer, kind, value in values[:args.show]:
        print(f"  {uid} {pointer} {kind} = {json.dumps(value)[:60]}")
    print(f"second run changes the file: {'yes' if changed else 'no'}")


if __name__ == "__main__":
    main()
