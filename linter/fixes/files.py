"""Writing fixed files and showing what would change.

A write goes to a temporary file in the same directory, is flushed to disk, and
replaces the original by rename, so a crash leaves either the old file or the new one,
never half of each. The file's mode and a UTF-8 byte-order mark are kept, and nothing is
written when the content is unchanged or the file changed on disk since it was read.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
import tempfile

_BOM = b"\xef\xbb\xbf"
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


class StaleFile(Exception):
    """The file on disk is no longer the text that was linted."""


def write_fixed(path: str, linted_text: str, fixed_text: str) -> bool:
    """Replace `path`'s content by `fixed_text`; False when there was nothing to change."""
    with open(path, "rb") as handle:
        raw = handle.read()
    bom = _BOM if raw.startswith(_BOM) else b""
    if raw[len(bom):].decode("utf-8", errors="replace") != linted_text:
        raise StaleFile(f"{path} changed on disk while it was being linted; not fixed")
    new_raw = bom + fixed_text.encode("utf-8")
    if new_raw == raw:
        return False
    mode = stat.S_IMODE(os.stat(path).st_mode)
    directory = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(new_raw)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    return True


def unified_diff(path: str, before: str, after: str) -> str:
    """A unified diff of one file, headed by its path on both sides as ruff's `--diff` is
    (`patch -p0` applies it)."""
    lines = difflib.unified_diff(_LINE.findall(before), _LINE.findall(after), fromfile=path, tofile=path)
    out = []
    for line in lines:
        if line.endswith(("\n", "\r")):
            out.append(line)
        else:
            out.append(line + "\n\\ No newline at end of file\n")
    return "".join(out)
