"""The shape detectors answer as the regular expressions they replaced, on every string.

The old detectors are kept here as the oracle: they were right but backtracked
(quadratic time on brackets and blanks, see test_hostile_calls). Generated strings are
short and drawn mostly from the characters the grammar turns on, so that calls,
subscripts, delimiters and blanks meet in every order.
"""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from schema_lint.boundary.shape import expression, joined_list

OLD_DELIMITER = re.compile(r"\s*[,;\n]\s*")
OLD_EXPRESSION = re.compile(r"[A-Za-z_][\w.]*\s*(?:\(.*\)|\[.*\])(?:\s*\[[^\]]*\])*\Z", re.S)


def old_joined_list(text):
    parts = [part for part in OLD_DELIMITER.split(text.strip()) if part]
    return parts if len(parts) >= 2 else None


def old_expression(text):
    return OLD_EXPRESSION.match(text.strip()) is not None


TOKENS = st.sampled_from(["f", "data.x", "_", "é", "9", "(", ")", "[", "]", "{", "}", ",", ";", "'", '"',
                          " ", "\n", "\t", "\x0b", "\x1c", "\u00a0", "\u2028", ":5", "x"])
JUNK = st.lists(TOKENS, max_size=4).map("".join)
NAMES = st.sampled_from(["", "f", "data", "a.b", "_x", " g", "9", "é"])
# A name, a call or subscript, then subscripts, each piece with junk that may break it.
NEAR_EXPRESSIONS = st.builds(
    "{}{}{}{}{}".format, NAMES, st.sampled_from(["(", "[", " (", ""]), JUNK, st.sampled_from([")", "]", ""]),
    st.lists(st.builds("{}[{}]{}".format, st.sampled_from(["", " ", "\n"]), JUNK, JUNK), max_size=3).map("".join))
STRINGS = NEAR_EXPRESSIONS | st.builds(str.__add__, NAMES, st.lists(TOKENS, max_size=16).map("".join)) | st.text()


@settings(max_examples=3_000)
@given(STRINGS)
@example("search(query)[:5]")
@example("f(a)[x)]")
@example("f(a) [1] \n[2]")
@example("data['sales']")
@example("f(a)[1]x")
@example("a \n, b\n\n;c")
def test_expression_and_joined_list_answer_as_the_old_regular_expressions(text):
    assert expression(text) == old_expression(text)
    assert joined_list(text) == old_joined_list(text)
