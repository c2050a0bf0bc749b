"""The same command over unchanged inputs prints what it printed before, without loading
the engine; any change to what the run read, listed or looked for makes it run again."""

from __future__ import annotations

import io
import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import schema_lint.cli
import schema_lint.run.linter
import schema_lint.rules
from cachekit import LOOSE, changed_for_sure, edit_tool_file, forging, tree
from schema_lint import console
from schema_lint.run import cache
from schema_lint.run import cache_trust
from schema_lint.run import run_cache
from schema_lint.sources import user_cache

# Longer than a filesystem's clock tick (a jiffy): the tests wait this long after an edit,
# so that a stamp taken by a run always postdates the edits before it.
SETTLE_NS = 30_000_000


@pytest.fixture
def project(tmp_path, monkeypatch, tmp_path_factory):
    for name in ("SCHEMA_LINT_NO_CACHE", "SCHEMA_LINT_CACHE_DIR", "NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SCHEMA_LINT_CACHE_KEY_FILE", str(tmp_path_factory.mktemp("user") / "key"))
    monkeypatch.setattr(run_cache, "_warned", False, raising=False)  # said once a process: once a test here
    monkeypatch.setattr("schema_lint.run.stamps.SETTLE_NS", SETTLE_NS)
    (tmp_path / ".git").mkdir()  # a repository: `.gitignore` files count
    (tmp_path / "tools").mkdir()
    for index in range(3):
        (tmp_path / "tools" / f"t{index}.json").write_text(json.dumps(dict(LOOSE, name=f"create_{index}"), indent=2))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def engine_runs(monkeypatch):
    """How many commands reached click (rather than being replayed)."""
    count = {"runs": 0}
    original = schema_lint.cli.main

    def counting(*args, **kwargs):
        count["runs"] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(schema_lint.cli, "main", counting)
    return count


def run(*args: str) -> tuple[int, str, str]:
    """`schema-lint ARGS` through the console script, in this process: exit code, stdout, stderr."""
    streams = {name: io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for name in ("stdout", "stderr")}
    saved = {name: getattr(sys, name) for name in streams}
    saved_argv, threshold = sys.argv, gc_threshold()
    sys.argv = ["schema-lint", *args]
    for name, stream in streams.items():
        setattr(sys, name, stream)
    try:
        console.run()
    except SystemExit as done:
        code = done.code
    finally:
        printed = {name: getattr(sys, name) for name in streams}
        for name, stream in saved.items():
            setattr(sys, name, stream)
        sys.argv = saved_argv
        import gc

        gc.unfreeze()
        gc.set_threshold(*threshold)
    outputs = []
    for name in ("stdout", "stderr"):
        printed[name].flush()
        outputs.append(streams[name].buffer.getvalue().decode("utf-8"))
    return code, *outputs


def gc_threshold():
    import gc

    return gc.get_threshold()


def settle() -> None:
    time.sleep(SETTLE_NS / 1e9 * 1.5)


def replayed(engine_runs, *args: str) -> tuple[int, str, str]:
    """Run a command until it is recorded, then once more: that run must be a replay."""
    for _ in range(2):  # the first may make the cache's folder, which it depended on
        settle()
        run(*args)
    before = engine_runs["runs"]
    settle()
    output = run(*args)
    assert engine_runs["runs"] == before, "an unchanged command must be replayed"
    return output


def fresh(*args: str) -> tuple[int, str, str]:
    """The same command without any cache: the truth every replay must equal."""
    return run(args[0], "--no-cache", *args[1:])


def records(project: Path) -> list[Path]:
    return sorted((project / ".schema_lint_cache" / run_cache.RUNS).glob("*"))


def test_a_command_run_again_prints_the_same_output_and_exit_code_without_the_engine(project, engine_runs):
    outputs = []
    for _ in range(4):
        settle()
        outputs.append(run("check", "--output-format", "json", "."))
    assert outputs[0][0] == 1 and json.loads(outputs[0][1])
    assert outputs == [outputs[0]] * 4
    # The first run made the cache folder in the project, which it depends on; the second recorded.
    assert engine_runs["runs"] == 2
    assert len(records(project)) == 1


