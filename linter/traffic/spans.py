"""The calls a telemetry span records a model making, in the attributes the tracing
conventions name for them.

- OpenTelemetry's GenAI conventions: `gen_ai.output.messages`, the response's messages as
  JSON, each call a part `{"type": "tool_call", "id", "name", "arguments"}`.
- OpenLLMetry's flattened attributes: `gen_ai.completion.<i>.tool_calls.<j>.name`, `.id`,
  `.arguments`.
- OpenInference's (Arize Phoenix): `llm.output_messages.<i>.message.tool_calls.<j>.tool_call.`
  `function.name`, `.function.arguments`, `.id`.
- The span's events that hold the answer (`output_events`): the conventions' older
  `gen_ai.choice`, whose body is the choice, and `gen_ai.content.completion`, and
  `gen_ai.client.inference.operation.details`.
- A tool's run (`executed_call`): the conventions' `execute_tool` span, whose
  `gen_ai.tool.name`, `gen_ai.tool.call.id` and `gen_ai.tool.call.arguments` are the call it
  ran (the arguments an object or, where the exporter writes no structure, its JSON text:
  https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/#execute-tool-span).

Attributes are an object (a span's `to_json()`, most exporters' JSON) or OTLP JSON's list of
`{"key", "value": {"stringValue": ...}}` (a structured value, `kvlistValue` or
`arrayValue`, read as the object or list it writes, for the output messages and a call's
arguments). Only the output is read: a span's input messages are
its request's history, which repeats the calls of the spans before it.
"""

from __future__ import annotations

import json
from typing import Any

from schema_lint.sources.json_scan import opens_too_many
from schema_lint.text.lazy_pattern import lazy_compile

OUTPUT_MESSAGES = "gen_ai.output.messages"
# A span's events that record what the model answered: the conventions' `gen_ai.choice` (its
# body the choice, `message.tool_calls` and all), their first `gen_ai.content.completion` (the
# completion's messages as JSON in its `gen_ai.completion` attribute) and the newer
# `gen_ai.client.inference.operation.details` (`gen_ai.output.messages` among its attributes).
# The others (`gen_ai.user.message`, `gen_ai.assistant.message`, `gen_ai.content.prompt`) are
# the request's history, which repeats the calls of the spans before.
OUTPUT_EVENTS = frozenset({"gen_ai.choice", "gen_ai.content.completion", "gen_ai.client.inference.operation.details"})
COMPLETION = "gen_ai.completion"
# Indexes of up to nine digits: a longer run is no index, and Python refuses to convert one of
# thousands.
_FLATTENED = lazy_compile(r"(?:gen_ai\.completion\.(\d{1,9})\.tool_calls\.(\d{1,9})\.(name|id|arguments)|"
                        r"llm\.output_messages\.(\d{1,9})\.message\.tool_calls\.(\d{1,9})\.tool_call\."
                        r"(function\.name|id|function\.arguments))")
_FIELDS = {"function.name": "name", "function.arguments": "arguments"}

MAX_ATTRIBUTES = 100_000
"""Attributes of one span read; past it, the rest are not (a span holds a few dozen)."""


def attributes(record: dict) -> dict[str, Any] | None:
    """The span's attributes as an object, or None when the record has none."""
    found = record.get("attributes")
    if isinstance(found, dict):
        return found
    if not isinstance(found, list):
        return None
    flat: dict[str, Any] = {}
    for entry in found[:MAX_ATTRIBUTES]:
        if isinstance(entry, dict) and isinstance(entry.get("key"), str) and isinstance(entry.get("value"), dict):
            value = entry["value"].get("stringValue")
            if isinstance(value, str):
                flat[entry["key"]] = value
            elif entry["key"] in _STRUCTURED:
                flat[entry["key"]] = _any_value(entry["value"], 0)
    return flat


