"""The command-line options that name MCP servers and bound the waits for them (and for
`--python` targets), shared by `check`, `snapshot` and `compat`; and `--no-servers`, which
keeps a run from starting any (see `live.requested` for which servers a run asks).

Only click, `cli.common` and `live.requested` are imported here: `check` registers these options on
every run; the server specs are read only when a server is named, and the `mcp` SDK is
loaded only when one is actually asked.
"""

from __future__ import annotations

import click

from typing import TYPE_CHECKING, Any

from schema_lint.cli.common import Positive
from schema_lint.live.limits import Limits
from schema_lint.live.requested import ServerChoiceError, ServerOptions, limits_from as limits_of
from schema_lint.live.requested import servers_from as choose_servers

if TYPE_CHECKING:
    from schema_lint.config.servers import Server

_DEFAULTS = ServerOptions()

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
    click.option("--mcp-startup-timeout", type=Positive(), default=_DEFAULTS.mcp_startup_timeout,
                 show_default=True, help="Seconds for a server to start and answer initialize."),
    click.option("--mcp-timeout", type=Positive(), default=_DEFAULTS.mcp_timeout,
                 show_default=True, help="Seconds for each later request (each tools/list page)."),
    click.option("--mcp-deadline", type=Positive(), default=_DEFAULTS.mcp_deadline,
                 show_default=True, help="Seconds for a server's whole listing: start, initialize and every page."),
    click.option("--mcp-max-pages", type=click.IntRange(min=1), default=_DEFAULTS.mcp_max_pages, show_default=True,
                 help="tools/list pages read before a server whose pages never end is given up on."),
    click.option("--python-timeout", type=Positive(), default=_DEFAULTS.python_timeout,
                 show_default=True, help="Seconds for a --python target to be imported and its tools read."),
    click.option("--python-interpreter", type=click.Path(dir_okay=False), default=None, metavar="PATH",
                 help="The Python that imports --python targets (default: $VIRTUAL_ENV's, else .venv or venv in "
                      "the working directory, else this one)."),
    click.option("--no-servers", is_flag=True, envvar="SCHEMA_LINT_NO_SERVERS",
                 help="Start or ask no MCP server the configuration names, and refuse --mcp, --mcp-url and --python: "
                      "for a checkout whose commands you do not run (env SCHEMA_LINT_NO_SERVERS=1)."),
]


def server_options(command):
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def options_of(live: dict) -> ServerOptions:
    """The `server_options` flags as the record the run reads."""
    flags: dict[str, Any] = {name: tuple(value) if isinstance(value, (list, tuple)) else value
                             for name, value in live.items()}
    return ServerOptions(**flags)


def servers_from(live: dict, config, configured: bool = True, python_targets: tuple[str, ...] = ()) -> list[Server]:
    """The servers the flags name (see `live.requested.servers_from`); a choice that cannot be
    followed is a usage error, and servers `--no-servers` left out are said on stderr."""
    try:
        servers, warning = choose_servers(options_of(live), config, configured, python_targets)
    except ServerChoiceError as exc:
        raise click.UsageError(str(exc)) from None
    if warning:
        click.echo(warning, err=True)
    return servers


def limits_from(live: dict, config=None) -> Limits:
    return limits_of(options_of(live), config)
