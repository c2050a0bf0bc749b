"""A `check` run's output, printed again without linting when nothing it read has changed.

The per-file cache (`cache`) spares a second run the linting, not the rest: the
interpreter's imports of click and the engine, then building, sorting and printing every
finding again, which is most of a warm run over 1,000 small files. So the console script
(`console.run`) first looks for the record of the same command (its arguments, working
directory, environment and terminals) and, when every path that run depended on still has
the stamp it had, prints what that run printed and exits as it did, before click is
imported.

A run depends on what it reads, and each path's stamp is taken before the path is used:

- every file it opens for reading and every folder it lists, seen through an audit hook
  (`sys.addaudithook`): the configuration, `.gitignore` files, the baseline, the files
  linted on a cold run, the code imported, the rule packs' metadata (not the standard
  library, for which the interpreter's version and build in the key stand);
- every path whose existence alone decides something, stamped absent if it is: each
  configuration looked for in a folder above, each `.git` and `.gitignore` a walk looks
  for, each path named; and the files linted (a warm run only stats them) and the code
  fingerprinted (see `cache`). Their callers say so (`sources.watch.note`), and a recording
  listens. A folder's stamp changes when an entry appears in it, so a walked folder needs
  no more; a folder above does not need its own (which any other process's file there
  would change): the few names looked up suffice.

A record is kept only when each stamp was old enough to vouch for the bytes (`stamps`),
and only for runs that `check` says read only files and wrote none (`replayable`): no
`--fix`, `--diff`, `--calls`, standard input, servers or Python objects, no
`--output-file`. A path that changed while the run ran needs no second look: an edit made
after a settled stamp was taken always moves it, so that record never matches. What the
run wrote to stdout and stderr is kept in the order it was written, and replayed in that
order. Records live in the per-file cache's folder (under `runs/`), where `--no-cache`
never looks. A record that cannot be read or does not match is a miss: the run then
proceeds as if it did not exist.

A project may come with that folder, records and all. So a record is signed with the
user's key (see `cache_trust`): one that does not verify is a miss, said once on stderr
(`ignored`), and one in a folder that is a link or another user's is not read. Only records
this user's key signed are ever removed.
"""

from __future__ import annotations

import io
import os
import sys
import time

from schema_lint import __version__
from schema_lint.sources import watch
from schema_lint.run import cache_trust
from schema_lint.run.pipes import drop_rest
from schema_lint.fixes import scratch_file
from schema_lint.run import stamps
from schema_lint.run.digest import hex_digest

# The configuration files that hold nothing but our keys: `config.CONFIG_FILE_NAMES` before
# `pyproject.toml`, spelled again here because a warm run must not import the configuration
# module (and `dataclasses` with it); tests/test_run_cache.py checks the two agree.
STANDALONE_CONFIG_NAMES = (".schema-lint.toml", "schema-lint.toml")

TYPE_CHECKING = False  # `typing.TYPE_CHECKING`, without importing `typing`: a replay needs none of it
if TYPE_CHECKING:
    from typing import TextIO

DIRECTORY = ".schema_lint_cache"  # the per-file cache's folder (`cache`), holding records under RUNS
RUNS = "runs"
# A record is bytes: this, then its signature and a newline (see `cache_trust`: it signs the
# rest as the record of its command's key, the file's name); the exit code and the number
# of paths, a line each; each path and its stamp, each followed by NUL (which no path
# holds); then each piece of output as written: its stream (1 or 2) and length on a line,
# and its bytes.
# Not JSON: importing `json` (and with it `re` and `enum`) would cost half a replay.
_MAGIC = b"schema-lint run 2 "
# Variables that differ between shells but that nothing in a run reads.
_IGNORED_ENVIRONMENT = frozenset({"_", "OLDPWD", "PWD", "SHLVL"})
# Output larger than this is not recorded (reading it back would cost what linting saves).
_MAX_OUTPUT_BYTES = 64 << 20
_MAX_RECORD_BYTES = _MAX_OUTPUT_BYTES + (16 << 20)  # and the paths it depends on
# A folder keeps the records of this many commands (a pre-commit hook names new files on
# every commit); older ones are removed when a run records its own.
_MAX_RECORDS = 64
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
# The standard library's folder. What a run reads there is not stamped: the interpreter's
# version and build, part of every command's key, already stand for it (a patch release
# rebuilds both), and it is a fifth of what a one-file run opens. Packages installed in it
# (`site-packages`, without a virtual environment) still count, and so does every file under
# an interpreter that does not say where its library lies (a frozen build).
_STANDARD_LIBRARY = os.path.join(os.path.dirname(os.__file__), "") if getattr(os, "__file__", None) else None
_INSTALLED_PACKAGES = tuple(f"{_STANDARD_LIBRARY}{name}" for name in ("site-packages", "dist-packages")
                            if _STANDARD_LIBRARY)

