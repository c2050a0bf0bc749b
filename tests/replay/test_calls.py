"""Every recorded-call shape `replay` reads, and lines that hold none."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.traffic.calls import BrokenLine, RecordedCall, calls_in, read_calls

SHAPES = [
    ({"tool": "search", "arguments": {"q": "a"}}, [("search", {"q": "a"})]),
    ({"name": "search", "args": {"q": "b"}}, [("search", {"q": "b"})]),
    ({"role": "assistant", "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{\"q\": \"c\"}"}},
        {"id": "c2", "type": "function", "function": {"name": "create", "arguments": "{}"}}]},
     [("search", "{\"q\": \"c\"}"), ("create", "{}")]),
    ({"choices": [{"message": {"role": "assistant", "tool_calls": [
        {"id": "c3", "type": "function", "function": {"name": "search", "arguments": "{}"}}]}}]},
     [("search", "{}")]),
    ({"type": "function_call", "call_id": "fc1", "name": "search", "arguments": "{\"q\": \"d\"}"},
     [("search", "{\"q\": \"d\"}")]),
    ({"output": [{"type": "message", "content": []},
                 {"type": "function_call", "call_id": "fc2", "name": "create", "arguments": "{}"}]},
     [("create", "{}")]),
    ({"role": "assistant", "content": [{"type": "text", "text": "ok"},
                                       {"type": "tool_use", "id": "tu1", "name": "search", "input": {"q": "e"}}]},
     [("search", {"q": "e"})]),
    # Llama's call shape: `parameters` holding the values.
    ({"name": "search", "parameters": {"q": "g"}}, [("search", {"q": "g"})]),
    # A plain call that also keeps the tool's answer as a list.
    ({"tool": "search", "arguments": {"q": "h"}, "output": [{"type": "text", "text": "found"}]}, [("search", {"q": "h"})]),
    ({"tool": "search", "arguments": {"q": "i"}, "content": [{"type": "text", "text": "found"}]}, [("search", {"q": "i"})]),
    # Tools the provider runs itself are no calls; the client's tool_use beside them is.
    ({"role": "assistant", "content": [
        {"type": "server_tool_use", "id": "st1", "name": "web_search", "input": {"query": "x"}},
        {"type": "web_search_tool_result", "tool_use_id": "st1", "content": []},
        {"type": "mcp_tool_use", "id": "mt1", "name": "remote", "server_name": "s", "input": {}},
        {"type": "tool_use", "id": "tu2", "name": "search", "input": {"q": "j"}}]}, [("search", {"q": "j"})]),
    ({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "search", "arguments": {"q": "f"}}},
     [("search", {"q": "f"})]),
    ([{"tool": "a", "arguments": {}}, {"tool": "b", "arguments": {}}], [("a", {}), ("b", {})]),
]

# Shapes as each provider's or library's documentation shows them, each holding one call
# `search({"q": ...})` (or two), read in the same test as the ones above.
PROVIDER_SHAPES = [
    # OpenAI chat, before `tool_calls`: a message's `function_call`, in a completion.
    ({"choices": [{"index": 0, "finish_reason": "function_call", "message": {
        "role": "assistant", "content": None, "function_call": {"name": "search", "arguments": "{\"q\": \"k\"}"}}}]},
     [("search", "{\"q\": \"k\"}")]),
    # OpenAI Batch output: the completion under `response.body`.
    ({"id": "batch_req_1", "custom_id": "r1", "error": None, "response": {"status_code": 200, "request_id": "req_1", "body": {
        "object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assistant", "tool_calls": [
            {"id": "c4", "type": "function", "function": {"name": "search", "arguments": "{}"}}]}}]}}},
     [("search", "{}")]),
    # OpenAI Responses stream event holding a finished item.
    ({"type": "response.output_item.done", "output_index": 0, "item": {
        "type": "function_call", "call_id": "fc3", "name": "search", "arguments": "{\"q\": \"l\"}"}},
     [("search", "{\"q\": \"l\"}")]),
    # Gemini REST response; a call to a function without parameters leaves out `args`.
    ({"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "search", "args": {"q": "m"}}}, {"functionCall": {"name": "now"}}]},
        "finishReason": "STOP"}], "usageMetadata": {}},
     [("search", {"q": "m"}), ("now", {})]),
    # google-genai's dump of a part: snake case, and None for what a part does not hold.
    ({"role": "model", "parts": [{"text": None, "function_call": {"id": "g1", "name": "search", "args": {"q": "n"}}},
                                 {"text": "done", "function_call": None}]},
     [("search", {"q": "n"})]),
    # Bedrock Converse response.
    ({"output": {"message": {"role": "assistant", "content": [
        {"text": "Looking."}, {"toolUse": {"toolUseId": "tooluse_1", "name": "search", "input": {"q": "o"}}}]}},
      "stopReason": "tool_use"},
     [("search", {"q": "o"})]),
    # Ollama chat response: arguments as an object.
    ({"model": "llama3.2", "message": {"role": "assistant", "content": "", "tool_calls": [
        {"function": {"name": "search", "arguments": {"q": "p"}}}]}, "done": True},
     [("search", {"q": "p"})]),
    # A LangChain AIMessage, dumped, and serialized (`dumpd`).
    ({"type": "ai", "content": "", "tool_calls": [{"name": "search", "args": {"q": "r"}, "id": "call_1", "type": "tool_call"}]},
     [("search", {"q": "r"})]),
    ({"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "AIMessage"], "kwargs": {
        "content": "", "type": "ai", "tool_calls": [{"name": "search", "args": {"q": "s"}, "id": "call_2", "type": "tool_call"}]}},
     [("search", {"q": "s"})]),
    # The AI SDK's tool-call part (`args` before version 5, `input` since).
    ({"type": "tool-call", "toolCallId": "t1", "toolName": "search", "args": {"q": "t"}}, [("search", {"q": "t"})]),
    ({"toolCalls": [{"type": "tool-call", "toolCallId": "t2", "toolName": "search", "input": {"q": "u"}}]},
     [("search", {"q": "u"})]),
    # Anthropic's Message Batches results, Bedrock's batch inference output.
    ({"custom_id": "r1", "result": {"type": "succeeded", "message": {"type": "message", "role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_9", "name": "search", "input": {"q": "w"}}]}}},
     [("search", {"q": "w"})]),
    ({"recordId": "C1", "modelInput": {"messages": []}, "modelOutput": {"type": "message", "content": [
        {"type": "tool_use", "id": "toolu_10", "name": "search", "input": {"q": "x"}}]}},
     [("search", {"q": "x"})]),
    # LangChain: the calls it could not parse, and a legacy `function_call` it keeps aside.
    ({"type": "ai", "content": "", "tool_calls": [], "invalid_tool_calls": [
        {"name": "search", "args": "{bad", "id": "call_3", "error": "not JSON", "type": "invalid_tool_call"}]},
     [("search", "{bad")]),
    ({"type": "ai", "content": "", "tool_calls": [], "additional_kwargs": {
        "function_call": {"name": "search", "arguments": "{\"q\": \"y\"}"}}},
     [("search", "{\"q\": \"y\"}")]),
    # A fine-tuning record: the assistant's calls among the conversation's messages.
    ({"messages": [{"role": "user", "content": "find v"}, {"role": "assistant", "tool_calls": [
        {"id": "c5", "type": "function", "function": {"name": "search", "arguments": "{\"q\": \"v\"}"}}]},
        {"role": "tool", "tool_call_id": "c5", "content": "found"}]},
     [("search", "{\"q\": \"v\"}")]),
]
SHAPES += PROVIDER_SHAPES


def _write(tmp_path, lines: list[str], name: str = "calls.jsonl") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_each_shape_yields_its_calls_in_order(tmp_path):
    path = _write(tmp_path, [json.dumps(record) for record, _ in SHAPES])
    calls = list(read_calls([path]))
    assert all(isinstance(c, RecordedCall) for c in calls)
    assert [(c.tool, c.arguments) for c in calls] == [pair for _, expected in SHAPES for pair in expected]
    assert [c.index for c in calls] == list(range(len(calls)))
    assert calls[2].call_id == "c1"
    ids = {call.arguments.get("q") if isinstance(call.arguments, dict) else None: call.call_id for call in calls}
    assert ids["f"] == "7" and ids["n"] == "g1" and ids["o"] == "tooluse_1" and ids["t"] == "t1"


def test_a_plain_record_is_read_with_a_look_at_its_keys_not_one_per_shape():
    looked_up = []

    class Record(dict):
        def get(self, key, default=None):
            looked_up.append(key)
            return super().get(key, default)

    record = Record(tool="search", arguments={"q": "a"}, id="c1", uid="x")
    assert list(calls_in(record)) == [("search", {"q": "a"}, "c1")]
    # No shape's key (method, tool_calls, choices …): the call's own, and a dataset's tool reference.
    assert looked_up == ["name", "tool", "tool_uid", "id", "tool_def"]
    typed = Record(type="note", tool="search", arguments={})
    assert list(calls_in(typed)) == [("search", {}, None)]  # a key some shape has: each shape is tried


# Records of the plain shape and beside it: the keys its reading looks at, and one key
# (`type`) that sends a record to the shapes `calls_in` tries one by one.
_VALUES = st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["search", "x", "u1"]) \
    | st.lists(st.integers(0, 2), max_size=2) \
    | st.dictionaries(st.sampled_from(["q", "type", "properties"]), st.sampled_from(["a", "object"]), max_size=2)
_RECORDS = st.dictionaries(st.sampled_from(["tool", "name", "arguments", "args", "input", "parameters", "id",
                                            "call_id", "tool_uid", "tool_def", "description", "strict", "type"]),
                           _VALUES, max_size=6)


@settings(max_examples=300, deadline=None)
@given(_RECORDS)
def test_a_line_holding_one_record_is_read_as_calls_in_reads_it(record):
    """`read_calls` reads the plain shape on a shortcut of its own: what it yields for a line is
    what `calls_in` finds in the record, each call with the record's tool reference."""
    uid = record.get("tool_uid")
    expected = [(tool, arguments, call_id, uid if isinstance(uid, str) else None, record.get("tool_def"))
                for tool, arguments, call_id in calls_in(record)]
    read = list(read_calls(["calls.jsonl"], contents={"calls.jsonl": json.dumps(record).encode()}))
    if expected:
        assert [(c.tool, c.arguments, c.call_id, c.tool_uid, c.tool_definition) for c in read] == expected
        assert [(c.index, c.line) for c in read] == [(i, 1) for i in range(len(expected))]
    else:
        assert read == [BrokenLine("calls.jsonl", 1, "no tool call found")]


