"""Recorded tool calls, in every shape logs keep them, read one line at a time.

Shapes, detected per line (a line may hold several calls, or a list of them):
`{"tool"|"name": ..., "arguments"|"args"|"input": ...}`, an OpenAI chat message or
completion (`tool_calls[].function.{name, arguments}`, or the older `function_call`), an
OpenAI Responses `function_call` item, response or finished stream item, a batch output
line, an Anthropic message or `tool_use` block, a Gemini response or content
(`functionCall`), a Bedrock Converse response (`toolUse`), an Ollama chat response, a
LangChain AI message, the AI SDK's `tool-call` parts and UI messages' tool parts, a
conversation's `messages`, an MCP `tools/call` JSON-RPC request, the events of an OpenAI
chat, Anthropic or Bedrock stream (put back together by `chunks`), a telemetry span's output
(`spans`), a LangSmith run's and an OpenAI Agents SDK function span. Arguments may be an object or a JSON string; the
boundary decides what a string means, so it is passed through untouched.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from schema_lint.sources.json_scan import MAX_CONTAINERS, opens_too_many
from schema_lint.traffic import spans
from schema_lint.traffic.chunks import INPUT_EVENTS, RESPONSE_ENDS, Chunks, StartedInputs, is_piece
from schema_lint.traffic.traffic_summary import FORMAT as SUMMARY_FORMAT


class RecordedCall(NamedTuple):
    """One call (a NamedTuple: `replay` makes one per call, at a third of a frozen
    dataclass's cost)."""

    index: int  # type: ignore[assignment]  # the field, in place of tuple's `index()`, which no caller wants
    line: int
    tool: str
    arguments: Any
    call_id: str | None = None
    # Dataset records name the exact tool: by the uid of its record, or inline.
    tool_uid: str | None = None
    tool_definition: Any = None


@dataclass(frozen=True)
class BrokenLine:
    """A record read as no call: where (the column of what broke it, else 1; line 0 for the
    file as a whole), and why."""

    file: str
    line: int
    reason: str
    column: int = 1

    @property
    def where(self) -> str:
        """`file:line:col`, as every other message about a place in a file is written."""
        return f"{self.file}:{self.line}:{self.column}" if self.line else self.file


class LineSource(Protocol):
    """What calls are read from: a binary stream, or a stand-in that reads lines as one does."""

    def readline(self, limit: int = -1, /) -> bytes: ...


LINE_LIMIT = 32 * 1024 * 1024
"""Bytes one record may hold (a JSON Lines line, or a whole `.json` file): the size limit
`check` applies to a file. Past it the record is a broken line and the file is read no further."""


def read_calls(paths: Iterable[str], stdin: LineSource | None = None,
               contents: Mapping[str, bytes] | None = None,
               repeats: Repeats | None = None) -> Iterator[RecordedCall | BrokenLine]:
    """Calls from every file in order, numbered from 0 across files.

    A `.json` file is one record (often a list of calls); anything else is JSON Lines
    (`-` is stdin, and a pipe such as `<(zcat calls.jsonl.gz)` streams). A record that is
    not UTF-8, not JSON, too long, too deep, or holds no call yields a BrokenLine with its
    own line number, and the run goes on; so does a file that cannot be opened. A path in
    `contents` is read from its bytes there, not opened. A call logged again in a later
    file (the next day's request history) is read once, as in one file; `repeats` carries
    what was read across calls of this function that read one run's files one at a time.
    """
    index = 0
    repeats = repeats if repeats is not None else Repeats()
    for path in paths:
        chunks = Chunks()
        inputs = StartedInputs()
        repeats.next_file()
        number = 0
        for number, raw in _records(path, stdin, contents or {}):
            record = raw if isinstance(raw, BrokenLine) else _parse(path, number, raw)
            if isinstance(record, BrokenLine):
                yield record
                continue
            plain = type(record) is dict and record.keys().isdisjoint(_SHAPED)
            if plain:
                # The plain shape, every dataset's and most logs': read here, as `calls_in`
                # would, without the generators a call in any other shape is looked for with.
                call = _plain_call(record, index, number)
                if call is not None:
                    yield call
                    index += 1
                    continue
            if type(record) is dict and is_piece(record):
                for streamed in chunks.add(record, number):
                    if streamed.problem is not None:
                        yield BrokenLine(path, streamed.line, streamed.problem)
                        continue
                    if streamed.call_id is not None:  # logged again whole, in any shape: the same call
                        repeats.repeated(streamed.tool, streamed.call_id, streamed.arguments, False, streamed=True)
                    yield RecordedCall(index, streamed.line, streamed.tool, streamed.arguments, streamed.call_id)
                    index += 1
                continue  # a piece of a call: no call of its own, nor a line without one
            if plain:
                if not _holds_no_call(record):
                    yield BrokenLine(path, number, _no_call(record))
                continue
            if type(record) is dict and isinstance(record.get("type"), str) and record["type"] in INPUT_EVENTS:
                inputs.note(record, number)
            found = False
            # A list of records (a `.json` file's, or one line's) carries each record's own reference.
            for item in record if isinstance(record, list) else (record,):
                uid, definition = _tool_reference(item)
                # A list of messages is a conversation: logged once per step (the AI SDK's
                # `response.messages`), it repeats the calls of the steps before, as a history does.
                for tool, arguments, call_id, may_repeat in _found(item, 0, record is not item and _message(item)):
                    found = True
                    # Every call with an id is remembered (a response's call comes back in the next
                    # request's history); only a repeat where one may lie is passed over.
                    if call_id is not None and repeats.repeated(tool, call_id, arguments, may_repeat):
                        continue
                    yield RecordedCall(index, number, tool, arguments, call_id, uid, definition)
                    index += 1
            if not found and not _holds_no_call(record):
                yield BrokenLine(path, number, _no_call(record))
        for line, why in sorted([*chunks.unfinished(), *inputs.unfinished()]):
            yield BrokenLine(path, line or number, why)


def _no_call(record: Any) -> str:
    """Why a record gave no call: none found, or it is a traffic summary, which is read with
    another option."""
    if type(record) is dict and record.get("format") == SUMMARY_FORMAT:
        return "a traffic summary, not calls: pass it with --calls-summary"
    return "no tool call found"


def _holds_no_call(record: Any) -> bool:
    """A record that holds no call by design, no line a call was lost from: an event of an OpenAI
    stream (Responses, Realtime) or a chunk of an AI SDK stream (most hold no call, or a piece of
    one), a trace's span or run that is no model's, and one holding only calls the provider
    runs itself."""
    if not isinstance(record, dict):
        return False
    kind = record.get("type")
    if isinstance(kind, str) and (kind.startswith(_EVENTS) or kind in _AI_SDK_CHUNKS or kind.startswith(_AI_SDK_DATA)):
        return True
    if record.get("jsonrpc") == "2.0" and record.get("method") != "tools/call":
        return True  # an MCP session's other messages: `initialize`, `tools/list`, notifications, results
    if isinstance(record.get("run_type"), str) or "resourceSpans" in record or record.get("object") == "trace" \
            or isinstance(record.get("span_data"), dict) \
            or _SPAN_KEYS.intersection(record) and (spans.attributes(record) is not None
                                                     or isinstance(record.get("events"), list)):
        return True  # a trace's other spans and runs: a request, a tool's run, the app's own
    return _holds_provider_call(record, 0)


def _holds_provider_call(record: Any, depth: int) -> bool:
    """Whether a record holds a call the provider runs itself (a Converse response's server
    tool, say), searched as deep as calls are."""
    if depth > MAX_NESTING:
        return False
    if isinstance(record, dict):
        if _run_by_provider(record):
            return True
        return any(_holds_provider_call(value, depth + 1) for value in record.values()
                   if isinstance(value, (dict, list)))
    return isinstance(record, list) and any(_holds_provider_call(item, depth + 1) for item in record)


def _run_by_provider(record: dict) -> bool:
    kind = record.get("type")
    return isinstance(kind, str) and kind in _NOT_REPLAYED or record.get("providerExecuted") is True


# What a span holds beside its attributes, in the JSON of every exporter seen: a record with
# attributes and one of these is a span.
_SPAN_KEYS = frozenset({"name", "spanId", "span_id", "context", "traceId", "trace_id"})


def _message(record: Any) -> bool:
    return isinstance(record, dict) and isinstance(record.get("role"), str)


def _parse(path: str, number: int, raw: bytes) -> Any:
    """The record a line holds, or the BrokenLine saying why it holds none.

    orjson, where installed, reads a line at two fifths of `json`'s cost. It reads a subset
    of what `json` reads (no lone surrogate escape, no BOM, no `NaN`), each alike; anything
    it refuses is read by `json`, which says why a line is broken as ever. It would read an
    integer past 64 bits as a float, so a line holding 19 digits in a row is `json`'s too."""
    if opens_too_many(raw):  # a call of 10 million `{}` (30 MB, within `LINE_LIMIT`) took a gigabyte to read
        return BrokenLine(path, number, f"not read: more than {MAX_CONTAINERS:,} objects and arrays")
    if _fast_loads is not None and _NINETEEN_DIGITS not in raw.translate(_DIGITS_AS_ZEROS):
        try:
            return _fast_loads(raw)
        except ValueError:
            pass
    text = _decoded(path, number, raw)
    if isinstance(text, BrokenLine):
        return text
    # The line's own break: an error at its end is then on this line, not "line 2, column 1".
    text = text[:-1] if text.endswith("\n") else text
    text = text[:-1] if text.endswith("\r") else text
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        return BrokenLine(path, number + exc.lineno - 1, f"not JSON: {exc.msg}", exc.colno)
    except RecursionError:
        return BrokenLine(path, number, "not read: nested too deeply")
    except ValueError as exc:  # an integer past Python's conversion limit
        return BrokenLine(path, number, f"not read: {str(exc).split(';')[0]}")


def _records(path: str, stdin: LineSource | None,
             contents: Mapping[str, bytes]) -> Iterator[tuple[int, bytes | BrokenLine]]:
    if path == "-":
        yield from _lines(path, stdin or sys.stdin.buffer)
        return
    try:
        # Closed below; a FIFO or /dev/fd pipe streams.
        handle = io.BytesIO(contents[path]) if path in contents else open(path, "rb")  # noqa: SIM115
    except OSError as exc:
        yield 0, BrokenLine(path, 0, f"cannot read: {exc.strerror or exc}")
        return
    with handle:
        if path.endswith(".json"):
            raw = handle.read(LINE_LIMIT + 1)
            yield 1, raw if len(raw) <= LINE_LIMIT else BrokenLine(path, 1, f"not read: larger than {LINE_LIMIT:,} bytes")
            return
        yield from _lines(path, handle)


def _lines(path: str, handle: LineSource) -> Iterator[tuple[int, bytes | BrokenLine]]:
    """Non-blank lines, each read with the length limit, so no line can exhaust memory."""
    number = 0
    while True:
        raw = handle.readline(LINE_LIMIT + 1)
        if not raw:
            return
        number += 1
        if len(raw) > LINE_LIMIT and not raw.endswith(b"\n"):
            # Stop here: the rest of an endless line (/dev/zero, a runaway writer) would never end.
            yield number, BrokenLine(path, number, f"not read: longer than {LINE_LIMIT:,} bytes; "
                                                   "the rest of the file is not read")
            return
        if raw.strip():
            yield number, raw


def _json_loader() -> Callable[[bytes], Any] | None:
    try:
        from orjson import loads
    except ImportError:
        return None
    return loads


_fast_loads = _json_loader()
# Every digit as `0`, anything else as a space: a run of 19 digits is then a plain substring,
# found at a seventh of a regular expression's cost.
_DIGITS_AS_ZEROS = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
_NINETEEN_DIGITS = b"0" * 19


def _decoded(path: str, number: int, raw: bytes) -> str | BrokenLine:
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark on any line: files written apart, then joined
    except UnicodeDecodeError as exc:
        return BrokenLine(path, number, f"not UTF-8: byte 0x{raw[exc.start]:02x}", exc.start + 1)


def calls_in(record: Any) -> Iterator[tuple[str, Any, str | None]]:
    """(tool name, arguments, call id) for every call a record holds, searched at most
    :data:`MAX_NESTING` containers deep."""
    for tool, arguments, call_id, _ in _found(record, 0, False):
        yield tool, arguments, call_id


def _found(record: Any, depth: int, may_repeat: bool) -> Iterator[tuple[str, Any, str | None, bool | None]]:
    """`calls_in`'s calls, each saying whether it may repeat one logged before: in a conversation's
    history (`_HISTORY`), or in the response a stream ends with (`RESPONSE_ENDS`) or a Responses
    object, after the stream's own events."""
    if isinstance(record, dict) and record.keys().isdisjoint(_SHAPED):
        # The plain shape, most logs' and every dataset's: one look at the keys, not one per shape.
        # A dataset's record repeats none, wherever it lies (`None`: see `Repeats`).
        for call in _plain(record):
            yield *call, None
        return
    if depth >= MAX_NESTING:
        return
    if isinstance(record, list):
        for item in record:
            yield from _found(item, depth + 1, may_repeat)
        return
    if not isinstance(record, dict):
        return
    if record.get("method") == "tools/call" and isinstance(record.get("params"), dict):
        params = record["params"]
        if isinstance(params.get("name"), str):
            yield params["name"], params.get("arguments", {}), _id(record.get("id")), may_repeat
        return
    # LangChain keeps the calls it could not parse apart, as `invalid_tool_calls`: they are
    # calls the model made, and rejected ones.
    listed = [call for key in ("tool_calls", "invalid_tool_calls") if isinstance(record.get(key), list)
              for call in record[key]]
    if listed:
        for call in listed:
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict) and isinstance(function.get("name"), str):  # OpenAI's, Ollama's
                yield function["name"], function.get("arguments", "{}"), _id(call.get("id")), may_repeat
            else:  # LangChain's `{"name", "args"}`, Cohere's `{"name", "parameters"}`
                for each in _called(call):
                    yield *each, may_repeat
        return
    kind = record.get("type")
    if _run_by_provider(record):
        return
    if isinstance(kind, str) and kind.startswith(_EVENTS):
        if kind in RESPONSE_ENDS:
            # The response a stream ends with: a log may keep only this event, or it after the stream's.
            yield from _found(record.get("response"), depth + 1, True)
            return
        if kind != "response.output_item.done":
            return  # a call in a stream is in several events: it is read from the one that finishes its item
    if kind == "message_stop":  # the message an Anthropic stream ends with, as the SDK's `messages.stream()` adds it
        yield from _found(record.get("message"), depth + 1, True)
        return
    if kind == "tool_use" and isinstance(record.get("name"), str):
        yield record["name"], record.get("input", {}), _id(record.get("id")), may_repeat
        return
    function = record.get("function")
    if kind == "function" and isinstance(function, dict) and isinstance(function.get("name"), str) \
            and "arguments" in function:  # one entry of a chat message's `tool_calls`, logged alone
        yield function["name"], function["arguments"], _id(record.get("id")), may_repeat
        return
    if kind == "function_call" and isinstance(record.get("name"), str):
        yield record["name"], record.get("arguments", "{}"), _id(record.get("call_id") or record.get("id")), may_repeat
        return
    if kind == "tool-call" and isinstance(record.get("toolName"), str):  # the AI SDK's (Vercel)
        yield record["toolName"], record.get("input", record.get("args", {})), _id(record.get("toolCallId")), may_repeat
        return
    if isinstance(kind, str) and (kind.startswith(_AI_SDK_UI) or kind == "dynamic-tool"):
        for call in _ui_part(record, kind):
            yield *call, may_repeat
        return
    if isinstance(record.get("run_type"), str):
        yield from _run_calls(record, depth)
        return
    if isinstance(record.get("span_data"), dict):
        yield from _agents_span_call(record["span_data"])
        return
    span = spans.attributes(record) if "attributes" in record else None
    if span is not None:  # a telemetry span's: what its output records, if it is a model's span
        # Spans record a call more than once (an SDK's span and an instrumentation's, an agent's
        # span repeating its last model span's): with the same tool, id and arguments, it is one.
        messages = spans.output_messages(span)
        if messages is None and record.get("name") == "gen_ai.content.completion":
            messages = spans.output_messages(span, spans.COMPLETION)  # an event's, as the conventions first had it
        if messages is not None:
            yield from _found(messages, depth + 1, True)
            return
        flattened = spans.flattened_calls(span)
        if flattened:
            for call in flattened:
                yield *call, True
            return
        executed = spans.executed_call(span)
        if executed is not None:  # a tool's run: the call the model's span recorded too, if it kept its output
            yield *executed, True
            return
    events = spans.output_events(record) if "events" in record else ()
    if events:  # a span's events that record the answer, whether or not it keeps attributes
        for event in events:
            yield from _found(event, depth + 1, True)
        return
    plain = _plain(record)
    if plain and isinstance(plain[0][1], (dict, str)):
        # A plain call that also keeps what the tool answered (`output`, `content`) as a list.
        yield *plain[0], may_repeat
        return
    found = False
    for contained in _contained(record, depth, may_repeat):
        found = True
        yield contained
    if not found and plain:
        # `name` and `input` of some other record (a trace's: its prompt as a list, the calls in
        # `output`) read as a call only where nothing inside holds one: a call's own arguments sent
        # as a list are still a call, which the boundary rejects.
        yield *plain[0], may_repeat


