"""The constraint reader: what a description states, as schema keywords, and what it leaves alone."""

from __future__ import annotations

import time

import pytest

from schema_lint.prose import constraints
from schema_lint.prose.constraints import BOUNDS, ENUM, READ_LIMIT, stated, stated_keyword


def _read(description: str, *types: str) -> dict:
    return {found.keyword: found.value for found in stated(description, list(types))}


@pytest.mark.parametrize("description, types, expected", [
    ("Short summary, 1 to 120 characters", ("string",), {"minLength": 1, "maxLength": 120}),
    ("Up to 12 labels", ("array",), {"maxItems": 12}),
    ("No more than 8 items.", ("array",), {"maxItems": 8}),
    ("The maximum length is 80 characters.", ("string",), {"maxLength": 80}),
    ("Name, at least 3 characters", ("string",), {"minLength": 3}),
    ("2-30 characters", ("string",), {"minLength": 2, "maxLength": 30}),
    ("A 2 character country code", ("string",), {"minLength": 2, "maxLength": 2}),
    # A last value that is also a quantifier word: cut there, the enum refused it.
    ("Possible values: low, high, or all.", ("string",), {"enum": ["low", "high", "all"]}),
    ("Can be one of open, closed, or all (default: open)", ("string",), {"enum": ["open", "closed", "all"]}),
    ("One of: read, write, or both", ("string",), {"enum": ["read", "write", "both"]}),
    ("The state, in the two-letter state code format.", ("string",), {"minLength": 2, "maxLength": 2}),
    ("The Three-Letter IATA code of the airport.", ("string",), {"minLength": 3, "maxLength": 3}),
    ("A 5-digit ZIP code", ("string",), {"minLength": 5, "maxLength": 5}),
    ("The six digit verification code sent by SMS.", ("string",), {"minLength": 6, "maxLength": 6}),
    ("Angle, from 2 to 40", ("integer",), {"minimum": 2, "maximum": 40}),
    ("Heading between 0 and 360", ("number",), {"minimum": 0, "maximum": 360}),
    ("Delay in seconds (5\u201360)", ("integer",), {"minimum": 5, "maximum": 60}),
    ("Humidity, in the range 10 to 90", ("number",), {"minimum": 10, "maximum": 90}),
    ("Results per page (default: 20, max: 100)", ("integer",), {"maximum": 100}),
    ("Delay in seconds. Must be greater than 0.6 seconds", ("number",), {"exclusiveMinimum": 0.6}),
    ("Must be an integer greater than 0", ("integer",), {"minimum": 1}),
    ("Page number, starting from 1", ("integer",), {"minimum": 1}),
    ("Sort order: either 'asc' or 'desc'", ("string",), {"enum": ["asc", "desc"]}),
    ("Options: low, normal, high.", ("string",), {"enum": ["low", "normal", "high"]}),
    ("Unit, can be 'metric' or 'imperial'", ("string",), {"enum": ["metric", "imperial"]}),
    ("Must be one of 'a', 'b', 'c'.", ("string",), {"enum": ["a", "b", "c"]}),
    ("Use 'asc' for ascending order or 'desc' for descending order.", ("string",), {"enum": ["asc", "desc"]}),
    ("Either 1 or 11", ("integer",), {"enum": [1, 11]}),
    ("Email address of the reporter", ("string",), {"format": "email"}),
    ("The unique identifier (UUID) of the project.", ("string",), {"format": "uuid"}),
    ("The URL of the webpage.", ("string",), {"format": "uri"}),
    ("Due date, in the format 'YYYY-MM-DD'.", ("string",), {"format": "date"}),
    ("An ISO 8601 timestamp, including a UTC \"Z\" suffix or explicit offset.", ("string",),
     {"format": "date-time"}),
    ("The hostname of the server.", ("string",), {"format": "hostname"}),
    # A range that is the whole of its clause; "no longer/shorter than"; "exactly N letters";
    # "strictly between" (neither end a value); a conjunction after a number is no unit.
    ("Number of forecast days, 1-16.", ("integer",), {"minimum": 1, "maximum": 16}),
    ("Number of passengers, 1 to 9.", ("integer",), {"minimum": 1, "maximum": 9}),
    ("Width in pixels, 1 to 4096", ("integer",), {"minimum": 1, "maximum": 4096}),
    ("Rating: 1\u20135, inclusive", ("integer",), {"minimum": 1, "maximum": 5}),
    # Or that ends a clause of a few words naming the value (what zod's `.describe()` often holds).
    ("Retry count 0-5", ("integer",), {"minimum": 0, "maximum": 5}),
    ("The language. Star rating 1 to 5.", ("integer",), {"minimum": 1, "maximum": 5}),
    ("Opacity 0-1", ("number",), {"minimum": 0, "maximum": 1}),
    ("Number of results 1-50", ("integer",), {"minimum": 1, "maximum": 50}),
    # Digit groups set apart by a space, a no-break space or an apostrophe: one number.
    ("Max 10 000 rows per export.", ("integer",), {"maximum": 10000}),
    ("Up to 10\u00a0000 rows.", ("integer",), {"maximum": 10000}),
    ("Max 10'000 results.", ("integer",), {"maximum": 10000}),
    ("Up to 1 000 items per call.", ("array",), {"maxItems": 1000}),
    ("Maximum length: 10 000 characters.", ("string",), {"maxLength": 10000}),
    ("Port, between 1 and 65 535", ("integer",), {"minimum": 1, "maximum": 65535}),
    ("Tags to add. Tags are at most 20 characters each.", ("string",), {"maxLength": 20}),  # the field's own plural
    # "each" after a preposition says what the value counts per thing, not another subject.
    ("Number of subpages to crawl from each result (1-10)", ("integer",), {"minimum": 1, "maximum": 10}),
    # A step after the range narrows the values between its ends, not the ends.
    ("Duration in minutes, 15 to 240, in steps of 15", ("integer",), {"minimum": 15, "maximum": 240}),
    ("Opacity, 0-1, in increments of 0.1.", ("number",), {"minimum": 0, "maximum": 1}),
    ("City name, no longer than 100 characters.", ("string",), {"maxLength": 100}),
    ("Password, no shorter than 8 characters.", ("string",), {"minLength": 8}),
    ("Must be shorter than 100 characters", ("string",), {"maxLength": 99}),
    ("IATA airport code, exactly 3 letters.", ("string",), {"minLength": 3, "maxLength": 3}),
    ("The PIN, exactly 6 digits.", ("string",), {"minLength": 6, "maxLength": 6}),
    ("Exactly two coordinates.", ("array",), {"minItems": 2, "maxItems": 2}),
    # Words after it that allow more: the exact count is a least one (a maxItems refused [lon, lat, alt]).
    ("Exactly 2 numbers: longitude and latitude. Optionally a third for altitude.", ("array",), {"minItems": 2}),
    ("Exactly two points; a third point is optional.", ("array",), {"minItems": 2}),
    ("Exactly 3 tags, optionally lowercased.", ("array",), {"minItems": 3, "maxItems": 3}),
    ("Probability, strictly between 0 and 1.", ("number",), {"exclusiveMinimum": 0, "exclusiveMaximum": 1}),
    ("Ratio between 0 and 1, non-inclusive", ("number",), {"exclusiveMinimum": 0, "exclusiveMaximum": 1}),
    ("Count, strictly between 0 and 10", ("integer",), {"minimum": 1, "maximum": 9}),
    ("At least 2 and at most 10.", ("array",), {"minItems": 2, "maxItems": 10}),
    # A bound that names itself a length, as AWS's reference states a string's ("Length Constraints").
    ("The key. Length Constraints: Minimum length of 1. Maximum length of 1024.", ("string",),
     {"minLength": 1, "maxLength": 1024}),
    ("Maximum length: 256", ("string",), {"maxLength": 256}),
    ("The minimum length is 8.", ("string",), {"minLength": 8}),
    # A plural subject that names the field: its noun, or its noun with a word the opening words give it.
    ("Font size. Sizes range from 8 to 72.", ("integer",), {"minimum": 8, "maximum": 72}),
    ("Zoom level. Zoom values range from 1 to 20.", ("integer",), {"minimum": 1, "maximum": 20}),
    ("Message to send. Message texts are at most 4096 characters.", ("string",), {"maxLength": 4096}),
    ("Title of the issue. Issue titles are at most 256 characters.", ("string",), {"maxLength": 256}),
    ("Adjusts the contrast of the image. Accepts values from 0.0 to 2.0.", ("number",),
     {"minimum": 0.0, "maximum": 2.0}),
])
def test_the_reader_states_what_the_words_state(description, types, expected):
    assert _read(description, *types) == expected


