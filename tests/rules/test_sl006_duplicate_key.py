"""SL006 duplicate-key: a repeated key inside a tool, in JSON and YAML, at the occurrence that wins."""

from __future__ import annotations

import json

from lintkit import lint_document


DUPLICATED_JSON = """{"tools": [
  {"name": "a", "description": "d", "inputSchema": {"type": "object",
    "properties": {"x": {"type": "string"}}, "required": ["x"], "required": []}},
  {"name": "b", "description": "d", "inputSchema": {"type": "object", "properties": {}}}
], "tools_version": 1, "tools_version": 2}
"""


DUPLICATED_YAML = """\
name: a
description: d
inputSchema:
  type: object
  properties:
    x: {type: string}
    x: {type: integer}
"""


def test_sl006_reports_duplicates_inside_the_tool_at_the_key():
    (found,) = lint_document(DUPLICATED_JSON, code="SL006")
    assert (found.pointer, found.at_key, found.tool) == ("/tools/0/inputSchema/required", True, "a")
    assert "the last one silently wins" in found.message
    # At the occurrence that wins, the second `"required"` on line 3.
    assert (found.span.line, found.span.column) == (3, 65)


def test_sl006_in_yaml_too():
    (found,) = lint_document(DUPLICATED_YAML, path="tool.yaml", code="SL006")
    assert found.pointer == "/inputSchema/properties/x"
    assert found.span.line == 7


def test_sl006_quiet_without_duplicates():
    assert lint_document(json.dumps({"name": "a", "description": "d", "inputSchema": {"type": "object"}}),
                         code="SL006") == []


MERGED_YAML = """\
base: &base {type: string, maxLength: 10, description: A name.}
name: a
description: d
inputSchema:
  type: object
  properties:
    x:
      <<: *base
      maxLength: 20
      maxLength: 30
"""


def test_sl006_a_key_that_overrides_a_merged_one_is_no_duplicate():
    """YAML's merge key: a key written beside `<<: *base` overrides the merged one, as
    intended; only a key written twice is a duplicate."""
    (found,) = lint_document(MERGED_YAML, path="tool.yaml", code="SL006")
    assert (found.pointer, found.span.line) == ("/inputSchema/properties/x/maxLength", 10)
    assert lint_document(MERGED_YAML.replace("      maxLength: 30\n", ""), path="tool.yaml", code="SL006") == []
