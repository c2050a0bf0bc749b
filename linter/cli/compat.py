"""`schema-lint compat PATH...`: which provider profiles would accept each tool.

Prints the tool × profile matrix (✓ accepted, ✗ refused, ~ silently weakened) as a
table, markdown (for a pull-request comment) or JSON, then one summary line per
profile and the request-wide limits the tools of each request (one list of a file, one
line of a JSON Lines catalogue, a live server's listing) pass together.
`--mcp`/`--mcp-url` ask running servers for their tools, as `check` does. `--reasons`
names, per cell, the provider rules that decided it; `schema-lint rule SL601` quotes
them. Exit 2 when a file cannot be read or a server asked; otherwise 0, since this answers a question
rather than gating a build (`check --profile` does that).
"""

from __future__ import annotations

import json
import os
import sys

import click

from schema_lint.cli.live_options import limits_from, servers_from
from schema_lint.cli.targets import target_files, target_options
from schema_lint.profiles import API_PROFILES, PROFILES
from schema_lint.profiles.checks.compat import Matrix, build


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(readable=False))
@click.option("--profile", "profiles", multiple=True, type=click.Choice(PROFILES),
              help=f"Profiles to show (repeatable; default: {', '.join(API_PROFILES)}).")
@click.option("--output-format", type=click.Choice(["table", "markdown", "json"]), default="table")
@click.option("--reasons", is_flag=True, help="Name, per tool and profile, what decided the cell.")
@target_options
def compat(paths, profiles, output_format, reasons, python_targets, **live):
    """Show, for each tool in PATHS, of the --python objects and of the MCP servers
    --mcp/--mcp-url name, which profiles accept it."""
    from schema_lint.config import Config

    servers = servers_from(live, Config(), configured=False, python_targets=python_targets)
    with target_files(python_targets, live, servers=False) as targets:
        named = [*paths, *targets.paths]
        files, broken = read_tool_files(named or ["."]) if named or not servers else ([], [])
    files = [(targets.shown(path), *read) for path, *read in files]
    listed, unreachable = _ask(servers, limits_from(live))
    matrix = build(files + listed, profiles or API_PROFILES)
    if output_format == "json":  # a machine reading it sees what could not be read, not "0 of 0"
        click.echo(_json(matrix, reasons, [*broken, *unreachable]), nl=False)
    else:
        click.echo({"table": _table, "markdown": _markdown}[output_format](matrix, reasons), nl=False)
    sys.exit(2 if broken or unreachable else 0)


def read_tool_files(paths):
    """(path, data, tools, requests) for every tool file under `paths` (see `_tool_file`), and
    the errors of those that could not be read (`{path, message}`, each also printed as
    `file:line:col: message`)."""
    from schema_lint.config import Config
    from schema_lint.text.display import escape
    from schema_lint.run.linter import Linter
    from schema_lint.sources.documents import read_document

    files, broken = [], []
    for path in Linter(Config()).files(paths):
        doc = read_document(path)
        for error in doc.errors:
            click.echo(escape(f"{path}:{error.line}:{error.column}: {error.message}"), err=True)
            broken.append({"path": path, "line": error.line, "column": error.column, "message": error.message})
        if doc.data is not None:
            files.append(_tool_file(path, doc, os.path.splitext(os.path.basename(path))[0]))
    return files, broken


def _tool_file(path, doc, name):
    """(path, data, tools, requests): the tools `doc` holds (those of a bare schema named
    `name`) and which of them are sent together (a JSON Lines line's apart from the others)."""
    from schema_lint.sources.tools import Requests, find_tools

    tools = find_tools(doc.data, name)
    return path, doc.data, tools, Requests(tools, doc.catalogue).each()


def _ask(servers, limits):
    """Each server's `tools/list`, as the document `check --mcp` lints; one that cannot be
    asked is named on stderr (exit 2), and in the errors returned, and the others are still shown."""
    from schema_lint.text.display import escape
    from schema_lint.live.document import live_document
    from schema_lint.live.fetch import FetchError, fetch_tools

    listed, unreachable = [], []
    for server in servers:
        try:
            document = live_document(server.path, fetch_tools(server, limits))
        except FetchError as exc:
            message = f"MCP server `{server.name}` ({server.shown}): {exc}"
            click.echo(escape(f"{server.path}: {message}"), err=True)
            unreachable.append({"path": server.path, "message": message})
            continue
        listed.append(_tool_file(document.path, document, server.name))
    return listed, unreachable


def summary_lines(matrix: Matrix) -> list[str]:
    lines = []
    for profile in matrix.profiles:
        counts = matrix.summary(profile)
        passed = counts["request_limits_refusing"]
        # A request over one of the profile's request-wide limits is refused whole, whichever tools it accepts.
        whole = f"; {passed:,} request-wide limit{'s' if passed != 1 else ''} passed, below: the request is refused" \
            if passed else ""
        lines.append(f"{profile}: {counts['accepted']:,}/{counts['tools']:,} tools accepted "
                     f"({counts['refused']:,} refused, {counts['weakened']:,} weakened){whole}")
    return lines


def _request_lines(matrix: Matrix) -> list[str]:
    return [f"{path}: {problem.message}" for path, problem in matrix.requests]


def _table(matrix: Matrix, reasons: bool) -> str:
    width = max([len(row.tool) for row in matrix.rows] + [4])
    lines = ["tool".ljust(width) + "  " + "  ".join(matrix.profiles)]
    for row in matrix.rows:
        marks = "  ".join(row.cells[p].mark.center(len(p)) for p in matrix.profiles)
        lines.append(f"{row.tool.ljust(width)}  {marks}".rstrip())
        if reasons:
            lines.extend(f"    {p}: {reason}" for p in matrix.profiles for reason in row.cells[p].reasons)
    return "\n".join([*lines, "", *summary_lines(matrix), *_request_lines(matrix)]) + "\n"


def _markdown(matrix: Matrix, reasons: bool) -> str:
    """Tool names, paths and the reasons that echo them come from the input: they are written
    so that they render as themselves (`markdown_text`)."""
    from schema_lint.report.markdown_text import cell, code, message

    def marks(row, profile):
        found = row.cells[profile]
        return found.mark + (" " + message("; ".join(found.reasons)) if reasons and found.reasons else "")

    lines = ["| tool | " + " | ".join(matrix.profiles) + " |", "|---|" + ":---:|" * len(matrix.profiles)]
    lines += [f"| {cell(code(row.tool))} | " + " | ".join(cell(marks(row, p)) for p in matrix.profiles) + " |"
              for row in matrix.rows]
    extra = [f"- {message(line)}" for line in summary_lines(matrix) + _request_lines(matrix)]
    return "\n".join([*lines, "", *extra]) + "\n"


def _json(matrix: Matrix, reasons: bool, errors: list[dict]) -> str:
    data = {
        "profiles": {p: matrix.summary(p) for p in matrix.profiles},
        "tools": [{"path": row.path, "tool": row.tool,
                   **{p: ({"mark": row.cells[p].mark, "reasons": row.cells[p].reasons} if reasons
                          else row.cells[p].mark) for p in matrix.profiles}} for row in matrix.rows],
        "requests": [{"path": path, "limit": problem.source.subject, "message": problem.message}
                     for path, problem in matrix.requests],
        "errors": errors,
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
