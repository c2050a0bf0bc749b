"""Per-call cost of the boundary next to bare validators, measured in the same run.

Three calls against one 8-property schema: a valid call, a call needing one repair
(a scalar where an array is wanted) and a call that is rejected with two errors. For
each, ``ToolBoundary.check`` is timed next to bare ``jsonschema`` and bare
``jsonschema_rs`` validation of the same arguments (``is_valid``, and for failing calls
also collecting every error, which is what the boundary does). The target: a valid call
through the boundary costs at most 2.5x bare jsonschema-rs validation. (Screening every
call against JSON's data model, which bare validation skips and pays for with crashes and
silent passes on non-JSON values, once took it to 4x; the screen now looks only at what
the validator does not vouch for.)

Run: ``python bench/boundary_bench.py`` (add ``--quick`` for a short smoke run).
"""

from __future__ import annotations

import argparse
import logging
import timeit

import jsonschema
import jsonschema_rs

from schema_lint.boundary import ToolBoundary

SCHEMA = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "minLength": 1, "maxLength": 200},
        "priority": {"type": "string", "enum": ["low", "normal", "high"]},
        "channel": {"type": "string", "enum": ["console", "email"]},
        "recipient": {"type": "string", "format": "email"},
        "labels": {"type": "array", "items": {"type": "string", "maxLength": 50}, "maxItems": 10},
        "due": {"type": "string", "format": "date"},
        "estimate_hours": {"type": "number", "minimum": 0, "maximum": 1000},
        "notify": {"type": "boolean"},
    },
    "required": ["title", "priority", "channel"],
    "additionalProperties": False,
}
VALID = {"title": "Disk full on build agent", "priority": "high", "channel": "email",
         "recipient": "ops@example.com", "labels": ["infra", "ci"], "due": "2024-05-01",
         "estimate_hours": 2.5, "notify": True}
ONE_REPAIR = {**VALID, "labels": "infra"}
REJECTED = {**{k: v for k, v in VALID.items() if k != "priority"}, "userId": 42}


def per_call_us(functions, numbers, repeat: int) -> list[float]:
    """Best of ``repeat`` rounds, in microseconds per call, for each function.

    The functions are timed in turn within each round, so a burst of load on a shared
    machine hits all of them rather than skewing one ratio.
    """
    best = [float("inf")] * len(functions)
    for _ in range(repeat):
        for i, (function, number) in enumerate(zip(functions, numbers)):
            best[i] = min(best[i], timeit.timeit(function, number=number) / number * 1e6)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer iterations, for a smoke run")
    options = parser.parse_args()
    number, repeat = (2_000, 3) if options.quick else (50_000, 7)
    logging.getLogger("schema_lint.boundary").setLevel(logging.WARNING)  # time the boundary, not a log handler

    boundary = ToolBoundary(SCHEMA, name="create_ticket")
    fast = jsonschema_rs.validator_for(SCHEMA, validate_formats=True)
    reference_class = jsonschema.validators.validator_for(SCHEMA)
    reference = reference_class(SCHEMA, format_checker=reference_class.FORMAT_CHECKER)
    assert boundary.check(VALID).status == "valid"
    assert boundary.check(ONE_REPAIR).status == "canonicalized"
    assert boundary.check(REJECTED).status == "rejected"

    print(f"{'call':<12} {'boundary.check':>15} {'jsonschema-rs':>14} {'jsonschema':>11}   ratios")
    for label, call in (("valid", VALID), ("one repair", ONE_REPAIR), ("rejected", REJECTED)):
        if label == "valid":
            bare_rs, bare_py = (lambda: fast.is_valid(call)), (lambda: reference.is_valid(call))
        else:  # a failing call: the boundary collects every error, so the bare validators do too
            bare_rs, bare_py = (lambda: list(fast.iter_errors(call))), (lambda: list(reference.iter_errors(call)))
        ours, rs, py = per_call_us([lambda: boundary.check(call), bare_rs, bare_py],
                                   [number // 10 if label != "valid" else number, number, max(number // 50, 100)],
                                   repeat)
        print(f"{label:<12} {ours:>12.2f} µs {rs:>11.2f} µs {py:>8.2f} µs   "
              f"{ours / rs:.1f}x jsonschema-rs, {ours / py:.2f}x jsonschema")
    print("target: valid call ≤ 2.5x bare jsonschema-rs validation")


if __name__ == "__main__":
    main()