@pytest.mark.parametrize("description, types", [
    ("Number of tickets, typically ranges from 1 to 8.", ("integer",)),   # a hedge: no bound
    ("Released, 2024-05.", ("integer",)),   # a date, no range
    ("Coordinates, 1-16, 20-30 and so on.", ("integer",)),   # no range is the whole of its clause
    ("Fiscal year 2023-2024", ("integer",)),   # a span of years names the value
    ("See pages 10-20 of the manual.", ("integer",)),   # the range is not the clause's end
    ("At most 50 in steps mode", ("integer",)),   # a case after the bound, not a step
    ("Maximum 1.000 Eintr\u00e4ge.", ("integer",)),   # a thousand in German, one in English: no bound
    ("Pages 1 100", ("integer",)),   # a group of three digits after a number is no number alone
    ("Number of results to return. Returns: list of up to 25 items.", ("integer",)),   # the answer's bound
    # A sentence about other things: its plural subject is not in the field's opening words.
    ("Age of the patient in years. Children are 0 to 17.", ("integer",)),
    ("Issue title. Labels are at most 50 characters.", ("string",)),
    ("Upper price bound in EUR. Products cost between 5 and 500 EUR.", ("number",)),
    ("Request timeout in seconds. The server's own timeout is between 30 and 60 seconds.", ("integer",)),
    # Named in the opening words, but not as the field: a word before its noun, or another thing of it.
    ("Score threshold. Scores range from 0 to 100 but the threshold is a z-score.", ("number",)),
    ("Max price filter. Prices in the catalogue range from 1 to 999.", ("number",)),
    ("Description of the label. Label names are at most 50 characters.", ("string",)),
    ("The number of results to return for each page 1-50", ("integer",)),   # too many words before it
    ("Code, exactly 3 letters or the full name.", ("string",)),   # another form beside the length
    ("Exactly 10 results are returned per page.", ("array",)),   # a remark on what comes back
    ("Typically exactly 3 letters.", ("string",)),   # hedged
    ("The sort order, e.g. one of asc, desc.", ("string",)),                # examples
    ("Valid values include: contacts, deals, tickets.", ("string",)),       # an open list
    ("One of low, high, etc.", ("string",)),
    ("Provide either text or regex, not both.", ("string",)),               # two parameters, not values
    ("Date of the journey, in the format 'MM/DD/YYYY'.", ("string",)),      # a pattern's layout
    ("The hostname or IP address of the server.", ("string",)),             # alternatives
    ("An identifier, such as a UUID.", ("string",)),
    ("The email address to copy. default is ''.", ("string",)),             # the empty default rules it out
    ("Maximum lookback is 730 days.", ("string",)),                          # days are no string length
    ("Answers rated on a scale from 1 to 5.", ("array",)),                  # a scale of values, not a count
    ("The city and state, in the format 'City, State'.", ("string",)),
    ("Format should follow the structure: '{\"style\": \"modern\", \"budget\": \"mid\"}'.", ("string",)),
    ("Files to upload. Can be absolute or relative paths.", ("string",)),     # words that qualify a noun
    ("Top-left cell; the area must be empty.", ("string",)),                 # "must be empty" is no lower bound
    ("The operation. Common values: 'read', 'update', 'delete'.", ("string",)),
    ("A region name; must be one of China, province or city. For example, \"Xi'an\" is better.", ("string",)),
    ("Distance between two cities, in two letters or more.", ("string",)),   # a spelled number is no bound
    ("Values: low, high, or all of them", ("string",)),                      # a list cut short is no list
    ("Status: open, closed, all", ("string",)),
    ("Up to three letter codes, e.g. two-letter codes", ("string",)),        # a bound word or a hedge before
    ("The year, as a four-digit number.", ("string",)),                      # a number: no code or string
    ("Maximum length of 30 minutes.", ("string",)),                          # a length of time
    ("A name. Maximum length of the list: 10.", ("string",)),               # the length of something else
])
def test_the_reader_leaves_alone_what_is_open_hedged_or_a_layout(description, types):
    assert "enum" not in _read(description, *types) and "format" not in _read(description, *types)
    assert not {"minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength"} & set(_read(description, *types))