def _run_calls(run: dict, depth: int) -> Iterator[tuple[str, Any, str | None, bool | None]]:
    """A LangSmith run's calls: those of its `outputs`, and of the runs it holds (`child_runs`).
    Its `inputs` are a prompt's history or a tool's arguments, and a run's outputs repeat its
    model runs' calls (a chain's output message, an agent's message list), in whatever order
    the runs are logged: each call is read once (its id tells)."""
    yield from _found(run.get("outputs"), depth + 1, True)
    children = run.get("child_runs")
    for child in children if isinstance(children, list) else ():
        yield from _found(child, depth + 1, True)


def _agents_span_call(span: dict) -> Iterator[tuple[str, Any, str | None, bool | None]]:
    """The call an OpenAI Agents SDK span records: a `function` span's, the tool's name and the
    arguments as the model sent them (`input`, the text before parsing). Its other spans hold
    none: a `generation` span's output repeats the calls its function spans record (which
    name no call id to tell a repeat by), an agent's or handoff's is no call."""
    if span.get("type") == "function" and isinstance(span.get("name"), str) and span.get("input") is not None:
        yield span["name"], span["input"], None, False


def _ui_part(part: dict, kind: str) -> tuple[tuple[str, Any, str | None], ...]:
    """The call of an AI SDK UI message's tool part, or of its stream's chunk that gives a call's
    input whole: `tool-<name>` and `dynamic-tool` parts (version 5 on), once the input is whole
    (not `input-streaming`), with the text the model sent (`rawInput`) where its input did not
    parse; version 4's `tool-invocation` but its `partial-call`; `tool-input-available` and
    `tool-input-error` chunks. Other chunks of the stream hold no call or a piece of one."""
    if kind == "tool-invocation":
        invocation = part.get("toolInvocation")
        if not isinstance(invocation, dict) or invocation.get("state") == "partial-call":
            return ()
        name, arguments, call_id = invocation.get("toolName"), invocation.get("args", {}), invocation.get("toolCallId")
    elif ("state" in part or kind in _UI_NAMED) and part.get("state") != "input-streaming":
        name = part.get("toolName") if kind in _UI_NAMED else kind[len(_AI_SDK_UI):]
        arguments = part["input"] if part.get("input") is not None else part.get("rawInput")
        call_id = part.get("toolCallId")
    else:
        return ()
    if not isinstance(name, str) or not name or arguments is None:
        return ()  # an input that did not parse, and no text of it kept: nothing to replay
    return ((name, arguments, _id(call_id)),)