TOOL_NAME, TOOL_CALL_ID, TOOL_CALL_ARGUMENTS = "gen_ai.tool.name", "gen_ai.tool.call.id", "gen_ai.tool.call.arguments"
# The attributes read when written as a structured value: a call's arguments, and the output
# messages, which the conventions want structured on an event and, where the exporter can, on
# a span ("When the attribute is recorded on events, it MUST be recorded in structured form":
# https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-events/).
_STRUCTURED = frozenset({TOOL_CALL_ARGUMENTS, OUTPUT_MESSAGES, COMPLETION})
MAX_VALUE_DEPTH = 64
"""Nesting of an OTLP value read (an argument object inside lists inside objects); deeper is none."""
_SCALARS = {"stringValue": str, "boolValue": bool, "doubleValue": float}


def _any_value(value: Any, depth: int) -> Any:
    """What an OTLP JSON `AnyValue` writes, as JSON would: an object for `kvlistValue`, a list
    for `arrayValue`, the scalar otherwise (`intValue` is written as text; a run of digits
    longer than any JSON number a call sends is none). None for what it cannot be."""
    if not isinstance(value, dict) or depth > MAX_VALUE_DEPTH:
        return None
    for key, kind in _SCALARS.items():
        if isinstance(value.get(key), kind):
            return value[key]
    number = value.get("intValue")
    if isinstance(number, int) or isinstance(number, str) and 0 < len(number) <= 20 and number.lstrip("-").isascii() \
            and number.lstrip("-").isdigit():
        return int(number)
    entries = value.get("kvlistValue", {}).get("values") if isinstance(value.get("kvlistValue"), dict) else None
    if isinstance(entries, list):
        return {entry["key"]: _any_value(entry.get("value"), depth + 1) for entry in entries
                if isinstance(entry, dict) and isinstance(entry.get("key"), str)}
    items = value.get("arrayValue", {}).get("values") if isinstance(value.get("arrayValue"), dict) else None
    if isinstance(items, list):
        return [_any_value(item, depth + 1) for item in items]
    return None


def executed_call(span: dict[str, Any]) -> tuple[str, Any, str | None] | None:
    """The call an `execute_tool` span ran: its tool's name, the arguments (an object, or the
    JSON text the model sent) and the call's id; None for a span that records no arguments
    (the conventions make them opt-in: a tool's name alone is no call to check)."""
    name, arguments = span.get(TOOL_NAME), span.get(TOOL_CALL_ARGUMENTS)
    if not isinstance(name, str) or not isinstance(arguments, (dict, str)):
        return None
    return name, arguments, _id(span.get(TOOL_CALL_ID))


def output_events(record: dict) -> list[dict]:
    """The events of a span that record the model's answer (`OUTPUT_EVENTS`), in order."""
    events = record.get("events")
    if not isinstance(events, list):
        return []
    return [event for event in events if isinstance(event, dict) and event.get("name") in OUTPUT_EVENTS]


def output_messages(span: dict[str, Any], key: str = OUTPUT_MESSAGES) -> Any:
    """What `gen_ai.output.messages` (or `key`: an event's `gen_ai.completion`) holds, parsed;
    None when the span records none (or what it records is no JSON, or more objects and
    arrays than a call's line may hold)."""
    value = span.get(key)
    if not isinstance(value, str):
        return value if isinstance(value, list) else None
    if opens_too_many(value):
        return None
    try:
        return json.loads(value)
    except (ValueError, RecursionError):
        return None


def flattened_calls(span: dict[str, Any]) -> list[tuple[str, Any, str | None]]:
    """The calls in flattened attributes (OpenLLMetry's, OpenInference's), in their order."""
    calls: dict[tuple[int, int], dict[str, Any]] = {}
    for key, value in span.items():
        if not key.startswith(("gen_ai.completion.", "llm.output_messages.")):
            continue
        match = _FLATTENED.fullmatch(key)
        if match is None:
            continue
        message, call, field = (match.group(1), match.group(2), match.group(3)) if match.group(1) is not None \
            else (match.group(4), match.group(5), match.group(6))
        calls.setdefault((int(message), int(call)), {})[_FIELDS.get(field, field)] = value
    return [(fields["name"], fields.get("arguments", "{}"), _id(fields.get("id")))
            for _, fields in sorted(calls.items()) if isinstance(fields.get("name"), str)]


def _id(value: Any) -> str | None:
    return None if value is None else str(value)