@pytest.mark.parametrize("key_named_by", ["variable", "user cache folder"])
def test_the_console_script_answers_a_replayed_command_without_importing_click(project, tmp_path_factory, key_named_by):
    """The point of the record: a warm run costs the interpreter, not click and the engine, nor
    the configuration's dataclasses (a third of a replay, when reading where the user's key
    lies imported `schema_lint.config`), wherever the key is: as most users have it, in their
    cache folder, or named by `SCHEMA_LINT_CACHE_KEY_FILE`."""
    launcher = ("import sys, schema_lint.run.stamps as s; s.SETTLE_NS = %d\n"
                "from schema_lint.console import run\n"
                "sys.argv = ['schema-lint', 'check', '.']\n"
                "try:\n    run()\nfinally:\n    open('loaded', 'w').write(repr(sorted(\n"
                "        m for m in ('click', 'schema_lint.cli', 'schema_lint.run.linter', 'schema_lint.config',\n"
                "                    'dataclasses') if m in sys.modules)))\n"
                % SETTLE_NS)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("SCHEMA_LINT_") or key == "SCHEMA_LINT_CACHE_KEY_FILE"}
    if key_named_by == "user cache folder":
        del env["SCHEMA_LINT_CACHE_KEY_FILE"]
        env["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg"))
    done = []
    for _ in range(3):
        settle()
        finished = subprocess.run([sys.executable, "-c", launcher], cwd=project, env=env, capture_output=True,
                                  text=True, timeout=120)
        done.append((finished.returncode, finished.stdout, finished.stderr, (project / "loaded").read_text()))
    assert done[0][:3] == done[2][:3] and done[0][0] == 1 and "SL" in done[0][1]
    assert done[0][3] != "[]" and done[2][3] == "[]"


def test_rewriting_the_store_of_compiled_patterns_outdates_no_record(project, tmp_path_factory):
    """Another run that compiled a rare pattern rewrites the store; what a run prints does not
    depend on it, so the records of other commands stay good."""
    launcher = ("import sys, schema_lint.run.stamps as s; s.SETTLE_NS = %d\n"
                "from schema_lint.console import run\n"
                "sys.argv = ['schema-lint', 'check', '.']\n"
                "try:\n    run()\nfinally:\n    open('engine', 'w').write(str('schema_lint.cli' in sys.modules))\n"
                % SETTLE_NS)
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path_factory.mktemp("xdg")))

    def engine_ran() -> bool:
        settle()
        subprocess.run([sys.executable, "-c", launcher], cwd=project, env=env, capture_output=True, timeout=120)
        return (project / "engine").read_text() == "True"

    assert engine_ran() and engine_ran()  # the first run made the cache's folder; the second recorded
    assert not engine_ran()
    [store] = (Path(env["XDG_CACHE_HOME"]) / "schema-lint").glob("patterns-*")
    rewritten = store.with_name("rewritten")
    rewritten.write_bytes(store.read_bytes())
    os.replace(rewritten, store)  # as `save` writes it: a new file renamed into place
    assert not engine_ran()


_ACTIONS = ["rewrite", "same-size", "remove", "add", "gitignore", "config", "nothing"]
_EDITS = st.lists(st.tuples(st.sampled_from(_ACTIONS), st.integers(0, 2), st.integers(0, 9)), min_size=1, max_size=6)
_FOLDERS = itertools.count()  # a fresh folder for each hypothesis example, in the one project


