"""Helpers of the live-server tests: the fixture servers as `--mcp` commands, and a
listing linted as a live server's without starting one."""

from __future__ import annotations

import shlex
import sys

from click.testing import CliRunner
from conftest import FIXTURES

from schema_lint.cli import main
from schema_lint.config import Config
from schema_lint.run.linter import Linter
from schema_lint.run.result import LintResult
from schema_lint.live.document import live_document, relocate
from schema_lint.config.servers import Server

SERVERS = FIXTURES / "mcp"


def server_command(script: str, *args: str) -> str:
    """`--mcp` text that runs a fixture server with this interpreter (the one that has `mcp`)."""
    return shlex.join([sys.executable, str(SERVERS / script), *args])


def run(*args: str):
    """`schema-lint ARGS` in process; a traceback would show as `result.exception`."""
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def lint_listing(tools: list[dict], name: str = "srv", config: Config | None = None) -> LintResult:
    """What `check --mcp` reports for a server that lists these tools."""
    result = LintResult()
    document = live_document(Server(name, command=("srv",)).path, tools)
    Linter(config or Config()).lint_document(document, result)
    result.diagnostics = relocate(document, result.diagnostics)
    result.diagnostics.sort(key=lambda d: d.sort_key)
    return result