_recording: Recording | None = None
_hook_installed = False
_warned = False


def replay(argv: list[str]) -> int | None:
    """Print the output recorded for this command and return its exit code; None (and
    nothing printed, but for `ignored`) when there is no record of this user's or anything
    it depended on changed."""
    try:
        streams = {1: sys.stdout.buffer, 2: sys.stderr.buffer}
        key = command_key(argv)
        for folder in _record_folders(argv):
            runs = os.path.join(folder, RUNS)
            content = cache_trust.read_file(os.path.join(runs, key), _MAX_RECORD_BYTES)
            if content is not None:
                break
        else:
            return None
        if cache_trust.folder_problem(folder) or cache_trust.folder_problem(runs):
            return None  # the run says why it goes without the cache
        body = _signed(content, key, cache_trust.key())
        if body is None:
            ignored(os.path.join(runs, key), content if isinstance(content, str) else "not signed")
            return None
        exit_code, paths, output = _parse_record(bytes(body))
        for path, expected in paths:
            if _stamp_of(path) != expected:
                return None
        pieces = _pieces(output)
    except (OSError, ValueError, AttributeError):  # AttributeError: no stream to print to
        return None
    for stream, data in pieces:
        try:
            streams[stream].write(data)
            streams[stream].flush()  # each in turn, as the run wrote them (both may be one terminal)
        except BrokenPipeError:  # the reader left (`| head`): the rest goes nowhere, the exit code stays
            drop_rest(streams[stream])
    return exit_code


def command_key(argv: list[str]) -> str:
    """Everything besides the files that decides what a command prints."""
    environment = sorted(item for item in os.environ.items() if item[0] not in _IGNORED_ENVIRONMENT)
    streams = [_is_terminal(stream) for stream in (sys.stdin, sys.stdout, sys.stderr)]
    # The interpreter's own options (`-OO`, `-X ...`, `-m`) and where it imports from (`python -m`
    # puts the working directory first, where a rule pack may lie) decide the run as much.
    interpreter = (sys.executable, sys.version, getattr(sys, "orig_argv", None), sys.path)
    # Who runs it decides what can be read: a file one user may read is an error for another.
    user = [getattr(os, name, lambda: None)() for name in ("geteuid", "getegid", "getgroups")]
    facts = (__version__, interpreter, user, os.getcwd(), list(argv), environment, streams,
             getattr(sys.stdout, "encoding", None), getattr(sys.stdout, "errors", None))
    # repr escapes the surrogates that stand for undecodable bytes in names and arguments.
    return hex_digest(repr(facts).encode(), 16)


def start(argv: list[str]) -> Recording | None:
    """Begin recording this process's run; None when its output cannot be captured."""
    global _recording, _hook_installed
    if not all(hasattr(stream, "buffer") for stream in (sys.stdout, sys.stderr)):
        return None
    try:
        recording = Recording(command_key(argv))
    except (OSError, ValueError):
        return None  # no working directory: nothing to key the record by
    if not _hook_installed:
        sys.addaudithook(_audit)
        _hook_installed = True
    _recording = recording
    watch.listen(recording.note)
    recording.capture()
    return recording


def ignored(path: str, why: str) -> None:
    """Say that a cache entry found at `path` was not believed, and why."""
    warn(f"ignored {path}: {why}; the cache believes only what this user's key ({cache_trust.key_path()}) signed")


