"""`schema-lint server` started over stdio and driven as real editors drive it.

Each test runs once per editor: the client capabilities pytest-lsp recorded from VS Code
(pushed diagnostics, UTF-16 positions, a file watcher the server registers) and Neovim 0.11
(pulled diagnostics, UTF-8 positions, no watcher registration), so both ways of getting
diagnostics and two position encodings are exercised by every test.
"""

from __future__ import annotations

from pathlib import Path

import pytest_lsp
from lsprotocol import types
from lspkit import CODECS, SERVER
from pytest_lsp import LanguageClient, client_capabilities

EDITORS = ["visual-studio-code@v1.65.2", "neovim@v0.11.0"]


@pytest_lsp.fixture(params=EDITORS, config=SERVER)
async def client(request, lsp_client: LanguageClient, tmp_path: Path):
    """A server started in a fresh workspace folder (`client.root`), initialized as the editor does."""
    lsp_client.root = tmp_path  # type: ignore[attr-defined]
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


