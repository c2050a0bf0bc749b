"""The language server over stdio, on pygls: the protocol's side of `schema-lint server`.

Diagnostics are pulled (`textDocument/diagnostic`) by a client that says it pulls, and
pushed (`textDocument/publishDiagnostics`) to any other: on open and save at once, on
change once typing pauses for `DEBOUNCE_SECONDS`. A changed configuration file, reported
by the client's file watcher (registered when the client lets a server register one) or
saved in the editor, re-lints every open document (or asks a pulling client to pull again);
so does a baseline or calls file a configuration names, saved in the editor.

A configured request's limits (SL601, SL602) count the tools of several files: when one of
them changes, the others open in the editor are linted again (or pulled again: the server
says its diagnostics depend on other files).

Linting runs on one worker thread, off the event loop, so that the server reads the next
message while a large file is linted: a change made meanwhile is seen, and a hover or a
quick fix on another file answered. The worker is the only thread that uses `linting` and
the linters it holds (one job at a time, in order: fix-all too, which lints again; the
event loop only asks `is_input`), and it reads the editor's texts as they were when its
job was queued, never the workspace the event loop changes. A quick fix needs only a
document's lint, which nothing changes once made: it is worked out on a thread of its own,
not behind the worker's jobs. What a message makes stale (a changed configuration, a
request's other files) is forgotten before a later message is answered.
A lint's findings are published only while the text they were found on is still the
editor's: the push for a newer text follows.

Every handler answers from `linting` and `edits`; this module only converts between them
and the protocol, and never starts or imports anything a configuration names.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcServerNotInitialized
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument, Workspace

from schema_lint import __version__
from schema_lint.config import CONFIG_FILE_NAMES, find_config_file
from schema_lint.lsp import edits, servers
from schema_lint.lsp.diagnostics import hover_text, to_lsp
from schema_lint.lsp.linting import Linted, Linting
from schema_lint.lsp.positions import Position, Range, overlaps, replacement, span_range
from schema_lint.lsp.protocol import AnsweringProtocol
from schema_lint.model import FixSafety
from schema_lint.sources.locate import split_lines

# How long typing must pause before a pushed lint: one lint per pause, not per keystroke.
DEBOUNCE_SECONDS = 0.3
FIX_ALL_KIND = "source.fixAll.schema-lint"
SOURCE = "schema-lint"
_CONFIG_GLOBS = tuple(f"**/{name}" for name in CONFIG_FILE_NAMES)

logger = logging.getLogger(__name__)
T = TypeVar("T")


class SchemaLintServer(LanguageServer):
    """The server's state: the configurations, each open document's last lint, the lints
    waiting for typing to pause, and the worker that lints."""

    def __init__(self) -> None:
        super().__init__(SOURCE, __version__, protocol_cls=AnsweringProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.linting = Linting(self.open_text)
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="schema-lint-lint")
        # The editor's texts of the open files by real path, as they were when the worker's
        # current job was queued: read on the worker only.
        self.texts: dict[str, str] = {}
        # Each open document's lint of a version, done or under way: one lint serves them all.
        self.latest: dict[str, tuple[int | None, asyncio.Future[Linted | None]]] = {}
        self.waiting: dict[str, asyncio.TimerHandle] = {}
        self.tasks: set[asyncio.Task] = set()
        # The changes whose request's other files are being found, their lints to forget: no
        # lint is answered from `latest` meanwhile.
        self.forgetting: set[asyncio.Task] = set()
        self.pulls = False

    @property
    def workspace(self) -> Workspace:
        """The client's documents and folders, which `initialize` brings: a request before it
        is answered ServerNotInitialized (-32002), as the protocol asks, not an internal error."""
        try:
            return super().workspace
        except RuntimeError as absent:
            raise JsonRpcServerNotInitialized() from absent

    def open_text(self, path: str) -> str | None:
        """The editor's text of the file at `path` (a real path), if it has it open."""
        return self.texts.get(path)

    def open_uri(self, path: str) -> str | None:
        for document in self.workspace.text_documents.values():
            opened = _path(document.uri)
            if opened is not None and os.path.realpath(opened) == path:
                return document.uri
        return None

    def opened(self, uri: str) -> TextDocument | None:
        """The document the client opened as `uri`. pygls keeps documents under their URI
        percent-decoded (`file:///my%20tools/a.json` as `file:///my tools/a.json`) and each
        keeps the URI as the client sent it, which is what diagnostics are published under."""
        return self.workspace.text_documents.get(unquote(uri))

    async def work(self, job: Callable[..., T], *args: Any) -> T:
        """`job(*args)` run on the worker, with the editor's texts as they are now."""
        texts = {os.path.realpath(path): document.source for document in self.workspace.text_documents.values()
                 if (path := _path(document.uri)) is not None}

        def run() -> T:
            self.texts = texts
            return job(*args)

        return await asyncio.get_running_loop().run_in_executor(self.worker, run)

    def spawn(self, work: Coroutine[Any, Any, Any], held: set[asyncio.Task] | None = None) -> asyncio.Task:
        """`work` as a task of its own, held (in `tasks`) until it ends: the event loop holds it
        weakly."""
        held = self.tasks if held is None else held
        task = asyncio.ensure_future(work)
        held.add(task)
        task.add_done_callback(held.discard)
        return task

    def unchanged(self, uri: str, document: TextDocument, version: int | None) -> bool:
        """Whether `document` is still open as `uri`, at `version`: what was found on that text
        is still what the editor shows."""
        return self.opened(uri) is document and document.version == version

    @property
    def encoding(self) -> str:
        return str(self.workspace.position_encoding or types.PositionEncodingKind.Utf16)

    async def linted(self, uri: str) -> Linted | None:
        """The open document's findings for its current text, linted once per version; None for
        a document that is not a file (an unsaved buffer has no configuration to find), or that
        the client never opened (asked of, the workspace would read it from disk, which may not
        hold it: an internal error for the client)."""
        found = await self.linted_version(uri)
        return None if found is None else found[1]

    async def linted_version(self, uri: str) -> tuple[int | None, Linted] | None:
        """`linted`, with the version of the text it was found on: what an edit made from it
        applies to."""
        path = _path(uri)
        if path is None or self.opened(uri) is None:
            return None
        if self.forgetting:
            await asyncio.wait(set(self.forgetting))
        document = self.opened(uri)
        if document is None:  # closed while the configuration's change was taken in
            return None
        cached = self.latest.get(uri)
        if cached is None or cached[0] != document.version or document.version is None:
            cached = (document.version, asyncio.ensure_future(self.lint(path, document.source)))
            self.latest[uri] = cached
        linted = await asyncio.shield(cached[1])  # a request cancelled cancels not the lint others await
        return None if linted is None else (cached[0], linted)

    async def lint(self, path: str, text: str) -> Linted | None:
        """`text`, the editor's content of the file at `path`, linted on the worker; None when
        linting it failed (said in the editor's log)."""
        try:
            return await self.work(self.linting.lint, path, text, self.folder_of(path))
        except Exception:  # a bug must cost this document its findings, not the editor its server
            logger.exception("linting %s failed", path)
            self.window_log_message(types.LogMessageParams(types.MessageType.Error, f"schema-lint: linting {path} failed"))
            return None

    def folders(self) -> list[str]:
        """The workspace folders, or its root for a client that names no folder."""
        named = [to_fs_path(folder.uri) for folder in self.workspace.folders.values()] or [self.workspace.root_path]
        return [folder for folder in named if folder]

    def folder_of(self, path: str) -> str | None:
        """The innermost workspace folder holding `path`."""
        holding = [folder for folder in self.folders() if (path + os.sep).startswith(folder.rstrip(os.sep) + os.sep)]
        return max(holding, key=len, default=None)

    async def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        linted = await self.linted(uri)
        if linted is None:
            return []
        lines = linted.document.lines
        return [to_lsp(finding, span_range(lines, finding.span, self.encoding), SOURCE) for finding in linted.findings]

    async def publish(self, uri: str) -> None:
        """Push the document's findings, and those of the other open files of its configured
        request, whose request findings may have changed with it; a client that pulls is asked
        to pull again, when it lets a server ask."""
        self.waiting.pop(uri, None)
        if self.opened(uri) is None:
            return
        others = await self.spawn(self.request_others(uri), self.forgetting)
        if not self.pulls:
            for each in (uri, *others):
                await self.push(each)
        elif others and _supports(self.client_capabilities, "workspace", "diagnostics", "refresh_support"):
            self.workspace_diagnostic_refresh(None)

    async def push(self, uri: str) -> None:
        """Publish the document's findings, unless its text changed (or it closed) while they
        were found: those of the newer text are pushed next."""
        document = self.opened(uri)
        if document is None:
            return
        version = document.version
        found = await self.diagnostics(uri)
        if self.unchanged(uri, document, version):
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, found, version))

    async def request_others(self, uri: str) -> list[str]:
        """The other open documents of `uri`'s configured request, their last lint forgotten:
        their request findings count this document's tools."""
        path = _path(uri)
        members = await self.work(self.linting.request_members, path, self.folder_of(path)) if path else []
        others = [other for other in map(self.open_uri, members) if other is not None]
        for other in others:
            self.latest.pop(other, None)
        return others

    def publish_later(self, uri: str) -> None:
        """Push once typing pauses: each change restarts the wait. A client that pulls asks when
        it wants; only what it would be answered from other documents' lints is forgotten."""
        if self.pulls:
            self.spawn(self.request_others(uri), self.forgetting)
            return
        pending = self.waiting.pop(uri, None)
        if pending is not None:
            pending.cancel()
        self.waiting[uri] = asyncio.get_running_loop().call_later(DEBOUNCE_SECONDS,
                                                                      lambda: self.spawn(self.publish(uri)))

    async def relint_all(self) -> None:
        """A configuration changed: every open document may lint differently. Its lints are
        forgotten at once, before the next message is read."""
        self.latest.clear()
        await self.work(self.linting.forget)
        if self.pulls:
            if _supports(self.client_capabilities, "workspace", "diagnostics", "refresh_support"):
                self.workspace_diagnostic_refresh(None)
            return  # a client that pulls without being told pulls again on its next change
        for uri in [document.uri for document in self.workspace.text_documents.values()]:
            await self.push(uri)

    def stop(self) -> None:
        """Lint nothing more: the waits and the worker's queued jobs are dropped."""
        for pending in self.waiting.values():
            pending.cancel()
        self.waiting.clear()
        self.worker.shutdown(wait=False, cancel_futures=True)


