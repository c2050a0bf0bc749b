"""SL002 unresolvable-ref and SL003 remote-ref: local resolution, remote refs, no network."""

from __future__ import annotations

import json
import socket

import pytest
from click.testing import CliRunner
from lintkit import lint_document, lint_tool

from schema_lint.cli import main

DEFS = {"Address": {"$anchor": "addr", "type": "object", "properties": {"city": {"type": "string"}}}}


def _ref(ref: str, **extra) -> dict:
    return {"type": "object", "properties": {"home": {"$ref": ref}}, "$defs": DEFS, **extra}


@pytest.mark.parametrize("ref", ["#/$defs/Address", "#addr", "#", "#/$defs/Address/properties/city",
                                 "#/%24defs/Address"])
def test_sl002_accepts_pointers_anchors_and_percent_encoding(ref):
    assert lint_tool(_ref(ref), "SL002") == []


@pytest.mark.parametrize("ref, reason", [
    ("#/$defs/Adress", "nothing is at `#/$defs/Adress`"),
    ("#nowhere", "no anchor is named `nowhere`"),
    ("#/type", "holds a JSON string, not a schema"),
    ("urn:example:address", "no `$id` in this schema declares `urn:example:address`"),
])
def test_sl002_reports_what_resolves_to_nothing(ref, reason):
    (found,) = lint_tool(_ref(ref), "SL002")
    assert found.pointer == "/inputSchema/properties/home/$ref"
    assert reason in found.message


def test_sl002_resolves_against_embedded_ids_and_draft4_ids():
    embedded = {"properties": {"a": {"$ref": "https://example.com/address#/$defs/City"}},
                "$defs": {"Address": {"$id": "https://example.com/address", "$defs": {"City": {"type": "string"}},
                                      "properties": {"city": {"$ref": "#/$defs/City"}}}}}
    assert lint_tool(embedded, "SL002") == [] and lint_tool(embedded, "SL003") == []
    draft4 = {"$schema": "http://json-schema.org/draft-04/schema#", "properties": {"a": {"$ref": "#city"}},
              "definitions": {"City": {"id": "#city", "type": "string"}}}
    assert lint_tool(draft4, "SL002") == []


@pytest.mark.parametrize("path, prefix", [("tools.json", ""), ("tools.jsonl", "/1")])
def test_sl002_resolves_against_the_tool_schema_not_the_enclosing_document(path, prefix):
    document = {"$defs": {"Address": {"type": "object"}},
                "tools": [{"type": "function", "function": {
                    "name": "save", "parameters": {"type": "object", "properties": {"a": {"$ref": "#/$defs/Address"}}}}}]}
    text = json.dumps(document) if path.endswith(".json") else '{"other": 1}\n' + json.dumps(document) + "\n"
    (found,) = lint_document(text, path=path, code="SL002")
    assert found.pointer == f"{prefix}/tools/0/function/parameters/properties/a/$ref"
    assert "exists in the enclosing document" in found.message


def test_sl002_reference_cycles_are_fine():
    cyclic = {"$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"},
                        "Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}},
              "properties": {"x": {"$ref": "#/$defs/A"}, "list": {"$ref": "#/$defs/Node"}}}
    assert lint_tool(cyclic, "SL002") == []


@pytest.mark.parametrize("ref", ["https://example.com/address.json", "http://example.com/a#/$defs/X",
                                 "file:///etc/schemas/a.json", "common.json#/$defs/Address", "../shared/address.yaml"])
def test_sl003_reports_references_that_leave_the_schema(ref):
    (found,) = lint_tool(_ref(ref), "SL003")
    assert found.pointer == "/inputSchema/properties/home/$ref"
    assert "never fetched" in found.message
    assert lint_tool(_ref(ref), "SL002") == []


def test_sl003_leaves_local_references_alone():
    assert lint_tool(_ref("#/$defs/Address"), "SL003") == []


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