def test_broken_lines_are_reported_with_their_line_number_and_the_run_goes_on(tmp_path):
    path = _write(tmp_path, ['{"tool": "a", "arguments": {}}', "{not json", "", '{"role": "user", "content": "hi"}',
                             '{"tool": "b", "arguments": {}}'])
    items = list(read_calls([path]))
    broken = [i for i in items if isinstance(i, BrokenLine)]
    assert [(b.line, b.reason.split(":")[0]) for b in broken] == [(2, "not JSON"), (4, "no tool call found")]
    assert [i.tool for i in items if isinstance(i, RecordedCall)] == ["a", "b"]


def test_a_byte_order_mark_is_read_on_any_line(tmp_path):
    """Files written apart and joined keep each one's mark: every line after the first was broken."""
    path = tmp_path / "calls.jsonl"
    path.write_bytes(b"".join(b"\xef\xbb\xbf" + json.dumps({"tool": name, "arguments": {}}).encode() + b"\n"
                              for name in ("a", "b")))
    assert [c.tool for c in read_calls([str(path)])] == ["a", "b"]


def test_a_json_file_is_one_record(tmp_path):
    path = tmp_path / "calls.json"
    path.write_text(json.dumps([{"tool": "a", "arguments": {}}, {"tool": "b", "arguments": {}}], indent=2))
    assert [c.tool for c in read_calls([str(path)])] == ["a", "b"]


def test_each_record_of_a_list_carries_its_own_tool_reference(tmp_path):
    """A `.json` file's list of dataset records (or one line holding several) lost each
    record's `tool_uid` and `tool_def`: its calls met the first tool of their name."""
    records = [{"tool": "get_weather", "arguments": {"unit": "kelvin"}, "tool_uid": "b"},
               {"tool": "get_weather", "arguments": {}, "tool_def": {"name": "get_weather", "parameters": {}}}]
    for name, text in (("calls.json", json.dumps(records)), ("calls.jsonl", json.dumps(records) + "\n")):
        path = tmp_path / name
        path.write_text(text)
        calls = list(read_calls([str(path)]))
        assert [(c.tool_uid, c.tool_definition) for c in calls] == [("b", None), (None, records[1]["tool_def"])]


