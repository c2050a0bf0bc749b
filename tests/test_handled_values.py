"""Values past a bound, or outside a list, that the words say the tool takes and handles.

"Larger values are capped at 50", "longer titles are truncated", "other values fall back
to json": a `maximum`, `maxLength` or `enum` made of the bound or the list refuses calls the
tool runs. Neither the reader nor any rule that fixes from words, traffic or a name may
bound that side (`schema_lint.prose.handled`).
"""

from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner
from lintkit import lint_tool, obj

from schema_lint.cli import main
from schema_lint.config import Config
from schema_lint.model import FixSafety
from schema_lint.prose.constraints import BOUNDS, ENUM, handled_bounds, stated
from schema_lint.prose.handled import LOWER, UPPER, handled_sides, takes_other_values
from schema_lint.traffic.values import MIN_SAMPLE


def _keywords(description: str, kind: str, part: str = BOUNDS) -> dict:
    return {found.keyword: found.value for found in stated(description, kind, part)}


@pytest.mark.parametrize("description, kind, kept", [
    # The audit's phrasings.
    ("Results to return (1-50). Larger values are capped at 50.", "integer", {"minimum": 1}),
    ("Results to return, at most 50; if more are asked for, only the first 50 are returned.", "integer", {}),
    ("Maximum 50; higher values are silently reduced.", "integer", {}),
    ("Results to return (max 50). Values above 50 are treated as 50.", "integer", {}),
    ("Page size, up to 100. Requests for more are limited to 100.", "integer", {}),
    ("Title (max 256 characters; longer titles are truncated).", "string", {}),
    # More of the family: the words in another sentence, the lower side, both sides, arrays.
    ("Page size (1-100). Values below 1 are treated as 1.", "integer", {"maximum": 100}),
    ("Between 1 and 100; out-of-range values are clamped.", "integer", {}),
    ("Number of results, at most 100. Anything above that is ignored.", "integer", {}),
    ("Timeout in seconds, up to 300 (capped at 300).", "integer", {}),
    ("Up to 20 tags; extra tags are dropped.", "array", {}),
    ("At most 10 ids. Only the first 10 ids are used.", "array", {}),
    ("Name, 1 to 64 characters. Longer names get cut.", "string", {"minLength": 1}),
    ("Zoom level between 1 and 20; smaller values are raised to 1, larger ones lowered to 20.", "number", {}),
    # The active voice.
    ("A list of up to 20 ids; the server drops the rest.", "array", {}),
    ("Max 100 characters; the API will cap it at 100.", "string", {}),
    # Split into parts: the longer value is sent, in several.
    ("Message text, up to 160 characters. Longer messages are split into multiple SMS.", "string", {}),
    ("Text to synthesize, at most 5,000 characters; longer input is chunked automatically.", "string", {}),
    # Answered, not refused: the call runs and its answer is empty.
    ("Search text. Minimum 2 characters; shorter queries return an empty result.", "string", {}),
    ("Search text, at least 3 characters (shorter input returns no matches).", "string", {}),
    ("Name to look up, 2 to 64 characters. Names under 2 characters match nothing.", "string", {"maxLength": 64}),
    ("Year, 1990 to 2030; otherwise the tool returns an empty list.", "integer", {}),
    # Answered with the bound's worth, or brought back into the range.
    ("Max results (1-100). Larger values return 100 results.", "integer", {"minimum": 1}),
    ("Max results (1-200). Asking for more returns 200.", "integer", {"minimum": 1}),
    ("Longitude in degrees, -180 to 180; values outside are wrapped around.", "number", {}),
    # Taken in several pages or turns.
    ("How many items to fetch, at most 100; larger requests are paginated internally.", "integer", {}),
    ("Max 100 per call; more are paged automatically.", "integer", {}),
    # Kept by some callers, or accepted.
    ("Username (3 to 32 characters). Existing SSO users may keep a shorter legacy username.", "string",
     {"maxLength": 32}),
    ("Team name, 3-20 characters. Longer names are accepted for imported teams.", "string", {"minLength": 3}),
    ("Between 2 and 5 choices; more than 5 requires a premium plan.", "array", {"minItems": 2}),
    # Brought back to the bound, in the server's or the caller's words.
    ("The number of items per page (max: 100). If you specify a value greater than 100, the server uses 100.",
     "integer", {}),
    ("Page size, max 50. If you ask for more, you get 50.", "integer", {}),
    # A maximum the words say is gone (any more, or in this version).
    ("Previously limited to 100; now unlimited.", "integer", {}),
    ("No maximum (unlike v1, which allowed at most 50).", "integer", {}),
    ("Limit. v1 allowed at most 100; v2 has no maximum.", "integer", {}),
    ("Was max 50 in the old API; any value now.", "integer", {}),
])
def test_a_side_past_which_values_are_handled_is_no_bound(description, kind, kept):
    assert _keywords(description, kind) == kept
    assert handled_bounds(description, kind)  # what a rule may name in a suggestion


