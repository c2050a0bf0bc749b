"""The `schema-lint` console script and `python -m schema_lint`.

It imports nothing heavy of its own: a command whose output is recorded and whose inputs
have not changed since (see `run_cache`) is answered before click and the engine load.

May import: run, cli, sources, text.
"""

from __future__ import annotations

import atexit
import gc
import os
import sys

from schema_lint.run import run_cache

TYPE_CHECKING = False  # `typing.TYPE_CHECKING`, without importing `typing` for a replayed run
if TYPE_CHECKING:
    from typing import TypeGuard

# Collect the youngest objects after this many new ones instead of Python's 700: a run builds
# millions of small objects (schema nodes, findings) and almost none in cycles, so the
# default spends about 5% of a large run collecting nothing.
_YOUNG_COLLECTION_THRESHOLD = 50_000


def run() -> None:
    """The recorded output of this command if nothing it read has changed, else `cli.main`,
    recorded, with the collector tuned for a short-lived process.

    Everything still alive at exit is frozen first: the interpreter's last collections
    then skip it instead of walking every module and finding (8 ms of a 95 ms one-file
    run); exit handlers and stream flushes run as always.
    """
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:  # closed (`>&-`): the exit code still tells
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    try:
        os.getcwd()
    except OSError:
        sys.stderr.write("schema-lint: error: the working directory no longer exists\n")
        sys.exit(2)
    arguments = sys.argv[1:]
    try:
        replayed = run_cache.replay(arguments)
    except OSError as exc:  # printing the recorded output failed
        _os_error(exc)
    if replayed is not None:
        sys.exit(replayed)
    gc.set_threshold(_YOUNG_COLLECTION_THRESHOLD, *gc.get_threshold()[1:])
    _keep_compiled_patterns()
    recording = run_cache.start(arguments)
    exit_code: object = None
    try:
        from schema_lint.cli import main

        main()
    except SystemExit as done:
        exit_code = done.code
        raise
    except OSError as exc:  # one no command handled where it happened: most often the output's own
        _os_error(exc)
    finally:
        if recording is not None:
            recording.finish(exit_code)
        lazy_pattern = sys.modules.get("schema_lint.text.lazy_pattern")
        if lazy_pattern is not None:
            lazy_pattern.save_compiled()
        gc.freeze()


def _keep_compiled_patterns() -> None:
    """Regular expressions compiled by an earlier run of this interpreter build are taken
    from the user's cache folder (`text.compiled_patterns`): imported only now, since a
    replayed run matches nothing."""
    from schema_lint.sources import user_cache
    from schema_lint.text import compiled_patterns

    compiled_patterns.use_store(user_cache.folder())


def main() -> None:
    """The console script: `run`, then an end of the process that frees nothing.

    Python's own exit clears every module and frees what it holds one object at a time: 3 ms of a
    one-file run and about 15 ms of a 1,000-file one here, for memory the process is about to
    give back whole (mypy ends its runs the same way). Only when nothing waits for the
    usual exit: no exit handler (coverage, a temporary directory's cleanup), no other
    thread, and the output flushed; otherwise, and for a message as exit code, Python exits
    as always. `run` itself exits as always: tests call it in their own process."""
    try:
        run()
    except SystemExit as done:
        if _may_end_now(done.code):
            os._exit(done.code or 0)
        raise


def _may_end_now(code: object) -> TypeGuard[int | None]:
    if not (code is None or isinstance(code, int)):
        return False
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return False
    handlers = getattr(atexit, "_ncallbacks", None)  # CPython's; elsewhere, exit as usual
    if handlers is None or handlers():
        return False
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # Python's exit reports it, as before
        return False
    return True


def _os_error(error: OSError) -> None:
    """Say what failed and exit 2, as for bad input, without a traceback. A full disk or
    `/dev/full` under stdout is the usual cause: stdout is pointed at /dev/null first, so
    that flushing it at exit cannot fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    where = f": {error.filename}" if error.filename else ""
    try:
        sys.stderr.write(f"schema-lint: error: {error.strerror or error}{where}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    sys.exit(2)
