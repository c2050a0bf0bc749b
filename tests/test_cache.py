"""A second run over unchanged files reports exactly what the first did, and lints nothing;
a change to the file, the configuration or schema-lint itself is a miss."""

from __future__ import annotations

import itertools
import json
import os
import stat
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cachekit import LOOSE, changed_for_sure, edit_tool_file, forging, tree
from schema_lint.run import cache_trust
from schema_lint.run import run_cache
from schema_lint.cli import main
from schema_lint.run.linter import Linter
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity, Span



@pytest.fixture
def project(tmp_path, monkeypatch, tmp_path_factory):
    monkeypatch.delenv("SCHEMA_LINT_NO_CACHE", raising=False)
    monkeypatch.delenv("SCHEMA_LINT_CACHE_DIR", raising=False)
    monkeypatch.setenv("SCHEMA_LINT_CACHE_KEY_FILE", str(tmp_path_factory.mktemp("user") / "key"))
    monkeypatch.setattr(run_cache, "_warned", False, raising=False)  # said once a process: once a test here
    (tmp_path / "tools").mkdir()
    for index in range(3):
        (tmp_path / "tools" / f"t{index}.json").write_text(json.dumps(dict(LOOSE, name=f"create_{index}"), indent=2))
    (tmp_path / "tools" / "broken.json").write_text('{"name": ')
    monkeypatch.chdir(tmp_path)
    return tmp_path


_RUNS = itertools.count()  # a fresh folder for each hypothesis example, in the one project


def check(*args):
    return CliRunner().invoke(main, ["check", *args])


def cache_of_a_run(monkeypatch):
    """The cache of a `check .` run, holding the indexes it read."""
    from schema_lint.run.cache import Cache

    caches = []
    flush = Cache.flush
    with monkeypatch.context() as spying:
        spying.setattr(Cache, "flush", lambda self: caches.append(self) or flush(self))
        check(".")
    return caches[-1]


def store_row(cache, path: Path, row) -> None:
    """Write `row` as the index entry of `path`, as the run that owns `cache` would."""
    folder, name = os.path.split(os.path.abspath(path))
    cache.merge({folder: {name: row}})
    cache.flush()


@pytest.fixture
def linted(monkeypatch):
    """How many documents the runs lint (rather than take from the cache)."""
    count = {"documents": 0}
    original = Linter.lint_document

    def counting(self, doc, result):
        count["documents"] += 1
        return original(self, doc, result)

    monkeypatch.setattr(Linter, "lint_document", counting)
    return count


@pytest.mark.parametrize("output_format", ["json", "full", "sarif"])
def test_a_warm_run_reports_exactly_what_the_cold_run_did(project, linted, output_format):
    cold = check("--output-format", output_format, ".")
    assert linted["documents"] == 4
    warm = check("--output-format", output_format, ".")
    assert linted["documents"] == 4  # nothing linted again, not even the file that does not parse
    assert (warm.exit_code, warm.output) == (cold.exit_code, cold.output)
    assert cold.output == check("--no-cache", "--output-format", output_format, ".").output


def test_changing_a_file_relints_that_file_only(project, linted):
    check(".")
    before = linted["documents"]
    tool = json.loads(json.dumps(dict(LOOSE, name="create_0")))  # a deep copy: LOOSE serves every test
    tool["inputSchema"]["additionalProperties"] = False
    (project / "tools" / "t0.json").write_text(json.dumps(tool, indent=2))
    findings = json.loads(check("--output-format", "json", ".").output)
    assert linted["documents"] - before == 1
    assert [f["code"] for f in findings if f["file"].endswith("t0.json") and f["code"] == "SL201"] == []
    assert len([f for f in findings if f["code"] == "SL201"]) == 2


def test_changing_the_configuration_is_a_miss(project, linted):
    first = json.loads(check("--output-format", "json", ".").output)
    (project / ".schema-lint.toml").write_text('select = ["SL302"]\n')
    second = json.loads(check("--output-format", "json", ".").output)
    assert {f["code"] for f in first} > {"SL302", "SL000"} == {f["code"] for f in second}
    assert linted["documents"] == 8


