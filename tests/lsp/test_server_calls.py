"""A configured `calls` in the editor: the recorded calls `check` reads change which fixes the
editor offers, as they change which fixes `check` offers (see lspkit for the editors each test
runs as)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from lsprotocol import types
from pytest_lsp import LanguageClient

from schema_lint.cli import main
from schema_lint.lsp.linting import Linting
from lspkit import changed, client, diagnostics, opened  # noqa: F401  (client: the fixture)

# The tests that drive a server; the last ones read `Linting` directly.
served = pytest.mark.asyncio(loop_scope="function")

# SL303 offers `minimum: 1` for `limit` (its name says a limit): a tightening fix, which the
# gate refuses once a recorded call sent `limit: 0`.
SEARCH_YAML = """\
tools:
  - name: search
    description: Search the index.
    inputSchema:
      type: object
      properties:
        query: {type: string, description: The query., maxLength: 200}
        limit: {type: integer, description: How many results to return.}
      required: [query]
      additionalProperties: false
"""
SELECT = 'extend-select = ["SL303"]\n'
FIX = "add `minimum: 1`"


def call(limit: int, **record) -> str:
    return json.dumps({"tool": "search", "arguments": {"query": "a", "limit": limit}, **record}) + "\n"


def configured(root: Path, calls: str | None = "calls.jsonl") -> None:
    (root / ".schema-lint.toml").write_text(SELECT + (f'calls = ["{calls}"]\n' if calls else ""), encoding="utf-8")


def check(root: Path, monkeypatch) -> list[dict]:
    """`check` on the file, run in the configuration's folder, as CI runs it."""
    monkeypatch.chdir(root)
    return json.loads(CliRunner().invoke(main, ["check", "--no-cache", "--output-format", "json", "tools.yaml"]).stdout)


async def limit_finding(client: LanguageClient, uri: str) -> types.Diagnostic:
    [found] = [d for d in await diagnostics(client, uri) if d.code == "SL303"]
    return found


async def fixes(client: LanguageClient, uri: str, where: types.Range) -> list[str]:
    """The titles of the quick fixes offered at `where`, and of fix-all."""
    offered = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), where, types.CodeActionContext(diagnostics=[])))
    return [action.title for action in offered or [] if not action.title.startswith("Ignore")]


@served
async def test_a_fix_a_recorded_call_would_fail_is_offered_only_without_the_calls(client: LanguageClient, monkeypatch):
    configured(client.root, calls=None)
    uri = await opened(client, client.root / "tools.yaml", SEARCH_YAML, "yaml")
    unbounded = await limit_finding(client, uri)
    assert unbounded.data["fix"] == "unsafe"
    assert [title for title in await fixes(client, uri, unbounded.range) if FIX in title]
    configured(client.root)
    (client.root / "calls.jsonl").write_text(call(0), encoding="utf-8")
    await changed(client, uri, 2, SEARCH_YAML)
    unbounded = await limit_finding(client, uri)
    assert unbounded.data["fix"] is None
    assert "no fix: it would reject 1 of 1 recorded calls that pass today" in unbounded.message
    assert await fixes(client, uri, unbounded.range) == []
    [reported] = [finding for finding in check(client.root, monkeypatch) if finding["code"] == "SL303"]
    assert reported["fix"] is None and reported["message"] in unbounded.message


@served
async def test_an_edited_calls_file_takes_effect_on_the_next_lint(client: LanguageClient):
    configured(client.root)
    (client.root / "calls.jsonl").write_text(call(5), encoding="utf-8")
    uri = await opened(client, client.root / "tools.yaml", SEARCH_YAML, "yaml")
    assert (await limit_finding(client, uri)).data["fix"] == "unsafe"
    (client.root / "calls.jsonl").write_text(call(5) + call(0), encoding="utf-8")
    await changed(client, uri, 2, SEARCH_YAML)
    assert (await limit_finding(client, uri)).data["fix"] is None
    # Saved in the editor, it lints the open files again at once, as a saved configuration does.
    (client.root / "calls.jsonl").write_text(call(3), encoding="utf-8")
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        types.TextDocumentIdentifier((client.root / "calls.jsonl").as_uri())))
    assert (await limit_finding(client, uri)).data["fix"] == "unsafe"


