"""The language server over stdio, on pygls: the protocol's side of `schema-lint server`.

Diagnostics are pulled (`textDocument/diagnostic`) by a client that says it pulls, and
pushed (`textDocument/publishDiagnostics`) to any other: on open and save at once, on
change once typing pauses for `DEBOUNCE_SECONDS`. A changed configuration file, reported
by the client's file watcher (registered when the client lets a server register one) or
saved in the editor, re-lints every open document (or asks a pulling client to pull again);
so does a baseline a configuration names, saved in the editor.

A configured request's limits (SL601, SL602) count the tools of several files: when one of
them changes, the others open in the editor are linted again (or pulled again: the server
says its diagnostics depend on other files).

Every handler answers from `linting` and `edits`; this module only converts between them
and the protocol, and never starts or imports anything a configuration names.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Sequence
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from schema_lint import __version__
from schema_lint.config import find_config_file
from schema_lint.lsp import edits, servers
from schema_lint.lsp.diagnostics import hover_text, to_lsp
from schema_lint.lsp.linting import Linted, Linting
from schema_lint.lsp.positions import Position, Range, overlaps, replacement, span_range
from schema_lint.sources.locate import split_lines

# How long typing must pause before a pushed lint: one lint per pause, not per keystroke.
DEBOUNCE_SECONDS = 0.3
FIX_ALL_KIND = "source.fixAll.schema-lint"
SOURCE = "schema-lint"
_CONFIG_GLOBS = ("**/.schema-lint.toml", "**/pyproject.toml")

logger = logging.getLogger(__name__)


class SchemaLintServer(LanguageServer):
    """The server's state: the configurations, each open document's last lint, and the
    lints waiting for typing to pause."""

    def __init__(self) -> None:
        super().__init__(SOURCE, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.linting = Linting(self.open_text)
        self.latest: dict[str, tuple[int | None, Linted]] = {}
        self.waiting: dict[str, asyncio.TimerHandle] = {}
        self.pulls = False

    def open_text(self, path: str) -> str | None:
        """The editor's text of the file at `path` (a real path), if it has it open."""
        uri = self.open_uri(path)
        return None if uri is None else self.workspace.get_text_document(uri).source

    def open_uri(self, path: str) -> str | None:
        for uri in self.workspace.text_documents:
            opened = to_fs_path(uri) if uri.startswith("file:") else None
            if opened is not None and os.path.realpath(opened) == path:
                return uri
        return None

    @property
    def encoding(self) -> str:
        return str(self.workspace.position_encoding or types.PositionEncodingKind.Utf16)

    def linted(self, uri: str) -> Linted | None:
        """The open document's findings for its current text, linted once per version; None for
        a document that is not a file (an unsaved buffer has no configuration to find)."""
        path = to_fs_path(uri) if uri.startswith("file:") else None
        if path is None:
            return None
        document = self.workspace.get_text_document(uri)
        cached = self.latest.get(uri)
        if cached is not None and cached[0] == document.version and cached[0] is not None:
            return cached[1]
        try:
            linted = self.linting.lint(path, document.source, self.folder_of(path))
        except Exception:  # a bug must cost this document its findings, not the editor its server
            logger.exception("linting %s failed", path)
            self.window_log_message(types.LogMessageParams(types.MessageType.Error, f"schema-lint: linting {path} failed"))
            return None
        self.latest[uri] = (document.version, linted)
        return linted

    def folders(self) -> list[str]:
        """The workspace folders, or its root for a client that names no folder."""
        named = [to_fs_path(folder.uri) for folder in self.workspace.folders.values()] or [self.workspace.root_path]
        return [folder for folder in named if folder]

    def folder_of(self, path: str) -> str | None:
        """The innermost workspace folder holding `path`."""
        holding = [folder for folder in self.folders() if (path + os.sep).startswith(folder.rstrip(os.sep) + os.sep)]
        return max(holding, key=len, default=None)

    def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        linted = self.linted(uri)
        if linted is None:
            return []
        lines = linted.document.lines
        return [to_lsp(finding, span_range(lines, finding.span, self.encoding), SOURCE) for finding in linted.findings]

    def publish(self, uri: str) -> None:
        """Push the document's findings, and those of the other open files of its configured
        request, whose request findings may have changed with it; a client that pulls is asked
        to pull again, when it lets a server ask."""
        self.waiting.pop(uri, None)
        if uri not in self.workspace.text_documents:
            return
        others = self.request_others(uri)
        if not self.pulls:
            for each in (uri, *others):
                self.push(each)
        elif others and _supports(self.client_capabilities, "workspace", "diagnostics", "refresh_support"):
            self.workspace_diagnostic_refresh(None)

    def push(self, uri: str) -> None:
        version = self.workspace.get_text_document(uri).version
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, self.diagnostics(uri), version))

    def request_others(self, uri: str) -> list[str]:
        """The other open documents of `uri`'s configured request, their last lint forgotten:
        their request findings count this document's tools."""
        path = to_fs_path(uri) if uri.startswith("file:") else None
        members = self.linting.request_members(path, self.folder_of(path)) if path else []
        others = [other for other in map(self.open_uri, members) if other is not None]
        for other in others:
            self.latest.pop(other, None)
        return others

    def publish_later(self, uri: str) -> None:
        """Push once typing pauses: each change restarts the wait. A client that pulls asks when
        it wants; only what it would be answered from other documents' lints is forgotten."""
        if self.pulls:
            self.request_others(uri)
            return
        pending = self.waiting.pop(uri, None)
        if pending is not None:
            pending.cancel()
        self.waiting[uri] = asyncio.get_running_loop().call_later(DEBOUNCE_SECONDS, self.publish, uri)

    def relint_all(self) -> None:
        """A configuration changed: every open document may lint differently."""
        self.linting.forget()
        self.latest.clear()
        if self.pulls:
            if _supports(self.client_capabilities, "workspace", "diagnostics", "refresh_support"):
                self.workspace_diagnostic_refresh(None)
            return  # a client that pulls without being told pulls again on its next change
        for uri in list(self.workspace.text_documents):
            self.push(uri)

    def stop_waiting(self) -> None:
        for pending in self.waiting.values():
            pending.cancel()
        self.waiting.clear()