def _path(uri: str) -> str | None:
    """The file a document's URI names; None for one that is not a file."""
    return to_fs_path(uri) if uri.startswith("file:") else None


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
    async def did_open(ls: SchemaLintServer, params: types.DidOpenTextDocumentParams) -> None:
        # Opened again without a close (a client that reopens a file at version 1 with new text):
        # the lint of the old text is no answer for this one.
        ls.latest.pop(params.text_document.uri, None)
        await ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: SchemaLintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.publish_later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: SchemaLintServer, params: types.DidSaveTextDocumentParams) -> None:
        path = to_fs_path(params.text_document.uri)
        if path is not None and ls.linting.is_input(path):
            await ls.relint_all()
        else:
            await ls.publish(params.text_document.uri)

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
    async def did_change_watched_files(ls: SchemaLintServer, params: types.DidChangeWatchedFilesParams) -> None:
        if any(ls.linting.is_input(to_fs_path(change.uri) or "") for change in params.changes):
            await ls.relint_all()

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                    types.DiagnosticOptions(inter_file_dependencies=True, workspace_diagnostics=False,
                                            identifier=SOURCE))
    async def pull(ls: SchemaLintServer, params: types.DocumentDiagnosticParams) -> types.FullDocumentDiagnosticReport:
        return types.FullDocumentDiagnosticReport(items=await ls.diagnostics(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND]))
    async def code_action(ls: SchemaLintServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        found_version = await ls.linted_version(params.text_document.uri)
        if found_version is None:
            return []
        version, linted = found_version
        # A client that takes versioned edits refuses one made on a text the user has typed past.
        edit_of = partial(_edit, params.text_document.uri, version if _supports(
            ls.client_capabilities, "workspace", "workspace_edit", "document_changes") else None)
        found = await asyncio.to_thread(_quick_fixes, linted, params, ls.encoding, edit_of)
        if _fixes_all(params.context):
            fixed_all = await ls.work(_fix_all, linted, ls.encoding, edit_of)  # it lints again, with the linter
            found += [fixed_all] if fixed_all is not None else []
        return found

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: SchemaLintServer, params: types.HoverParams) -> types.Hover | None:
        linted = await ls.linted(params.text_document.uri)
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
        ls.stop()

    return server


