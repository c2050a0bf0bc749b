"""Pieces shared by the human-readable formats. What comes from the input (paths,
messages that echo names) is printed through `display.escape`, so no control
character reaches the terminal and no line can be forged."""

from __future__ import annotations

import collections

from schema_lint.text.display import clip, escape
from schema_lint.fixes.summary import applicable
from schema_lint.model import Severity

_COLORS = {Severity.ERROR: "31", Severity.WARNING: "33", Severity.INFO: "36"}


def paint(text: str, code: str, enabled: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if enabled else text


_LABELS = {(severity, color): paint(f"[{severity}]", code, color) for severity, code in _COLORS.items()
           for color in (False, True)}


def severity_label(severity: Severity, color: bool) -> str:
    return _LABELS[severity, bool(color)]


def location(diagnostic) -> str:
    """`file:line:col`; for a tool in no file, `mcp:<server>/<tool>#<pointer>` (or `python:…`),
    followed by ` (file.py:12)` where the Python definition it was generated from is known."""
    span = diagnostic.span
    path = escape(diagnostic.path)
    if diagnostic.live:
        where = f"{path}#{escape(diagnostic.pointer)}" if diagnostic.pointer else path
        return f"{where} ({escape(diagnostic.source)})" if diagnostic.source else where
    return f"{path}:{span.line}:{span.column}" if span else path


def head(diagnostic, options) -> str:
    """`CODE [*] [severity] tool: message`, as ruff marks a finding the flags can fix with `[*]`.

    The tool is named unless the message or the location (`mcp:<server>/<tool>`) names it
    already: a file of fourteen tools otherwise says "object `(root)`" fourteen times with
    nothing to tell them apart."""
    code = paint(diagnostic.code, "1;31", options.color) if options.color else diagnostic.code
    mark = " [*]" if applicable(diagnostic, options.unsafe_fixes) else ""
    tool = diagnostic.tool
    named = f"{escape(clip(tool))}: " if tool and not diagnostic.live and f"`{tool}`" not in diagnostic.message else ""
    return f"{code}{mark} {severity_label(diagnostic.severity, options.color)} {named}{escape(diagnostic.message)}"


def summary(result, options) -> str:
    """The closing line, and what `--fix` did or could do (as ruff words it)."""
    fixes = getattr(result, "fix_summary", None)
    lines = [_findings_line(result, fixes.fixed if fixes else None, options.verbose)]
    if fixes:
        lines.extend(fixes.lines())
    return "\n".join(lines)


def _findings_line(result, fixed: int | None, verbose: bool) -> str:
    diagnostics = result.diagnostics
    if fixed:
        total = fixed + len(diagnostics)
        return f"Found {total} finding{'s' if total != 1 else ''} ({fixed} fixed, {len(diagnostics)} remaining)."
    if not diagnostics:
        if not result.tools_checked:
            hint = "" if verbose else " (`-v` lists the files read)"  # with -v, they are listed above
            return f"No tool found in {_read_places(result.documents)}: nothing was checked{hint}."
        return f"All checks passed ({_count(result.tools_checked, 'tool')} in {_read_places(result.documents)})."
    counts = collections.Counter(d.severity for d in diagnostics)
    parts = [f"{counts[s]} {s}{'s' if counts[s] != 1 else ''}" for s in sorted(counts, reverse=True)]
    noun = "finding" if len(diagnostics) == 1 else "findings"
    return f"Found {len(diagnostics)} {noun} ({', '.join(parts)}) in {_places(diagnostics)}."


_LIVE_KINDS = {"mcp": "server", "python": "Python target"}


def _places(diagnostics) -> str:
    """`3 files`, or `1 server` for a live MCP server's tools (`mcp:<server>/<tool>`, one place,
    not one per tool), or both."""
    places: dict[str, set[str]] = collections.defaultdict(set)
    for d in diagnostics:
        scheme = d.path.split(":", 1)[0] if d.live else ""
        places[_LIVE_KINDS.get(scheme, "file")].add(d.path.split("/", 1)[0] if scheme in _LIVE_KINDS else d.path)
    return _counted(places)


def _read_places(documents) -> str:
    """The documents a run read, counted as `_places` counts: a live listing (kind `mcp`, at
    `mcp:<server>` or `python:<target>`) is its server's or Python target's, not a file."""
    places: dict[str, set[str]] = collections.defaultdict(set)
    for path, document in documents.items():
        scheme = path.split(":", 1)[0] if document is not None and document.kind == "mcp" else ""
        places[_LIVE_KINDS.get(scheme, "file")].add(path)
    return _counted(places) if places else _count(0, "file")


def _counted(places: dict[str, set[str]]) -> str:
    counted = [_count(len(places[kind]), kind) for kind in ["file", *_LIVE_KINDS.values()] if places[kind]]
    return ", ".join(counted[:-1]) + " and " + counted[-1] if len(counted) > 1 else counted[0]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