NOT_CALLS = [
    # Tool definitions: their `parameters` is a schema.
    {"type": "function", "name": "search", "parameters": {"type": "object", "properties": {}}, "strict": True},
    {"name": "search", "description": "Search.", "parameters": {"type": "object", "properties": {"q": {}}}},
    # Calls the provider runs.
    {"output": [{"type": "mcp_call", "name": "remote", "arguments": "{}", "server_label": "s"}]},
    {"type": "server_tool_use", "id": "st2", "name": "web_search", "input": {}},
    {"type": "mcp_approval_request", "id": "mcpr_1", "server_label": "wiki", "name": "ask", "arguments": "{}"},
    {"type": "tool-call", "toolCallId": "ws_1", "toolName": "web_search", "input": {"query": "x"}, "providerExecuted": True},
    # A Responses custom tool's free text, for a grammar: no JSON arguments for a schema.
    {"type": "custom_tool_call", "call_id": "c", "name": "run_code", "input": "print(1)"},
]


def test_a_record_keeps_to_its_response_not_the_history_beside_it():
    """A log line with the request's conversation and the response: the response's calls are
    the ones this line records (the history's were recorded when they were made)."""
    record = {"messages": [{"role": "assistant", "tool_calls": [
        {"id": "old", "type": "function", "function": {"name": "search", "arguments": "{}"}}]}],
        "choices": [{"message": {"role": "assistant", "tool_calls": [
            {"id": "new", "type": "function", "function": {"name": "create", "arguments": "{}"}}]}}]}
    assert list(calls_in(record)) == [("create", "{}", "new")]


def test_a_call_in_a_responses_stream_is_read_once_from_the_event_that_finishes_its_item():
    """Each of these events holds the call (the first with its arguments still empty): it was
    counted three times, once as a rejected empty string. The response the stream ends with,
    and the Responses object a log writes after it, repeat it."""
    item = {"type": "function_call", "id": "fc_9", "call_id": "call_9", "name": "search"}
    stream = [
        {"type": "response.output_item.added", "output_index": 0, "item": {**item, "arguments": "", "status": "in_progress"}},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_9", "output_index": 0, "delta": "{\"q\":"},
        {"type": "response.function_call_arguments.done", "item_id": "fc_9", "name": "search", "arguments": "{}"},
        {"type": "response.output_item.done", "output_index": 0, "item": {**item, "arguments": "{}", "status": "completed"}},
        {"type": "response.completed", "response": {"output": [{**item, "arguments": "{}"}]}},
        {"type": "conversation.item.created", "item": {**item, "arguments": "{}"}},
        {"id": "resp_9", "object": "response", "output": [{**item, "arguments": "{}"}]},
    ]
    assert _read(stream) == [("search", "{}", "call_9")]
    read = list(read_calls(["log.jsonl"], contents={"log.jsonl": "".join(json.dumps(r) + "\n" for r in stream).encode()}))
    assert not [item for item in read if isinstance(item, BrokenLine)]  # the other events are pieces, not lines without a call


def test_a_responses_stream_cut_before_its_call_finishes_is_reported():
    """A call added and never done was lost without a word, where a chat or Anthropic stream cut
    short is a line without a call, naming it."""
    item = {"type": "function_call", "id": "fc_4", "call_id": "call_4", "name": "get_weather", "arguments": ""}
    cut = [{"type": "response.output_item.added", "output_index": 0, "item": item},
           {"type": "response.function_call_arguments.delta", "item_id": "fc_4", "output_index": 0, "delta": "{\"ci"}]
    read = _read_all(cut)
    assert [(line.line, line.reason) for line in read if isinstance(line, BrokenLine)] == [
        (1, "a streamed call whose stream ends before its input is whole: `get_weather`, id `fc_4`")]
    assert not [call for call in read if isinstance(call, RecordedCall)]
    ended = [*cut, {"type": "response.completed", "response": {"output": [{**item, "arguments": '{"city": "x"}'}]}}]
    read = _read_all(ended)  # a log that kept the response the stream ends with, not the item's end
    assert [c.tool for c in read if isinstance(c, RecordedCall)] == ["get_weather"]
    assert not [line for line in read if isinstance(line, BrokenLine)]


def test_a_log_of_the_responses_streams_end_reads_each_call_once():
    """A log that keeps only the event a stream ends with (`response.completed`, Realtime's
    `response.done`) read no call at all; each response's calls are their own."""
    def ended(kind, call_id, arguments):
        return {"type": kind, "response": {"id": f"resp_{call_id}", "object": "response", "output": [
            {"type": "function_call", "id": f"fc_{call_id}", "call_id": call_id, "name": "search", "arguments": arguments}]}}

    log = [ended("response.completed", "call_1", '{"q": "a"}'), ended("response.done", "call_2", '{"q": "b"}'),
           ended("response.incomplete", "call_3", "{}")]
    assert _read(log) == [("search", '{"q": "a"}', "call_1"), ("search", '{"q": "b"}', "call_2"),
                          ("search", "{}", "call_3")]


def test_definitions_and_calls_the_provider_runs_are_no_calls():
    """A Responses function tool or a bare function definition was replayed as a call whose
    arguments were its schema; a server tool's use as a call to an unknown tool."""
    assert [list(calls_in(record)) for record in NOT_CALLS] == [[]] * len(NOT_CALLS)


def _read(lines):
    return [(c.tool, c.arguments, c.call_id) for c in read_calls(
        ["calls.jsonl"], contents={"calls.jsonl": "".join(json.dumps(line) + "\n" for line in lines).encode()})
        if isinstance(c, RecordedCall)]


