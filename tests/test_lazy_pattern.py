"""`lazy_compile` answers as `re.compile` does, and compiles nothing until first used."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schema_lint.text import lazy_pattern
from schema_lint.text.lazy_pattern import CaselessWords, Screened, lazy_compile

SOURCES = [(r"\b(?P<word>when|if)\s+(?P<name>\w+)", re.I), (r"^[`'\"]?[\w.$-]+[`'\"]?$", 0), (r"\d+|,", 0)]


@pytest.mark.parametrize(("source", "flags"), SOURCES)
@given(text=st.text(alphabet="ifwhenIFWHEN `'\"x1.,-$\n", max_size=40))
def test_a_lazy_pattern_answers_as_the_compiled_one(source, flags, text):
    lazy, compiled = lazy_compile(source, flags), re.compile(source, flags)
    assert (lazy.pattern, lazy.flags, lazy.groupindex) == (compiled.pattern, compiled.flags, compiled.groupindex)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert bool(lazy.search(text)) == bool(compiled.search(text))
    assert bool(lazy.match(text)) == bool(compiled.match(text))
    assert lazy.sub("-", text) == compiled.sub("-", text)
    assert lazy.split(text) == compiled.split(text)


def test_nothing_is_compiled_before_the_first_use(monkeypatch):
    compiled = []
    real = re.compile
    monkeypatch.setattr(lazy_pattern.re, "compile", lambda *a: compiled.append(a) or real(*a))
    pattern = lazy_compile(r"x+")
    assert compiled == []
    assert pattern.search("axx").group() == "xx"
    assert pattern.fullmatch("xxx") and not pattern.match("ax")
    assert compiled == [(r"x+", 0)]  # once, however many uses follow


def test_a_private_name_is_an_attribute_error_not_a_compile():
    pattern = lazy_compile("(")  # would raise re.error if compiled
    with pytest.raises(AttributeError):
        pattern._missing
    with pytest.raises(re.error):
        pattern.search("")


WORDS = r"\b(?:required|needs?|must\s+be\s+set|optional(?:ly)?|k|s)\b"


@given(text=st.text(alphabet=st.sampled_from("requiREDneEdsSmutb OPTIONALYk\u212a\u017f\u0130\u00df \t."), max_size=30)
       | st.text(max_size=30))
def test_caseless_words_occur_where_the_case_insensitive_pattern_finds_them(text):
    """Lowering ASCII text and matching exactly finds what matching without case finds; the
    Kelvin sign and the long s (which match k and s without case) take the other road."""
    assert CaselessWords(WORDS).occurs_in(text) == bool(re.search(WORDS, text, re.I))
    # Its words looked for first (one occurs in every match) change no answer.
    worded = CaselessWords(WORDS, words=("required", "need", "must", "optional", "k", "s"))
    assert worded.occurs_in(text) == bool(re.search(WORDS, text, re.I))


@given(text=st.text(alphabet=st.sampled_from("requiREDneEdsSmutb OPTIONALYk\u212a\u017f\u0130\u00df \t."), max_size=30)
       | st.text(max_size=30))
def test_caseless_words_spans_are_those_finditer_finds_without_case(text):
    """Where the words occur, as positions in the text itself: lowering ASCII moves nothing."""
    assert list(CaselessWords(WORDS).spans(text)) == [m.span() for m in re.finditer(WORDS, text, re.I)]


def test_caseless_words_must_be_written_in_lower_case():
    with pytest.raises(ValueError):
        CaselessWords(r"\S+required")



def test_a_screened_pattern_runs_only_where_its_screen_occurs(monkeypatch):
    compiled = []
    real = re.compile
    monkeypatch.setattr(lazy_pattern.re, "compile", lambda *a: compiled.append(a) or real(*a))
    pattern = Screened(r"\bone of\s+(\w+)", "one of")
    assert pattern.search("Any value at all.") is None and list(pattern.finditer("Nothing here")) == []
    assert [source for source, _ in compiled] == ["one of"]  # the pattern itself was never needed
    assert pattern.search("Must be ONE OF red, green").group(1) == "red"
    # Other text is not screened: a case-insensitive match of it need not hold the screen's letters.
    assert pattern.search("\u017fome: one of x").group(1) == "x"
    assert Screened(r"\bselect\b", "select").search("\u017felect") is not None


def test_a_screen_must_be_written_in_lower_case():
    with pytest.raises(ValueError):
        Screened(r"\bone of\b", r"One of")


def test_compiling_the_pending_patterns_leaves_a_broken_one_to_its_first_use():
    from schema_lint.text.lazy_pattern import compile_pending

    broken, fine = lazy_compile("("), lazy_compile("pending-[a-z]+")
    compile_pending()  # before every fork of a large run: it must not raise for one pattern
    assert fine.search("a pending-one") is not None
    with pytest.raises(re.error):
        broken.search("x")


def test_a_screen_of_words_lets_through_only_text_holding_a_word_or_the_screen():
    pattern = Screened(r"\b(?:either|one of)\s+\w+|:\s*'\w+'", screen=r":\s*'", words=("either", "one of"))
    assert [pattern.may_match(text) for text in ("Either x", "is ONE OF x", "Mode: 'x'", "Mode 'x'", "none")] == \
        [True, True, True, False, False]
    with pytest.raises(ValueError):
        Screened(r"\bone of\b", words=("One of",))


LOWERED = r"\b(?:either|one of)\s+(\w+)|\((?=')|k\w*s"


@given(text=st.text(alphabet=st.sampled_from("eithrONEofn (')KkSs\u212a\u017f\u0130x"), max_size=30) | st.text(max_size=30))
def test_matches_found_in_the_lowered_text_stand_where_matches_without_case_stand(text):
    """ASCII text is lowered and matched exactly, other text matched without case: either
    way the matches stand where matching without case finds them."""
    pattern = Screened(LOWERED, words=("either", "one of", "(", "k"), lowered=True)
    found = list(pattern.finditer_lowered(text))
    assert [m.span() for m in found] == [m.span() for m in re.finditer(LOWERED, text, re.I)]
    # The groups in lower case where the text was lowered, as they are otherwise.
    assert [m.group(1) and m.group(1).lower() for m in found] == \
        [m.group(1) and m.group(1).lower() for m in re.finditer(LOWERED, text, re.I)]


def test_only_a_pattern_written_in_lower_case_is_matched_in_lowered_text():
    with pytest.raises(ValueError):
        Screened(r"\bUUID\b", "uuid", lowered=True)
    with pytest.raises(ValueError):
        Screened(r"\buuid\b", "uuid").finditer_lowered("a uuid")  # not made to


# Text beyond ASCII: characters without case (CJK, quotes, dashes, an ideographic space, which
# is a blank) and with it (`é`, `ſ` and the Kelvin sign, which match `s` and `k` without case,
# `İ`, which lowers to two characters, `ß`), among ASCII letters of either case.
WIDE = st.text(alphabet=st.sampled_from("eithrONEofnselctKkSs (')\u897f\u2019\u2014\u00b0\u3000\u00e9\u017f\u212a"
                                        "\u0130\u00df"), max_size=30)


@given(text=WIDE)
def test_text_whose_other_characters_have_no_case_is_matched_lowered_as_without_case(text):
    """Lowered in place where every character beyond ASCII has no case, and matched exactly:
    the answers and places are those of matching the text without case."""
    assert CaselessWords(WORDS).occurs_in(text) == bool(re.search(WORDS, text, re.I))
    assert list(CaselessWords(WORDS).spans(text)) == [m.span() for m in re.finditer(WORDS, text, re.I)]
    pattern = Screened(LOWERED, words=("either", "one of", "(", "k"), lowered=True)
    assert [m.span() for m in pattern.finditer_lowered(text)] == [m.span() for m in re.finditer(LOWERED, text, re.I)]
    screened = Screened(r"\bselect\b", "select")
    assert bool(screened.search(text)) == bool(re.search(r"\bselect\b", text, re.I))


def test_text_whose_other_characters_have_no_case_needs_no_case_insensitive_pattern(monkeypatch):
    compiled = []
    real = re.compile
    monkeypatch.setattr(lazy_pattern.re, "compile", lambda *a: compiled.append(a) or real(*a))
    words = CaselessWords(r"\bone of\b")
    assert words.occurs_in("ONE OF \u897f\u5b89 \u2014 \u2019x\u2019") and not words.occurs_in("\u897f one-off")
    assert compiled == [(r"\bone of\b", 0)]
    assert words.occurs_in("caf\u00e9: One of")  # a cased letter: matched without case
    assert compiled[-1] == (r"\bone of\b", re.IGNORECASE)


def test_text_too_long_to_look_through_goes_to_the_case_insensitive_pattern():
    from schema_lint.text.lazy_pattern import CASELESS_CHECK_LIMIT, lowered_without_case

    assert lowered_without_case("One \u897f") == "one \u897f"
    assert lowered_without_case("\u897f" * (CASELESS_CHECK_LIMIT + 1)) is None
    assert CaselessWords(r"\bone of\b").occurs_in("ONE OF " + "\u897f" * CASELESS_CHECK_LIMIT)


def test_compiling_ahead_leaves_the_case_insensitive_twins_to_their_first_use():
    """A run over many files compiles its patterns before it forks; the case-insensitive twin
    of a lowered pattern serves only text with cased letters beyond ASCII, which nearly no
    run meets, and is compiled by the process that meets some."""
    words = CaselessWords(r"\brequired\b")
    listed = Screened(r"\bone of\b", words=("one of",), lowered=True)
    plain = Screened(r"\bone of\b", words=("one of",))
    lazy_pattern.compile_pending()
    assert "search" in vars(words._exact) and "search" in vars(plain.pattern)
    assert "search" not in vars(words._caseless) and "search" not in vars(listed.pattern)
    assert words.occurs_in("Required, café") and [m.span() for m in listed.finditer_lowered("One of: é")] == [(0, 6)]
    assert "search" in vars(words._caseless) and "search" in vars(listed.pattern)


def test_the_patterns_of_rare_inputs_are_left_to_their_first_use():
    """A suppression comment, invalid or too deep JSON, a lone surrogate escape, invalid
    TOML, a Python-only regex construct: few runs meet one, and the process that does
    compiles the pattern it needs; a run that compiles before it forks leaves them out."""
    from schema_lint.config import _TOML_POSITION
    from schema_lint.lint.suppressions import SUPPRESSION_COMMENTS
    from schema_lint.rules.sl013_invalid_pattern import PYTHON_ONLY
    from schema_lint.sources import json_scan

    rare = [*SUPPRESSION_COMMENTS.values(), json_scan._BRACKETS, json_scan.NON_FINITE, json_scan._SURROGATE_ESCAPES,
            _TOML_POSITION, *(construct for construct, _, _ in PYTHON_ONLY)]
    assert [pattern.pattern for pattern in rare if not pattern._rare] == []
