"""`schema-lint infer CALLS... --tools TOOLS`: what recorded calls show, tool by tool and field by field.

The same summaries `check --calls` takes its fix values from (presence, types, length and
item percentiles, numeric range, distinct values, formats, undeclared keys), as a table,
markdown or JSON, so a reviewer can see the evidence before accepting a fix. Reading
streams: memory grows with the number of tools and fields, not of calls, nor of the
tools they name that the tool files do not hold.
"""

from __future__ import annotations

import os
import sys
from collections import Counter

import click

from schema_lint.cli.targets import named, target_files, target_options

from schema_lint.schema.pointer import resolve, split
from schema_lint.text.display import escape, json_text
from schema_lint.report.markdown_text import cell, text
from schema_lint.traffic.other_tools import NAMES_LISTED
from schema_lint.traffic.summary import FORMATS, ToolSummary

VALUES_SHOWN = 3
"""Distinct values a table row lists; JSON lists every one kept."""


@click.command()
@click.argument("calls", nargs=-1, type=click.Path(allow_dash=True))
@click.option("--tools", "tools", multiple=True, type=click.Path(),
              help="A tool file or folder, as check reads them (repeatable): fields are matched to their schemas, "
                   "undeclared keys named.")
@click.option("--output-format", type=click.Choice(["table", "markdown", "json"]), default="table",
              show_default=True)
@click.option("--all-tools", is_flag=True, help="Also list the tools no recorded call reached.")
@click.option("--calls-summary", "summaries", multiple=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="A summary of recorded calls (--emit-summary, `schema_lint.spark`; repeatable): merged with CALLS.")
@click.option("--emit-summary", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also write the merged summary to FILE (a versioned JSON format, see docs/fixes.md), for "
                   "`check --calls-summary` or to merge with others.")
@click.option("--engine", type=click.Choice(["local", "spark"]), default="local", show_default=True,
              help="Read CALLS here, or summarise them on Spark (the `spark` extra; see docs/fixes.md).")
@click.option("--spark-master", default="local[*]", show_default=True, help="With --engine spark: Spark's master URL.")
@target_options
def infer(calls, tools, output_format, all_tools, summaries, emit_summary, engine, spark_master, python_targets,
          **live):
    """Report what the recorded CALLS (files in any shape replay reads, - for stdin) sent to each
    tool of TOOLS (and of --python objects, --mcp servers), per field."""
    from schema_lint.cli.common import load_traffic_or_exit
    from schema_lint.cli.compat import read_tool_files

    if not calls and not summaries:
        raise click.UsageError("give recorded CALLS, or a --calls-summary")
    if not tools and not named(python_targets, live):
        raise click.UsageError("Missing option '--tools' (or --python, --mcp, --mcp-url).")
    with target_files(python_targets, live) as targets:
        files, broken = read_tool_files([*tools, *targets.paths])
    found = [(targets.shown(path), tool) for path, _, file_tools, _ in files for tool in file_tools]
    spark_summary = None
    if engine == "spark" and calls:
        from schema_lint.cli.spark_engine import summarise_on_spark

        spark_summary = summarise_on_spark(calls, [tool for _, tool in found], spark_master)
        calls, summaries = (), (*summaries, spark_summary)
    try:
        traffic = load_traffic_or_exit(calls, [tool for _, tool in found], named="", tools_from_stdin="-" in tools,
                                       summaries=summaries)
    finally:
        if spark_summary is not None:
            os.unlink(spark_summary)
    if emit_summary:
        _emit(emit_summary, traffic.summary().to_bytes())
    keys = Counter(traffic.key_of(tool) for _, tool in found)
    reports = [_tool_report(path, tool, traffic.summary_for(tool), keys[traffic.key_of(tool)] - 1,
                            traffic.not_objects_by_key.get(traffic.key_of(tool), 0))
               for path, tool in found]
    here = {tool.name for _, tool in found}
    redefined = traffic.elsewhere(tool for _, tool in found)
    other = traffic.other
    for key, summary in traffic.summaries.items():
        if key not in keys and key[1] not in here:  # calls by the name of a tool not in these files
            other.add(key[1], summary.calls)
    totals = {"calls": traffic.calls, "calls_not_objects": traffic.not_objects,
              "tools_without_calls": sum(not report["calls"] and not report.get("calls_not_objects")
                                         for report in reports),
              "calls_to_other_tools": other.calls - sum(other.names[name] for name in redefined if name in other.names),
              "other_tools": sorted(name for name in other.names if name not in here),
              "calls_to_other_definitions": redefined}
    if other.unlisted_calls:
        # An estimate past the calls made to those names is no estimate: each call names one.
        totals["other_tools_not_listed"] = {"calls": other.unlisted_calls,
                                            "names": min(other.unlisted_names.estimate(), other.unlisted_calls),
                                            "exact": other.unlisted_names.exact}
    shown = reports if all_tools else [report for report in reports if report["calls"] or report.get("calls_not_objects")]
    render = {"table": _table, "markdown": _markdown, "json": _json}[output_format]
    if output_format != "json":
        totals["all_tools"] = all_tools
    names = Counter(tool.name for _, tool in found)
    click.echo(render(shown, totals, {name for name, count in names.items() if count > 1}), nl=False)
    sys.exit(2 if broken else 0)


