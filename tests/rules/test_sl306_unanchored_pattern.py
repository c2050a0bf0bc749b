"""SL306 unanchored-pattern: the whole pattern anchored, one-sided anchors reported without a fix."""

from __future__ import annotations

import re

import pytest
from lintkit import lint_tool, obj

from schema_lint.model import FixSafety, Operation
from schema_lint.schema.patterns import longest_match

P = "/inputSchema"


@pytest.mark.parametrize("pattern, fixed", [
    ("[A-Z]{3}", "^[A-Z]{3}$"),
    ("^a|b", "^(?:a|b)$"),
    ("^a$|b", "^(?:a|b)$"),
    ("[|$]x", "^[|$]x$"),
    ("a+\\$", "^a+\\$$"),
    ("(a|b)c", "^(a|b)c$"),  # alternatives inside a group: no group around them needed
])
def test_sl306_anchors_the_whole_pattern(pattern, fixed):
    (found,) = lint_tool(obj(code={"type": "string", "pattern": pattern}), "SL306")
    assert found.pointer == f"{P}/properties/code/pattern"
    assert found.fix.operations == (Operation("replace", f"{P}/properties/code/pattern", fixed),)


@pytest.mark.parametrize("schema, safety", [
    # A stated value that is one whole match: evidence that a value is the pattern.
    ({"pattern": "[A-Z]{3}-[0-9]{4}", "examples": ["ABC-1234"]}, FixSafety.UNSAFE),
    ({"pattern": "[A-Z]{3}-[0-9]{4}", "description": "Ticket key, e.g. ABC-1234."}, FixSafety.UNSAFE),
    # None: a guess, as `[a-z]+@acme\.com` that found "doe@acme.com" in "john.doe@acme.com".
    ({"pattern": "[a-z]+@acme\\.com", "description": "Work email at acme.com."}, FixSafety.SUGGESTION),
    ({"pattern": "[A-Z]{3}-[0-9]{4}"}, FixSafety.SUGGESTION),
])
def test_sl306_anchoring_is_a_fix_only_where_a_stated_value_matches_it_whole(schema, safety):
    (found,) = lint_tool(obj(code={"type": "string", **schema}), "SL306")
    assert found.fix.safety is safety


@pytest.mark.parametrize("pattern, side", [("^=+[a-z]", "start"), ("\\.pdf$", "end")])
def test_sl306_one_sided_anchors_are_reported_without_a_fix(pattern, side):
    (found,) = lint_tool(obj(formula={"type": "string", "pattern": pattern}), "SL306")
    assert f"anchored only at the {side}" in found.message and found.fix is None


@pytest.mark.parametrize("pattern", ["^[a-z]+$", "^a$|^b$", "^(?:a|b)$", "^a\\\\$", "", "(unbalanced"])
def test_sl306_leaves_anchored_empty_and_invalid_patterns_alone(pattern):
    assert lint_tool(obj(code={"type": "string", "pattern": pattern}), "SL306") == []


def test_sl306_a_literal_prefix_is_a_starts_with_test_as_meant():
    # `^=` asks that a cell total be a formula: anchoring its end would break it.
    assert lint_tool(obj(total={"type": "string", "pattern": "^="}), "SL306") == []
    assert lint_tool(obj(code={"type": "string", "pattern": "^[A-Z]+"}), "SL306") != []


@pytest.mark.parametrize("pattern, matched", [("\\d+(?=px)", "12px"), ("(?<=a)b", "ab"), ("x(?<!y)z", "xz"),
                                              ("a(?!b)", "ac"), ("(?=.*\\d)\\w+", "a1")])
def test_sl306_a_pattern_with_a_lookaround_is_reported_without_a_fix(pattern, matched):
    """Anchored whole, `\\d+(?=px)` and `(?<=a)b` match nothing at all: the fix would refuse every
    value. A lookaround anywhere is left for a person to anchor."""
    (found,) = lint_tool(obj(code={"type": "string", "pattern": pattern}), "SL306")
    assert found.fix is None and "no fix: it has a lookaround" in found.message
    assert re.search(pattern, matched)  # the pattern as written does match something


@pytest.mark.parametrize("pattern", ["[(?=]x", "\\(?=x", "(?<name>a)b", "(?:a)b"])
def test_sl306_what_only_looks_like_a_lookaround_keeps_its_fix(pattern):
    (found,) = lint_tool(obj(code={"type": "string", "pattern": pattern}), "SL306")
    assert found.fix is not None


