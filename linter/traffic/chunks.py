"""Calls a stream logged event by event holds, put back together: an OpenAI chat completion
stream's chunks, an Anthropic Messages stream's events, a Bedrock ConverseStream's events.

No piece is a call by itself: read alone, the first one's empty arguments would be replayed
as a rejected call the model never made. Each stream names a call in its first piece and
adds to its arguments, as JSON text, in later ones:

- A `chat.completion.chunk` carries a delta: a call's first piece names it (`id`,
  `function.name`), later pieces add to `arguments`, matched by the call's `index`; the
  legacy `function_call` delta is one call the same way. A call is whole once its choice
  finishes (`finish_reason`). A stream's chunks share the completion's `id`, so several
  streams may interleave in one log.
- Anthropic's `content_block_start` opens a `tool_use` block (its `id`, `name`), each
  `content_block_delta` of it adds an `input_json_delta`'s `partial_json`, and its
  `content_block_stop` ends it. Bedrock's `contentBlockStart` (`start.toolUse`: `toolUseId`,
  `name`), `contentBlockDelta` (`delta.toolUse.input`) and `contentBlockStop` do the same. Their
  events carry only the block's index, not the message's id: a log is read as one stream
  after another, each from its message start (`message_start`, `messageStart`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from schema_lint.sources.json_scan import opens_too_many
from schema_lint.text.display import clip

CHUNK = "chat.completion.chunk"
# The events of an Anthropic Messages stream (`type`); of a Bedrock ConverseStream (the key of each).
_ANTHROPIC_EVENTS = frozenset({"message_start", "content_block_start", "content_block_delta", "content_block_stop",
                               "message_delta", "message_stop", "ping"})
# The events the Python SDK's `messages.stream()` adds to those, each with what the block holds
# so far (`snapshot`), or a thinking block's signature.
_SDK_EVENTS = frozenset({"text", "input_json", "thinking", "citation"})
_BEDROCK_EVENTS = frozenset({"messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop",
                             "messageStop", "metadata"})
# The block of a call to one of the caller's tools; a Bedrock `toolUse` of this type is a call the
# provider runs itself (see `calls._NOT_REPLAYED`).
_CALL_BLOCK = "tool_use"
_SERVER_CALL = "server_tool_use"

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
    blocks: bool = False  # a content block's: its arguments are parsed, as the provider does
    odd: bool = False  # a piece of its arguments was no text


@dataclass(frozen=True)
class StreamedCall:
    line: int  # where its first piece is
    tool: str
    arguments: Any
    call_id: str | None
    problem: str | None = None  # why it is no call to replay


ENDED_EARLY = "a streamed call whose stream ends before its content block does"
_NO_FINISH = "a streamed call whose stream ends before its choice finishes (no `finish_reason`)"
SUPERSEDED = "a streamed call whose content block did not end before another started at its index"
NO_START = "pieces of a streamed call whose start was not logged (its name and id are unknown)"
_NO_INPUT = "a streamed call whose stream ends before its input is whole"


def is_piece(record: dict) -> bool:
    """Whether a record is an event of one of the streams read here. Not a `message_stop` that
    carries the whole message (the SDK's `messages.stream()` adds it): that is read as a
    message, whose calls repeat the stream's."""
    if record.get("object") == CHUNK:
        return True
    kind = record.get("type")
    if isinstance(kind, str):
        if kind == "message_stop":
            return not isinstance(record.get("message"), dict)
        return kind in _ANTHROPIC_EVENTS or kind in _SDK_EVENTS and "snapshot" in record or \
            kind == "signature" and "signature" in record or kind == "error" and isinstance(record.get("error"), dict)
    # Each Bedrock event is an object of one member, named for the event: a record that only
    # has a `metadata` beside others (an OpenAI response's, a UI message's) is none.
    return bool(record) and record.keys() <= _BEDROCK_EVENTS


class Chunks:
    """The unfinished calls of one file's streams: by stream (and choice), then by the call's
    or block's index.

    A content block stream's calls are of its current message only: a message start reports
    the blocks the one before left unfinished, so neither a log of many messages nor one of
    many cut streams holds more than one message's. A chat completion stream is told by its
    id, so its calls stay held until it finishes (within `MAX_OPEN`)."""

    def __init__(self) -> None:
        self.open: dict[tuple[Any, Any], dict[Any, _Open]] = {}
        self.count = 0
        self.text = 0
        self.unopened = 0  # pieces of calls not held: `MAX_OPEN` were already
        self._messages = 0  # message starts read: the stream a content block's event is of
        self._started: set[Any] = set()  # indexes of the message's blocks whose start was read
        self._unstarted: set[Any] = set()  # and of those whose pieces came without a start

    @property
    def _message_key(self) -> tuple[Any, Any]:
        """Where the current message's blocks are held: apart from any chat completion stream's
        (id, choice), whatever the id."""
        return _MESSAGES, self._messages

    def add(self, record: dict, line: int) -> list[StreamedCall]:
        """The calls this event (read at `line`, `is_piece`) finishes or gives up on, in the order
        they were opened."""
        if record.get("object") == CHUNK:
            return self._chunk(record, line)
        if isinstance(record.get("type"), str):
            return self._anthropic(record, line)
        return self._bedrock(record, line)

    def unfinished(self) -> list[tuple[int, str]]:
        """(line, why) for each call the file's end leaves unread: one no event finished (its
        stream cut short), at its first piece; and the pieces not held past `MAX_OPEN`."""
        left = sorted((call.line, (ENDED_EARLY if call.blocks else _NO_FINISH) + _which(call))
                      for calls in self.open.values() for call in calls.values())
        if self.unopened:
            pieces = f"{self.unopened:,} piece{'s' if self.unopened != 1 else ''}"
            left.append((0, f"{pieces} of streamed calls not read: more than {MAX_OPEN:,} calls were unfinished at once"))
        self.open.clear()
        self.count = self.text = self.unopened = 0
        return left

    # -- OpenAI chat completion chunks -----------------------------------------------------

    def _chunk(self, record: dict, line: int) -> list[StreamedCall]:
        stream = _hashable(record.get("id"))
        finished: list[StreamedCall] = []
        choices = record.get("choices")
        for choice in choices if isinstance(choices, list) else ():
            if not isinstance(choice, dict):
                continue
            key = (stream, _hashable(choice.get("index", 0)))
            delta = choice.get("delta")
            if isinstance(delta, dict):
                finished += self._chunk_pieces(key, delta, line)
            if choice.get("finish_reason") is not None:
                finished += self._finish(self.open.pop(key, {}).values())
        return finished

    def _chunk_pieces(self, key: tuple[Any, Any], delta: dict, line: int) -> list[StreamedCall]:
        """Add a delta's pieces; what it returns is the calls a piece with a new id at their index
        ends: a server that numbers every call of a turn 0 (Ollama), or numbers none (Gemini's
        OpenAI-compatible API), sends each call whole under a new id."""
        calls = delta.get("tool_calls")
        pieces = [(call.get("index", 0), call.get("id"), call.get("function")) for call in calls
                  if isinstance(call, dict)] if isinstance(calls, list) else []
        if isinstance(delta.get("function_call"), dict):
            pieces.append(("function_call", None, delta["function_call"]))
        finished: list[StreamedCall] = []
        for index, call_id, function in pieces:
            held = self.open.get(key, {}).get(_hashable(index))
            if held is not None and isinstance(call_id, str) and held.call_id is not None and call_id != held.call_id:
                finished += self._finish((self.open[key].pop(_hashable(index)),))
            call = self._opened(key, index, line)
            if call is None:
                continue
            if isinstance(call_id, str) and call.call_id is None:
                call.call_id = call_id
            if not isinstance(function, dict):
                continue
            if isinstance(function.get("name"), str) and function["name"] and call.name is None:
                call.name = function["name"]
            self._keep(call, function.get("arguments"))
        return finished

    # -- content block streams: Anthropic's, Bedrock's --------------------------------------

    def _anthropic(self, record: dict, line: int) -> list[StreamedCall]:
        kind = record["type"]
        if kind == "message_start":
            return self._next_message()
        if kind == "content_block_start":
            block = record.get("content_block")
            self._note_start(record.get("index"))
            if isinstance(block, dict) and block.get("type") == _CALL_BLOCK:
                return self._start_block(record.get("index"), block.get("name"), block.get("id"), line)
        elif kind == "content_block_delta":
            delta = record.get("delta")
            if isinstance(delta, dict) and delta.get("type") == "input_json_delta":
                return self._add_to_block(record.get("index"), delta.get("partial_json"), line)
        elif kind == "content_block_stop":
            block = record.get("content_block")  # the whole block: the SDK's `messages.stream()` adds it
            return self._stop_block(record.get("index"), block if isinstance(block, dict) else None, line)
        return []

    def _bedrock(self, record: dict, line: int) -> list[StreamedCall]:
        finished = self._next_message() if "messageStart" in record else []
        start = record.get("contentBlockStart")
        if isinstance(start, dict) and isinstance(start.get("start"), dict):
            self._note_start(start.get("contentBlockIndex"))
            use = start["start"].get("toolUse")
            if isinstance(use, dict) and use.get("type") != _SERVER_CALL:
                finished += self._start_block(start.get("contentBlockIndex"), use.get("name"), use.get("toolUseId"),
                                              line)
        delta = record.get("contentBlockDelta")
        if isinstance(delta, dict) and isinstance(delta.get("delta"), dict):
            use = delta["delta"].get("toolUse")
            if isinstance(use, dict):
                finished += self._add_to_block(delta.get("contentBlockIndex"), use.get("input"), line)
        stop = record.get("contentBlockStop")
        return finished + (self._stop_block(stop.get("contentBlockIndex")) if isinstance(stop, dict) else [])

    def _next_message(self) -> list[StreamedCall]:
        """A new message starts: the blocks the last one left open will never end."""
        left = self.open.pop(self._message_key, {})
        self._messages += 1
        self._started.clear()
        self._unstarted.clear()
        return self._finish(left.values(), ENDED_EARLY)

    def _start_block(self, index: Any, name: Any, call_id: Any, line: int) -> list[StreamedCall]:
        key = self._message_key
        held = self.open.get(key, {}).pop(_hashable(index), None)
        superseded = self._finish((held,), SUPERSEDED) if held is not None else []
        call = self._opened(key, index, line)
        if call is not None:
            call.blocks = True
            call.name = name if isinstance(name, str) and name else None
            call.call_id = call_id if isinstance(call_id, str) else None
        return superseded

    def _add_to_block(self, index: Any, text: Any, line: int) -> list[StreamedCall]:
        """A piece of a call block's arguments; one of a block whose start was not logged is
        reported, once a block."""
        call = self.open.get(self._message_key, {}).get(_hashable(index))
        if call is not None:
            self._keep(call, text)
            return []
        if _hashable(index) in self._started or _hashable(index) in self._unstarted \
                or len(self._unstarted) >= MAX_OPEN:
            return []  # a block of a call the provider runs, or one reported already
        self._unstarted.add(_hashable(index))
        return [StreamedCall(line, "", None, None, NO_START)]

    def _note_start(self, index: Any) -> None:
        if len(self._started) < MAX_OPEN:
            self._started.add(_hashable(index))

    def _stop_block(self, index: Any, block: dict | None = None, line: int = 0) -> list[StreamedCall]:
        """The call a block's end finishes: from its pieces, or from the whole block where the
        event carries it (the call as the SDK parsed it, even where its start was not logged)."""
        key = self._message_key
        call = self.open.get(key, {}).pop(_hashable(index), None)
        if key in self.open and not self.open[key]:
            del self.open[key]
        finished = [] if call is None else self._finish((call,))
        if block is None or block.get("type") != _CALL_BLOCK or not isinstance(block.get("name"), str):
            return finished
        call_id = block.get("id")
        return [StreamedCall(finished[0].line if finished else line, block["name"], block.get("input", {}),
                             call_id if isinstance(call_id, str) else None)]

    # -- held calls ---------------------------------------------------------------------------

    def _opened(self, key: tuple[Any, Any], index: Any, line: int) -> _Open | None:
        """The unfinished call at `index` of `key`'s stream, opened at `line` if new; None
        past `MAX_OPEN`."""
        calls_of = self.open.setdefault(key, {})
        call = calls_of.get(_hashable(index))
        if call is None:
            if self.count >= MAX_OPEN:
                self.unopened += 1
                if not calls_of:
                    del self.open[key]
                return None
            call = calls_of[_hashable(index)] = _Open(line)
            self.count += 1
        return call

    def _keep(self, call: _Open, text: Any) -> None:
        if text is None or text == "":
            return
        if not isinstance(text, str):
            call.odd = True
        elif self.text + len(text) > MAX_TEXT:
            call.cut = True
        else:
            self.text += len(text)
            call.parts.append(text)

    def _finish(self, calls: Iterable[_Open], problem: str | None = None) -> list[StreamedCall]:
        """The calls made of the pieces held, which no longer count toward the limits; each with
        the `problem` given, or its own."""
        finished = []
        for call in calls:
            arguments = "".join(call.parts)
            self.count -= 1
            self.text -= len(arguments)
            why = problem + _which(call) if problem else (
                f"not read: its streamed arguments pass what is held of unfinished calls ({MAX_TEXT:,} characters)"
                if call.cut else "not read: a piece of its streamed arguments is no text" if call.odd
                else None if call.name is not None else "no piece of this streamed call names its function")
            finished.append(StreamedCall(call.line, call.name or "", _block_input(arguments) if call.blocks
                                         else arguments, call.call_id, why))
        return finished


class StartedInputs:
    """The AI SDK's tool inputs a stream began (`tool-input-start`) and has not yet given whole
    (`tool-input-available`, `tool-input-error`, or `fullStream`'s `tool-call`), and the
    function calls an OpenAI Responses stream added (`response.output_item.added`) and has not
    finished (`response.output_item.done`): the call is read from the event that gives it
    whole, and one the stream ends before is a call lost, said at the file's end. Keyed by
    the call's id (`toolCallId`; `fullStream`'s `id`; the Responses item's `id`)."""

    def __init__(self) -> None:
        # By id (a digest of one longer than `_ID_KEPT`): where it began, its tool and id as shown.
        self.open: dict[str | bytes, tuple[int, str | None, str]] = {}
        # The ids of Responses items among them: a response the stream ends with holds them all.
        self.items: set[str] = set()

    def note(self, record: dict, line: int) -> None:
        """Take in an AI SDK chunk or a Responses item event (`record["type"]` in `INPUT_EVENTS`)."""
        kind = record["type"]
        if kind in RESPONSE_ENDS:  # `response.completed` and the like: the response holds its calls whole
            for added in self.items:
                self.open.pop(added, None)
            self.items.clear()
            return
        if kind in _RESPONSES_ITEM_EVENTS:
            item = record.get("item")
            if not isinstance(item, dict) or item.get("type") != "function_call":
                return
            record = {"type": "tool-input-start" if kind == _ITEM_ADDED else "tool-call", "id": item.get("id"),
                      "toolName": item.get("name")}
            if kind == _ITEM_ADDED and isinstance(record["id"], str) and len(record["id"]) <= _ID_KEPT \
                    and len(self.items) < MAX_OPEN:
                self.items.add(record["id"])
        call_id = record.get("toolCallId", record.get("id"))
        if not isinstance(call_id, str):
            return
        key = call_id if len(call_id) <= _ID_KEPT else \
            hashlib.blake2b(call_id.encode("utf-8", "surrogatepass")).digest()
        if record["type"] != "tool-input-start":
            self.open.pop(key, None)
        elif len(self.open) < MAX_OPEN and key not in self.open:
            name = record.get("toolName")  # kept only to be named: clipped, as a message shows it
            self.open[key] = (line, clip(name) if isinstance(name, str) else None, clip(call_id))

    def unfinished(self) -> list[tuple[int, str]]:
        left = [(line, _NO_INPUT + _named(name, shown)) for line, name, shown in self.open.values()]
        self.open.clear()
        return left


_ID_KEPT = 256
AI_SDK_INPUT_EVENTS = frozenset({"tool-input-start", "tool-input-available", "tool-input-error", "tool-call"})
_ITEM_ADDED = "response.output_item.added"
_RESPONSES_ITEM_EVENTS = frozenset({_ITEM_ADDED, "response.output_item.done"})
# The events that end a Responses stream with the response itself (`response.done`: Realtime's).
RESPONSE_ENDS = frozenset({"response.completed", "response.incomplete", "response.failed", "response.done"})
# The events `StartedInputs` takes in.
INPUT_EVENTS = AI_SDK_INPUT_EVENTS | _RESPONSES_ITEM_EVENTS | RESPONSE_ENDS


def _which(call: _Open) -> str:
    """The call a problem is of, as far as its pieces named it."""
    return _named(clip(call.name) if call.name else None, clip(call.call_id) if call.call_id else None)


def _named(name: str | None, call_id: str | None) -> str:
    """`: `name`, id `id``, of what is known, each as shown (clipped)."""
    named = [f"`{name}`"] if name else []
    named += [f"id `{call_id}`"] if call_id else []
    return f": {', '.join(named)}" if named else ""


def _block_input(text: str) -> Any:
    """A content block's arguments as the provider gives them once the block ends: the JSON
    its pieces make, parsed (no piece: an empty object); text that is no JSON stays text,
    which the boundary rejects as such."""
    if not text:
        return {}
    if opens_too_many(text):
        return text

    def refuse(constant: str) -> Any:
        raise ValueError(constant)

    try:
        return json.loads(text, parse_constant=refuse)  # strict: no NaN, no Infinity
    except (ValueError, RecursionError):
        return text


# The key of a content block stream's messages: no `_hashable` id is this object.
_MESSAGES = object()


def _hashable(value: Any) -> Any:
    """An index or id as a key: `true` is no `1`, and a list or object nested past what `repr`
    can write (a thousand deep) is one key of its own."""
    if isinstance(value, (bool, float)):
        return type(value).__name__, repr(value)
    if isinstance(value, (str, int)) or value is None:
        return value
    try:
        return repr(value)
    except RecursionError:
        return "nested too deep"
