"""JSON Pointer helpers: what splitting a pointer gives."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from schema_lint.schema.pointer import escape, join, split, unescape


@given(st.lists(st.text(alphabet="a~/01", max_size=4), max_size=5))
@example(["~1", "a/b", "~"])
def test_a_pointer_splits_into_the_tokens_it_was_joined_from(tokens):
    """`split` reads a pointer without `~` with no unescaping: it gives the same tokens as
    unescaping each one would."""
    pointer = join("", *tokens)
    assert split(pointer) == tokens
    assert split(pointer) == ([unescape(token) for token in pointer[1:].split("/")] if pointer else [])
    assert join("", *split(pointer)) == pointer == "".join("/" + escape(token) for token in tokens)
