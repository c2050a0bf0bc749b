"""Every screened pattern of the prose readers is tried on every text it could match.

A `Screened` pattern runs only on text holding one of its screen's words, so a screen
that misses a word the pattern matches would silently drop findings. These properties
hold each screen to its pattern: wherever the pattern matches, the screen occurs, on
ASCII texts generated from the pattern itself (each of its alternatives, in any case)
and on every text of the shared corpus.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import schema_lint.prose
import schema_lint.rules
from schema_lint.prose import constraints, field_prose
from schema_lint.text.lazy_pattern import CaselessWords, Screened


def _defined(kind: type) -> dict:
    """Every `kind` (`Screened`, `CaselessWords`) the prose readers and the rules define, by module and name."""
    found = {}
    for package in (schema_lint.prose, schema_lint.rules):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name, value in vars(module).items():
                values = value if isinstance(value, tuple) else (value,)
                for index, each in enumerate(values):
                    if isinstance(each, kind):
                        found[f"{info.name}.{name}" + (f"[{index}]" if len(values) > 1 else "")] = each
    return found


SCREENED: dict[str, Screened] = _defined(Screened)


def _texts(pattern: Screened):
    """ASCII texts holding a match of the pattern (other text goes to the pattern unscreened)."""
    compiled = re.compile(pattern.pattern.pattern, pattern.pattern.flags)
    return st.from_regex(compiled, alphabet=st.characters(max_codepoint=127))


def test_the_readers_screen_their_patterns():
    assert len(SCREENED) >= 3


@pytest.mark.parametrize("name", sorted(SCREENED))
def test_a_screen_occurs_wherever_its_pattern_matches(name):
    pattern = SCREENED[name]

    @settings(max_examples=200)
    @given(_texts(pattern))
    def holds(text):
        assert pattern.pattern.search(text) is not None
        assert pattern.may_match(text), text

    holds()


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for each in value.values():
            yield from _strings(each)
    elif isinstance(value, list):
        for each in value:
            yield from _strings(each)


def test_a_screen_occurs_wherever_its_pattern_matches_in_the_corpus(corpus):
    texts = {text for line in (corpus / "tools.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()
             for text in _strings(json.loads(line))}
    for name, pattern in SCREENED.items():
        missed = [text for text in texts if pattern.pattern.search(text) and not pattern.may_match(text)]
        assert missed == [], name


# Pieces of descriptions that the reader's parts read, and what lies between them: the gate
# before each part (`constraints._may_state`) must let through every text the part reads.
_PIECES = (
    # bounds
    "at most 5", "up to 3 tags", " characters", "between 1 and 10", "(1-50)", "from 0 to 9", "1-based",
    "starting from 0", "a multiple of 5", "greater than 0", ">= 2", "must not be empty", "non-empty",
    "at least one item", "a positive integer", "must be non-negative", "Default is 0", "Use 0 for none", "\u2212",
    "10", "3 or more", "Max: 100", "8-character code",
    # formats
    "YYYY-MM-DD", "MM/DD", "email address", "a valid URL", "The URL", "UUID", "hostname", "IPv4 address",
    "ISO 8601", "RFC 3339", " date", " with offset", "e.g. 'x'", "'2024-01-31'", " or ",
    # closed lists
    "one of", "either ", "can be ", "Options: ", "Possible values are ", "'asc'", "\"desc\"", "`a`", ", ", " or ",
    "use ", "(", ":", "[enum]: [\"a\", \"b\"]", "the only value is 'x'", "etc", "not both",
    # what the reader leaves out or reads around
    "\n", "\n- bullets\n", "\n1. step\n", "# Heading\n", ". ", "; ", "typically ", "such as ",
)
_READ_TEXTS = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(alphabet="ab1 .:'\n-#(", max_size=6)),
                       max_size=10).map("".join)
_KINDS = ("string", "array", "integer", "number")


def _gated_reading_is_the_reading(text: str) -> None:
    for kind in _KINDS:
        for part in constraints._PARTS:
            assert constraints.stated(text, [kind], part) == constraints._read_part.__wrapped__(text, kind, part), \
                (kind, part)


@settings(max_examples=1500)
@given(_READ_TEXTS)
@example("use \n- bullets\n'asc', 'desc'")  # the lines joined around the bullet make the list
def test_the_reader_skips_a_part_only_where_the_part_reads_nothing(text):
    _gated_reading_is_the_reading(text)


def test_the_reader_skips_a_part_only_where_the_part_reads_nothing_in_the_corpus(corpus):
    descriptions = {text for line in (corpus / "tools.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()
                    for text in _descriptions(json.loads(line))}
    for text in descriptions:
        _gated_reading_is_the_reading(text)


def _descriptions(value):
    if isinstance(value, dict):
        for key, each in value.items():
            if key == "description" and isinstance(each, str):
                yield each
            yield from _descriptions(each)
    elif isinstance(value, list):
        for each in value:
            yield from _descriptions(each)


@given(st.text(alphabet=st.sampled_from("ab 09\n\u0663\uff15"), max_size=20) | st.text(max_size=20))
def test_a_digit_is_found_wherever_re_finds_one(text):
    """The readers look for each ASCII digit in ASCII text, and ask `re` of any other text."""
    assert field_prose.holds_digit(text) == (re.search(r"\d", text) is not None)


# The `CaselessWords` that look for their words first.
WORDED: dict[str, CaselessWords] = {name: words for name, words in _defined(CaselessWords).items() if words._words}


def test_the_readers_look_for_words_first():
    assert len(WORDED) >= 2


@pytest.mark.parametrize("name", sorted(WORDED))
def test_caseless_words_occur_wherever_their_pattern_matches(name):
    words = WORDED[name]
    source = words._exact.pattern

    @settings(max_examples=300)
    @given(st.from_regex(re.compile(source, re.I), alphabet=st.characters(max_codepoint=127)))
    def holds(text):
        assert words.occurs_in(text), text

    holds()


def test_caseless_words_occur_wherever_their_pattern_matches_in_the_corpus(corpus):
    texts = {text for line in (corpus / "tools.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()
             for text in _strings(json.loads(line))}
    for name, words in WORDED.items():
        pattern = re.compile(words._exact.pattern, re.I)
        assert [text for text in texts if pattern.search(text) and not words.occurs_in(text)] == [], name


# The screens the readers wrote as an alternation of words before giving the words themselves
# (looked for with `in`, at half the instructions): each still passes exactly the texts its
# alternation found.
SPELLED_SCREENS = {
    "constraints._RANGES": r"between|from|range|scale|\(|char|letter|item|entries|element|tag|label|value|star|-|\u2013|to",
    "constraints._UPPER": "at most|up to|more than|longer than|max|exceed|limit|equal to|<=|\u2264",
    "constraints._LOWER": "at least|less than|shorter than|min|equal to|>=|\u2265",
    "constraints._ABOVE": "than|>", "constraints._BELOW": "than|<", "constraints._OR_MORE": "or more",
    "constraints._BASED": "-based|start", "constraints._SIGN": "negative|positive",
    "constraints._MULTIPLE": "multiple of", "constraints._EMAIL": "mail", "constraints._UUID": "uuid|guid",
    "constraints._URL_HEAD": "url|uri|link", "constraints._URL_STATED": "url|uri", "constraints._HOSTNAME": "hostname",
    "constraints._IP": "ipv", "constraints._EMPTY_ALLOWED": "empty|blank", "constraints._ISO": "iso|rfc",
}


@pytest.mark.parametrize("name", sorted(SPELLED_SCREENS))
def test_a_screen_of_words_passes_what_its_alternation_passed(name):
    screened, spelled = SCREENED[name], re.compile(SPELLED_SCREENS[name])
    fragments = [word for word in re.split(r"(?<!\\)\|", SPELLED_SCREENS[name])] + ["x", " ", "-", "a", "\u2264"]
    pieces = st.sampled_from([fragment.replace("\\", "") for fragment in fragments])
    # Each word, and its neighbours cut short: "betwee", "etween".
    cut = pieces.flatmap(lambda piece: st.sampled_from([piece, piece[1:], piece[:-1]]))

    @settings(max_examples=300)
    @given(st.lists(cut, max_size=6).map("".join))
    def passes(text):
        assert screened.screens(text) == (spelled.search(text) is not None), text

    passes()


SPELLED_FORMAT_WORDS = re.compile(r"yyyy|mm[-/:.]|dd[-/:.]|hh[-/:.]|iso|rfc|mail|uuid|guid|url|uri|link|host|ipv")


@settings(max_examples=2000)
@given(st.lists(st.sampled_from(["yyyy", "yyy", "mm", "dd", "hh", "m", "-", "/", ":", ".", "iso", "is", "rfc", "mail",
                                 "uuid", "guid", "uid", "url", "uri", "ur", "link", "host", "ipv", "ip", " ", "x"]),
                max_size=8).map("".join))
def test_the_format_words_are_found_where_their_alternation_found_them(text):
    assert constraints._holds_format_word(text) == (SPELLED_FORMAT_WORDS.search(text) is not None)
