"""Recorded tool calls, in every shape logs keep them, read one line at a time.

Shapes, detected per line (a line may hold several calls, or a list of them):
`{"tool"|"name": ..., "arguments"|"args"|"input": ...}`, an OpenAI chat message or
completion (`tool_calls[].function.{name, arguments}`), an OpenAI Responses
`function_call` item or response `output`, an Anthropic message or `tool_use` block,
and an MCP `tools/call` JSON-RPC request. Arguments may be an object or a JSON string;
the boundary decides what a string means, so it is passed through untouched.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO


@dataclass(frozen=True)
class RecordedCall:
    index: int
    line: int
    tool: str
    arguments: Any
    call_id: str | None = None
    # Dataset records name the exact tool: by the uid of its record, or inline.
    tool_uid: str | None = None
    tool_definition: Any = None


@dataclass(frozen=True)
class BrokenLine:
    file: str
    line: int
    reason: str


def read_calls(paths: Iterable[str], stdin: TextIO | None = None) -> Iterator[RecordedCall | BrokenLine]:
    """Calls from every file in order, numbered from 0 across files.

    A `.json` file is one record (often a list of calls); anything else is JSON Lines.
    A line that is not JSON or holds no call yields a BrokenLine and the run goes on.
    """
    index = 0
    for path in paths:
        for number, text in _records(path, stdin):
            try:
                record = json.loads(text)
            except json.JSONDecodeError as exc:
                yield BrokenLine(path, number + exc.lineno - 1, f"not JSON: {exc.msg} at column {exc.colno}")
                continue
            found = False
            for tool, arguments, call_id in calls_in(record):
                found = True
                yield RecordedCall(index, number, tool, arguments, call_id, *_tool_reference(record))
                index += 1
            if not found:
                yield BrokenLine(path, number, "no tool call found")


def _records(path: str, stdin: TextIO | None) -> Iterator[tuple[int, str]]:
    if path == "-":
        handle = stdin or sys.stdin
        yield from ((n, line) for n, line in enumerate(handle, start=1) if line.strip())
        return
    with open(path, encoding="utf-8", errors="replace") as handle:
        if path.endswith(".json"):
            yield 1, handle.read()
            return
        yield from ((n, line) for n, line in enumerate(handle, start=1) if line.strip())


def calls_in(record: Any) -> Iterator[tuple[str, Any, str | None]]:
    """(tool name, arguments, call id) for every call a record holds."""
    if isinstance(record, list):
        for item in record:
            yield from calls_in(item)
        return
    if not isinstance(record, dict):
        return
    if record.get("method") == "tools/call" and isinstance(record.get("params"), dict):
        params = record["params"]
        if isinstance(params.get("name"), str):
            yield params["name"], params.get("arguments", {}), _id(record.get("id"))
        return
    if isinstance(record.get("tool_calls"), list):
        for call in record["tool_calls"]:
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict) and isinstance(function.get("name"), str):
                yield function["name"], function.get("arguments", "{}"), _id(call.get("id"))
        return
    for container in ("choices", "output", "content"):
        if isinstance(record.get(container), list):
            for item in record[container]:
                yield from calls_in(item.get("message", item) if isinstance(item, dict) else item)
            return
    kind = record.get("type")
    if kind == "tool_use" and isinstance(record.get("name"), str):
        yield record["name"], record.get("input", {}), _id(record.get("id"))
    elif kind == "function_call" and isinstance(record.get("name"), str):
        yield record["name"], record.get("arguments", "{}"), _id(record.get("call_id") or record.get("id"))
    else:
        yield from _plain(record)


def _plain(record: dict) -> Iterator[tuple[str, Any, str | None]]:
    name = record.get("tool", record.get("name"))
    for key in ("arguments", "args", "input", "parameters"):
        if key in record and isinstance(name, str):
            yield name, record[key], _id(record.get("id") or record.get("call_id"))
            return


def _tool_reference(record: Any) -> tuple[str | None, Any]:
    """The `tool_uid` and inline `tool_def` a dataset's call record may carry."""
    if not isinstance(record, dict):
        return None, None
    uid = record.get("tool_uid")
    return (uid if isinstance(uid, str) else None), record.get("tool_def")


def _id(value: Any) -> str | None:
    return None if value is None else str(value)
