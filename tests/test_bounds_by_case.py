"""Lengths and bounds the words qualify: a length with a bound word before or after it is a
bound, not an exact length; a number with thousands separators is read whole; a bound of one
case (a platform, a plan, names with dots), of a part of the value (a segment) or counted
otherwise than in characters (URLs weighted, markup parsed) is no rule on every call; and a
range left open ("to 21+") has no upper end. Each misreading became a fix that rejected
calls the description allows."""

from __future__ import annotations

import time

import pytest

from schema_lint.prose.constraints import BOUNDS, stated
from schema_lint.prose.field_prose import described_values
from schema_lint.prose.units import offers_other_unit


def _bounds(description: str, kind: str) -> dict:
    return {found.keyword: found.value for found in stated(description, kind, BOUNDS)}


@pytest.mark.parametrize("description, expected", [
    # Azure Blob and container names, titles, passwords.
    ("The blob name. A blob name must be at least one character long and cannot be more than 1,024 characters long.",
     {"minLength": 1, "maxLength": 1024}),
    ("The name. It must be 2,048 characters long or less.", {"maxLength": 2048}),
    ("The title is 1,000 characters long at most.", {"maxLength": 1000}),
    ("Password; must be 8 characters long or more.", {"minLength": 8}),
    ("Container names must be from 3 through 63 characters long.", {"minLength": 3, "maxLength": 63}),
    ("Between 3 and 63 characters long.", {"minLength": 3, "maxLength": 63}),
    ("Must be less than 64 characters long.", {"maxLength": 63}),
    ("Up to 1,024 characters long.", {"maxLength": 1024}),
    ("A nickname, 3 characters at least.", {"minLength": 3}),
    ("A summary, 500 characters or shorter.", {"maxLength": 500}),
    # Qualified, but no bound sure enough to read: nothing.
    ("A note, over 20 characters long.", {}),
    ("255 characters long maximum.", {}),
    ("A code of 1,024 characters long.", {}),
    # Unqualified, a length is still exact.
    ("A code, 6 characters long.", {"minLength": 6, "maxLength": 6}),
    ("A 3-letter currency code.", {"minLength": 3, "maxLength": 3}),
])
def test_a_qualified_length_is_a_bound_and_its_number_is_read_whole(description, expected):
    assert _bounds(description, "string") == expected


@pytest.mark.parametrize("description", [
    "Color as a 6-digit hex code (without #), or one of the named colors red, green, blue.",
    "A 2-letter region code, or any of the regions listed in the docs.",
    "A 6-digit hex color or a named color.",
    "A 3-letter language code or the keyword auto.",
    "A 4-digit PIN, or else one of the preset codes.",
])
def test_an_exact_length_with_an_alternative_offered_is_none(description):
    assert _bounds(description, "string") == {}


@pytest.mark.parametrize("description, kind, expected", [
    ("The name of the virtual machine. Windows: 1-15 characters. Linux: 1-64 characters.", "string",
     {"minLength": 1}),
    ("Bucket names must contain 3-63 characters. Names containing dots can contain up to 222 characters, but each "
     "dot-separated component can be no longer than 63 characters.", "string", {"minLength": 3}),
    ("Description (Standard: up to 255 characters; Premium: up to 1024 characters).", "string", {}),
    ("Node count. Windows: between 2 and 10. Linux: between 1 and 50.", "integer", {}),
    ("Members. Team: up to 10 members. Org: up to 500 members.", "array", {}),
    # The same bound said twice, or bounds of other units, still stand.
    ("Up to 100 characters. Must not exceed 100 characters.", "string", {"maxLength": 100}),
    ("Between 1 and 100 characters. Must be non-empty.", "string", {"minLength": 1, "maxLength": 100}),
    ("Note: up to 10 tags. Example: [\"a\"]", "array", {"maxItems": 10}),
])
def test_a_bound_of_one_case_is_none_when_another_sentence_gives_a_looser_one(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, expected", [
    ("Label key. Valid label keys have two segments: an optional prefix and name, separated by a slash (/). The name "
     "segment is required and must be 63 characters or less. The prefix is optional.", {}),
    ("An email address; the local part may be at most 64 characters.", {}),
    ("A dotted name, whose components are at most 20 characters each.", {}),
    ("A file name; its suffix is up to 4 characters.", {}),
    # A part after the bound was already none; the whole's still is one.
    ("A commit message, at most 72 characters for the subject line.", {}),
    ("A name of up to 63 characters.", {"maxLength": 63}),
])
def test_a_length_of_a_part_named_before_it_is_no_bound_of_the_whole(description, expected):
    assert _bounds(description, "string") == expected