@pytest.mark.parametrize("cache_dir", [None, "cache", "case/cache", "case/sub/cache"])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=_EDITS)
def test_whatever_changes_a_replayed_run_prints_what_a_fresh_one_does(project, engine_runs, cache_dir, edits):
    """The law behind the record: replayed or not, the output is that of a run without any cache;
    and a command whose inputs did not change since it was recorded is replayed. Wherever the
    cache is: above the files, inside the very folder linted, or beside the files (a folder of
    its own: one holding the project's files is refused, see `cache.foreign_files`)."""
    folder = project / f"case{next(_FOLDERS)}"
    (folder / "sub").mkdir(parents=True)
    for index in range(3):
        (folder / "sub" / f"t{index}.json").write_text(json.dumps(dict(LOOSE, name=f"create_{index}")))
    where = () if cache_dir is None else ("--cache-dir", cache_dir.replace("case", folder.name))
    command = ("check", *where, "--output-format", "json", str(folder.relative_to(project)))
    for _ in range(2):  # the first run also makes the cache folder, in the project it depends on
        settle()
        run(*command)
    for action, index, value in edits:
        if action in ("rewrite", "same-size", "remove"):
            edit_tool_file(folder / "sub" / f"t{index}.json", action, index, value)
        elif action == "add":
            (folder / "sub" / "deeper").mkdir(exist_ok=True)
            (folder / "sub" / "deeper" / f"n{value}.json").write_text(json.dumps(dict(LOOSE, name=f"new_{value}")))
        elif action == "gitignore":
            ignored = folder / "sub" / ".gitignore"
            changed_for_sure(ignored, lambda: ignored.write_text(f"t{index}.json\n" if value % 2 else "deeper/\n"))
        elif action == "config":
            # Either standalone name: a warm run must notice the one it did not read appear.
            nested = folder / "sub" / (".schema-lint.toml" if value % 2 else "schema-lint.toml")
            if value % 3 == 0 and nested.exists():
                nested.unlink()
            else:
                changed_for_sure(nested, lambda: nested.write_text(
                    'select = ["SL201"]\n' if value % 3 == 1 else 'ignore = ["SL201", "SL305"]\n'))
        if action == "nothing":
            settle()
            run(*command)  # records, if the last run could not (it made the cache's folder for new settings)
        settle()
        before = engine_runs["runs"]
        replayed_or_not = run(*command)
        if action == "nothing":
            assert engine_runs["runs"] == before, "an unchanged command must be replayed"
        assert replayed_or_not == fresh(*command)


def test_every_path_a_run_opens_lists_or_stats_is_one_its_record_depends_on(project, monkeypatch):
    """What the record checks is what the run consulted: every file opened for reading and
    every folder listed, and for every path whose existence or type was only asked, the
    path or the folder holding it (whose stamp changes when an entry appears or goes),
    outside the interpreter's own folders, the cache (and its key) and the compiled patterns kept in
    the user's cache folder (which decide nothing printed); so no change a run would see escapes it."""
    (project / "tools" / ".gitignore").write_text("t2.json\n")
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    read: set[str] = set()
    asked: set[str] = set()
    watching = [False]  # an audit hook cannot be removed: it goes inert instead
    real_stat = os.stat

    def watched_stat(path, *args, **kwargs):
        if watching[0] and not isinstance(path, int):
            asked.add(os.path.abspath(os.fsdecode(path)))
        return real_stat(path, *args, **kwargs)

    def audit(event, args):
        if watching[0] and event in ("open", "os.listdir", "os.scandir") and args and isinstance(args[0], (str, os.PathLike)):
            if event != "open" or not (args[2] or 0) & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
                read.add(os.path.abspath(os.fsdecode(args[0])))

    (project / "elsewhere" / "deep").mkdir(parents=True)
    (project / "elsewhere" / "deep" / "x.json").write_text(json.dumps(LOOSE))
    monkeypatch.chdir(project / "tools")  # and lint a folder beside it, not under it
    (project / "tools" / ".schema-lint.toml").write_text('ignore = ["SL201"]\n')
    command = ("check", ".", "../elsewhere/deep", "t0.json")
    settle()
    run(*command)  # makes the cache folder, and the entries a warm run trusts
    settle()
    sys.addaudithook(audit)
    monkeypatch.setattr(os, "stat", watched_stat)
    watching[0] = True
    try:
        code, _, _ = run(*command)
    finally:
        watching[0] = False
    [record] = records(project / "tools")
    # Compared as the OS resolves them: the record keeps `sub/../x` as named, open sees `x`.
    signed_body = record.read_bytes().split(b"\n", 1)[1]
    recorded = {os.path.realpath(path) for path, _ in run_cache._parse_record(signed_body)[1]}
    read, asked = ({os.path.realpath(path) for path in paths} for paths in (read, asked))
    interpreter = tuple({sys.prefix, sys.base_prefix, sys.exec_prefix})
    key_folder = os.path.realpath(os.path.dirname(os.environ["SCHEMA_LINT_CACHE_KEY_FILE"]))
    patterns = os.path.realpath(os.path.join(user_cache.folder(), "patterns-"))

    def ours(path: str) -> bool:
        return f"{os.sep}{cache.DIRECTORY}" not in path and not path.startswith((*interpreter, key_folder, patterns))

    assert code == 1
    assert {path for path in read - recorded if ours(path)} == set()
    assert {path for path in asked - recorded if ours(path) and os.path.dirname(path) not in recorded} == set()
    # What a warm run only stats, but whose bytes decide: the files linted and the rules' code.
    [rule_file] = Path(schema_lint.rules.__file__).parent.glob("sl001_*.py")
    assert {str(project / "tools" / ".gitignore"), str(project / "pyproject.toml"), str(project / "tools" / "t1.json"),
            str(project / "tools" / ".schema-lint.toml"), str(rule_file)} <= recorded