def _contained(record: dict, depth: int, may_repeat: bool) -> Iterator[tuple[str, Any, str | None, bool | None]]:
    """The calls of the first key of `record` that holds a call (`_CALL_KEYS`) or calls (`_CONTAINERS`)."""
    for key in _CALL_KEYS:
        # A request's `function_call` beside its `functions` forces which function the model calls: no call.
        if isinstance(record.get(key), dict) and not (key == "function_call" and "functions" in record):
            for each in _called(record[key]):
                yield *each, may_repeat
            return
    for key in _CONTAINERS:
        if isinstance(record.get(key), (list, dict)):
            # A provider's response (a Responses object's output, a chat completion's choices, an
            # Anthropic message's content, an AI SDK UI message's parts) repeats the calls of the
            # stream that made it, if that was logged too, and of itself logged again: a call id
            # is the provider's, one per call.
            repeats = may_repeat or key in _HISTORY or record.get("object") in _RESPONSE_OBJECTS or \
                record.get("type") == "message" or key == "parts"
            yield from _found(record[key], depth + 1, repeats)
            return


MAX_NESTING = 16
"""Lists and containers a call is searched for in. The deepest shape read holds its calls six
deep (a batch's `response`, its `body`, `choices`, a choice, its `message`, `tool_calls`);
a record nested deeper is searched no further, so no nesting exhausts the stack."""

