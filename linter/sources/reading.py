"""Bytes from a file, within a limit, and only from a regular file.

Every file schema-lint reads is read here: tool files, configuration files and the files a
configuration names. A FIFO or a device is never read (it would block the run or never
end), the size limit holds while reading, and a folder that a walk left for one of its
limits says why when read.
"""

from __future__ import annotations

import os
import stat
import sys

DEFAULT_MAX_BYTES = 32 * 1024 * 1024

# Folders a walk did not enter for one of its limits, and why (see `why_not_walked`).
_not_walked: dict[str, str] = {}

# How much a read asks for once a file has given all it said it held (see `_read_up_to`).
_GROWTH_CHUNK = 64 * 1024


def read_regular_file(path: str, max_bytes: int) -> bytes | str:
    """The bytes of `path`, or why they are not read.

    Only a regular file is read: a FIFO would block the run until something writes to
    it, and a device such as `/dev/zero` never ends. The file is opened without
    blocking and checked again once open (it may have been swapped meanwhile), and the
    size limit holds while reading, whatever the file claimed to be.
    """
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            os.scandir(path).close()  # raises what kept a directory walk out of it
            return why_not_walked(path) or "is a directory"
        if not stat.S_ISREG(info.st_mode):
            return f"not a regular file ({_file_type(info.st_mode)}): only regular files are read"
        if info.st_size > max_bytes:
            return _too_large(info.st_size, max_bytes)
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            opened = os.fstat(descriptor)
            if not stat.S_ISREG(opened.st_mode):
                return f"not a regular file ({_file_type(opened.st_mode)}): only regular files are read"
            raw = _read_up_to(descriptor, opened.st_size, max_bytes)
        finally:
            os.close(descriptor)
    except OSError as exc:
        what = "directory" if os.path.isdir(path) else "file"
        return f"cannot read {what}: {exc.strerror or exc}"
    if len(raw) > max_bytes:
        return f"file is larger than {size_limit(max_bytes)}"
    return raw


def _read_up_to(descriptor: int, size: int, max_bytes: int) -> bytes:
    """Up to `max_bytes + 1` bytes: as much as the file says it holds and one byte more, to
    see whether it grew. Past what it said, reads are of `_GROWTH_CHUNK` at most: `os.read`
    allocates what it is asked for before reading, so asking for the rest of the limit
    would allocate (and give back) 32 MiB for every file just to learn that it ended.
    Plain `os.read`: a buffered file object costs more than the read."""
    chunks = []
    wanted, total = min(size, max_bytes) + 1, 0
    while total <= max_bytes:
        chunk = os.read(descriptor, wanted)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        wanted = min(max_bytes + 1 - total, _GROWTH_CHUNK) if total >= size else size - total + 1
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def read_stdin(max_bytes: int) -> bytes:
    """Standard input, up to one byte past the limit (so that `read_document` refuses it)."""
    return sys.stdin.buffer.read(max_bytes + 1)


def _file_type(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a file"


def _too_large(size: int, max_bytes: int) -> str:
    return f"file is {_bytes(size)}, over {size_limit(max_bytes)}"


def size_limit(max_bytes: int) -> str:
    """The limit as every message about it names it, whatever went over it: a file, stdin,
    a live server's listing."""
    return f"the {_bytes(max_bytes)} limit (setting `max-file-size`)"


def _bytes(count: int) -> str:
    return f"{count / 2**20:.3g} MiB" if count >= 2**20 else f"{count:,} bytes"


def why_not_walked(path: str) -> str | None:
    """Why a walk yielded this folder instead of what it holds, if a limit stopped it. Every
    command reads each path a walk yields, so reading it reports this, as reading a folder
    the walk could not list reports the system's reason."""
    return _not_walked.get(os.path.abspath(path))


def not_entered(folder: str, reason: str) -> str:
    _not_walked[os.path.abspath(folder)] = f"not walked: {reason}"
    return folder
