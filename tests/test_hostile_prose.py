"""Descriptions and objects shaped to make a reader's work grow faster than the input: each
case took seconds to minutes (quadratic) before, and must finish within the deadline every
`hostile` test has (see conftest), with what a plain input of the kind gives."""

from __future__ import annotations

import json
import time

import pytest
from lintkit import lint_document, lint_tool

from schema_lint.config import Config
from schema_lint.prose.conditional_prose import parameter_notes
from schema_lint.prose.conditionals import MAX_DISCRIMINATORS
from schema_lint.prose.constraints import MAX_BOUNDS_IN_A_SENTENCE
from schema_lint.prose.field_prose import offers_unset_value

pytestmark = pytest.mark.hostile


@pytest.mark.parametrize("digit", ["1", "\u0661"])
def test_a_run_of_digits_is_read_for_an_unset_value_from_its_first_digit_only(digit):
    """`\\d+` tried from each digit of a run of 200,000 (SL101 asks of a write tool's fields)."""
    assert not offers_unset_value(digit * 200_000 + " limit")
    assert offers_unset_value(digit * 200_000 + " -1 for no limit")
    assert offers_unset_value("Use -1 for no limit") and offers_unset_value("0 = unlimited")


def test_a_tool_description_with_a_run_of_blanks_is_read_for_parameter_notes():
    """Two `\\s*` in a row tried every split of 200,000 spaces on the line (SL102 reads the notes)."""
    text = "a" + " " * 200_000 + "b\nkind" + " " * 200_000 + "(string): the kind"
    assert parameter_notes(text, ["kind", "a"]) == {"kind": "the kind"}


def test_an_object_of_many_enum_properties_weighs_each_field_against_the_first_discriminators_only():
    properties = {f"p{i}": {"type": "string", "enum": ["a", "b"]} for i in range(6_000)}
    assert lint_tool({"type": "object", "properties": properties}, "SL102") == []
    # Past the first MAX_DISCRIMINATORS, a flag is not read as what decides a field: no finding rests on it.
    fillers = {f"p{i}": {"type": "string", "enum": ["a", "b"]} for i in range(MAX_DISCRIMINATORS)}
    tied = {"type": "object", "properties": {
        "mode": {"type": "string", "enum": ["email", "sms"]},
        "email": {"type": "string", "description": "Required when mode is 'email'."}}}
    assert len(lint_tool(tied, "SL102")) == 1
    late = {"type": "object", "properties": {**fillers, **tied["properties"]}}
    assert lint_tool(late, "SL102") == []


def test_many_properties_listing_their_values_are_each_read_once():
    properties = {f"p{i}": {"type": "string", "description": "One of 'a', 'b' or 'c'."} for i in range(40_000)}
    found = lint_tool({"type": "object", "properties": properties}, "SL403")
    assert len(found) == 40_000 and all(d.fix.operations[0].value == ["a", "b", "c"] for d in found)


def test_a_sentence_of_more_bounds_than_a_sentence_states_gives_none():
    crowded = "Between 1 and 5. " + " ".join(["at most 3"] * MAX_BOUNDS_IN_A_SENTENCE) + " items."
    assert lint_tool({"type": "object", "properties": {"tags": {
        "type": "array", "items": {"type": "string"}, "description": crowded}}}, "SL403") == []
    document = {"tools": [{"name": "t", "description": "Do.", "inputSchema": {"type": "object", "properties": {
        f"p{i}": {"type": "array", "description": (f"P{i} " + "1<" * 2_000)[:4_000]} for i in range(20)}}}]}
    assert lint_document(json.dumps(document), "tools.json", "SL403") == []


# Pieces a description may be made of, repeated: words joined by dots, dashes or underscores,
# numbers, quotes, brackets, separators, the readers' own trigger words, format characters
# (direction marks, joiners, soft hyphens) and right-to-left letters.
_PIECES = ["a.", "a_", "a-", "1.", "1-", "a ", "a, ", "'a' ", '"a" ', "(a", "[a", "{a", "<a", "a/", "a:", "a@", "a=",
           "a;", "a|", "a+", "$a", "% ", "a'", "A", "1", " ", "-", ".", "#", "*", "`a`", "a\n", "a\t", "x_y ", "a.b ",
           "a-b ", "a.b.", "1 ", "1,", "1:", "A a ", "or ", "e.g. ", "the ", "if ", "not ", "when ", "must ",
           "\u200e", "\u200dа", "a\u00ad", "\u05d0 "]


@pytest.mark.parametrize("piece", _PIECES)
def test_a_description_of_one_piece_repeated_is_read_in_linear_time(piece):
    """Every rule over descriptions of 60,000 characters made of one piece, after the words each
    kind of field's readers look for. A pattern that scans on from every character of a run
    ("x_y works too" read in 'a.a.a…', "encoded for you" in 'a-a-a…') took a minute at 400 kB."""
    text = piece * (60_000 // len(piece))
    fields = {"owner": ("string", "Email address of the owner. "), "mode": ("string", "Required when "),
              "count": ("integer", "At most "), "tags": ("array", "Up to "), "url": ("string", "URL of "),
              "when": ("string", "Date, YYYY-MM-DD. "), "flag": ("boolean", "If true, ")}
    properties = {name: {"type": kind, "description": lead + text} for name, (kind, lead) in fields.items()}
    properties["tags"]["items"] = {"type": "string"}
    document = {"tools": [{"name": "update_record", "description": "Update a record. " + text, "inputSchema": {
        "type": "object", "properties": properties, "required": ["owner"]}}]}
    started = time.thread_time()
    lint_document(json.dumps(document), "tools.json", config=Config(select=["ALL"]))
    assert time.thread_time() - started < 5
