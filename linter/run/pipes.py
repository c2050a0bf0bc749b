"""A reader that left: `schema-lint check … | head` closes the pipe before the report ends.

The report is lost, not the exit code, as for a closed stdout (docs/reliability.md): the
stream is pointed at /dev/null so that what is still written, and the flush at exit, go
nowhere, and the run ends with the code its findings give. (Python's default, and click's,
is a traceback or exit 1, which a clean run would then share with one that found problems.)
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # `typing.TYPE_CHECKING`, without importing `typing` for a replayed run
if TYPE_CHECKING:
    from typing import IO, Any


def drop_rest(stream: IO[Any]) -> None:
    """Send what is still written to `stream` to /dev/null."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no descriptor (a test's capture): nothing is kept either way
        pass
