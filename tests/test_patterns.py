"""Laws of `schema_lint.schema.patterns`: anchoring keeps a pattern's meaning, inside `^…$`."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.schema.patterns import anchored, compiled, is_anchored, one_sided_anchor, search

BODY = ["a", "b", "^", "$", "|", "(", ")", "(?:", "[a$|]", "[\\]|$]", "\\$", "\\|", "\\^", "*", "?", ".", "\\\\"]
# Alternatives with optional anchors of their own, so partial anchoring is common.
alternatives = st.tuples(st.sampled_from(["^", "^", ""]), st.lists(st.sampled_from(BODY), max_size=4).map("".join),
                         st.sampled_from(["$", "$", ""])).map("".join)
patterns = st.lists(alternatives, min_size=1, max_size=3).map("|".join).filter(
    lambda p: bool(p) and compiled(p) is not None and compiled(f"^(?:{p})$") is not None)
texts = st.lists(st.text(alphabet="ab$|^.\\", max_size=6), min_size=1, max_size=8)
# Regex checks are cheap, and the interesting shapes (several partly anchored
# alternatives) need more draws than the profile's default to come up.
cheap = settings(max_examples=120)


def _whole(pattern: str, text: str) -> bool:
    """Full-string match, the meaning `anchored` must give."""
    return search(f"^(?:{pattern})$", text)


@cheap
@given(patterns, texts)
def test_anchored_matches_exactly_the_whole_string_matches(pattern, samples):
    fixed = anchored(pattern)
    assert compiled(fixed) is not None
    for text in samples:
        assert search(fixed, text) == _whole(pattern, text)


@cheap
@given(patterns)
def test_anchored_patterns_are_recognised_as_anchored(pattern):
    assert is_anchored(anchored(pattern))


@cheap
@given(patterns, texts)
def test_what_is_recognised_as_anchored_only_matches_whole_strings(pattern, samples):
    if is_anchored(pattern):
        for text in samples:
            assert search(pattern, text) == _whole(pattern, text)


def test_escapes_classes_and_alternation_are_read_as_regex_syntax():
    assert is_anchored("^a\\\\$") and not is_anchored("^a\\$")
    assert not is_anchored("^a|b$") and is_anchored("^a$|^b$")
    assert not is_anchored("^[$]") and is_anchored("^(a|b)$") and is_anchored("^[\\]|$]$")
    assert one_sided_anchor("^=") == "start" and one_sided_anchor("x$") == "end"
    assert one_sided_anchor("^a|b") is None and one_sided_anchor("^a$") is None