@pytest.mark.parametrize("description, kind, expected", [
    ("Zoom levels from 0 (the entire world) to 21+ (individual buildings) are possible.", "integer", {"minimum": 0}),
    ("Rating from 1 to 5 or more.", "integer", {"minimum": 1}),
    ("Between 2 and 10 and up.", "integer", {"minimum": 2}),
    ("Zoom from 0 to 21.", "integer", {"minimum": 0, "maximum": 21}),
])
def test_a_range_left_open_has_no_upper_end(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, expected", [
    ("Posts are limited to 280 characters, where each URL counts as 23 characters regardless of its actual length.",
     {}),
    ("Text of the message to be sent, 1-4096 characters after entities parsing", {}),
    ("Caption, 0-1024 characters after the markup is stripped.", {}),
    ("A file name, 1-64 characters, not counting the extension.", {}),
    ("Up to 500 characters, excluding whitespace.", {}),
    ("A post of at most 300 graphemes.", {}),
    ("A message, up to 2,000 characters. Must be non-empty.", {"minLength": 1, "maxLength": 2000}),
    ("Text, 1-4096 characters; cannot be empty after entities parsing.", {"minLength": 1}),
])
def test_a_length_counted_otherwise_than_in_characters_is_no_bound(description, expected):
    assert _bounds(description, "string") == expected


@pytest.mark.parametrize("description, name, expected", [
    ("Volume size in GiB, up to 16 TiB.", "size_gib", {}),
    ("Bandwidth in Mbps, up to 10 Gbps.", "bandwidth_mbps", {}),
    ("Frequency in MHz, up to 6 GHz.", "frequency_mhz", {}),
    ("Disk size in GB, at most 64 TB.", "disk_gb", {}),
    ("Disk size in GB, at most 1024.", "disk_gb", {"maximum": 1024}),
    ("Bandwidth in Mbps, up to 1000 Mbps.", "bandwidth_mbps", {"maximum": 1000}),
])
def test_a_bound_in_another_unit_than_the_fields_is_none(description, name, expected):
    """`maximum: 16` of a size in GiB refused 4096 (4 TiB); `maximum: 10` of Mbps refused 10000."""
    assert {found.keyword: found.value for found in stated(description, "integer", BOUNDS, name)} == expected


@pytest.mark.parametrize("description, name, expected", [
    # Another unit a switch offers: the bound written bare is one unit's.
    ("Target temperature in \u00b0C (5-35). Use unit='F' to pass Fahrenheit.", "temperature", {}),
    ("Rotation angle in degrees, 0 to 360. Set radians=true to pass radians instead.", "angle", {}),
    ("Delay in seconds (0-60); milliseconds if ms=true.", "delay", {}),
    ("Size in MB (1-100), or in bytes when raw is set.", "size", {}),
    ("Storage quota. In GB, 1-100; or in MB when unit is 'MB'.", "quota", {}),
    # A bound in another unit than the value's: a temperature scale, money's major unit, pi.
    ("Temperature in kelvin, at most 100 \u00b0C.", "temp_k", {}),
    ("Price in cents; at most 100 dollars.", "price_cents", {}),
    ("Heading in radians, at most 2\u03c0.", "heading", {}),
    # The same unit, or none offered besides.
    ("Temperature in \u00b0C, between -50 and 60 \u00b0C.", "temperature", {"minimum": -50, "maximum": 60}),
    ("Delay in seconds (0-60). Use 0 to send at once.", "delay", {"minimum": 0, "maximum": 60}),
    ("Amount in USD, at most 100 dollars.", "amount", {"maximum": 100}),
    ("Amount in cents, at most 10000 cents.", "amount", {"maximum": 10000}),
])
def test_a_bare_bound_where_the_words_offer_another_unit_is_none(description, name, expected):
    """`maximum: 35` of a temperature in \u00b0C refused 75 sent with unit='F'; `maximum: 60` of a
    delay in seconds refused 5000 sent with ms=true; `maximum: 2` of "2\u03c0" refused 3 radians."""
    assert {found.keyword: found.value for found in stated(description, "number", BOUNDS, name)} == expected