@pytest.mark.parametrize("schema", [
    {"type": "string", "pattern": "[0-9]", "description": "Password; must contain at least one digit."},
    {"type": "string", "pattern": "https?://", "description": "Website; must contain an http:// or https:// URL."},
    {"type": "string", "pattern": "(^|\\s)@\\w+", "description": "Text that must mention a user with @name."},
    {"type": "array", "items": {"type": "string", "pattern": "[a-z]{2}"}, "description": "Tags; each must contain "
                                                                                          "two lowercase letters."},
    {"type": "string", "pattern": "\\+[1-9]\\d{1,14}",
     "description": "Phone number in E.164 format, optionally followed by an extension like ;ext=123."},
    {"type": "string", "pattern": "[A-Z]{2}\\d{2}", "description": "Account number; starts with the country code."},
    {"type": "string", "pattern": "\\.(png|jpg)", "description": "Image filename ending in .png or .jpg."},
    {"type": "string", "pattern": "[a-z].*\\d|\\d.*[a-z]", "description": "Password; needs a lowercase letter and a digit."},
    {"type": "string", "pattern": "^\\+[1-9][0-9]{6,14}",  # anchored on the side the words close
     "description": "E.164 number, optionally followed by an extension"},
    {"type": "string", "pattern": "\\.(png|jpg)$", "description": "Image filename ending in .png or .jpg"},
])
def test_sl306_a_test_the_words_say_the_value_contains_is_unanchored_as_meant(schema):
    """Anchored, `[0-9]` under "must contain at least one digit" accepted one digit and nothing
    else, `\\.(png|jpg)` under "ending in .png" only ".png": each refused every value the words
    describe. The words say the pattern is a test for what the value contains: nothing to report."""
    assert lint_tool(obj(field=schema), "SL306") == []
    unworded = {key: value for key, value in schema.items() if key != "description"}
    assert len(lint_tool(obj(field=unworded), "SL306")) == 1  # the words decide


@pytest.mark.parametrize("schema", [
    {"type": "string", "pattern": "\\S", "description": "Display name."},
    {"type": "string", "pattern": "[A-Z]{2,10}-\\d+",
     "description": "Jira issue key, e.g. PROJ-123. Full issue URLs are accepted as well."},
    {"type": "string", "pattern": "[A-Za-z0-9_]{1,15}", "description": "Twitter handle, with or without '@'."},
    {"type": "string", "pattern": "[A-Z]+-\\d+", "description": "Ticket reference like JIRA-42 or its URL."},
    {"type": "string", "pattern": "[A-Z]{2}[0-9]{6}",
     "description": "Passport number, e.g. AB123456. Older passports carry a trailing check letter."},
    {"type": "string", "pattern": "[0-9]{5}", "description": "US ZIP code (e.g. 94103). ZIP+4 is accepted."},
    {"type": "string", "pattern": "[A-Z][A-Z0-9]+-[0-9]+",
     "description": "Jira issue key, e.g. PROJ-123. Several keys may be given separated by commas."},
    {"type": "string", "pattern": "[0-9]{1,3}(\\.[0-9]{1,3}){3}",
     "description": "IPv4 address, e.g. 10.1.2.3; append :port if the service is not on 443."},
    {"type": "string", "pattern": "[a-z0-9]+(-[a-z0-9]+)*",
     "description": "URL slug, e.g. summer-sale. Upper-case letters are lower-cased for you."},
    {"type": "string", "pattern": "\\d{4}-\\d{2}-\\d{2}", "description": "Date (e.g. 2024-05-01); a time may follow."},
    {"type": "string", "pattern": "\\+\\d{10,14}", "description": "Phone (E.164), e.g. +4915112345678; add ;ext=123 for "
                                                             "extensions."},
    {"type": "string", "pattern": "\\.(pdf|docx)", "description": "A PDF or DOCX document."},
])
def test_sl306_a_pattern_the_words_or_its_shape_leave_open_is_reported_without_a_fix(schema):
    """Anchored, `\\S` accepted one character, `[A-Z]{2,10}-\\d+` refused the issue URL the words
    accept, `[A-Za-z0-9_]{1,15}` the handle written with its '@', `\\.(pdf|docx)` every file name."""
    (found,) = lint_tool(obj(field=schema), "SL306")
    assert found.fix is None and "no fix:" in found.message


def test_sl306_a_stated_example_the_anchored_pattern_refuses_withholds_the_fix():
    """"ZIP code, e.g. 94103 or 94103-1234": anchored, `\\d{5}` refused the ZIP+4 the words give."""
    schema = {"type": "string", "pattern": "\\d{5}", "description": "ZIP code, e.g. 94103 or 94103-1234."}
    (found,) = lint_tool(obj(zip=schema), "SL306", name="create_address")
    assert found.fix is None and "`94103-1234`" in found.message


@pytest.mark.parametrize("pattern, value", [("@example\\.com", "jane@example.com"), ("\\.pdf", "report.pdf"),
                                            ("internal", "internal-billing"), ("a\\/b", "x/a/b/y")])
