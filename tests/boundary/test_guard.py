"""@guard: a plain function behind the boundary."""

from __future__ import annotations

import asyncio

import pytest
from boundary_schemas import TICKET

from schema_lint.boundary import guard

calls = []


@guard(TICKET)
def create_ticket(title, priority, channel, labels=()):
    calls.append((title, priority, channel, list(labels)))
    return f"created {title}"


@guard(TICKET, name="open_ticket", mode="observe")
async def open_ticket(**arguments):
    return arguments


def test_keywords_json_text_and_one_object_are_all_accepted():
    calls.clear()
    assert create_ticket(title="a", priority="low", channel="console") == "created a"
    assert create_ticket('{"title": "b", "priority": "low", "channel": "email"}') == "created b"
    assert create_ticket({"title": "c", "priority": "high", "channel": "console", "labels": "x"}) == "created c"
    assert calls[-1] == ("c", "high", "console", ["x"])


def test_a_rejected_call_returns_the_envelope_and_does_not_run():
    calls.clear()
    result = create_ticket(title="a", channel="console")
    assert result["ok"] is False and result["error"]["errors"][0]["path"] == "$.priority"
    assert calls == []


def test_mixing_an_object_and_keywords_is_a_programming_error():
    with pytest.raises(TypeError, match="one object or as keywords"):
        create_ticket({"title": "a"}, priority="low")


def test_metadata_and_boundary_are_kept():
    assert create_ticket.__name__ == "create_ticket" and create_ticket.boundary.name == "create_ticket"
    assert open_ticket.boundary.name == "open_ticket" and open_ticket.boundary.mode == "observe"


def test_async_function_in_observe_mode_runs_with_the_arguments_as_sent():
    assert asyncio.run(open_ticket(title="a", labels="x")) == {"title": "a", "labels": "x"}
    assert asyncio.run(open_ticket("{broken"))["error"]["errors"][0]["reason"] == "invalid-json"