@pytest.mark.parametrize("name, description, expected", [
    ("retention_days", "How long to keep logs, at most 30 days.", {"maximum": 30}),
    ("retention", "Number of days to keep logs, at most 30 days.", {"maximum": 30}),
    ("minutes", "The duration in minutes. Must be between 1 and 3600 minutes (up to 60 hours).",
     {"minimum": 1, "maximum": 3600}),
    ("delay_s", "Delay between requests. Must be greater than 0.6 seconds.", {"exclusiveMinimum": 0.6}),
    ("size", "Upload size (MB), up to 10 MB.", {"maximum": 10}),
    ("limit", "Maximum 100 items.", {"maximum": 100}),                               # a count is no unit
    ("timespan", "The duration, in seconds. Must not exceed 730 days and 12 hours.", {}),
    ("retention_days", "At most 30 days and 12 hours.", {}),                        # a compound
    ("timeout_ms", "How long to wait, at most 30 seconds.", {}),
    ("size", "Upload size in bytes, up to 10 MB.", {}),
    ("timeout", "How long to wait, at most 30 seconds.", {}),                       # seconds or milliseconds?
    ("birth_year", "The year of birth, at most 2024.", {"maximum": 2024}),
])
def test_a_bound_in_a_unit_bounds_only_a_value_in_that_unit(name, description, expected):
    assert {s.keyword: s.value for s in stated(description, "number", BOUNDS, name)} == expected


def test_a_value_the_description_names_as_usable_widens_the_bound():
    assert _read("Rating on a scale from 1.0 to 5.0. Use 0 to indicate 'dontcare'.", "number") == \
        {"minimum": 0, "maximum": 5.0}
    assert _read("Device index, a non-negative integer; a value of -1 indicates CPU.", "integer") == {"minimum": -1}