def test_a_path_through_a_link_is_stamped_where_it_leads(project, engine_runs):
    """`link/../x.json` is the file beside the link's target, as `open` finds it; and a
    configuration reached through a chain of links changes when any link in it does."""
    deep = project / "deep"
    (deep / "real").mkdir(parents=True)
    (deep / "x.json").write_text(json.dumps(LOOSE))
    (project / "ld").symlink_to(deep / "real")
    confs = project / "confs"
    confs.mkdir()
    (confs / "strict.toml").write_text('select = ["SL201"]\n')
    (confs / "lax.toml").write_text('select = ["SL401"]\n')
    (confs / "current.toml").symlink_to("strict.toml")
    (project / "tools" / ".schema-lint.toml").symlink_to(confs / "current.toml")
    command = ("check", "--output-format", "json", "ld/../x.json", "tools")
    replayed(engine_runs, *command)
    changed_for_sure(deep / "x.json", lambda: (deep / "x.json").write_text(json.dumps(dict(LOOSE, name="renamed"))))
    (confs / "current.toml").unlink()
    (confs / "current.toml").symlink_to("lax.toml")
    settle()
    replayed_or_not = run(*command)
    assert replayed_or_not == fresh(*command)
    findings = json.loads(replayed_or_not[1])
    assert "renamed" in {f["tool"] for f in findings} and {f["code"] for f in findings if "tools" in f["file"]} == {"SL401"}


def test_another_interpreter_setup_is_another_command(project, engine_runs, monkeypatch):
    """`python -m` puts the working directory on the import path, where a rule pack may lie;
    `-OO` and `-X` options change the run too: neither may be answered by another's record."""
    for _ in range(3):
        settle()
        run("check", ".")
    assert engine_runs["runs"] == 2
    monkeypatch.setattr(sys, "path", [str(project), *sys.path])
    run("check", ".")
    monkeypatch.setattr(sys, "orig_argv", [*sys.orig_argv, "-OO"])
    run("check", ".")
    monkeypatch.setattr(os, "getgroups", lambda: [12345])  # another user may read other files
    run("check", ".")
    assert engine_runs["runs"] == 5


