"""The unified diff `--diff` prints, in time that grows with the file, not with its square.

difflib's matcher looks for each longest match across the whole of what is left of both
texts, and in a file of thousands of tools the same lines (`"type": "string",`) recur
thousands of times: `--diff` on 5,000 tools spent 20 s there. Fixes change a few lines
here and there, so the two texts are first aligned on the lines that occur exactly once in
each (a tool's name, a description: patience diff's anchors), kept in the order both texts
have them, and difflib matches only the short stretches between two anchors. The hunks are
difflib's own: grouped with three lines of context, headed as `difflib.unified_diff` heads
them.
"""

from __future__ import annotations

import bisect
import difflib
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Literal

CONTEXT = 3

Opcode = tuple[Literal["replace", "delete", "insert", "equal"], int, int, int, int]


def unified_lines(path: str, a: Sequence[str], b: Sequence[str]) -> Iterator[str]:
    """`difflib.unified_diff(a, b, fromfile=path, tofile=path)`, lines aligned on anchors."""
    for index, group in enumerate(_GivenOpcodes(opcodes(a, b)).get_grouped_opcodes(CONTEXT)):
        if index == 0:
            yield f"--- {path}\n"
            yield f"+++ {path}\n"
        first, last = group[0], group[-1]
        yield f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n"
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                yield from (" " + line for line in a[i1:i2])
                continue
            if tag in ("replace", "delete"):
                yield from ("-" + line for line in a[i1:i2])
            if tag in ("replace", "insert"):
                yield from ("+" + line for line in b[j1:j2])


def opcodes(a: Sequence[str], b: Sequence[str]) -> list[Opcode]:
    """What turns `a` into `b`, as `SequenceMatcher.get_opcodes` spells it."""
    codes: list[Opcode] = []
    i = j = 0
    for anchor_a, anchor_b in [*_anchors(a, b), (len(a), len(b))]:
        if i < anchor_a or j < anchor_b:
            between = difflib.SequenceMatcher(None, a[i:anchor_a], b[j:anchor_b]).get_opcodes()
            codes.extend((tag, i1 + i, i2 + i, j1 + j, j2 + j) for tag, i1, i2, j1, j2 in between)
        if anchor_a < len(a):
            codes.append(("equal", anchor_a, anchor_a + 1, anchor_b, anchor_b + 1))
        i, j = anchor_a + 1, anchor_b + 1
    merged: list[Opcode] = []
    for code in codes:
        if merged and code[0] == merged[-1][0] == "equal":
            merged[-1] = ("equal", merged[-1][1], code[2], merged[-1][3], code[4])
        else:
            merged.append(code)
    return merged


def _anchors(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int]]:
    """(index in `a`, index in `b`) of lines that occur once in each, the longest run of them
    in the same order in both (found as patience sorting finds it)."""
    in_a, in_b = Counter(a), Counter(b)
    where_in_b = {line: index for index, line in enumerate(b) if in_b[line] == 1}
    pairs = [(index, where_in_b[line]) for index, line in enumerate(a) if in_a[line] == 1 and line in where_in_b]
    tops: list[int] = []  # the `b` index on top of each pile
    top_pairs: list[int] = []  # which pair that is
    below: list[int | None] = []  # for each pair, the pair on top of the pile to its left when it was laid
    for number, (_, index_b) in enumerate(pairs):
        pile = bisect.bisect_left(tops, index_b)
        below.append(top_pairs[pile - 1] if pile else None)
        if pile == len(tops):
            tops.append(index_b)
            top_pairs.append(number)
        else:
            tops[pile] = index_b
            top_pairs[pile] = number
    chain: list[tuple[int, int]] = []
    link = top_pairs[-1] if top_pairs else None
    while link is not None:
        chain.append(pairs[link])
        link = below[link]
    return chain[::-1]


class _GivenOpcodes(difflib.SequenceMatcher):
    """difflib's grouping of opcodes into hunks, over opcodes computed by `opcodes`."""

    def __init__(self, codes: list[Opcode]):
        super().__init__(None, (), ())
        self._codes = codes

    def get_opcodes(self) -> list[Opcode]:
        return self._codes


def _range(start: int, stop: int) -> str:
    """A hunk's line range as `difflib.unified_diff` writes it."""
    length = stop - start
    if length == 1:
        return f"{start + 1}"
    return f"{start + 1 if length else start},{length}"
