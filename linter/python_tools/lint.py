"""Lint the tools of `--python` targets into the run's result, one target at a time.

Each target's tools are linted as a live server's listing (`live.lint`), under
`python:<module>:<attr>`, and its findings moved onto `<that>/<tool>` with the `file:line`
of the tool's Python definition. A target that cannot be had is an SL000 finding naming
it (exit 2), and the other targets, servers and files are still linted.
"""

from __future__ import annotations

from typing import Any

from schema_lint.live.lint import add_failure, lint_listing
from schema_lint.python_tools.source import source_of
from schema_lint.python_tools.target import Target, TargetError, load, parse
from schema_lint.python_tools.tools import tools_of


def lint_targets(linter, specs: tuple[str, ...], result, timeouts) -> None:
    for spec in specs:
        try:
            target, tools, definitions = target_tools(spec, timeouts)
        except TargetError as exc:
            add_failure(result, f"python:{spec.strip()}", failure_message(spec, exc))
            continue
        sources = {name: source_of(definition) for name, definition in definitions.items()}
        lint_listing(linter, result, target.path, tools, {name: where for name, where in sources.items() if where})
    result.diagnostics.sort(key=lambda d: d.sort_key)


def target_tools(spec: str, timeouts) -> tuple[Target, list[dict[str, Any]], dict[str, object]]:
    """The target `spec` names, its tools, and the Python object of each (`tools.tools_of`)."""
    target = parse(spec)
    tools, definitions = tools_of(load(target), target.spec, timeouts)
    return target, tools, definitions


def failure_message(spec: str, exc: TargetError) -> str:
    return f"Python object `{spec.strip()}`: {exc}"
