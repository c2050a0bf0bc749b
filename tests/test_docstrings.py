"""The argument entries of a docstring a framework copied into a tool's description, in the
Google, NumPy and Sphinx styles, read as the arguments' own words."""

from __future__ import annotations

import time

import pytest
from lintkit import lint_tool, obj

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


NUMPY = """List rows.

Parameters
----------
table : str
    Table name, one of: users, orders, items.
limit : int, optional
    Rows to return, 1-500.

    Default 50.
offset
    Rows to skip.

Returns
-------
rows : list
    The rows.
"""

SPHINX = """Sample rows.

    :param table: Table name.
    :param float fraction: Fraction of rows to sample,
        from 0.0 to 1.0.
    :returns: the rows
    :rtype: list
"""

ATTRIBUTES = "An invoice.\n\nAttributes:\n    amount: Amount in cents, at least 1.\n    memo: Note.\n"


@pytest.mark.parametrize(("docstring", "words"), [
    (NUMPY, {"table": "Table name, one of: users, orders, items.", "limit": "Rows to return, 1-500. Default 50.",
             "offset": "Rows to skip."}),
    (SPHINX, {"table": "Table name.", "fraction": "Fraction of rows to sample, from 0.0 to 1.0."}),
    (ATTRIBUTES, {"amount": "Amount in cents, at least 1.", "memo": "Note."}),
    ("Search.\r\n\r\nArgs:\r\n    query: Words.\r\n", {"query": "Words."}),
    ("Rows.\n\nReturns\n-------\nrows : list\n    The rows.\n", {}),  # a result, no argument
    ("Run it.\n\n:returns: nothing\n:raises ValueError: when bad\n", {}),
])
def test_each_style_gives_each_argument_its_entry(docstring, words):
    assert argument_words(docstring) == words


@pytest.mark.parametrize("docstring", [NUMPY, SPHINX])
def test_arguments_a_numpy_or_sphinx_docstring_documents_have_their_words(docstring):
    """The mcp SDK serves the whole docstring as the tool's description: SL401 said `table`
    had no description where the docstring gave it one."""
    schema = obj(table={"type": "string"}, limit={"type": "integer"}, fraction={"type": "number"},
                 offset={"type": "integer"})
    [finding] = lint_tool(schema, "SL401", description=docstring)
    documented = {"table", "limit", "offset"} if docstring is NUMPY else {"table", "fraction"}
    assert not any(f"`{name}`" in finding.message for name in documented)


def test_a_range_in_a_sphinx_entry_bounds_the_argument():
    schema = obj(fraction={"type": "number"})
    [finding] = lint_tool(schema, "SL403", name="sample_rows", description=SPHINX)
    assert finding.fix is not None
    assert {(op.path.rsplit("/", 1)[-1], op.value) for op in finding.fix.operations} == {("minimum", 0), ("maximum", 1)}


@pytest.mark.parametrize("docstring", [":param x: a\n" * 20_000, "Parameters\n----------\n" + "x\n" * 20_000,
                                       "Args:\n" + "    x: y\n" * 20_000, "Parameters\n---\n" * 5_000])
def test_a_docstring_of_many_entries_is_read_in_linear_time(docstring):
    started = time.thread_time()
    argument_words(docstring)
    assert time.thread_time() - started < 0.5