@served
async def test_a_refused_calls_file_is_said_on_the_file_which_is_not_linted(client: LanguageClient):
    outside = client.root.parent / f"{client.root.name}-calls.jsonl"
    outside.write_text(call(5), encoding="utf-8")
    configured(client.root, f"../{outside.name}")
    uri = await opened(client, client.root / "tools.yaml", SEARCH_YAML, "yaml")
    [error] = await diagnostics(client, uri)
    assert error.code == "SL000" and error.severity == types.DiagnosticSeverity.Error
    assert error.range.start == types.Position(0, 0)
    assert "the recorded calls cannot be used, so this file is not linted" in error.message
    assert ".schema-lint.toml:2:1: `calls`: " in error.message and "is outside the repository" in error.message
    whole = types.Range(types.Position(0, 0), types.Position(len(SEARCH_YAML.splitlines()), 0))
    assert await fixes(client, uri, whole) == []
    configured(client.root)  # the server is still there, and reads the calls once they are inside
    (client.root / "calls.jsonl").write_text(call(5), encoding="utf-8")
    await changed(client, uri, 2, SEARCH_YAML)
    assert (await limit_finding(client, uri)).data["fix"] == "unsafe"


def test_a_missing_calls_file_is_said_and_offers_no_fix(tmp_path):
    configured(tmp_path)
    [error] = Linting().lint(str(tmp_path / "tools.yaml"), SEARCH_YAML).findings
    assert error.code == "SL000" and error.fix is None
    assert "`calls`: " in error.message and "calls.jsonl: cannot read file" in error.message


def test_the_calls_are_read_once_while_their_stat_stays_the_same(tmp_path, monkeypatch):
    import schema_lint.run.configured_files as configured_files

    configured(tmp_path)
    (tmp_path / "calls.jsonl").write_text(call(5), encoding="utf-8")
    reads = []
    read = configured_files.read_configured
    monkeypatch.setattr(configured_files, "read_configured", lambda *args: reads.append(args) or read(*args))
    linting = Linting()
    for _ in range(3):
        [unbounded] = [d for d in linting.lint(str(tmp_path / "tools.yaml"), SEARCH_YAML).findings if d.code == "SL303"]
        assert unbounded.fix is not None
    assert len(reads) == 1
    (tmp_path / "calls.jsonl").write_text(call(5) + call(0), encoding="utf-8")
    [unbounded] = [d for d in linting.lint(str(tmp_path / "tools.yaml"), SEARCH_YAML).findings if d.code == "SL303"]
    assert unbounded.fix is None and len(reads) == 2


def test_a_call_recorded_with_the_tools_definition_counts_once_the_text_holds_it(tmp_path, monkeypatch):
    """A call that carries its tool's definition is evidence for exactly that schema (see
    `traffic.store`): typed into the editor after the calls were read, it is found, as `check`
    on the saved file finds it."""
    configured(tmp_path)
    recorded = SEARCH_YAML.replace("The query.", "What to look for.")
    definition = {"name": "search", "inputSchema": {
        "type": "object", "properties": {"query": {"type": "string", "description": "What to look for.",
                                                   "maxLength": 200},
                                         "limit": {"type": "integer", "description": "How many results to return."}},
        "required": ["query"], "additionalProperties": False}}
    (tmp_path / "calls.jsonl").write_text(call(0, tool_def=definition), encoding="utf-8")
    linting = Linting()
    for text, fixed in ((SEARCH_YAML, True), (recorded, False)):
        (tmp_path / "tools.yaml").write_text(text, encoding="utf-8")
        [unbounded] = [d for d in linting.lint(str(tmp_path / "tools.yaml"), text).findings if d.code == "SL303"]
        [reported] = [finding for finding in check(tmp_path, monkeypatch) if finding["code"] == "SL303"]
        assert (unbounded.fix is not None, reported["fix"] is not None) == (fixed, fixed)