# Calls the provider runs itself (Anthropic's server tools and remote MCP servers, OpenAI's
# remote MCP calls and their approval requests; the AI SDK marks them `providerExecuted`): no
# tool of the caller's is called. And a Responses custom tool's call, whose input is free
# text for a grammar, no JSON arguments for a schema. None is replayed.
_NOT_REPLAYED = frozenset({"server_tool_use", "mcp_tool_use", "mcp_call", "mcp_approval_request", "custom_tool_call"})
# The event types of OpenAI's streams (Responses, Realtime): a call is in the event that adds
# its item, those that stream and finish its arguments, the one that finishes the item, and
# the one that finishes the response.
_EVENTS = ("response.", "conversation.", "session.")
# The AI SDK's UI message tool parts (`tool-<name>`, `dynamic-tool`, version 4's `tool-invocation`)
# and the chunks of its UI message stream about a tool (`tool-input-available`, …); those that
# name the tool in `toolName` rather than in their type.
_AI_SDK_UI = "tool-"
_UI_NAMED = frozenset({"dynamic-tool", "tool-input-available", "tool-input-error"})
# The chunks of the AI SDK's streams (its UI message stream, and `fullStream`) that hold no call
# whole: text, steps, a tool's input in pieces, its output. No lines without a call either.
_AI_SDK_CHUNKS = frozenset({"start", "finish", "start-step", "finish-step", "step-start", "step-finish", "text-start",
                            "text-delta", "text-end", "reasoning-start", "reasoning-delta", "reasoning-end",
                            "tool-input-start", "tool-input-delta", "tool-input-end", "tool-output-available",
                            "tool-output-error", "tool-result", "tool-error", "tool-call-streaming-start",
                            "tool-call-delta", "tool-approval-request", "tool-output-denied", "message-metadata",
                            "abort", "error", "raw", "source", "source-url", "source-document", "file"})
