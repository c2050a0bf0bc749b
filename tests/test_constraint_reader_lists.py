"""The constraint reader's closed lists and exact lengths: a list that is not the field's
whole set of values, or a length its values do not all have, is no constraint; the lists
and lengths next to those words are still read."""

from __future__ import annotations

import pytest

from schema_lint.prose.constraints import stated


def _read(description: str, kind: str = "string") -> dict:
    return {found.keyword: found.value for found in stated(description, [kind])}


@pytest.mark.parametrize("description", [
    # One string that holds several of the listed values.
    "Fields to include, comma-delimited. Allowed values: id, name, email.",
    "Pipe-separated features to avoid. Possible values: tolls, highways, ferries.",
    "Scopes, space separated. One of: read, write, admin.",
    "Channels to notify; pass several. Options: email, sms, push.",
    "Statuses to filter by (multiple allowed): 'open', 'closed', 'merged'.",
    "Values separated with commas. One of: 'a', 'b'.",
    "Join the values with a pipe. Possible values: tolls, highways.",
    # Listed values written joined: a default, an example, a combination offered.
    "Resource types. Acceptable values are: channel, playlist, video. Default: video,channel.",
    "Features to avoid: 'tolls', 'highways' or 'ferries', as in avoid=tolls|ferries.",
    "Quality, one of 'low', 'high'. Send low+hdr for HDR previews.",
    # Bare words said of the field ("absolute", "omitted", "given") where values would stand.
    "Path to the folder. Can be absolute or relative.",
    "The comment text. Can be edited or deleted.",
    "The branch to use; can be skipped or set to null.",
    "The target directory; it is either created or reused.",
    # Values of another field, in a condition, or the subject of a verb after the list.
    "Required when type is one of 'email', 'sms'.",
    "Only used if the mode is either 'fast' or 'slow'.",
    "Phone number. Used when channel is either sms or voice.",
    "An email template ID. A template whose body is either 'text' or 'html' overrides the content.",
    "The layout ID. A layout with columns \u2013 either grid or list \u2013 replaces the default.",
    "The name. Either `id` or `name` must be provided.",
    "The template ID. Applies to templates that are either 'text' or 'html'.",
    "The policy ID; the policy's mode must be one of 'audit', 'enforce'.",   # a later sentence's own subject
    "The token. The scope can be 'read' or 'write'.",
    # Values ruled out.
    "Cannot be one of 'guest', 'anonymous'.",
    "The user name. Reserved names: 'admin', 'root'.",
    "The alias; never one of 'all', 'here'.",
    "Any name other than one of 'x', 'y'.",
    "The username; it may not be one of 'root', 'admin'.",
    "Should not be either 'a' or 'b'.",
    "Unsupported: 'x', 'y'.",
    "Deprecated values: 'old', 'legacy'.",
    # Words that offer more, or give the values as examples.
    "Either 'light' or 'dark'. Enterprise plans may also use 'contrast'.",
    "Either 'formal' or 'casual'; other tone names are passed through.",
    "One of 'v1', 'v2'. You can also pass a commit SHA.",
    "Layout: 'grid' or 'list'. The old values 'tile' and 'table' are still accepted.",
    "Due date in words (ex.: 'next week', 'today').",
    "Deadline (ex: 'Friday' or 'in 3 days').",
    "Colour. Exs: 'red' or 'blue'.",
    # A label that calls the values special ones beside the field's others, or words that offer custom ones.
    "The time range start. Accepts an ISO 8601 timestamp. Shortcuts: 'now' or 'today'.",
    "Query string. Special queries: 'is:open' and 'is:closed'.",
    "Color as a hex string (#RRGGBB). Named colors: 'red', 'green' and 'blue'.",
    "Sound: 'chime', 'beep' or 'bell'. Custom sounds can be given as a URL.",
    # Words that open the list after it: more values work.
    "Output format: 'json' or 'csv'. Any format pandoc supports also works.",
    "Region: 'us' or 'eu'. Self-hosted installs accept their own region names.",
    "Engine: 'google' or 'bing'; plugins can register more.",
    "Engine: 'google' or 'bing'. Additional engines can be configured by the administrator.",
    "Mode: 'fast' or 'slow'. 'turbo' works too on new servers.",
    "Output format. Options: 'markdown', 'html', 'pdf'. Anything pandoc can write is fine too.",
    "Sort order, one of 'asc', 'desc'. Pass any column name to sort by it instead.",
    "Sort order, one of 'asc', 'desc'. Any column name may also be given.",
    # Other spellings taken, several values in one, or another parameter's list.
    "Log level: 'debug', 'info', 'warn' or 'error' (any case).",
    "Log level: 'debug' or 'info'. Case does not matter.",
    "Environment: 'production' or 'staging'. prod and stage are accepted as aliases.",
    "Country: 'Germany' or 'France'. Full country names are also recognised.",
    "Filter by status: 'open' or 'closed'. Combine with a comma to match both.",
    "Title of the ticket. Set its visibility ('public' or 'private') with the visibility parameter.",
    "Name of the member. Use together with priority ('low' or 'high').",
    # The list of some setups only, another clause offering any of a kind, or a value in its place.
    "The environment ('staging' or 'production' in most projects).",
    "The stage ('dev' or 'prod' in the default setup).",
    "Currency: 'USD' or 'EUR' for card payments; any ISO 4217 code for bank transfers.",
    "Shell to run in. On Windows: 'cmd' or 'powershell'; on Linux any shell on PATH.",
    "Region: 'us' or 'eu'. Self-hosted instances pass their base URL here instead.",
    # Spellings built on the values, or more values named beside them.
    "Sort by: one of 'name', 'date', 'size'. Prepend a minus sign to reverse.",
    "Metric: either 'cosine' or 'euclidean' (l2 and ip are experimental).",
    # Other spellings of the values, more of them in words or numbers, or a list only advised.
    "Country: 'US', 'GB' or 'DE' (ISO alpha-2; lower case is fine).",
    "Allowed values: 'on', 'off' (any casing).",
    "Either 'GET' or 'POST' \u2013 lowercase is accepted.",
    "One of 'USD', 'EUR', 'GBP'; lowercase codes are normalised.",
    "OS name ('linux', 'darwin' and so on).",
    "A color name: 'red' or 'blue', for instance.",
    "Priority: 'low', 'normal' or 'high', or 1-5 as a string.",
    "Model. Recommended: 'small' or 'large'.",
    # Values that depend on the account, or are built on a placeholder.
    "Output format: 'json' or 'csv'. PDF export is available on the Pro plan.",
    "Target environment. Options: dev, prod. Feature branches deploy to preview-<branch>.",
    "Options: feature, bugfix. Hotfix branches use hotfix/<version>.",
    # Other spellings, values brought onto the list, or another kind of value after "or the".
    "Sort direction, either 'ascending' or 'descending'; asc and desc work as shorthands.",
    "Rating: 'poor', 'fair', 'good' or 'excellent'. Numeric ratings 1-4 are mapped onto these.",
    "Where to post: 'email' or 'sms', or the ID of a Slack channel (C0123ABCD).",
])
def test_a_list_that_is_not_all_the_fields_values_is_no_enum(description):
    assert "enum" not in _read(description)


