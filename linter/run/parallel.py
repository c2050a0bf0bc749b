"""Lint many files on every core: forked workers, results merged in file order.

Rules are pure functions of one document, so files split cleanly. Workers are forked
after the rules are loaded (nothing to import again) and send back, through a pipe, only
findings, counts and the cache entries they made; a document is re-read in the parent only
if a report needs its text. A run that fixes (`Linter.keep_texts`) also gets back the text
of each file with a fix, and parses it again here: a fix is planned from the text its
finding was made on and written only while the file still holds that text, as in one
process. (Read again, the file could hold another writer's change, which the fix would
undo without a word.) The parent lints too: its findings need no shipping, and a core
is not left to a process that only waits. Files are handed out in chunks, each process
taking the next chunk as it finishes one (the chunks' numbers wait in a pipe, which hands
each to exactly one reader): with fixed shares, a process slowed by whatever else the
machine runs would keep the others waiting for it. Plain `os.fork` and pipes rather than
`multiprocessing`: importing and starting a pool cost more than a fifth of the time the
workers saved on a thousand small files, and a pool waits forever for a worker the
kernel killed, where a pipe reports it.
Below `MIN_FILES` or without `fork`, the serial path is faster and is used instead.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from schema_lint.run.result import LintResult
from schema_lint.model import diagnostic_from_row, diagnostic_row
from schema_lint.sources.documents import read_document
from schema_lint.text.lazy_pattern import compile_pending

MIN_FILES = 48
MAX_WORKERS = 8
# Chunks per process: the last to finish is then at most a chunk (a few files) behind.
CHUNKS_PER_WORKER = 64
_INDEX_BYTES = 4
# From this many files on, every regular expression the modules define is compiled before
# the workers fork (`lazy_pattern.compile_pending`): each process would reach nearly all of
# them and compile them again. Counted in instructions, over two processes: 3% fewer for
# 100 files, 2% fewer for 1,000, 1% more for 50, which reach fewer of them.
COMPILE_BEFORE_FORK = 2 * MIN_FILES


def worker_count(files: int) -> int:
    if files < MIN_FILES or sys.platform == "win32" or not hasattr(os, "fork"):
        return 1
    available = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(available, MAX_WORKERS, files // (MIN_FILES // 2)))


def lint_in_parallel(linter: Any, paths: list[str], workers: int) -> LintResult:
    """The same result as `linter.run_serially(paths)`, computed by `workers` processes
    (this one included)."""
    result = LintResult()
    result.documents.max_bytes = linter.config.max_file_size
    result.documents.update(dict.fromkeys(paths))  # read again here only if a report needs one
    # The first chunk is linted here, before any worker forks: what rules import, compile or
    # cache on first use (jsonschema-rs, most of the prose's patterns) is then inherited by
    # every worker instead of being paid for once per process. A single file warmed up
    # too little: the workers spent a tenth more CPU than one process alone.
    head, *chunks = _chunks(paths, workers * CHUNKS_PER_WORKER)
    _merge_own(result, linter.run_serially(head))
    _load_jsonschema_rs()
    if len(paths) >= COMPILE_BEFORE_FORK:
        compile_pending()
    queue = _queue(len(chunks))
    # Objects made so far are never collected in a worker: its collector then does not
    # touch (and so copy) the pages it shares with the parent.
    gc.freeze()
    children: list[tuple[int, int]] = []
    try:
        for _ in range(workers - 1):
            children.append(_fork(linter, chunks, queue))
        for chunk in _taken(chunks, queue):
            _merge_own(result, linter.run_serially(chunk))
        caches = {str(cache.bucket): cache for cache in linter.caches()}
        while children:
            _merge_shipped(result, caches, _collect(*children.pop(0)))
    finally:
        gc.unfreeze()
        os.close(queue)
        for pid, pipe in children:  # only after an error (Ctrl-C included): stop the rest
            _stop(pid, pipe)
    return result


def _load_jsonschema_rs() -> None:
    """jsonschema-rs, loaded once here rather than in every process that meets a schema the
    shortcuts leave to it (a `pattern` or `format` to test, a keyword they do not judge): the
    first chunk seldom holds one, but nearly every run of this many files does (about one
    file in fourteen of the shared corpus), and each load costs a process 8 ms of CPU."""
    import jsonschema_rs  # noqa: F401


def _chunks(paths: list[str], count: int) -> list[list[str]]:
    """`paths` in about `count` runs of consecutive files."""
    size = max(1, -(-len(paths) // count))
    return [paths[start:start + size] for start in range(0, len(paths), size)]


def _queue(count: int) -> int:
    """The read end of a pipe holding the numbers 0 .. count - 1, and nothing more to come.

    Each is read whole by one process (a read takes what is there, under the pipe's lock,
    and every record is already written). A few hundred records: far less than a pipe
    holds, so writing them all before anyone reads never blocks."""
    read_end, write_end = os.pipe()
    try:
        data = b"".join(index.to_bytes(_INDEX_BYTES, "little") for index in range(count))
        while data:
            data = data[os.write(write_end, data):]
    finally:
        os.close(write_end)
    return read_end


def _taken(chunks: list[list[str]], queue: int) -> Iterator[list[str]]:
    """The chunks this process takes from the queue, until none is left."""
    while True:
        record = os.read(queue, _INDEX_BYTES)
        if len(record) < _INDEX_BYTES:
            return
        yield chunks[int.from_bytes(record, "little")]


def _merge_own(result: LintResult, own: LintResult) -> None:
    """Findings this process made, Document objects and all (kept in the file order)."""
    result.diagnostics += own.diagnostics
    result.internal_errors += own.internal_errors
    result.skipped += own.skipped
    result.tools_checked += own.tools_checked
    dict.update(result.documents, own.documents)


def _merge_shipped(result: LintResult, caches: dict, shipped: tuple) -> None:
    import pickle

    pickled_chunks, internal_errors, skipped, tools_checked, cached, texts = shipped
    for bucket, changes in cached:
        caches[bucket].merge(changes)
    for path, raw in texts:  # within the size limit of its configuration: the worker read it
        result.documents[path] = read_document(path, raw=raw, max_bytes=len(raw))
    for rows in pickled_chunks:
        result.diagnostics += [diagnostic_from_row(row) for row in pickle.loads(rows)]
    result.internal_errors += [diagnostic_from_row(row) for row in internal_errors]
    result.skipped += skipped
    result.tools_checked += tools_checked


def _fork(linter: Any, chunks: list[list[str]], queue: int) -> tuple[int, int]:
    """A worker linting the chunks it takes from `queue`: its pid, and the pipe its pickled
    results come through."""
    import pickle  # here, not at the top: a run of a few files imports this module and forks nothing

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: it never returns into the parent's code
        status = 0
        try:
            os.close(read_end)
            payload: tuple = ("ok", _lint_share(linter, _taken(chunks, queue)))
        except BaseException as exc:  # sent to the parent, which raises it
            payload = ("error", exc)
        try:
            try:
                data = pickle.dumps(payload, pickle.HIGHEST_PROTOCOL)
            except Exception:
                data = pickle.dumps(("error", RuntimeError(f"a worker failed: {payload[1]!r}")))
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(data)
        except BaseException:
            status = 1
        finally:
            os._exit(status)  # no atexit handlers, no flushing of buffers copied from the parent
    os.close(write_end)
    return pid, read_end


def _lint_share(linter: Any, chunks: Iterable[list[str]]) -> tuple:
    """What a worker sends back. Each chunk's findings are made rows and pickled as soon as it
    is linted: once the queue is empty the parent waits for the last worker, and all that is
    then left is one chunk's rows."""
    import pickle

    shipped: list[bytes] = []
    internal_errors: list[tuple] = []
    skipped: list[str] = []
    tools_checked = 0
    texts: list[tuple[str, bytes]] = []
    for chunk in chunks:
        done = linter.run_serially(chunk)
        shipped.append(pickle.dumps([diagnostic_row(d) for d in done.diagnostics], pickle.HIGHEST_PROTOCOL))
        internal_errors += [diagnostic_row(d) for d in done.internal_errors]
        skipped += done.skipped
        tools_checked += done.tools_checked
        if linter.keep_texts:
            texts += _texts_to_fix(done)
    # What the worker stored in its copy of the caches; the parent writes them (once, whole).
    cached = [(str(cache.bucket), cache.changes()) for cache in linter.caches()]
    return shipped, internal_errors, skipped, tools_checked, cached, texts


def _texts_to_fix(done: LintResult) -> list[tuple[str, bytes]]:
    """Each file with a fix among its findings, and the text they were found in (as UTF-8:
    a byte-order mark is the writer's to keep, see `fixes.files`)."""
    paths = dict.fromkeys(d.path for d in done.diagnostics if d.fix is not None)
    return [(path, done.documents[path].text.encode("utf-8")) for path in paths]


def _collect(pid: int, pipe: int) -> tuple:
    """A worker's results, once it has sent them all and ended; what it raised is raised here."""
    import pickle

    try:
        with os.fdopen(pipe, "rb") as stream:
            data = stream.read()
    finally:
        _, status = os.waitpid(pid, 0)  # the worker ends once its pipe is read or closed
    try:
        outcome, value = pickle.loads(data)
    except Exception:
        raise RuntimeError(f"a worker process ended without sending its results ({_ending(status)})") from None
    if outcome == "error":
        raise value
    return value


def _ending(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit code {os.WEXITSTATUS(status)}" if os.WIFEXITED(status) else f"status {status}"


def _stop(pid: int, pipe: int) -> None:
    import signal

    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(pipe)