_AI_SDK_DATA = "data-"  # an app's own data parts and chunks
_RESPONSE_OBJECTS = frozenset({"response", "chat.completion"})

_CALL_KEYS = ("functionCall", "function_call", "toolUse")
"""Keys holding one call object: a Gemini part's (`function_call` in the Python SDK's
dumps), an OpenAI chat message's before `tool_calls`, a Bedrock Converse content block's."""

_CONTAINERS = ("choices", "output", "candidates", "response", "response_body", "body", "result", "modelOutput",
               "message", "item",
               "kwargs", "content", "parts", "toolCalls", "messages", "contents", "additional_kwargs", "outputs",
               "generations", "resourceSpans", "scopeSpans", "spans")
"""Keys whose list or object holds the calls, in the order looked at; only the first present is
searched, so a log line keeping a request's history (`messages`) beside its response is read
for the response's calls. Chat completions (`choices`, each choice's `message`), Responses
(`output`, a stream event's `item`), Gemini (`candidates`, `content`, `parts`; a request's
`contents`), Bedrock Converse (`output`, `message`, `content`), Ollama (`message`), batch
output (OpenAI's `response` and `body`, Anthropic's `result`, Bedrock's `modelOutput`), a
proxy's log (Helicone's `response_body`),
LangChain's serialized messages (`kwargs`) and the calls it leaves in `additional_kwargs`, the
AI SDK's results (`toolCalls`), conversations and fine-tuning records (`messages`), a LangSmith
run's `outputs` and their `generations`, OTLP JSON's spans (`resourceSpans`, `scopeSpans`,
`spans`)."""

