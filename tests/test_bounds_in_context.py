"""A bound read in its sentence: the words around a number decide whether it is a rule on
every call, and which side it bounds. A misreading here becomes a fix that rejects the
calls the description says are valid, so where the words leave it unsure, no bound."""

from __future__ import annotations

import pytest

from schema_lint.prose.constraints import BOUNDS, stated
from schema_lint.prose.field_prose import described_defaults


def _bounds(description: str, kind: str) -> dict:
    return {found.keyword: found.value for found in stated(description, kind, BOUNDS)}


@pytest.mark.parametrize("description, kind, expected", [
    # A negation before a strict comparison states the other side, the number allowed.
    ("Should not be larger than 10.", "integer", {"maximum": 10}),
    ("Must never be higher than 65535.", "integer", {"maximum": 65535}),
    ("A port; it can't be lower than 1024.", "integer", {"minimum": 1024}),
    ("Should never be smaller than 0.5", "number", {"minimum": 0.5}),
    ("Tags. Cannot have more than 20 tags.", "array", {"maxItems": 20}),
    ("Must not contain fewer than 2 items.", "array", {"minItems": 2}),
    ("Display name; mustn't be more than 64 characters.", "string", {"maxLength": 64}),
    ("Retries, which must not ever be less than 1.", "integer", {"minimum": 1}),
    # Any other negation in the bound's clause: unsure, no bound.
    ("Is not limited to 100 items.", "integer", {}),
    ("Not all accounts allow more than 5.", "integer", {}),
    ("You cannot page through more than 10,000 hits.", "integer", {}),
    ("There is no maximum of 100 any more.", "integer", {}),
    ("Does not have to be at least 3 characters.", "string", {}),
    # Near misses: a negation of another part of the sentence, or inside the bound's words.
    ("Must be greater than 0 and must not be more than 100.", "integer", {"minimum": 1, "maximum": 100}),
    ("Must not be empty and at most 100 characters.", "string", {"minLength": 1, "maxLength": 100}),
    ("Not less than 1 and not more than 100.", "integer", {"minimum": 1, "maximum": 100}),
    ("Must not exceed 50.", "integer", {"maximum": 50}),
    ("Must be less than 100.", "integer", {"maximum": 99}),
    # "no" or "not" right before a comparison makes it inclusive, the number allowed.
    ("Number of items, no greater than 100.", "integer", {"maximum": 100}),
    ("Page size; must be not larger than 200.", "integer", {"maximum": 200}),
    ("Results (no higher than 50)", "integer", {"maximum": 50}),
    ("Weight, no lower than 0.5", "number", {"minimum": 0.5}),
    ("Members: no fewer than 2.", "array", {"minItems": 2}),
    ("Label, not bigger than 30 characters.", "string", {"maxLength": 30}),
    ("Is not limited to no greater than 100.", "integer", {}),
])
def test_a_negated_comparison_states_the_other_side_or_nothing(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, kind", [
    # A condition the bound is part of: what happens past a threshold.
    ("When more than 10 tags are given, the oldest are dropped.", "array"),
    ("If the list holds more than 50 items, it is truncated.", "array"),
    ("Once more than 3 attempts fail, the account is locked.", "integer"),
    ("In case fewer than 2 characters are given, everything matches.", "string"),
    ("Whenever the value is greater than 1000, results are sampled.", "integer"),
    # Advice.
    ("Use fewer than 10 for the best results.", "integer"),
    ("For better latency, use fewer than 25.", "integer"),
    ("For optimal throughput, at most 8 workers.", "integer"),
    ("How many results to return. Keep it small (5-10) to save tokens.", "integer"),
    ("Snippets per page; 3 to 5 to reduce latency.", "integer"),
    ("Keep the summary short: at most 200 characters.", "string"),
    ("Between 1 and 20 results, to cut costs.", "integer"),
    # An exception after the bound.
    ("At most 100 per call, unless the account is verified.", "integer"),
    ("Up to 10 attachments except on enterprise workspaces.", "array"),
    ("Maximum 20 characters, except for verified senders.", "string"),
    # A limit of one plan.
    ("Trial accounts are limited to 5 projects.", "integer"),
    ("Premium users: max 200.", "integer"),
    ("Max 7 projects on the basic plan.", "integer"),
])
def test_a_bound_of_a_condition_advice_an_exception_or_one_plan_is_no_rule(description, kind):
    assert _bounds(description, kind) == {}