def _supports(capabilities: Any, *path: str) -> bool:
    for name in path:
        capabilities = getattr(capabilities, name, None)
        if capabilities is None:
            return False
    return bool(capabilities)


def build() -> SchemaLintServer:
    """A server with every feature registered."""
    server = SchemaLintServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: SchemaLintServer, params: types.InitializeParams) -> None:
        ls.pulls = _supports(params.capabilities, "text_document", "diagnostic")

    @server.feature(types.INITIALIZED)
    async def initialized(ls: SchemaLintServer, params: types.InitializedParams) -> None:
        if _supports(ls.client_capabilities, "workspace", "did_change_watched_files", "dynamic_registration"):
            watchers = [types.FileSystemWatcher(glob_pattern=glob) for glob in _CONFIG_GLOBS]
            try:
                await ls.client_register_capability_async(types.RegistrationParams([types.Registration(
                    "schema-lint-configuration", types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                    types.DidChangeWatchedFilesRegistrationOptions(watchers))]))
            except Exception as exc:  # refused: a saved configuration still re-lints, and each lint checks its stat
                logger.warning("the client did not watch the configuration files: %s", exc)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: SchemaLintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: SchemaLintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.publish_later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: SchemaLintServer, params: types.DidSaveTextDocumentParams) -> None:
        path = to_fs_path(params.text_document.uri)
        if path is not None and ls.linting.is_input(path):
            ls.relint_all()
        else:
            ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: SchemaLintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        pending = ls.waiting.pop(uri, None)
        if pending is not None:
            pending.cancel()
        ls.latest.pop(uri, None)
        if not ls.pulls:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: SchemaLintServer, params: types.DidChangeWatchedFilesParams) -> None:
        if any(ls.linting.is_input(to_fs_path(change.uri) or "") for change in params.changes):
            ls.relint_all()

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                    types.DiagnosticOptions(inter_file_dependencies=True, workspace_diagnostics=False,
                                            identifier=SOURCE))
    def pull(ls: SchemaLintServer, params: types.DocumentDiagnosticParams) -> types.FullDocumentDiagnosticReport:
        return types.FullDocumentDiagnosticReport(items=ls.diagnostics(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND]))
    def code_action(ls: SchemaLintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        linted = ls.linted(params.text_document.uri)
        if linted is None:
            return []
        return _actions(linted, params, ls.encoding)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: SchemaLintServer, params: types.HoverParams) -> types.Hover | None:
        linted = ls.linted(params.text_document.uri)
        if linted is None:
            return None
        at = _range(params.position, params.position)
        lines = linted.document.lines
        under = [(where, finding) for where, finding in
                 ((span_range(lines, finding.span, ls.encoding), finding) for finding in linted.findings)
                 if overlaps(where, at)]
        # The innermost finding first: the one whose node the cursor is on, not the tool around it.
        under.sort(key=lambda item: (item[0].start, (-item[0].end.line, -item[0].end.character)), reverse=True)
        text = hover_text([finding for _, finding in under])
        if text is None:
            return None
        (start, end) = under[0][0]
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text),
                           types.Range(types.Position(*start), types.Position(*end)))

    @server.command(servers.COMMAND)
    @server.thread()
    def check_servers(ls: SchemaLintServer, *arguments: Any) -> dict[str, int]:
        """Lint the servers the configuration of each workspace folder (or of the folder or file
        given) names: the one way this server runs anything a configuration names."""
        given = [to_fs_path(argument) for argument in arguments if isinstance(argument, str)]
        places = [place for place in given if place] or ls.folders()
        checked = servers_found = findings = 0
        for config_path in dict.fromkeys(filter(None, (find_config_file(place) for place in places))):
            done = servers.check_servers(config_path)
            if not done.servers:
                continue
            checked += 1
            servers_found += done.servers
            findings += len(done.findings)
            lines = split_lines(done.text)
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(from_fs_path(config_path) or config_path, [
                to_lsp(finding, span_range(lines, finding.span, ls.encoding), SOURCE) for finding in done.findings]))
        said = (f"schema-lint: {servers_found} MCP server{'s' if servers_found != 1 else ''} checked, "
                f"{findings} finding{'s' if findings != 1 else ''} (shown on the configuration that names them)"
                if checked else "schema-lint: no configuration here names an MCP server")
        ls.window_show_message(types.ShowMessageParams(types.MessageType.Info, said))
        return {"servers": servers_found, "findings": findings}

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: SchemaLintServer, params: None) -> None:
        ls.stop_waiting()

    return server


