"""What the engine reports inside `$defs`: nothing in a dead definition, and a finding
in a definition that several tools of one file copy once, naming the tools.

MCP servers and code generators often copy one `$defs` block into every tool. Linted
tool by tool, each copy repeats every finding: a server with 14 tools and 10 findings in
its shared types reports 140 lines, most of them the same. Here a finding in a
definition is reported in the first tool whose identical definition has it, says how
many others carry the same, and its fix (when every edit stays inside the definition)
edits every copy, so one `--fix` leaves none behind.
"""

from __future__ import annotations

import json

from schema_lint.model import Diagnostic, Fix
from schema_lint.schema.pointer import parent
from schema_lint.rule import ToolContext

# Findings that stay even in a definition nothing references: an invalid schema or a
# duplicate key breaks the whole document, and the unused-definition finding is the point.
KEPT_IN_UNUSED = frozenset({"SL001", "SL006", "SL017"})
_NAMES_SHOWN = 3


class _Group:
    """The copies of one finding in a definition several tools share: the first, reported
    (at `index` among the kept findings), and the other tools it stands for. `mergeable`:
    whether the first copy's fix (if any) edits only inside its own copy, so the other
    copies' fixes can travel with it."""

    def __init__(self, first: Diagnostic, index: int, mergeable: bool) -> None:
        self.first = first
        self.index = index
        self.mergeable = mergeable
        self.tools: list[str] = []
        self.operations: list = []  # the other copies' fix operations
        self.severity = first.severity

    def reported(self) -> Diagnostic:
        """The first copy, standing for all: the highest severity, every copy's fix, and the
        tools it also stands for named."""
        fix = self.first.fix
        if fix is not None and self.operations:
            fix = fix._replace(operations=fix.operations + tuple(self.operations))
        return self.first._replace(severity=self.severity, fix=fix, message=self.first.message + _also_in(self.tools))


class DefinitionFindings:
    """Collects one document's findings, tool by tool; `finish` returns what to report."""

    def __init__(self) -> None:
        self.kept: list[Diagnostic] = []
        self._groups: dict[tuple, _Group] = {}

    def add(self, ctx: ToolContext, diagnostics: list[Diagnostic]) -> None:
        definitions = ctx.definitions if _has_definitions(ctx) else None
        # Each definition's text, which tells identical copies apart: written once for all its findings.
        texts: dict[str, str] = {}
        for diagnostic in diagnostics:
            entry = definitions.entry_at(diagnostic.pointer) if definitions is not None else None
            if definitions is None or entry is None:
                self.kept.append(diagnostic)
            elif entry in definitions.used or diagnostic.code in KEPT_IN_UNUSED:
                text = texts.get(entry)
                if text is None:
                    text = texts[entry] = json.dumps(definitions.entries[entry].schema, sort_keys=True, default=str)
                self._add_in_definition(ctx, text, entry, diagnostic)

    def _add_in_definition(self, ctx: ToolContext, text: str, entry: str, diagnostic: Diagnostic) -> None:
        keyword, name = entry.rsplit("/", 2)[-2:]
        # The fix is part of what makes copies one finding: under one message, one tool's words may
        # make its copy's fix a suggestion, or none, where another's is applied; merged, the
        # applied fix would edit that tool's copy too.
        fix = diagnostic.fix
        offered = None if fix is None else (fix.safety, fix.description)
        key = (diagnostic.code, diagnostic.message, keyword, name, diagnostic.pointer[len(entry):], text, offered)
        group = self._groups.get(key)
        if group is None:
            self._groups[key] = _Group(diagnostic, len(self.kept), _edits_only(diagnostic.fix, entry))
            self.kept.append(diagnostic)
            return
        if not (group.mergeable and _edits_only(diagnostic.fix, entry)):
            self.kept.append(diagnostic)  # the fixes reach outside their copies: report apart
            return
        if diagnostic.fix is not None:
            group.operations += diagnostic.fix.operations
        group.severity = max(group.severity, diagnostic.severity)
        group.tools.append(ctx.tool.name)

    def finish(self) -> list[Diagnostic]:
        for group in self._groups.values():
            if group.tools:
                self.kept[group.index] = group.reported()
        return self.kept


def _has_definitions(ctx: ToolContext) -> bool:
    # Asked of every tool: one without either keyword (nearly every one) is told by its keywords.
    return not ctx.keywords.isdisjoint(_DEFINITION_KEYWORDS) and any(
        node.keyword in _DEFINITION_KEYWORDS for node in ctx.nodes)


_DEFINITION_KEYWORDS = ("$defs", "definitions")


def _edits_only(fix: Fix | None, entry: str) -> bool:
    return fix is None or all(_inside(op.path, entry) for op in fix.operations)


def _inside(path: str, entry: str) -> bool:
    """Whether an edit at `path` stays within this copy: the definition, or its own
    `$defs` keyword (removing a container whose every entry is unused)."""
    return path == entry or path.startswith(entry + "/") or path == parent(entry)


def _also_in(tools: list[str]) -> str:
    shown = ", ".join(f"`{name}`" for name in tools[:_NAMES_SHOWN])
    more = f" and {len(tools) - _NAMES_SHOWN:,} more" if len(tools) > _NAMES_SHOWN else ""
    count = len(tools)
    return (f" (also in the identical definition of {count:,} other tool{'s' if count != 1 else ''}: "
            f"{shown}{more}; reported once)")