def test_a_stated_bound_does_not_fit_a_field_of_another_kind():
    assert _read("Up to 5 tags", "string") == {}
    assert _read("At most 280 characters", "array") == {}
    assert _read("Between 1 and 10", "boolean") == {}


@pytest.mark.hostile
def test_a_hostile_description_is_read_within_its_budget():
    hostile = (":'a' or " * 50_000) + "(1-" * 50_000 + "between 1 and " * 50_000
    started = time.thread_time()
    stated(hostile, ["string"])
    stated(hostile, ["integer"])
    assert time.thread_time() - started < 1.5
    assert _read("x" * READ_LIMIT + " at most 5 characters", "string") == {}  # past the budget: not read


@pytest.mark.hostile
@pytest.mark.parametrize("phrase", [", 1-16", ", 1 to 9.", "no longer than 100 characters ", "exactly 3 letters ",
                                    "strictly between 0 and 1 ", "at least 50 and "])
def test_each_new_wording_is_read_within_its_budget(phrase):
    hostile = phrase * 5_000
    hostile += "x" * (1_000_000 - len(hostile))
    started = time.thread_time()
    for kind in ("string", "integer", "array"):
        stated(hostile, kind)
        stated(hostile[:READ_LIMIT], kind)
    assert time.thread_time() - started < 1


@pytest.mark.hostile
def test_a_description_of_many_bounds_in_units_is_read_within_its_budget():
    # Each bound in a unit asks what unit the value is in: the description is read for it once.
    hostile = "Timeout in seconds. " + "at most 5 days, " * 50_000
    started = time.thread_time()
    assert stated(hostile, "integer", BOUNDS, "timeout") == ()
    assert time.thread_time() - started < 1


def test_a_bare_word_after_quoted_values_ends_the_list():
    assert _read("The model, options: 'Darwin', 'Lamarck', default is 'Darwin'.", "string")["enum"] == \
        ["Darwin", "Lamarck"]


def test_verbs_with_an_object_are_still_a_closed_set():
    assert _read("The intent to either rent or buy the property.", "string")["enum"] == ["rent", "buy"]


@pytest.mark.parametrize("description, types", [
    ("Email address of the reporter, 1 to 120 characters. Options: 'a@b.io' or 'c@d.io'", ["string"]),
    ("Page size, at most 50. Either 10 or 50.", ["integer"]),
    ("Up to 12 labels", ["array"]),
])
def test_each_part_of_the_reading_is_what_the_whole_reading_states_of_its_keywords(description, types):
    whole = stated(description, types)
    for keyword in ("minLength", "maxLength", "maximum", "maxItems", "format", "enum"):
        assert stated_keyword(description, types, keyword) == next((s for s in whole if s.keyword == keyword), None)


def test_a_rule_asking_for_one_part_reads_only_that_part(monkeypatch):
    """SL304 asks a string for its format, SL303 a number for its bounds: neither pays for the rest."""
    def unread(*args):
        raise AssertionError("read a part nobody asked for")

    monkeypatch.setattr(constraints, "_bounds", unread)
    monkeypatch.setattr(constraints, "_closed_values", unread)
    assert stated_keyword("Email address of the owner (one of 'a@b.io', 'c@d.io'), 3 to 9 characters.", ["string"],
                          "format").value == "email"
    monkeypatch.setattr(constraints, "_formats", unread)
    assert [s.keyword for s in stated("Page size, at most 50. Either 10 or 50.", ["integer"], BOUNDS)] == ["maximum"]


def test_a_description_without_a_digit_or_a_word_of_a_reading_is_not_read(monkeypatch):
    """Nearly every description states nothing: a look for a digit and a few words tells,
    and no reader runs (tests/test_screened_patterns.py holds the look to the readers)."""
    def unread(*args, **kwargs):
        raise AssertionError("read a description that states nothing")

    for reader in ("_bounds", "_number_bounds", "_formats", "_closed_values"):
        monkeypatch.setattr(constraints, reader, unread)
    for types in (["string"], ["array"], ["integer"], ["number"]):
        assert stated("The name of the thing to look up, as the user wrote it.", types) == ()


def test_a_number_whose_words_state_no_bound_reads_no_named_values(monkeypatch):
    """The values a description names as usable only widen a bound: with none stated, they are not read."""
    def unread(*args):
        raise AssertionError("read the named values of a description that states no bound")

    monkeypatch.setattr(constraints, "_named_values", unread)
    assert stated("Use this to set the retry count; the default is the server's.", ["integer"], BOUNDS) == ()


@pytest.mark.parametrize("description", ["The name. Must not be empty.", "A title; cannot be empty.",
                                         "Tags, a non-empty list.", "Should never be empty."])
def test_a_negated_empty_states_a_lower_bound(description):
    read = _read(description, "array" if "list" in description else "string")
    assert read.get("minLength", read.get("minItems")) == 1