@pytest.mark.parametrize("description, kind, expected", [
    # A condition after the bound, or a case its clause opens with.
    ("Minimum score. Scores range from 0 to 1 for cosine similarity and are unbounded for dot product.", "number", {}),
    ("Amount; must be a multiple of 5 when currency is CHF.", "integer", {}),
    ("Price in cents, a multiple of 100 for whole-unit currencies such as JPY.", "integer", {}),
    ("Amount in cents; for JPY (a zero-decimal currency) it must be a multiple of 100.", "integer", {}),
    # The range of what a count counts.
    ("How many random integers between 1 and 10 to generate.", "integer", {}),
    ("Number of dice rolls from 1 to 6 to simulate.", "integer", {}),
    # A sentence of another subject, with no article: its last noun is not the field's.
    ("Boost weight. Cosine scores are between -1 and 1 and are multiplied by this weight.", "number", {}),
    ("Items to return. Item prices range from 1 to 500 EUR.", "integer", {}),
    ("Sampling temperature. Temperatures range from 0 to 2.", "number", {"minimum": 0, "maximum": 2}),
    ("Rating of the product. Ratings range from 1 to 5.", "integer", {"minimum": 1, "maximum": 5}),
    ("How hot to sample. Values range from 0 to 2.", "number", {"minimum": 0, "maximum": 2}),
    # A remark on some values: things doing something with them, or what they indicate.
    ("Utilization percent; overcommitted hosts report more than 100.", "number", {}),
    ("Password. Good passwords have more than 12 characters.", "string", {}),
    ("Seats to reserve; most teams pick more than 3.", "integer", {}),
    ("Observed latency; more than 300 indicates a slow link.", "integer", {}),
    ("Chunk overlap; values of at least 10 work best.", "integer", {}),
    ("Similarity; a score of at least 0.7 counts as a match.", "number", {}),
    ("Chunk size in tokens; ideal is at most 512.", "integer", {}),
    ("Percent of target achieved; over-delivery shows as more than 100.", "number", {}),
    ("Events per page. Most callers ask for more than 20.", "integer", {}),
    ("Maximum choices. Most organisers allow at least 2, rarely more than 6.", "integer", {}),
    ("Page size. Most values must be at least 2.", "integer", {"minimum": 2}),
    ("Name of the user. Names have at most 64 characters.", "string", {"maxLength": 64}),
    # A soft or configurable limit, or values past it read otherwise.
    ("Max: 100 (soft limit).", "integer", {}),
    ("Page size; the default maximum is 100, which admins can change.", "integer", {}),
    ("Window in seconds (60-3600). Values over 3600 are read as milliseconds.", "integer", {"minimum": 60}),
    # A length counted on another form of the value, or a shorter value offered beside it.
    ("Color as a 6-digit hex code, with a leading #.", "string", {}),
    ("IBAN, up to 34 characters; spaces between groups are ignored.", "string", {}),
    ("URL-encoded path, at most 255 characters before encoding.", "string", {}),
    ("Username, 3-20 characters after lowercasing and removing dots.", "string", {}),
    ("Bucket name, 3-63 characters, or * for all buckets.", "string", {"maxLength": 63}),
    ("Discount code, 6-12 characters. Use - for none.", "string", {"maxLength": 12}),
    ("Search query, at least 3 characters; an empty query lists everything.", "string", {}),
    ("Version string, 5-20 characters such as 1.2.3; 0 means latest.", "string", {"maxLength": 20}),
    ("Count from 1 to 10 (use 11+ at your own risk).", "integer", {}),
    # Some callers given another bound after it.
    ("Nickname. Up to 32 characters; Nitro users get 64.", "string", {}),
    ("Display name, 3 to 50 characters. Bot accounts may use a single character.", "string", {}),
    ("Username, 4 to 20 characters; legacy accounts may have 2 or 3.", "string", {}),
    # Still the field's own.
    ("Number of results (1-20, default 10).", "integer", {"minimum": 1, "maximum": 20}),
    ("Number of results to return, between 1 and 100.", "integer", {"minimum": 1, "maximum": 100}),
    ("How many results to return (between 1 and 50).", "integer", {"minimum": 1, "maximum": 50}),
    ("Must be a multiple of 5.", "integer", {"multipleOf": 5}),
    ("For each page, the value must be at most 100.", "integer", {"maximum": 100}),
    ("Title, up to 100 characters. Admins can edit it later.", "string", {"maxLength": 100}),
])
def test_a_bound_of_some_calls_or_of_what_a_count_counts_is_none(description, kind, expected):
    """Each was a fix that refused a value the words allow: a score of 12.5 for a dot product,
    1999 yen, a count of 25 integers, a 50-character nickname of a Nitro user."""
    assert {found.keyword: found.value for found in stated(description, kind, BOUNDS)} == expected


