"""The bound readers, matched in a sentence lowered, find what they found matched without case.

`constraints` looks for a bound ("Up to 50 Items", "between 1 AND 10 Chars") in the sentence
lowered, with patterns compiled case-sensitively (cheaper to compile, faster to match), and
takes the numbers and words from the sentence itself. These properties hold each pattern to
its spelling before: the unit `[A-Za-z]`, matched without case in the sentence as written.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.prose import constraints
from schema_lint.prose.constraints import _groups

BOUNDS = ("_RANGES", "_UPPER", "_LOWER", "_ABOVE", "_BELOW", "_OR_MORE", "_MULTIPLE")
_UNIT_BEFORE = constraints._UNIT.replace("[a-z]", "[A-Za-z]")


def _spelled_before(name: str) -> re.Pattern:
    source = getattr(constraints, name)._exact.pattern
    units = source.count(constraints._UNIT)
    assert units or name == "_MULTIPLE"
    return re.compile(source.replace(constraints._UNIT, _UNIT_BEFORE), re.I)


BEFORE = {name: _spelled_before(name) for name in BOUNDS}

words = st.sampled_from([
    "between ", "from ", "ranging from ", "range of ", "in the range ", "scale of ", " to ", " and ", " through ", "-",
    "\u2013", "\u2014", "(", ")", "( ", ",", ";", ":", " ", "at most ", "up to ", "no more than ", "maximum ",
    "max. ", "max: ", "cannot exceed ", "not to exceed ", "limited to ", "limit of ", "less than or equal to ",
    "<=", "\u2264", "at least ", "minimum length of ", "min: ", "greater than or equal to ", ">=", "\u2265",
    "no ", "not ", "greater than ", "more than ", "fewer than ", "lower than ", ">", "<", " or more", "a multiple of ",
    "0", "1", "5", "10", "250", "-3", "\u22122", "1,000", "2.5", "characters", "chars", "letters", "items", "entries",
    "values", "stars", "tags", "days", "ms", "zones", "x", "\u017f", "\u212a", "\u00e9", "\u0130", "`"])
texts = st.lists(words.flatmap(lambda w: st.sampled_from([w, w.upper(), w.title()])), max_size=12).map("".join)


def _found(name: str, text: str) -> list:
    lowered = text.lower() if text.isascii() else None
    pattern = getattr(constraints, name)
    return [(match.span(), _groups(match, text)) for match in pattern.finditer_lowered(text, lowered)]


@pytest.mark.parametrize("name", BOUNDS)
@settings(max_examples=1500)
@given(text=texts)
def test_a_bound_pattern_finds_in_lowered_text_what_it_found_without_case(name, text):
    assert _found(name, text) == [(match.span(), match.groups()) for match in BEFORE[name].finditer(text)]


def test_the_words_are_the_sentences_own():
    text = "Between 1 AND 10 Chars, UP TO 50 Items, \u017fee at least 2 Days."
    assert _found("_RANGES", text) == [((0, 22), ("1", None, "10", "Chars") + (None,) * 16)]
    assert _found("_UPPER", text)[0][1][:2] == ("50", "Items")
    assert [bound.phrase for bound in constraints._bound_matches(text)] == [
        "Between 1 AND 10 Chars", "Between 1 AND 10 Chars", "UP TO 50 Items", "at least 2 Days"]