def _assistant(*calls):
    return {"role": "assistant", "tool_calls": [
        {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
        for call_id, name, arguments in calls]}


def test_a_history_logged_once_per_turn_gives_each_call_once():
    """A request body per turn, LangGraph's state after each step, each AI SDK step's
    `response.messages`: the history repeats the calls the turns before made, by their id."""
    user = {"role": "user", "content": "Weather in Paris, then the docs?"}
    first = _assistant(("call_1", "get_weather", {"city": "Paris"}))
    answer = {"role": "tool", "tool_call_id": "call_1", "content": "sunny"}
    second = _assistant(("call_2", "search_docs", {"query": "paris"}))
    turns = [{"messages": [user]}, {"messages": [user, first]}, {"messages": [user, first, answer]},
             {"messages": [user, first, answer, second]}]
    assert _read(turns) == [("get_weather", '{"city": "Paris"}', "call_1"), ("search_docs", '{"query": "paris"}', "call_2")]
    # Not by id alone: another call under a reused id is read, and so is each call outside a history.
    reused = {"messages": [_assistant(("call_1", "get_weather", {"city": "Rome"}))]}
    assert len(_read([*turns, reused])) == 3
    response = {"choices": [{"message": first}]}
    assert len(_read([response, response])) == 2
    # A response's call, then the history of the next request, whose response is missing (an error).
    logged = [{"messages": [user], "response": response}, {"messages": [user, first, answer], "response": None}]
    assert _read(logged) == [("get_weather", '{"city": "Paris"}', "call_1")]


def test_a_trace_s_name_and_prompt_are_no_call_where_its_output_holds_the_call():
    """A Langfuse generation: `name` and `input` (the prompt, a list), the model's calls in `output`."""
    record = {"id": "obs-1", "type": "GENERATION", "name": "OpenAI-generation",
              "input": [{"role": "user", "content": "weather in Paris?"}],
              "output": _assistant(("call_LF", "get_weather", {"city": "Paris"}))}
    assert _read([record]) == [("get_weather", '{"city": "Paris"}', "call_LF")]
    assert _read([{"type": "note", "tool": "search", "arguments": [1]}]) == [("search", [1], None)]


def test_a_request_s_forced_function_call_is_no_call():
    """`function_call: {"name": …}` beside `functions` tells the model which function to call."""
    record = {"model": "gpt-3.5-turbo-0613", "functions": [{"name": "get_weather", "parameters": {}}],
              "function_call": {"name": "get_weather"},
              "messages": [{"role": "assistant", "function_call": {"name": "search_docs", "arguments": "{}"}}]}
    assert _read([record]) == [("search_docs", "{}", None)]


def test_a_gemini_call_dumped_with_null_args_has_no_arguments():
    record = {"candidates": [{"content": {"role": "model", "parts": [
        {"function_call": {"id": None, "args": None, "name": "get_time"}}]}}]}
    assert _read([record]) == [("get_time", {}, None)]


def _chunk(stream, delta=None, finish=None, choice=0):
    return {"id": stream, "object": "chat.completion.chunk",
            "choices": [{"index": choice, "delta": delta or {}, "finish_reason": finish}]}


def _piece(index, arguments, name=None, call_id=None):
    call = {"index": index, "function": {"arguments": arguments}}
    if name is not None:
        call.update(id=call_id, type="function")
        call["function"]["name"] = name
    return {"tool_calls": [call]}


def test_a_chat_completion_stream_logged_chunk_by_chunk_gives_each_call_whole_once():
    """Each chunk held a piece of a call: none was read (or the first, with empty arguments,
    would be a call the model never made). Two streams interleave; one choice holds two calls."""
    log = [_chunk("a", _piece(0, "", "search", "call_1")), _chunk("b", _piece(0, '{"id": ', "get", "call_2")),
           _chunk("a", _piece(0, '{"q": "x')), _chunk("a", _piece(1, "{}", "list", "call_3")),
           _chunk("b", _piece(0, "7}")), _chunk("a", _piece(0, '"}')), _chunk("a", {"content": "done"}),
           _chunk("b", finish="tool_calls"), _chunk("a", finish="tool_calls")]
    assert _read(log) == [("get", '{"id": 7}', "call_2"), ("search", '{"q": "x"}', "call_1"), ("list", "{}", "call_3")]
    legacy = [_chunk("c", {"function_call": {"name": "search", "arguments": '{"q"'}}),
              _chunk("c", {"function_call": {"arguments": ': "y"}'}}), _chunk("c", finish="function_call")]
    assert _read(legacy) == [("search", '{"q": "y"}', None)]


def test_a_chunk_of_an_odd_shape_is_no_call_and_no_crash():
    odd = [{"object": "chat.completion.chunk", "choices": 5}, {"object": "chat.completion.chunk", "id": [1],
           "choices": ["x", {"index": {}, "delta": {"tool_calls": [{"index": [], "function": {"name": 3}}]},
                             "finish_reason": "stop"}]}]
    assert _read(odd) == []


def test_a_streamed_call_its_stream_never_finishes_is_a_broken_line_at_its_first_piece():
    lines = [_chunk("a", {"content": "hi"}), _chunk("a", _piece(0, '{"q"', "search", "call_1"))]
    read = list(read_calls(["calls.jsonl"], contents={
        "calls.jsonl": "".join(json.dumps(line) + "\n" for line in lines).encode()}))
    assert read == [BrokenLine("calls.jsonl", 2, "a streamed call whose stream ends before its choice finishes "
                                                 "(no `finish_reason`): `search`, id `call_1`")]


def test_unfinished_streamed_calls_are_held_within_a_bound(monkeypatch):
    from schema_lint.traffic import chunks

    monkeypatch.setattr(chunks, "MAX_OPEN", 2)
    monkeypatch.setattr(chunks, "MAX_TEXT", 10)
    held = chunks.Chunks()
    for stream in "abc":
        held.add(_chunk(stream, _piece(0, '{"q": 1}', "search")), 1)
    held.add(_chunk("a", _piece(0, "more than ten")), 2)
    (cut,) = held.add(_chunk("a", finish="stop"), 3)
    assert cut.problem is not None and "10 characters" in cut.problem
    assert held.unfinished() == [(1, "a streamed call whose stream ends before its choice finishes "
                                     "(no `finish_reason`): `search`"),
                                 (0, "1 piece of streamed calls not read: more than 2 calls were unfinished at once")]


def _anthropic_stream(message_id, *blocks):
    """An Anthropic Messages stream's events, as the SDK dumps them: a text block, then each
    (id, name, pieces of its input) as a `tool_use` block."""
    events = [{"type": "message_start", "message": {"id": message_id, "type": "message", "role": "assistant",
                                                    "content": [], "stop_reason": None}},
              {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
              {"type": "ping"},
              {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let me look."}},
              {"type": "content_block_stop", "index": 0}]
    for index, (call_id, name, pieces) in enumerate(blocks, start=1):
        events.append({"type": "content_block_start", "index": index,
                       "content_block": {"type": "tool_use", "id": call_id, "name": name, "input": {}}})
        events += [{"type": "content_block_delta", "index": index,
                    "delta": {"type": "input_json_delta", "partial_json": piece}} for piece in pieces]
        events.append({"type": "content_block_stop", "index": index})
    return events + [{"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 9}},
                     {"type": "message_stop"}]


def _bedrock_stream(*blocks):
    events = [{"messageStart": {"role": "assistant"}},
              {"contentBlockDelta": {"delta": {"text": "Let me look."}, "contentBlockIndex": 0}},
              {"contentBlockStop": {"contentBlockIndex": 0}}]
    for index, (call_id, name, pieces) in enumerate(blocks, start=1):
        events.append({"contentBlockStart": {"start": {"toolUse": {"toolUseId": call_id, "name": name}},
                                             "contentBlockIndex": index}})
        events += [{"contentBlockDelta": {"delta": {"toolUse": {"input": piece}}, "contentBlockIndex": index}}
                   for piece in pieces]
        events.append({"contentBlockStop": {"contentBlockIndex": index}})
    return events + [{"messageStop": {"stopReason": "tool_use"}},
                     {"metadata": {"usage": {"inputTokens": 5, "outputTokens": 9}, "metrics": {"latencyMs": 300}}}]


def _read_all(lines):
    return list(read_calls(["calls.jsonl"], contents={
        "calls.jsonl": "".join(json.dumps(line) + "\n" for line in lines).encode()}))


@pytest.mark.parametrize("stream", [_anthropic_stream, lambda _, *blocks: _bedrock_stream(*blocks)])
def test_a_content_block_stream_gives_each_call_whole_once_and_no_line_without_a_call(stream):
    """An Anthropic or Bedrock stream logged event by event: each call put back together from its
    block's pieces, its input parsed as the provider parses it; no event is a line without a call
    (a log of one stream printed a dozen), and a call with no piece has empty arguments."""
    log = [*stream("msg_1", ("toolu_1", "search", ['{"q": "pa', 'ris", "limit"', ": 3}"]), ("toolu_2", "now", [])),
           *stream("msg_2", ("toolu_3", "search", ['{"q": ', '"x"}']))]
    read = _read_all(log)
    starts = [number for number, event in enumerate(log, start=1)
              if '"toolu_' in json.dumps(event.get("content_block", event.get("contentBlockStart")))]
    assert all(isinstance(c, RecordedCall) for c in read) and [c.line for c in read] == starts
    assert [(c.tool, c.arguments, c.call_id) for c in read] == [
        ("search", {"q": "paris", "limit": 3}, "toolu_1"), ("now", {}, "toolu_2"), ("search", {"q": "x"}, "toolu_3")]


def test_an_anthropic_message_logged_after_its_stream_repeats_its_calls():
    stream = _anthropic_stream("msg_1", ("toolu_1", "search", ['{"q": "x"}']))
    final = {"id": "msg_1", "type": "message", "role": "assistant", "stop_reason": "tool_use",
             "content": [{"type": "tool_use", "id": "toolu_1", "name": "search", "input": {"q": "x"}}]}
    assert _read([*stream, final]) == [("search", {"q": "x"}, "toolu_1")]
    assert _read([final]) == [("search", {"q": "x"}, "toolu_1")]  # a log that kept only the message


def test_a_content_block_stream_cut_short_or_not_json_or_run_by_the_provider():
    cut = _anthropic_stream("msg_1", ("toolu_1", "search", ['{"q": ']))[:-4]  # ends inside the block
    read = _read_all(cut)
    assert read == [BrokenLine("calls.jsonl", 6, "a streamed call whose stream ends before its content block does: "
                                                 "`search`, id `toolu_1`")]
    # Pieces that join to no JSON are the call's text, which the boundary rejects as such.
    assert _read(_anthropic_stream("m", ("toolu_1", "search", ['{"q": NaN}']))) == [("search", '{"q": NaN}', "toolu_1")]
    server = [{"type": "content_block_start", "index": 1,
               "content_block": {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}},
              {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "{}"}},
              {"type": "content_block_stop", "index": 1}]
    assert _read_all(server) == []


def test_ai_sdk_ui_messages_give_each_tool_part_s_call():
    """A chat app's stored UI messages: version 5's `tool-<name>` and `dynamic-tool` parts, version
    4's `tool-invocation`; a part still streaming its input is no call, one whose input did not
    parse is what the model sent (`rawInput`)."""
    message = {"id": "m1", "role": "assistant", "parts": [
        {"type": "step-start"}, {"type": "text", "text": "Looking."},
        {"type": "tool-get_weather", "toolCallId": "c1", "state": "output-available", "input": {"city": "Paris"},
         "output": {"t": 21}},
        {"type": "dynamic-tool", "toolName": "mcp_search", "toolCallId": "c2", "state": "input-available",
         "input": {"q": "x"}},
        {"type": "tool-get_weather", "toolCallId": "c3", "state": "input-streaming", "input": {"ci": None}},
        {"type": "tool-get_weather", "toolCallId": "c4", "state": "output-error", "input": None,
         "rawInput": '{"city": 5', "errorText": "Invalid input"},
        {"type": "tool-web_search", "toolCallId": "c5", "state": "output-available", "input": {"q": "y"},
         "providerExecuted": True}]}
    assert _read([message]) == [("get_weather", {"city": "Paris"}, "c1"), ("mcp_search", {"q": "x"}, "c2"),
                                ("get_weather", '{"city": 5', "c4")]
    legacy = {"role": "assistant", "parts": [{"type": "tool-invocation", "toolInvocation": {
        "state": "result", "toolCallId": "c9", "toolName": "search", "args": {"q": "z"}, "result": []}},
        {"type": "tool-invocation", "toolInvocation": {"state": "partial-call", "toolCallId": "c10",
                                                       "toolName": "search", "args": {}}}]}
    assert _read([legacy]) == [("search", {"q": "z"}, "c9")]


def test_an_ai_sdk_ui_message_stream_gives_each_call_once_and_no_line_without_a_call():
    chunks = [{"type": "start", "messageId": "m1"}, {"type": "start-step"},
              {"type": "tool-input-start", "toolCallId": "c1", "toolName": "search"},
              {"type": "tool-input-delta", "toolCallId": "c1", "inputTextDelta": '{"q": '},
              {"type": "tool-input-available", "toolCallId": "c1", "toolName": "search", "input": {"q": "x"}},
              {"type": "tool-output-available", "toolCallId": "c1", "output": []},
              {"type": "finish-step"}, {"type": "finish"}]
    final = {"id": "m1", "role": "assistant", "parts": [
        {"type": "tool-search", "toolCallId": "c1", "state": "output-available", "input": {"q": "x"}, "output": []}]}
    assert _read_all([*chunks, final]) == [RecordedCall(0, 5, "search", {"q": "x"}, "c1")]


def test_a_record_of_more_objects_and_arrays_than_a_call_holds_is_a_broken_line_not_a_gigabyte():
    line = b'{"tool": "t", "arguments": {"l": [' + b",".join([b"[]"] * 1_000_001) + b"]}}\n"
    good = b'{"tool": "t", "arguments": {"l": [' + b",".join([b"[]"] * 1_000) + b"]}}\n"
    read = list(read_calls(["calls.jsonl"], contents={"calls.jsonl": line + good}))
    assert read[0] == BrokenLine("calls.jsonl", 1, "not read: more than 1,000,000 objects and arrays")
    assert isinstance(read[1], RecordedCall) and len(read[1].arguments["l"]) == 1_000


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.lists(st.integers(0, 40), max_size=6), st.sampled_from(["tool_calls", "stop"]))
def test_a_streamed_call_is_its_pieces_joined_wherever_the_stream_splits_them(arguments, cuts, finish):
    bounds = sorted({0, len(arguments), *(min(cut, len(arguments)) for cut in cuts)})
    pieces = [arguments[start:end] for start, end in zip(bounds, bounds[1:])] or [""]
    log = [_chunk("s", _piece(0, pieces[0], "search", "call_1")), *(_chunk("s", _piece(0, p)) for p in pieces[1:]),
           _chunk("s", finish=finish)]
    assert _read(log) == [("search", arguments, "call_1")]


_ODD = st.recursive(st.none() | st.booleans() | st.integers(-2, 2) | st.sampled_from(["", "x", "search"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["index", "id", "function", "name", "arguments", "tool_calls", "delta",
                                         "finish_reason", "function_call", "choices"]), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.fixed_dictionaries({"object": st.just("chat.completion.chunk")},
                                      optional={"id": _ODD, "choices": _ODD}), max_size=5))
def test_chunks_of_any_shape_give_calls_and_broken_lines_never_an_error(log):
    read = list(read_calls(["calls.jsonl"], contents={
        "calls.jsonl": "".join(json.dumps(line) + "\n" for line in log).encode()}))
    assert all(isinstance(item, (RecordedCall, BrokenLine)) for item in read)


_ODD_BLOCK = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 2) | st.sampled_from(["", "x", "{}", '{"q"', "tool_use",
                                                                       "input_json_delta"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "index", "id", "name", "input", "partial_json", "toolUse", "toolUseId", "start",
                         "delta", "contentBlockIndex", "content_block"]), inner, max_size=4),
    max_leaves=12)
