"""Fixes for tools of a live MCP server, which no `--fix` can write: the tool lives in
the server's code, so `--diff` prints each fix as a JSON Patch (RFC 6902) on the tool as
`tools/list` serves it, for the person who owns that code to carry over."""

from __future__ import annotations

from schema_lint.text.display import escape, json_text
from schema_lint.fixes.summary import enabled
from schema_lint.model import Diagnostic, Fix


def json_patch(fix: Fix) -> list[dict]:
    """The fix's operations as JSON Patch: `add` sets a member whether or not it exists, as RFC 6902's does."""
    return [{"op": op.op, "path": op.path} if op.op == "remove" else {"op": op.op, "path": op.path, "value": op.value}
            for op in fix.operations]


def live_fixes(diagnostics: list[Diagnostic], unsafe: bool) -> list[Diagnostic]:
    return [d for d in diagnostics if d.live and enabled(d, unsafe)]


def render(live: list[Diagnostic]) -> str:
    """`--diff` for the `live_fixes`: per fix, where and what, then its JSON Patch on one line."""
    out = []
    for diagnostic in live:
        fix: Fix = diagnostic.fix  # type: ignore[assignment]  # a live fix: enabled, so there is one
        out.append(escape(f"# {diagnostic.path}: {diagnostic.code} {fix.description} ({fix.safety})"))
        out.append(json_text(json_patch(fix)))
    return "".join(line + "\n" for line in out)


def fix_note(live: list[Diagnostic]) -> str | None:
    """What `--fix` says about the `live_fixes` it cannot write."""
    count = len(live)
    if not count:
        return None
    return (f"{count} fix{'es' if count != 1 else ''} on tools of a live MCP server not applied: a running server "
            f"cannot be edited (`--diff` prints {'them' if count != 1 else 'it'} as JSON Patch)")
