"""`schema-lint snapshot`: a server's `tools/list` answer written down, so a team commits
it, lints it in pre-commit like any tool file, and sees every schema change in review.

The file is the canonical listing (`document.listing_text`: tools by name, keys sorted,
pretty), so the same tools always give the same bytes; it is written atomically and only
when its content changes, so an unchanged server leaves the file (and its mtime) alone.
"""

from __future__ import annotations

import os
import sys

import click

from schema_lint.live.options import server_options, servers_from, timeouts_from


@click.command()
@click.option("-o", "--output", "output", required=True, type=click.Path(),
              help="The file to write (- for stdout); with several servers, a directory for <name>.json files.")
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Configuration file to use.")
@server_options
def snapshot(output, config_path, **live):
    """Write the tools an MCP server lists (--mcp, --mcp-url, or the configured `mcp-servers`) as JSON."""
    from schema_lint.cli import load_config_or_exit
    from schema_lint.display import escape
    from schema_lint.live.document import listing_text
    from schema_lint.live.fetch import FetchError, fetch_tools

    servers = servers_from(live, load_config_or_exit(config_path))
    if not servers:
        raise click.UsageError("name a server with --mcp or --mcp-url (or configure `mcp-servers`)")
    if len(servers) > 1 and not os.path.isdir(output):
        raise click.UsageError(f"{len(servers)} servers: -o must be an existing directory (one <name>.json each)")
    failed = False
    for server in servers:
        target = os.path.join(output, f"{server.name}.json") if len(servers) > 1 else output
        try:
            tools = fetch_tools(server, timeouts_from(live))
        except FetchError as exc:
            click.echo(escape(f"schema-lint: error: MCP server `{server.name}` ({server.shown}): {exc}"), err=True)
            failed = True
            continue
        text = listing_text(tools)
        if target == "-":
            click.echo(text, nl=False)
            continue
        try:
            changed = _write_if_changed(target, text)
        except OSError as exc:
            click.echo(f"schema-lint: error: cannot write {escape(target)}: {exc.strerror or exc}", err=True)
            failed = True
            continue
        count = f"{len(tools)} tool{'s' if len(tools) != 1 else ''}"
        click.echo(escape(f"{target}: {'written' if changed else 'unchanged'} ({count} of `{server.name}`)"), err=True)
    sys.exit(2 if failed else 0)


def _write_if_changed(path: str, text: str) -> bool:
    from schema_lint.fixes.files import write_output

    try:
        with open(path, encoding="utf-8") as handle:
            if handle.read() == text:
                return False
    except (OSError, UnicodeDecodeError):
        pass  # absent or unreadable: written anew
    write_output(path, text)
    return True