def _range(start: types.Position, end: types.Position) -> Range:
    return Range(Position(start.line, start.character), Position(end.line, end.character))


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    """Whether the client's `only` (kinds and their prefixes) asks for actions of `kind`."""
    return only is None or any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


def _actions(linted: Linted, params: types.CodeActionParams, encoding: str) -> list[types.CodeAction]:
    """A quick fix for each fixable finding under the cursor, an "ignore" for each finding there
    when the format has comments, and fix-all when some safe fix exists."""
    uri, only = params.text_document.uri, params.context.only
    text, lines = linted.document.text, linted.document.lines
    asked = _range(params.range.start, params.range.end)
    found: list[types.CodeAction] = []

    def action(title: str, kind: str, new_text: str, preferred: bool = False,
               diagnostics: list[types.Diagnostic] | None = None) -> types.CodeAction:
        (start, end), content = replacement(text, new_text, encoding)
        edit = types.TextEdit(types.Range(types.Position(*start), types.Position(*end)), content)
        return types.CodeAction(title, kind=kind, diagnostics=diagnostics, is_preferred=preferred or None,
                                edit=types.WorkspaceEdit(changes={uri: [edit]}))

    if _wanted(only, types.CodeActionKind.QuickFix):
        for finding in linted.findings:
            where = span_range(lines, finding.span, encoding)
            if not overlaps(where, asked):
                continue
            shown = [to_lsp(finding, where, SOURCE)]
            fixed = edits.fixed(linted, finding)
            if fixed is not None:
                assert finding.fix is not None
                safety = "" if edits.preferred(finding) else f" ({finding.fix.safety}: it changes what calls are accepted)"
                found.append(action(f"Fix {finding.code}: {finding.fix.description}{safety}", types.CodeActionKind.QuickFix,
                                    fixed, edits.preferred(finding), shown))
            silenced = edits.ignored(linted, finding)
            if silenced is not None:
                found.append(action(f"Ignore {finding.code} on this line", types.CodeActionKind.QuickFix, silenced,
                                    diagnostics=shown))
    if _wanted(only, FIX_ALL_KIND):
        fixed_all = edits.all_safe_fixes(linted)
        if fixed_all is not None:
            found.append(action("Fix all safe schema-lint findings", FIX_ALL_KIND, fixed_all))
    return found


def serve() -> None:
    """Speak the protocol on stdin and stdout until the client says `exit`."""
    build().start_io()
