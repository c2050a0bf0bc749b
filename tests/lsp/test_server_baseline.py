"""A configured `baseline` in the editor: the findings it records are not shown, as `check`
run in the configuration's folder does not report them (see lspkit for the editors each
test runs as)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from lsprotocol import types
from pytest_lsp import LanguageClient

from schema_lint.cli import main
from schema_lint.lsp.linting import Linting
from lspkit import SELECT, TICKETS_YAML, changed, client, diagnostics, opened  # noqa: F401  (client: the fixture)

# The tests that drive a server; the last one reads `Linting` directly.
served = pytest.mark.asyncio(loop_scope="function")

# The same tool with one more property: a finding the baseline does not hold.
MORE_TICKETS_YAML = TICKETS_YAML.replace("      required:",
                                         "        title: {type: string, description: A title.}\n      required:")
EMPTY = '{"version": 1, "findings": []}\n'


def configured(root: Path, extra: str = "") -> None:
    (root / ".schema-lint.toml").write_text(SELECT + 'baseline = "baseline.json"\n' + extra, encoding="utf-8")


def check(root: Path, monkeypatch, *args: str) -> str:
    """`check` run in the configuration's folder, as CI runs it."""
    monkeypatch.chdir(root)
    return CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", *args]).stdout


def shown(found: list[types.Diagnostic]) -> list[tuple[str, int]]:
    return sorted((d.code, d.range.start.line) for d in found)


def reported(output: str) -> list[tuple[str, int]]:
    """What `check --output-format json` reports, as (code, line from 0) like `shown`."""
    return sorted((finding["code"], finding["line"] - 1) for finding in json.loads(output))


@served
async def test_a_baselined_finding_is_not_shown_and_a_new_one_is(client: LanguageClient, monkeypatch):
    configured(client.root)
    (client.root / "tickets").mkdir()
    tickets = client.root / "tickets" / "tools.yaml"
    tickets.write_text(TICKETS_YAML, encoding="utf-8")
    check(client.root, monkeypatch, "--write-baseline", "baseline.json", "tickets/tools.yaml")
    uri = await opened(client, tickets, TICKETS_YAML, "yaml")
    assert await diagnostics(client, uri) == []
    await changed(client, uri, 2, MORE_TICKETS_YAML)
    found = await diagnostics(client, uri)
    assert shown(found) == [("SL301", 8)] and "title" in found[0].message
    tickets.write_text(MORE_TICKETS_YAML, encoding="utf-8")
    assert shown(found) == reported(check(client.root, monkeypatch, "tickets/tools.yaml"))


@served
async def test_an_edited_baseline_takes_effect_on_the_next_lint(client: LanguageClient, monkeypatch):
    configured(client.root)
    (client.root / "tools.yaml").write_text(TICKETS_YAML, encoding="utf-8")
    check(client.root, monkeypatch, "--write-baseline", "baseline.json", "tools.yaml")
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    assert await diagnostics(client, uri) == []
    (client.root / "baseline.json").write_text(EMPTY, encoding="utf-8")
    await changed(client, uri, 2, TICKETS_YAML)
    assert shown(await diagnostics(client, uri)) == [("SL005", 7), ("SL301", 7), ("SL307", 6), ("SL501", 4)]
    # Saved in the editor, it lints the open files again at once, as a saved configuration does.
    check(client.root, monkeypatch, "--write-baseline", "baseline.json", "tools.yaml")
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        types.TextDocumentIdentifier((client.root / "baseline.json").as_uri())))
    assert await diagnostics(client, uri, timeout=5) == []


@served
async def test_a_baseline_that_is_not_one_is_said_on_the_file_which_is_not_linted(client: LanguageClient):
    configured(client.root)
    (client.root / "baseline.json").write_text("{", encoding="utf-8")
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    [error] = await diagnostics(client, uri)
    assert error.code == "SL000" and error.severity == types.DiagnosticSeverity.Error
    assert error.range.start == types.Position(0, 0)
    assert "baseline.json:1:2: not a schema-lint baseline (invalid JSON" in error.message


@served
async def test_a_refused_baseline_is_said_on_the_file_and_hides_nothing(client: LanguageClient):
    configured(client.root, "max-file-size = 1000\n")
    (client.root / "baseline.json").write_text(EMPTY + " " * 1000, encoding="utf-8")
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    found = await diagnostics(client, uri)
    assert shown(found) == [("SL000", 0), ("SL005", 7), ("SL301", 7), ("SL307", 6), ("SL501", 4)]
    [error] = [d for d in found if d.code == "SL000"]
    assert ".schema-lint.toml:2:1: `baseline`: " in error.message
    assert "over the 1,000 bytes limit (setting `max-file-size`)" in error.message


def test_the_baseline_is_read_once_while_its_stat_stays_the_same(tmp_path, monkeypatch):
    import schema_lint.run.configured_files as configured_files

    configured(tmp_path)
    (tmp_path / "baseline.json").write_text(EMPTY, encoding="utf-8")
    reads = []
    read = configured_files.read_configured
    monkeypatch.setattr(configured_files, "read_configured", lambda *args: reads.append(args) or read(*args))
    linting = Linting()
    for _ in range(3):
        assert linting.lint(str(tmp_path / "tools.yaml"), TICKETS_YAML).findings
    assert len(reads) == 1
    (tmp_path / "baseline.json").write_text(EMPTY + "\n", encoding="utf-8")
    linting.lint(str(tmp_path / "tools.yaml"), TICKETS_YAML)
    assert len(reads) == 2