def warn(message: str) -> None:
    """Say on stderr, once a process, why a cache or part of one went unused. Past the
    recording: a replay of this run must not say it again, its cause being gone by then
    (the run wrote its own entries in place of those it ignored)."""
    global _warned
    if _warned:
        return
    _warned = True
    stream = _recording._streams.get("stderr", sys.stderr) if _recording is not None else sys.stderr
    try:
        stream.write(f"schema-lint: warning: {_shown(message)}\n")
        stream.flush()
    except (OSError, ValueError, AttributeError):  # no stream to say it on: the run goes on
        pass


def _shown(text: str) -> str:
    """Control characters escaped (`\\x1b`), as the reports escape them: a folder's name
    must not steer the terminal."""
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


class _Unobserved:
    """`with unobserved:` what the per-file cache reads and lists of its own is no input of
    the run (its indexes change with every run that writes, and vouch only for what the
    files' own stamps already decide). Anything else reading the same paths still counts:
    a cache folder that is also linted, say."""

    depth = 0

    def __enter__(self) -> None:
        self.depth += 1

    def __exit__(self, *exc_info) -> None:
        self.depth -= 1


unobserved = _Unobserved()


def abandon() -> None:
    """Stop recording: called by `check` once it knows its run can never be kept (no cache,
    fixes, servers...), so that the files it reads are not stamped and its output not copied
    for nothing."""
    if _recording is not None:
        _recording.finish(None)


def replayable(cache_dir: str) -> None:
    """Called by `check` when this run read only files and wrote none (no fixes, servers,
    standard input or `--output-file`): it may be recorded, in the per-file cache's folder."""
    if _recording is not None:
        _recording.cache_dir = os.path.abspath(cache_dir)


class _Tee(io.BufferedIOBase):
    """A binary stream that passes everything on and hands a copy to `keep`, with its number."""

    def __init__(self, target, number: int, keep):
        super().__init__()
        self.target = target
        self.number = number
        self.keep = keep

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self.keep(self.number, data)
        return self.target.write(data)

    def flush(self) -> None:
        self.target.flush()

    def isatty(self) -> bool:
        return self.target.isatty()

    def fileno(self) -> int:
        return self.target.fileno()


class Recording:
    def __init__(self, key: str):
        self.key = key
        self.pid = os.getpid()  # a forked worker inherits the recording too, and notes nothing
        self.cwd = os.getcwd()
        self.stamps: dict[str, tuple[str, bool]] = {}  # path → (stamp, whether settled when taken)
        self.cache_dir: str | None = None
        self._streams: dict[str, TextIO] = {}  # the streams replaced, by name
        self.output: list[tuple[int, bytes]] = []  # (stream number, bytes), in the order written
        self.output_size = 0

    def capture(self) -> None:
        """Put a copying stream under stdout and stderr, as a text stream like the one replaced."""
        for number, name in ((1, "stdout"), (2, "stderr")):
            original = getattr(sys, name)
            original.flush()
            tee = _Tee(original.buffer, number, self._keep)
            setattr(sys, name, io.TextIOWrapper(tee, encoding=original.encoding, errors=original.errors,
                                                 line_buffering=original.line_buffering, write_through=True))
            self._streams[name] = original

    def _keep(self, number: int, data) -> None:
        self.output_size += len(data)
        if self.output_size <= _MAX_OUTPUT_BYTES:
            self.output.append((number, bytes(data)))

    def note(self, path, status: os.stat_result | None = None) -> None:
        if unobserved.depth or os.getpid() != self.pid:
            return
        # Joined, not normalized: `link/../x.json` is the `x.json` beside the link's target, as
        # `open` finds it, not the one the text suggests.
        path = os.path.join(self.cwd, os.fsdecode(path))
        if path not in self.stamps:
            self.stamps[path] = _stamp_and_settled(path, status)

    def finish(self, exit_code: object) -> None:
        """Stop recording; keep the record if the run may be replayed. Best effort: a record
        that cannot be written costs the next run speed, never this one."""
        global _recording
        _recording = None
        watch.listen(None)
        try:
            for name, original in self._streams.items():
                getattr(sys, name).flush()
                setattr(sys, name, original)
        except (OSError, ValueError):  # a closed or broken pipe: the output is not whole
            return
        if (self.cache_dir is None or self.output_size > _MAX_OUTPUT_BYTES
                or not isinstance(exit_code, int) or not os.path.isdir(self.cache_dir)):
            return
        # A path that changes after its stamp was taken changes that stamp: a settled one is
        # older than any clock tick, and the change's own time is not. So the paths are not
        # stamped again here: a record that such a change makes stale is never replayed.
        if not all(settled for _, settled in self.stamps.values()):
            return  # changed too recently for its stamp to tell
        secret = cache_trust.key()
        if isinstance(secret, str):
            return
        listing = b"".join(os.fsencode(path) + b"\0" + stamp.encode() + b"\0" for path, (stamp, _) in self.stamps.items())
        output = b"".join(b"%d %d\n%s" % (number, len(data), data) for number, data in self.output)
        body = [b"%d\n%d\n" % (exit_code, len(self.stamps)), listing, output]
        _write_record(self.cache_dir, self.key, _signed_record(self.key, body, secret), secret)


