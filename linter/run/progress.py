"""How far a long `fuzz` or `replay` run has got, on stderr and never on stdout.

Reports go to stdout and stay byte for byte what they are without progress, so a
pipeline can parse them whatever stderr shows. A terminal gets one line redrawn in place
(carriage return) and wiped when the run ends, so the report that follows starts on a
clean line. A log (CI, a file) gets a plain line every `every` items and one with the
totals at the end: redrawn lines would pile up there as one unreadable line.

Whether progress shows: `shown=True` (`--progress`) from the first item, `shown=False`
(`--no-progress`) never, and by default once the run has gone on for `START_AFTER`
seconds, so that a quick run, the usual kind, prints nothing at all.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable
from typing import TextIO

START_AFTER = 2.0
"""Seconds a run goes on before default progress starts."""

_REDRAW_EVERY = 0.1
"""Seconds between two redraws of a terminal line: replay finishes tens of thousands of calls a second."""


class Progress:
    """Counts finished items and reports `describe()` (the counts so far) with the seconds elapsed.

    `describe` is called only when a line is written, so it may sum whatever it likes.
    """

    def __init__(self, label: str, describe: Callable[[], str], every: int, shown: bool | None = None,
                 stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic):
        self.label, self.describe, self.every, self.shown = label, describe, every, shown
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.done = 0
        self._started = clock()
        self._terminal = self.stream.isatty()
        self._drawn = ""  # the terminal line now on screen
        self._last_drawn = float("-inf")
        self._logged = 0  # items done at the last log line

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def advance(self) -> None:
        """One more item finished."""
        self.done += 1
        if self._terminal:
            now = self.clock()
            if now - self._last_drawn >= _REDRAW_EVERY and self._active(now):
                self._last_drawn = now
                self._draw(self._text(now))
        elif self.done % self.every == 0 and self._active(self.clock()):
            self._log()

    def close(self) -> None:
        """The run is over: wipe the terminal line, or log the totals once progress has shown."""
        if self._terminal:
            self._draw("")
        elif self.done != self._logged and self._active(self.clock()):
            self._log()

    def _active(self, now: float) -> bool:
        return self.shown if self.shown is not None else now - self._started >= START_AFTER

    def _text(self, now: float) -> str:
        return f"{self.label}: {self.describe()} ({now - self._started:.1f} s)"

    def _log(self) -> None:
        self._logged = self.done
        self.stream.write(self._text(self.clock()) + "\n")
        self.stream.flush()

    def _draw(self, text: str) -> None:
        """Replace the terminal line with `text`, kept within the width so it never wraps."""
        text = text[: max(self._width() - 1, 0)]
        if text or self._drawn:
            self.stream.write("\r" + text.ljust(len(self._drawn)) + ("\r" if not text else ""))
            self.stream.flush()
        self._drawn = text

    def _width(self) -> int:
        """Columns of the terminal stderr is on (stdout may well be a file); a terminal
        that does not say (a fresh pseudo-terminal says 0) gets the usual fallback."""
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = 0
        return columns or shutil.get_terminal_size().columns
