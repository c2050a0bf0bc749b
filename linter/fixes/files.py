"""Writing fixed files and showing what would change.

A write goes to a temporary file in the same directory, is flushed to disk, and
replaces the original by rename, so a crash leaves either the old file or the new one,
never half of each. Around that:

* the file is locked (`flock`) from the check that it still holds the linted text, byte
  for byte, to the rename, so of two `--fix` runs on one file the second waits, sees the
  first's fixes, and reports the file as changed on disk instead of silently undoing
  them (as any other writer's change between the lint and the write);
* a symbolic link is written through: its target gets the new text, the link stays;
* the mode, owner and group are kept (and a UTF-8 byte-order mark);
* a file with several hard links, or whose owner cannot be given to a new file, is
  rewritten in place instead, so every link sees the fix; that write is not atomic;
* a read-only file (no write permission, or not writable by this user) is refused;
* nothing is written when the content is unchanged.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from schema_lint.fixes import scratch_file
from schema_lint.fixes.line_diff import unified_lines

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; the unchanged-check still runs
    fcntl = None  # type: ignore[assignment]  # a module or, here, None

_BOM = b"\xef\xbb\xbf"
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
# A file replaced between being opened and locked is opened again, this many times.
_LOCK_ATTEMPTS = 5


class StaleFile(Exception):
    """The file on disk is no longer the text that was linted."""


class NotWritable(Exception):
    """The file may not be rewritten (it is read-only)."""


def write_fixed(path: str, linted_text: str, fixed_text: str, encoding: str = "utf-8") -> bool:
    """Replace `path`'s content by `fixed_text`; False when there was nothing to change.
    `encoding`: the file's own (a Python source's `coding` line may name another)."""
    target = os.path.realpath(path)
    with _locked(target) as handle:
        raw = handle.read()
        bom = _BOM if raw.startswith(_BOM) else b""
        # Bytes, not decoded text: two files that are not UTF-8 can decode to the same text.
        if raw[len(bom):] != linted_text.encode(encoding):
            raise StaleFile("the file changed on disk while it was being linted (another --fix run?)")
        new_raw = bom + fixed_text.encode(encoding)
        if new_raw == raw:
            return False
        info = os.fstat(handle.fileno())
        if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
            raise NotWritable("the file is read-only")
        if info.st_nlink > 1 or not _replace(target, new_raw, info):
            _overwrite(target, new_raw)
    return True


@contextmanager
def _locked(target: str) -> Iterator:
    """`target` open for reading and locked, as the file the path names now."""
    for _ in range(_LOCK_ATTEMPTS):
        handle = open(target, "rb")
        try:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            opened, current = os.fstat(handle.fileno()), os.stat(target)
            if (opened.st_dev, opened.st_ino) == (current.st_dev, current.st_ino):
                yield handle
                return
        finally:
            handle.close()  # closing releases the lock
    raise StaleFile("the file keeps being replaced on disk")


def _replace(target: str, new_raw: bytes, info: os.stat_result) -> bool:
    """Write a temporary file with `target`'s mode and owner and rename it over
    `target`; False (nothing changed) when the owner cannot be kept."""
    directory = os.path.dirname(target)
    handle, temporary = scratch_file.create(directory, f".{os.path.basename(target)}.", ".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            if (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid()) and hasattr(os, "fchown"):
                try:
                    os.fchown(out.fileno(), info.st_uid, info.st_gid)
                except PermissionError:
                    os.unlink(temporary)
                    return False
            out.write(new_raw)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, stat.S_IMODE(info.st_mode))
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    return True


def write_output(path: str, text: str | Iterable[str]) -> None:
    """A file the run produces (a report, a baseline), replaced whole: a reader never sees
    half of it, and a failed write leaves no temporary file behind. It gets the mode a shell's
    `>` would give it: the file's own when it exists, else what the umask allows (the
    temporary file starts owner-only). Raises OSError. `text` may come in pieces, written as
    they come."""
    directory = os.path.dirname(os.path.abspath(path))
    handle, temporary = scratch_file.create(directory, f".{os.path.basename(path)}.", ".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", errors="surrogateescape") as out:
            out.writelines([text] if isinstance(text, str) else text)
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def _mode_for(path: str) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)  # the only way to read it; set back at once
        os.umask(umask)
        return 0o666 & ~umask


def _overwrite(target: str, new_raw: bytes) -> None:
    """Rewrite `target` through its own inode (its links, owner and mode stay)."""
    with open(target, "r+b") as out:
        out.write(new_raw)
        out.truncate()
        out.flush()
        os.fsync(out.fileno())


def unified_diff(path: str, before: str, after: str) -> str:
    """A unified diff of one file, headed by its path on both sides as ruff's `--diff` is
    (`patch -p0` applies it). The texts are as decoded, byte order mark left out: where the
    file starts with one, so do both sides' first lines, or `patch` would not find the first."""
    if _starts_with_bom(path):
        before, after = "\ufeff" + before, "\ufeff" + after
    lines = unified_lines(path, _LINE.findall(before), _LINE.findall(after))
    out = []
    for line in lines:
        if line.endswith(("\n", "\r")):
            out.append(line)
        else:
            out.append(line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _starts_with_bom(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(len(_BOM)) == _BOM
    except OSError:  # stdin, or a file gone since: what was read is shown as read
        return False
