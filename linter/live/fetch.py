"""Ask one MCP server for its tools, through the `mcp` SDK's own client, of either line (`sdk`).

`initialize`, then `tools/list` page by page (`nextCursor`) until the last, all within
one deadline (`Limits.deadline`) and a number of pages: a server that answers each page
just in time cannot hold the run for the pages' time-outs end to end. Whatever
goes wrong (the command is missing, the server exits, prints something that is not
JSON-RPC, never answers, answers with an error or with a result the SDK cannot read)
ends as one `FetchError` whose message names the step and shows the end of the
server's stderr, never as a traceback. The SDK's stdio transport starts the server in
a process group of its own and, when it does not exit once its stdin is closed, stops
the whole group; every wait here is bounded, so that always happens. The server's
stderr goes to a pipe that a `Drain` empties as it comes, keeping only its end: a
server that logs without end fills neither memory nor disk.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
from typing import Any

from schema_lint.schema.pointer import join
from schema_lint.text.display import MESSAGE_LIMIT, clip
from schema_lint.live.drain import Drain
from schema_lint.live.limits import Limits
from schema_lint.sources.reading import size_limit
from schema_lint.config.servers import Server

# How much of the server's stderr a failure shows: its last lines, the useful ones, in
# half a message, since a message is clipped at its end and the step's reason comes first.
STDERR_SHOWN = MESSAGE_LIMIT // 2
# Bytes of stderr kept for that: the last characters, at most four bytes each in UTF-8.
STDERR_KEPT = 4 * STDERR_SHOWN
# Seconds for the last of a stopped server's stderr to arrive (a child of its own that
# left the process group may hold the pipe; it is not waited for longer).
STDERR_SECONDS = 2.0


class FetchError(Exception):
    """The server could not be asked; the message says which step failed and why."""


def fetch_tools(server: Server, limits: Limits = Limits()) -> list[dict[str, Any]]:
    """The server's tools as `tools/list` serves them (JSON objects, in the server's order)."""
    try:
        import anyio
        import mcp  # noqa: F401
    except ImportError:
        raise FetchError("asking an MCP server needs the mcp SDK: install schema-lint with its `mcp` extra "
                         "(pip install '.[mcp]' in a checkout)") from None
    # The SDK logs transport faults with their traceback; the FetchError says it once, plainly.
    sdk_log = logging.getLogger("mcp")
    if not any(isinstance(handler, logging.NullHandler) for handler in sdk_log.handlers):
        sdk_log.addHandler(logging.NullHandler())
    stray = StrayLines()
    if not server.command:
        return anyio.run(_fetch, server, limits, None, stray)
    read_end, write_end = os.pipe()
    stderr = Drain(open(read_end, "rb"), STDERR_KEPT)
    try:
        with open(write_end, "w") as errlog:  # closed once the server is gone: the drain sees the pipe end
            tools = anyio.run(_fetch, server, limits, errlog, stray)
    except FetchError as exc:
        stderr.join(STDERR_SECONDS)
        raise FetchError(str(exc) + _stderr_tail(stderr)) from None
    if stray.count:
        _warn_of_stray_lines(server, stray)
    return tools


def _warn_of_stray_lines(server: Server, stray: StrayLines) -> None:
    """A listing read past lines that are not JSON-RPC: said, since the MCP specification's
    stdio transport forbids them ("The server MUST NOT write anything to its stdout that is
    not a valid MCP message") and a client stricter than the SDK fails on the first one."""
    from schema_lint.text.display import escape

    sys.stderr.write(escape(f"schema-lint: warning: MCP server `{server.name}` wrote {stray.written()}, which "
                            "MCP's stdio transport forbids: a client may fail on them (logs belong on stderr)") + "\n")


async def _fetch(server: Server, limits: Limits, stderr, stray: StrayLines) -> list[dict[str, Any]]:
    import anyio

    step = Step("start")
    with anyio.move_on_after(limits.deadline) as scope:
        cutoff = Cutoff(scope)
        try:
            async with _transport(server, stderr, limits, cutoff.cut) as (read, write):  # it bounds its shutdown
                return await _session(read, write, limits, step, stray)
        except Exception as exc:  # the SDK's errors, and ones it lets through from the transport
            if not scope.cancel_called:  # once cut off, what broke as the work was cancelled is no news
                raise _failure(_first(exc), step, stray, server) from None
    why = cutoff.reason or f"the listing did not finish within {limits.deadline:g} s (--mcp-deadline)"
    raise FetchError(f"{step.name}: {why}")


class Cutoff:
    """Why the transport ended the fetch early, where raising would not: the SDK reads in
    tasks of its own and logs what they raise. `cut` keeps the first reason and cancels
    the fetch's scope, whose deadline it shares."""

    def __init__(self, scope):
        self.scope, self.reason = scope, None

    def cut(self, reason: str) -> None:
        self.reason = self.reason or reason
        self.scope.cancel()


def _failure(exc: BaseException, step: Step, stray: StrayLines, server: Server) -> FetchError:
    if isinstance(exc, FetchError):
        return exc
    if isinstance(exc, TimeoutError):
        return FetchError(f"{step.waiting()}{_stray(stray)}")
    return FetchError(f"{step.failed()}: {_reason(exc)}{_not_found(exc, step, server)}{_stray(stray)}")


_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")


def _not_found(exc: BaseException, step: Step, server: Server) -> str:
    """For a command that could not be found: what was looked for, and where; and for a shell's
    `NAME=value cmd`, which `--mcp` does not read as a shell would, the option that sets it."""
    if step.name != "start" or not isinstance(exc, FileNotFoundError) or not server.command:
        return ""
    command = server.command[0]
    if _ASSIGNMENT.match(command):
        return f" (`{command}` is no command: set a variable with --mcp-env {command})"
    if server.cwd is not None and os.sep in command and not os.path.isabs(command):
        return f" (`{command}` was looked for in the server's working directory, {server.cwd})"
    return ""


async def _session(read, write, limits: Limits, step: Step, stray: StrayLines) -> list[dict[str, Any]]:
    import anyio
    import mcp.types as types
    from mcp import ClientSession

    from schema_lint.live import sdk

    async def keep(message) -> None:
        if isinstance(message, Exception):  # a line the server printed that is not JSON-RPC
            stray.count += 1  # only counted: a server may print megabytes of them

    # The session's own time-out applies to every request, `initialize` too, which has the
    # start-up's time: each step is bounded by its own `fail_after` below.
    longest = max(limits.startup, limits.request)
    async with ClientSession(read, write, read_timeout_seconds=sdk.read_timeout(longest),
                             message_handler=keep) as session:
        step.now("initialize", limits.startup, "--mcp-startup-timeout")
        with anyio.fail_after(limits.startup):
            initialized = await session.initialize()
        tools: list[dict[str, Any]] = []
        size = 0  # of the listing so far, written as compact JSON
        cursor: str | None = None
        seen: set[str] = set()
        for page in range(1, limits.max_pages + 1):
            step.now(f"tools/list (page {page})" if page > 1 else "tools/list", limits.request, "--mcp-timeout")
            with anyio.fail_after(limits.request):
                params = types.PaginatedRequestParams(cursor=cursor) if cursor is not None else None
                try:
                    result = await session.list_tools(params=params)
                except sdk.error_class() as exc:
                    if _has_no_tools(initialized, exc):
                        return []
                    raise
            for tool in result.tools:
                _refuse_non_finite(tool.model_dump(mode="python", by_alias=True, exclude_none=True))
            page_tools = [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in result.tools]
            size += _listed_size(page_tools)
            if size > limits.max_bytes:
                # The HTTP transport counts the bytes as they arrive; a stdio server's arrive
                # parsed by the SDK: its listing, written out, is held to the same limit before
                # it is linted (90,000 tools took a minute and 850 MB).
                raise FetchError(f"tools/list: what the server sent is larger than {size_limit(limits.max_bytes)}")
            tools.extend(page_tools)
            cursor = sdk.next_cursor(result)
            if cursor is None:
                return tools
            if cursor in seen:
                raise FetchError(f"tools/list: the server sent the cursor {cursor[:60]!r} twice; its pages never end")
            seen.add(cursor)
        raise FetchError(f"tools/list: still more pages after {limits.max_pages} (--mcp-max-pages)")


def _listed_size(tools: list[dict[str, Any]]) -> int:
    """The bytes of `tools` written as compact JSON: at most what the server sent for them."""
    return len(json.dumps(tools, separators=(",", ":"), ensure_ascii=False).encode())


def _refuse_non_finite(tool: dict[str, Any]) -> None:
    """A `NaN` or `Infinity` the server sent (Python's `json.dumps` writes them), which the SDK
    reads and then writes as null: "null is not of type number" would name a value the server
    never sent. Refused as a file holding one is (`SL000`), naming it and where it is."""
    import math

    pending: list[tuple[Any, str]] = [(tool, "")]
    while pending:
        value, pointer = pending.pop()
        if isinstance(value, float) and not math.isfinite(value):
            written = "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
            name = tool["name"] if isinstance(tool.get("name"), str) else "?"
            raise FetchError(f"tools/list: tool `{clip(name)}` holds `{written}` at `{clip(pointer)}`, "
                             f"which is not a JSON value")
        if isinstance(value, dict):
            pending.extend((member, join(pointer, str(key))) for key, member in value.items())
        elif isinstance(value, (list, tuple)):
            pending.extend((member, join(pointer, index)) for index, member in enumerate(value))


def _has_no_tools(initialized, exc) -> bool:
    """Whether a server that did not declare the `tools` capability refused `tools/list`: it
    serves no tool (a server with only resources or prompts, or a low-level `Server` given no
    tools handler), which is no failure. One that declared it and refuses is one."""
    from mcp.types import METHOD_NOT_FOUND

    from schema_lint.live.sdk import error_code

    return error_code(exc) == METHOD_NOT_FOUND and initialized.capabilities.tools is None


def _transport(server: Server, stderr, limits: Limits, cut):
    if server.url is not None:
        from schema_lint.live.http_client import http_transport

        return http_transport(server, limits, cut)
    from mcp import StdioServerParameters, stdio_client

    command, *args = server.command
    return stdio_client(StdioServerParameters(command=command, args=args, env=server.env or None, cwd=server.cwd),
                        errlog=stderr)


class StrayLines:
    """How many lines the server wrote to stdout that are not JSON-RPC (a log line, a banner)."""

    def __init__(self) -> None:
        self.count = 0

    def written(self) -> str:
        """What the server wrote, for a message: "3 lines to stdout that are not JSON-RPC"."""
        many = self.count != 1
        return f"{self.count} line{'s' if many else ''} to stdout that {'are' if many else 'is'} not JSON-RPC"


class Step:
    """What the client is waiting for, so a failure can say where it stopped."""

    def __init__(self, name: str):
        self.name, self.seconds, self.option = name, 0.0, ""

    def now(self, name: str, seconds: float, option: str) -> None:
        self.name, self.seconds, self.option = name, seconds, option

    def waiting(self) -> str:
        """Which answer did not come, and the option that gives it more time."""
        return f"no answer to {self.name} within {self.seconds:g} s ({self.option})"

    def failed(self) -> str:
        return "could not be started" if self.name == "start" else f"{self.name} failed"


def _first(exc: BaseException) -> BaseException:
    """The error inside the exception groups that task groups wrap it in."""
    while isinstance(inner := getattr(exc, "exceptions", None), tuple) and inner:
        exc = inner[0]
    return exc


def _reason(exc: BaseException) -> str:
    """One line for what the SDK raised: a validation error's first problem, an OS error's reason."""
    errors = getattr(exc, "errors", None)
    if callable(errors) and type(exc).__name__ == "ValidationError":
        first = errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        return f"the SDK cannot read the server's answer: {where}: {first.get('msg')}"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    from mcp.types import CONNECTION_CLOSED

    from schema_lint.live.sdk import error_class, error_code, error_message

    # The SDK's closed connection shares its code with JSON-RPC's first server error, which
    # servers send with words of their own ("Unauthorized: set GITHUB_TOKEN"): those are kept.
    if isinstance(exc, error_class()) and error_code(exc) == CONNECTION_CLOSED \
            and error_message(exc) in _SDK_CLOSED_WORDS:
        return "the server closed the connection"
    if isinstance(exc, error_class()):
        return f"the server answered with error {error_code(exc)}: {error_message(exc)[:300]}"
    text = str(exc) or type(exc).__name__
    return text.splitlines()[0][:300]


# What the SDK (either line) says of a connection it saw close.
_SDK_CLOSED_WORDS = frozenset({"Connection closed"})


def _stray(stray: StrayLines) -> str:
    return f" (it wrote {stray.written()})" if stray.count else ""


def _stderr_tail(stderr: Drain) -> str:
    text = stderr.kept().decode("utf-8", errors="replace").strip()
    if not text:
        return ""
    if len(text) > STDERR_SHOWN or stderr.dropped:
        text = "…" + text[-STDERR_SHOWN:]
    return f"; its stderr: {text}"