def test_a_link_the_walk_does_not_follow_or_a_fifo_it_skips_counts_when_it_becomes_a_file(project, engine_runs):
    data = project / "tools" / "data"
    (data / "folder.json").mkdir(parents=True)
    os.mkfifo(data / "fifo.json")
    (project / "tools" / "linked.json").symlink_to(data / "folder.json")
    (project / "tools" / "piped.json").symlink_to(data / "fifo.json")
    command = ("check", "--output-format", "json", "tools")
    replayed(engine_runs, *command)
    (data / "folder.json").rmdir()
    (data / "folder.json").write_text(json.dumps(dict(LOOSE, name="was_a_folder")))
    (data / "fifo.json").unlink()
    (data / "fifo.json").write_text(json.dumps(dict(LOOSE, name="was_a_fifo")))
    settle()
    replayed_or_not = run(*command)
    assert replayed_or_not == fresh(*command)
    read = {(f["file"], f["tool"]) for f in json.loads(replayed_or_not[1])}
    assert {("tools/linked.json", "was_a_folder"), ("tools/piped.json", "was_a_fifo")} <= read


def test_a_link_counts_when_it_comes_to_lead_out_of_the_tree(project, engine_runs):
    """A link is read only while it leads to a file the walk reads: re-pointing a folder link
    on its way (outside the folder linted) decides, though nothing in the folder changed."""
    (project / "tools" / "real").mkdir()
    (project / "tools" / "real" / "t.json").write_text(json.dumps(dict(LOOSE, name="inside")))
    outside = project.parent / f"{project.name}-outside"
    outside.mkdir()
    (outside / "t.json").write_text(json.dumps(dict(LOOSE, name="outside")))
    (project / "lib").symlink_to(project / "tools" / "real")
    (project / "tools" / "x.json").symlink_to(Path("..") / "lib" / "t.json")
    command = ("check", "--output-format", "json", "tools")
    _, before, _ = replayed(engine_runs, *command)
    assert "tools/x.json" in {f["file"] for f in json.loads(before)}
    (project / "lib").unlink()
    (project / "lib").symlink_to(outside)
    settle()
    replayed_or_not = run(*command)
    assert replayed_or_not == fresh(*command)
    assert "tools/x.json" not in {f["file"] for f in json.loads(replayed_or_not[1])}


def test_code_imported_from_its_bytecode_depends_on_its_source(tmp_path, monkeypatch):
    """An import that finds current bytecode opens only the `.pyc`: an edit of the source
    (a rule pack's helper module, a library edited in place) must count all the same."""
    import importlib
    import importlib.util
    import py_compile

    source = tmp_path / "run_cache_helper_module.py"  # not *_test.py, which pytest itself would read
    source.write_text("VALUE = 1\n")
    py_compile.compile(str(source), cfile=importlib.util.cache_from_source(str(source)))
    monkeypatch.syspath_prepend(str(tmp_path))
    recording = run_cache.start(["check", "."])
    try:
        importlib.import_module(source.stem)
    finally:
        recording.finish(None)
        sys.modules.pop(source.stem, None)
    assert str(source) in recording.stamps
    assert not [path for path in recording.stamps if path.endswith(".pyc")]  # Python's own copy of it


def test_code_imported_from_bytecode_alone_depends_on_the_bytecode(tmp_path, monkeypatch):
    """A module shipped as `NAME.pyc` without its source: there the bytecode is the code."""
    import importlib
    import py_compile

    source = tmp_path / "run_cache_sourceless_module.py"
    source.write_text("VALUE = 1\n")
    compiled = tmp_path / "run_cache_sourceless_module.pyc"
    py_compile.compile(str(source), cfile=str(compiled))
    source.unlink()
    monkeypatch.syspath_prepend(str(tmp_path))
    recording = run_cache.start(["check", "."])
    try:
        assert importlib.import_module(compiled.stem).VALUE == 1
    finally:
        recording.finish(None)
        sys.modules.pop(compiled.stem, None)
    assert str(compiled) in recording.stamps


