"""Positions: 1-based line:column and end of the node a JSON pointer names, in every format."""

from __future__ import annotations

import json
import re

from hypothesis import given
from hypothesis import strategies as st

from schema_lint.config import Config
from schema_lint.run.linter import lint_text
from schema_lint.model import Span
from schema_lint.schema.pointer import join
from schema_lint.sources.documents import read_document
from schema_lint.sources.locate import LineIndex


def locate(path: str, text: str, pointer: str, at_key: bool = False) -> Span:
    doc = read_document(path, raw=text.encode("utf-8"))
    assert doc.errors == []
    return doc.locate(pointer, at_key)


def parse_error(path: str, raw: bytes) -> tuple[int, int]:
    (error,) = read_document(path, raw=raw).errors
    return error.line, error.column


# --- JSON -------------------------------------------------------------------------------

ONE_LINE = '{"a": {"b": [1, {"c": "x"}]}, "d": 2}'


def test_json_one_line_value_key_and_root():
    assert locate("t.json", ONE_LINE, "/a/b/1/c") == Span(1, 23, 1, 26)
    assert locate("t.json", ONE_LINE, "/a/b/1/c", at_key=True) == Span(1, 18, 1, 21)
    assert locate("t.json", ONE_LINE, "/d") == Span(1, 36, 1, 37)
    assert locate("t.json", ONE_LINE, "") == Span(1, 1, 1, 38)


def test_json_expanded_object_spans_its_lines():
    text = json.dumps({"tool": {"schema": {"type": "object"}}}, indent=2)
    assert locate("t.json", text, "/tool/schema") == Span(3, 15, 5, 6)
    assert locate("t.json", text, "/tool/schema/type") == Span(4, 15, 4, 23)


def test_json_crlf_and_tabs_count_one_column_each():
    text = '{\r\n\t"a":\t{\r\n\t\t"b": true\r\n\t}\r\n}\r\n'
    assert locate("t.json", text, "/a") == Span(2, 7, 4, 3)
    assert locate("t.json", text, "/a/b") == Span(3, 8, 3, 12)
    assert locate("t.json", text, "/a/b", at_key=True) == Span(3, 3, 3, 6)


def test_json_columns_count_characters_not_bytes():
    text = '{"é€😀": "ü", "k": 1}'
    assert locate("t.json", text, "/k") == Span(1, 19, 1, 20)
    assert locate("t.json", text, "/é€😀") == Span(1, 9, 1, 12)


def test_json_escaped_keys_and_pointer_escapes():
    text = '{"k\\u0065y": 1, "a~b": {"c/d": [true]}}'
    assert locate("t.json", text, "/key", at_key=True) == Span(1, 2, 1, 12)
    assert locate("t.json", text, "/a~0b/c~1d/0") == Span(1, 33, 1, 37)


def test_json_pointer_past_the_text_stops_at_the_deepest_node():
    assert locate("t.json", ONE_LINE, "/a/missing/deeper") == locate("t.json", ONE_LINE, "/a")


def test_raw_line_separator_inside_a_string_is_no_line_break():
    text = '{"description": "one\u2028two",\n "n": 1}'
    assert locate("t.json", text, "/n") == Span(2, 7, 2, 8)


# --- YAML -------------------------------------------------------------------------------

YAML = """\
name: create_ticket
inputSchema:
  type: object
  properties:
    title: {type: string, maxLength: 10}
    tags:
      - a
      - b
    # a trailing comment

  required: [title]
description: |
  Opens a ticket.
  Two lines.
"""


def test_yaml_block_and_flow_nodes():
    assert locate("t.yaml", YAML, "/inputSchema/properties/title") == Span(5, 12, 5, 41)
    assert locate("t.yaml", YAML, "/inputSchema/properties/title/maxLength") == Span(5, 38, 5, 40)
    assert locate("t.yaml", YAML, "/inputSchema/properties/title", at_key=True) == Span(5, 5, 5, 10)
    assert locate("t.yaml", YAML, "/inputSchema/required/0") == Span(11, 14, 11, 19)


def test_yaml_block_collections_end_at_their_last_character():
    # Not at the next token, which lies past the comment and the blank line.
    assert locate("t.yaml", YAML, "/inputSchema/properties/tags") == Span(7, 7, 8, 10)
    assert locate("t.yaml", YAML, "/inputSchema/properties") == Span(5, 5, 8, 10)


def test_yaml_block_scalar_ends_on_its_last_line():
    assert locate("t.yaml", YAML, "/description") == Span(12, 14, 14, 13)


# --- JSON Lines -------------------------------------------------------------------------


def test_jsonl_pointer_starts_with_the_line_index():
    text = '{"x": 1}\n\n{"y": {"z": 2}}\r\n{"s": "a\u2028b", "t": 3}\n'
    assert locate("t.jsonl", text, "/2/y/z") == Span(3, 13, 3, 14)
    assert locate("t.jsonl", text, "/2/y", at_key=True) == Span(3, 2, 3, 5)
    assert locate("t.jsonl", text, "/3/t") == Span(4, 19, 4, 20)


