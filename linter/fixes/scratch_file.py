"""New files: one with a name no other file has, in a given folder, written, then renamed
over the file it replaces, so that no reader ever sees half of it (`create`); and one
written only where nothing is (`write_new`).

`create` is what `tempfile.mkstemp` does (the same flags and mode), without importing
`tempfile`, which brings `shutil`, `random` and three compression modules: about 4 ms of
every `check` run that writes its cache, pre-commit's run on each commit among them."""

from __future__ import annotations

import errno
import os

# As `tempfile`: fail rather than follow a link planted under the name, and only the owner
# may read the file until it is renamed into place (`fixes` then gives it the target's mode).
_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
_ATTEMPTS = 100


def create(folder: str, prefix: str, suffix: str = "") -> tuple[int, str]:
    """Create and open a file in `folder` that no other process has opened: its descriptor
    (not inherited by child processes) and its path. Raises OSError as `tempfile.mkstemp`."""
    for _ in range(_ATTEMPTS):
        path = os.path.join(folder, f"{prefix}{os.urandom(6).hex()}{suffix}")
        try:
            return os.open(path, _FLAGS, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused name for a temporary file", folder)


def write_new(path: str, data: bytes) -> None:
    """Write `data` to `path` unless something is there already: a file, a folder, or a link,
    even one to nowhere, through which a plain open would create a file elsewhere (`O_EXCL`
    never follows one)."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    except FileExistsError:
        return
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data)