@pytest.mark.parametrize("description, types", [
    ("If non-empty, identifies related messages for which publish order should be respected.", ("string",)),
    ("Path. When non-empty, must start with a slash.", ("string",)),
    ("If the key is non-empty, messages with it are delivered in order.", ("string",)),
    ("When nonempty, overrides the default prefix.", ("string",)),
    ("Labels to apply. If non-empty, replaces the existing labels.", ("array",)),
    ("Unless at least one item is given, every project is searched.", ("array",)),
])
def test_a_condition_on_non_emptiness_states_no_lower_bound(description, types):
    """The words say what a non-empty value means, and leave the empty one to the caller."""
    read = _read(description, *types)
    assert "minLength" not in read and "minItems" not in read


@pytest.mark.parametrize("description", ["Must not be empty. If non-empty, it must start with a slash.",
                                         "If set, must be non-empty.", "Path, non-empty; when given, starts with /."])
def test_a_non_empty_rule_beside_a_condition_is_still_read(description):
    assert _read(description, "string").get("minLength") == 1


@pytest.mark.hostile
@pytest.mark.parametrize("description", ["If non-empty, " * 80_000, "x" * 1_000_000 + " if non-empty" * 5_000,
                                         "when " * 100_000 + "must not be empty"])
def test_conditions_on_non_emptiness_are_read_in_linear_time(description):
    started = time.thread_time()
    stated(description, ["string"])
    assert time.thread_time() - started < 1


@pytest.mark.parametrize("description", ["Mode: \u2018fast\u2019 or \u2018slow\u2019", "Sort (\u201cfast\u201d or \u201cslow\u201d) \u897f"])
def test_a_list_in_curly_quotes_is_read(description):
    """Text beyond ASCII is lowered where its other characters have no case, but not screened:
    the list intro's screen asks for a straight quote where a curly one may stand."""
    (found,) = stated(description, ["string"], ENUM)
    assert found.value == ["fast", "slow"]


@pytest.mark.parametrize("description", [
    "Either 'light' or 'dark', or a custom theme name.",                   # an alternative that is no value
    "One of 'low', 'high', or another level your admin defines.",
    "Options: draft, published (or a custom status).",
    "Can be 'json' or 'csv' or any format the server registers.",
    "Region: 'us' or 'eu'. Other regions work as well.",                   # more values, in the next sentence
    "Format: 'png' or 'jpg'. Other image types are also accepted.",
    "Priority, one of 'low', 'high'. Also accepts a number.",
    "Sort direction, one of 'asc', 'desc' (not case sensitive).",          # "DESC" is a value too
    "Sort direction: either 'asc' or 'desc'. Case insensitive.",
    "Rating of the lead. Picklist values: Hot, Warm, Cold (your org may add more).",
    "First day of the week, one of monday or sunday (saturday is accepted for locales that use it).",
    "Data region, one of us, eu. au is in beta and can be enabled per account.",
])
def test_a_list_the_words_leave_open_is_no_enum(description):
    assert "enum" not in _read(description, "string")


@pytest.mark.parametrize("description, values", [
    ("Use 'asc' or 'desc'. Other values are rejected.", ["asc", "desc"]),
    ("Must be one of 'a', 'b', 'c'. Any other value is an error.", ["a", "b", "c"]),
    ("Either 'asc' or 'desc', or omit it for the default order.", ["asc", "desc"]),
    ("Options: low, normal, high. Case matters.", ["low", "normal", "high"]),
    ("The level: 'info' or 'debug', for a verbose log.", ["info", "debug"]),
])
def test_a_closed_list_near_those_words_is_still_read(description, values):
    assert _read(description, "string")["enum"] == values


@pytest.mark.parametrize("description", [
    "Due date (YYYY-MM-DD), or yesterday.",                                 # words no date format holds
    "Day to report on, YYYY-MM-DD; also accepts now.",
    "The date in ISO 8601 (YYYY-MM-DD) or a relative date.",
    "An ISO 8601 date. Relative dates work too.",
    "Date as YYYY-MM-DD, or in natural language.",
    "Recipient email addresses, comma-separated.",                           # several values in one string
    "The UUID of each project to archive, separated by commas.",
    "Email address of the attendee. Multiple addresses may be given.",
    "The URL of the page; pass one or more, space separated.",
    "Date and time of the event, ISO 8601.",                                 # a time: no bare date
    "ISO 8601 date/time of the reminder.",
    "Start date or datetime, in ISO 8601.",
    "Email address of the member. Their user ID is accepted too.",          # another form of the value
    "Email address of the member, or their username.",
    "Email of the user, or a group alias.",
    "Assignee email address. You may also pass their username.",
    "Email address of the recipient. Alternatively, their Slack handle.",
    "Email of the user. For guests, pass their phone number.",
    "Email of the colleague. Internal colleagues can also be addressed by their Slack handle.",
    "URL of the page. A local file path also works.",
    "Repository URL. The shorthand org/repo also works.",
    "URL of the site. The scheme may be omitted (example.com).",
])
def test_a_format_is_not_read_where_the_words_offer_values_outside_it(description):
    assert "format" not in _read(description, "string")


