"""`--diff`'s unified diff: a patch that turns the old lines into the new ones, whatever
they repeat, and that never asks difflib to match more than the stretch between two
lines that occur once in each text."""

from __future__ import annotations

import difflib
import json
import re

from hypothesis import given
from hypothesis import strategies as st

from schema_lint.fixes import line_diff
from schema_lint.fixes.line_diff import unified_lines

_HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n")


def _patched(a: list[str], diff: list[str]) -> list[str]:
    """`a` with the diff applied, checking every line the diff says `a` has where it says."""
    out: list[str] = []
    position = 0
    assert diff[:2] == ["--- p\n", "+++ p\n"] or not diff
    for line in diff[2:]:
        hunk = _HUNK.fullmatch(line)
        if hunk:
            old_start, old_length = int(hunk[1]), int(hunk[2] or 1)
            start = old_start if old_length == 0 else old_start - 1
            assert start >= position
            out += a[position:start]
            position = start
            continue
        kind, text = line[0], line[1:]
        if kind in " -":
            assert a[position] == text
            position += 1
        if kind in " +":
            out.append(text)
    return out + a[position:]


_LINES = st.lists(st.sampled_from(["{\n", "}\n", "  x\n", "  y\n", "a\n", "b\n", "c\n", "d\n", "e\n"]), max_size=25)


def _spread(data, lines: list[str], anchors: list[str]) -> list[str]:
    """`lines` with `anchors` inserted in order at places drawn independently for each text."""
    cuts = sorted(data.draw(st.lists(st.integers(0, len(lines)), min_size=len(anchors), max_size=len(anchors))))
    out, previous = [], 0
    for cut, anchor in zip(cuts, anchors):
        out += lines[previous:cut] + [anchor]
        previous = cut
    return out + lines[previous:]


@given(st.data(), _LINES, _LINES,
       st.lists(st.text("pqrs", min_size=1, max_size=3).map(lambda s: f"unique {s}\n"), max_size=6, unique=True))
def test_the_diff_turns_the_old_lines_into_the_new_ones(data, a, b, anchors):
    """Lines that occur once in each (`anchors`, spread through both) steer the alignment;
    the patch must hold wherever they fall, and say nothing when nothing changed."""
    a, b = _spread(data, a, anchors), _spread(data, b, anchors)
    diff = list(unified_lines("p", a, b))
    assert _patched(a, diff) == b
    assert (diff == []) == (a == b)


@given(_LINES, _LINES)
def test_without_a_line_unique_to_both_the_diff_is_difflibs(a, b):
    """With no anchor (every line of `b` occurs twice) the whole texts go to difflib: the
    same hunks, the same headers."""
    b = b + b
    assert list(unified_lines("p", a, b)) == list(difflib.unified_diff(a, b, fromfile="p", tofile="p"))


def test_difflib_matches_only_the_stretch_between_two_anchors(monkeypatch):
    """Fixes in every one of 1,000 tools: each tool's name is an anchor, so difflib never sees
    more than one tool's lines (on the whole file it took 20 s for 5,000 tools)."""
    tools = [{"name": f"tool_{i}", "inputSchema": {"type": "object", "properties": {"q": {"type": "float"}}}}
             for i in range(1000)]
    before = json.dumps(tools, indent=2).splitlines(keepends=True)
    after = json.dumps(tools, indent=2).replace('"float"', '"number"').splitlines(keepends=True)
    seen = []
    original = difflib.SequenceMatcher

    class Measuring(original):
        def __init__(self, isjunk=None, a="", b="", autojunk=True):
            seen.append(len(a) + len(b))
            super().__init__(isjunk, a, b, autojunk)

    monkeypatch.setattr(line_diff.difflib, "SequenceMatcher", Measuring)
    diff = list(unified_lines("p", before, after))
    assert _patched(before, diff) == after
    assert diff.count("+          \"type\": \"number\"\n") == 1000
    assert max(seen) <= 30, max(seen)
