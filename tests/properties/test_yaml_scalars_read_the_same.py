"""Laws of the strings a YAML fix writes: for any string (the YAML 1.1 spellings of booleans,
numbers, null and dates among them), the text a fix writes reads back as that same string
in ruamel.yaml (YAML 1.2, what schema-lint reads) and in PyYAML's `safe_load` (YAML 1.1,
what most consumers of a YAML file call), wherever the fix writes it: a value, a list
entry or a key, in block or flow style, new to the document or quoted somewhere in it.
The same for any number (YAML 1.1 reads `1e+20`, without a decimal point, as a string).
"""

from __future__ import annotations

import io

import pytest
import yaml
from fixkit import fixed_text
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from schema_lint.fixes.textedit import apply_edits
from schema_lint.fixes.yaml_editor import YamlEditor
from schema_lint.model import Operation
from schema_lint.schema.operations import apply_operations, same_json
from schema_lint.schema.pointer import join

# What YAML 1.1 (and in part 1.2) reads as something other than a string when written plain.
SPELLINGS = [
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false", "False",
    "FALSE", "on", "On", "ON", "off", "Off", "OFF",
    "~", "null", "Null", "NULL", "",
    "0", "+1", "-1", "017", "0o17", "0b101", "0x1F", "1_000", "1:30", "-1:30:15",
    "1.5", "1e3", "1E3", "1e+3", "1.0e-3", ".5", "+.5", "-.5", "1:30.5", "1_000.5",
    ".inf", ".Inf", ".INF", "-.inf", "+.inf", ".nan", ".NaN", ".NAN",
    "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
    "<<", "=",
]
strings = st.one_of(
    st.sampled_from(SPELLINGS),
    st.text(),
    st.builds(str.__add__, st.sampled_from(SPELLINGS), st.text("0123456789._:-+eE", max_size=3)),
)
# How the document already holds the string, if it does: a fix keeps those quotes.
HELD = [None, SingleQuotedScalarString, DoubleQuotedScalarString]


def _both_read(text: str):
    return YAML(typ="safe", pure=True).load(text), yaml.safe_load(text)


def _document(value: str, held, flow: bool) -> tuple[str, dict]:
    data: dict = {"map": {"k": "v"}, "list": ["x", "y"], "scalar": "z"}
    written = dict(data)
    if held is not None:
        data["held"], written["held"] = value, held(value)
    dumper = YAML(typ="rt")
    dumper.width = 1 << 30
    dumper.default_flow_style = flow
    out = io.StringIO()
    dumper.dump(written, out)
    return out.getvalue(), data


def _writes(value: str) -> list[Operation]:
    """Each way a fix writes `value`: a new member, a key, a replaced scalar, list entries, nested."""
    return [
        Operation("add", "/map/new", value),
        Operation("add", join("/map", value), "v"),
        Operation("replace", "/scalar", value),
        Operation("add", "/list/-", value),
        Operation("add", "/list/0", value),
        Operation("replace", "/list/1", value),
        Operation("replace", "/list", [value, "x"]),
        Operation("add", "/map/new", [value]),
        Operation("add", "/map/new", {value: value}),
    ]


@settings(max_examples=300)
@given(strings, st.sampled_from(HELD), st.booleans(), st.data())
def test_a_string_a_yaml_edit_writes_reads_back_as_itself_in_yaml_1_1_and_1_2(value, held, flow, data):
    text, document = _document(value, held, flow)
    operation = data.draw(st.sampled_from(_writes(value)))
    edited = apply_edits(text, YamlEditor(text).edits(operation))
    expected = apply_operations(document, [operation])
    for read in _both_read(edited):
        assert same_json(read, expected), edited


# Python writes these without a decimal point (`1e+20`), which YAML 1.1 reads as a string.
EXPONENTS = [1e20, 1e-07, 5e-324, -1e16, 1.7976931348623157e308]
numbers = st.one_of(st.sampled_from(EXPONENTS), st.floats(allow_nan=False, allow_infinity=False), st.integers())


@given(st.lists(numbers, min_size=1, max_size=4), st.booleans())
def test_a_number_a_yaml_edit_writes_reads_back_as_itself_in_yaml_1_1_and_1_2(listed, flow):
    text, document = _document("", None, flow)
    operation = Operation("add", "/map/new", [*EXPONENTS, *listed])
    edited = apply_edits(text, YamlEditor(text).edits(operation))
    for read in _both_read(edited):
        assert same_json(read, apply_operations(document, [operation])), edited


def _tool(enum: list) -> dict:
    return {"name": "set_value", "description": "Set a value.", "inputSchema": {
        "type": "object", "properties": {"v": {"type": "string", "enum": enum, "description": "The value."}}}}


def _tool_yaml(value: str, held, repeats: int) -> str:
    dumper = YAML(typ="rt")
    dumper.width = 1 << 30
    dumper.default_flow_style = None  # scalar lists inline, as tool files write `enum`
    out = io.StringIO()
    dumper.dump(_tool([held(value) if held is not None else value] * repeats), out)
    return out.getvalue()


def _fixed_property(value: str, held, code: str) -> dict:
    source = _tool_yaml(value, held, 2 if code == "SL011" else 1)
    text, applied = fixed_text(source, "tool.yaml", code)
    assert [d.code for d in applied] == [code], source
    ruamel_read, pyyaml_read = _both_read(text)
    assert same_json(ruamel_read["inputSchema"]["properties"]["v"], pyyaml_read["inputSchema"]["properties"]["v"])
    return pyyaml_read["inputSchema"]["properties"]["v"]


@pytest.mark.parametrize("held", HELD, ids=["plain", "single", "double"])
@pytest.mark.parametrize("value", SPELLINGS)
def test_every_yaml_1_1_spelling_survives_the_enum_fixes(value, held):
    """`enum: ["off", "off"]` → `enum: ["off"]` (SL011), `enum: ["off"]` → `const: "off"`
    (SL307): both loaders read the fixed schema's string, whatever quotes it had (a plain
    `off` too, which schema-lint reads as a string and the fix writes quoted)."""
    assert _fixed_property(value, held, "SL011")["enum"] == [value]
    assert _fixed_property(value, held, "SL307")["const"] == value


@settings(max_examples=40)
@given(st.text(min_size=1), st.sampled_from(HELD))
def test_any_string_survives_the_enum_fixes(value, held):
    assert _fixed_property(value, held, "SL011")["enum"] == [value]
    assert _fixed_property(value, held, "SL307")["const"] == value