@pytest.mark.parametrize("description, kind, expected", [
    ("If set, must be at most 100.", "integer", {"maximum": 100}),
    ("When given, at least 3 characters.", "string", {"minLength": 3}),
    ("Must be less than 100 if provided.", "integer", {"maximum": 99}),
    ("Page size when listing (max 100).", "integer", {"maximum": 100}),
    ("Items to return if available (at most 50 items).", "array", {"maxItems": 50}),
    ("Use a value between 1 and 10.", "integer", {"minimum": 1, "maximum": 10}),
    ("Up to 50 per request.", "integer", {"maximum": 50}),
    ("Days of forecast to return (1-14). Free plans get at most 3 days.", "integer", {"minimum": 1, "maximum": 14}),
    ("Results to keep (1-100).", "integer", {"minimum": 1, "maximum": 100}),
    ("Tokens to save, up to 500.", "integer", {"maximum": 500}),
])
def test_a_rule_beside_a_condition_or_a_plan_is_still_read(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, kind", [
    ("Up to 280 characters (4000 for premium subscribers).", "string"),
    ("Up to 4096 tokens for the small model and 8192 tokens for the large one.", "integer"),
    ("Number of results: at most 100 with a basic key, 1000 with a partner key.", "integer"),
    ("Attendees: max 25 for webinars and 300 for meetings.", "integer"),
    ("1-255 characters (1-1000 characters for team channels).", "string"),
])
def test_an_upper_bound_with_a_larger_one_for_another_case_is_none(description, kind):
    assert "maximum" not in _bounds(description, kind) and "maxLength" not in _bounds(description, kind) \
        and "maxItems" not in _bounds(description, kind)


@pytest.mark.parametrize("description, kind, expected", [
    ("Up to 50 keys, with key names up to 40 characters and values up to 500 characters.", "array",
     {"maxItems": 50}),
    ("Up to 100 characters (default 20).", "string", {"maxLength": 100}),
    ("Between 1 and 100 (as of 2024).", "integer", {"minimum": 1, "maximum": 100}),
    ("At most 10 items for each request.", "array", {"maxItems": 10}),
])
def test_an_upper_bound_beside_other_numbers_is_still_read(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, kind, expected", [
    ("Rows to fetch. The server returns a maximum of 5,000 rows per call, whatever is asked.", "integer", {}),
    ("Page size. This endpoint yields a maximum of 1000.", "integer", {}),
    ("Rows to return, a maximum of 1000.", "integer", {"maximum": 1000}),
    ("Number of rows to return (maximum of 1000).", "integer", {"maximum": 1000}),
])
def test_what_the_api_returns_is_no_bound_on_what_is_asked(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, expected", [
    ("Flag value: ARCHIVED (1 << 4) or PINNED (1 << 5).", {}),
    ("Applied as x >> 3.", {}),
    ("Mapping: low => 1, high => 5.", {}),
    ("State moves 0 -> 3.", {}),
    ("Assign with x<-7.", {}),
    ("Compared as a <=> 0.", {}),
    ("Must be > 0.", {"minimum": 1}),
    ("Must be < 100.", {"maximum": 99}),
    ("Value >= 1 and <= 10.", {"minimum": 1, "maximum": 10}),
])
def test_a_shift_or_an_arrow_is_no_comparison(description, expected):
    assert _bounds(description, "integer") == expected


@pytest.mark.parametrize("description, expected", [
    ("Index of the item, starting at 1; negative values count from the end.", {}),
    ("Row number (1-based); negative numbers index from the bottom.", {}),
    ("1-based position. Use negative indexes to count backwards.", {}),
    ("Page number, 1-based. Negative values are not allowed.", {"minimum": 1}),
    ("Offset between -10 and 10; negative values move left.", {"minimum": -10, "maximum": 10}),
])
def test_a_signed_index_has_no_lower_bound_at_or_above_zero(description, expected):
    assert _bounds(description, "integer") == expected


@pytest.mark.parametrize("description, expected", [
    ("The minimum is 200, the maximum is 2,000, and the default is 2,000.", {"minimum": 200, "maximum": 2000}),
    ("Between 500 and 20,000; defaults to 1,000.", {"minimum": 500, "maximum": 20000}),
    ("Must be between 100 and 10,000 (default: 1,500).", {"minimum": 100, "maximum": 10000}),
])
def test_a_default_with_thousands_separators_is_the_whole_number(description, expected):
    assert _bounds(description, "integer") == expected


