"""The paths a run depends on, said as the run looks at them.

A recorded `check` run is printed again only while every path it depended on is as it was
(see `run.run_cache`). Opening a file or listing a folder is seen without help; what is
decided by a path's mere existence or kind (a `.gitignore` absent, a link, a FIFO skipped)
must be said: the walk, the configuration's search and the readers call :func:`note`.
Nothing here records: the run layer listens (:func:`listen`) while it records, so that
what reads input needs to know nothing of what a run keeps.
"""

from __future__ import annotations

import os
from collections.abc import Callable

Listener = Callable[[str | os.PathLike, "os.stat_result | None"], None]

_listener: Listener | None = None


def listen(listener: Listener | None) -> None:
    """Send every path noted from now on to `listener` (None: to no one)."""
    global _listener
    _listener = listener


def note(path: str | os.PathLike, status: os.stat_result | None = None) -> None:
    """Make `path` something the run depends on, as it is now (or as `status`, the caller's
    `os.stat` of it just taken, says)."""
    if _listener is not None:
        _listener(path, status)
