"""Lint many files on every core: forked workers, results merged in file order.

Rules are pure functions of one document, so files split cleanly. Workers are forked
after the rules are loaded (nothing to import again) and send back only findings,
counts and the cache entries they made; a document is re-read in the parent only if a
report needs its text.
Below `MIN_FILES` or without `fork`, the serial path is faster and is used instead.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Any

from schema_lint.engine import LintResult
from schema_lint.model import diagnostic_from_row, diagnostic_row

MIN_FILES = 48
MAX_WORKERS = 8

# The linter a forked worker uses: set in the parent right before forking.
_worker_linter: Any = None


def worker_count(files: int) -> int:
    if files < MIN_FILES or sys.platform == "win32" or not hasattr(os, "fork"):
        return 1
    available = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(available, MAX_WORKERS, files // (MIN_FILES // 2)))


def lint_in_parallel(linter: Any, paths: list[str], workers: int) -> LintResult:
    """The same result as `linter.run_serially(paths)`, computed by `workers` processes."""
    import multiprocessing

    global _worker_linter
    _worker_linter = linter
    # The first file is linted here: what rules import or cache on first use is then
    # inherited by every worker instead of being paid for once per worker.
    head = _lint_chunk(paths[:1])
    chunks = [paths[start::workers] for start in range(1, workers + 1)]
    # Objects made so far are never collected in a worker: its collector then does not
    # touch (and so copy) the pages it shares with the parent.
    gc.freeze()
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            shipped = [head, *pool.map(_lint_chunk, chunks)]
    finally:
        _worker_linter = None
        gc.unfreeze()
    result = LintResult()
    result.documents.max_bytes = linter.config.max_file_size
    result.documents.update(dict.fromkeys(paths))  # read again here only if a report needs one
    caches = {str(cache.bucket): cache for cache in linter.caches()}
    for diagnostics, internal_errors, skipped, tools_checked, cached in shipped:
        for bucket, changes in cached:
            caches[bucket].merge(changes)
        result.diagnostics += [diagnostic_from_row(row) for row in diagnostics]
        result.internal_errors += [diagnostic_from_row(row) for row in internal_errors]
        result.skipped += skipped
        result.tools_checked += tools_checked
    return result


def _lint_chunk(paths: list[str]) -> tuple:
    result = _worker_linter.run_serially(paths)
    # What the worker stored in its copy of the caches; the parent writes them (once, whole).
    cached = [(str(cache.bucket), cache.changes()) for cache in _worker_linter.caches()]
    return ([diagnostic_row(d) for d in result.diagnostics], [diagnostic_row(d) for d in result.internal_errors],
            result.skipped, result.tools_checked, cached)
