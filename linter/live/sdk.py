"""What differs between the two lines of the `mcp` SDK that the client runs on.

A project on the 1.x line (`mcp<2`, what most published servers pin) installs schema-lint
beside it, so the client works on either line rather than require 2.x. The protocol is the
same; the SDK's surface is not, in four places:

| | 1.x | 2.x |
|---|---|---|
| the error a server's answer raises | `McpError` | `MCPError` |
| a session's read time-out | a `timedelta` | seconds |
| a page's cursor | `result.nextCursor` | `result.next_cursor` |
| the HTTP client | `httpx`; the transport yields three values | `httpx2`; two |

Both keep the JSON-RPC error as `error.error` (`code`, `message`).
"""

from __future__ import annotations

import datetime
import importlib
from types import ModuleType
from typing import Any


def error_class() -> type[Exception]:
    try:
        from mcp.shared.exceptions import MCPError
    except ImportError:
        from mcp.shared.exceptions import McpError as MCPError  # type: ignore[attr-defined,no-redef]
    return MCPError


def error_code(exc: BaseException) -> object:
    return getattr(getattr(exc, "error", None), "code", None)


def error_message(exc: BaseException) -> str:
    return str(getattr(getattr(exc, "error", None), "message", exc))


def is_first_line() -> bool:
    return not hasattr(importlib.import_module("mcp.shared.exceptions"), "MCPError")


def read_timeout(seconds: float) -> Any:
    """The session's read time-out as this SDK line takes it."""
    return datetime.timedelta(seconds=seconds) if is_first_line() else seconds


def next_cursor(result: Any) -> str | None:
    return getattr(result, "next_cursor", None) if hasattr(result, "next_cursor") else getattr(result, "nextCursor", None)


def http_module() -> ModuleType:
    """The HTTP client library this SDK line's transport is built on."""
    return importlib.import_module("httpx" if is_first_line() else "httpx2")
