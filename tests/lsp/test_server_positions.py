"""Positions and edits in the client's encoding, without a server: the conversions every
diagnostic, quick fix and hover goes through."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from schema_lint.lsp.positions import UTF8, UTF16, UTF32, Position, Range, code_units, replacement, span_range
from schema_lint.model import Span

LINE = '{"note": "\N{MEMO} x", "title": {"type": "string"}}'


def test_a_character_outside_the_bmp_is_two_utf16_units_and_four_utf8_bytes():
    assert [code_units("\N{MEMO}", encoding) for encoding in (UTF8, UTF16, UTF32)] == [4, 2, 1]
    assert code_units("é", UTF8) == 2 and code_units("é", UTF16) == 1


def test_a_span_after_an_emoji_moves_by_the_encodings_units():
    column = LINE.index('{"type"') + 1  # 1-based, in characters, as a Span counts
    span = Span(1, column, 1, column + len('{"type": "string"}'))
    assert span_range([LINE], span, UTF32).start == Position(0, column - 1)
    assert span_range([LINE], span, UTF16).start == Position(0, column)
    assert span_range([LINE], span, UTF8).start == Position(0, column + 2)


def test_a_span_past_the_text_ends_at_its_end():
    assert span_range(["{}"], Span(3, 1, 3, 1), UTF16) == Range(Position(1, 0), Position(1, 0))
    assert span_range(["{}"], None, UTF16) == Range(Position(0, 0), Position(0, 0))


def test_a_replacement_is_the_smallest_edit_in_the_clients_units():
    old = "a: {type: str}  # \N{MEMO}\r\nb: 1\r\n"
    new = "a: {type: string}  # \N{MEMO}\r\nb: 1\r\n"
    assert replacement(old, new, UTF16) == (Range(Position(0, 13), Position(0, 13)), "ing")
    assert replacement(old, old, UTF16) == (Range(Position(2, 0), Position(2, 0)), "")


def _applied(old: str, where: Range, text: str) -> str:
    """`old` with `text` over `where` as an editor applies it: the range read in UTF-32
    (characters), lines split as the protocol splits them, a column past a line's end
    taken as its end."""
    import re

    breaks = list(re.finditer(r"\r\n|\r|\n", old))
    starts = [0] + [m.end() for m in breaks]
    ends = [m.start() for m in breaks] + [len(old)]

    def offset(position: Position) -> int:
        if position.line >= len(starts):
            return len(old)
        return min(starts[position.line] + position.character, ends[position.line])

    return old[:offset(where.start)] + text + old[offset(where.end):]


@given(st.text(alphabet="ab\n\r\N{MEMO}"), st.text(alphabet="ab\n\r\N{MEMO}"))
@example("a\r\nb", "a\rb")  # the edit must not start or end between `\r` and `\n`
@example("a\r\nb", "a\nb")
def test_a_replacement_applied_gives_the_new_text(old, new):
    where, text = replacement(old, new, UTF32)
    assert _applied(old, where, text) == new