_ODD_EVENT = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["message_start", "content_block_start", "content_block_delta",
                                                    "content_block_stop", "message_stop"])},
                          optional={"index": _ODD_BLOCK, "content_block": _ODD_BLOCK, "delta": _ODD_BLOCK}),
    st.dictionaries(st.sampled_from(["messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop"]),
                    _ODD_BLOCK, min_size=1, max_size=2))


@settings(max_examples=300, deadline=None)
@given(st.lists(_ODD_EVENT, max_size=8))
def test_content_block_events_of_any_shape_give_calls_and_broken_lines_never_an_error(log):
    assert all(isinstance(item, (RecordedCall, BrokenLine)) for item in _read_all(log))


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=8) | st.booleans(), max_size=4),
       st.lists(st.integers(0, 60), max_size=6), st.booleans())
def test_a_content_block_call_is_its_input_wherever_the_stream_splits_it(arguments, cuts, bedrock):
    text = json.dumps(arguments)
    bounds = sorted({0, len(text), *(min(cut, len(text)) for cut in cuts)})
    pieces = [text[start:end] for start, end in zip(bounds, bounds[1:])]
    log = _bedrock_stream(("toolu_1", "search", pieces)) if bedrock else \
        _anthropic_stream("msg_1", ("toolu_1", "search", pieces))
    assert _read(log) == [("search", arguments, "toolu_1")]