def _emit(path: str, data: bytes) -> None:
    """The summary into `path`, replaced whole, and only when it changed; exit 2 when it cannot be."""
    from schema_lint.fixes.files import write_output

    try:
        with open(path, "rb") as handle:
            if handle.read(len(data) + 1) == data:
                return
    except OSError:
        pass  # not there yet, or unreadable: written below, or the write says why
    try:
        write_output(path, data.decode("ascii"))
    except OSError as exc:
        click.echo(escape(f"schema-lint: error: cannot write {path}: {exc.strerror or exc}"), err=True)
        sys.exit(2)


def _tool_report(path: str, tool, summary: ToolSummary | None, sharing: int, not_objects: int = 0) -> dict:
    report = {"tool": tool.name, "file": path, "pointer": tool.schema_pointer,
              "calls": summary.calls if summary else 0, "fields": []}
    if not_objects:
        # Calls of the tool whose arguments are no object (broken JSON text): not summarised, but made.
        report["calls_not_objects"] = not_objects
    if sharing:
        # Calls that name only the tool: every tool of that name is shown them.
        report["shared_with"] = sharing
    if summary is None:
        return report
    for pointer in sorted(summary.fields, key=lambda p: split(p)):
        report["fields"].append(_field_report(tool.schema, pointer, summary))
    report["fields_not_summarized"] = summary.fields_dropped
    return report


def _field_report(schema, pointer: str, summary: ToolSummary) -> dict:
    field = summary.fields[pointer]
    parent = summary.at(_container(pointer))
    declared = _declared(schema, pointer)
    report = {"field": data_path(pointer), "pointer": pointer, "sent": field.count,
              "declared": declared is not None, "types": _most_first(field.types)}
    if pointer and pointer.rsplit("/", 2)[-2] == "properties" and parent is not None:
        report["presence"] = round(field.count / max(1, parent.of_type("object")), 4)
    if field.lengths.count:
        report["length"] = _spread(field.lengths)
    if field.sizes.count:
        report["items"] = _spread(field.sizes)
    if field.low is not None:
        report["range"] = [field.low, field.high]
    if field.distinct.estimate():
        report["distinct"] = {"count": field.distinct.estimate(), "exact": field.distinct.exact}
    if field.values and not field.values_open:
        report["values"] = _most_first(field.values)
    strings = field.of_type("string")
    if strings:
        report["formats"] = {fmt: round(field.formats[fmt] / strings, 4) for fmt in FORMATS if field.formats[fmt]}
    if field.keys:
        known = declared.get("properties", {}) if isinstance(declared, dict) else {}
        undeclared = sorted(key for key in field.keys if not isinstance(known, dict) or key not in known)
        report["undeclared_keys"] = undeclared + (["…"] if field.keys_open else [])
    return report


def _most_first(counts: Counter[str]) -> dict[str, int]:
    """The counts, most first, and ties in code point order: the same whatever order the
    calls came in, and for summaries merged from parts (`most_common` keeps first seen first)."""
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def _container(pointer: str) -> str:
    """The field whose objects hold this one: `/properties/a/properties/b` → `/properties/a`."""
    tokens = pointer.rsplit("/", 2)
    return tokens[0] if len(tokens) == 3 and tokens[1] == "properties" else pointer


def _declared(schema, pointer: str):
    try:
        return resolve(schema, pointer)
    except (LookupError, ValueError):
        return None


def _spread(sketch) -> dict:
    return {"p50": round(sketch.quantile(0.5)), "p95": round(sketch.quantile(0.95)), "max": sketch.largest}


def data_path(pointer: str) -> str:
    """`/properties/a/items/properties/b` → `a[].b`; the root is `(arguments)`."""
    tokens, out, index = split(pointer), "", 0
    while index < len(tokens):
        if tokens[index] == "properties" and index + 1 < len(tokens):
            out += ("." if out else "") + tokens[index + 1]
            index += 2
        else:
            out += "[]" if tokens[index] == "items" else "/" + tokens[index]
            index += 1
    return out or "(arguments)"