def _range(start: types.Position, end: types.Position) -> Range:
    return Range(Position(start.line, start.character), Position(end.line, end.character))


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    """Whether the client's `only` (kinds and their prefixes) asks for actions of `kind`."""
    return only is None or any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


def _fixes_all(context: types.CodeActionContext) -> bool:
    """Whether the request asks for fix-all: by its kind, or by asking for every kind when
    invoked. A request made as the cursor moves (a light bulb's) is for quick fixes, and is
    not held up behind a lint for fix-all, which lints again."""
    if context.only is not None:
        return _wanted(context.only, FIX_ALL_KIND)
    return context.trigger_kind != types.CodeActionTriggerKind.Automatic


EditOf = Callable[[types.TextEdit], types.WorkspaceEdit]


def _edit(uri: str, version: int | None, edit: types.TextEdit) -> types.WorkspaceEdit:
    """`edit` of the document at `uri`: under `documentChanges`, tied to the `version` it was
    made on, when the client takes that form and the document has a version; else as `changes`."""
    if version is None:
        return types.WorkspaceEdit(changes={uri: [edit]})
    return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
        types.OptionalVersionedTextDocumentIdentifier(version=version, uri=uri), [edit])])


def _action(linted: Linted, encoding: str, edit_of: EditOf, title: str, kind: str, new_text: str,
            preferred: bool = False, diagnostics: list[types.Diagnostic] | None = None) -> types.CodeAction:
    """The action that turns the document's text into `new_text`, as one edit."""
    (start, end), content = replacement(linted.document.text, new_text, encoding)
    edit = types.TextEdit(types.Range(types.Position(*start), types.Position(*end)), content)
    return types.CodeAction(title, kind=kind, diagnostics=diagnostics, is_preferred=preferred or None,
                            edit=edit_of(edit))