def _otlp(attributes):
    """One span in OTLP JSON, as the collector's file exporter writes a line."""
    return {"resourceSpans": [{"resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "app"}}]},
                               "scopeSpans": [{"scope": {"name": "openai"}, "spans": [
                                   {"traceId": "5b8e", "spanId": "eee1", "name": "chat gpt-4o", "kind": 3,
                                    "attributes": [{"key": key, "value": {"stringValue": value}}
                                                   for key, value in attributes.items()]}]}]}]}


_OUTPUT = [{"role": "assistant", "finish_reason": "tool_call", "parts": [
    {"type": "text", "content": "Checking."},
    {"type": "tool_call", "id": "call_1", "name": "get_weather", "arguments": {"city": "Paris"}}]}]
_INPUT = [{"role": "user", "parts": [{"type": "text", "content": "weather?"}]},
          {"role": "assistant", "parts": [{"type": "tool_call", "id": "call_0", "name": "get_time", "arguments": {}}]}]


def test_a_genai_span_gives_the_calls_of_its_output_messages_not_of_its_input():
    """OpenTelemetry's GenAI conventions: `gen_ai.output.messages` (JSON in a string attribute),
    in OTLP JSON or as a span's `to_json()` writes attributes; the input messages are history."""
    attributes = {"gen_ai.operation.name": "chat", "gen_ai.input.messages": json.dumps(_INPUT),
                  "gen_ai.output.messages": json.dumps(_OUTPUT)}
    assert _read([_otlp(attributes)]) == [("get_weather", {"city": "Paris"}, "call_1")]
    assert _read([{"name": "chat gpt-4o", "attributes": attributes}]) == [("get_weather", {"city": "Paris"}, "call_1")]
    no_call = {"gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": "Hi"}]}])}
    # A trace's spans are mostly no model's (a request, a tool's run, the app's): none is a line
    # a call was lost from, nor is a model's that made none.
    other = [{"name": "POST", "attributes": {"http.method": "POST"}}, _otlp({"http.method": "POST"}),
             {"name": "execute_tool get_time", "attributes": {"gen_ai.tool.name": "get_time"}}]
    assert _read_all([{"name": "chat", "attributes": no_call}, *other]) == []