def test_a_new_version_is_a_miss(project, linted, monkeypatch):
    check(".")
    monkeypatch.setattr("schema_lint.run.cache.__version__", "99.0")
    check(".")
    assert linted["documents"] == 8


def test_no_cache_writes_nothing_and_cache_dir_moves_it(project, tmp_path):
    check("--no-cache", ".")
    assert not (project / ".schema_lint_cache").exists()
    check("--cache-dir", str(tmp_path / "elsewhere"), ".")
    assert not (project / ".schema_lint_cache").exists()
    assert (tmp_path / "elsewhere" / ".gitignore").read_text().splitlines()[-1] == "*"


def test_a_fix_run_neither_reads_nor_writes_the_cache(project):
    check("--fix", ".")
    assert not (project / ".schema_lint_cache").exists()


def _indexes(project: Path) -> list[Path]:
    return list((project / ".schema_lint_cache").glob("*/*.json"))


def test_a_broken_index_is_a_miss_and_is_written_again(project, linted):
    cold = check("--output-format", "json", ".")
    [index] = _indexes(project)
    index.write_text("{not json")
    warm = check("--output-format", "json", ".")
    assert warm.stdout == cold.stdout and linted["documents"] == 8 and "ignored" in warm.stderr
    check(".")
    assert linted["documents"] == 8


def test_a_broken_entry_is_a_miss(project, linted, monkeypatch):
    cold = check("--output-format", "json", ".")
    cache = cache_of_a_run(monkeypatch)
    row = cache._index(str(project / "tools"))["t0.json"]
    store_row(cache, project / "tools" / "t0.json", [*row[:3], json.dumps([[["not", "a", "finding"]], [], False, 1]),
                                                      row[4]])
    assert check("--output-format", "json", ".").output == cold.output
    assert linted["documents"] == 5


def test_an_unchanged_file_is_not_read_again(project, linted, monkeypatch):
    check(".")
    monkeypatch.setattr("schema_lint.run.stamps.SETTLE_NS", 0)  # every file's timestamps old enough
    check(".")  # re-stamped as settled
    import schema_lint.run.cache

    read, reader = [], schema_lint.run.cache.read_regular_file
    monkeypatch.setattr("schema_lint.run.cache.read_regular_file", lambda path, limit: read.append(path) or reader(path, limit))
    indexes, index_reader = [], cache_trust.read_file
    monkeypatch.setattr(cache_trust, "read_file", lambda path, limit: indexes.append(path) or index_reader(path, limit))
    check(".")
    assert read == [] and linted["documents"] == 4
    assert indexes  # the index itself was read


def test_a_touched_file_is_read_but_not_linted_again(project, linted, monkeypatch):
    check(".")
    os.utime(project / "tools" / "t1.json", ns=(1, 1))
    check(".")
    assert linted["documents"] == 4


def test_new_bytes_under_the_old_size_and_modification_time_are_a_miss(project, linted, monkeypatch):
    monkeypatch.setattr("schema_lint.run.stamps.SETTLE_NS", 0)
    path = project / "tools" / "t0.json"
    check(".")
    before = os.stat(path)
    path.write_text(path.read_text().replace("create_0", "create_9"))  # same size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(path).st_size == before.st_size
    findings = json.loads(check("--output-format", "json", ".").output)
    assert linted["documents"] == 5
    assert "create_9" in {f.get("tool") for f in findings}


def test_a_file_changed_within_its_timestamp_tick_is_a_miss(project, linted, monkeypatch):
    """Its stat may not change at all: only the bytes can tell, so a fresh stat is never trusted."""
    path = project / "tools" / "t0.json"
    check(".")
    stat = os.stat(path)
    monkeypatch.setattr("schema_lint.run.stamps.stamp", lambda info: [stat.st_mtime_ns, stat.st_ctime_ns, 0, 0])
    check(".")  # every stamp now looks alike: stat cannot tell a change
    path.write_text(path.read_text().replace("create_0", "create_9"))
    findings = json.loads(check("--output-format", "json", ".").output)
    assert "create_9" in {f.get("tool") for f in findings}


