"""Which MCP servers a run asks, and the limits it asks them under.

A bare `check` or `snapshot` starts the servers the configuration names, and on the
checkout of a pull request that configuration is the author's: its commands are theirs.
Whether a checkout can be trusted cannot be told from inside it, so the maintainer (or a
CI job, once, with SCHEMA_LINT_NO_SERVERS=1) says so: with `--no-servers` no configured
server is started or asked, the run says which were left out, and a server or `--python`
target named on the same command line is a usage error rather than an exception to it.

The server specs are read only when a server is named, and the `mcp` SDK is loaded only
when one is actually asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from schema_lint.live.limits import Limits
from schema_lint.model import Options

if TYPE_CHECKING:
    from schema_lint.config.servers import Server

_DEFAULTS = Limits()


class ServerOptions(Options):
    """What the command line says of MCP servers and of the waits for them (and for
    `--python` targets)."""

    mcp_commands: tuple[str, ...] = ()
    mcp_env: tuple[str, ...] = ()
    mcp_cwd: str | None = None
    mcp_urls: tuple[str, ...] = ()
    mcp_header: tuple[str, ...] = ()
    mcp_startup_timeout: float = _DEFAULTS.startup
    mcp_timeout: float = _DEFAULTS.request
    mcp_deadline: float = _DEFAULTS.deadline
    mcp_max_pages: int = _DEFAULTS.max_pages
    python_timeout: float = _DEFAULTS.python
    python_interpreter: str | None = None
    no_servers: bool = False

    @property
    def named(self) -> bool:
        """Whether the command line names a server itself."""
        return bool(self.mcp_commands or self.mcp_urls)


class ServerChoiceError(ValueError):
    """The options name servers in a way that cannot be followed; the message says why."""


# The servers to ask, and what to say on stderr when --no-servers left configured ones out.
Requested = tuple[list["Server"], "str | None"]


def servers_from(options: ServerOptions, config, configured: bool = True,
                 python_targets: tuple[str, ...] = ()) -> Requested:
    """The servers the options name; without any (and when `configured`), those of the
    `mcp-servers` configuration; none with `--no-servers`."""
    if options.no_servers:
        return _none(options, config.mcp_servers if configured else [], python_targets)
    if not options.named:
        return (list(config.mcp_servers) if configured else []), None
    from schema_lint.config.servers import ServerSpecError, from_options

    try:
        return from_options(options.mcp_commands, options.mcp_urls, options.mcp_env, options.mcp_cwd,
                            options.mcp_header), None
    except ServerSpecError as exc:
        raise ServerChoiceError(str(exc)) from None


def _none(options: ServerOptions, configured: list[Server], python_targets: tuple[str, ...]) -> Requested:
    """No server: one named beside `--no-servers` is a usage error, and the configured ones
    are named on stderr, so that nobody takes the run for one that read their tools."""
    named = [option for option, given in (("--mcp", options.mcp_commands), ("--mcp-url", options.mcp_urls),
                                          ("--python", python_targets)) if given]
    if named:
        raise ServerChoiceError(f"{named[0]} with --no-servers (or SCHEMA_LINT_NO_SERVERS): the one asks to run what "
                                "the other forbids")
    if not configured:
        return [], None
    many = len(configured) != 1
    return [], (f"schema-lint: warning: --no-servers: {len(configured)} MCP server{'s' if many else ''} the "
                f"configuration names ({', '.join(server.name for server in configured)}) "
                f"{'were' if many else 'was'} not started; {'their' if many else 'its'} tools are not read")


def limits_from(options: ServerOptions, config=None) -> Limits:
    """The options' limits, with the bytes of a listing held to the configuration's
    `max-file-size` (the default's without one)."""
    return Limits(startup=options.mcp_startup_timeout, request=options.mcp_timeout,
                  deadline=options.mcp_deadline, max_pages=options.mcp_max_pages,
                  max_bytes=config.max_file_size if config is not None else _DEFAULTS.max_bytes,
                  python=options.python_timeout, python_interpreter=options.python_interpreter)