def _audit(event: str, args: tuple) -> None:
    """What a run reads: files opened for reading, folders listed. Never raises (a hook's
    exception would fail the operation it watches)."""
    recording = _recording
    if recording is None:
        return
    try:
        if event == "open":
            path, _mode, flags = args
            if isinstance(path, (str, bytes, os.PathLike)) and not (flags or 0) & _WRITE_FLAGS:
                if _in_standard_library(path):
                    return
                source = _source_of_bytecode(os.fsdecode(path))
                recording.note(path if source is None else source)
        elif event in ("os.listdir", "os.scandir"):
            path = args[0] if args else None
            if path is None or (isinstance(path, (str, bytes, os.PathLike)) and not _in_standard_library(path)):
                recording.note(os.curdir if path is None else path)
    except Exception:  # noqa: BLE001 - see the docstring
        pass


def _in_standard_library(path: str | bytes | os.PathLike) -> bool:
    if _STANDARD_LIBRARY is None:
        return False
    path = os.fsdecode(path)
    return path.startswith(_STANDARD_LIBRARY) and not path.startswith(_INSTALLED_PACKAGES)


def _source_of_bytecode(path: str) -> str | None:
    """The module a `__pycache__/NAME.TAG.pyc` was compiled from, which is stamped in its
    place: an import that finds the bytecode current opens only it, and an edit of the source
    shows only in the source. The bytecode itself needs no stamp: Python reads it only beside
    its source and compiles it again whenever the source changes (half of the paths a cold
    run opens are bytecode)."""
    folder, name = os.path.split(path)
    holder, cache = os.path.split(folder)
    if cache != "__pycache__" or not name.endswith(".pyc"):
        return None
    return os.path.join(holder, name.split(".", 1)[0] + ".py")


def _stamp_and_settled(path: str, info: os.stat_result | None = None) -> tuple[str, bool]:
    """A path's stamp as text, and whether it is old enough to vouch for the bytes later (see
    `stamps`); an absent or unreadable path is stamped as such, and changes when it appears.
    `info` is its `os.stat` when the caller has just taken it."""
    if info is None:
        try:
            info = os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            return "absent", True
        except OSError as exc:
            return f"unreadable {exc.errno}", True
        except ValueError:  # a NUL in the name
            return "unreadable", True
    file_stamp = stamps.stamp(info)
    return " ".join(map(str, file_stamp)), stamps.is_settled(file_stamp, time.time_ns())


def _stamp_of(path: str) -> str:
    return _stamp_and_settled(path)[0]


def is_hex_name(name: str, length: int) -> bool:
    """Whether `name` is `length` lowercase hex digits: how both caches name what they write."""
    return len(name) == length and all(c in "0123456789abcdef" for c in name)


