"""Streams logged event by event, written to break the reader: no traceback, no unbounded
memory, and no call lost or merged without a line saying so."""

from __future__ import annotations

import json

import pytest

from schema_lint.traffic import chunks
from schema_lint.traffic.calls import BrokenLine, RecordedCall, read_calls

pytestmark = pytest.mark.hostile


def _read(*files: list) -> list:
    """What the reader gives of each list of records (a string is a line as written)."""
    contents = {f"f{n}.jsonl": "".join((line if isinstance(line, str) else json.dumps(line)) + "\n"
                                       for line in lines).encode() for n, lines in enumerate(files)}
    return list(read_calls(list(contents), contents=contents))


def _calls(read: list) -> list:
    return [(c.tool, c.arguments, c.call_id) for c in read if isinstance(c, RecordedCall)]


def _broken(read: list) -> list:
    return [(b.line, b.reason) for b in read if isinstance(b, BrokenLine)]


def _block(index, call_id, name, *pieces):
    return [{"type": "content_block_start", "index": index,
             "content_block": {"type": "tool_use", "id": call_id, "name": name, "input": {}}},
            *({"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta",
                                                                         "partial_json": p}} for p in pieces)]


def _stop(index):
    return {"type": "content_block_stop", "index": index}


def test_an_index_or_id_nested_a_thousand_deep_is_no_traceback():
    deep = "[" * 1000 + "]" * 1000  # as deep as the parser reads, deeper than `repr` writes
    read = _read([f'{{"type": "content_block_stop", "index": {deep}}}',
                  f'{{"contentBlockStop": {{"contentBlockIndex": {deep}}}}}',
                  f'{{"object": "chat.completion.chunk", "id": {deep}, "choices": [{{"index": {deep}, '
                  f'"finish_reason": "stop"}}]}}',
                  f'{{"tool": "f", "arguments": {{}}, "id": {deep}}}',
                  f'{{"type": "tool_use", "name": "f", "input": {{}}, "id": {deep}}}'])
    assert _calls(read) == [("f", {}, None), ("f", {}, None)]


def test_many_messages_hold_one_message_s_blocks_and_cut_streams_starve_no_later_call():
    """Each message's blocks were held to the end of the file (350 bytes a message), and 10,000
    streams cut short made every later call of the file unreadable."""
    held = chunks.Chunks()
    for line in range(0, 30_000, 3):
        held.add({"messageStart": {}}, line)
        held.add({"contentBlockStart": {"start": {"toolUse": {"name": "f"}}}}, line + 1)
        if line % 6:
            held.add({"contentBlockStop": {}}, line + 2)
    assert len(held.open) <= 1 and held.count <= 1
    aborted = [event for _ in range(chunks.MAX_OPEN + 5) for event in
               ({"type": "message_start", "message": {}}, *_block(0, "t", "f", '{"a"'))]
    whole = [{"type": "message_start", "message": {}}, *_block(0, "toolu_1", "get_time", "{}"), _stop(0)]
    read = _read([*aborted, *whole])
    assert _calls(read) == [("get_time", {}, "toolu_1")]
    assert len(_broken(read)) == chunks.MAX_OPEN + 5


def test_a_block_started_again_at_an_open_index_is_said_not_merged():
    read = _read([{"type": "message_start", "message": {}}, *_block(0, "t1", "f", '{"a": 1}'),
                  *_block(0, "t2", "f", '{"b": 2}'), _stop(0)])
    assert _calls(read) == [("f", {"b": 2}, "t2")]
    assert _broken(read) == [(2, chunks.SUPERSEDED + ": `f`, id `t1`")]