# --- parse errors -----------------------------------------------------------------------


def test_parse_errors_carry_their_position():
    assert parse_error("t.json", b'{\n  "a": 1,\n  "b": }\n') == (3, 8)
    assert parse_error("t.yaml", b"a: 1\nb: [1, 2\nc: 3\n")[0] == 3
    assert parse_error("t.jsonl", b'{"a": 1}\n{"a": }\n') == (2, 7)
    assert parse_error("t.json", b'{"a": "\xc3\xa9",\n "b": "\xff"}') == (2, 8)


def test_findings_are_positioned_by_the_engine():
    text = '{"name": "create_x",\n "inputSchema": {"type": "object", "additionalProperties": false,\n' \
           '   "required": ["a"], "properties": {"a": {"type": "string"}}}}'
    (finding,) = lint_text(text, "t.json", Config(select=["SL301"])).diagnostics
    assert (finding.pointer, finding.span) == ("/inputSchema/properties/a", Span(3, 43, 3, 61))


# --- the law: the located text is the node ---------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)


def pointers(value, pointer=""):
    yield pointer, value, None
    if isinstance(value, dict):
        for key, child in value.items():
            yield join(pointer, key), key, "key"
            yield from pointers(child, join(pointer, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from pointers(child, join(pointer, index))


def text_at(text: str, span: Span) -> str:
    starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]
    return text[starts[span.line - 1] + span.column - 1: starts[span.end_line - 1] + span.end_column - 1]


@given(json_values, st.sampled_from([None, 0, 2, "\t"]), st.booleans(), st.booleans())
def test_located_json_text_parses_back_to_the_node(value, indent, ascii_only, crlf):
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    if crlf:
        text = text.replace("\n", "\r\n")
    doc = read_document("t.json", raw=text.encode("utf-8"))
    for pointer, expected, what in pointers(value):
        located = text_at(text, doc.locate(pointer, at_key=what == "key"))
        assert json.loads(located) == expected, (pointer, located)


@given(st.lists(json_values, min_size=1, max_size=4))
def test_located_jsonl_text_parses_back_to_the_node(values):
    text = "\n".join(json.dumps(v, ensure_ascii=False) for v in values) + "\n"
    doc = read_document("t.jsonl", raw=text.encode("utf-8"))
    for pointer, expected, what in pointers(values):
        if pointer:
            located = text_at(text, doc.locate(pointer, at_key=what == "key"))
            assert json.loads(located) == expected, (pointer, located)


@given(json_values.filter(lambda v: isinstance(v, (dict, list))), st.randoms(use_true_random=False))
def test_located_spans_do_not_depend_on_the_order_they_are_asked_in(value, random):
    """Objects are read only as far as the member asked for, and read on later: whatever the
    order of the questions, each pointer gets the span a fresh document gives it."""
    text = json.dumps(value, indent=1)
    asked = [(pointer, what == "key") for pointer, _, what in pointers(value)]
    random.shuffle(asked)
    doc = read_document("t.json", raw=text.encode("utf-8"))
    for pointer, at_key in asked:
        fresh = read_document("t.json", raw=text.encode("utf-8"))
        assert doc.locate(pointer, at_key) == fresh.locate(pointer, at_key), pointer


@given(st.text(st.sampled_from("ab\n\r\u2028")), st.lists(st.integers(0, 40), max_size=30), st.integers(1, 3))
def test_counted_positions_are_those_of_the_line_index(text, offsets, first_line):
    """A `LineIndex` counts line breaks for its first positions and builds its index later:
    each position is the one the index, built at once, gives."""
    counted, indexed = LineIndex(text, first_line), LineIndex(text, first_line)
    assert len(indexed.starts) == len(re.findall(r"\r\n|\r|\n", text)) + 1
    for offset in offsets:
        assert counted.position(offset) == indexed.position(offset), (text, offset)


@given(st.text(st.sampled_from("ab\n\r\u2028")), st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=30),
       st.integers(1, 3))
def test_counted_spans_are_those_of_the_line_index(text, pairs, first_line):
    """A counted span finds its end from its start: each span is the one the index, built at
    once, gives for both ends."""
    counted, indexed = LineIndex(text, first_line), LineIndex(text, first_line)
    indexed.starts  # noqa: B018  # built now: its positions are the general reading
    for start, end in pairs:
        start, end = min(start, len(text)), min(end, len(text))
        assert counted.span(start, end) == Span(*indexed.position(start), *indexed.position(end)), (text, start, end)


def test_a_repeated_key_is_located_where_the_parser_takes_its_value_from():
    text = '{"a": 1, "b": {"c": 2}, "a": {"d": [3]}}'
    assert text_at(text, locate_repeated(text, "/a")) == '{"d": [3]}'
    assert text_at(text, locate_repeated(text, "/a/d/0")) == "3"
    assert text_at(text, locate_repeated(text, "/b/c")) == "2"


def locate_repeated(text: str, pointer: str) -> Span:
    doc = read_document("t.json", raw=text.encode("utf-8"))
    assert doc.duplicate_keys  # the case under test
    return doc.locate(pointer)