@pytest.mark.parametrize("description, fmt", [
    ("Due date, in the format 'YYYY-MM-DD'. Must be today or later.", "date"),
    ("Start date in ISO 8601 format (YYYY-MM-DD).", "date"),
    ("Event date (ISO 8601), shown in the user's time zone.", "date"),
    ("End date of the time range, ISO 8601.", "date"),
    ("The new date and time in ISO-8601 format, such as '2023-04-15T13:45:00Z'.", "date-time"),
    ("Email address of the reporter; the list of watchers is not changed.", "email"),
    ("Email address of the reporter.", "email"),
    ("URL of the page, or of its canonical copy.", "uri"),
])
def test_a_format_near_those_words_is_still_read(description, fmt):
    assert _read(description, "string").get("format") == fmt


@pytest.mark.parametrize("description, types, expected", [
    # A number with a magnitude is not that number: 8K tokens may be 8000 or 8192.
    ("Maximum tokens to generate (up to 8K).", ("integer",), {}),
    ("Amount to transfer in USD, up to 10k.", ("number",), {}),
    ("Rows to scan, at most 2 million.", ("integer",), {}),
    ("Budget, no more than 5 thousand.", ("number",), {}),
    ("Seed, between 1 and 1e6.", ("integer",), {}),
    ("Items to copy, at most 3 thousand items.", ("array",), {}),
    ("Zoom factor, up to 4x.", ("number",), {"maximum": 4}),                 # a factor is the value
    # A remark on the value's effect after the bound is no rule; acceptance words are.
    ("How many completions; up to 128, but more than 10 is slow.", ("integer",), {"maximum": 128}),
    ("Retries; more than 5 will be expensive.", ("integer",), {}),
    ("Skip this many results; at most 25 results are returned per call.", ("integer",), {}),
    ("Parallel jobs. More than 8 is not allowed.", ("integer",), {}),
    ("Labels; at most 10 labels are allowed.", ("array",), {"maxItems": 10}),
    ("Up to 10 can be specified.", ("integer",), {"maximum": 10}),
    ("Name; at least 3 characters are required.", ("string",), {"minLength": 3}),
    ("At least 1 is required.", ("integer",), {"minimum": 1}),
    ("Default is 25, maximum is 100.", ("integer",), {"maximum": 100}),
    # A hedge after the bound, as before it.
    ("Prompts per batch (1 to 100 suggested).", ("integer",), {}),
    ("Workers; between 2 and 16 is recommended.", ("integer",), {}),
    ("Threads, 1-50 (recommended).", ("integer",), {}),
    ("Temperature from 0 to 2, ideally 0.7.", ("number",), {"minimum": 0, "maximum": 2}),
    ("Page size, up to 100, recommended 20.", ("integer",), {"maximum": 100}),
])
def test_a_bound_read_is_the_number_written_and_a_rule(description, types, expected):
    """The figure must be the value's (no magnitude after it), and the sentence must state it
    as a rule, not remark on what such values do or suggest them."""
    assert {k: v for k, v in _read(description, *types).items() if k != "enum"} == expected


