"""Each adapter, in a small agent-style loop inside its own framework (see frameworks/loop_common.py).

For every framework: each call the bare framework runs still runs behind the adapter, with
the same arguments reaching the tool (dates, times and patterns pydantic reads more leniently
than JSON Schema's ``format`` and ECMA-262 included, and members sent under a pydantic alias the
schema does not name); a near miss is canonicalized; a broken
call comes back as the envelope in the framework's retry form, and a model that applies it
gets a call that runs.
"""

from __future__ import annotations

import json

import pytest

from framework_venvs import run_loop

WRAPPED = {"query": "q", "limit": 10, "exact": False, "tags": ["a"]}
FIXED = {"query": "q", "limit": 3, "exact": False, "tags": ["a"]}


def check_adapter(result: dict, near_miss: dict = WRAPPED, fixed: dict = FIXED) -> None:
    assert result["ran_bare"] >= 4
    assert result["differ"] == []
    assert result["near_miss"] == near_miss
    loop = result["loop"]
    assert loop["ran"] == fixed and loop["attempts"] == 2
    reasons = {(e["path"], e["reason"]) for e in loop["errors"][0]["error"]["errors"]}
    assert ("$.query", "required") in reasons


def check_dated(result: dict, ran: int = 9) -> None:
    """The calls of ``loop_common.DATED`` pydantic runs (nine in lax mode) run behind the adapter too, unchanged."""
    assert result["ran_bare"] == ran
    assert result["differ"] == []


def check_strict(result: dict, ran: int = 4) -> None:
    """Of ``loop_common.STRICT``, the calls the bare framework runs (the lax fields' text, a ``1`` for a
    ``Literal[True]``, which pydantic takes as equal, and the call as it should be) run behind the adapter unchanged, and none it refuses for a strict field's type,
    or for a required ``Optional`` left out, runs: the adapter reads each field's leniency from the
    function's own model."""
    assert result["ran_bare"] == ran
    assert result["differ"] == []
    assert result["looser"] == []


def check_aliased(result: dict) -> None:
    """Of ``loop_common.ALIASED``, the six calls the bare framework runs (pydantic reads a field's name
    and every ``AliasChoices``, where the schema names one key) run behind the adapter with the same
    arguments, and none it refuses does; a lone tag the boundary wraps, in a call that also gives a name
    under an alias, reaches the tool with that name, not with a default written over it."""
    assert result["ran_bare"] == 6
    assert result["differ"] == [] and result["looser"] == []
    assert result["wrapped"] == {"recipient": {"email_address": "a@x.org", "display_name": "Ana"}, "cc": None,
                                 "tags": ["a"]}


@pytest.mark.parametrize("framework, script", [("mcp2", "mcp2_loop.py"), ("mcp1", "mcp1_loop.py")])
def test_mcp_servers(framework, script):
    results = json.loads(run_loop(framework, script))
    check_adapter(results["MCPServer" if framework == "mcp2" else "FastMCP"])
    check_dated(results["dated"])
    if framework == "mcp1":  # jsonschema, behind a 1.x low-level server: no format, Python's re, no timestamp
        check_dated(results["dated_low_level"], ran=8)
    check_strict(results["strict_types"])
    check_aliased(results["aliased"])
    if framework == "mcp1":  # FastMCP.call_tool outside a request, as a tool's unit tests call it
        assert results["direct"] == {"query": "q", "limit": 5, "exact": False, "tags": None}
    low_level = results["Server"]
    check_adapter(low_level, {"query": "q", "tags": ["a"]}, {"query": "q", "limit": 3, "tags": ["a"]})


def test_fastmcp():
    results = json.loads(run_loop("fastmcp", "fastmcp_loop.py"))
    check_adapter(results)
    check_dated(results["dated"])
    check_dated(results["dated_strict"], ran=5)  # strict: no timestamp, no date for a date-time
    check_strict(results["strict_types"])
    check_aliased(results["aliased"])
    # Served from a mounted server, or made by `Tool.from_tool`: the tool that validates the call is
    # another, whose own model is asked (before, the first was judged strictly, the second not at all).
    check_adapter(results["mounted"])
    check_adapter(results["transformed"])
    renamed = results["renamed"]
    assert renamed["ran_bare"] == 3 and renamed["differ"] == [] and renamed["looser"] == []
    assert renamed["near_miss"] == {"query": "x", "limit": 10, "exact": False, "tags": ["a"]}
    assert '"path": "$.limit"' in renamed["refused"]  # the envelope, not fastmcp's own text
    # Each version is checked against its own schema: version 1 takes the lone string as it is.
    assert results["versioned"] == [{"labels": "x"}, {"labels": ["x"]}]
    # Telemetry names the request, as behind the MCP SDK (fastmcp's events named none).
    assert len(results["call_ids"]) == 2 and all(isinstance(call_id, str) for call_id in results["call_ids"])


def test_openai_agents():
    results = json.loads(run_loop("openai_agents", "openai_agents_loop.py"))
    check_adapter(results["strict"])
    check_adapter(results["loose"])
    check_dated(results["dated_strict"])
    check_dated(results["dated_loose"])
    check_strict(results["strict_types"])
    check_strict(results["strict_types_loose"])
    check_aliased(results["aliased_strict"])
    check_aliased(results["aliased_loose"])
    # A hand-written FunctionTool has no model to ask: no framework change is made, only the schema's.
    assert results["hand_written"] == [None, None, {"confirm": True, "count": 3}]


def test_pydantic_ai():
    results = json.loads(run_loop("pydantic_ai", "pydantic_ai_loop.py"))
    check_adapter(results)
    # A repaired call the model sent as JSON text goes back as JSON text, where strict fields read
    # an enum's value and a date-time from strings (as a dict, the repaired call was refused).
    assert results["strict_text"]["wrapped"] == results["strict_text"]["bare"] is not None
    check_dated(results["dated"])
    check_strict(results["strict_types"])
    check_aliased(results["aliased"])


def test_langchain():
    results = json.loads(run_loop("langchain", "langchain_loop.py"))
    check_adapter(results)
    check_dated(results["dated"])
    check_strict(results["strict_types"])
    check_aliased(results["aliased"])
