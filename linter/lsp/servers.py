"""The MCP servers a workspace's configuration names, linted only when the user asks: the
`schema-lint.checkServers` command, never on opening or editing a file.

A configured server is a command run with the user's rights (or a URL asked), and a
cloned repository's configuration is its author's: starting it because a file was opened
would run their code. When asked, each server is started and listed as `check` does it
(`live.lint`, with `check`'s limits), and its findings are placed on the line of the
configuration that names it, the one place in the workspace the editor can show them.
"""

from __future__ import annotations

from typing import NamedTuple

from schema_lint.config import load_config
from schema_lint.model import Diagnostic, Span
from schema_lint.sources.locate import split_lines

COMMAND = "schema-lint.checkServers"


class ServersChecked(NamedTuple):
    """The configuration file that names the servers, and the findings on their tools, each at
    its server's line there."""

    config_path: str
    findings: list[Diagnostic]
    servers: int
    # The configuration's text, which the findings' lines are lines of.
    text: str


def check_servers(config_path: str) -> ServersChecked:
    """Start every server the configuration at `config_path` names and lint what it lists."""
    from schema_lint.live.lint import lint_servers
    from schema_lint.live.limits import Limits
    from schema_lint.run.linter import Linter
    from schema_lint.run.result import LintResult

    config = load_config(config_path)
    result = LintResult()
    if config.mcp_servers:
        lint_servers(Linter(config), config.mcp_servers, result, Limits(max_bytes=config.max_file_size))
    try:
        with open(config_path, encoding="utf-8", errors="replace") as file:
            text = file.read()
    except OSError:
        text = ""
    lines = _server_lines(text, [server.name for server in config.mcp_servers])
    placed = [_placed(finding, lines.get(finding.path.removeprefix("mcp:").split("/", 1)[0], 1), config_path)
              for finding in result.diagnostics]
    return ServersChecked(config_path, placed, len(config.mcp_servers), text)


def _placed(finding: Diagnostic, line: int, config_path: str) -> Diagnostic:
    """A finding on a live tool, moved to the configuration's line naming its server; its message
    says where in the tool it is, as `check` prints it (`mcp:<server>/<tool>#<pointer>`)."""
    where = f"{finding.path}#{finding.pointer}" if finding.pointer else finding.path
    return finding._replace(path=config_path, message=f"{where}: {finding.message}", live=False, tool=None,
                            span=Span(line, 1, line, 1), fix=None)


def _server_lines(text: str, names: list[str]) -> dict[str, int]:
    """The line of each server's table (`[tool.schema-lint.mcp-servers.NAME]`, or a key
    `NAME = {...}` under `mcp-servers`) in the configuration's text; line 1 where no line says
    it plainly."""
    found: dict[str, int] = {}
    for number, line in enumerate(split_lines(text), start=1):
        stripped = line.strip()
        for name in names:
            if name not in found and (stripped.startswith("[") and stripped.rstrip("]").endswith(f"mcp-servers.{name}")
                                      or stripped.split("=", 1)[0].strip().strip("\"'") == name):
                found[name] = number
    return found
