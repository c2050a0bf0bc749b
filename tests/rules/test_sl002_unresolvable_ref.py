"""SL002 unresolvable-ref: local resolution by pointer, anchor and `$id`, against the tool's
own schema."""

from __future__ import annotations

import json

import pytest
from lintkit import lint_document, lint_tool
from rulekit import with_ref


@pytest.mark.parametrize("ref", ["#/$defs/Address", "#addr", "#", "#/$defs/Address/properties/city",
                                 "#/%24defs/Address"])
def test_sl002_accepts_pointers_anchors_and_percent_encoding(ref):
    assert lint_tool(with_ref(ref), "SL002") == []


@pytest.mark.parametrize("ref, reason", [
    ("#/$defs/Adress", "nothing is at `#/$defs/Adress`"),
    ("#nowhere", "no anchor is named `nowhere`"),
    ("#/type", "holds a JSON string, not a schema"),
    ("urn:example:address", "no `$id` in this schema declares `urn:example:address`"),
])
def test_sl002_reports_what_resolves_to_nothing(ref, reason):
    (found,) = lint_tool(with_ref(ref), "SL002")
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