def _quick_fixes(linted: Linted, params: types.CodeActionParams, encoding: str,
                 edit_of: EditOf) -> list[types.CodeAction]:
    """A quick fix for each fixable finding under the cursor, and an "ignore" for each finding
    there when the format has comments."""
    lines = linted.document.lines
    asked = _range(params.range.start, params.range.end)
    found: list[types.CodeAction] = []
    action = partial(_action, linted, encoding, edit_of)
    if _wanted(params.context.only, types.CodeActionKind.QuickFix):
        for finding in linted.findings:
            where = span_range(lines, finding.span, encoding)
            if not overlaps(where, asked):
                continue
            shown = [to_lsp(finding, where, SOURCE)]
            fixed = edits.fixed(linted, finding)
            if fixed is not None:
                assert finding.fix is not None
                if finding.fix.safety is FixSafety.SUGGESTION:
                    title = f"Suggestion for {finding.code}: {finding.fix.description}"  # its words say what to check
                else:
                    safety = "" if edits.preferred(finding) else \
                        f" ({finding.fix.safety}: it changes what calls are accepted)"
                    title = f"Fix {finding.code}: {finding.fix.description}{safety}"
                found.append(action(title, types.CodeActionKind.QuickFix, fixed, edits.preferred(finding), shown))
            silenced = edits.ignored(linted, finding)
            if silenced is not None:
                found.append(action(f"Ignore {finding.code} on this line", types.CodeActionKind.QuickFix, silenced,
                                    diagnostics=shown))
    return found


def _fix_all(linted: Linted, encoding: str, edit_of: EditOf) -> types.CodeAction | None:
    """Fix-all, when some safe fix exists."""
    fixed_all = edits.all_safe_fixes(linted)
    if fixed_all is None:
        return None
    return _action(linted, encoding, edit_of, "Fix all safe schema-lint findings", FIX_ALL_KIND, fixed_all)


def serve() -> None:
    """Speak the protocol on stdin and stdout until the client says `exit`; exit 1 when it
    did not say `shutdown` first, as the protocol asks (pygls's own `sys.exit(1)` runs in a
    callback of its event loop, which swallows it)."""
    server = build()
    server.start_io()
    protocol = server.protocol
    if not (isinstance(protocol, AnsweringProtocol) and protocol.shut_down):
        sys.exit(1)