def test_many_files_linted_on_every_core_are_cached_alike(project, linted):
    for index in range(60):
        (project / "tools" / f"many{index}.json").write_text(json.dumps(dict(LOOSE, name=f"create_m{index}")))
    cold = check("--output-format", "json", ".").output
    warm = check("--output-format", "json", ".").output
    assert warm == cold
    [index] = _indexes(project)
    # every file read, the one that does not parse too (its SL000 is cached)
    assert len(json.loads(index.read_text())["files"]) == 64


def test_runs_at_the_same_time_share_the_cache_safely(project):
    import os
    import subprocess
    import sys

    for index in range(60):
        (project / "tools" / f"many{index}.json").write_text(json.dumps(dict(LOOSE, name=f"create_m{index}")))
    expected = check("--no-cache", "--output-format", "json", ".").output
    command = [sys.executable, "-m", "schema_lint", "check", "--output-format", "json", "."]
    env = {key: value for key, value in os.environ.items() if key != "SCHEMA_LINT_NO_CACHE"}
    runs = [subprocess.Popen(command, cwd=project, env=env, stdout=subprocess.PIPE, text=True) for _ in range(3)]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert outputs == [expected] * 3
    assert subprocess.run(command, cwd=project, env=env, capture_output=True, text=True).stdout == expected


def test_a_file_spelled_another_way_is_linted_under_that_spelling(project, linted):
    """Findings depend on the spelling (each names the file as the run did, `mcp:x.json` reads
    as a server name), so an entry answers only runs that name the file as its run did."""
    assert check("./tools/t0.json").exit_code == 1
    other = check("--output-format", "json", "tools/../tools/t0.json")
    assert other.exit_code == 1 and linted["documents"] == 2
    assert {finding["file"] for finding in json.loads(other.output)} == {"tools/../tools/t0.json"}
    assert check("--output-format", "json", "tools/../tools/t0.json").output == other.output
    assert linted["documents"] == 2  # the same spelling again is answered


def test_files_under_a_nested_configuration_linted_on_every_core_are_cached_under_it(project, linted):
    """Each configuration has its own entries; the workers' entries reach the index the parent writes."""
    nested = project / "tools" / "strict"
    nested.mkdir()
    (nested / ".schema-lint.toml").write_text('select = ["SL201"]\n')
    for index in range(30):
        (project / "tools" / f"many{index}.json").write_text(json.dumps(dict(LOOSE, name=f"create_m{index}")))
        (nested / f"many{index}.json").write_text(json.dumps(dict(LOOSE, name=f"create_s{index}")))
    cold = json.loads(check("--output-format", "json", ".").output)
    assert {f["code"] for f in cold if "/strict/" in f["file"]} == {"SL201"}
    in_this_process = linted["documents"]  # forked workers count in their own copy
    warm = json.loads(check("--output-format", "json", ".").output)
    assert warm == cold and linted["documents"] == in_this_process
    assert len(_indexes(project)) == 2  # one per folder, each under its configuration's settings


_EDITS = st.lists(st.tuples(st.sampled_from(["rewrite", "same-size", "touch", "break", "remove"]),
                            st.integers(0, 2), st.integers(0, 9)), min_size=1, max_size=6)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=_EDITS)
def test_whatever_happens_to_the_files_a_cached_run_reports_what_a_fresh_one_does(project, monkeypatch, edits):
    """The law behind the cache, with a file's stat trusted as soon as its bytes were read."""
    monkeypatch.setattr("schema_lint.run.stamps.SETTLE_NS", 0)
    folder = project / f"run{next(_RUNS)}"
    folder.mkdir()
    for index in range(3):
        (folder / f"t{index}.json").write_text(json.dumps(dict(LOOSE, name=f"create_{index}")))
    check(str(folder))
    for action, index, value in edits:
        path = folder / f"t{index}.json"
        if action == "touch" and path.exists():
            os.utime(path, ns=(value, value))
        elif action == "break":
            changed_for_sure(path, lambda: path.write_text('{"name": ' + " " * value))
        else:
            edit_tool_file(path, action, index, value)
        cached = check("--output-format", "json", str(folder))
        fresh = check("--no-cache", "--output-format", "json", str(folder))
        assert (cached.exit_code, cached.output) == (fresh.exit_code, fresh.output)


