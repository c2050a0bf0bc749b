"""Fuzz one tool: valid calls, near misses at every site, each through the boundary.

The result depends only on the tool, the options and the seed: calls come from a seeded
generator, sites and mutators are visited in a fixed order, and of the near misses that
share a mutator, a path and an outcome the most readable is kept as the example (then
the shortest, ties broken by its text: `NearMiss.rank`), so two runs print the same report.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from schema_lint.boundary import SchemaError, ToolBoundary
from schema_lint.boundary.compiled import CompiledSchema
from schema_lint.fuzz.classify import boundary_for, classify, shown_schema
from schema_lint.fuzz.conditions import Needs, tool_needs
from schema_lint.fuzz.generate import generate_valid_calls
from schema_lint.fuzz.model import OUTCOMES, FuzzOptions, NearMiss, ToolReport
from schema_lint.fuzz.mutators import MUTATORS
from schema_lint.fuzz.sites import declared_only, sites
from schema_lint.model import Tool


def fuzz_tools(tools: Iterable[tuple[str, Tool]], options: FuzzOptions,
               on_tool: Callable[[ToolReport], None] | None = None,
               frameworks: Mapping[str, Mapping[str, str]] | None = None) -> list[ToolReport]:
    """Fuzz each (file, tool) in order; `on_tool` hears of each one as it finishes. `frameworks`
    names, by file and tool name, the framework that made a tool of a `--python` target."""
    reports = []
    for file, tool in tools:
        report = fuzz_tool(tool, file, options, (frameworks or {}).get(file, {}).get(tool.name))
        reports.append(report)
        if on_tool is not None:
            on_tool(report)
    return reports


def fuzz_tool(tool: Tool, file: str, options: FuzzOptions, framework: str | None = None) -> ToolReport:
    report = ToolReport(tool.name, file)
    try:
        boundary = boundary_for(tool, options.policy, framework)
        shown = shown_schema(tool)
    except SchemaError as exc:
        report.unsupported = str(exc)
        return report
    generated = generate_valid_calls(shown, options.examples, options.seed, options.budget)
    report.unsupported, report.discarded, report.failed = generated.unsupported, generated.discarded, generated.failed
    calls = [_trimmed(shown, call) for call in generated.calls]
    report.valid_calls = len(calls)
    if calls:
        near_misses = list(_near_misses(boundary, shown, calls, tool_needs(tool)))
        report.checked = len(near_misses)
        report.near_misses = _representatives(near_misses)
    return report


def _trimmed(schema: CompiledSchema, call: Any) -> Any:
    """The call with only declared keys, when that is still valid (`minProperties` may object)."""
    trimmed = declared_only(schema, call)
    return trimmed if schema.is_valid(trimmed) else call


def _near_misses(boundary: ToolBoundary, shown: CompiledSchema, calls: list[Any], needs: Needs) -> Iterable[NearMiss]:
    """Every mutator at every site of every call, each distinct near miss classified once."""
    seen: set[tuple[str, str, str]] = set()
    for call in calls:
        for site in sites(shown, call):
            for mutator in MUTATORS.values():
                for bend in mutator.bends(site, needs):
                    key = (mutator.name, bend.path, _text(bend.apply(call)))
                    if key not in seen:
                        seen.add(key)
                        yield classify(boundary, mutator.name, bend, call)


def _representatives(near_misses: Iterable[NearMiss]) -> list[NearMiss]:
    """One near miss per (mutator, path, outcome): the most readable, in report order."""
    best: dict[tuple[str, str, str], tuple[tuple[int, int, int, str], NearMiss]] = {}
    for miss in near_misses:
        rank = miss.rank
        key = (miss.mutator, miss.path, miss.outcome)
        if key not in best or rank < best[key][0]:
            best[key] = (rank, miss)
    order = {name: index for index, name in enumerate(MUTATORS)}
    return [best[key][1] for key in sorted(best, key=lambda k: (order[k[0]], k[1], OUTCOMES.index(k[2])))]


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)
