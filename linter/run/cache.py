"""Results of files linted before, so that a second run over unchanged files re-lints nothing.

As ruff's cache: results live under a directory named by everything that decides them
besides the file itself — the resolved settings, the selected rules, and the code that
runs (schema-lint's version, and the size and modification time of every file of
schema-lint, of the rule packs installed and of the libraries whose answers are
findings, so an edited checkout or an upgrade never reads a stale entry). Inside, one index per folder of linted
files holds each file's findings with its stat (modification and change times, inode,
size), a hash of its bytes and the path as the run named it (findings depend on the
spelling: each names the file as the run did).

A file whose stat is unchanged is answered without being read: a run over unchanged
files costs a `stat` per file and one read per folder. A changed stat (a `touch`, a
checkout of the same bytes) costs a read and a hash, and the bytes decide. So does a
file changed too recently for its timestamps to be trusted (see `stamps`).

Indexes are written whole to a temporary file and renamed into place, so runs at the
same time (pre-commit and an editor, two CI jobs) never read half of one, and each
writer merges what is on disk first: what another run stored is kept, and an entry a
race loses costs a re-lint, never a wrong answer. A broken or unreadable index is a
miss, never an error. Each upgrade or settings change starts a new folder; one that a run
of this user's made and no run has written to for a month is removed by the next run that
writes.

The cache lives in `.schema_lint_cache/` beside the configuration (or the current
directory), which carries its own `.gitignore`; `--no-cache` turns it off and
`--cache-dir` (or `SCHEMA_LINT_CACHE_DIR`) moves it. Being in the project, it may come
with the project: each index is signed with the user's key, and one that does not verify
is a miss; a folder of the cache that is a link or another user's turns the cache off
(see `cache_trust`).
"""

from __future__ import annotations

import io
import json
import os
import time
from dataclasses import fields
from typing import Any, NamedTuple

from schema_lint import __version__
from schema_lint.run import cache_trust
from schema_lint.run import run_cache
from schema_lint.sources import watch
from schema_lint.fixes import scratch_file
from schema_lint.run import stamps
from schema_lint.run.digest import blake2b, hex_digest
from schema_lint.model import diagnostic_from_row, diagnostic_row
from schema_lint.sources.reading import read_regular_file

DIRECTORY = run_cache.DIRECTORY  # also where the console script looks for recorded runs
_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# schema-lint's cache (https://bford.info/cachedir/)\n"
# A folder of other settings or another version that no run has written to for this long is
# removed when a run first writes its own: each upgrade or settings change starts a new one.
_STALE_AFTER_SECONDS = 30 * 24 * 3600
# An index larger than this is not read (a miss): a folder's findings are far smaller.
_MAX_INDEX_BYTES = 1 << 30
# An index is the JSON object {"signature": ..., "folder": ..., "files": ...}, written in
# that order: the signature (see `cache_trust`) is of the text after it. Still JSON, a cache
# folder inside a linted folder is files without tools, as an unsigned index was.
_BEFORE_SIGNATURE, _AFTER_SIGNATURE = b'{"signature":"', b'",'
_UNREAD = object()  # the stamp of an index this run has not read


class Entry(NamedTuple):
    """What linting one file produced."""

    diagnostics: list
    internal_errors: list
    skipped: bool
    tools_checked: int


class Miss(NamedTuple):
    """A file the cache could not answer: the bytes read (linted without reading them
    again) and what its entry will be stored under."""

    raw: bytes
    stamp: list
    settled: bool
    digest: str


