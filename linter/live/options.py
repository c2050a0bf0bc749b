"""The command-line options that name MCP servers and bound the waits for them (and for
`--python` targets), shared by `check` and `snapshot`.

Only click and `limits` are imported here: `check` registers these options on every
run; the server specs are read only when a server is named, and the `mcp` SDK is loaded
only when one is actually asked.
"""

from __future__ import annotations

import click

from typing import TYPE_CHECKING

from schema_lint.live.limits import Limits

if TYPE_CHECKING:
    from schema_lint.live.servers import Server

_DEFAULTS = Limits()

_OPTIONS = [
    click.option("--mcp", "mcp_commands", multiple=True, metavar="'CMD ARGS...'",
                 help="Start this MCP server over stdio and read the tools it lists (repeatable)."),
    click.option("--mcp-env", multiple=True, metavar="KEY=VALUE",
                 help="An environment variable for the --mcp servers (repeatable)."),
    click.option("--mcp-cwd", type=click.Path(file_okay=False), help="Working directory of the --mcp servers."),
    click.option("--mcp-url", "mcp_urls", multiple=True, metavar="URL",
                 help="Read the tools of this MCP server over Streamable HTTP (repeatable)."),
    click.option("--mcp-header", multiple=True, metavar="'NAME: VALUE'",
                 help="An HTTP header sent to the --mcp-url servers, e.g. for auth (repeatable)."),
    click.option("--mcp-startup-timeout", type=click.FloatRange(min=0, min_open=True), default=_DEFAULTS.startup,
                 show_default=True, help="Seconds for a server to start and answer initialize."),
    click.option("--mcp-timeout", type=click.FloatRange(min=0, min_open=True), default=_DEFAULTS.request,
                 show_default=True, help="Seconds for each later request (each tools/list page)."),
    click.option("--mcp-deadline", type=click.FloatRange(min=0, min_open=True), default=_DEFAULTS.deadline,
                 show_default=True, help="Seconds for a server's whole listing: start, initialize and every page."),
    click.option("--mcp-max-pages", type=click.IntRange(min=1), default=_DEFAULTS.max_pages, show_default=True,
                 help="tools/list pages read before a server whose pages never end is given up on."),
    click.option("--python-timeout", type=click.FloatRange(min=0, min_open=True), default=_DEFAULTS.python,
                 show_default=True, help="Seconds for a --python target to be imported and its tools read."),
]


def server_options(command):
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def servers_from(options: dict, config, configured: bool = True) -> list[Server]:
    """The servers the options name; without any (and when `configured`), those of the
    `mcp-servers` configuration."""
    if not (options["mcp_commands"] or options["mcp_urls"]):
        return list(config.mcp_servers) if configured else []
    from schema_lint.live.servers import ServerSpecError, from_options

    try:
        return from_options(options["mcp_commands"], options["mcp_urls"], options["mcp_env"],
                            options["mcp_cwd"], options["mcp_header"])
    except ServerSpecError as exc:
        raise click.UsageError(str(exc)) from None


def limits_from(options: dict, config=None) -> Limits:
    """The options' limits, with the bytes of a listing held to the configuration's
    `max-file-size` (the default's without one)."""
    return Limits(startup=options["mcp_startup_timeout"], request=options["mcp_timeout"],
                  deadline=options["mcp_deadline"], max_pages=options["mcp_max_pages"],
                  max_bytes=config.max_file_size if config is not None else Limits().max_bytes,
                  python=options["python_timeout"])
