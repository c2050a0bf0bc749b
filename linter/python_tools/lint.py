"""Lint the tools of `--python` targets into the run's result, one target at a time.

Each target's tools are read in a child process (`child`), linted as a live server's
listing (`live.lint`), under `python:<module>:<attr>`, and its findings moved onto
`<that>/<tool>` with the `file:line` of the tool's Python definition. A target that
cannot be had is an SL000 finding naming it (exit 2), and the other targets, servers and
files are still linted.
"""

from __future__ import annotations

from typing import Any

from schema_lint.live.lint import add_failure, lint_listing
from schema_lint.python_tools.child import tools_in_child
from schema_lint.python_tools.target import Target, TargetError, parse


def lint_targets(linter, specs: tuple[str, ...], result, limits) -> None:
    for spec in specs:
        try:
            target, tools, sources = target_tools(spec, limits)
        except TargetError as exc:
            add_failure(result, f"python:{spec.strip()}", failure_message(spec, exc))
            continue
        lint_listing(linter, result, target.path, tools, sources)
    result.diagnostics.sort(key=lambda d: d.sort_key)


def target_tools(spec: str, limits) -> tuple[Target, list[dict[str, Any]], dict[str, str]]:
    """The target `spec` names, its tools, and the `file:line` of each one's definition."""
    target = parse(spec)
    tools, sources = tools_in_child(target.spec, limits)
    return target, tools, sources


def failure_message(spec: str, exc: TargetError) -> str:
    return f"Python object `{spec.strip()}`: {exc}"
