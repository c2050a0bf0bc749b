"""The command-line options that name MCP servers and bound the waits for them (and for
`--python` targets), shared by `check`, `snapshot` and `compat`; and `--no-servers`, which
keeps a run from starting any.

A bare `check` or `snapshot` starts the servers the configuration names, and on the
checkout of a pull request that configuration is the author's: its commands are theirs.
Whether a checkout can be trusted cannot be told from inside it, so the maintainer (or a
CI job, once, with SCHEMA_LINT_NO_SERVERS=1) says so: with `--no-servers` no configured
server is started or asked, the run says which were left out, and a server or `--python`
target named on the same command line is a usage error rather than an exception to it.

Only click and `limits` are imported here: `check` registers these options on every
run; the server specs are read only when a server is named, and the `mcp` SDK is loaded
only when one is actually asked.
"""

from __future__ import annotations

import click

from typing import TYPE_CHECKING

from schema_lint.live.limits import Limits

if TYPE_CHECKING:
    from schema_lint.config.servers import Server

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
    click.option("--no-servers", is_flag=True, envvar="SCHEMA_LINT_NO_SERVERS",
                 help="Start or ask no MCP server the configuration names, and refuse --mcp, --mcp-url and --python: "
                      "for a checkout whose commands you do not run (env SCHEMA_LINT_NO_SERVERS=1)."),
]


def server_options(command):
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def servers_from(options: dict, config, configured: bool = True,
                 python_targets: tuple[str, ...] = ()) -> list[Server]:
    """The servers the options name; without any (and when `configured`), those of the
    `mcp-servers` configuration; none with `--no-servers`."""
    if options["no_servers"]:
        return _none(options, config.mcp_servers if configured else [], python_targets)
    if not (options["mcp_commands"] or options["mcp_urls"]):
        return list(config.mcp_servers) if configured else []
    from schema_lint.config.servers import ServerSpecError, from_options

    try:
        return from_options(options["mcp_commands"], options["mcp_urls"], options["mcp_env"],
                            options["mcp_cwd"], options["mcp_header"])
    except ServerSpecError as exc:
        raise click.UsageError(str(exc)) from None


def _none(options: dict, configured: list[Server], python_targets: tuple[str, ...]) -> list[Server]:
    """No server: one named beside `--no-servers` is a usage error, and the configured ones
    are named on stderr, so that nobody takes the run for one that read their tools."""
    named = [option for option, given in (("--mcp", options["mcp_commands"]), ("--mcp-url", options["mcp_urls"]),
                                          ("--python", python_targets)) if given]
    if named:
        raise click.UsageError(f"{named[0]} with --no-servers (or SCHEMA_LINT_NO_SERVERS): the one asks to run what "
                               "the other forbids")
    if configured:
        many = len(configured) != 1
        click.echo(f"schema-lint: warning: --no-servers: {len(configured)} MCP server{'s' if many else ''} the "
                   f"configuration names ({', '.join(server.name for server in configured)}) "
                   f"{'were' if many else 'was'} not started; {'their' if many else 'its'} tools are not read",
                   err=True)
    return []


def limits_from(options: dict, config=None) -> Limits:
    """The options' limits, with the bytes of a listing held to the configuration's
    `max-file-size` (the default's without one)."""
    return Limits(startup=options["mcp_startup_timeout"], request=options["mcp_timeout"],
                  deadline=options["mcp_deadline"], max_pages=options["mcp_max_pages"],
                  max_bytes=config.max_file_size if config is not None else Limits().max_bytes,
                  python=options["python_timeout"])