def test_a_default_is_read_whole_but_a_list_of_numbers_is_not_one():
    assert 2000 in described_defaults("the default is 2,000, and") and 2 not in described_defaults("default is 2,000")
    assert described_defaults("Default: 1,2,3") == ["1", 1]
    assert described_defaults("Defaults to 25, at most 100.") == ["25", 25]
    # A value right after the word, as references write it: "(Default 1)".
    assert described_defaults("Buy quantity. Required for bogo. (Default 1).") == ["1", 1]
    assert described_defaults("The default sort order.") == []


@pytest.mark.parametrize("description, expected", [
    ("Nickname, 3 to 20 characters; empty clears it.", {"maxLength": 20}),
    ("Signature, at least 2 characters. Pass an empty string to remove it.", {}),
    ("Label (2-30 chars). Set it to blank to reset the label.", {"maxLength": 30}),
    ('Prefix, at least 3 characters; "" means none.', {}),
    ("Title, 1 to 80 characters.", {"minLength": 1, "maxLength": 80}),
    ("Name, at least 3 characters; must not be empty.", {"minLength": 3}),
])
def test_a_string_whose_words_name_the_empty_string_as_usable_has_no_minimum_length(description, expected):
    """As "Use 0 for no preference" widens a number's bound to 0, an empty string the words
    offer ("empty clears it") is a value a `minLength` would refuse."""
    assert _bounds(description, "string") == expected


@pytest.mark.parametrize("description, kind, expected", [
    ("Must be 100 characters or fewer.", "string", {"maxLength": 100}),
    ("Labels, 5 or fewer.", "array", {"maxItems": 5}),
    ("Retries: 3 or less.", "integer", {"maximum": 3}),
    ("Limit can range between 1 and 100, and the default is 10.", "integer", {"minimum": 1, "maximum": 100}),
    ("Temperature can vary from 0 to 2.", "number", {"minimum": 0, "maximum": 2}),
    ("Use 10 or fewer words for the best results.", "string", {}),
    ("Users to notify. Free plans can notify at most 3 users.", "array", {}),
])
def test_an_upper_bound_after_its_number_and_a_range_the_values_can_span_are_read(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, kind, expected", [
    # Something made from the field, or what shows it, has the bound; the field does not.
    ("Display name. The internal name derived from it is limited to 32 characters.", "string", {}),
    ("Free-form notes. The UI shows at most 500 characters; the full text is stored.", "string", {}),
    ("Title. The mobile app displays up to 40 characters.", "string", {}),
    ("The display name is limited to 32 characters.", "string", {"maxLength": 32}),
    ("Caption. It shows at most 50 characters.", "string", {"maxLength": 50}),
    # The parts of a list of pairs have it: "key1:value1,key2:value2".
    ("Labels, as key1:value1,key2:value2. Label keys and values can be no longer than 63 characters.", "string",
     {}),
    # One kind of value has it, and the clause after gives another kind its own.
    ("Value of the custom field. Text fields are limited to 255 characters; paragraph fields to 32,768.", "string",
     {}),
    ("Short names are limited to 50 characters, long names to 500.", "string", {}),
    ("Names are limited to 50 characters, descriptions to 500.", "string", {"maxLength": 50}),
    ("Max 100 characters, up to 5 lines.", "string", {"maxLength": 100}),
    ("Between 1 and 100, defaults to 10.", "integer", {"minimum": 1, "maximum": 100}),
])
def test_a_bound_of_another_subject_is_no_bound_of_the_field(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, expected", [
    ("The position in milliseconds to seek to. Must be a positive number.", {}),
    ("Rows to skip. Must be a positive integer.", {}),
    ("Offset into the results; a positive integer.", {}),
    ("Number of results. Must be a positive integer.", {"minimum": 1}),
    ("Offset in rows, a non-negative integer.", {"minimum": 0}),
])
def test_positive_of_a_place_counted_from_zero_states_no_lower_bound(description, expected):
    """Of an offset, "positive" is as often said of 0, the start, as not: a `minimum: 1`
    would refuse the first place."""
    assert _bounds(description, "integer") == expected


