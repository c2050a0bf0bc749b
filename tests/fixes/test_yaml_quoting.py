"""A YAML fix writes strings that YAML 1.1 loaders read as the same strings: `"on"`, `"off"`,
`"yes"` keep their quotes (PyYAML's `safe_load` and Go's yaml.v2 read them plain as booleans),
through `check --fix` and through the editor's fix-all, which share the writer."""

from __future__ import annotations

import yaml
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.lsp import edits
from schema_lint.lsp.linting import Linting


def _fix(path, *options):
    result = CliRunner().invoke(main, ["check", *options, "--fix", str(path)], catch_exceptions=False)
    return result, path.read_text(encoding="utf-8")


def test_repeats_dropped_from_a_block_list_leave_the_rest_quoted(tmp_path):
    path = tmp_path / "tool.yaml"
    path.write_text("""\
name: set_switch
description: Turn a switch on or off.
input_schema:
  type: object
  properties:
    state:
      type: string
      description: New state
      enum:
        - "on"
        - "off"
        - "on"
  required: [state]
  additionalProperties: false
""", encoding="utf-8")
    result, text = _fix(path)
    assert "1 fixed" in result.output
    assert '      enum:\n        - "on"\n        - "off"\n  required' in text
    assert yaml.safe_load(text)["input_schema"]["properties"]["state"]["enum"] == ["on", "off"]


def test_repeats_dropped_from_a_flow_list_keep_each_entrys_quotes(tmp_path):
    path = tmp_path / "tool.yaml"
    path.write_text("""\
name: set_value
description: Set a value.
input_schema:
  type: object
  properties:
    v: {type: string, enum: ["a", "a", 'off', "yes", y, "null", "1", "1.5", "~", "", "0x1F", "2024-01-01", "#x"]}
  required: [v]
  additionalProperties: false
""", encoding="utf-8")
    _, text = _fix(path, "--select", "SL011")
    # `y` was plain: YAML 1.1 reads it as a boolean, so it is quoted, in the file's usual mark.
    assert """enum: ["a", 'off', "yes", "y", "null", "1", "1.5", "~", "", "0x1F", "2024-01-01", "#x"]}""" in text
    assert yaml.safe_load(text)["input_schema"]["properties"]["v"]["enum"] == [
        "a", "off", "yes", "y", "null", "1", "1.5", "~", "", "0x1F", "2024-01-01", "#x"]


def test_a_single_value_enum_becomes_a_quoted_const(tmp_path):
    path = tmp_path / "tools.yaml"
    path.write_text("""\
tools:
- name: file_bug
  description: File a bug report.
  inputSchema:
    type: object
    properties:
      title: {type: string, description: "Short summary."}
      kind: {type: string, enum: ["off"]}  # only this kind for now
    required: [title, kind]
""", encoding="utf-8")
    _, text = _fix(path, "--select", "SL307")
    assert 'kind: {type: string, const: "off"}  # only this kind for now\n' in text
    assert yaml.safe_load(text)["tools"][0]["inputSchema"]["properties"]["kind"] == {"type": "string", "const": "off"}


SAFE = """\
name: set_mode   # 🔧 device
description: Set the device mode.
input_schema:
  type: object
  $defs:
    Unused: {type: string}
  properties:
    mode: {type: string, enum: [eco, boost, eco, "off"], description: "Mode ⚡ to use"}
    level: {type: integer, const: 3, enum: [3], description: Level}
  required: [mode]
  additionalProperties: false
"""
SAFE_FIXED = """\
name: set_mode   # 🔧 device
description: Set the device mode.
input_schema:
  type: object
  properties:
    mode: {type: string, enum: [eco, boost, "off"], description: "Mode ⚡ to use"}
    level: {type: integer, const: 3, description: Level}
  required: [mode]
  additionalProperties: false
"""


def test_check_fix_and_the_editors_fix_all_write_the_same_quoted_text(tmp_path):
    path = tmp_path / "tools.yaml"
    path.write_text(SAFE, encoding="utf-8")
    assert _fix(path)[1] == SAFE_FIXED
    fixed_all = edits.all_safe_fixes(Linting().lint(str(tmp_path / "other.yaml"), SAFE))
    assert fixed_all == SAFE_FIXED
    assert yaml.safe_load(SAFE_FIXED)["input_schema"]["properties"]["mode"]["enum"] == ["eco", "boost", "off"]


def test_a_block_list_replaced_stays_in_block_style_in_a_document_of_flow_lists(tmp_path):
    """The document's first list of scalars is a flow one (`required: [kind]`), which new lists
    follow; a block list the fix replaces keeps its own style, as docs/fixes.md says."""
    path = tmp_path / "tool.yaml"
    path.write_text("""\
name: file_issue
description: File an issue.
input_schema:
  type: object
  required: [kind]
  properties:
    kind:
      type: string
      description: The kind of issue.
      enum:
        - bug
        - bug
        - task
  additionalProperties: false
""", encoding="utf-8")
    result, text = _fix(path)
    assert "1 fixed" in result.output
    assert "      enum:\n        - bug\n        - task\n  additionalProperties" in text