def test_a_span_gives_the_calls_of_its_answer_events_not_of_its_history_events():
    """The conventions' older `gen_ai.choice` event (the choice as its body) and
    `gen_ai.content.completion`, and the newer `gen_ai.client.inference.operation.details` (the
    output messages among its attributes), as a span's `to_json()` writes its events;
    `gen_ai.assistant.message` and `gen_ai.content.prompt` are the history."""
    choice = {"name": "gen_ai.choice", "attributes": {"gen_ai.system": "openai"}, "body": {
        "index": 0, "finish_reason": "tool_calls", "message": {"tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}]}}}
    history = {"name": "gen_ai.assistant.message", "body": {"tool_calls": [
        {"id": "call_0", "type": "function", "function": {"name": "get_time", "arguments": "{}"}}]}}
    span = {"name": "chat gpt-4o", "attributes": {"gen_ai.operation.name": "chat"}, "events": [history, choice]}
    assert _read([span]) == [("get_weather", '{"city": "Paris"}', "call_1")]
    details = {"name": "gen_ai.client.inference.operation.details",
               "attributes": {"gen_ai.input.messages": _INPUT, "gen_ai.output.messages": _OUTPUT}}
    assert _read([{"name": "chat", "attributes": {}, "events": [details]}]) == [("get_weather", {"city": "Paris"}, "call_1")]
    # The conventions' first event for it: the completion's messages as JSON in an attribute.
    completion = {"name": "gen_ai.content.completion", "attributes": {"gen_ai.completion": json.dumps(
        [{"role": "assistant", "tool_calls": [{"id": "call_3", "type": "function",
                                               "function": {"name": "get_weather", "arguments": "{}"}}]}])}}
    prompt = {"name": "gen_ai.content.prompt", "attributes": {"gen_ai.prompt": json.dumps(
        [{"role": "assistant", "tool_calls": [{"id": "call_0", "type": "function",
                                               "function": {"name": "get_time", "arguments": "{}"}}]}])}}
    assert _read([{"name": "chat", "events": [prompt, completion]}]) == [("get_weather", "{}", "call_3")]
    # A span whose events hold only history made no call, and lost none.
    assert _read_all([{"name": "chat", "attributes": {}, "events": [history]}, {"name": "chat", "events": [prompt]}]) == []


def test_flattened_span_attributes_give_their_calls_in_order():
    """OpenLLMetry's `gen_ai.completion.<i>.tool_calls.<j>.*` and OpenInference's
    `llm.output_messages.<i>.message.tool_calls.<j>.tool_call.*`; a prompt's are history."""
    openllmetry = {"gen_ai.prompt.1.tool_calls.0.name": "get_time", "gen_ai.prompt.1.tool_calls.0.arguments": "{}",
                   "gen_ai.completion.0.tool_calls.1.name": "b", "gen_ai.completion.0.tool_calls.1.arguments": "{}",
                   "gen_ai.completion.0.tool_calls.0.id": "call_a", "gen_ai.completion.0.tool_calls.0.name": "a",
                   "gen_ai.completion.0.tool_calls.0.arguments": '{"x": 1}'}
    assert _read([_otlp(openllmetry)]) == [("a", '{"x": 1}', "call_a"), ("b", "{}", None)]
    openinference = {"llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "search",
                     "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": '{"q": "x"}',
                     "llm.output_messages.0.message.tool_calls.0.tool_call.id": "call_9",
                     "llm.input_messages.0.message.tool_calls.0.tool_call.function.name": "old"}
    assert _read([{"name": "ChatOpenAI", "attributes": openinference}]) == [("search", '{"q": "x"}', "call_9")]
    huge_index = {"gen_ai.completion." + "9" * 5000 + ".tool_calls.0.name": "a"}
    assert _read_all([{"attributes": huge_index}]) == [BrokenLine("calls.jsonl", 1, "no tool call found")]


def test_a_call_two_spans_record_is_read_once_whether_its_arguments_are_text_or_an_object():
    """An SDK's own span keeps the arguments as an object, an instrumentation's as the text the
    model sent: one call."""
    native = {"name": "anthropic.messages.create", "attributes": {"gen_ai.output.messages": json.dumps([
        {"role": "assistant", "parts": [{"type": "tool_call", "id": "toolu_1", "name": "get_time",
                                         "arguments": {"tz": "UTC"}}]}])}}
    openinference = {"name": "messages.create", "attributes": {
        "llm.output_messages.0.message.tool_calls.0.tool_call.id": "toolu_1",
        "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "get_time",
        "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": '{"tz": "UTC"}'}}
    assert _read([native, openinference]) == [("get_time", {"tz": "UTC"}, "toolu_1")]
    assert len(_read([openinference, native])) == 1


def test_an_execute_tool_span_gives_the_call_it_ran_once_beside_the_model_s_span():
    """The conventions' `execute_tool` span names the tool, the call's id and its arguments
    (opt-in: text, an object, or in OTLP JSON a `kvlistValue`); the model's span that made the
    call records it too, with the same id: one call."""
    arguments = {"city": "Paris", "days": 3, "units": ["c"], "hourly": False}
    as_text = {"name": "execute_tool get_weather", "attributes": {
        "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather", "gen_ai.tool.call.id": "call_1",
        "gen_ai.tool.call.arguments": json.dumps(arguments)}}
    assert _read([as_text]) == [("get_weather", json.dumps(arguments), "call_1")]
    structured = _otlp({"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather",
                        "gen_ai.tool.call.id": "call_1"})
    structured["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["attributes"].append(
        {"key": "gen_ai.tool.call.arguments", "value": {"kvlistValue": {"values": [
            {"key": "city", "value": {"stringValue": "Paris"}}, {"key": "days", "value": {"intValue": "3"}},
            {"key": "units", "value": {"arrayValue": {"values": [{"stringValue": "c"}]}}},
            {"key": "hourly", "value": {"boolValue": False}}]}}})
    assert _read([structured]) == [("get_weather", arguments, "call_1")]
    chat = {"name": "chat gpt-4o", "attributes": {"gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": [
        {"type": "tool_call", "id": "call_1", "name": "get_weather", "arguments": arguments}]}])}}
    assert len(_read([chat, as_text, structured])) == 1


def _otlp_value(value):
    """`value` as an OTLP JSON `AnyValue`, structured."""
    if isinstance(value, dict):
        return {"kvlistValue": {"values": [{"key": k, "value": _otlp_value(v)} for k, v in value.items()]}}
    if isinstance(value, list):
        return {"arrayValue": {"values": [_otlp_value(v) for v in value]}}
    return {"stringValue": value}