def test_sl306_plain_text_is_a_test_for_what_a_value_contains_and_gets_no_fix(pattern, value):
    """`@example\\.com` on an email anchored as `^(?:@example\\.com)$` accepted "@example.com" alone
    and refused every address at the domain the pattern meant."""
    (found,) = lint_tool(obj(email={"type": "string", "pattern": pattern, "description": "Work email."}), "SL306")
    assert found.fix is None and "no fix: it is plain text" in found.message
    assert re.search(pattern, value) and not re.search(f"^(?:{pattern})$", value)


def test_sl306_an_example_after_the_first_that_the_anchored_pattern_refuses_withholds_the_fix():
    """"like 1.2.3 or 1.2.3-beta.1 or v1.2.3": only the first example was read, and the anchored
    `\\d+\\.\\d+\\.\\d+` refused the second, a version the words offer."""
    schema = {"type": "string", "pattern": "\\d+\\.\\d+\\.\\d+",
              "description": "Semantic version like 1.2.3 or 1.2.3-beta.1 or v1.2.3."}
    (found,) = lint_tool(obj(version=schema), "SL306", name="publish_package")
    assert found.fix is None and "`1.2.3-beta.1`" in found.message


@pytest.mark.parametrize("description, withheld", [
    # A value the words write out, unquoted, that holds a match and is no whole one.
    ("US phone number like 555-1234, or with area code: 415-555-1234.", True),
    ("Phone like 555-0100; add the area code for long distance: 415-555-0100.", True),
    # Every value written out matches whole; prose words a broad pattern finds a part of tell nothing.
    ("US phone number like 555-1234 (without the area code, as e-mail forms show it).", False),
])
def test_sl306_a_value_the_words_write_out_that_holds_no_whole_match_withholds_the_fix(description, withheld):
    """`\\d{3}-\\d{4}` anchored refused "415-555-1234", the number with its area code the words give."""
    schema = {"type": "string", "pattern": "\\d{3}-\\d{4}", "description": description}
    (found,) = lint_tool(obj(phone=schema), "SL306", name="update_contact")
    assert (found.fix is None) is withheld
    assert ("no fix: the description gives `415-555-" in found.message) is withheld


@pytest.mark.parametrize("description, pattern, withheld", [
    # A length the words name that no match reaches: such values hold a match and more.
    ("Hex colour e.g. #1a2b3c; 8-digit #RRGGBBAA for transparency.", "#[0-9a-fA-F]{6}", True),
    ("ISBN, e.g. 0306406152; newer books have a 13-digit ISBN.", "\\d{9}[\\dX]", True),
    # Lengths a match reaches, or a pattern whose matches are unbounded or that Python cannot measure.
    ("Hex colour, a 6-digit code such as #1a2b3c.", "#[0-9a-fA-F]{6}", False),
    ("Ticket number e.g. 12345; old tickets have 20 digits.", "\\d+", False),
])
def test_sl306_a_length_the_words_name_beyond_any_match_withholds_the_fix(description, pattern, withheld):
    """`#[0-9a-fA-F]{6}` anchored refused "#1a2b3cff", the 8-digit colour the words offer."""
    schema = {"type": "string", "pattern": pattern, "description": description}
    (found,) = lint_tool(obj(value=schema), "SL306", name="update_item")
    assert (found.fix is None) is withheld
    assert ("longer than any match of the pattern" in found.message) is withheld


@pytest.mark.parametrize("pattern, longest", [
    ("#[0-9a-fA-F]{6}", 7), ("[A-Z]{2}\\d{6}", 8), ("\\+\\d{10,14}", 15), ("(ab|c)", 2),
    ("\\d+", None), ("a{2,}", None), ("\\p{L}{3}", None), ("(?<year>\\d{4})", None), ("(" * 500 + "a" + ")" * 500, None),
])
def test_longest_match_measures_bounded_patterns_and_admits_what_it_cannot(pattern, longest):
    assert longest_match(pattern) == longest


@pytest.mark.parametrize("description, pattern", [
    ("Mobile number in international form, e.g. '+4915112345678'. Spaces and dashes are stripped.", "\\+?[0-9]{7,15}"),
    ("Mobile number, e.g. '+4915112345678'. Formatting characters are ignored.", "\\+?[0-9]{7,15}"),
    ("Issue key, e.g. 'PROJ-12'. You can also paste the browser link to the issue.", "[A-Z]{2,10}-\\d+"),
    ("US ZIP code, e.g. '10001'. ZIP+4 codes can be given with a space (10001 1234).", "\\d{5}"),
])
def test_sl306_words_that_undo_spellings_or_take_pasted_forms_withhold_the_fix(description, pattern):
    (found,) = lint_tool(obj(value={"type": "string", "pattern": pattern, "description": description}), "SL306",
                         name="update_item")
    assert found.fix is None and "another form" in found.message
