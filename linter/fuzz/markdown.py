"""`--output-format markdown`: the report as a pull-request comment.

Accepted near misses come first in each tool's table, in bold: they are the review's
subject. Tools whose near misses were all canonicalized or rejected fold into one line.
"""

from __future__ import annotations

from schema_lint.display import escape
from schema_lint.fuzz.model import FuzzResult, ToolReport
from schema_lint.fuzz.report import cells, example_text, headline, outcome_label


def render(result: FuzzResult, color: bool = False) -> str:
    parts = ["## schema-lint fuzz\n", f"{headline(result)}.\n"]
    quiet = []
    for tool in result.tools:
        if tool.unsupported:
            parts.append(f"\n### `{escape(tool.name)}` — `{escape(tool.file)}`\n\nNot fuzzed: {_escape(tool.unsupported)}\n")
        elif any(miss.outcome == "accepted" for miss in tool.near_misses):
            parts.append(_tool_section(tool))
        else:
            quiet.append(f"`{escape(tool.name)}`")
    if quiet:
        parts.append(f"\nNo near miss accepted by: {', '.join(quiet)}.\n")
    return "".join(parts)


def _tool_section(tool: ToolReport) -> str:
    rows = sorted(cells(tool), key=lambda cell: cell.outcome != "accepted")
    lines = [f"\n### `{escape(tool.name)}` — `{escape(tool.file)}`\n", "| mutator | outcome | paths | example |",
             "|---|---|---|---|"]
    for cell in rows:
        outcome = outcome_label(cell)
        if cell.outcome == "accepted":
            outcome = f"**{outcome}**"
        lines.append(f"| `{cell.mutator}` | {outcome} | {cell.count} | {_escape(example_text(cell.example))} |")
    return "\n".join(lines) + "\n"


def _escape(text: str) -> str:
    """Table-safe: pipes and backticks would break the row; control characters are written out."""
    return escape(text.replace("\\", "\\\\").replace("|", "\\|").replace("`", "\\`"))
