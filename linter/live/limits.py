"""How long to wait for a live server or a `--python` target, and how much of it to take:
alone in its module so that `check`'s options, declared on every run, need neither the
server specs nor the SDK."""

from __future__ import annotations

from typing import NamedTuple

from schema_lint.sources.reading import DEFAULT_MAX_BYTES


class Limits(NamedTuple):
    """Seconds for starting the server and answering `initialize`, for each later request,
    and for all of its listing together (start, `initialize` and every page); the pages read
    before one whose cursors never end is given up on; the bytes an HTTP server's answers,
    or a `--python` target's, may hold together (a file's `max-file-size`: the listing is
    linted as one document); seconds for a `--python` target's child process to import it
    and send its tools, and the interpreter it runs in (None: the project's, see
    `python_tools.interpreter`) (here rather than in fetch, so that `check`'s options import
    neither the SDK's helpers nor logging)."""

    startup: float = 60.0
    request: float = 30.0
    deadline: float = 120.0
    max_pages: int = 1000
    max_bytes: int = DEFAULT_MAX_BYTES
    python: float = 60.0
    python_interpreter: str | None = None