@pytest.mark.parametrize("description", ["How many items to fetch. Soft limit of 100.",
                                         "How many items to fetch, soft limit of 100.",
                                         "Max 100 (contact support to raise it)."])
def test_a_limit_called_soft_or_raised_on_request_is_no_bound(description):
    """`maximum: 100` from "Soft limit of 100" refused 250, which the tool pages through."""
    assert _keywords(description, "integer") == {}


@pytest.mark.parametrize("description, kind, expected", [
    ("Up to 100. Larger values are rejected.", "integer", {"maximum": 100}),
    ("Up to 100. Larger values are treated as an error.", "integer", {"maximum": 100}),
    ("Up to 100; larger values are not truncated but refused.", "integer", {"maximum": 100}),
    ("Results are limited to 100.", "integer", {"maximum": 100}),
    ("Set to a higher value for more results. Max 100.", "integer", {"maximum": 100}),
    ("At most 280 characters.", "string", {"maxLength": 280}),
    # Nouns, imperatives and negations of the active verbs say nothing handled.
    ("Tags, at most 5. The cap is 5.", "array", {"maxItems": 5}),
    ("Text, at most 10 characters. Trim whitespace first.", "string", {"maxLength": 10}),
    ("Name, at most 10 characters. It does not truncate longer names.", "string", {"maxLength": 10}),
    # An empty answer said of no value past the bound, or denied.
    ("Query, at least 3 characters. Returns an empty list when nothing is found.", "string", {"minLength": 3}),
    ("Query, at least 3 characters; shorter queries do not return empty results but fail.", "string",
     {"minLength": 3}),
    ("Up to 50; larger values return an error.", "integer", {"maximum": 50}),
    # A count returned with no direction past the bound is what each call returns.
    ("Page size, at most 100. Each page returns 100 results.", "integer", {"maximum": 100}),
    ("Max 100. Use 0 to get all.", "integer", {"maximum": 100}),  # a sentinel offered, no side handled
    # A verb of permission with no comparative of its own, or one denied.
    ("No more than 5 tags; you can have none.", "array", {"maxItems": 5}),
    ("Name, at least 3 characters; shorter names are not accepted.", "string", {"minLength": 3}),
])
def test_a_bound_the_words_do_not_say_is_passed_stays_a_bound(description, kind, expected):
    assert _keywords(description, kind) == expected


@pytest.mark.parametrize("description, kind, expected", [
    # Slack's chat.postMessage: "more than 40,000" picks out the messages it truncates (it was minLength 40001).
    ("The message text. Slack will truncate messages containing more than 40,000 characters.", "string", {}),
    ("Lists having fewer than 2 items are padded; at most 10 items.", "array", {"maxItems": 10}),
    # "with more than" and an inclusive bound after the participle still state a rule.
    ("Must be a string with more than 3 characters.", "string", {"minLength": 4}),
    ("Array containing up to 5 tags.", "array", {"maxItems": 5}),
])
def test_values_a_strict_comparison_picks_out_are_a_case_not_a_rule(description, kind, expected):
    assert _keywords(description, kind) == expected


@pytest.mark.parametrize("description", [
    "Output format: `json` (default), `csv`, `xml`; other values fall back to json.",
    "Output format: one of json, csv or xml (anything else is treated as json).",
    "Output format: one of `json`, `csv`, `xml`; any other value is ignored.",
    "Sort order: one of 'asc', 'desc'. Unrecognized values default to asc.",
    "If omitted or invalid, defaults to `json`. One of `json`, `csv`.",
    "Unit, one of 'metric', 'imperial'; unsupported units are mapped to metric.",
    "Data region: 'us' or 'eu'. Self-hosted instances pass their own region name.",
])
def test_a_list_other_values_fall_back_from_is_no_enum(description):
    assert takes_other_values(description)
    assert _keywords(description, "string", ENUM) == {}


@pytest.mark.parametrize("description", [
    "Sort order: one of 'asc', 'desc'. Other values are rejected.",
    "Sort order: one of 'asc', 'desc'; invalid values are treated as an error.",
])
def test_a_list_other_values_are_refused_by_is_still_an_enum(description):
    assert _keywords(description, "string", ENUM) == {"enum": ["asc", "desc"]}


@pytest.mark.parametrize("description", [
    "Either a user ID or one of `me`, `all`.",
    "A channel ID, or one of `general`, `random`.",
    "An ISO 8601 date, or one of `today`, `yesterday`.",
    "A user ID; alternatively one of `me`, `all`.",
    "A team name, or one of the following: 'all', 'none'.",
    "One of `me`, `all`; or a user ID.",
    "One of `me`, `all`. Alternatively, a user ID.",
    "Sort order, one of 'asc' or 'desc'; or 'random'.",
])
def test_a_list_offered_beside_another_kind_of_value_is_no_enum(description):
    assert _keywords(description, "string", ENUM) == {}