class Cache:
    def __init__(self, directory: str, settings: str, secret: bytes, code: str = ""):
        self.directory = directory
        self.bucket = os.path.join(directory, hex_digest(settings.encode(), 12))
        self.secret = secret  # the user's key, which signs every index (see `cache_trust`)
        self.code = code  # the code fingerprint, shared with nested configurations' caches
        self._indexes: dict[str, dict[str, list]] = {}  # folder → file name → row (see `store`)
        self._read_stamps: dict[str, list | None] = {}  # folder → its index's stamp when read (None: absent)
        self._changed: dict[str, set[str]] = {}  # folder → names stored or re-stamped by this run
        self._ready = False

    def lookup(self, path: str, max_bytes: int) -> Entry | Miss | None:
        """The findings stored for `path`; else its bytes (a Miss); None when it cannot be read
        (linting it then says why)."""
        folder, name = os.path.split(os.path.abspath(path))
        row = self._index(folder).get(name)
        if row is not None and row[4] != path:
            # Findings depend on how the path is spelled, not only on the file: each names
            # the file as the run did, and `mcp:x.json` reads as a server's name. An entry
            # answers only the spelling that stored it.
            row = None
        now = time.time_ns()
        try:
            stamp = stamps.stamp(os.stat(path))
        except OSError:
            return None
        if row is not None and row[1] and row[0] == stamp:
            entry = _entry(row)
            if entry is not None:
                return entry
        raw = read_regular_file(path, max_bytes)
        if not isinstance(raw, bytes):
            return None
        settled = stamps.is_settled(stamp, now)
        digest = hex_digest(raw)
        if row is not None and row[2] == digest:
            entry = _entry(row)
            if entry is not None:
                if (row[0], row[1]) != (stamp, settled):
                    row[0], row[1] = stamp, settled
                    self._changed.setdefault(folder, set()).add(name)
                return entry
        return Miss(raw, stamp, settled, digest)

    def store(self, path: str, miss: Miss, entry: Entry) -> None:
        folder, name = os.path.split(os.path.abspath(path))
        self._index(folder)[name] = [miss.stamp, miss.settled, miss.digest, findings_text(entry), path]
        self._changed.setdefault(folder, set()).add(name)

    def changes(self) -> dict[str, dict[str, list]]:
        """The rows this process stored or re-stamped, by folder: what a worker sends back."""
        return {folder: {name: self._indexes[folder][name] for name in names}
                for folder, names in self._changed.items()}

    def merge(self, changes: dict[str, dict[str, list]]) -> None:
        """Take rows another process (a forked worker) stored, as if stored here."""
        for folder, rows in changes.items():
            self._index(folder).update(rows)
            self._changed.setdefault(folder, set()).update(rows)

    def flush(self) -> None:
        """Write the indexes this run changed, and let go of them: the findings they hold as
        text (10 MB of a file of 20,000 tools) would otherwise stay through the report. A
        lookup after this reads the index again. Best effort: a cache that cannot be written
        costs speed, never the run."""
        with run_cache.unobserved:
            if self._changed and self._prepare():
                for folder, names in self._changed.items():
                    self._write_index(folder, names)
                    del self._indexes[folder]
            self._changed.clear()

    def _write_index(self, folder: str, names: set[str]) -> None:
        ours = self._indexes[folder]
        # Rows another run wrote since this one read the index are merged in. Usually none
        # did, and what this run holds is the whole index already: reading it again would
        # cost a large file's findings twice over, in time and in memory.
        unchanged = self._read_stamps.get(folder, _UNREAD) == self._index_stamp(folder)
        stored = ours if unchanged else self._read_index(folder)
        files = {name: row for name, row in stored.items() if os.path.exists(os.path.join(folder, name))}
        files.update((name, ours[name]) for name in names)
        target = self._index_path(folder)
        temporary = None
        try:
            fd, temporary = scratch_file.create(self.bucket, ".index-")
            with os.fdopen(fd, "wb") as handle:
                handle.write(_BEFORE_SIGNATURE + b"0" * cache_trust.SIGNATURE_LENGTH + _AFTER_SIGNATURE)
                signing = _Signing(handle, self._signer(target))
                # `name`, which the stubs ask of a wrapped stream, is read only when asked of `body`.
                body = io.TextIOWrapper(signing, encoding="utf-8", errors="surrogateescape")  # type: ignore[type-var]
                body.write('"folder":')
                json.dump(folder, body, ensure_ascii=False)
                body.write(',"files":')
                json.dump(files, body, ensure_ascii=False, separators=(",", ":"))
                body.write("}")
                body.flush()
                handle.seek(len(_BEFORE_SIGNATURE))  # the signature, now that what it signs is written
                handle.write(signing.mac.hexdigest().encode())
            os.replace(temporary, target)
        except (OSError, TypeError, ValueError):
            if temporary is not None:
                try:
                    os.unlink(temporary)
                except OSError:
                    pass

    def _index(self, folder: str) -> dict[str, list]:
        if folder not in self._indexes:
            with run_cache.unobserved:
                # Stamped before it is read: a run that replaces it after that changes the stamp.
                self._read_stamps[folder] = self._index_stamp(folder)
                self._indexes[folder] = self._read_index(folder)
        return self._indexes[folder]

    def _index_stamp(self, folder: str) -> list | None:
        try:
            return stamps.stamp(os.lstat(self._index_path(folder)))
        except OSError:
            return None

    def _read_index(self, folder: str) -> dict[str, list]:
        """The rows of an index this user's runs signed. Read as an input file is (a FIFO or a
        device put in its place must not block the run), and not through a link. Anything
        else in its place is a miss, said on stderr (`run_cache.ignored`); a row of any other
        shape is a miss too."""
        path = self._index_path(folder)
        raw = cache_trust.read_file(path, _MAX_INDEX_BYTES)
        if raw is None:
            return {}
        if not isinstance(raw, bytes) or cache_trust.signed_body(raw, self._signer(path), _BEFORE_SIGNATURE,
                                                                 _AFTER_SIGNATURE) is None:
            run_cache.ignored(path, "not signed" if isinstance(raw, bytes) else raw)
            return {}
        try:
            data = json.loads(raw.decode("utf-8", "surrogateescape"))
        except (ValueError, RecursionError):
            return {}
        if not isinstance(data, dict) or data.get("folder") != folder or not isinstance(data.get("files"), dict):
            return {}
        return {name: row for name, row in data["files"].items() if _is_row(row)}

    def _signer(self, path: str):
        """An index is signed as the index of its folder in this settings folder."""
        return cache_trust.signer(self.secret, "index", os.path.basename(self.bucket), os.path.basename(path))

    def _index_path(self, folder: str) -> str:
        return os.path.join(self.bucket, hex_digest(folder.encode("utf-8", "surrogateescape"), 16) + ".json")

    def _prepare(self) -> bool:
        """Whether the cache may write its indexes: its folder and this settings folder, made
        as the user's, neither of them a link (see `cache_trust`). The cache's folder is
        marked as a cache for git and backup tools, as ruff marks its own."""
        if self._ready:
            return True
        try:
            os.makedirs(os.path.dirname(os.path.abspath(self.directory)), exist_ok=True)
            if not (cache_trust.make_folder(self.directory)
                    and cache_trust.make_folder(self.bucket, self.secret)):
                return False
            for name, text in ((".gitignore", "# Automatically created by schema-lint.\n*\n"), ("CACHEDIR.TAG", _TAG)):
                scratch_file.write_new(os.path.join(self.directory, name), text.encode())
            self._prune_stale_buckets()
        except OSError:
            return False
        self._ready = True
        return True

    def _prune_stale_buckets(self) -> None:
        """Only folders named as this module names them, and made by a run of this user's
        (signed so): `--cache-dir` may point anywhere, and a project may come with folders
        of its own named so."""
        cutoff = time.time() - _STALE_AFTER_SECONDS
        with os.scandir(self.directory) as entries:
            stale = [entry.path for entry in entries
                     if run_cache.is_hex_name(entry.name, 24) and entry.path != self.bucket
                     and entry.is_dir(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < cutoff
                     and cache_trust.made_here(entry.path, self.secret)]
        if stale:
            import shutil  # rarely needed, and it imports the compression modules

            for path in stale:
                shutil.rmtree(path, ignore_errors=True)


# Findings are stored as ASCII JSON (`\u2014` for an em dash), one row at a time. CPython keeps
# a str at the width of its widest character: one em dash among the 140,000 findings of a
# 20,000-tool file made their 35 million characters take 70 MB instead of 35, and another 70
# when the index escaped them. Encoding row by row never holds every row and all the
# encoder's pieces at once, and each row's text goes into one buffer as it is made rather
# than into thousands of small strings joined at the end, whose memory the process keeps
# once they are freed. An undecodable name's lone surrogates come back as they went in.
_ROW_ENCODER = json.JSONEncoder(separators=(",", ":"))


def findings_text(entry: Entry) -> str:
    """What `_entry` reads back: the JSON of [diagnostics, internal errors, skipped, tools checked]."""
    encode = _ROW_ENCODER.encode
    text = io.StringIO()

    def rows(diagnostics: list) -> None:
        for index, diagnostic in enumerate(diagnostics):
            text.write("," if index else "")
            text.write(encode(diagnostic_row(diagnostic)))

    text.write("[[")
    rows(entry.diagnostics)
    text.write("],[")
    rows(entry.internal_errors)
    text.write(f"],{encode(entry.skipped)},{encode(entry.tools_checked)}]")
    return text.getvalue()


class _Signing(io.BufferedIOBase):
    """A binary stream that writes to `handle` and feeds `mac` the same bytes. Under a text
    stream, the many small pieces `json.dump` writes reach it gathered, 8 KB at a time."""

    def __init__(self, handle, mac):
        super().__init__()
        self.handle = handle
        self.mac = mac

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self.mac.update(data)
        return self.handle.write(data)


def _is_row(row: Any) -> bool:
    """Whether `row` has the shape `Cache.store` gives it: stamp, settled, digest, findings
    text (see `findings_text`), path as named."""
    return (type(row) is list and len(row) == 5 and type(row[0]) is list and type(row[1]) is bool
            and type(row[2]) is str and type(row[3]) is str and type(row[4]) is str)


def _entry(row: list) -> Entry | None:
    """The stored findings. An index holds each file's findings as JSON text, parsed only
    for the files asked about: checking one file of a folder of thousands reads its own
    findings alone. The index is signed, so its rows are the run's own; their shape is
    checked all the same, and anything else is a miss."""
    try:
        diagnostics, internal_errors, skipped, tools_checked = json.loads(row[3])
        if not (type(diagnostics) is list and type(internal_errors) is list and type(skipped) is bool
                and type(tools_checked) is int):
            return None
        return Entry([diagnostic_from_row(r) for r in diagnostics], [diagnostic_from_row(r) for r in internal_errors],
                     skipped, tools_checked)
    except (ValueError, KeyError, TypeError, IndexError, RecursionError):
        return None


class CacheFolderError(Exception):
    """A cache folder that holds files of something else: the run stops (exit 2) before writing there."""


def foreign_files(folder: str) -> list[str]:
    """The first few names in `folder` that the cache did not make (none if it is absent or empty).
    The cache marks its folder ignored by git (`.gitignore` of `*`) and by backups: made in a
    project's folder (`--cache-dir .`), that would hide the project from git and from the
    walk, which then lints nothing and passes. A folder tagged as this cache's is its own
    whatever else it holds."""
    if os.path.islink(folder) or cache_trust.read_file(os.path.join(folder, "CACHEDIR.TAG"), len(_TAG)) == _TAG.encode():
        return []  # a link is not used either, as `cache_trust` says
    ours = {".gitignore", "CACHEDIR.TAG", run_cache.RUNS}
    foreign: list[str] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:  # a few names say enough: a large folder is not read through
                if entry.name not in ours and not run_cache.is_hex_name(entry.name, 24):
                    foreign.append(entry.name)
                    if len(foreign) == 3:
                        break
    except OSError:
        return []  # absent, or not a folder: `cache_trust` says why it cannot be used
    return sorted(foreign)


def open_cache(config: Any, rule_codes: list[str], directory: str | None, code: str | None = None) -> Cache | None:
    """The cache of runs with exactly these settings and rules, in `directory` or the default;
    `code` is the fingerprint of the code that runs, when another cache of the run has it.
    None, said once on stderr, when the cache may not be used: the user's key cannot be
    had, or a folder of the cache is a link or another user's (see `cache_trust`).
    CacheFolderError when the folder holds files the cache did not make (`foreign_files`)."""
    folder = os.path.normpath(directory or os.path.join(config.root, DIRECTORY))
    if directory and os.path.exists(folder) and not os.path.isdir(folder):  # a device: click refuses a file
        raise CacheFolderError(f"the cache folder {folder} is not a folder")
    foreign = foreign_files(folder)
    if foreign:
        raise CacheFolderError(f"the cache folder {folder} holds files schema-lint did not make ({', '.join(foreign)}): "
                               "give --cache-dir (or SCHEMA_LINT_CACHE_DIR) a new or empty folder")
    with run_cache.unobserved:  # no input of the run: a record signed with another key is a miss anyway
        secret = cache_trust.key(create=True)
    if isinstance(secret, str):
        run_cache.warn(f"running without the cache: {secret}")
        return None
    code = code or _code_fingerprint()
    cache = Cache(folder, settings_fingerprint(config, rule_codes, code), secret, code)
    for place in (cache.directory, os.path.join(cache.directory, run_cache.RUNS), cache.bucket):
        problem = cache_trust.folder_problem(place)
        if problem is not None:
            run_cache.warn(f"running without the cache: {problem}")
            return None
    return cache


def settings_fingerprint(config: Any, rule_codes: list[str], code: str) -> str:
    """Everything besides a file's path and bytes that decides its findings."""
    settings = {item.name: repr(getattr(config, item.name)) for item in fields(config) if item.name != "source"}
    return json.dumps({"version": __version__, "code": code, "rules": rule_codes, "settings": settings},
                      sort_keys=True)


# Libraries whose answers are findings: an upgrade of jsonschema-rs can change what SL001
# reports, of regress what SL013 does, of ruamel.yaml where a YAML finding is placed.
_DECIDING_LIBRARIES = ("jsonschema_rs", "regress", "ruamel.yaml")


def _code_fingerprint() -> str:
    """Size and modification time of every file of schema-lint, of the rule packs installed
    (under the `schema_lint.rules` entry-point group) and of the libraries that decide
    findings: each changes when it is edited, upgraded or reinstalled."""
    import schema_lint
    import schema_lint.rules
    from schema_lint.config import entry_points
    from schema_lint.config.selection import ENTRY_POINT_GROUP

    places = [os.path.dirname(schema_lint.__file__), os.path.dirname(schema_lint.rules.__file__),
              *entry_points.module_places(_DECIDING_LIBRARIES),
              *entry_points.module_places(entry_points.declared_modules(ENTRY_POINT_GROUP))]
    digest = blake2b(digest_size=32)
    for path in _code_files(places):
        try:
            status = os.stat(path)
        except OSError:
            watch.note(path)  # stamped as absent or unreadable: a change shows all the same
            continue
        watch.note(path, status)  # a recorded run's output depends on the code as much as on its inputs
        digest.update(f"{path}:{status.st_size}:{status.st_mtime_ns}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _code_files(places: list[str]) -> list[str]:
    """Each file under the places (a package's folder or a module's file) once, sorted, less
    bytecode: installed, `schema_lint.rules` lies inside `schema_lint`, and `__pycache__`
    gains a file whenever an import compiles one."""
    files: set[str] = set()
    for place in places:
        if not os.path.isdir(place):
            files.add(place)
            continue
        for folder, subfolders, names in os.walk(place):
            subfolders[:] = [name for name in subfolders if name != "__pycache__"]
            files.update(os.path.join(folder, name) for name in names if not name.endswith(".pyc"))
    return sorted(files)
