"""`--python` on servers other than the mcp SDK's, and on functions that build servers."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES
from livekit import run

from schema_lint.python_tools.child import NO_DEFINITION

PYTHON = FIXTURES / "python"


def _findings(*args: str) -> list[dict]:
    return json.loads(run("check", "--output-format", "json", *args).output)


@pytest.mark.parametrize("factory", ["create_server", "create_low_level_server", "create_fastmcp_server"])
def test_a_function_annotated_to_return_a_server_is_refused_uncalled(monkeypatch, factory):
    monkeypatch.chdir(PYTHON)
    (failure,) = _findings("--python", f"server_factories:{factory}")
    assert (failure["code"], failure["file"]) == ("SL000", f"python:server_factories:{factory}")
    # Called, it would raise AssertionError, and the message would say so.
    assert failure["message"] == (f"Python object `server_factories:{factory}`: `{factory}` returns an MCP server: "
                                  "point --python at the server object, or use --mcp")


def test_a_function_named_like_a_factory_that_returns_data_is_a_tool(monkeypatch):
    monkeypatch.chdir(PYTHON)
    assert {f["tool"] for f in _findings("--python", "server_factories:get_server")} == {"get_server"}


@pytest.mark.parametrize("target", ["fake_fastmcp:v2", "fake_fastmcp:v3"])
def test_a_standalone_fastmcp_server_is_read_through_its_own_tool_listing(monkeypatch, target):
    monkeypatch.chdir(PYTHON)
    findings = _findings("--select", "SL301", "--python", target)
    # `retired` is disabled: not served, so not linted.
    assert sorted((f["code"], f["tool"], f["pointer"], f["source"]) for f in findings) == [
        ("SL301", "search", "/inputSchema/properties/query", "fake_fastmcp.py:63:16"),
    ]


def test_a_fastmcp_2_server_s_mounted_tools_are_read_under_the_names_a_client_is_served(monkeypatch):
    """2.x's `get_tools()` is keyed by the served name (`jira_search`); each tool's own `name`
    is not prefixed: read under it, two mounted `search` tools were a false SL019 error."""
    monkeypatch.chdir(PYTHON)
    findings = _findings("--select", "SL019,SL301", "--python", "fake_fastmcp:composed")
    assert sorted((f["code"], f["tool"]) for f in findings) == [("SL301", "github_search"), ("SL301", "jira_search")]


def test_a_mounted_server_s_tool_is_read_at_its_function_and_a_proxied_one_s_fix_says_why_it_stays_json(
        monkeypatch):
    """fastmcp 3.x and later list a mounted server's tool as one that calls it, without
    the function; a proxied server's tool has none in this process."""
    monkeypatch.chdir(PYTHON)
    findings = {f["tool"]: f for f in _findings("--select", "SL403", "--python", "fake_fastmcp:shipping")}
    line = next(number for number, text in enumerate((PYTHON / "fake_fastmcp.py").read_text().splitlines(), start=1)
                if text.startswith("def print_label("))
    assert findings["labels_print_label"]["source"] == f"fake_fastmcp.py:{line}:17"
    assert "note" not in findings["labels_print_label"]["fix"]
    assert findings["remote_label"]["source"] is None
    assert findings["remote_label"]["fix"]["note"] == f"not made in the Python source: {NO_DEFINITION}"


def test_a_fastmcp_server_that_never_lists_its_tools_is_an_sl000_after_the_request_time_out(monkeypatch):
    monkeypatch.chdir(PYTHON)
    (failure,) = _findings("--mcp-timeout", "0.5", "--python", "fake_fastmcp:hanging")
    assert failure["code"] == "SL000"
    assert failure["message"].endswith("its `list_tools()` did not return within 0.5 s")
