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
from urllib.parse import urlsplit

# Launchers whose first plain argument names the server: `npx -y @scope/server-x`,
# `uv run server.py`; and the subcommands some of them take first.
_LAUNCHERS = frozenset({"npx", "bunx", "pnpx", "uvx", "pipx", "uv", "node", "deno", "bun", "docker",
                        "python", "python3", "py", "env"})
_SUBCOMMANDS = frozenset({"run", "exec", "x", "dlx", "tool"})
# Launcher options whose value is not the server: `npx --prefix DIR`, `npx -p PKG`, `uvx --from
# PKG`, `uv run --with PKG`, `python -X dev`, `docker run -e KEY -v A:B --name N`.
_VALUE_OPTIONS = frozenset({"--prefix", "-p", "--package", "--from", "--with", "--with-editable",
                            "--with-requirements", "--python", "--directory", "--project", "--index",
                            "--index-url", "--extra-index-url", "--env-file", "-e", "--env", "-v", "--volume",
                            "--name", "--network", "-w", "--workdir", "--cwd", "--registry", "-X", "-W"})
# Interpreter options that run the code that follows: the command names no server (`python -c CODE`).
_CODE_OPTIONS = {"python": {"-c"}, "py": {"-c"}, "node": {"-e", "-p", "--eval", "--print"},
                 "bun": {"-e", "--eval", "-p", "--print"}, "deno": {"eval"}}
# What MCP packages put around the name of what they serve: `mcp-server-x`, `server-x`, `x-mcp`,
# `x-mcp-server`, `mcp_server_x` (a Python module); each is named `x`.
_AFFIXES = re.compile(r"^(?:mcp[-_]server[-_]|server[-_]|mcp[-_])|(?:[-_]mcp[-_]server|[-_]server[-_]mcp|[-_]mcp)$",
                      re.IGNORECASE)
_ENV_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=(?!=)")  # `env KEY=VALUE cmd`, not `pkg==1.2`
_PIN = re.compile(r"(?<=.)[@=<>~!\[:].*$")  # `x@1.2`, `x==1.2`, `x[extra]`, an image's `x:tag`
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._@:-]+")


class ServerSpecError(ValueError):
    """A server option or table that cannot be used as given; exit 2."""


@dataclass(frozen=True)
class Server:
    """One server: a command to start over stdio, or a Streamable HTTP URL."""

    name: str
    command: tuple[str, ...] = ()
    url: str | None = None
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def path(self) -> str:
        """What findings on the server itself (it did not start, did not answer) point at."""
        return f"mcp:{self.name}"

    @property
    def shown(self) -> str:
        """The server as a person recognises it in a message."""
        return self.url or shlex.join(self.command)


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
        checked = _checked_url(url)
        servers.append(Server(_unique(url_name(checked), names), url=checked, headers=sent))
    return servers


def from_table(table: object, root: str) -> list[Server]:
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
        cwd = _within(root, _text(entry.get("cwd", "."), where, "cwd"))
        servers.append(Server(_safe(name), command=(_text(entry["command"], where, "command"), *args),
                              env=_texts(entry.get("env", {}), where, "env"), cwd=cwd))
    return servers


def _within(root: str, path: str) -> str:
    """`path` from `root` (itself when absolute), without its `.` steps and trailing slashes;
    `..` is kept, as a link on the way may lead elsewhere than the text suggests."""
    steps = [step for step in path.split("/") if step not in ("", ".")]
    return os.path.join("/" if path.startswith("/") else root, *steps)


def command_name(command: tuple[str, ...]) -> str:
    """The server a command runs, in one form however it is launched: `everything` for `npx -y
    @modelcontextprotocol/server-everything@1.0 stdio`, for `npx --prefix DIR ...` and for
    `node_modules/.bin/mcp-server-everything`; `tickets_server` for `python tests/tickets_server.py`;
    `time` for `uvx mcp-server-time==1.0` and `python -m mcp_server_time`; `python-c` for `python -c CODE`."""
    launcher = _launcher(command[0])
    if launcher not in _LAUNCHERS or len(command) == 1:
        return _named(_stem(command[0]))
    rest = list(command[1:])
    while rest:
        word = rest.pop(0)
        if word in _CODE_OPTIONS.get(launcher, ()):
            return f"{launcher}-{word.lstrip('-')}"
        if word == "-m" and rest:
            return _named(rest[0])
        if word in _VALUE_OPTIONS and rest:
            rest.pop(0)
            continue
        if word.startswith("-") or word in _SUBCOMMANDS or _ENV_ASSIGNMENT.match(word):
            continue
        if _launcher(word) in _LAUNCHERS:  # `uv run python server.py`, `env KEY=1 node server.js`
            return command_name((word, *rest))
        return _named(_stem(word))
    return _named(_stem(command[0]))


def url_name(url: str) -> str:
    return _safe(urlsplit(url).netloc or url)


def _launcher(word: str) -> str:
    """`python` for `/usr/bin/python3.11`, `py` for `py.exe`: the program, without version or suffix."""
    return os.path.basename(word).split(".")[0].rstrip("0123456789") or word


def _stem(word: str) -> str:
    """The package, script or image a word names, without its path, scope, version or suffix;
    a scoped package whose own name is only MCP's words (`@playwright/mcp`) by its scope."""
    base = word.rstrip("/").rsplit("/", 1)[-1]
    base = _PIN.sub("", base)
    if word.startswith("@") and "/" in word and _AFFIXES.sub("", base).lower() in ("", "server", "mcp"):
        return word[1:].split("/", 1)[0]
    return os.path.splitext(base)[0] if base.endswith((".py", ".js", ".mjs", ".ts")) else base


def _named(name: str) -> str:
    """`name` without the MCP affixes around it (unless no name would be left: `mcp-server`), safe as a path."""
    bare = _AFFIXES.sub("", name)
    return _safe(bare if bare.lower() not in ("", "server", "mcp") else name)


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
    try:
        scheme = urlsplit(url).scheme
    except ValueError as exc:  # an unclosed or invalid IPv6 host: `http://[::1`
        raise ServerSpecError(f"--mcp-url {url!r}: not a URL ({exc})") from None
    if scheme not in ("http", "https"):
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
