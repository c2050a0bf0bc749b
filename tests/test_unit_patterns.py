"""The unit readers find what the alternation of every spelling finds.

`units` matches a word where a unit stands and looks it up among the spellings, instead of
compiling the sixty spellings into its patterns (three times over); these properties hold
it to the patterns that spell them out, kept here as the oracle.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.prose import units
from schema_lint.prose.units import UNITS, bounds_value, units_said

_ONLY_AFTER_NUMBER = {"min", "us", "ns", "s", "h", "m", "g", "mi", "w", "v", "l", "pa", "bar", "bars"}
_WORD_SPELLINGS = "|".join(sorted((s for s in UNITS if s not in _ONLY_AFTER_NUMBER), key=len, reverse=True))
_ANY_SPELLING = "|".join(sorted(UNITS, key=len, reverse=True))
SPELLED_VALUE_IN = re.compile(
    r"\b(?:in|number of|count of|amount of)\s+(?:whole\s+)?(" + _WORD_SPELLINGS + r")\b"
    r"|\(\s*(?:in\s+)?(" + _WORD_SPELLINGS + r")\s*\)|\bunits?\s*(?:is|:)\s*(" + _WORD_SPELLINGS + r")\b", re.I)
SPELLED_COMPOUND = re.compile(r"\s*(?:,\s*|and\s+|\+\s*)?\d+(?:\.\d+)?\s*(?:" + _ANY_SPELLING + r")\b", re.I)

spellings = st.sampled_from(sorted(UNITS)).flatmap(lambda s: st.sampled_from([s, s.upper(), s.title()]))
# The words the patterns look for, spellings in any case, the characters `re` matches
# without case beyond ASCII (long s, Kelvin sign, Greek mu), and what stands around them.
fragments = spellings | st.sampled_from([
    "in ", "In ", "IN  ", "number of ", "count of ", "amount of ", "whole ", "in whole ", "(", "( in ", ")", " ", "  ",
    "unit", "Units", " is ", "is", ":", ",", ", ", "and ", " and ", "+", "5", "12", "1.5", ".", "_", "x", "e",
    "\u017fec", "\u212am", "\u00b5s", "\u039cs", "\u03bcs", "in\u017f", "\u00e9t\u00e9", "2"])
texts = st.lists(fragments, max_size=14).map("".join)


def _spelled_units(text: str) -> list[str]:
    return [next(g for g in match.groups() if g is not None) for match in SPELLED_VALUE_IN.finditer(text)]


@settings(max_examples=3000)
@given(texts)
def test_the_units_said_are_those_the_spelled_pattern_finds(text):
    assert list(units_said(text)) == _spelled_units(text)


@settings(max_examples=3000)
@given(texts)
def test_a_compound_is_what_the_spelled_pattern_matches(text):
    units._described_units.cache_clear()
    # A bound in days, of a value said to be in days: only a compound after it stops it.
    assert bounds_value("days", text, "Retention in days.", None) == (SPELLED_COMPOUND.match(text) is None)


def test_the_usual_cases():
    text = "Timeout in seconds (ms), in in whole days, unit: MB; in \u017fec and (in \u212ag)."
    assert list(units_said(text)) == _spelled_units(text) == ["seconds", "ms", "days", "MB", "\u017fec", "\u212ag"]
    assert not bounds_value("days", " and 12 hours", "Retention in days.", None)
    assert bounds_value("days", " and 12 horses", "Retention in days.", None)