@pytest.mark.parametrize("description, kind, values", [
    ("Sort order, one of 'asc', 'desc'. Applies to the list of results.", "string", ["asc", "desc"]),
    ("Log level, one of 'debug', 'info', 'error'. Each call is logged separately.", "string",
     ["debug", "info", "error"]),
    ("Page size: one of 10, 25, 50 (multiple pages are fetched).", "integer", [10, 25, 50]),
    ("Unit, can be 'metric' or 'imperial'.", "string", ["metric", "imperial"]),
    ("Visibility. Can be `public` or `private`.", "string", ["public", "private"]),
    ("The ace value, can be either 1 or 11.", "integer", [1, 11]),
    ("Status: can be one of open, closed or all.", "string", ["open", "closed", "all"]),
    ("Temperature unit, either celsius or fahrenheit.", "string", ["celsius", "fahrenheit"]),
    ("Either public or private.", "string", ["public", "private"]),
    ("The visibility, either public or private. Defaults to private.", "string", ["public", "private"]),
    ("If set, must be one of 'a', 'b'.", "string", ["a", "b"]),
    ("When given, either 'asc' or 'desc'.", "string", ["asc", "desc"]),
    ("Sort order when listing: 'asc' or 'desc'.", "string", ["asc", "desc"]),
    ("Either 'a' or 'b'. Any other value is an error.", "string", ["a", "b"]),
    ("Must be one of: 'a', 'b'. Must not be empty.", "string", ["a", "b"]),
    ("Must be one of 'a', 'b', but not 'c'.", "string", ["a", "b"]),
    ("Index type: 'hash' or 'btree'.", "string", ["hash", "btree"]),
    ("Possible values: draft, published. Use draft for previews.", "string", ["draft", "published"]),
    ("Mode. The value can be 'read' or 'write'.", "string", ["read", "write"]),
    ("Temperature unit. The unit must be one of 'c', 'f'.", "string", ["c", "f"]),
    ("Event order. This param can be either 'asc' (default) or 'desc'.", "string", ["asc", "desc"]),
    ("Sort order: 'asc' or 'desc'; any of them may be used with paging.", "string", ["asc", "desc"]),
    ("Region: 'us' or 'eu'. The region applies to the whole project.", "string", ["us", "eu"]),
    ("The sort order must be one of 'asc', 'desc'.", "string", ["asc", "desc"]),
    ("Sort order, one of 'asc', 'desc'. Results are joined into one page.", "string", ["asc", "desc"]),
])
def test_a_closed_list_near_those_words_is_still_read(description, kind, values):
    assert _read(description, kind)["enum"] == values


