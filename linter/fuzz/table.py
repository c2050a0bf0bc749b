"""`--output-format table` (the default): per tool, one row per mutator × outcome.

Each row counts the near misses (distinct paths) that landed in that cell and shows the
most readable as its example, so "which wrong calls does this tool let through?" is answered
by the `accepted` rows, each naming the rule that would have caught it.
"""

from __future__ import annotations

import click

from schema_lint.text.display import escape
from schema_lint.fuzz.model import FuzzResult, ToolReport
from schema_lint.fuzz.report import cells, example_text, headline, outcome_label

_COLORS = {"canonicalized": "green", "rejected": None, "accepted": "red"}


def render(result: FuzzResult, color: bool = False) -> str:
    blocks = [_tool_block(tool, color) for tool in result.tools]
    return "".join(blocks) + headline(result) + "\n"


def _tool_block(tool: ToolReport, color: bool) -> str:
    name, file = escape(tool.name), escape(tool.file)
    title = click.style(name, bold=True) if color else name
    if tool.unsupported:
        return f"{title}  {file}\n  not fuzzed: {escape(tool.unsupported)}\n\n"
    tool_cells = cells(tool)
    rows = [(cell.mutator, outcome_label(cell), str(cell.count), escape(example_text(cell.example)))
            for cell in tool_cells]
    discarded = f", {tool.discarded} generated calls discarded as invalid" if tool.discarded else ""
    lines = [f"{title}  {file}  ({tool.valid_calls} valid calls{discarded})"]
    if not rows:
        lines.append("  no mutator applies to these calls")
    widths = [max(len(row[i]) for row in [("mutator", "outcome", "paths", ""), *rows]) for i in range(3)]
    if rows:
        lines.append(f"  {'mutator':<{widths[0]}}  {'outcome':<{widths[1]}}  {'paths':>{widths[2]}}  example")
    for (mutator, outcome, count, example), cell in zip(rows, tool_cells):
        shown = f"{outcome:<{widths[1]}}"
        if color and _COLORS[cell.outcome]:
            shown = click.style(shown, fg=_COLORS[cell.outcome])
        lines.append(f"  {mutator:<{widths[0]}}  {shown}  {count:>{widths[2]}}  {example}")
    return "\n".join(lines) + "\n\n"
