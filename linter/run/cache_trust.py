"""What makes a cache entry one this user's schema-lint wrote, so that no repository can
hand a run its answers.

The caches live in the project (`.schema_lint_cache/`, as ruff's), and a pull request can
commit one: an index saying that a loose file has no finding, or a recorded run saying
"no findings, exit 0". Whoever knows a file's bytes and an install's stamps (a container
image's are the same on every machine) could write either. So each index and record is
signed with a keyed BLAKE2b under a secret of the user's own, made on first use outside any
project (`key_path`), and an entry whose signature does not verify is a miss. The secret is
believed only in a regular file of the user's own that no one else may read, not through a
link: a checkout under the usual umask makes files anyone may read.

A folder the cache writes in or removes from is used only if it is a folder of the user's
own, not a link to one (`folder_problem`); files are read without following a link, and a
settings folder is removed only if it holds the mark its maker signed (`make_folder`).
"""

from __future__ import annotations

import errno
import os
import stat

from schema_lint.fixes import scratch_file
from schema_lint.run.digest import blake2b
from schema_lint.sources import user_cache

try:  # what `hmac.compare_digest` is, without importing `hashlib` (see `digest`)
    from _operator import _compare_digest
except ImportError:  # an interpreter without it
    from hmac import compare_digest as _compare_digest  # type: ignore[no-redef]  # the same function, typed apart

KEY_FILE_VARIABLE = "SCHEMA_LINT_CACHE_KEY_FILE"
KEY_BYTES = 32
SIGNATURE_LENGTH = 64  # hex digits
# The file in a folder the cache made, holding the folder's signed name.
MARK = ".made-by-schema-lint"
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
_USER = os.geteuid() if hasattr(os, "geteuid") else None  # None: no owners or modes to compare (Windows)


def key_path() -> str:
    """`SCHEMA_LINT_CACHE_KEY_FILE`, else `schema-lint/key` in the user's cache folder
    (`$XDG_CACHE_HOME`, else `~/.cache`)."""
    named = os.environ.get(KEY_FILE_VARIABLE)
    if named:
        return named
    return os.path.join(user_cache.folder(), "key")


def key(create: bool = False) -> bytes | str:
    """The user's secret, made first if absent and `create`; else why there is none, as a
    phrase. A relative path (no home folder to expand `~` in) would put it in the project."""
    path = key_path()
    if not os.path.isabs(path):
        return f"its key's path is not absolute ({path}): set {KEY_FILE_VARIABLE}"
    found = _read_key(path)
    if found is None and create:
        try:
            _create_key(path)
        except OSError as exc:
            return f"cannot create its key {path}: {exc.strerror or exc}"
        found = _read_key(path)
    return f"no key at {path}" if found is None else found


def _read_key(path: str) -> bytes | str | None:
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot read its key {path}: {_why(exc)}"
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode) or (_USER is not None and (info.st_uid != _USER or info.st_mode & 0o077)):
            return f"its key {path} is not a file of this user's that only they may read (mode 0600)"
        secret = os.read(descriptor, KEY_BYTES + 1)
    except OSError as exc:
        return f"cannot read its key {path}: {_why(exc)}"
    finally:
        os.close(descriptor)
    return secret if len(secret) == KEY_BYTES else f"its key {path} is not {KEY_BYTES} bytes long"


def _create_key(path: str) -> None:
    """Written whole under another name (mode 0600), then linked into place: of two first runs
    at once, both use the key that landed first."""
    folder = os.path.dirname(path)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    descriptor, temporary = scratch_file.create(folder, ".key-")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(os.urandom(KEY_BYTES))
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
    finally:
        os.unlink(temporary)


def signer(secret: bytes, *place: str):
    """A keyed BLAKE2b to feed what is signed, begun with what it is and where it lies: a
    signature vouches for those bytes there alone (not in another settings folder, nor as
    another command's record)."""
    mac = blake2b(key=secret, digest_size=SIGNATURE_LENGTH // 2)
    mac.update("\0".join(place).encode("utf-8", "surrogateescape") + b"\n")
    return mac


def verifies(mac, signature: bytes) -> bool:
    """Whether `signature` (hex, as written) is what `mac` was fed, compared in constant time."""
    return _compare_digest(mac.hexdigest().encode(), signature)


def signed_body(content: bytes, mac, before: bytes, after: bytes) -> memoryview | None:
    """What follows `before`, a signature and `after` in `content` (how the caches lay out
    an entry), if the signature is `mac`'s of it; None otherwise. A view: an index can be large."""
    start = len(before) + SIGNATURE_LENGTH + len(after)
    if not content.startswith(before) or content[start - len(after):start] != after:
        return None
    body = memoryview(content)[start:]
    mac.update(body)
    return body if verifies(mac, content[len(before):start - len(after)]) else None


def read_file(path: str, max_bytes: int) -> bytes | str | None:
    """The bytes of the regular file `path`, read without following a link or blocking on a
    FIFO; None when absent; why not, as a phrase, when something else is there or it holds
    more than `max_bytes`."""
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        return _why(exc)
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            return "not a regular file"
        chunks, room = [], min(info.st_size, max_bytes) + 1  # one byte more: did it grow?
        while room > 0 and (chunk := os.read(descriptor, room)):
            chunks.append(chunk)
            room -= len(chunk)
    except OSError as exc:
        return _why(exc)
    finally:
        os.close(descriptor)
    content = b"".join(chunks)
    return content if len(content) <= max_bytes else f"larger than {max_bytes:,} bytes"


def folder_problem(path: str) -> str | None:
    """Why the cache may not use the folder `path`, as a phrase: a link (which would take
    its writes and removals out of the project), not a folder, or another user's. None when
    it may, or when there is nothing there (yet: it is made when written)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:  # nothing could ever be made there
        return f"cannot use {path}: a folder it lies in is a file"
    except OSError as exc:
        return f"cannot use {path}: {exc.strerror or exc}"
    if stat.S_ISLNK(info.st_mode):
        return f"{path} is a link"
    if not stat.S_ISDIR(info.st_mode):
        return f"{path} is not a folder"
    if _USER is not None and info.st_uid != _USER:
        return f"{path} belongs to another user"
    return None


def make_folder(path: str, secret: bytes | None = None) -> bool:
    """Whether the cache may write in the folder `path`, made if absent: signed as made by
    this user's run when `secret` is given, so that a later run may remove it."""
    try:
        os.mkdir(path)
    except FileExistsError:
        return folder_problem(path) is None
    except OSError:
        return False
    if secret is not None:
        mark = signer(secret, "folder", os.path.basename(path)).hexdigest().encode()
        scratch_file.write_new(os.path.join(path, MARK), mark)
    return True


def made_here(path: str, secret: bytes) -> bool:
    """Whether the folder `path` holds the mark `make_folder` signed for it with this secret."""
    mark = read_file(os.path.join(path, MARK), SIGNATURE_LENGTH)
    return isinstance(mark, bytes) and verifies(signer(secret, "folder", os.path.basename(path)), mark)


def _why(error: OSError) -> str:
    return "a link" if error.errno == errno.ELOOP else error.strerror or str(error)
