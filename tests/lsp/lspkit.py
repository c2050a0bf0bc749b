"""`schema-lint server` started over stdio and driven as real editors drive it: the `client`
fixture, and helpers to open, change, read diagnostics (pulled or pushed, as the client's
capabilities say) and apply edits with positions read in the negotiated encoding.

Each test that takes `client` runs once per editor: the client capabilities pytest-lsp
recorded from VS Code (pushed diagnostics, UTF-16 positions, a file watcher the server
registers) and Neovim 0.11 (pulled diagnostics, UTF-8 positions, no watcher registration),
so both ways of getting diagnostics and two position encodings are exercised by every test.
(Here rather than in a conftest.py: the tests import the suite's own `conftest` by name.)
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

# The server as an editor starts it; no cache of the user's is touched by a test.
SERVER = ClientServerConfig([sys.executable, "-m", "schema_lint", "server"],
                            server_env={**os.environ, "SCHEMA_LINT_NO_CACHE": "1"})
# Each position encoding as Python's codec that counts its units, and a unit's width in bytes.
CODECS = {"utf-8": ("utf-8", 1), "utf-16": ("utf-16-le", 2), "utf-32": ("utf-32-le", 4)}
EDITORS = ["visual-studio-code@v1.65.2", "neovim@v0.11.0"]
# The workspace's configuration: the rules off by default that these tests' findings come from.
SELECT = 'extend-select = ["SL301", "SL305", "SL307"]\n'
# A YAML file of one tool, with a finding of each of those rules and a wrong type (SL005).
TICKETS_YAML = """\
tools:
  - name: create_ticket
    description: Open a ticket.
    inputSchema:
      type: object
      properties:
        kind: {type: string, enum: [bug], description: The kind.}
        note: {type: str, description: A note.}
      required: [kind]
      additionalProperties: false
"""


@pytest_lsp.fixture(params=EDITORS, config=SERVER)
async def client(request, lsp_client: LanguageClient, tmp_path: Path):
    """A server started in a fresh workspace folder (`client.root`), initialized as the editor does."""
    lsp_client.root = tmp_path  # type: ignore[attr-defined]
    (tmp_path / ".schema-lint.toml").write_text(SELECT, encoding="utf-8")
    lsp_client.registered = []  # type: ignore[attr-defined]  # what the server asked to be told of

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(client: LanguageClient, params: types.RegistrationParams) -> None:
        client.registered.extend(params.registrations)  # type: ignore[attr-defined]

    params = types.InitializeParams(capabilities=client_capabilities(request.param),
                                    root_uri=tmp_path.as_uri(),
                                    workspace_folders=[types.WorkspaceFolder(tmp_path.as_uri(), "workspace")])
    result = await lsp_client.initialize_session(params)
    # The encoding the server chose among the client's, as Python's codec that counts its units.
    lsp_client.encoding = CODECS[result.capabilities.position_encoding or "utf-16"]  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


def column(client: LanguageClient, line: str, characters: int) -> int:
    """Where the character at index `characters` of `line` starts, in the negotiated encoding."""
    codec, width = client.encoding  # type: ignore[attr-defined]
    return len(line[:characters].encode(codec)) // width


def pulls(client: LanguageClient) -> bool:
    return client.capabilities.text_document.diagnostic is not None


async def opened(client: LanguageClient, path: Path, text: str, language: str = "json") -> str:
    """Open `text` as the editor's buffer for `path` (written to disk too, as a saved file is)."""
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, language, 1, text)))
    return uri


async def diagnostics(client: LanguageClient, uri: str, timeout: float = 30) -> list[types.Diagnostic]:
    """The document's diagnostics as the editor gets them: pulled, or the next push for it."""
    if pulls(client):
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(types.TextDocumentIdentifier(uri)))
        return list(report.items)
    while uri not in client.diagnostics:
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), timeout)
    return list(client.diagnostics.pop(uri))


async def changed(client: LanguageClient, uri: str, version: int, text: str) -> None:
    """Replace the buffer's whole text, as one edit."""
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=version, uri=uri),
        [types.TextDocumentContentChangeWholeDocument(text=text)]))


def edited(client: LanguageClient, action: types.CodeAction, uri: str, version: int = 1) -> list[types.TextEdit]:
    """The edits `action` makes to the document at `uri`, in the form the client's capabilities
    ask for: tied to the `version` they were made on (`documentChanges`) where the client takes
    that, else under `changes`."""
    edit = action.edit
    assert edit is not None
    if client.capabilities.workspace.workspace_edit.document_changes:
        assert edit.changes is None
        (change,) = edit.document_changes
        assert (change.text_document.uri, change.text_document.version) == (uri, version)
        return list(change.edits)
    assert edit.document_changes is None and list(edit.changes) == [uri]
    return list(edit.changes[uri])


def apply(client: LanguageClient, text: str, edits: list[types.TextEdit]) -> str:
    """`text` with the edits applied, their columns read in the negotiated encoding, as the
    editor reads them."""
    codec, width = client.encoding  # type: ignore[attr-defined]
    lines = text.splitlines(keepends=True)

    def offset(position: types.Position) -> int:
        line = lines[position.line] if position.line < len(lines) else ""
        before = sum(len(item) for item in lines[:position.line])
        units, index = 0, 0
        while units < position.character and index < len(line):
            units += len(line[index].encode(codec)) // width
            index += 1
        return before + index

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
        lines = text.splitlines(keepends=True)
    return text
