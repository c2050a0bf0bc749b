"""Send each near miss through the production boundary and say where it lands.

`canonicalized`: the policy repaired it (the repairs say how). `rejected`: the model gets
an envelope it can act on. `accepted`: the schema let a wrong call through, and the
rule that would have caught it is named. The boundary is the real `ToolBoundary`, so
the report predicts what runs: for a tool a framework made from a function (`--python`),
the boundary its adapter builds, which makes the framework's own readings first
(`lax-number` …; see `schema_lint.boundary.framework`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from schema_lint.boundary import Policy, ToolBoundary
from schema_lint.boundary.compiled import CompiledSchema, compiled
from schema_lint.boundary.framework import adapter_leniency, framework_boundary
from schema_lint.schema.dialect import is_openapi_dialect
from schema_lint.fuzz.model import NearMiss
from schema_lint.fuzz.mutators import Bend
from schema_lint.model import Tool


class _Unrecorded:
    """Fuzzing makes thousands of calls on purpose: they are not telemetry."""

    def emit(self, event: str, attributes: Mapping[str, Any]) -> None:
        pass


def shown_schema(tool: Tool) -> CompiledSchema:
    """The schema the model is shown, which valid calls and their near misses are made from
    (raises SchemaError for an unusable schema)."""
    return compiled(tool.schema, is_openapi_dialect(tool.format, tool.schema_pointer))


def boundary_for(tool: Tool, policy: Policy, framework: str | None = None) -> ToolBoundary:
    """The boundary production would build for `tool`, made by `framework` if a `--python` target's
    (raises SchemaError for an unusable schema).

    Behind an adapter, `format` and `pattern` stay checked here although the adapter leaves
    them to the framework: the malformed dates and addresses near misses hold are ones the
    framework refuses too, and a report of them as accepted would say the opposite."""
    options: dict[str, Any] = {"policy": policy, "side_effects": str(tool.side_effects), "telemetry": _Unrecorded(),
                               "openapi": is_openapi_dialect(tool.format, tool.schema_pointer)}
    leniency = adapter_leniency(framework, tool.strict) if framework is not None else None
    if leniency is None:
        return ToolBoundary(tool.schema, name=tool.name, **options)
    return framework_boundary(tool.schema, tool.name, replace(leniency, own_formats=False), **options)


def classify(boundary: ToolBoundary, mutator: str, bend: Bend, call: Any) -> NearMiss:
    """What the boundary does with `bend` made to a valid `call`; the rule is named only when it is accepted."""
    arguments = bend.apply(call)
    outcome = boundary.check(arguments)
    made = NearMiss(mutator, bend.path, "accepted", arguments, bend.changes)
    if outcome.status == "valid":
        return replace(made, rule=bend.rule)
    if outcome.status == "canonicalized":
        return replace(made, outcome="canonicalized", repairs=tuple(
            {"path": r.path, "rule": r.rule, "before": r.before, "after": r.after} for r in outcome.repairs))
    return replace(made, outcome="rejected", envelope=outcome.envelope)