def test_a_file_whose_name_is_not_utf8_is_cached_too(project, linted):
    name = os.fsdecode(b"odd\xff.json")
    (project / "tools" / name).write_text(json.dumps(dict(LOOSE, name="create_odd")))
    cold = check("--output-format", "json", ".").output
    before = linted["documents"]
    assert check("--output-format", "json", ".").output == cold
    assert linted["documents"] == before


def test_a_run_that_writes_removes_the_results_of_settings_unused_for_a_month(project):
    cache = project / ".schema_lint_cache"
    check("--select", "SL201", ".")
    [stale] = {index.parent for index in _indexes(project)}
    recent, foreign, not_ours = cache / ("b" * 24), cache / ("c" * 23), cache / ("d" * 24)
    for folder in (recent, foreign, not_ours):
        folder.mkdir(parents=True)
        (folder / "index.json").write_text("{}")
    month_ago = time.time() - 31 * 24 * 3600
    for folder in (stale, foreign, not_ours):
        os.utime(folder, (month_ago, month_ago))
    check(".")
    assert not stale.exists()
    # In use lately; not named as the cache names its folders; named so, but not made by this user's runs.
    assert recent.exists() and foreign.exists() and not_ours.exists()
    assert len([index for index in _indexes(project) if index.parent not in (recent, foreign, not_ours)]) == 1


@pytest.mark.parametrize(("value", "cached"), [("1", False), ("true", False), ("0", True), ("false", True)])
def test_the_environment_turns_the_cache_off_as_a_flag_would(project, monkeypatch, value, cached):
    monkeypatch.setenv("SCHEMA_LINT_NO_CACHE", value)
    check(".")
    assert (project / ".schema_lint_cache").exists() == cached


def test_a_cache_dir_that_is_a_file_is_a_usage_error_from_the_environment_too(project, monkeypatch):
    (project / "afile").write_text("")
    assert check("--cache-dir", "afile", ".").exit_code == 2
    monkeypatch.setenv("SCHEMA_LINT_CACHE_DIR", "afile")
    run = check(".")
    assert run.exit_code == 2 and "is a file" in run.output
    monkeypatch.setenv("SCHEMA_LINT_CACHE_DIR", os.devnull)
    run = check(".")
    # A device: refused by the run, or by click itself from 8.5 on ("Directory '/dev/null' is a file").
    assert run.exit_code == 2 and (f"the cache folder {os.devnull} is not a folder" in run.output
                                   or f"'{os.devnull}' is a file" in run.output)


@pytest.mark.hostile
def test_a_fifo_in_place_of_an_index_is_a_miss_not_a_hang(project, linted):
    cold = check("--output-format", "json", ".").output
    [index] = _indexes(project)
    index.unlink()
    os.mkfifo(index)
    assert check("--output-format", "json", ".").stdout == cold
    assert linted["documents"] == 8


def test_editing_an_installed_rule_pack_is_a_miss(project, linted, monkeypatch, tmp_path_factory):
    from lintkit import install_rule_pack

    site = tmp_path_factory.mktemp("site")
    install_rule_pack(site)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, "xy_rules", raising=False)
    check(".")
    check(".")
    assert linted["documents"] == 4
    module = site / "xy_rules.py"
    module.write_text(module.read_text().replace('"seen"', '"seen again"'))
    check(".")
    assert linted["documents"] == 8


