"""Regular expressions compiled once per install, not once per run, as Python keeps bytecode.

Python compiles a pattern in pure Python (`re`'s parser and compiler): the rules' few hundred
patterns take about a tenth of the CPU of a run over a thousand files, and a one-file run
pays for the fifth of them its descriptions reach, every run again. What that work makes
is small: the matcher's code (a list of integers) and the group names, from which
`_sre.compile` (C, the last step of `re.compile`) makes the pattern in microseconds. The
command line (`console`) names a store for them, one file per interpreter build in the
user's cache folder (`schema-lint/patterns-<python>-<build>`, beside the caches' key);
`compile` then takes a pattern's code from the store, or compiles it the long way and keeps
the code, and `save` writes what a run added. A run that writes the store compiles every pattern its
modules define first, so the next one finds all of them.

The store is keyed by the pattern's text and flags and held to the exact interpreter build
and matcher version (`_sre.MAGIC`), so it needs no invalidation when schema-lint changes:
a changed pattern is another key. Code from the store is checked by `_sre.compile` itself,
which refuses code a matcher could misread; an unreadable store, one of another build, or
any entry that does not compile is ignored, and that pattern is compiled as `re.compile`
would. Without a store named (a library user's process, the test suite's own process), this
is `re.compile`.
"""

from __future__ import annotations

import marshal
import os
import re
import stat
import sys
from array import array
from collections.abc import Callable

try:  # Python 3.11 and later
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # Python 3.10, where the same functions live under these names
    import sre_compile as _compiler
    import sre_parse as _parser

import _sre  # type: ignore[import-not-found]  # the matcher `re` is built on; no stubs

# What must match for code compiled by one process to mean the same to another.
BUILD = f"{sys.implementation.name} {sys.version} {_sre.MAGIC} {_sre.CODESIZE} {sys.maxunicode} {sys.byteorder}"
# The matcher's code is kept as the bytes of an array of its words: a store of lists of
# integers took 2 ms to read, one of bytes takes under 1 ms.
_CODE_WORD = next(code for code in "IL" if array(code).itemsize == _sre.CODESIZE)
# A store larger than this is not read: one holds about 300 KB; past it something else wrote it.
MAX_STORE_BYTES = 16 << 20
# Entries of patterns no longer defined (kept from earlier versions) are dropped when this many
# accumulate.
MAX_ENTRIES = 5_000

_path: str | None = None
_stored: dict = {}
_added = False
# The keys this process compiled or took from the store: what an overfull store keeps.
_used: set = set()


def use_store(folder: str) -> None:
    """Keep compiled patterns in `folder` from now on (the user's cache folder), reading what
    it holds now: before a run starts recording what it reads (`run.run_cache`), since the
    store decides nothing a run prints and must not outdate every record when rewritten."""
    global _path, _stored, _added
    _path, _added = os.path.join(folder, f"patterns-{sys.implementation.cache_tag}-{_build_digest()}"), False
    _stored = _read(_path)


def _build_digest() -> str:
    """`BUILD` in eight hex digits, for the file's name: each build (another patch release, or
    the same one compiled elsewhere) keeps a file of its own, rather than two builds used in
    turn each rewriting the other's. (A checksum of a hundred characters: no hash module is
    loaded for it.)"""
    digest = 0
    for char in BUILD:
        digest = (digest * 31 + ord(char)) & 0xFFFFFFFF
    return f"{digest:08x}"


def compile(source: str, flags: int = 0) -> re.Pattern:  # noqa: A001 - stands for re.compile
    """`re.compile(source, flags)`, from the store when it holds the pattern."""
    if _path is None:
        return re.compile(source, flags)
    flags = int(flags)
    stored = _stored
    key = (source, flags)
    _used.add(key)
    entry = stored.get(key)
    if entry is not None:
        try:
            flags_used, code, *names = entry
            return _sre.compile(source, flags_used, array(_CODE_WORD, code).tolist(), *names)
        except (TypeError, ValueError, RuntimeError, OverflowError):  # not code this matcher takes
            del stored[key]
    try:
        flags_used, code, *names = _compiled_parts(source, flags)
        pattern = _sre.compile(source, flags_used, code, *names)
    except re.error:
        raise
    except Exception:  # an interpreter whose private compiler differs: the public way
        return re.compile(source, flags)
    global _added
    stored[key] = (flags_used, array(_CODE_WORD, code).tobytes(), *names)
    _added = True
    return pattern


def _compiled_parts(source: str, flags: int) -> tuple:
    """What `re.compile` hands `_sre.compile` after the pattern itself: the same steps as
    `re._compiler.compile`."""
    parsed = _parser.parse(source, flags)
    code = [int(word) for word in _compiler._code(parsed, flags)]  # opcodes are int subclasses
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (flags | parsed.state.flags, code, parsed.state.groups - 1, groupindex, tuple(indexgroup))


def _read(path: str) -> dict:
    """The store at `path`, if it is a regular file of this user's (not a link, which another
    user could point at a store of theirs, nor a FIFO, which would block the run) of a
    store's size; else nothing."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
        with os.fdopen(descriptor, "rb") as handle:
            info = os.fstat(descriptor)
            if (not stat.S_ISREG(info.st_mode) or info.st_size > MAX_STORE_BYTES
                    or hasattr(os, "getuid") and info.st_uid != os.getuid()):
                return {}
            build, entries = marshal.loads(handle.read())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if build != BUILD or not isinstance(entries, dict):
        return {}
    return {key: value for key, value in entries.items() if _well_formed(key, value)}


def _well_formed(key: object, value: object) -> bool:
    return (isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str) and type(key[1]) is int
            and isinstance(value, tuple) and len(value) == 5 and type(value[0]) is int
            and type(value[1]) is bytes and type(value[2]) is int and type(value[3]) is dict
            and type(value[4]) is tuple)


def save(before_writing: Callable[[], None] | None = None) -> None:
    """Write the store if this process added to it, calling `before_writing` (which may compile
    more patterns) once the file to write is open: a store that cannot be written (a read-only
    home) then costs no more than the patterns this run compiled anyway. Written whole and
    renamed into place, so a reader never sees half of it."""
    global _added
    if _path is None or not _added:
        return
    _added = False
    temporary = f"{_path}.{os.urandom(6).hex()}.tmp"
    try:
        os.makedirs(os.path.dirname(_path), mode=0o700, exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        return
    try:
        with os.fdopen(descriptor, "wb") as handle:
            if before_writing is not None:
                before_writing()
            stored = _stored
            if len(stored) > MAX_ENTRIES:
                stored = {key: entry for key, entry in stored.items() if key in _used}
            handle.write(marshal.dumps((BUILD, stored)))
        os.replace(temporary, _path)
    except (OSError, ValueError):
        try:
            os.unlink(temporary)
        except OSError:
            pass
