"""Readable examples: the words a schema offers are drawn, the most readable near miss is shown."""

from __future__ import annotations

from fuzzkit import fuzz_schema
from hypothesis import given, settings
from hypothesis_jsonschema import from_schema

from schema_lint.boundary.compiled import compiled
from schema_lint.fuzz.model import NearMiss
from schema_lint.fuzz.mutators import Change
from schema_lint.fuzz.report import cells, example_text
from schema_lint.fuzz.words import offer_words

WORDY = {"type": "object", "required": ["repo", "labels", "owner"], "additionalProperties": False, "properties": {
    "repo": {"type": "string", "maxLength": 40, "examples": ["dotnet/eshop"]},
    "labels": {"type": "array", "items": {"type": "string"}, "description": "Labels for triage."},
    "owner": {"type": "string", "format": "email", "description": "Who gets notified."},
    "state": {"type": "string", "enum": ["alpha", "beta"]},
    "note": {"type": "string", "maxLength": 3, "default": "a very long default"},
}}


def _words(offered, subschema):
    """The words `subschema` of the rewritten schema is offered, or None."""
    return offered.formats[subschema["format"]][0] if subschema.get("format") in offered.formats else None


def test_examples_defaults_and_description_words_are_offered_when_the_string_accepts_them():
    offered = offer_words(compiled(WORDY))
    properties = offered.schema["properties"]
    assert _words(offered, properties["repo"]) == ["dotnet/eshop"]
    assert _words(offered, properties["owner"]) == ["who@example.com", "gets@example.com", "notified@example.com"]
    assert _words(offered, properties["state"]) is None  # an enum is drawn as it is
    assert _words(offered, properties["note"]) is None  # its default is too long for maxLength 3
    assert _words(offered, properties["labels"]["items"]) == ["labels", "triage"]  # items borrow the array's words
    # What the format stands for is the string as written, drawn when no word is.
    assert offered.formats[properties["owner"]["format"]][1] == WORDY["properties"]["owner"]


def test_a_schema_without_words_is_left_as_it_is():
    schema = {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"},
                                               "id": {"type": "string", "description": "Only x.", "pattern": "^x$"}}}
    offered = offer_words(compiled(schema))
    assert offered.schema is compiled(schema).schema and not offered.formats


OFFERED = offer_words(compiled(WORDY))


@settings(max_examples=40)
@given(from_schema(OFFERED.schema, custom_formats=OFFERED.strategies(from_schema)))
def test_what_is_drawn_with_the_words_is_what_the_schema_accepts(value):
    assert compiled(WORDY).is_valid(value)


def test_the_fuzz_report_shows_the_schemas_words():
    report = fuzz_schema(WORDY)
    shown = " ".join(example_text(cell.example) for cell in cells(report))
    assert all(word in shown for word in ("dotnet/eshop", "alpha", "beta")), shown
    assert "labels" in shown or "triage" in shown, shown


def test_readable_examples_outrank_shorter_unreadable_ones():
    def miss(value):
        return NearMiss("empty-string", "$.tags", "accepted", {"tags": value}, (Change("$.tags", value),))

    unreadable, readable, longer = miss("\x19"), miss("labels"), miss("labels and more")
    assert sorted([longer, unreadable, readable], key=lambda m: m.rank) == [readable, longer, unreadable]


def test_same_input_and_seed_same_words_in_the_same_places():
    first, second = fuzz_schema(WORDY), fuzz_schema(WORDY)
    assert [example_text(c.example) for c in cells(first)] == [example_text(c.example) for c in cells(second)]