_SHAPED = frozenset({"method", "tool_calls", "type", "attributes", "events", "run_type", "span_data", *_CALL_KEYS,
                     *_CONTAINERS})
"""The keys :func:`calls_in` looks for before it reads a record as the plain shape."""

_HISTORY = frozenset({"messages", "contents"})
"""Containers of a conversation's history: a request's, a fine-tuning record's, an agent's
state. Logged once per turn (a request body, LangGraph's state after each step, each step of
the AI SDK), they repeat the calls the turns before made (`Repeats`)."""

MAX_REMEMBERED = 1_000_000
"""Calls remembered to tell a repeat in a history: past this many, no more are (about 100
bytes each, a set's entry and its 16-byte digest)."""


class Repeats:
    """The calls with an id already read in a run (but those of plain records, a dataset's,
    which no history repeats). A call of a history (or of a stream's final response) with the
    same tool, id and arguments as one read before is that call logged again, not another: the
    model made it once. So is any call the same as one a stream gave, whatever shape it is
    logged again in (the message the stream made, as the response or as the next request's
    history). Only an id tells: calls without one, and calls outside those, are each their own
    (a dataset's records may reuse an id such as `call_1` in conversations of their own)."""

    def __init__(self) -> None:
        self._seen: set[bytes] = set()
        self._streamed: set[bytes] = set()

    def next_file(self) -> None:
        """A stream's call is logged again in its own file, if at all."""
        self._streamed.clear()

    def repeated(self, tool: str, call_id: str, arguments: Any, may_repeat: bool | None,
                 streamed: bool = False) -> bool:
        """Whether the call repeats one read before (where it `may_repeat`, or one its file's
        streams gave), remembering it, as one a stream gave if `streamed`. A dataset's record
        (`may_repeat` None) is neither a repeat nor remembered."""
        if may_repeat is None:
            return False
        try:
            text = json.dumps([tool, call_id, _comparable(arguments)], sort_keys=True, ensure_ascii=False)
        except (ValueError, TypeError, RecursionError):
            return False  # what JSON cannot write again is compared with nothing: a call of its own
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        if key in self._seen:
            return may_repeat or key in self._streamed
        for remembered in (self._seen, self._streamed) if streamed else (self._seen,):
            if len(remembered) < MAX_REMEMBERED:
                remembered.add(key)
        return False