def test_the_rules_fix_no_handled_side_from_words_traffic_or_name():
    schema = obj(
        top_k={"type": "integer", "description": "Results to return (1-50). Larger values are capped at 50."},
        page_size={"type": "integer", "description": "Page size; values below 1 are treated as 1."},
        title={"type": "string", "description": "Title (max 256 characters; longer titles are truncated)."},
        tags={"type": "array", "items": {"type": "string", "maxLength": 9},
              "description": "Up to 20 tags; extra tags are dropped."},
        format={"type": "string", "description": "Output format: `json` (default), `csv`, `xml`; other values fall "
                                                 "back to json."},
        assignee={"type": "string", "description": "Either a user ID or one of `me`, `all`."})
    found = lint_tool(schema, config=Config(select=["ALL"]), name="create_report")
    applied = {(d.pointer.rsplit("/", 1)[-1], o.path.rsplit("/", 1)[-1], o.value) for d in found if d.fix is not None
               and d.fix.safety is not FixSafety.SUGGESTION for o in d.fix.operations}
    assert applied == {("top_k", "minimum", 1)}
    suggested = {d.fix.operations[0].path.rsplit("/", 2)[-2:][0]: d.fix for d in found
                 if d.fix is not None and d.fix.safety is FixSafety.SUGGESTION and d.code in ("SL301", "SL302")}
    assert "max 256 characters" in suggested["title"].description and "not refused" in suggested["title"].description


def test_traffic_gives_no_bound_on_a_handled_side(tmp_path):
    tool = {"name": "list_docs", "description": "List documents.", "inputSchema": obj(
        title={"type": "string", "description": "Title; longer titles are truncated."},
        page_size={"type": "integer", "description": "Page size; larger values are capped at the server's limit."})}
    tools, recorded = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tools.write_text(json.dumps(tool))
    recorded.write_text("".join(json.dumps({"tool": "list_docs", "arguments": {"title": "t" * (n % 9 + 1),
                                                                                "page_size": n % 7 + 1}}) + "\n"
                                for n in range(MIN_SAMPLE)))
    result = CliRunner().invoke(main, ["check", "--select", "SL301,SL303", "--unsafe-fixes", "--output-format", "json",
                                       "--no-cache", "--calls", str(recorded), str(tools)])
    fixes = [d["fix"] for d in json.loads(result.output) if d["fix"] is not None]
    # The traffic's `maxLength` of the title and `maximum` of the page size would refuse what the tool cuts down;
    # the words say more than what the page size is, so even its `minimum` is only a suggestion.
    assert [fix for fix in fixes if fix["safety"] != "suggestion"] == []
    assert [fix["description"] for fix in fixes if "recorded calls" in fix["description"]] == [
        f"add `minimum: 1` ({MIN_SAMPLE} recorded calls, from 1 to 7; but its words say more than what it is: "
        "confirm it)"]


def test_a_lower_side_handled_gets_no_lower_bound_from_the_name():
    found = lint_tool(obj(quantity={"type": "integer", "description": "How many; values below 1 are treated as 1."}),
                      "SL303", name="add_to_cart")
    assert all(d.fix is None or d.fix.safety is FixSafety.SUGGESTION for d in found)


@pytest.mark.hostile
@pytest.mark.parametrize("phrase", ["larger values are capped at 50. ", "only the first 50 are returned. ",
                                    "other values fall back to json. ", "capped clamped truncated ",
                                    "or one of `a`, `b` ", "more more more are reduced ",
                                    "will truncate more ", "drops the rest ", "containing more than 5 ",
                                    "more than 5 more requires a premium ", "no max any value now ",
                                    "for more you get 50. "])
def test_the_handled_words_are_read_within_budget(phrase):
    hostile = "Results (max 50). " + phrase * 5_000
    hostile += "x" * (1_000_000 - len(hostile))
    started = time.thread_time()
    handled_sides(hostile)
    takes_other_values(hostile)
    stated(hostile, "integer")
    stated(hostile, "string")
    assert time.thread_time() - started < 1
    assert UPPER in handled_sides("larger values are capped at 50") and LOWER not in handled_sides("capped at 50")


def test_values_past_a_bound_that_some_values_may_be_are_handled():
    """"For SMS, at most 160 characters; email bodies may be longer": `maxLength: 160` refuses
    the email bodies the words allow."""
    assert UPPER in handled_sides("Message body. For SMS, at most 160 characters; email bodies may be longer.")
