"""Lint the tools of `--python` targets into the run's result, one target at a time.

Each target's tools are read in a child process (`child`), linted as a live server's
listing (`live.lint`), under `python:<module>:<attr>`, its findings moved onto
`<that>/<tool>` with the `file:line:col` of the tool's Python definition (of the parameter
or field, for a finding under one), and fitted to the framework that generated the tool
(`frameworks`). A target that cannot be had is an SL000 finding naming it (exit 2), and
the other targets, servers and files are still linted; so is a part of it that offers
tools the child cannot read without running it (a pydantic-ai agent's MCP server), beside
the findings on the tools it read.
"""

from __future__ import annotations

from schema_lint.live.document import failed_document
from schema_lint.live.lint import add_failure, lint_listing
from schema_lint.python_tools.child import Answer, tools_in_child
from schema_lint.python_tools.frameworks import fitted
from schema_lint.python_tools.source_fixes import Read
from schema_lint.python_tools.target import Target, TargetError, parse


def lint_targets(linter, specs: tuple[str, ...], result, limits) -> None:
    for spec in specs:
        try:
            target, answer = target_tools(spec, limits)
        except TargetError as exc:
            add_failure(result, f"python:{spec.strip()}", failure_message(spec, exc))
            continue
        result.python_targets[target.path] = Read(target.spec, answer, limits, {})  # what its fixes are planned from
        start = len(result.diagnostics)
        lint_listing(linter, result, target.path, answer.tools, definitions(answer))
        result.diagnostics[start:] = fitted(result.diagnostics[start:], answer.tools, answer.sources)
        result.diagnostics += [failed_document(target.path, failure_message(spec, TargetError(unread)))[1]
                               for unread in answer.unread]
    result.diagnostics.sort(key=lambda d: d.sort_key)


def target_tools(spec: str, limits) -> tuple[Target, Answer]:
    """The target `spec` names, and its tools as the child read them."""
    target = parse(spec)
    return target, tools_in_child(target.spec, limits)


def definitions(answer: Answer) -> dict[str, str]:
    """The `file:line:col` of each tool's function or model, where the child found it."""
    return {name: source["at"] for name, source in answer.sources.items()
            if isinstance(source, dict) and isinstance(source.get("at"), str)}


def failure_message(spec: str, exc: TargetError) -> str:
    return f"Python object `{spec.strip()}`: {exc}"