@pytest.mark.hostile
@pytest.mark.parametrize("phrase", [
    "for JPY (a zero-decimal currency) it must be ",
    "How many random integers between ",
    "Nitro users get 64; ",
    "legacy accounts may have ",
    "3-63 characters, or * for all ",
    "spaces between groups are ignored ",
    "'a' or 'b'; on Linux any shell ",
    "('a' or 'b' in the default setup) ",
    "cannot be more than 1,024 characters long or less at most, ",
    "or one of the named colors ",
    "Windows: 1-15 characters. ",
    "The name segment must be 63 characters or less. ",
    "from 0 to 21+ ",
    "each URL counts as 23 characters after entities parsing ",
    "Values are case-sensitive and accept ",
    "Either month or year; weekly billing (week) is in beta. ",
    "Known values are a, b. ",
    "Square either completes or cancels the payment ",
    "any multiple of 1 MB ",
])
def test_each_new_pattern_stays_fast_on_hostile_input(phrase):
    hostile = phrase * 5_000
    hostile += "x" * (1_000_000 - len(hostile))
    started = time.thread_time()
    for kind in ("string", "integer", "array"):
        stated(hostile, kind)
        stated(phrase * 200, kind)  # within the reading limit: every pattern runs
    described_values(hostile)  # read whole, each number with the words before it
    assert time.thread_time() - started < 1


def test_the_step_of_a_multiple_is_no_value_the_description_offers():
    description = ("The amount of memory available to the function at runtime. The default value is 128 MB. The value "
                   "can be any multiple of 1 MB. Valid Range: Minimum value of 128. Maximum value of 10240.")
    assert _bounds(description, "integer") == {"minimum": 128, "maximum": 10240}
    assert 1 not in described_values(description) and 128 in described_values(description)
    assert _bounds("Memory in MB, a multiple of 64.", "integer") == {"multipleOf": 64}


@pytest.mark.parametrize("description, expected", [
    # A bound word of the next sentence or clause is not the length's.
    ("A 3-letter code. Max 10 codes per call.", {"minLength": 3, "maxLength": 3}),
    ("A 3-letter code, or more than one joined by commas.", {}),
])
def test_a_bound_word_after_the_clause_of_a_length_is_not_its_own(description, expected):
    assert _bounds(description, "string") == expected


@pytest.mark.parametrize("description, kind, expected", [
    ("Reminders: up to 3 reminders, at least one of which is by email.", "array", {"maxItems": 3}),
    ("A list of 5 items at least twice as long as the other.", "array", {}),
])
def test_at_least_or_at_most_after_a_count_bounds_it_only_at_the_end_of_its_clause(description, kind, expected):
    assert _bounds(description, kind) == expected


@pytest.mark.parametrize("description, expected", [
    ("Password, 8-64 characters (passphrases up to 128).", {"minLength": 8}),
    ("Name, up to 64 characters (names up to 32 are shown whole).", {"maxLength": 64}),
])
def test_a_larger_bound_a_parenthesis_gives_a_kind_of_value_leaves_the_upper_one_open(description, expected):
    """`maxLength: 64` refused the 87-character passphrase "(passphrases up to 128)" allows."""
    assert {found.keyword: found.value for found in stated(description, "string", BOUNDS, "password")} == expected


@pytest.mark.hostile
@pytest.mark.parametrize("description", ["x" * 1_000_000 + " if", "to pass " * 200_000, "a " * 500_000 + "if",
                                         "\u00b0" * 500_000 + "c if"])
def test_the_units_the_words_offer_are_read_in_linear_time(description):
    started = time.thread_time()
    offers_other_unit(description)
    assert time.thread_time() - started < 1
