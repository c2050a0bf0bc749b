"""The replay summary: as a terminal table, a Markdown comment, or a JSON object."""

from __future__ import annotations

from schema_lint.text.display import clip, escape, json_text
from schema_lint.replay.run import Tally, Toolset
from schema_lint.report.markdown_text import cell, text

TOP = 15


def summary(tally: Tally, toolset: Toolset, policy_names: list[str]) -> dict:
    return {
        "calls": tally.calls,
        "tools": toolset.tool_count,
        "normalized_tools": toolset.normalized,
        "ambiguous_tool_names": sorted(toolset.ambiguous),
        "outcomes": {o: tally.outcomes[o] for o in ("valid", "canonicalized", "rejected")},
        "policy": policy_names,
        "failure_rate_without_policy": round(tally.failure_rate_without_policy(), 6),
        "failure_rate_with_policy": round(tally.rate("rejected"), 6),
        "rejections": [{"tool": t, "reason": r, "path": p, "count": n}
                       for (t, r, p), n in tally.rejections.most_common()],
        "repairs": [{"tool": t, "rule": r, "path": p, "count": n} for (t, r, p), n in tally.repairs.most_common()],
        "broken_lines": [{"file": b.file, "line": b.line, "column": b.column, "reason": b.reason} for b in tally.broken],
        "broken_line_count": tally.broken_count,
        "unusable_tools": [{"tool": name, "reason": reason} for name, reason in sorted(toolset.unusable.items())],
        "calls_not_replayed": tally.not_replayed,
        "calls_citing_unknown_uids": tally.unresolved,
        "newly_rejected": None if not tally.against else [
            {"index": call.index, "tool": call.tool,
             "errors": [{"path": e.get("path"), "reason": e.get("reason")} for e in errors]}
            for call, errors in tally.regressions],
    }


def render_json(data: dict) -> str:
    return json_text(data, indent=2) + "\n"


def render_text(data: dict, markdown: bool) -> str:
    table = _markdown_table if markdown else _plain_table
    # Tool names, reasons and file names come from the input: in Markdown, text that renders as itself.
    literal = text if markdown else str
    calls = data["calls"]
    lines = [f"Replayed {_many(calls, 'call')} against {_many(data['tools'], 'tool')}"
             + (f" ({data['normalized_tools']:,} normalized from a non-standard dialect such as BFCL's)."
                if data["normalized_tools"] else ".")]
    if data["ambiguous_tool_names"]:
        lines.append(f"{len(data['ambiguous_tool_names']):,} tool names have more than one schema: a call that "
                     "cites neither a `tool_uid` nor an inline `tool_def` is replayed against the first.")
    lines.append("")
    labels = {"valid": "valid as sent", "canonicalized": "canonicalized", "rejected": "rejected"}
    lines += table(["outcome", "calls", "share"],
                   [[labels[o], f"{n:,}", _percent(n, calls)] for o, n in data["outcomes"].items()])
    policy = ", ".join(data["policy"]) or "none"
    lines += ["", f"Failure rate without the policy: {data['failure_rate_without_policy']:.1%}; "
                  f"with it ({policy}): {data['failure_rate_with_policy']:.1%}."]
    for title, key, kind in (("Rejections by tool, reason and path", "rejections", "reason"),
                             ("Repairs by tool, rule and path", "repairs", "rule")):
        rows = data[key]
        if rows:
            lines += ["", title + (f" (top {TOP} of {len(rows)})" if len(rows) > TOP else "") + ":", ""]
            lines += table(["count", "tool", kind, "path"],
                           [[f"{r['count']:,}", clip(r["tool"]), r[kind], clip(str(r["path"]))] for r in rows[:TOP]])
    if data["calls_citing_unknown_uids"]:
        lines += ["", f"{data['calls_citing_unknown_uids']:,} calls cite the `tool_uid` of a record these tools do not "
                      "hold, for a name several of them share: not replayed (which schema they were made for is "
                      "unknown)."]
    if data["unusable_tools"]:
        shown = "; ".join(literal(f"{clip(t['tool'])} ({t['reason']})") for t in data["unusable_tools"][:5])
        lines += ["", f"Tools whose schema cannot be used: {len(data['unusable_tools']):,} ({shown}); "
                      f"{_many(data['calls_not_replayed'], 'call')} to them {'was' if data['calls_not_replayed'] == 1 else 'were'} "
                      "not replayed."]
    if data["broken_line_count"]:
        shown = "; ".join(literal(f"{b['file']}:{b['line']}:{b['column']}: {b['reason']}") for b in data["broken_lines"][:5])
        lines += ["", f"Lines without a call: {data['broken_line_count']:,} ({shown})."]
    if data["newly_rejected"] is not None:
        regressions = data["newly_rejected"]
        lines += ["", f"Tightened tools: {len(regressions):,} calls that pass today would be rejected."]
        if regressions:
            lines += [""] + table(["call", "tool", "path", "reason"], [
                [f"#{r['index']}", clip(r["tool"]), clip(str(e["path"])), e["reason"]] for r in regressions
                for e in r["errors"]])
    # Tool names, keys and file names come from the input: escaped, no name can steer the
    # terminal or forge a line of the report.
    return "\n".join(escape(line) for line in lines) + "\n"


def _percent(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def _plain_table(header: list[str], rows: list[list[str]]) -> list[str]:
    # Each cell as it is printed (`escape`: a name's control characters written out), so the
    # columns are as wide as what the terminal shows.
    shown = [[escape(str(c)) for c in row] for row in [header, *rows]]
    widths = [max(len(c) for c in column) for column in zip(*shown)]
    return ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in shown]


def _markdown_table(header: list[str], rows: list[list[str]]) -> list[str]:
    def cells(row: list[str]) -> str:
        return "| " + " | ".join(cell(text(str(c))) for c in row) + " |"

    return [cells(header), "|" + "---|" * len(header), *(cells(r) for r in rows)]


def _many(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"
