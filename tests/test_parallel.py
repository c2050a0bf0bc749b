"""Linting on several processes gives exactly what one process gives."""

from __future__ import annotations

import json

import pytest

from schema_lint import parallel
from schema_lint.config import Config
from schema_lint.engine import Linter
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