def test_upgrading_a_library_that_decides_findings_is_a_miss(project, linted, monkeypatch, tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    (site / "deciding_lib").mkdir()
    (site / "deciding_lib" / "__init__.py").write_text("VERSION = 1\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr("schema_lint.run.cache._DECIDING_LIBRARIES", ("deciding_lib",))
    check(".")
    (site / "deciding_lib" / "__init__.py").write_text("VERSION = 22\n")
    check(".")
    assert linted["documents"] == 8


@given(st.binary(max_size=300), st.integers(min_value=1, max_value=64))
def test_the_caches_digest_is_blake2b_whichever_module_computes_it(data, size):
    import hashlib

    from schema_lint.run.digest import hex_digest

    assert hex_digest(data, size) == hashlib.blake2b(data, digest_size=size).hexdigest()


def _cache_and_misses(project, names):
    from schema_lint.run.cache import Cache, Miss

    cache = Cache(project / ".schema_lint_cache", "settings", cache_trust.key(create=True))
    misses = {name: cache.lookup(str(project / "tools" / name), 1 << 20) for name in names}
    assert all(isinstance(miss, Miss) for miss in misses.values())
    return cache, misses


def test_rows_another_run_wrote_since_the_index_was_read_are_kept(project):
    from schema_lint.run.cache import Entry

    first, first_misses = _cache_and_misses(project, ["t0.json"])
    second, second_misses = _cache_and_misses(project, ["t1.json"])  # both read the index before either wrote
    second.store(str(project / "tools" / "t1.json"), second_misses["t1.json"], Entry([], [], False, 1))
    second.flush()
    first.store(str(project / "tools" / "t0.json"), first_misses["t0.json"], Entry([], [], False, 2))
    first.flush()
    later, _ = _cache_and_misses(project, [])
    answers = {name: later.lookup(str(project / "tools" / name), 1 << 20) for name in ("t0.json", "t1.json")}
    assert {name: getattr(answer, "tools_checked", None) for name, answer in answers.items()} == {
        "t0.json": 2, "t1.json": 1}


def test_an_index_no_other_run_wrote_is_read_once(project, monkeypatch):
    from schema_lint.run.cache import Cache, Entry

    reads = []
    original = Cache._read_index
    monkeypatch.setattr(Cache, "_read_index", lambda self, folder: reads.append(folder) or original(self, folder))
    for round_ in range(2):  # the index absent, then present
        cache, misses = _cache_and_misses(project, ["t0.json", "t1.json"])
        for name, miss in misses.items():
            cache.store(str(project / "tools" / name), miss, Entry([], [], False, round_))
        cache.flush()
        (project / "tools" / "t0.json").write_text((project / "tools" / "t0.json").read_text() + " ")
        (project / "tools" / "t1.json").write_text((project / "tools" / "t1.json").read_text() + " ")
    assert len(reads) == 2, reads



def test_a_written_index_is_let_go_and_read_again_when_asked(project):
    """A run writes its indexes before its report: the findings they hold as text (10 MB of
    a file of 20,000 tools) are not kept through the report."""
    from schema_lint.run.cache import Entry

    cache, misses = _cache_and_misses(project, ["t0.json"])
    cache.store(str(project / "tools" / "t0.json"), misses["t0.json"], Entry([], [], False, 3))
    cache.flush()
    assert cache._indexes == {}
    assert cache.lookup(str(project / "tools" / "t0.json"), 1 << 20).tools_checked == 3


def test_a_file_the_cache_missed_costs_no_more_memory_while_linted(project, monkeypatch):
    """The bytes the cache read (a large file's 16 MB) are decoded, then let go of, as
    when the cache is off: not kept until the file's findings are stored."""
    import gc
    import tracemalloc

    from schema_lint.lint.document import DocumentLinter

    tools = [dict(LOOSE, name=f"create_{index}") for index in range(1_000)]
    (project / "tools" / "big.json").write_text(json.dumps({"tools": tools}, indent=2))
    size = (project / "tools" / "big.json").stat().st_size
    at_lint: list[int] = []
    lint = DocumentLinter.lint
    # Collected first: what counts is what is still held when linting starts, not garbage
    # the collector (whose thresholds other tests in the process may have moved) has yet to free.
    monkeypatch.setattr(DocumentLinter, "lint", lambda self, doc, only=None: (
        gc.collect(), at_lint.append(tracemalloc.get_traced_memory()[0]), lint(self, doc, only))[-1])
    tracemalloc.start()
    try:
        for flags in (["--no-cache"], ["--no-cache"], []):  # the first imports what linting needs
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            check(*flags, "tools/big.json")
            at_lint[-1] -= before
    finally:
        tracemalloc.stop()
    without_cache, with_cache = at_lint[1:]
    assert with_cache - without_cache < size // 2, (with_cache, without_cache, size)

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]) | st.sampled_from("\udcff\udc80—é😀"),
                max_size=8)
