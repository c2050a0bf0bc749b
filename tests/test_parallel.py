"""Linting on several processes gives exactly what one process gives."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from schema_lint.run import parallel
from schema_lint.config import Config
from schema_lint.run.linter import Linter
from schema_lint.report import ReportOptions, render


@pytest.fixture
def many_files(tmp_path):
    for index in range(parallel.MIN_FILES + 5):
        schema = {"type": "object", "properties": {f"field_{index}": {"type": "string"}}}
        (tmp_path / f"create_{index:03}.json").write_text(json.dumps({"name": f"create_{index}", "inputSchema": schema}))
    (tmp_path / "broken.json").write_text('{"name": ')
    (tmp_path / "settings.json").write_text('{"theme": "dark"}')
    return [str(p) for p in sorted(tmp_path.iterdir())]


def test_parallel_run_equals_serial_run(many_files, monkeypatch):
    linter = Linter(Config())
    assert parallel.worker_count(len(many_files)) > 1 or pytest.skip("one CPU: nothing runs in parallel")
    together = parallel.lint_in_parallel(linter, many_files, parallel.worker_count(len(many_files)))
    alone = linter.run_serially(many_files)
    for result in (together, alone):
        result.diagnostics.sort(key=lambda d: d.sort_key)
    assert together.diagnostics == alone.diagnostics
    assert (together.skipped, together.tools_checked) == (alone.skipped, alone.tools_checked)
    assert list(together.documents) == list(alone.documents) == many_files
    # Reports that quote the source read it again in this process.
    options = ReportOptions()
    assert render("full", together, options) == render("full", alone, options)
    assert render("json", together, options) == render("json", alone, options)


def test_a_slow_process_takes_fewer_files(many_files, monkeypatch):
    """Files are handed out as processes finish them, not in fixed shares: with this process
    slowed down, the worker lints most of them."""
    import time

    linter = Linter(Config())
    parent, lint = os.getpid(), linter.run_serially

    def run_serially(paths, *args):
        if os.getpid() == parent:
            time.sleep(0.05)
        return lint(paths, *args)

    monkeypatch.setattr(linter, "run_serially", run_serially)
    result = parallel.lint_in_parallel(linter, many_files, 2)
    linted_here = [path for path in many_files if dict.get(result.documents, path) is not None]
    assert 1 <= len(linted_here) < len(many_files) / 4  # the head file, and a few chunks at most
    alone = Linter(Config()).run_serially(many_files)
    assert sorted(d.sort_key for d in result.diagnostics) == sorted(d.sort_key for d in alone.diagnostics)


def test_the_first_chunk_is_linted_here_before_any_worker_forks(monkeypatch):
    """What rules import or compile on first use is paid once, here, and inherited by the workers."""
    from schema_lint.run.result import LintResult

    linted: list[str] = []

    class Forked(Exception):
        pass

    class Linter:
        config = Config()

        def run_serially(self, paths):
            linted.extend(paths)
            return LintResult()

    def fork(*args):
        raise Forked(len(linted))

    monkeypatch.setattr(parallel, "_fork", fork)
    paths = [f"f{index}.json" for index in range(1000)]
    with pytest.raises(Forked) as forked:
        parallel.lint_in_parallel(Linter(), paths, 2)
    head = parallel._chunks(paths, 2 * parallel.CHUNKS_PER_WORKER)[0]
    assert forked.value.args == (len(head),) and len(head) > 1 and linted == head


@pytest.mark.parametrize(("files", "compiled"), [(parallel.COMPILE_BEFORE_FORK, True),
                                                 (parallel.COMPILE_BEFORE_FORK - 1, False)])
def test_a_large_run_compiles_every_pattern_before_any_worker_forks(monkeypatch, files, compiled):
    """Each forked process inherits the compiled patterns instead of compiling them again,
    but for the rare ones, which a process compiles if it meets text that needs one."""
    import gc

    from schema_lint.run.result import LintResult
    from schema_lint.text.lazy_pattern import LazyPattern, lazy_compile

    class Forked(Exception):
        pass

    class Linter:
        config = Config()

        def run_serially(self, paths):
            return LintResult()

    def fork(*args):
        raise Forked(all("search" in vars(pattern) for pattern in patterns), "search" in vars(rare))

    made = lazy_compile(r"made before the run")
    rare = lazy_compile(r"rarely needed", rare=True)
    # A pattern that does not compile (another test's, on purpose) is left to its first use.
    patterns = [item for item in gc.get_objects()
                if isinstance(item, LazyPattern) and not item._rare and _compiles(item)]
    assert made in patterns
    monkeypatch.setattr(parallel, "_fork", fork)
    with pytest.raises(Forked) as forked:
        parallel.lint_in_parallel(Linter(), [f"f{index}.json" for index in range(files)], 2)
    assert forked.value.args == (compiled, False)
    assert made.search("made before the run") and rare.search("rarely needed")


@pytest.mark.parametrize("files", [0, 1, 5, 63, 64, 65, 1000])
def test_chunks_hold_every_file_once_in_order(files):
    paths = [f"f{index}" for index in range(files)]
    chunks = parallel._chunks(paths, 64)
    assert [path for chunk in chunks for path in chunk] == paths
    assert len(chunks) <= 64 and all(chunks)


def test_few_files_stay_in_one_process():
    assert parallel.worker_count(parallel.MIN_FILES - 1) == 1


def test_fix_after_a_parallel_run_reads_the_documents_again_and_writes_them(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from schema_lint.cli import main

    tool = {"name": "create_x", "description": "d", "inputSchema": {
        "type": "object", "properties": {"kind": {"type": "string", "enum": ["bug"], "description": "k"}},
        "required": ["kind"], "additionalProperties": False}}
    for index in range(parallel.MIN_FILES + 2):
        (tmp_path / f"t{index:02}.json").write_text(json.dumps(tool, indent=2) + "\n")
    monkeypatch.chdir(tmp_path)
    fixed = CliRunner().invoke(main, ["check", ".", "--select", "SL307", "--fix"])
    assert fixed.exit_code == 0, fixed.output
    assert f"({parallel.MIN_FILES + 2} fixed, 0 remaining)" in fixed.output
    assert all('"const": "bug"' in p.read_text() for p in tmp_path.glob("*.json"))


def _failing_in_workers(linter, monkeypatch, failure):
    """`linter` with `failure()` run in place of linting in every forked worker (not here)."""
    parent, lint = os.getpid(), linter.run_serially

    def run_serially(paths, *args):
        if os.getpid() != parent:
            failure()
        else:  # this process lints slowly: a worker slow to be scheduled (a loaded machine) still takes a chunk
            time.sleep(0.01)
        return lint(paths, *args)

    monkeypatch.setattr(linter, "run_serially", run_serially)
    return linter


def _no_child_left() -> bool:
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_what_a_worker_raises_is_raised_here(many_files, monkeypatch):
    def failure():
        raise LookupError("broken in a worker")

    linter = _failing_in_workers(Linter(Config()), monkeypatch, failure)
    with pytest.raises(LookupError, match="broken in a worker"):
        parallel.lint_in_parallel(linter, many_files, 3)
    assert _no_child_left()


def test_a_killed_worker_is_an_error_not_a_hang(many_files, monkeypatch):
    linter = _failing_in_workers(Linter(Config()), monkeypatch, lambda: os.kill(os.getpid(), signal.SIGKILL))
    with pytest.raises(RuntimeError, match=f"killed by signal {signal.SIGKILL}"):
        parallel.lint_in_parallel(linter, many_files, 2)
    assert _no_child_left()


def test_an_interrupted_run_leaves_no_worker_behind(many_files, monkeypatch):
    """Ctrl-C while this process lints its own share stops the workers too."""
    linter = Linter(Config())
    parent, lint = os.getpid(), linter.run_serially
    calls = []

    def run_serially(paths, *args):
        calls.append(paths)
        if os.getpid() == parent and len(calls) == 2:  # the first call lints the head file
            raise KeyboardInterrupt
        return lint(paths, *args)

    monkeypatch.setattr(linter, "run_serially", run_serially)
    with pytest.raises(KeyboardInterrupt):
        parallel.lint_in_parallel(linter, many_files, 3)
    assert _no_child_left()


def _compiles(pattern) -> bool:
    import re

    try:
        re.compile(pattern._source, pattern._flags)
    except re.error:
        return False
    return True
