"""Fixes for tools of a live MCP server, which no `--fix` can write: the tool lives in
the server's code, so `--diff` prints each fix as a JSON Patch (RFC 6902) on the tool as
`tools/list` serves it, for the person who owns that code to carry over. So too a
`--python` tool's fix that could not be made in its source, and the fixes in a file whose
text is not edited (JSONC, a YAML stream: see `editable`), a patch on the document as parsed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from schema_lint.text.display import escape, json_text
from schema_lint.fixes.editable import why_not_edited
from schema_lint.fixes.summary import enabled
from schema_lint.model import Diagnostic, Fix, FixSafety


def json_patch(fix: Fix) -> list[dict]:
    """The fix's operations as JSON Patch: `add` sets a member whether or not it exists, as RFC 6902's does."""
    return [{"op": op.op, "path": op.path} if op.op == "remove" else {"op": op.op, "path": op.path, "value": op.value}
            for op in fix.operations]


def live_fixes(diagnostics: list[Diagnostic], unsafe: bool) -> list[Diagnostic]:
    return [d for d in diagnostics if d.live and enabled(d, unsafe)]


def hidden_live_note(diagnostics: list[Diagnostic], unsafe: bool, in_source: set[int],
                     python_targets: Iterable[str] = ()) -> list[str]:
    """What `--fix` and `--diff` without `--unsafe-fixes` say of the live tools' fixes only that
    flag enables (a `--python` tool's fix made in its source aside, by `id` in ``in_source``):
    as ruff's summary names its hidden fixes, rather than nothing. A `--python` tool's (one of
    `python_targets`, by path) is made in its source where it can be, so it is told apart
    from a running server's."""
    if unsafe:
        return []
    hidden = [d for d in live_fixes(diagnostics, True) if id(d) not in in_source and not enabled(d, False)]
    return _by_target(
        hidden, python_targets,
        lambda n: f"{_fixes(n)} on tools of a live MCP server can be enabled with the `--unsafe-fixes` option "
                  f"(`--diff --unsafe-fixes` prints {_them(n)} as JSON Patch)",
        lambda n: f"{_fixes(n)} on `--python` tools can be enabled with the `--unsafe-fixes` option "
                  f"(made in the Python source where {'they' if n != 1 else 'it'} can be)")


def suggestions_note(diagnostics: list[Diagnostic]) -> list[str]:
    """What `--fix` and `--diff` say of the suggestions they leave (a value only a person can
    choose): a run that printed "No fixes to apply." above findings with a suggested change
    left a newcomer wondering where it went."""
    count = sum(1 for d in diagnostics if d.fix is not None and d.fix.operations
                and d.fix.safety is FixSafety.SUGGESTION)
    if not count:
        return []
    noun = "suggestion" if count == 1 else "suggestions"
    return [f"{count:,} {noun} left for review: `--fix` never applies {_them(count)} "
            "(`check --output-format full`, without `--fix` or `--diff`, shows each with its evidence)"]


def unedited_fixes(diagnostics: list[Diagnostic], unsafe: bool) -> list[Diagnostic]:
    """The enabled fixes in files whose text is not edited: noted so when linted, before
    any fix was tried."""
    return [d for d in diagnostics if not d.live and d.fix_note is not None and enabled(d, unsafe)]


def render(shown: list[Diagnostic]) -> str:
    """`--diff` for the `live_fixes` or `unedited_fixes`: per fix, where and what, then its
    JSON Patch on one line."""
    out = []
    for diagnostic in shown:
        fix: Fix = diagnostic.fix  # type: ignore[assignment]  # enabled, so there is one
        span = diagnostic.span
        where = f"{diagnostic.path}:{span.line}:{span.column}" if span else diagnostic.path
        out.append(escape(f"# {where}: {diagnostic.code} {fix.description} ({fix.safety})"))
        out.append(json_text(json_patch(fix)))
    return "".join(line + "\n" for line in out)


def fix_notes(live: list[Diagnostic], python_targets: Iterable[str]) -> list[str]:
    """What `--fix` says about the `live_fixes` it cannot write: a server's cannot be edited;
    a fix on a tool of a `--python` target (one of `python_targets`, by path) was not made in
    its source, for the reason its own note gives."""
    return _by_target(
        live, python_targets,
        lambda n: f"{_fixes(n)} on tools of a live MCP server not applied: a running server cannot be edited "
                  f"(`--diff` prints {_them(n)} as JSON Patch)",
        lambda n: f"{_fixes(n)} on `--python` tools not applied: not made in the Python source, for the "
                  f"{'reasons' if n != 1 else 'reason'} noted above (`--diff` prints {_them(n)} as JSON Patch)")


def _by_target(live: list[Diagnostic], python_targets: Iterable[str], of_served: Callable[[int], str],
               of_python: Callable[[int], str]) -> list[str]:
    """What is said of the live tools' fixes on a running server's tools, and of those on the
    tools of a `--python` target (one of `python_targets`, by path), given how many: a note
    for each kind there is."""
    prefixes = tuple(path + "/" for path in python_targets)
    python = sum(1 for d in live if prefixes and d.path.startswith(prefixes))
    return [say(count) for count, say in ((len(live) - python, of_served), (python, of_python)) if count]


def unedited_notes(unedited: list[Diagnostic], documents) -> list[str]:
    """What `--fix` and `--diff` say about the `unedited_fixes`: per file (of `documents`,
    by path), how many and why."""
    counts = Counter(d.path for d in unedited)
    return [escape(f"{path}: {_fixes(count)} not applied: {why_not_edited(documents[path])}; apply {_them(count)} "
                   f"by hand (`--diff` prints {_them(count)} as JSON Patch)") for path, count in counts.items()]


def _fixes(count: int) -> str:
    return f"{count} fix{'es' if count != 1 else ''}"


def _them(count: int) -> str:
    return "them" if count != 1 else "it"