_OPERATIONS = st.lists(st.builds(Operation, st.sampled_from(["add", "replace", "remove"]), _TEXT,
                                 st.none() | st.integers() | _TEXT | st.lists(_TEXT, max_size=2)), max_size=2)
_DIAGNOSTICS = st.lists(st.builds(
    Diagnostic, _TEXT, _TEXT, st.sampled_from(list(Severity)), _TEXT, _TEXT, _TEXT, st.none() | _TEXT,
    st.none() | st.builds(Fix, _TEXT, st.sampled_from(list(FixSafety)), _OPERATIONS.map(tuple)),
    st.none() | st.builds(Span, st.integers(1, 9), st.integers(1, 9), st.integers(1, 9), st.integers(1, 9)),
    st.booleans(), st.none() | _TEXT), max_size=4)


@given(_DIAGNOSTICS, _DIAGNOSTICS, st.booleans(), st.integers(0, 10**6))
def test_findings_are_stored_as_ascii_and_read_back_as_the_plain_json_of_their_rows(
        diagnostics, internal_errors, skipped, tools_checked):
    """ASCII keeps a large file's stored findings at one byte a character in memory (see
    `cache.findings_text`); what is read back must not change for it, surrogates included."""
    from schema_lint.run.cache import Entry, _entry, findings_text
    from schema_lint.model import diagnostic_row

    entry = Entry(diagnostics, internal_errors, skipped, tools_checked)
    text = findings_text(entry)
    plain = json.dumps([[diagnostic_row(d) for d in diagnostics], [diagnostic_row(d) for d in internal_errors],
                        skipped, tools_checked], ensure_ascii=False)
    assert text.isascii()
    assert json.loads(text) == json.loads(plain)
    read_back = _entry([None, True, "", text, ""])
    assert read_back is not None and findings_text(read_back) == text


@pytest.mark.hostile
def test_entries_not_signed_with_the_users_key_are_not_believed_and_it_is_said_once(project, linted, monkeypatch):
    """A pull request can commit `.schema_lint_cache/` with an entry saying a loose file has no
    finding: whoever knows its bytes and the install's stamps can write one. Only entries
    signed with the user's own key answer; the run says once that it ignored the others, on
    stderr (stdout stays the report), and the entries it writes instead are believed."""
    truth = check("--no-cache", "--output-format", "json", ".")
    with forging(monkeypatch):
        check(".")
    assert _indexes(project)
    ignored = check("--output-format", "json", ".")
    assert (ignored.exit_code, ignored.stdout) == (truth.exit_code, truth.stdout) and linted["documents"] == 12
    assert ignored.stderr.count("schema-lint: warning:") == 1 and "not signed" in ignored.stderr
    monkeypatch.setattr(run_cache, "_warned", False)
    believed = check("--output-format", "json", ".")
    assert (believed.exit_code, believed.stdout, believed.stderr) == (truth.exit_code, truth.stdout, "")
    assert linted["documents"] == 12


