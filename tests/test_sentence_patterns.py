"""The sentence-splitting patterns the prose readers share find what their plain spelling finds.

They are spelled to start with the characters every match starts with, which Python's
`re` then looks for directly, instead of with a look-behind it would try at every
character; these properties hold them to the spelling that says what they mean.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.prose.conditional_prose import _SENTENCE_END
from schema_lint.prose.constraints import _BOUNDARY

PLAIN = {
    "boundary": (_BOUNDARY, re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bex)[.;!?](?=\s)|\n")),
    "sentence end": (_SENTENCE_END, re.compile(r"(?<!\be\.g)(?<!\bi\.e)[.;!?](?=\s|$)|\n\s*\n|\n\s*[-*\u2022]")),
}
# Texts made of what the patterns look at: stops, "e.g", "i.e", blanks and bullets.
texts = st.text(alphabet="e.gi;!?\n\t -*\u2022ab", max_size=40)


def _spans(pattern, text: str, end: int) -> list:
    return [match.span() for match in pattern.finditer(text, 0, end)]


@settings(max_examples=3000)
@given(texts, st.integers(min_value=0, max_value=40))
def test_each_pattern_matches_where_its_plain_spelling_does(text, end):
    for fast, plain in PLAIN.values():
        assert _spans(fast, text, len(text)) == _spans(plain, text, len(text))
        assert _spans(fast, text, end) == _spans(plain, text, end)
        assert fast.split(text) == plain.split(text)


def test_the_spellings_agree_on_the_usual_cases():
    text = "Use e.g. this. Or i.e. that; then\n\n- a bullet\n  * another!\nEnd."
    for fast, plain in PLAIN.values():
        assert _spans(fast, text, len(text)) == _spans(plain, text, len(text)) != []
