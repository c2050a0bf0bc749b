"""The `Args:` block of a docstring a framework copied into a tool's description."""

from __future__ import annotations

import time

import pytest

from schema_lint.text.docstrings import MAX_READ, argument_words


def test_entries_their_continuations_and_the_blocks_end():
    text = ("Search.\n\n    Args:\n        query: Words to look for,\n            several allowed.\n"
            "        limit (int): At most 50.\n\n        order: One of asc, desc.\n    Returns:\n        x: not an argument\n")
    assert argument_words(text) == {"query": "Words to look for, several allowed.", "limit": "At most 50.",
                                    "order": "One of asc, desc."}
    unindented = "Args:\n  a: first\nb: after the block\n"
    assert argument_words(unindented) == {"a": "first"}
    assert argument_words("No block here.\n  a: b\n") == {} and argument_words(None) == {}


@pytest.mark.hostile
@pytest.mark.parametrize("piece", ["  a: " + "b" * 50 + "\n", "   (" * 40 + "\n", "  " + "a" * 200 + ":\n",
                                   "        \n", "  a (" + "x" * 100 + "\n"])
def test_a_block_of_one_piece_repeated_is_read_in_linear_time(piece):
    text = "Args:\n" + piece * (MAX_READ // len(piece) + 1)
    started = time.process_time()
    argument_words(text)
    assert time.process_time() - started < 1.0