@pytest.mark.parametrize("description", [
    "Language as a two-letter code such as en, de or pt_br.",              # an example of another length
    "Currency, a three-letter code (e.g. usd, or USDC for stablecoins).",
    "A 4-digit code, e.g. 1234 or 123456.",
    "Two-letter language code, or 'auto' to detect it.",
    "Two-letter country code, or 'ALL' for every country.",
    "Region: a two-letter code or the region's full name.",                 # another form
    "Two-letter state code; use the full name for territories.",
    "A two-letter code or a three-letter code.",
    "Comma-separated list of two-letter country codes.",                    # several in one string
    "Two-letter country code (ISO 3166-1 alpha-2); three-letter codes are converted.",
    "Color: 'red', 'green', or any 6-digit hex code.",                     # values offered before it
])
def test_an_exact_length_the_words_offer_other_lengths_beside_is_no_bound(description):
    assert not {"minLength", "maxLength"} & set(_read(description))


@pytest.mark.parametrize("description", [
    "Coupon code (case-insensitive). Codes are 6-12 chars; gift cards 16 digits.",  # another kind, longer
    "Post text, up to 280 characters (premium accounts: 4,000 characters).",
    "Password of at least 8 characters; kiosk accounts use a 4-digit PIN.",         # another kind, shorter
])
def test_a_range_the_words_name_other_lengths_beyond_is_no_bound(description):
    """A bound of the range would refuse the values of the length the words name beside it."""
    assert not {"minLength", "maxLength"} & set(_read(description))


@pytest.mark.parametrize("description, bounds", [
    ("Between 10 and 1,000 characters.", {"minLength": 10, "maxLength": 1000}),   # its own ends
    ("Fewer than 50 characters.", {"maxLength": 49}),                             # an exclusive end, as written
    ("Max 100 chars; the first 40 characters show in previews.", {"maxLength": 100}),  # a length inside the range
])
def test_a_range_beside_lengths_within_it_is_still_read(description, bounds):
    assert _read(description) == bounds