def _is_terminal(stream) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _record_folders(argv: list[str]):
    """Where `check` keeps its cache, as this command would choose it: `--cache-dir`, the
    environment, beside `--config`, else `.schema_lint_cache` in the working directory or
    beside a configuration above it. A wrong guess is only a miss (the key is the
    command's), but a record is looked for only where this command's own run could have
    put it: one planted in a folder above, which holds no configuration, is never read."""
    for index, argument in enumerate(argv):
        for option in ("--cache-dir", "--config"):
            if argument == option and index + 1 < len(argv):
                value = argv[index + 1]
            elif argument.startswith(option + "="):
                value = argument.partition("=")[2]
            else:
                continue
            yield value if option == "--cache-dir" else os.path.join(os.path.dirname(value), DIRECTORY)
    if os.environ.get("SCHEMA_LINT_CACHE_DIR"):
        yield os.environ["SCHEMA_LINT_CACHE_DIR"]
    here = folder = os.getcwd()
    yield os.path.join(here, DIRECTORY)
    while True:
        own = any(os.path.isfile(os.path.join(folder, name)) for name in STANDALONE_CONFIG_NAMES)
        if folder != here and (own or os.path.isfile(os.path.join(folder, "pyproject.toml"))):
            yield os.path.join(folder, DIRECTORY)
        parent = os.path.dirname(folder)
        if own or parent == folder:
            return  # the configuration search stops at the first `.schema-lint.toml` or `schema-lint.toml`
        folder = parent


def _signed_record(key: str, body: list[bytes], secret: bytes) -> list[bytes]:
    """The pieces of the record of the command `key` whose body is `body`'s pieces."""
    mac = cache_trust.signer(secret, "record", key)
    for part in body:
        mac.update(part)
    return [_MAGIC, mac.hexdigest().encode(), b"\n", *body]


def _signed(content: bytes | str | None, key: str, secret: bytes | str) -> memoryview | None:
    """The body of a record read (`cache_trust.read_file`), if the user's key (`secret`, else
    why there is none) signed it as the record of the command `key`."""
    if not isinstance(content, bytes) or isinstance(secret, str):
        return None
    return cache_trust.signed_body(content, cache_trust.signer(secret, "record", key), _MAGIC, b"\n")


def _parse_record(body: bytes) -> tuple[int, list[tuple[str, str]], bytes]:
    """The exit code, the paths with their stamps and the output of a record's body;
    ValueError when it is not one (signed, it is the run's own: its shape is checked all
    the same)."""
    exit_text, count_text, rest = body.split(b"\n", 2)
    exit_code, count = int(exit_text), int(count_text)
    if not (0 <= exit_code <= 255 and 0 <= count <= len(rest)):
        raise ValueError("a damaged record")
    fields = rest.split(b"\0", 2 * count)
    if len(fields) != 2 * count + 1:
        raise ValueError("a truncated record")
    paths = [(os.fsdecode(fields[index]), fields[index + 1].decode()) for index in range(0, 2 * count, 2)]
    return exit_code, paths, fields[-1]


def _pieces(output: bytes) -> list[tuple[int, bytes]]:
    """The output of a record as written: (stream number, bytes); ValueError if damaged."""
    pieces, start = [], 0
    while start < len(output):
        end = output.index(b"\n", start)
        number, length = map(int, output[start:end].split(b" "))
        data = output[end + 1:end + 1 + length]
        if number not in (1, 2) or len(data) != length:
            raise ValueError("a damaged record")
        pieces.append((number, data))
        start = end + 1 + length
    return pieces


def _write_record(cache_dir: str, key: str, pieces: list[bytes], secret: bytes) -> None:
    """Into the cache's `runs/`, made if absent; never into a link or another user's folder."""
    folder = os.path.join(cache_dir, RUNS)
    temporary = None
    try:
        if cache_trust.folder_problem(cache_dir) is not None or not cache_trust.make_folder(folder):
            return
        fd, temporary = scratch_file.create(folder, ".run-")
        with os.fdopen(fd, "wb") as handle:
            handle.writelines(pieces)
        os.replace(temporary, os.path.join(folder, key))
        temporary = None
        _prune(folder, secret)
    except OSError:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _prune(folder: str, secret: bytes) -> None:
    """Keep the newest records. An older one is removed only if the user's key signed it
    (usually the one oldest): a project may come with files named as records, and those stay."""
    with os.scandir(folder) as entries:
        records = [(entry.stat(follow_symlinks=False).st_mtime_ns, entry.name) for entry in entries
                   if is_hex_name(entry.name, 32) and entry.is_file(follow_symlinks=False)]
    for _, name in sorted(records, reverse=True)[_MAX_RECORDS:]:
        path = os.path.join(folder, name)
        if _signed(cache_trust.read_file(path, _MAX_RECORD_BYTES), name, secret) is not None:
            try:
                os.unlink(path)
            except OSError:
                pass
