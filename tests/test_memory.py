"""Memory a large file costs: a file of 20,000 tools must be linted and reported in well
under 500 MB (see docs/performance.md), so what a run keeps per line, per tool and per
finding is held to account here, by counting what is alive, not by timing."""

from __future__ import annotations

import gc
import json
import tracemalloc
import weakref

from hypothesis import given
from hypothesis import strategies as st

from schema_lint.config import Config
from schema_lint.fixes.editor import fix_edits
from schema_lint.report import ReportOptions, chunks, render
from schema_lint.rule import Rule, ToolContext, load_rules
from schema_lint.run.linter import Linter, lint_text
from schema_lint.run.result import LintResult
from schema_lint.sources import locate
from schema_lint.sources.document import Document
from schema_lint.sources.documents import read_document
from schema_lint.sources.locate import LineIndex


def _peak(build) -> tuple[int, object]:
    """The most bytes allocated at once while `build()` runs (tracemalloc), and its value."""
    tracemalloc.start()
    try:
        value = build()
        return tracemalloc.get_traced_memory()[1], value
    finally:
        tracemalloc.stop()


def _listing(count: int) -> str:
    tools = [{"name": f"create_{n}", "description": "Create a ticket.",
              "inputSchema": {"type": "object", "properties": {"kind": {"type": "float"}, "title": {"type": "string"}}}}
             for n in range(count)]
    return json.dumps({"tools": tools}, indent=2)


def test_a_line_index_costs_about_a_machine_integer_a_line():
    """A file of 20,000 tools has 680,000 lines: an int object per line took 25 MB, and
    splitting the text to count them a string per line, 50 MB more for a moment."""
    text = "{\n" + ",\n".join(f'  "k{n}": {n}' for n in range(100_000)) + "\n}\n"
    size, index = _peak(lambda: _built(LineIndex(text)))
    assert index.position(text.index('"k99999"')) == (100_001, 3)
    assert size < 16 * 100_000, size


def _built(index: LineIndex) -> LineIndex:
    index.starts  # built on demand: measured here, once built
    return index


def test_one_tool_context_is_alive_at_a_time():
    """A tool's context (its walk, its indexes) is dropped once its findings are made and
    gated: kept for every tool until the last was linted, they were 90 MB of 20,000 tools."""
    alive: weakref.WeakSet[ToolContext] = weakref.WeakSet()
    most = 0

    def counting(ctx: ToolContext):
        nonlocal most
        gc.collect()
        alive.add(ctx)
        most = max(most, len(alive))
        return []

    rules = {"SL005": load_rules()["SL005"], "SL999": Rule("SL999", "counting", load_rules()["SL005"].severity,
                                                            counting, "Counts the contexts alive.")}
    result = LintResult()
    Linter(Config(), rules).lint_document(read_document("tools.json", raw=_listing(50).encode()), result)
    assert [d.code for d in result.diagnostics].count("SL005") == 50  # every tool linted
    assert most <= 2, most


def test_the_fixes_edits_read_on_from_what_the_positions_read():
    """The objects around a finding are read (each key scanned) once for its position, and
    the edits of its fix go on from there instead of reading, and keeping, them again."""
    text = _listing(100)
    config = Config()
    config.select = ["SL005"]
    scanned = 0
    scan = locate.scanstring

    def counting(s, end):
        nonlocal scanned
        scanned += 1
        return scan(s, end)

    locate.scanstring = counting
    try:
        result = lint_text(text, "tools.json", config)
        edits = [fix_edits(result.documents["tools.json"], d.fix) for d in result.diagnostics]
    finally:
        locate.scanstring = scan
    assert len(edits) == 100 and all(edits)
    keys = text.count('":')
    assert scanned <= keys, (scanned, keys)


@given(st.lists(st.sampled_from(["a", "é", " ", "\n", "\r", "\r\n", "\u2028"]), max_size=12).map("".join))
def test_a_source_line_is_the_line_that_lines_gives(text):
    lines = Document(path="t.json", text=text, kind="json").lines
    cut = Document(path="t.json", text=text, kind="json")
    assert [cut.source_line(n) for n in range(-1, len(lines) + 3)] == [
        lines[n - 1] if 0 < n <= len(lines) else None for n in range(-1, len(lines) + 3)]


def test_the_full_report_shows_source_lines_without_a_string_for_every_line():
    """`Document.lines` holds a string per line: 50 MB of a file of 20,000 tools."""
    config = Config()
    config.select = ["SL005"]
    result = lint_text(_listing(20), "tools.json", config)
    report = render("full", result, ReportOptions())
    assert report.count('"type": "float"') == 20
    assert "lines" not in vars(result.documents["tools.json"])


def test_the_fixes_of_a_listing_never_decode_the_listing_whole():
    """Decoding the value that holds every tool (to find where it ends, or to step past
    it) builds the whole file's objects again, for a moment: 50 MB of one of 20,000 tools."""
    text = _listing(100)
    config = Config()
    config.select = ["SL005"]
    result = lint_text(text, "tools.json", config)
    decoded: list[int] = []
    scan = locate._SCAN_VALUE

    def measuring(s, index):
        value, end = scan(s, index)
        decoded.append(end - index)
        return value, end

    locate._SCAN_VALUE = measuring
    try:
        edits = [fix_edits(result.documents["tools.json"], d.fix) for d in result.diagnostics]
    finally:
        locate._SCAN_VALUE = scan
    assert len(edits) == 100 and all(edits)
    assert max(decoded, default=0) < len(text) // 50, (max(decoded), len(text))


def test_a_key_read_in_many_objects_is_kept_once():
    """The locator keeps the keys of the objects it reads: 270,000 of them in a report of a
    file of 20,000 tools, nearly all `type`, `description`, `properties` again."""
    result = lint_text(_listing(50), "tools.json", Config())
    document = result.documents["tools.json"]
    assert result.diagnostics and document.locator._objects
    keys = [key for table, _ in document.locator._objects.values() for key in table]
    assert len(keys) > 100
    assert len({id(key) for key in keys}) == len(set(keys))


def test_the_full_report_is_written_a_piece_at_a_time():
    """Built whole, the `full` report of 35,000 findings held its 200,000 lines at once."""
    result = lint_text(_listing(400), "tools.json", Config())
    pieces = list(chunks("full", result, ReportOptions()))
    assert len(pieces) > 1 and max(map(len, pieces)) < 2 * (1 << 16)
    assert "".join(pieces) == render("full", result, ReportOptions())