@pytest.mark.hostile
@pytest.mark.parametrize("damage", ["nested past the parser", "not UTF-8", "truncated", "rows not lists"])
def test_an_index_of_any_damage_is_a_miss_never_a_crash(project, linted, damage):
    cold = check("--output-format", "json", ".")
    [index] = _indexes(project)
    content = index.read_bytes()
    index.write_bytes({"nested past the parser": b"[" * 100_000, "not UTF-8": b"\xff\xfe" * 50,
                       "truncated": content[:len(content) // 2],
                       "rows not lists": json.dumps({"folder": str(project / "tools"),
                                                     "files": {"t0.json": 5, "t1.json": {}}}).encode()}[damage])
    warm = check("--output-format", "json", ".")
    assert (warm.exit_code, warm.stdout) == (cold.exit_code, cold.stdout) and linted["documents"] == 8


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=6)
# Findings that are not the JSON `findings_text` writes: nested past the parser's limit,
# not JSON, cut short, or of the wrong types.
_BAD_FINDINGS = st.one_of(
    st.integers(1_000, 200_000).map(lambda depth: "[" * depth),
    st.text(max_size=30),
    st.integers(min_value=0).map(lambda cut: lambda text: text[:cut % len(text)]),
    st.builds(lambda skipped, tools: json.dumps([[], [], skipped, tools]),
              st.none() | st.integers() | st.text(max_size=3), _JSON),
    _JSON.filter(lambda value: not isinstance(value, str)),
)


@pytest.mark.hostile
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(change=st.one_of(
    st.tuples(st.sampled_from([0, 1, 2, 4]), _JSON),  # the stamp, settled, digest, path: any JSON value
    st.tuples(st.just(3), _BAD_FINDINGS),
    st.tuples(st.none(), _JSON.filter(lambda value: not (isinstance(value, list) and len(value) == 5))),
))
def test_a_malformed_entry_is_a_miss_never_a_crash(project, monkeypatch, change):
    """Whatever an entry holds, even signed with the user's key (so the run reads past the
    signature), the run reports what a run without the cache does."""
    truth = check("--no-cache", "--output-format", "json", ".")
    cache = cache_of_a_run(monkeypatch)
    row = list(cache._index(str(project / "tools"))["t0.json"])
    field, value = change
    if field is None:
        row = value
    else:
        row[field] = value(row[field]) if callable(value) else value
    store_row(cache, project / "tools" / "t0.json", row)
    result = check("--output-format", "json", ".")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert (result.exit_code, result.stdout) == (truth.exit_code, truth.stdout)


@pytest.mark.hostile
@pytest.mark.parametrize("linked", ["the cache's folder", "a settings folder"])
def test_a_cache_folder_that_is_a_link_is_not_used(project, tmp_path_factory, linked):
    """A committed `.schema_lint_cache -> /elsewhere` (or a link in place of a folder in it) must
    not make the run write there, nor remove old folders named as the cache names its own."""
    outside = tmp_path_factory.mktemp("outside")
    stale = outside / ("a" * 24)
    stale.mkdir()
    (stale / "keep.json").write_text("{}")
    month_ago = time.time() - 31 * 24 * 3600
    os.utime(stale, (month_ago, month_ago))
    truth = check("--no-cache", "--output-format", "json", ".")
    if linked == "the cache's folder":
        (project / ".schema_lint_cache").symlink_to(outside, target_is_directory=True)
    else:
        check(".")
        [bucket] = {index.parent for index in _indexes(project)}
        for index in bucket.iterdir():
            index.unlink()
        bucket.rmdir()
        bucket.symlink_to(outside, target_is_directory=True)
    before = tree(outside)
    said = []
    for _ in range(2):
        result = check("--output-format", "json", ".")
        assert (result.exit_code, result.stdout) == (truth.exit_code, truth.stdout)
        assert tree(outside) == before
        said.append(result.stderr)
    assert "is a link" in said[0]


@pytest.mark.hostile
def test_links_planted_in_the_cache_folder_are_never_followed(project, tmp_path_factory, linted):
    """Dangling links where the cache puts its markers, and an index that is a link to a file
    outside: nothing is created or read through them."""
    outside = tmp_path_factory.mktemp("outside")
    cold = check("--output-format", "json", ".")
    [index] = _indexes(project)
    planted = outside / "index.json"
    index.rename(planted)
    index.symlink_to(planted)
    cache = project / ".schema_lint_cache"
    for name in (".gitignore", "CACHEDIR.TAG"):
        (cache / name).unlink()
        (cache / name).symlink_to(outside / name)
    before = tree(outside)
    warm = check("--output-format", "json", ".")
    assert (warm.exit_code, warm.stdout) == (cold.exit_code, cold.stdout) and linted["documents"] == 8
    assert tree(outside) == before
    assert all((cache / name).is_symlink() for name in (".gitignore", "CACHEDIR.TAG"))