def _row(field: dict) -> list[str]:
    shape = field.get("length") or field.get("items")
    unit = "chars" if "length" in field else "items"
    values = field.get("values")
    shown = ""
    if values:
        listed = list(values.items())
        shown = ", ".join(f"{canonical}×{times}" for canonical, times in listed[:VALUES_SHOWN])
        shown += ", …" if len(listed) > VALUES_SHOWN else ""
    distinct = field.get("distinct")
    return [escape(cell) for cell in [
        field["field"] + ("" if field["declared"] else " (undeclared)"),
        f"{field['sent']:,}",
        f"{field['presence']:.0%}" if "presence" in field else "",
        ", ".join(field["types"]),
        f"{shape['p50']}/{shape['p95']}/{shape['max']} {unit}" if shape else "",
        "{}–{}".format(*field["range"]) if "range" in field else "",
        (f"{'' if distinct['exact'] else '~'}{distinct['count']:,}" + (f": {shown}" if shown else "")) if distinct else "",
        ", ".join(f"{fmt} {share:.0%}" for fmt, share in field.get("formats", {}).items()),
        ", ".join(field.get("undeclared_keys", [])),
    ]]


def _heading(report: dict, repeated: set[str]) -> str:
    """The tool's name, and where it is defined when another tool has the same name."""
    where = f" ({report['file']}#{report['pointer']})" if report["tool"] in repeated else ""
    shared = (f"; by name, as for {report['shared_with']:,} other tool{_s(report['shared_with'])} of that name"
              if report.get("shared_with") else "")
    broken = report.get("calls_not_objects", 0)
    besides = (f" (and {broken:,} whose arguments are not a JSON object)" if report["calls"] else
               " whose arguments are not a JSON object") if broken else ""
    calls = report["calls"] or broken
    return escape(f"{report['tool']}{where}: {calls:,} call{_s(calls)}{besides}{shared}")


def _footer(totals: dict) -> list[str]:
    read = totals["calls"] + totals["calls_not_objects"]
    lines = [f"{read:,} call{_s(read)} read" + (f" ({totals['calls_not_objects']:,} with arguments that are not a JSON "
                                                "object, not summarised)" if totals["calls_not_objects"] else "")]
    if totals["tools_without_calls"]:
        lines.append(f"{totals['tools_without_calls']:,} tool{_s(totals['tools_without_calls'])} with no recorded "
                     "call" + ("" if totals["all_tools"] else " (--all-tools lists them)"))
    if totals["calls_to_other_tools"]:
        names = ", ".join(totals["other_tools"][:VALUES_SHOWN]) + (", …" if len(totals["other_tools"]) > VALUES_SHOWN
                                                                   else "")
        unlisted = totals.get("other_tools_not_listed")
        if unlisted:
            count = f"{'' if unlisted['exact'] else '~'}{unlisted['names']:,}"
            names += (f" and {unlisted['calls']:,} call{_s(unlisted['calls'])} to {count} more "
                      f"name{_s(unlisted['names'])} (names past the first {NAMES_LISTED:,} are only counted)")
        lines.append(escape(f"{totals['calls_to_other_tools']:,} call{_s(totals['calls_to_other_tools'])} to tools "
                            f"not in the tool files: {names}"))
    redefined = totals["calls_to_other_definitions"]
    if redefined:
        calls = sum(redefined.values())
        lines.append(escape(f"{calls:,} call{_s(calls)} to {', '.join(redefined)} summarised under another definition "
                            "of the tool (a summary made with other tool files, or before the tool changed): only "
                            "counted; summarise them again with these tool files to see their fields"))
    return lines


def _s(count: int) -> str:
    return "" if count == 1 else "s"


HEADERS = ["field", "sent", "present", "types", "p50/p95/max", "range", "distinct", "formats", "undeclared keys"]


def _table(reports: list[dict], totals: dict, repeated: set[str]) -> str:
    lines = []
    for report in reports:
        lines.append(_heading(report, repeated))
        rows = [HEADERS] + [_row(field) for field in report["fields"]]
        widths = [max(len(row[column]) for row in rows) for column in range(len(HEADERS))]
        lines += ["  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
                  for row in rows] if report["fields"] else []
        lines.append("")
    return "\n".join([*lines, *_footer(totals)]) + "\n"


def _markdown(reports: list[dict], totals: dict, repeated: set[str]) -> str:
    """Names and values come from the calls and tool files: written as text that renders as
    itself (`markdown_text`)."""
    lines = []
    for report in reports:
        lines += ["### " + text(_heading(report, repeated)), ""]
        if report["fields"]:
            lines += ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
            lines += ["| " + " | ".join(cell(text(shown)) for shown in _row(field)) + " |"
                      for field in report["fields"]]
            lines.append("")
    return "\n".join([*lines, *(f"- {text(line)}" for line in _footer(totals))]) + "\n"


def _json(reports: list[dict], totals: dict, repeated: set[str]) -> str:
    return json_text({**totals, "tools": reports}, indent=2) + "\n"