@pytest.mark.parametrize("description, kind, expected", [
    # A bound of one form of the value, another offered after it.
    ("Username (3 to 30 characters) or the email address on the account.", "string", {}),
    ("A handle of at most 15 characters, or an email address.", "string", {}),
    # Of one case, the clause after speaking of the others.
    ("Page number, starting at 1. The search API allows at most 10 pages; other list endpoints have no page limit.",
     "integer", {"minimum": 1}),
    # Of one plan's keys.
    ("The maximum number of objects to return. For beta keys max limit is 50.", "integer", {}),
    # Counted without some of the text.
    ("The query can't be longer than 256 characters (not including operators or qualifiers).", "string", {}),
    # An exact length beside another one the words name.
    ("The 6-digit verification code (8 digits if the workspace is configured for long codes).", "string", {}),
    ("The 6-digit verification code.", "string", {"minLength": 6, "maxLength": 6}),
    ("Username, 3 to 30 characters.", "string", {"minLength": 3, "maxLength": 30}),
    # Other forms taken too: the length is of one of them.
    ("Handle without the @, max 15 characters; also accepts a user ID.", "string", {}),
    ("Handle (max 15 characters). Also accepts a user ID.", "string", {}),
    # Of one of the alternatives named before it.
    ("Sender phone number or alphanumeric sender ID (up to 11 characters, e.g. 'ACME').", "string", {}),
    ("Either a 4-digit PIN or a passphrase of at least 12 characters.", "string", {}),
    ("Sender ID (up to 11 characters).", "string", {"maxLength": 11}),
    # "exclusive" after a range's second number is no unit of it.
    ("A percentage between 0 and 100 exclusive.", "number", {"exclusiveMinimum": 0, "exclusiveMaximum": 100}),
    ("A rating between 1 and 5 inclusive.", "integer", {"minimum": 1, "maximum": 5}),
])
def test_a_bound_of_one_form_case_or_plan_is_no_bound_of_the_field(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, kind", [
    # The values a comparison after its subject picks out, with a verb saying what becomes of them.
    ("Search text. Queries shorter than 3 characters return no results.", "string"),
    ("Offsets less than 0 count from the end.", "integer"),
    ("Cache TTL in seconds (default 300). Values less than 1 disable the cache.", "integer"),
    ("Priorities less than 5 run in the background queue.", "integer"),
    ("Windows smaller than 3 disable smoothing.", "integer"),
    ("A value less than 0 means retry forever.", "integer"),
    ("Batches larger than 500 items take several requests.", "integer"),
    # Values rounded to the number are taken.
    ("The server may round it up to 60.", "integer"),
    ("Internally rounded up to 8.", "integer"),
    ("Size in bytes, rounded up to a multiple of 4096.", "integer"),
    ("Duration in seconds; rounded to the nearest multiple of 60.", "integer"),
    # A length of a line or a first piece of the text, not of the whole string.
    ("Commit message. The first line should be at most 72 characters.", "string"),
    ("Commit message; the subject line must not exceed 50 characters.", "string"),
    ("Thread text. The first tweet is limited to 280 characters.", "string"),
    ("Summary text; its opening sentence should be at most 120 characters.", "string"),
    # A length said of some calls only.
    ("Name of the resource, at most 63 characters for DNS-compatible buckets.", "string"),
    ("The message, at most 2000 characters in public channels.", "string"),
    ("Password, at least 8 characters when creating a user.", "string"),
    ("Tags, up to 10 for premium users.", "array"),
    # A bound of another thing the clause names as its subject.
    ("Port to listen on. The service restarts at most 3 times.", "integer"),
    ("Image width in pixels; the height is at most 512.", "integer"),
    ("Max tokens to generate. The prompt itself may be up to 4000 tokens.", "integer"),
])
def test_values_a_sentence_speaks_of_or_a_part_of_the_text_are_no_bound(description, kind):
    assert _bounds(description, kind) == {}


