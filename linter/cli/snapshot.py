"""`schema-lint snapshot`: a server's `tools/list` answer (or the tools a Python object
defines, `--python`) written down, so a team commits it, lints it in pre-commit like any
tool file, and sees every schema change in review.

The file is the canonical listing (`document.listing_text`: tools by name, keys sorted,
pretty), so the same tools always give the same bytes; it is written atomically and only
when its content changes, so an unchanged server leaves the file (and its mtime) alone.
"""

from __future__ import annotations

import os
import sys

import click

from schema_lint.cli.live_options import limits_from, server_options, servers_from
from schema_lint.cli.python_option import python_option
from schema_lint.cli.targets import Unavailable, python_source, server_source


@click.command()
@click.option("-o", "--output", "output", required=True, type=click.Path(),
              help="The file to write (- for stdout); with several servers, a directory for <name>.json files.")
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Configuration file to use.")
@python_option(help="Import this object (it runs your code) and write the tools it defines, as `check --python` "
                   "lints them (repeatable).")
@server_options
def snapshot(output, config_path, python_targets, **live):
    """Write the tools an MCP server lists (--mcp, --mcp-url, or the configured `mcp-servers`)
    or a Python object defines (--python) as JSON."""
    from schema_lint.cli.common import load_config_or_exit
    from schema_lint.text.display import escape
    from schema_lint.live.document import listing_text

    named = live["mcp_commands"] or live["mcp_urls"] or python_targets
    config = load_config_or_exit(config_path)
    servers = servers_from(live, config, configured=not named, python_targets=python_targets)
    limits = limits_from(live, config)
    sources = [*(server_source(server, limits) for server in servers),
               *(python_source(spec, limits) for spec in python_targets)]
    if not sources and live["no_servers"]:
        sys.exit(0)  # nothing it may ask; what was left out is on stderr
    if not sources:
        raise click.UsageError("name a server with --mcp or --mcp-url, or an object with --python "
                               "(or configure `mcp-servers`)")
    if len(sources) > 1 and not os.path.isdir(output):
        raise click.UsageError(f"{len(sources)} sources: -o must be an existing directory (one <name>.json each)")
    failed = False
    for name, shown, fetch in sources:
        target = os.path.join(output, f"{name}.json") if len(sources) > 1 else output
        try:
            tools = fetch()
        except Unavailable as exc:
            click.echo(escape(f"schema-lint: error: {exc}"), err=True)
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
        click.echo(escape(f"{target}: {'written' if changed else 'unchanged'} ({count} of `{shown}`)"), err=True)
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
