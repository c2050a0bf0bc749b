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
from hypothesis import given, settings
from hypothesis import strategies as st

import schema_lint.prose
import schema_lint.rules
from schema_lint.text.lazy_pattern import Screened


def _screened() -> dict[str, Screened]:
    """Every `Screened` the prose readers and the rules define, by module and name."""
    found: dict[str, Screened] = {}
    for package in (schema_lint.prose, schema_lint.rules):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name, value in vars(module).items():
                values = value if isinstance(value, tuple) else (value,)
                for index, each in enumerate(values):
                    if isinstance(each, Screened):
                        found[f"{info.name}.{name}" + (f"[{index}]" if len(values) > 1 else "")] = each
    return found


SCREENED = _screened()


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