def test_the_standard_library_is_not_stamped_but_what_is_installed_beside_it_is(tmp_path, monkeypatch):
    """The interpreter's version and build, in every command's key, stand for its standard
    library; packages installed into it (no virtual environment) and any other file still count."""
    import importlib

    standard_library = os.path.dirname(os.__file__)
    elsewhere = tmp_path / "read.txt"
    elsewhere.write_text("x")
    sys.modules.pop("colorsys", None)  # imported afresh: its bytecode is opened while recording
    recording = run_cache.start(["check", "."])
    try:
        importlib.import_module("colorsys")
        elsewhere.read_text()
    finally:
        recording.finish(None)
    assert str(elsewhere) in recording.stamps
    assert not [path for path in recording.stamps if path.startswith(standard_library + os.sep)]
    assert run_cache._in_standard_library(os.path.join(standard_library, "colorsys.py"))
    for installed in ("site-packages", "dist-packages"):
        assert not run_cache._in_standard_library(os.path.join(standard_library, installed, "click", "core.py"))
    assert not run_cache._in_standard_library(standard_library + "-other" + os.sep + "x.py")
    monkeypatch.setattr(run_cache, "_STANDARD_LIBRARY", None)  # a frozen build, which does not say
    assert not run_cache._in_standard_library(os.path.join(standard_library, "colorsys.py"))


def test_a_file_edited_after_the_run_read_it_is_linted_again_by_the_next(project, engine_runs, monkeypatch):
    """Each path is stamped once, before it is used: an edit made after the run took a file's
    stamp (a settled stamp is older than any clock tick, the edit's own time is not) changes
    that stamp, so the next run of the command lints instead of replaying what it outdated."""
    command = ("check", "--output-format", "json", ".")
    replayed(engine_runs, *command)
    edit_tool_file(project / "tools" / "t0.json", "rewrite", 0, 3)  # so that the next run lints it
    late = project / "tools" / "t1.json"  # answered by the per-file cache, then edited
    original = schema_lint.run.linter.Linter.lint_file

    def lint_then_edit(self, path, result):
        original(self, path, result)
        changed_for_sure(late, lambda: late.write_text(json.dumps(dict(LOOSE, name="edited_late"))))

    monkeypatch.setattr(schema_lint.run.linter.Linter, "lint_file", lint_then_edit)
    settle()
    stale = run(*command)
    assert "edited_late" not in stale[1]
    monkeypatch.setattr(schema_lint.run.linter.Linter, "lint_file", original)
    settle()
    before = engine_runs["runs"]
    again = run(*command)
    assert engine_runs["runs"] == before + 1
    assert again == fresh(*command) and "edited_late" in again[1]


def test_what_a_run_says_on_stderr_is_replayed_with_its_report_in_the_order_written(project, engine_runs):
    """A baseline's note and `-v`'s skipped files go to stderr, around the report on stdout;
    both come back, each on its stream, and the note follows the baseline's entries."""
    (project / "tools" / "notes.json").write_text('{"no": "tool"}')
    settle()
    run("check", "--write-baseline", "baseline.json", "tools/t0.json", "tools/t1.json")
    (project / "tools" / "t1.json").unlink()  # its entries are now stale, their file gone
    command = ("check", "-v", "--baseline", "baseline.json", "tools")
    output = replayed(engine_runs, *command)
    assert output == fresh(*command)
    assert "baseline" in output[2] and "notes.json" in output[2] and "SL" in output[1]
    (project / "tools" / "t1.json").write_text(json.dumps(LOOSE))  # the named file is back
    settle()
    assert run(*command) == fresh(*command)


@pytest.mark.parametrize("extra", [("--output-file", "report.txt"), ("--fix",), ("--no-cache",)])
def test_runs_that_write_a_file_or_keep_no_cache_are_not_recorded(project, engine_runs, extra, monkeypatch):
    stamped = []
    note = run_cache.Recording.note
    monkeypatch.setattr(run_cache.Recording, "note", lambda self, path, *status: stamped.append(path) or note(self, path, *status))
    for _ in range(3):
        settle()
        run("check", *extra, ".")
    assert records(project) == [] and engine_runs["runs"] == 3
    # The recording stops before the run lints: nothing it reads after that is stamped.
    assert not [path for path in stamped if os.path.join(project, "tools") in os.path.join(project, path)]
    assert stamped, "what the run read before it knew (its configuration candidates) is seen"