@pytest.mark.parametrize("name, description, types, expected", [
    # A bound on what something else holds or may do.
    ("page", "Which page to fetch, starting from 1. Each page holds up to 100 results.", ("integer",), {"minimum": 1}),
    ("page", "Page of the history to return, starting from 1. Each page holds up to 50 orders.", ("integer",),
     {"minimum": 1}),
    ("cursor", "Where to resume; the API returns at most 50 records.", ("integer",), {}),
    ("rows", "Rows to insert, each a list of up to 20 values.", ("array",), {}),
    ("notify", "Users to notify. Free plans can notify at most 3 users.", ("array",), {}),
    ("tags", "Tags. Enterprise accounts may add up to 10 tags.", ("array",), {}),
    ("count", "Number of records to return (1-50).", ("integer",), {"minimum": 1, "maximum": 50}),
    ("count", "The number of results to return, up to 100.", ("integer",), {"maximum": 100}),
    ("tags", "You can pass up to 10 tags.", ("array",), {"maxItems": 10}),
    ("tags", "Tags; can contain up to 5 items.", ("array",), {"maxItems": 5}),
    ("fields", "Up to 10 fields, each with a name and a value.", ("array",), {"maxItems": 10}),
    # A count of other things: a page's or a call's size, not the page number or the offset.
    ("page", "Page number (up to 100 results per page)", ("integer",), {}),
    ("page", "Page to return; at most 50 rows per page.", ("integer",), {}),
    ("offset", "Offset (max 100 items returned per call)", ("integer",), {}),
    ("start", "Index of the first record (up to 200 records each request).", ("integer",), {}),
    # An amount per thing, beside a bound on how many things: 5 labels, not 5 results a label.
    ("limit_per_label", "Results per label. Up to 5 labels may be requested.", ("integer",), {}),
    ("limit_per_query", "Results for each query. Up to 10 queries may be sent in one call.", ("integer",), {}),
    ("max_messages", "Maximum number of messages to return (up to 100 messages).", ("integer",), {"maximum": 100}),
    ("max_labels", "Labels per request; up to 5 labels.", ("integer",), {"maximum": 5}),
    ("limit", "Maximum number of results to return (up to 100 results).", ("integer",), {"maximum": 100}),
    ("per_page", "Results per page, at most 100 results.", ("integer",), {"maximum": 100}),
    ("n", "Results to return (at most 50 results).", ("integer",), {"maximum": 50}),
    ("limit", "How many rows to fetch, up to 1000 rows.", ("integer",), {"maximum": 1000}),
    ("limit", "Maximum 100 items.", ("integer",), {"maximum": 100}),
    ("page", "Page number, up to 100.", ("integer",), {"maximum": 100}),
    # A bound in another unit than the value's, of distance or mass as of time and size.
    ("radius", "Search radius in meters (max 50 km).", ("integer",), {}),
    ("radius", "Search radius (max 50 km).", ("integer",), {}),               # meters or km? no bound
    ("distance", "Distance in km, at most 50 km.", ("number",), {"maximum": 50}),
    ("radius_km", "How far to look, at most 50 km.", ("number",), {"maximum": 50}),
    ("weight", "Weight in grams, up to 2 kg.", ("number",), {}),
    ("radius", "Search radius, up to 5 miles.", ("number",), {}),
    ("pin", "PIN code, at most 6 characters.", ("integer",), {}),             # a length is no value
    ("zip", "ZIP code, at most 5 digits.", ("integer",), {}),
    # A length stated for a part of the string.
    ("message", "Commit message (1 to 72 characters for the subject line; the body may be longer).", ("string",), {}),
    ("text", "Text to print, at most 80 characters per line.", ("string",), {}),
    ("tags", "Tags separated by commas, each at most 20 characters.", ("string",), {}),
    ("body", "Reply body, up to 500 characters in each paragraph.", ("string",), {}),
    ("title", "Title, 1 to 120 characters in length.", ("string",), {"minLength": 1, "maxLength": 120}),
    ("title", "Title; at most 100 characters in total.", ("string",), {"maxLength": 100}),
    # A range before a length's unit is a range, not an exact length.
    ("target_lang", "A 2 to 3 letter language code, or 'auto'.", ("string",), {"minLength": 2, "maxLength": 3}),
    ("code", "A 2-3 character region code.", ("string",), {"minLength": 2, "maxLength": 3}),
    ("lang", "A two or three letter language code.", ("string",), {}),
    ("country", "A 2 character country code.", ("string",), {"minLength": 2, "maxLength": 2}),
])
def test_a_bound_about_another_noun_or_unit_is_not_the_fields(name, description, types, expected):
    found = {s.keyword: s.value for s in stated(description, list(types), BOUNDS, name)}
    assert found == expected


def test_a_list_the_read_limit_cuts_is_no_closed_set():
    """Read to its limit, "One of v0, v1, … v1999" would offer an `enum` of the first few
    hundred values and reject the rest; a list in a sentence that ends before it is whole."""
    values = ", ".join(f"v{i}" for i in range(2_000))
    assert _read(f"One of {values}", "string") == {}
    assert _read("One of low, normal, high. " + "Notes. " * READ_LIMIT, "string") == {"enum": ["low", "normal", "high"]}


@pytest.mark.parametrize("description", [
    "Maximum rows to scan, up to 10^6.", "Maximum rows to scan, up to 10**6.", "Maximum rows to scan, max 10\u2076.",
    "Maximum rows to scan (max 2\u00b3\u00b9\u22121).", "Maximum rows to scan, up to 1.000.000.",
    "Rows to scan, at most 2^31 - 1.",
])
def test_a_number_written_as_a_power_or_with_dotted_groups_is_no_bound_of_its_first_digits(description):
    """Read from its first digits, "up to 10^6" stated `maximum: 10` and "1.000.000" `maximum: 1`:
    a fix that refused every call asking for a thousand rows."""
    assert not [found for found in stated(description, "integer", BOUNDS) if found.keyword == "maximum"
                and found.value < 1_000]


@pytest.mark.parametrize("description, value", [("At most 1,000 rows.", 1000), ("Between 0.5 and 2.5.", 2.5),
                                                ("Up to 100 (max).", 100)])
def test_a_number_written_plainly_is_still_read_whole(description, value):
    assert stated_keyword(description, "number", "maximum").value == value


@pytest.mark.parametrize("description", ["Max results. Rate limited to 100 requests per minute.",
                                         "Results to return. Up to 60 calls a minute are allowed.",
                                         "Page size; the API allows 10 requests every second."])