@pytest.mark.parametrize("description, size", [
    ("A two-letter country code such as US or GB.", 2),
    ("Two-letter language code (en, de, fr).", 2),
    ("Country, a two-letter code (ISO 3166-1 alpha-2), for example 'US'.", 2),
    ("A 5-digit ZIP code (e.g. 94107).", 5),
    ("A 2 character code, or \u201cZZ\u201d for unknown.", 2),
    ("A two-letter country code such as the US or GB.", 2),
    ("The two letter country code. For a list of country codes, see ISO 3166-1 alpha-2.", 2),
])
def test_an_exact_length_its_examples_have_is_still_read(description, size):
    assert _read(description) == {"minLength": size, "maxLength": size}


def test_a_reference_to_a_list_elsewhere_offers_no_several_values():
    """"For a list of …, see" points to a reference: the field still holds one value."""
    assert _read("Email address of the reporter. For a list of team addresses, see the directory.") == \
        {"format": "email"}


@pytest.mark.parametrize("description", [
    # Words said of the values after a bare "values are", joined by "and": no choice offered.
    "The value of the tag. Constraints: Tag values are case-sensitive and accept a maximum of 256 Unicode characters.",
    "Values are case-sensitive and accept Unicode.",
    "Values are lowercase and hyphenated, such as prod-eu.",
    "Label values are trimmed, lowercased and deduplicated.",
    # Azure's wording of an extensible enum: the service may take other values.
    "The SKU name. Known values are Standard_LRS, Standard_GRS, Premium_LRS.",
    "The kind of resource. Known values: Azure, AzureArc.",
    # Another value named beside the list.
    "Billing interval. Either month or year; weekly billing (week) is in beta.",
    "One of draft, live. Archived pages (archived) cannot be edited.",
    "Mode: 'fast' or 'safe'. A third mode ('turbo') is in preview.",
    # Another value given by a verb after the list.
    "Filter by state. Possible values are open and closed. To include both, omit the parameter or pass all.",
    "Sort order: asc or desc. Use `relevance` to rank by match.",
    # A value still taken, as an alias.
    "Can be one of: open, closed. The value resolved is deprecated but still accepted as an alias for closed.",
    # The list of a part the first clause lays out as a placeholder.
    "Memory limit (format: <number>[<unit>]). Number is a positive integer. Unit can be one of b, k, m, or g.",
    # Dates and times are examples of a layout; an alternative after the list's parenthesis.
    "Start date, optionally with a time: '2024-05-01' for all-day events or '2024-05-01T14:00:00Z' for timed events.",
    "Start date, with or without time: '2024-05-01' or '2024-05-01T14:00:00Z'.",
    "When to remind, in natural language ('tomorrow at 9am', 'in 2 hours') or ISO 8601.",
])
def test_words_said_of_the_values_or_a_list_not_all_of_them_is_no_enum(description):
    assert "enum" not in _read(description)


@pytest.mark.parametrize("description, values", [
    ("Values are asc or desc.", ["asc", "desc"]),
    ("Options are fast, slow, or auto.", ["fast", "slow", "auto"]),
    ("Values are: asc, desc.", ["asc", "desc"]),
    ("Possible values are true and false.", ["true", "false"]),
    ("Billing interval. Either month or year (default).", ["month", "year"]),
    ("Sort order, one of asc, desc (ascending by default).", ["asc", "desc"]),
    ("Units, one of metric, imperial (SI).", ["metric", "imperial"]),
    # A verb after the list that gives one of its values, or no value.
    ("Sort order. Possible values are asc and desc. Use asc for oldest first.", ["asc", "desc"]),
    ("State: one of open, closed. Pass it to filter.", ["open", "closed"]),
])
def test_a_choice_or_a_list_with_an_annotation_beside_is_still_an_enum(description, values):
    assert _read(description)["enum"] == values