def test_a_run_that_stops_recording_still_prints_all_it_says(project, monkeypatch):
    (project / "tools" / "settings.json").write_text('{"theme": "dark"}')  # skipped: said on stderr with -v
    command = ("check", "--no-cache", "-v", ".")
    stopped = run(*command)
    monkeypatch.setattr(run_cache, "start", lambda argv: None)
    assert stopped == run(*command) and stopped[0] == 1 and "settings.json" in stopped[2]


def test_standard_input_is_never_replayed(project, engine_runs, monkeypatch):
    for _ in range(3):
        settle()
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(LOOSE).encode())))
        run("check", "-")
    assert records(project) == [] and engine_runs["runs"] == 3


def test_another_environment_or_working_directory_is_another_command(project, engine_runs, monkeypatch):
    for _ in range(3):
        settle()
        run("check", ".")
    assert engine_runs["runs"] == 2
    monkeypatch.setenv("NO_COLOR", "1")
    run("check", ".")
    monkeypatch.chdir(project / "tools")
    run("check", "..")
    assert engine_runs["runs"] == 4


@pytest.mark.hostile
@pytest.mark.parametrize("configured", [False, True])
def test_a_record_is_read_only_where_the_command_itself_keeps_its_cache(project, engine_runs, monkeypatch, configured):
    """Beside the configuration or in the working directory: a record planted in a folder
    above, which the command's run would never write to, is not believed."""
    if configured:
        (project / ".schema-lint.toml").write_text('ignore = ["SL305"]\n')
    monkeypatch.chdir(project / "tools")
    replayed(engine_runs, "check", ".")
    ran = engine_runs["runs"]
    if not configured:
        [record] = records(project / "tools")
        planted = project / ".schema_lint_cache" / run_cache.RUNS / record.name
        planted.parent.mkdir(parents=True)
        record.rename(planted)
        settle()
        run("check", ".")
        assert engine_runs["runs"] == ran + 1
    else:
        assert records(project) and not (project / "tools" / ".schema_lint_cache").exists()


