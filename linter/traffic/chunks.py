"""Calls an OpenAI chat completion stream logged chunk by chunk holds, put back together.

Each `chat.completion.chunk` carries a delta: a call's first piece names it (its `id`,
`function.name`) and each later piece adds to its `arguments`, matched by the call's
`index`; the legacy `function_call` delta is one call the same way. A call is whole once its
choice finishes (`finish_reason`). A stream's chunks share the completion's `id`, so
several streams may interleave in one log. No piece is a call by itself: read alone, the
first one's empty arguments would be replayed as a rejected call the model never made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CHUNK = "chat.completion.chunk"

MAX_OPEN = 10_000
"""Calls a log may hold unfinished at once; past it, a new one is not read."""
MAX_TEXT = 32 * 1024 * 1024
"""Characters of arguments held for unfinished calls; past it, a new piece is not kept."""


@dataclass
class _Open:
    line: int  # where the call's first piece is
    name: str | None = None
    call_id: str | None = None
    parts: list[str] = field(default_factory=list)
    cut: bool = False  # a piece was not kept (`MAX_TEXT`)


@dataclass(frozen=True)
class StreamedCall:
    line: int  # where its first piece is
    tool: str
    arguments: str
    call_id: str | None
    problem: str | None = None  # why it is no call to replay


class Chunks:
    """The unfinished calls of one file's streams, by stream and choice, then by the call's index."""

    def __init__(self) -> None:
        self.open: dict[tuple[Any, Any], dict[Any, _Open]] = {}
        self.count = 0
        self.text = 0
        self.unopened = 0  # pieces of calls not held: `MAX_OPEN` were already

    def add(self, record: dict, line: int) -> list[StreamedCall]:
        """The calls this chunk (read at `line`) finishes, in the order they were opened."""
        stream = _hashable(record.get("id"))
        finished: list[StreamedCall] = []
        choices = record.get("choices")
        for choice in choices if isinstance(choices, list) else ():
            if not isinstance(choice, dict):
                continue
            key = (stream, _hashable(choice.get("index", 0)))
            delta = choice.get("delta")
            if isinstance(delta, dict):
                self._pieces(key, delta, line)
            if choice.get("finish_reason") is not None:
                finished += self._finish(key)
        return finished

    def unfinished(self) -> list[tuple[int, str]]:
        """(line, why) for each call the file's end leaves unread: one no chunk finished (its
        stream cut short), at its first piece; and the pieces not held past `MAX_OPEN`."""
        left = sorted((call.line, "a streamed call whose stream ends before its choice finishes (no `finish_reason`)")
                      for calls in self.open.values() for call in calls.values())
        if self.unopened:
            pieces = f"{self.unopened:,} piece{'s' if self.unopened != 1 else ''}"
            left.append((0, f"{pieces} of streamed calls not read: more than {MAX_OPEN:,} calls were unfinished at once"))
        self.open.clear()
        self.count = self.text = self.unopened = 0
        return left

    def _pieces(self, key: tuple[Any, Any], delta: dict, line: int) -> None:
        calls = delta.get("tool_calls")
        pieces = [(call.get("index", 0), call.get("id"), call.get("function")) for call in calls
                  if isinstance(call, dict)] if isinstance(calls, list) else []
        if isinstance(delta.get("function_call"), dict):
            pieces.append(("function_call", None, delta["function_call"]))
        for index, call_id, function in pieces:
            calls_of = self.open.setdefault(key, {})
            call = calls_of.get(_hashable(index))
            if call is None:
                if self.count >= MAX_OPEN:
                    self.unopened += 1
                    continue
                call = calls_of[_hashable(index)] = _Open(line)
                self.count += 1
            if isinstance(call_id, str) and call.call_id is None:
                call.call_id = call_id
            if not isinstance(function, dict):
                continue
            if isinstance(function.get("name"), str) and function["name"] and call.name is None:
                call.name = function["name"]
            text = function.get("arguments")
            if isinstance(text, str) and text:
                if self.text + len(text) > MAX_TEXT:
                    call.cut = True
                    continue
                self.text += len(text)
                call.parts.append(text)

    def _finish(self, key: tuple[Any, Any]) -> list[StreamedCall]:
        finished = []
        for call in self.open.pop(key, {}).values():
            arguments = "".join(call.parts)
            self.count -= 1
            self.text -= len(arguments)
            problem = ("not read: its streamed arguments pass what is held of unfinished calls "
                       f"({MAX_TEXT:,} characters)") if call.cut else \
                None if call.name is not None else "no chunk of this streamed call names its function"
            finished.append(StreamedCall(call.line, call.name or "", arguments, call.call_id, problem))
        return finished


def _hashable(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else repr(value)
