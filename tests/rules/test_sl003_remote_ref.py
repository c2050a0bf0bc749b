"""SL003 remote-ref: references that leave the schema are reported and never fetched, by any
rule or by the command line."""

from __future__ import annotations

import json
import socket

import pytest
from click.testing import CliRunner
from lintkit import lint_tool
from rulekit import with_ref

from schema_lint.cli import main


@pytest.mark.parametrize("ref", ["https://example.com/address.json", "http://example.com/a#/$defs/X",
                                 "file:///etc/schemas/a.json", "common.json#/$defs/Address", "../shared/address.yaml"])
def test_sl003_reports_references_that_leave_the_schema(ref):
    (found,) = lint_tool(with_ref(ref), "SL003")
    assert found.pointer == "/inputSchema/properties/home/$ref"
    assert "never fetched" in found.message
    assert lint_tool(with_ref(ref), "SL002") == []


def test_sl003_leaves_local_references_alone():
    assert lint_tool(with_ref("#/$defs/Address"), "SL003") == []


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("schema-lint opened a socket")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


REMOTE = {"type": "object", "properties": {
    "a": {"$ref": "https://json-schema.org/draft/2020-12/schema"},
    "b": {"$ref": "http://127.0.0.1:9/never.json", "default": 1},
    "c": {"$ref": "other.json#/x", "examples": [1]}}, "required": ["a"]}


def test_remote_refs_touch_no_network_in_any_rule(no_network):
    findings = lint_tool(REMOTE)
    assert {d.pointer for d in findings if d.code == "SL003"} == {
        f"/inputSchema/properties/{name}/$ref" for name in "abc"}


def test_cli_check_touches_no_network(no_network, tmp_path):
    path = tmp_path / "tool.json"
    path.write_text(json.dumps({"name": "fetch_page", "description": "d", "inputSchema": REMOTE}))
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 1
    assert result.output.count("SL003") == 3