@pytest.mark.parametrize("description", [
    "The duration after which Square automatically either completes or cancels the payment.",
    "The job either succeeds or fails the build, depending on the flag.",
])
def test_verbs_of_another_subject_with_their_object_are_no_enum(description):
    assert "enum" not in _read(description)


@pytest.mark.parametrize("description", [
    "Severity, typically one of `low`, `medium`, `high`.",          # a hedge before the list
    "Severity; generally one of 'low', 'medium' or 'high'.",
    "Severity. Normally one of: low, medium, high.",
    "Kind. Supported values (non-exhaustive): `a`, `b`, `c`.",
    "Engine, one of the following among others: `v8`, `spidermonkey`.",
    "Voice name. Some options: `alloy`, `echo`, `fable`.",
    "Voice name. A few options: `alloy`, `echo`, `fable`.",
    "One of `alloy`, `echo`, `fable`; see the docs for the full list.",
    "並び順。例: 'asc', 'desc'",                                    # "e.g." in other languages
    "排序方式，例如: 'asc', 'desc'",
    "정렬 순서. 예: 'asc', 'desc'",
    "Ordre, ex. : 'asc', 'desc'",
])
def test_a_hedged_or_partial_list_is_no_closed_one(description):
    assert "enum" not in _read(description)


@pytest.mark.parametrize("description, values", [
    ("Severity, one of `low`, `medium`, `high`.", ["low", "medium", "high"]),
    ("Mode. Options: 'fast', 'slow'.", ["fast", "slow"]),
    ("Must be one of: small, medium, large.", ["small", "medium", "large"]),
])
def test_a_closed_list_without_a_hedge_is_still_read(description, values):
    assert _read(description)["enum"] == values


@pytest.mark.parametrize("description, bounds", [
    ("<p>The number of results (<code>1</code>-<code>50</code>).</p>", {"minimum": 1, "maximum": 50}),
    ("<b>Max:</b> 100<br/><b>Min:</b> 1", {"minimum": 1, "maximum": 100}),
    ("Page size: <code>1</code> to <code>100</code>.<br>Defaults to 20.", {"minimum": 1, "maximum": 100}),
    ("Between 1 and 5 (<= 5).", {"minimum": 1, "maximum": 5}),  # no tag: a comparison
])
def test_html_markup_is_read_past_not_as_comparisons(description, bounds):
    """A tag's `>` before a number read as "greater than": `</b> 100` gave `minimum: 101`."""
    assert _read(description, "integer") == bounds


@pytest.mark.parametrize("description", ["You can expand recursively up to 4 levels.",
                                         "Relations to include, nested up to 3 levels deep."])
def test_a_depth_is_no_count_of_items(description):
    assert "maxItems" not in _read(description, "array")


def test_a_docstrings_returns_section_bounds_the_answer_not_the_field():
    description = "count (int): Number of items to fetch.\n\nReturns:\n    At most 25 items per call; use the cursor for more."
    assert "maximum" not in _read(description, "integer")
    assert _read("Number of items, at most 50.\n\nReturns:\n    list: at most 25 items.", "integer") == {"maximum": 50}


@pytest.mark.parametrize("description", ["Sort order: \u201casc\u201d or \u201cdesc\u201d \u2014 or \u201crelevance\u201d for searches.",
                                         'Sort order: "asc" or "desc" - or "relevance" for searches.'])
def test_a_value_offered_after_a_dash_and_or_leaves_the_list_open(description):
    """The dash was read as the start of an explanation of "desc", and "relevance" dropped."""
    assert "enum" not in _read(description)


@pytest.mark.parametrize("description", [
    "Discount in percent (0-100) or, when `type` is `fixed`, an amount in cents.",
    "Percent 0-100, or if the mode is absolute, a count of items.",
])
def test_a_range_for_one_case_beside_another_cases_values_is_no_bound(description):
    assert not {"minimum", "maximum"} & set(_read(description, "integer"))