@pytest.mark.hostile
@pytest.mark.parametrize("damage", ["truncate", "garbage", "fifo", "another command's", "a count past any size"])
def test_a_damaged_record_is_a_miss_never_a_hang_or_a_wrong_answer(project, engine_runs, damage):
    output = replayed(engine_runs, "check", ".")
    [record] = records(project)
    content = record.read_bytes()
    record.unlink()
    if damage == "truncate":
        record.write_bytes(content[:len(content) // 3])
    elif damage == "garbage":
        record.write_bytes(b"\0\xff" * 100)
    elif damage == "fifo":
        os.mkfifo(record)
    elif damage == "a count past any size":  # as the unsigned records of earlier versions were laid out
        record.write_bytes(b"schema-lint run 1\n%s\n0\n%s\n" % (record.name.encode(), b"9" * 30))
    else:
        for _ in range(2):
            settle()
            run("check", "--select", "SL201", ".")
        [other] = records(project)
        other.rename(record)
    settle()
    before = engine_runs["runs"]
    code, stdout, stderr = run("check", ".")
    assert (code, stdout) == output[:2] and "ignored" in stderr
    assert engine_runs["runs"] == before + 1


def test_a_folder_keeps_only_the_newest_records_of_its_own(project, monkeypatch):
    monkeypatch.setattr(run_cache, "_MAX_RECORDS", 3)
    settle()
    run("check", ".")
    foreign = project / ".schema_lint_cache" / run_cache.RUNS / ("f" * 32)  # named as a record; not one of ours
    foreign.write_bytes(b"schema-lint run\n")
    os.utime(foreign, (0, 0))
    for index in range(5):
        settle()
        run("check", "--select", f"SL20{index}", ".")
    assert len(records(project)) == 4 and foreign.exists()


@pytest.mark.hostile
def test_a_record_not_signed_with_the_users_key_is_not_replayed(project, engine_runs, monkeypatch):
    """The most direct forgery: a committed `.schema_lint_cache/runs/<command>` that says
    "no finding, exit 0" for a loose repository. The command's key is predictable where
    the environment is (a CI image), and a record may depend on no path at all."""
    truth = fresh("check", ".")
    with forging(monkeypatch):
        replayed(engine_runs, "check", ".")
    for bucket in (project / ".schema_lint_cache").glob("?" * 24):  # only the record is forged
        for index in bucket.iterdir():
            index.unlink()
    settle()
    before = engine_runs["runs"]
    code, stdout, stderr = run("check", ".")
    assert (code, stdout) == truth[:2] and code == 1 and engine_runs["runs"] == before + 1
    assert stderr.count("schema-lint: warning:") == 1 and "not signed" in stderr
    monkeypatch.setattr(run_cache, "_warned", False)
    assert replayed(engine_runs, "check", ".") == truth  # recorded again under the user's key


@pytest.mark.hostile
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=st.integers(1, 400), flip=st.integers(1, 255))
def test_a_record_changed_anywhere_is_a_miss(project, engine_runs, position, flip):
    """A byte of the output, of the exit code or of a stamp: any change is a miss, and the
    run prints what a run without the cache does."""
    command = ("check", "--select", "SL201", ".")
    truth = fresh(*command)
    settle()
    run(*command)
    settle()
    run(*command)
    [record] = records(project)
    content = bytearray(record.read_bytes())
    content[-min(position, len(content))] ^= flip
    record.write_bytes(bytes(content))
    settle()
    before = engine_runs["runs"]
    assert run(*command)[:2] == truth[:2]
    assert engine_runs["runs"] == before + 1


@pytest.mark.hostile
@pytest.mark.parametrize("linked", ["the cache's folder", "its records' folder"])
def test_a_records_folder_that_is_a_link_is_not_used(project, engine_runs, tmp_path_factory, linked):
    """A committed `.schema_lint_cache/runs -> /elsewhere`: no record is written there, and
    files there named as records are not removed."""
    outside = tmp_path_factory.mktemp("outside")
    for index in range(70):
        (outside / f"{index:032x}").write_text("not a record")
    link = project / ".schema_lint_cache"
    if linked == "its records' folder":
        link.mkdir()
        link = link / run_cache.RUNS
    link.symlink_to(outside, target_is_directory=True)
    before = tree(outside)
    truth = fresh("check", ".")
    said = []
    for _ in range(3):
        settle()
        code, stdout, stderr = run("check", ".")
        assert (code, stdout) == truth[:2] and tree(outside) == before
        said.append(stderr)
    assert engine_runs["runs"] == 4 and "is a link" in said[0]


_SIZES = st.integers(-2**70, 2**70) | st.integers(-2, 300)


@pytest.mark.hostile
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.binary(max_size=64) | st.builds(lambda code, count, rest: b"%d\n%d\n" % (code, count) + rest,
                                               _SIZES, _SIZES, st.binary(max_size=64)))
def test_a_record_of_any_shape_signed_with_the_users_key_is_a_miss_never_a_crash(project, body):
    """Only the run writes what the user's key signs; should a record be damaged all the same,
    it is a miss, or a record as any other: an exit code a process can have, and its output."""
    secret = cache_trust.key(create=True)
    (project / cache.DIRECTORY).mkdir(exist_ok=True)
    key = run_cache.command_key(["check", "."])
    run_cache._write_record(str(project / cache.DIRECTORY), key, run_cache._signed_record(key, [body], secret), secret)
    code = run_cache.replay(["check", "."])
    assert code is None or 0 <= code <= 255


def test_the_standalone_configuration_names_are_the_configuration_modules():
    from schema_lint.config import CONFIG_FILE_NAMES

    assert (*run_cache.STANDALONE_CONFIG_NAMES, "pyproject.toml") == CONFIG_FILE_NAMES