def _chunk(call_index, call_id, name, arguments, finish=None):
    call = {"index": call_index, "id": call_id, "function": {"name": name, "arguments": arguments}}
    if call_index is None:
        del call["index"]
    return {"id": "s", "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {"tool_calls": [call]}, "finish_reason": finish}]}


@pytest.mark.parametrize("call_index", [0, None])
def test_calls_a_server_numbers_alike_are_told_apart_by_their_ids(call_index):
    """Ollama numbers every call of a turn 0, Gemini's OpenAI-compatible API numbers none: each
    call comes whole under its own id, and they were merged into one call of both arguments."""
    read = _read([_chunk(call_index, "call_a", "get_weather", '{"city": "a"}'),
                  _chunk(call_index, "call_b", "get_time", "{}"),
                  {"id": "s", "object": "chat.completion.chunk", "choices": [{"index": 0, "finish_reason": "tool_calls"}]}])
    assert _calls(read) == [("get_weather", '{"city": "a"}', "call_a"), ("get_time", "{}", "call_b")]
    assert _broken(read) == []


def test_index_true_is_no_index_1():
    read = _read([{"type": "message_start", "message": {}}, *_block(1, "t1", "f", '{"a": 1}'),
                  *_block(True, "t2", "g", "{}"), _stop(True), _stop(1)])
    assert _calls(read) == [("g", {}, "t2"), ("f", {"a": 1}, "t1")]


def test_a_piece_that_is_no_text_and_pieces_of_no_started_block_are_said():
    """Pieces were dropped: an object where the text of the arguments goes replayed `{}`, and
    a log without its start events lost every call unsaid."""
    bedrock = [{"messageStart": {}}, {"contentBlockStart": {"start": {"toolUse": {"name": "f", "toolUseId": "t"}},
                                                            "contentBlockIndex": 0}},
               {"contentBlockDelta": {"delta": {"toolUse": {"input": {"city": "Paris"}}}, "contentBlockIndex": 0}},
               {"contentBlockStop": {"contentBlockIndex": 0}}]
    assert _broken(_read(bedrock)) == [(2, "not read: a piece of its streamed arguments is no text")]
    unstarted = [{"type": "message_start", "message": {}},
                 *({"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta",
                                                                         "partial_json": p}} for p in ('{"a"', ": 1}")),
                 _stop(1)]
    assert _broken(_read(unstarted)) == [(2, chunks.NO_START)]


def test_a_stream_s_call_makes_no_dataset_record_or_other_file_s_call_a_repeat():
    """A streamed call's repeat is its message logged again in the same file; a dataset's records
    (`.json` lists of them too) and another file's calls with the same tool, id and arguments
    were dropped as repeats of it."""
    stream = [{"id": "c", "object": "chat.completion.chunk", "choices": [
        {"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_0", "function": {"name": "get_time",
                                                                                         "arguments": "{}"}}]},
         "finish_reason": "tool_calls"}]}]
    completion = {"choices": [{"message": {"role": "assistant", "tool_calls": [
        {"id": "call_0", "type": "function", "function": {"name": "get_time", "arguments": "{}"}}]}}]}
    record = {"tool": "get_time", "arguments": "{}", "id": "call_0"}
    assert len(_calls(_read(stream, [completion, completion]))) == 3
    assert len(_calls(_read([*stream, [record, record]]))) == 3
    assert len(_calls(_read([*stream, completion]))) == 1  # the message the stream made, logged after it


def test_an_ai_sdk_stream_cut_before_a_call_s_input_is_whole_is_said():
    """The UI message stream and `fullStream` give a call whole in one chunk after its pieces: a
    stream that ends between lost the call unsaid, where the other streams say it."""
    ui = [{"type": "start"}, {"type": "tool-input-start", "toolCallId": "call_1", "toolName": "get_weather"},
          {"type": "tool-input-delta", "toolCallId": "call_1", "inputTextDelta": '{"city": '},
          {"type": "tool-input-start", "toolCallId": "call_2", "toolName": "get_time"},
          {"type": "tool-input-available", "toolCallId": "call_2", "toolName": "get_time", "input": {}}]
    read = _read(ui)
    assert _calls(read) == [("get_time", {}, "call_2")]
    assert _broken(read) == [(2, "a streamed call whose stream ends before its input is whole: `get_weather`, "
                                 "id `call_1`")]
    full = [{"type": "tool-input-start", "id": "call_3", "toolName": "f"}, {"type": "tool-input-delta", "id": "call_3",
                                                                             "delta": "{}"},
            {"type": "tool-input-end", "id": "call_3"},
            {"type": "tool-call", "toolCallId": "call_3", "toolName": "f", "input": {}}]
    assert _broken(_read(full)) == [] and _calls(_read(full)) == [("f", {}, "call_3")]
