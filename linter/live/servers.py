"""Which MCP servers to ask for their tools: from `--mcp`/`--mcp-url` and from the
`mcp-servers` configuration table. No `mcp` import here: this runs on every `check`
that has a configuration, and must stay as cheap as reading a table.

Each server gets a name, known before it starts, that every finding on it carries
(`mcp:<name>/<tool>`): a configured server's key, or one read from the command (the
script or package it runs) or the URL's host, so a baseline entry keeps matching
whatever the server calls itself this week.
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

# Launchers whose first plain argument names the server: `npx -y @scope/server-x`,
# `uv run server.py`; and the subcommands some of them take first.
_LAUNCHERS = frozenset({"npx", "bunx", "pnpx", "uvx", "pipx", "uv", "node", "deno", "bun", "docker",
                        "python", "python3", "py", "env"})
_SUBCOMMANDS = frozenset({"run", "exec", "x", "dlx", "tool"})
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._@:-]+")


class ServerSpecError(ValueError):
    """A server option or table that cannot be used as given; exit 2."""


@dataclass(frozen=True)
class Server:
    """One server: a command to start over stdio, a Streamable HTTP URL, or an `mcp` SDK
    server object of this process (`check --python`), asked in memory."""

    name: str
    command: tuple[str, ...] = ()
    url: str | None = None
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    headers: dict[str, str] = field(default_factory=dict)
    instance: object = field(default=None, compare=False)

    @property
    def path(self) -> str:
        """What findings on the server itself (it did not start, did not answer) point at."""
        return f"mcp:{self.name}"

    @property
    def shown(self) -> str:
        """The server as a person recognises it in a message."""
        return self.url or shlex.join(self.command) or f"in process: {type(self.instance).__name__}"


def from_options(commands: tuple[str, ...], urls: tuple[str, ...], env: tuple[str, ...] = (),
                 cwd: str | None = None, headers: tuple[str, ...] = (), taken: set[str] | None = None) -> list[Server]:
    """The servers of `--mcp CMD` (split as a shell would) and `--mcp-url URL`; `--mcp-env`
    and `--mcp-cwd` apply to every command, `--mcp-header` to every URL."""
    variables = dict(_pair(item, "=", "--mcp-env", "KEY=VALUE") for item in env)
    sent = dict(_pair(item, ":", "--mcp-header", "'Name: value'") for item in headers)
    names = set(taken or ())
    servers = []
    for text in commands:
        try:
            command = tuple(shlex.split(text))
        except ValueError as exc:
            raise ServerSpecError(f"--mcp {text!r}: {exc}") from None
        if not command:
            raise ServerSpecError("--mcp needs a command to start the server")
        servers.append(Server(_unique(command_name(command), names), command=command, env=variables, cwd=cwd))
    for url in urls:
        servers.append(Server(_unique(url_name(url), names), url=_checked_url(url), headers=sent))
    return servers


def from_table(table: object, root: Path) -> list[Server]:
    """The `mcp-servers` configuration: `{name = {command, args, env, cwd}}` or `{name = {url,
    headers}}`. A server runs in `cwd` relative to the configuration's directory (`root`),
    by default in that directory, so the same table works from anywhere in the repository."""
    if not isinstance(table, dict):
        raise ServerSpecError("`mcp-servers` must be a table of servers")
    servers = []
    for name, entry in table.items():
        where = f"`mcp-servers.{name}`"
        if not isinstance(entry, dict):
            raise ServerSpecError(f"{where} must be a table")
        unknown = sorted(set(entry) - {"command", "args", "env", "cwd", "url", "headers"})
        if unknown:
            raise ServerSpecError(f"{where}: unknown key `{unknown[0]}`")
        if ("command" in entry) == ("url" in entry):
            raise ServerSpecError(f"{where} needs exactly one of `command` and `url`")
        if "url" in entry:
            servers.append(Server(_safe(name), url=_checked_url(_text(entry["url"], where, "url")),
                                  headers=_texts(entry.get("headers", {}), where, "headers")))
            continue
        args = entry.get("args", [])
        if not isinstance(args, list) or not all(isinstance(arg, str) for arg in args):
            raise ServerSpecError(f"{where}: `args` must be a list of strings")
        cwd = root / _text(entry.get("cwd", "."), where, "cwd")
        servers.append(Server(_safe(name), command=(_text(entry["command"], where, "command"), *args),
                              env=_texts(entry.get("env", {}), where, "env"), cwd=str(cwd)))
    return servers


def command_name(command: tuple[str, ...]) -> str:
    """The script, module or package a command runs: `tickets_server` for `python
    tests/tickets_server.py`, `server-everything` for `npx -y @modelcontextprotocol/server-everything`."""
    words = list(command)
    if os.path.basename(words[0]).split(".")[0].rstrip("0123456789.") not in _LAUNCHERS or len(words) == 1:
        return _safe(_stem(words[0]))
    rest = words[1:]
    while rest:
        word = rest.pop(0)
        if word == "-m" and rest:
            return _safe(rest[0])
        if word.startswith("-") or word in _SUBCOMMANDS or "=" in word:
            continue
        return _safe(_stem(word))
    return _safe(_stem(words[0]))


def url_name(url: str) -> str:
    return _safe(urlsplit(url).netloc or url)


def _stem(word: str) -> str:
    base = word.rstrip("/").rsplit("/", 1)[-1]
    base = base.split("@", 1)[0] or base  # a version pin: `server-x@1.2`
    return os.path.splitext(base)[0] if base.endswith((".py", ".js", ".mjs", ".ts")) else base


def _safe(name: str) -> str:
    return _UNSAFE_NAME.sub("-", name).strip("-") or "server"


def _unique(name: str, names: set[str]) -> str:
    candidate, number = name, 2
    while candidate in names:
        candidate, number = f"{name}-{number}", number + 1
    names.add(candidate)
    return candidate


def _pair(item: str, separator: str, option: str, shape: str) -> tuple[str, str]:
    key, found, value = item.partition(separator)
    if not found or not key.strip():
        raise ServerSpecError(f"{option} {item!r}: expected {shape}")
    return key.strip(), value.strip() if separator == ":" else value


def _checked_url(url: str) -> str:
    if urlsplit(url).scheme not in ("http", "https"):
        raise ServerSpecError(f"--mcp-url {url!r}: expected an http:// or https:// URL")
    return url


def _text(value: object, where: str, key: str) -> str:
    if not isinstance(value, str):
        raise ServerSpecError(f"{where}: `{key}` must be a string")
    return value


def _texts(value: object, where: str, key: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ServerSpecError(f"{where}: `{key}` must be a table of strings")
    return dict(value)


@dataclass(frozen=True)
class Timeouts:
    """Seconds for starting the server and answering `initialize`, for each later request, and
    for a `--python` target's child process to import it and send its tools (here rather
    than in fetch, so that `check`'s options import neither the SDK's helpers nor logging)."""

    startup: float = 60.0
    request: float = 30.0
    python: float = 60.0
