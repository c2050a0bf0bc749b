"""Calls read from logs real SDKs write (tests/fixtures/traffic_sdk, whose README says how each
was made): each call the model made read once, and no line reported as one a call was lost
from where the SDK logged a stream's event, a provider-run call or a repeat."""

from __future__ import annotations

from pathlib import Path

import pytest

from schema_lint.traffic.calls import BrokenLine, RecordedCall, read_calls

LOGS = Path(__file__).parent.parent / "fixtures" / "traffic_sdk"


def _read(name: str) -> tuple[list[tuple[str, object, str | None]], list[tuple[int, str]]]:
    read = list(read_calls([str(LOGS / name)]))
    return ([(c.tool, c.arguments, c.call_id) for c in read if isinstance(c, RecordedCall)],
            [(b.line, b.reason) for b in read if isinstance(b, BrokenLine)])


@pytest.mark.parametrize("name", ["anthropic_create_stream_log.jsonl", "anthropic_messages_stream_log.jsonl",
                                  "bedrock_converse_stream_log.jsonl", "ai_sdk_ui_stream_log.jsonl",
                                  "ai_sdk_full_stream_log.jsonl", "ai_sdk_model_messages_per_step.jsonl"])
def test_a_stream_or_step_log_gives_each_call_the_model_made_once(name):
    """Each log holds two responses with six calls in all (one with no arguments); the Anthropic
    and Bedrock logs end each stream with the message it made, the AI SDK's with its steps."""
    calls, broken = _read(name)
    assert len(calls) == 6 and len({call_id for _, _, call_id in calls}) == 6
    assert broken == []


def test_ui_messages_give_their_calls_and_a_user_message_is_a_line_without_one():
    calls, broken = _read("ai_sdk_ui_messages.jsonl")
    assert len(calls) == 6 and broken == [(1, "no tool call found")]


def test_a_record_with_metadata_is_no_bedrock_event():
    """A UI message with `metadata`, an OpenAI Responses object (`"metadata": null`) and a request
    body with `metadata` were read as Bedrock's `metadata` event: their calls were lost unsaid."""
    calls, broken = _read("records_with_metadata.jsonl")
    assert [arguments for _, arguments, _ in calls] == [{"city": "Rome"}, '{"city":"Oslo"}', '{"city":"Lima"}']
    assert broken == []


def test_the_anthropic_sdk_s_own_stream_events_are_pieces_and_its_stop_events_carry_the_calls():
    """`messages.stream()` adds `text`, `input_json`, `thinking` and `signature` events (each
    was a line without a call), and its `content_block_stop` and `message_stop` carry the whole
    block and message: a log keeping only those holds the calls."""
    assert _read("anthropic_messages_stream_events.jsonl") == ([("get_weather", {"city": "Paris"}, "toolu_0A")], [])
    assert _read("anthropic_stop_events_only.jsonl") == (
        [("get_weather", {"city": "Paris"}, "toolu_0A"), ("get_weather", {"city": "Tokyo"}, "toolu_1A")], [])


@pytest.mark.parametrize("name", ["anthropic_stream_then_history.jsonl", "bedrock_stream_then_message.jsonl",
                                  "ai_sdk_step_messages.jsonl"])
def test_a_call_logged_again_after_its_stream_or_step_is_read_once(name):
    """The message a stream made, logged as the next request's history or as the response (no
    `type: message` to tell it), and a step's messages logged as a bare list that grows."""
    calls, broken = _read(name)
    assert len(calls) == 1 and broken == []


def test_a_bedrock_server_tool_s_call_is_neither_replayed_nor_a_line_without_a_call():
    assert _read("bedrock_server_tool.jsonl") == ([], [])


def test_an_ai_sdk_stream_s_other_chunks_are_no_lines_without_a_call():
    """Sources, files, errors, an app's data chunks, raw provider chunks and provider-run calls."""
    assert _read("ai_sdk_ui_stream_chunks.jsonl") == ([("get_weather", {"city": "Oslo"}, "call_1")], [])
    assert _read("ai_sdk_full_stream_parts.jsonl") == ([("get_weather", {"city": "Oslo"}, "call_1")], [])
