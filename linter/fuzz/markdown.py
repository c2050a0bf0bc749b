"""`--output-format markdown`: the report as a pull-request comment.

Accepted near misses come first in each tool's table, in bold: they are the review's
subject. Tools whose near misses were all canonicalized or rejected fold into one line.
"""

from __future__ import annotations

from schema_lint.fuzz.model import FuzzResult, ToolReport
from schema_lint.fuzz.report import cells, example_text, headline, outcome_label
from schema_lint.report.markdown_text import cell, code, message, text


def render(result: FuzzResult, color: bool = False) -> str:
    parts = ["## schema-lint fuzz\n", f"{headline(result)}.\n"]
    quiet = []
    for tool in result.tools:
        if tool.unsupported:
            parts.append(f"\n{_heading(tool)}\n\nNot fuzzed: {message(tool.unsupported)}\n")
        elif any(miss.outcome == "accepted" for miss in tool.near_misses):
            parts.append(_tool_section(tool))
        else:
            quiet.append(code(tool.name))
    if quiet:
        parts.append(f"\nNo near miss accepted by: {', '.join(quiet)}.\n")
    return "".join(parts)


def _tool_section(tool: ToolReport) -> str:
    rows = sorted(cells(tool), key=lambda row: row.outcome != "accepted")
    lines = [f"\n{_heading(tool)}\n", "| mutator | outcome | paths | example |",
             "|---|---|---|---|"]
    for row in rows:
        outcome = outcome_label(row)
        if row.outcome == "accepted":
            outcome = f"**{outcome}**"
        lines.append(f"| `{row.mutator}` | {outcome} | {row.count} | {cell(text(example_text(row.example)))} |")
    return "\n".join(lines) + "\n"


def _heading(tool: ToolReport) -> str:
    return f"### {code(tool.name)} — {code(tool.file)}"
