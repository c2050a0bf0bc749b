"""A second run over unchanged files reports exactly what the first did, and lints nothing;
a change to the file, the configuration or schema-lint itself is a miss."""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cachekit import LOOSE, changed_for_sure, edit_tool_file
from schema_lint.cli import main
from schema_lint.engine import Linter
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity, Span



@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.delenv("SCHEMA_LINT_NO_CACHE", raising=False)
    monkeypatch.delenv("SCHEMA_LINT_CACHE_DIR", raising=False)
    (tmp_path / "tools").mkdir()
    for index in range(3):
        (tmp_path / "tools" / f"t{index}.json").write_text(json.dumps(dict(LOOSE, name=f"create_{index}"), indent=2))
    (tmp_path / "tools" / "broken.json").write_text('{"name": ')
    monkeypatch.chdir(tmp_path)
    return tmp_path


_RUNS = itertools.count()  # a fresh folder for each hypothesis example, in the one project


def check(*args):
    return CliRunner().invoke(main, ["check", *args])


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
    monkeypatch.setattr("schema_lint.cache.__version__", "99.0")
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
    assert warm.output == cold.output and linted["documents"] == 8
    check(".")
    assert linted["documents"] == 8


def test_a_broken_entry_is_a_miss(project, linted):
    cold = check("--output-format", "json", ".")
    [index] = _indexes(project)
    data = json.loads(index.read_text())
    data["files"]["t0.json"][3] = json.dumps([[["not", "a", "finding"]], [], False, 1])
    index.write_text(json.dumps(data))
    assert check("--output-format", "json", ".").output == cold.output
    assert linted["documents"] == 5


def test_an_unchanged_file_is_not_read_again(project, linted, monkeypatch):
    check(".")
    monkeypatch.setattr("schema_lint.stamps.SETTLE_NS", 0)  # every file's timestamps old enough
    check(".")  # re-stamped as settled
    import schema_lint.cache

    read, reader = [], schema_lint.cache.read_regular_file
    monkeypatch.setattr("schema_lint.cache.read_regular_file", lambda path, limit: read.append(path) or reader(path, limit))
    check(".")
    assert [path for path in read if ".schema_lint_cache" not in path] == [] and linted["documents"] == 4
    assert read  # the index itself was read


def test_a_touched_file_is_read_but_not_linted_again(project, linted, monkeypatch):
    check(".")
    os.utime(project / "tools" / "t1.json", ns=(1, 1))
    check(".")
    assert linted["documents"] == 4


def test_new_bytes_under_the_old_size_and_modification_time_are_a_miss(project, linted, monkeypatch):
    monkeypatch.setattr("schema_lint.stamps.SETTLE_NS", 0)
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
    monkeypatch.setattr("schema_lint.stamps.stamp", lambda info: [stat.st_mtime_ns, stat.st_ctime_ns, 0, 0])
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
    """Findings can depend on the spelling (globs match the path as named, `mcp:x.json` reads
    as a server name), so an entry answers only runs that name the file as its run did."""
    (project / "pyproject.toml").write_text('[tool.schema-lint.per-file-ignores]\n"./tools/*" = ["SL"]\n')
    assert check("./tools/t0.json").exit_code == 0  # everything ignored, for this spelling only
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
    monkeypatch.setattr("schema_lint.stamps.SETTLE_NS", 0)
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
    stale, recent, foreign = cache / ("a" * 24), cache / ("b" * 24), cache / ("c" * 23)
    for folder in (stale, recent, foreign):
        folder.mkdir(parents=True)
        (folder / "index.json").write_text("{}")
    month_ago = time.time() - 31 * 24 * 3600
    for folder in (stale, foreign):
        os.utime(folder, (month_ago, month_ago))
    check(".")
    assert not stale.exists()
    assert recent.exists() and foreign.exists()  # in use lately; not a folder the cache made
    assert len([index for index in _indexes(project) if index.parent not in (recent, foreign)]) == 1


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


@pytest.mark.hostile
def test_a_fifo_in_place_of_an_index_is_a_miss_not_a_hang(project, linted):
    cold = check("--output-format", "json", ".").output
    [index] = _indexes(project)
    index.unlink()
    os.mkfifo(index)
    assert check("--output-format", "json", ".").output == cold
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
    monkeypatch.setattr("schema_lint.cache._DECIDING_LIBRARIES", ("deciding_lib",))
    check(".")
    (site / "deciding_lib" / "__init__.py").write_text("VERSION = 22\n")
    check(".")
    assert linted["documents"] == 8


@given(st.binary(max_size=300), st.integers(min_value=1, max_value=64))
def test_the_caches_digest_is_blake2b_whichever_module_computes_it(data, size):
    import hashlib

    from schema_lint.digest import hex_digest

    assert hex_digest(data, size) == hashlib.blake2b(data, digest_size=size).hexdigest()


def _cache_and_misses(project, names):
    from schema_lint.cache import Cache, Miss

    cache = Cache(project / ".schema_lint_cache", "settings")
    misses = {name: cache.lookup(str(project / "tools" / name), 1 << 20) for name in names}
    assert all(isinstance(miss, Miss) for miss in misses.values())
    return cache, misses


def test_rows_another_run_wrote_since_the_index_was_read_are_kept(project):
    from schema_lint.cache import Entry

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
    from schema_lint.cache import Cache, Entry

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
    from schema_lint.cache import Entry, _entry, findings_text
    from schema_lint.model import diagnostic_row

    entry = Entry(diagnostics, internal_errors, skipped, tools_checked)
    text = findings_text(entry)
    plain = json.dumps([[diagnostic_row(d) for d in diagnostics], [diagnostic_row(d) for d in internal_errors],
                        skipped, tools_checked], ensure_ascii=False)
    assert text.isascii()
    assert json.loads(text) == json.loads(plain)
    read_back = _entry([None, True, "", text, ""])
    assert read_back is not None and findings_text(read_back) == text