def _comparable(arguments: Any) -> Any:
    """Arguments as one call logged twice has them both times: a JSON text as what it holds (one
    span keeps the text the model sent, another the object parsed from it)."""
    if not isinstance(arguments, str) or len(arguments) > _COMPARED_TEXT or not arguments.startswith(("{", "[")):
        return arguments
    try:
        return json.loads(arguments)
    except (ValueError, RecursionError):
        return arguments


# Arguments longer than this are compared as written: parsing them for a comparison would cost
# more than a call that is counted twice.
_COMPARED_TEXT = 1 << 20


_ARGUMENT_KEYS = ("arguments", "args", "input", "parameters")


def _plain(record: dict) -> tuple[tuple[str, Any, str | None], ...]:
    """The call of a record of the plain shape, or none."""
    call = _plain_call(record, 0, 0)
    return () if call is None else ((call.tool, call.arguments, call.call_id),)


def _plain_call(record: dict, index: int, line: int) -> RecordedCall | None:
    """The call of a record of the plain shape, with the `tool_uid` and inline `tool_def` a
    dataset's record may carry; ``None`` when it holds none. Made in one step: `replay` reads
    nearly every call of a dataset or log here."""
    name = record.get("tool", record.get("name"))
    if not isinstance(name, str):
        return None
    for key in _ARGUMENT_KEYS:
        if key in record:
            if key == "parameters" and _defines_a_tool(record):
                return None
            uid = record.get("tool_uid")
            return RecordedCall(index, line, name, record[key], _id(record.get("id") or record.get("call_id")),
                                uid if isinstance(uid, str) else None, record.get("tool_def"))
    return None


