"""How long to wait for a live server or a `--python` target, and how much of it to take:
alone in its module so that `check`'s options, declared on every run, need neither the
server specs nor the SDK."""

from __future__ import annotations

from typing import NamedTuple


class Limits(NamedTuple):
    """Seconds for starting the server and answering `initialize`, for each later request,
    and for all of its listing together (start, `initialize` and every page); the pages read
    before one whose cursors never end is given up on; seconds for a `--python` target's
    child process to import it and send its tools (here rather than in fetch, so that
    `check`'s options import neither the SDK's helpers nor logging)."""

    startup: float = 60.0
    request: float = 30.0
    deadline: float = 120.0
    max_pages: int = 1000
    python: float = 60.0
