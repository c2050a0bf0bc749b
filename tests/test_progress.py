"""Progress on stderr: plain lines in a log, one redrawn line on a terminal, and when it shows."""

from __future__ import annotations

import io

from schema_lint.run.progress import START_AFTER, Progress


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class Terminal(io.StringIO):
    def isatty(self):
        return True


def _run(stream, items, seconds_each, shown=None, every=3):
    clock = Clock()
    with Progress("demo", lambda: f"{progress.done} items", every, shown, stream, clock) as progress:
        for _ in range(items):
            clock.now += seconds_each
            progress.advance()
    return stream.getvalue()


def test_a_log_gets_a_line_every_n_items_and_the_totals_once_the_run_is_long():
    log = _run(io.StringIO(), items=7, seconds_each=START_AFTER)
    assert log.splitlines() == [f"demo: 3 items ({3 * START_AFTER:.1f} s)", f"demo: 6 items ({6 * START_AFTER:.1f} s)",
                                f"demo: 7 items ({7 * START_AFTER:.1f} s)"]


def test_the_totals_are_not_logged_twice_when_the_last_item_got_its_line():
    assert len(_run(io.StringIO(), items=6, seconds_each=START_AFTER).splitlines()) == 2


def test_a_quick_run_shows_nothing_by_default_and_progress_forces_it():
    quick = START_AFTER / 100
    assert _run(io.StringIO(), items=7, seconds_each=quick) == ""
    assert _run(Terminal(), items=7, seconds_each=quick) == ""
    assert _run(io.StringIO(), items=7, seconds_each=quick, shown=True).splitlines() == [
        "demo: 3 items (0.1 s)", "demo: 6 items (0.1 s)", "demo: 7 items (0.1 s)"]


def test_no_progress_shows_nothing_however_long_the_run():
    assert _run(io.StringIO(), items=7, seconds_each=60, shown=False) == ""
    assert _run(Terminal(), items=7, seconds_each=60, shown=False) == ""


def test_a_terminal_gets_one_line_redrawn_in_place_and_wiped_at_the_end():
    screen = _run(Terminal(), items=3, seconds_each=START_AFTER)
    assert "\n" not in screen
    drawn = screen.split("\r")
    assert drawn[1:4] == ["demo: 1 items (2.0 s)", "demo: 2 items (4.0 s)", "demo: 3 items (6.0 s)"]
    assert screen.endswith("\r" + " " * len("demo: 3 items (6.0 s)") + "\r")


def test_a_terminal_line_is_redrawn_at_most_ten_times_a_second():
    screen = _run(Terminal(), items=1_000, seconds_each=0.001, shown=True)
    assert 9 <= screen.count("\r") <= 13  # ~10 redraws in one second, and the wipe