def _called(call: Any) -> tuple[tuple[str, Any, str | None], ...]:
    """The call of an object that is one by where it lies (under `functionCall`, in
    `tool_calls`): a name suffices, as Gemini leaves out the `args` of a call without any."""
    name = call.get("name") if isinstance(call, dict) else None
    if not isinstance(name, str) or _run_by_provider(call):  # Bedrock's `toolUse` of a server tool
        return ()
    arguments: Any = next((call[key] for key in _ARGUMENT_KEYS if key in call), None)
    # None too: google-genai's `model_dump()` writes `args: None` for a call without arguments.
    return ((name, {} if arguments is None else arguments, _id(call.get("id") or call.get("toolUseId"))),)


def _defines_a_tool(record: dict) -> bool:
    """Whether a record with `parameters` is a tool's definition (a Responses function tool, a
    bare function definition), not a call in Llama's `{"name", "parameters"}` shape: its
    `parameters` is a schema of an object, and it has a description, `strict`, or `type: function`."""
    schema = record["parameters"]
    return (isinstance(schema, dict) and (schema.get("type") == "object" or isinstance(schema.get("properties"), dict))
            and ("description" in record or "strict" in record or record.get("type") == "function"))


def _tool_reference(record: Any) -> tuple[str | None, Any]:
    """The `tool_uid` and inline `tool_def` a dataset's call record may carry."""
    if not isinstance(record, dict):
        return None, None
    uid = record.get("tool_uid")
    return (uid if isinstance(uid, str) else None), record.get("tool_def")


def _id(value: Any) -> str | None:
    """A call's id as text; None for none, and for a list or object nested past what `str` can
    write (a thousand deep): no call of a model's has one."""
    if value is None or isinstance(value, str):
        return value
    try:
        return str(value)
    except RecursionError:
        return None