def test_output_messages_recorded_as_a_structured_value_give_their_calls():
    """The conventions want `gen_ai.output.messages` structured on an event ("MUST") and, where
    the exporter can, on a span: only its JSON text was read, and such calls were lost unsaid."""
    span = _otlp({"gen_ai.operation.name": "chat"})
    attributes = span["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["attributes"]
    attributes.append({"key": "gen_ai.output.messages", "value": _otlp_value(_OUTPUT)})
    assert _read([span]) == [("get_weather", {"city": "Paris"}, "call_1")]
    event = _otlp({"gen_ai.operation.name": "chat"})
    event["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["events"] = [
        {"name": "gen_ai.client.inference.operation.details",
         "attributes": [{"key": "gen_ai.output.messages", "value": _otlp_value(_OUTPUT)}]}]
    assert _read([event]) == [("get_weather", {"city": "Paris"}, "call_1")]


def test_an_otlp_value_too_deep_or_of_no_kind_is_none():
    from schema_lint.traffic.spans import MAX_VALUE_DEPTH, _any_value

    deep: dict = {"stringValue": "x"}
    for _ in range(MAX_VALUE_DEPTH + 5):
        deep = {"arrayValue": {"values": [deep]}}
    nested = _any_value(deep, 0)
    for _ in range(MAX_VALUE_DEPTH):
        nested = nested[0]
    assert nested == [None]
    assert _any_value({"intValue": "\u00b2"}, 0) is None and _any_value({"intValue": "9" * 5000}, 0) is None
    assert _any_value({"bytesValue": "AA=="}, 0) is None


def test_a_langsmith_llm_run_gives_the_calls_of_its_output_message():
    message = {"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "AIMessage"], "kwargs": {
        "content": "", "type": "ai", "tool_calls": [{"name": "search", "args": {"q": "x"}, "id": "call_1",
                                                     "type": "tool_call"}],
        "additional_kwargs": {"tool_calls": [{"id": "call_1", "type": "function",
                                              "function": {"name": "search", "arguments": '{"q": "x"}'}}]}}}
    run = {"id": "run-1", "name": "ChatOpenAI", "run_type": "llm",
           "inputs": {"messages": [[{"lc": 1, "type": "constructor", "id": ["HumanMessage"],
                                     "kwargs": {"content": "find x"}}]]},
           "outputs": {"generations": [[{"text": "", "type": "ChatGeneration", "message": message}]]}}
    assert _read([run]) == [("search", {"q": "x"}, "call_1")]
    tool_run = {"id": "run-2", "name": "search", "run_type": "tool", "inputs": {"q": "x"}, "outputs": {"output": "[]"}}
    # A chain's output repeats its model's message, an agent's its messages: one call, in
    # whatever order the runs are logged. A tool's run is the tool's own: no call, nor a line
    # without one.
    ai = {"type": "ai", "content": "", "tool_calls": [{"name": "search", "args": {"q": "x"}, "id": "call_1"}]}
    chain = {"id": "run-0", "name": "RunnableSequence", "run_type": "chain", "outputs": {"output": ai}}
    agent = {"id": "run-3", "name": "agent", "run_type": "chain", "outputs": {"messages": [ai]}}
    assert _read_all([agent, chain, run, tool_run]) == [RecordedCall(0, 1, "search", {"q": "x"}, "call_1")]
    assert _read_all([tool_run, run, chain, agent]) == [RecordedCall(0, 2, "search", {"q": "x"}, "call_1")]
    assert _read([agent]) == [("search", {"q": "x"}, "call_1")]  # a log of the root run alone
    tree = {**chain, "child_runs": [{**run, "child_runs": []}, tool_run]}
    assert _read([tree]) == [("search", {"q": "x"}, "call_1")]


def test_an_openai_agents_sdk_trace_gives_its_function_spans_calls_once():
    """Spans as the Agents SDK exports them: a function span holds the call as the model sent it;
    a generation span's output repeats it (with no id to tell), and a trace, an agent's span or
    a handoff's holds none, nor is any a line without a call."""
    def span(data):
        return {"object": "trace.span", "id": "span_1", "trace_id": "trace_1", "parent_id": None,
                "started_at": "2026-01-01T00:00:00Z", "ended_at": "2026-01-01T00:00:01Z", "span_data": data,
                "error": None}
    log = [{"object": "trace", "id": "trace_1", "workflow_name": "Agent workflow", "group_id": None,
            "metadata": None},
           span({"type": "agent", "name": "Assistant", "handoffs": [], "tools": ["get_weather"],
                 "output_type": "str"}),
           span({"type": "generation", "input": [{"role": "user", "content": "weather?"}], "output": [
               {"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function", "function": {
                   "name": "get_weather", "arguments": '{"city":"Tokyo"}'}}]}], "model": "gpt-4o"}),
           span({"type": "function", "name": "get_weather", "input": '{"city":"Tokyo"}', "output": "sunny",
                 "mcp_data": None}),
           span({"type": "handoff", "from_agent": "Assistant", "to_agent": "Other"})]
    assert _read_all(log) == [RecordedCall(0, 4, "get_weather", '{"city":"Tokyo"}', None)]


def test_a_providers_response_logged_twice_is_one_call_of_each_shape_and_a_datasets_records_are_two():
    """A call id is the provider's, one per call: the same response on two lines (two loggers,
    a retry of the logging) is one call, whichever provider's shape it has."""
    chat = {"id": "chatcmpl-9", "object": "chat.completion", "choices": [{"index": 0, "message": {
        "role": "assistant", "tool_calls": [{"id": "c77", "type": "function",
                                             "function": {"name": "get_weather", "arguments": "{\"q\": 1}"}}]}}]}
    anthropic = {"id": "msg_7", "type": "message", "role": "assistant",
                 "content": [{"type": "tool_use", "id": "toolu_7", "name": "get_weather", "input": {"q": 1}}]}
    responses = {"id": "resp_9", "object": "response",
                 "output": [{"type": "function_call", "call_id": "call_9", "name": "get_weather", "arguments": "{}"}]}
    for response in (chat, anthropic, responses):
        assert len(_read([response, response])) == 1
    dataset = {"tool": "get_weather", "arguments": {"q": 1}, "id": "call_1"}
    assert len(_read([dataset, dataset])) == 2


def test_a_tool_call_entry_logged_alone_is_a_call_and_a_tool_definition_is_not():
    """Apps log `message.tool_calls` entries by themselves, one per line or as a list."""
    entry = _assistant(("call_1", "get_weather", {"city": "Paris"}))["tool_calls"][0]
    assert _read([entry]) == [("get_weather", '{"city": "Paris"}', "call_1")]
    assert _read([[entry, {**entry, "id": "call_2"}]]) == [("get_weather", '{"city": "Paris"}', "call_1"),
                                                           ("get_weather", '{"city": "Paris"}', "call_2")]
    definition = {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}
    assert _read([definition]) == []


def test_a_proxys_response_body_gives_its_calls():
    """Helicone logs a request's `request_body` and `response_body`: the calls are the response's."""
    completion = {"choices": [{"message": _assistant(("call_1", "get_weather", {"city": "Paris"}))}]}
    record = {"request_body": {"messages": [_assistant(("call_0", "get_time", {}))]}, "response_body": completion}
    assert _read([record]) == [("get_weather", '{"city": "Paris"}', "call_1")]


def test_an_mcp_sessions_other_messages_are_no_lines_without_a_call():
    log = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}},
           {"jsonrpc": "2.0", "id": 1, "result": {"capabilities": {}}},
           {"jsonrpc": "2.0", "method": "notifications/initialized"},
           {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "get_time", "arguments": {}}},
           {"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": "noon"}]}}]
    assert [(c.tool, c.arguments) for c in _read_all(log) if isinstance(c, RecordedCall)] == [("get_time", {})]
    assert not any(isinstance(item, BrokenLine) for item in _read_all(log))