def test_a_rate_beside_a_number_is_no_bound_of_it(description):
    """"Rate limited to 100 requests per minute" counts requests a minute, not the results a
    `limit` asks for: read as `maximum: 100`, the fix refused a limit of 500."""
    assert stated(description, "integer", BOUNDS) == ()


@pytest.mark.parametrize("description", [
    "Port on each node, in the range 30000-32767 by default (configurable with --service-node-port-range).",
    "Number of results to return (introduced in v3; max 50 in v2).",
    "Results per page, up to 100 on older versions.",
    "Workers to start, at most 8 (can be raised by an administrator).",
])
def test_a_bound_the_words_call_a_setting_or_one_versions_is_no_rule(description):
    """A default range an operator configures, or an older version's limit, is no bound on
    every call: as a fix, it refused the ports of a cluster configured otherwise."""
    assert stated(description, "integer", BOUNDS) == ()


@pytest.mark.parametrize("description, types", [
    # A precision, not a value: "up to 3 decimal places" made `maximum: 3` of a weight.
    ("The weight of the variant. Up to 3 decimal places.", "number"),
    ("Longitude, in decimal degrees (up to 6 decimal places).", "number"),
    ("Order volume. Up to 8 decimals, depending on the pair.", "number"),
    ("Amount, at most 4 significant digits.", "number"),
    # A ratio of another quantity.
    ("The visible quantity. Minimum 1/15 of volume.", "number"),
    ("Scale-down threshold. Must be at most 0.5x the scale-up threshold.", "number"),
    ("Minutes without data. Must be at least 2x the check interval.", "integer"),
    # A length counted otherwise than in the string's characters.
    ("Summary, max 500 characters (HTML tags not counted).", "string"),
    # Values past the bound offered for a case, not ruled out.
    ("Unit price. Enter a value less than 0 to model a discount line.", "number"),
])
def test_a_precision_a_ratio_or_a_length_counted_otherwise_is_no_bound(description, types):
    assert stated(description, types, BOUNDS) == ()


@pytest.mark.parametrize("description, value", [("Zoom factor, up to 4x.", 4), ("Weight, at most 100, to 2 decimal places.", 100)])
def test_a_multiplier_that_is_the_value_and_a_bound_beside_a_precision_are_still_read(description, value):
    assert stated_keyword(description, "number", "maximum").value == value


def test_a_length_whose_words_say_an_empty_value_is_filled_in_has_no_minimum():
    """"URL slug, 3-50 characters. If empty, one is generated from the title": `minLength: 3`
    refused the empty slug the words offer."""
    assert _read("URL slug, 3-50 characters. If empty, one is generated from the title.", "string") == {"maxLength": 50}
    assert _read("Name, 3-50 characters. If empty, an error is returned.", "string") == {"minLength": 3, "maxLength": 50}


@pytest.mark.parametrize("description, types", [
    # Another case's larger bound, or none: the first is one plan's, not every call's.
    ("Number of seats to provision. Maximum 50 (Enterprise: unlimited).", "integer"),
    ("Recipients of the broadcast, at most 100 (Business: 1,000).", "array"),
    ("Files to attach. Up to 10 files; Pro accounts up to 50.", "array"),
    ("The message text. Up to 4,000 characters; workspaces with extended limits may send up to 40,000.", "string"),
    ("Comments on the record. Free zones can have comments up to 100 characters; paid zones up to 500.", "string"),
    # An exact length beside values of another: with a prefix or without, another form, two lengths.
    ("Label color as a 6-digit hex code, with or without the leading '#'.", "string"),
    ("US ZIP code: either a 5-digit ZIP code or ZIP+4.", "string"),
    ("Voicemail PIN, a 4- or 6-digit numeric code.", "string"),
    ("2-character state code for US addresses; for other countries, the province or region name.", "string"),
    ("Three-letter IATA airport code. ICAO codes (four letters) are also accepted.", "string"),
])
def test_a_bound_one_case_or_one_form_has_is_no_bound_of_every_call(description, types):
    assert not [found for found in stated(description, types, BOUNDS) if found.keyword.startswith("max")]


def test_an_exact_count_with_another_offered_after_it_is_a_least_one():
    description = "Bounding box: exactly 4 numbers (west, south, east, north), or 6 with minimum and maximum altitude."
    assert _read(description, "array") == {"minItems": 4}


@pytest.mark.parametrize("description", [
    # A setting's default, advice for compatibility, advice on a part of the value.
    "The user's password. Must satisfy the password policy (by default at least 8 characters, one lowercase letter).",
    "Label text. Use 63 characters or fewer for compatibility with Kubernetes labels.",
    "The commit message. Keep the summary line to 72 characters or less.",
])
def test_a_length_a_setting_gives_by_default_or_advice_states_is_no_bound(description):
    assert stated(description, "string", BOUNDS) == ()