def test_the_key_is_made_on_first_use_for_the_user_alone(project):
    key = Path(os.environ["SCHEMA_LINT_CACHE_KEY_FILE"])
    assert not key.exists()
    check(".")
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and key.stat().st_size == 32
    made = key.read_bytes()
    check(".")
    assert key.read_bytes() == made


@pytest.mark.hostile
@pytest.mark.parametrize("key", ["readable by others", "a link", "too short", "cannot be made"])
def test_a_key_the_user_alone_did_not_make_turns_the_cache_off(project, linted, monkeypatch, tmp_path_factory, key):
    """A checkout makes files readable by all (git writes 0644 or 0755): a key committed where
    the user's would lie, or a link to one, is not believed. Nor is a key of the wrong size.
    Without a key, the cache is off: the run says why, once, and lints every file."""
    path = tmp_path_factory.mktemp("home") / "key"
    if key == "readable by others":
        path.write_bytes(bytes(32))
        path.chmod(0o644)
    elif key == "a link":
        (path.parent / "committed").write_bytes(bytes(32))
        (path.parent / "committed").chmod(0o600)
        path.symlink_to(path.parent / "committed")
    elif key == "too short":
        path.write_bytes(bytes(16))
        path.chmod(0o600)
    else:
        (path.parent / "a file").write_text("")
        path = path.parent / "a file" / "key"
    monkeypatch.setenv("SCHEMA_LINT_CACHE_KEY_FILE", str(path))
    truth = check("--no-cache", "--output-format", "json", ".")
    said = []
    for _ in range(2):
        result = check("--output-format", "json", ".")
        assert (result.exit_code, result.stdout) == (truth.exit_code, truth.stdout)
        said.append(result.stderr)
    assert linted["documents"] == 12 and not (project / ".schema_lint_cache").exists()
    assert "warning: running without the cache" in said[0] and said[1] == ""  # once a process


def test_a_cache_folder_under_a_file_is_said_and_the_run_goes_on_without_it(project):
    """`--cache-dir some-file/cache` ran with no cache and said nothing: every run was cold."""
    (project / "a file").write_text("")
    truth = check("--no-cache", "--output-format", "json", ".")
    result = check("--cache-dir", str(project / "a file" / "cache"), "--output-format", "json", ".")
    assert (result.exit_code, result.stdout) == (truth.exit_code, truth.stdout)
    assert "running without the cache: cannot use" in result.stderr and "a folder it lies in is a file" in result.stderr


@pytest.mark.parametrize("how", ["flag", "environment"])
def test_a_cache_dir_holding_the_projects_files_is_refused_and_left_alone(project, monkeypatch, how):
    # Marked as a cache (a `.gitignore` of `*`), the project would be hidden from git and from the walk.
    if how == "flag":
        run = check("--cache-dir", ".", ".")
    else:
        monkeypatch.setenv("SCHEMA_LINT_CACHE_DIR", str(project))
        run = check(".")
    assert run.exit_code == 2 and "holds files schema-lint did not make (tools)" in run.output
    assert sorted(os.listdir(project)) == ["tools"]


def test_a_cache_dir_that_is_empty_or_already_a_cache_is_used(project):
    (project / "empty").mkdir()
    assert "error: the cache folder" not in check("--cache-dir", "empty", "tools").output
    assert (project / "empty" / "CACHEDIR.TAG").is_file()
    (project / "empty" / "notes.txt").write_text("kept")  # a tagged folder is the cache's, whatever else is there
    assert "error: the cache folder" not in check("--cache-dir", "empty", "tools").output
    assert len(os.listdir(project / "empty")) == 4  # the note, the marks and the settings folder