@pytest.mark.parametrize("description, kind, expected", [
    ("Names shorter than 64 characters.", "string", {"maxLength": 63}),
    ("Must be less than 100.", "integer", {"maximum": 99}),
    ("A number less than 1000 per request.", "integer", {"maximum": 999}),
    ("Title, at most 72 characters.", "string", {"maxLength": 72}),
    ("Name of the line, at most 50 characters.", "string", {"maxLength": 50}),
    # The subject is the field's, by the opening words or as a word for any value.
    ("The title of the issue. The title must be at most 100 characters.", "string", {"maxLength": 100}),
    ("Image width in pixels; the width is at most 512.", "integer", {"maximum": 512}),
    ("Search query. The text is at most 200 characters.", "string", {"maxLength": 200}),
    ("Results per page. The value must be at most 50.", "integer", {"maximum": 50}),
    ("Number of results. The limit is 100.", "integer", {"maximum": 100}),
    ("Name, at most 64 characters in length.", "string", {"maxLength": 64}),
    ("Bio, at most 500 characters in total.", "string", {"maxLength": 500}),
    ("Tags, up to 10 per request.", "array", {"maxItems": 10}),
])
def test_a_comparison_with_no_verb_after_it_or_of_the_whole_value_is_still_a_bound(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("name, description, neighbours, expected", [
    # A bound the clause says of a property beside the field.
    ("page", "Page number, starting at 1; page_size is at most 100", {"page_size"}, {"minimum": 1}),
    ("offset", "Number of items to skip. Combine with limit (max 100) to page through results.", {"limit"}, {}),
    ("start_index", "Start index (0-based). The end index may be at most 1000.", {"end_index"}, {"minimum": 0}),
    ("offset", "Offset into the results; use with `limit` (1-100).", {"limit"}, {}),
    ("page", "Page to fetch (per_page max 100)", {"per_page"}, {}),
    ("width", "Width in px. Height: 1-4096.", {"height"}, {}),
    ("start", "Start offset. end may be at most 1000.", {"end"}, {}),
    # The field's own bound, beside a neighbour's name used as a plain word or after "per".
    ("page_size", "Page size (1-100).", {"page"}, {"minimum": 1, "maximum": 100}),
    ("limit", "Number of results per page (1-100).", {"page"}, {"minimum": 1, "maximum": 100}),
    ("limit", "Max results, 1 to 100. Use with page.", {"page"}, {"minimum": 1, "maximum": 100}),
    ("page_size", "page_size: at most 100.", {"page"}, {"maximum": 100}),
])
def test_a_bound_said_of_a_neighbouring_property_is_none_of_the_field(name, description, neighbours, expected):
    """`maximum: 100` of `page` from "page_size is at most 100" refused page 500."""
    found = stated(description, "integer", BOUNDS, name, frozenset({name, *neighbours}))
    assert {each.keyword: each.value for each in found} == expected


@pytest.mark.hostile
def test_the_neighbours_a_description_names_are_found_in_linear_time():
    import time

    neighbours = frozenset(f"field_{n}" for n in range(50_000))
    started = time.thread_time()
    stated("word " * 100_000 + "field_7 is at most 5.", "integer", BOUNDS, "x", neighbours)
    assert time.thread_time() - started < 2


@pytest.mark.parametrize("description, expected", [
    # The field's noun after another word, or the one label, of another thing.
    ("Start index (0-based). The end index may be at most 1000.", {"minimum": 0}),
    ("Width in px. Height: 1-4096.", {}),
    # The field's own noun, a word for any value, or a note's label.
    ("The page number. The page number must be at most 100.", {"maximum": 100}),
    ("Results. Note: at most 100.", {"maximum": 100}),
    ("Batch size. Range: 1-100.", {"minimum": 1, "maximum": 100}),
])
def test_a_bound_of_another_thing_named_beside_the_fields_noun_or_as_a_label_is_none(description, expected):
    """`maximum: 1000` of a start index from "The end index may be at most 1000" refused 2000."""
    assert _bounds(description, "integer") == expected


@pytest.mark.parametrize("description, kind, expected", [
    # A name as code spells it, opening the clause, is a subject of its own.
    ("Start offset. end may be at most 1000.", "integer", {}),
    ("Start offset. start may be at most 1000.", "integer", {"maximum": 1000}),
    ("Start offset; it must be at most 1000.", "integer", {"maximum": 1000}),
    # A quantity of other things, then a bound with no word of its own: the things' bound.
    ("Page number. The API returns 30 items per page, max 100", "integer", {}),
    ("Items per page. The API returns 30 items per page, max 100", "integer", {"maximum": 100}),
    ("Limit. Returns 30 results by default, max 100", "integer", {"maximum": 100}),
    ("Timeout in seconds (30 seconds, max 300)", "integer", {"maximum": 300}),
    # A part the opening words name as the field itself is the whole string.
    ("Subject line, at most 200 characters.", "string", {"maxLength": 200}),
    ("Commit message; the subject line must not exceed 50 characters", "string", {}),
])
def test_a_subject_a_quantity_or_a_part_names_whose_bound_it_is(description, kind, expected):
    """`maximum: 100` of a page number from "30 items per page, max 100" refused page 101; a
    `subject` "Subject line, at most 200 characters" got no `maxLength`."""
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, kind, expected", [
    # A bound of most of the values, a rate, or a count of each item's parts: none of the field's.
    ("Units to add. Most items are limited to 10 per order.", "integer", {}),
    ("Time slots. At most 8 per day; a week may hold 40.", "array", {}),
    ("Labels. Labels are limited to 5 words apiece.", "array", {}),
    ("Page size. Most values must be at least 2.", "integer", {"minimum": 2}),
    ("Up to 10 tags each call.", "array", {"maxItems": 10}),
])
def test_a_bound_of_most_values_of_a_rate_or_of_each_items_parts_is_none(description, kind, expected):
    assert _bounds(description, kind) == expected
