"""A child process's pipe, read to its end by a thread of its own, of which only a bounded
part is kept: the end of a server's stderr or of what a `--python` target prints, a
target's answer up to the size of a file.

A pipe nobody reads blocks its writer once full, so the child would hang instead of
failing; a pipe read whole, into memory or a temporary file, lets a child that writes
without end fill either. A drain does neither: it reads as fast as the child writes,
keeps the last `kept` bytes and counts the rest.
"""

from __future__ import annotations

import io
import threading
import time
from typing import Callable, Sequence

_CHUNK = 1 << 16


class Drain:
    """`stream` read to its end; `on_overflow` is called once (from the drain's thread)
    when a byte first has to be dropped, so that a caller can stop the writer."""

    def __init__(self, stream: io.BufferedIOBase, kept: int, on_overflow: Callable[[], None] | None = None):
        self.total = 0
        self._kept = kept
        self._buffer = bytearray()
        self._lock = threading.Lock()
        self._on_overflow = on_overflow
        self._thread = threading.Thread(target=self._read, args=(stream,), name="schema-lint drain", daemon=True)
        self._thread.start()

    def _read(self, stream: io.BufferedIOBase) -> None:
        with stream:
            while True:
                try:
                    chunk = stream.read1(_CHUNK)
                except (OSError, ValueError):  # closed under the read
                    return
                if not chunk:
                    return
                with self._lock:
                    self.total += len(chunk)
                    self._buffer += chunk
                    del self._buffer[:-self._kept]
                if self.total > self._kept and self._on_overflow is not None:
                    self._on_overflow()
                    self._on_overflow = None

    def join(self, seconds: float) -> None:
        self._thread.join(seconds)

    @property
    def ended(self) -> bool:
        """Whether the pipe's end was reached: every writer closed it."""
        return not self._thread.is_alive()

    @property
    def dropped(self) -> int:
        """How many bytes, from the start, are not kept."""
        with self._lock:
            return self.total - len(self._buffer)

    def kept(self) -> bytes:
        with self._lock:
            return bytes(self._buffer)


def wait_for_ends(drains: Sequence[Drain], seconds: float) -> bool:
    """Whether every drain reached its pipe's end within `seconds`. One that did not (a
    grandchild that left the process group holds the pipe) is left to read on."""
    deadline = time.monotonic() + seconds
    for drain in drains:
        drain.join(max(0.0, deadline - time.monotonic()))
    return all(drain.ended for drain in drains)
