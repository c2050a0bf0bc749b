"""What one open document lints to, under the configuration `check` would use for its file.

The editor holds the text, so the text linted is the editor's, not the file's; everything
else is `check`'s: the configuration nearest above the file (`.schema-lint.toml`, `schema-lint.toml`, or a
`pyproject.toml` with `[tool.schema-lint]`), its `exclude`, its rules and severities, the
fix gate, its `baseline`, whose findings are not shown, as `check` run in the
configuration's folder does not report them, and its `calls`, the recorded calls that
decide, as in `check`, which tightening fixes the gate lets through and what values some
fixes take. A configuration (and its baseline and calls) is loaded once and used again
while its files' stats stay the same, so an edited configuration, baseline or calls file
takes effect on the next lint whether or not the editor reports the change; `forget` drops
them all when it does.

Linting reads nothing but the document, configuration, baseline and calls files: no server
the configuration names is started and no Python target imported.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from schema_lint.config import CONFIG_FILE_NAMES, DEFAULT_EXCLUDE, Config, ConfigError, find_config_file, load_config
from schema_lint.lint.document import PARSE_ERROR_CODE, PARSE_ERROR_NAME
from schema_lint.model import Diagnostic, Severity, Span
from schema_lint.sources.document import Document
from schema_lint.sources.documents import read_document
from schema_lint.sources.files import walk_reads
from schema_lint.sources.reading import DEFAULT_MAX_BYTES

if TYPE_CHECKING:
    from schema_lint.run.check import RunError
    from schema_lint.run.linter import Linter
    from schema_lint.traffic.store import Traffic

# The names a configuration file has (see `config.find_config_file`).

logger = logging.getLogger(__name__)


class Linted(NamedTuple):
    """One document as linted: its parsed text, the findings `check` would report on it, and
    the linter that made them (None: the document is not linted, as `exclude` says or its
    configuration cannot be read)."""

    document: Document
    findings: list[Diagnostic]
    linter: Linter | None


class _Loaded(NamedTuple):
    stamp: tuple[int, int, int]
    linter: Linter | None
    error: str | None


class _Baseline(NamedTuple):
    stamp: tuple[int, int, int]
    # The entries, or why the baseline is not used: refused as a file the configuration names
    # (a ConfiguredFileError), or not a baseline (a BaselineError).
    entries: Counter[tuple] | Exception


class _Calls(NamedTuple):
    stamp: tuple[tuple[int, int, int], ...]
    # The calls, or why they are not used: a file refused as one the configuration names, or
    # that cannot be read (`check` stops at it).
    traffic: Traffic | RunError


class Linting:
    """The configurations of a workspace, each loaded once, and documents linted under them."""

    def __init__(self, open_text: Callable[[str], str | None] = lambda path: None) -> None:
        # The editor's text of a file it has open (None: read the file), for the other files
        # of a configured request.
        self.open_text = open_text
        # By configuration file; without one, by workspace folder.
        self._loaded: dict[str | None, _Loaded] = {}
        # The files of each configured request, by the linter of its configuration: found by one
        # walk of the configuration's folder.
        self._members: dict[Linter, dict[str, list[str]]] = {}
        # The baseline each configuration names, by its linter.
        self._baselines: dict[Linter, _Baseline] = {}
        # The recorded calls each configuration names, by its linter.
        self._calls: dict[Linter, _Calls] = {}
        # The real paths of those baselines and calls files, replaced whole: `is_input` reads
        # them from any thread.
        self._named_files: frozenset[str] = frozenset()

    def forget(self) -> None:
        """Load every configuration, baseline and calls file again on its next use (one has
        changed), and find the files of its requests again."""
        self._loaded.clear()
        self._members.clear()
        self._baselines.clear()
        self._calls.clear()
        self._named_files = frozenset()

    def is_input(self, path: str) -> bool:
        """Whether a change to `path` may change what some document lints to: a configuration,
        or a baseline or calls file one names. Safe to ask while another thread lints."""
        return is_configuration(path) or os.path.realpath(path) in self._named_files

    def lint(self, path: str, text: str, folder: str | None = None) -> Linted:
        """The findings on `text`, the editor's content of the file at `path` (absolute), in the
        workspace `folder` (where a file without a configuration is walked from)."""
        from schema_lint.run.baseline import BaselineError, unrecorded
        from schema_lint.run.result import LintResult

        path = os.path.realpath(path)  # as configuration globs and request members are matched
        linter, error = self._linter_for(path, folder)
        doc = read_document(path, raw=editor_bytes(text),
                            max_bytes=linter.config.max_file_size if linter else DEFAULT_MAX_BYTES)
        if error is not None:
            why = f"the configuration cannot be used, so this file is not linted: {error}"
            return Linted(doc, [_at_start(path, why)], None)
        assert linter is not None
        config = linter.config
        if not text.strip() or not walk_reads(path, config.include, config.exclude + DEFAULT_EXCLUDE, config.root):
            return Linted(doc, [], None)  # a new empty file is no error yet; one `check .` skips is not linted
        calls = self._traffic(linter, doc) if config.calls else None
        if isinstance(calls, Exception):  # `check` stops at it: without the calls, the gate would pass fixes they refute
            return Linted(doc, [_at_start(path, f"the recorded calls cannot be used, so this file is not linted: {calls}")],
                          None)
        entries = self._baseline(linter) if config.baseline is not None else None
        if isinstance(entries, BaselineError):  # `check` stops at it
            return Linted(doc, [_at_start(path, f"the baseline cannot be used, so this file is not linted: {entries}")],
                          None)
        result = LintResult()
        linter.lint_document(doc, result)
        if config.requests and not doc.errors:
            result.diagnostics += self._request_findings(linter, doc)
        if isinstance(entries, Exception):  # refused: `check` reports every finding, and why
            result.diagnostics.append(_at_start(path, f"the baseline is not read, so no finding is hidden: {entries}"))
        elif entries is not None:
            result.diagnostics = unrecorded(Counter(entries), result.diagnostics, config.root)
        result.diagnostics.sort(key=lambda d: d.sort_key)
        return Linted(doc, result.diagnostics, linter)

    def request_members(self, path: str, folder: str | None = None) -> list[str]:
        """The other files of the configured request `path` belongs to (none: it belongs to none):
        their request findings change when it does."""
        path = os.path.realpath(path)
        linter, _ = self._linter_for(path, folder)
        name = linter.documents.configured_request(path) if linter is not None and linter.config.requests else None
        if linter is None or name is None:
            return []
        return [member for member in self._requests(linter).get(name, []) if member != path]

    def _requests(self, linter: Linter) -> dict[str, list[str]]:
        """Each configured request's files, as `check .` in the configuration's folder finds them."""
        if linter not in self._members:
            grouped: dict[str, list[str]] = {}
            for found in linter.files([linter.config.root]):
                name = linter.documents.configured_request(found)
                if name is not None:
                    grouped.setdefault(name, []).append(os.path.realpath(found))
            self._members[linter] = grouped
        return self._members[linter]

    def _request_findings(self, linter: Linter, doc: Document) -> list[Diagnostic]:
        """The limits the document's configured request passes (SL601, SL602), found over the
        editor's text of each of its files that is open, and placed on this document when its
        first tool is here (`lint.request_groups`)."""
        from schema_lint.lint.request_groups import request_findings

        name = linter.documents.configured_request(doc.path)
        if name is None:
            return []
        if doc.path not in self._requests(linter).get(name, []):
            self._members.pop(linter)  # a file made since the walk: walk again
        members = self._requests(linter).setdefault(name, [])
        if doc.path not in members:  # not saved yet
            members.append(doc.path)

        def read(path: str) -> Document:
            if path == doc.path:
                return doc
            text = self.open_text(path)
            return read_document(path, raw=None if text is None else editor_bytes(text),
                                 max_bytes=linter.config.max_file_size)

        found = request_findings(linter.documents, lambda path: linter.documents, members, read)
        return [finding for finding in found if finding.path == doc.path]

    def _baseline(self, linter: Linter) -> Counter[tuple] | Exception:
        """The entries of the baseline the linter's configuration names, read as `check` reads
        it (`configured_files`: inside the repository, a regular file within `max-file-size`),
        once while its stat stays the same; or why it is not used."""
        from schema_lint.run import baseline
        from schema_lint.run.configured_files import ConfiguredFileError, read_configured

        path = linter.config.baseline
        assert path is not None
        stamp = _stamp(path)
        loaded = self._baselines.get(linter)
        if loaded is None or loaded.stamp != stamp:
            try:
                loaded = _Baseline(stamp, baseline.parse(path, read_configured(linter.config, "baseline", path)))
            except (ConfiguredFileError, baseline.BaselineError) as exc:
                loaded = _Baseline(stamp, exc)
            self._baselines[linter] = loaded
            self._named_files |= {os.path.realpath(path)}
        return loaded.entries

    def _traffic(self, linter: Linter, doc: Document) -> Traffic | RunError:
        """The recorded calls the linter's configuration names, read as `check` reads them
        (`run.check.configured_traffic`), once while their files' stats stay the same, and
        summarised for the document's tools, which the linter's gate and fixes then read; or
        why they are not used."""
        from schema_lint.run.check import RunError, configured_traffic

        config = linter.config
        stamp = tuple(_stamp(path) for path in config.calls)
        tools = linter.documents.tools_of(doc) if doc.data is not None else []
        loaded = self._calls.get(linter)
        if loaded is None or loaded.stamp != stamp:
            try:
                loaded = _Calls(stamp, configured_traffic(_Log(), config, tools))
            except RunError as exc:
                loaded = _Calls(stamp, exc)
            self._calls[linter] = loaded
            self._named_files |= {os.path.realpath(path) for path in config.calls}
        if isinstance(loaded.traffic, RunError):
            linter.traffic = None
        else:
            loaded.traffic.cover(tools, exact=True)  # the editor's text, which `check` would be given
            linter.traffic = loaded.traffic
        return loaded.traffic

    def _linter_for(self, path: str, folder: str | None) -> tuple[Linter | None, str | None]:
        from schema_lint.run.linter import Linter

        try:
            source = find_config_file(os.path.dirname(path))
        except (ConfigError, OSError, ValueError) as exc:  # a pyproject.toml that is no TOML: read to find our table
            return None, str(exc)
        stamp = _stamp(source)
        loaded = self._loaded.get(source or folder)
        if loaded is None or loaded.stamp != stamp:
            if loaded is not None and loaded.linter is not None:
                self._members.pop(loaded.linter, None)
                self._baselines.pop(loaded.linter, None)
                self._calls.pop(loaded.linter, None)
            try:
                config = load_config(source) if source else Config(root=folder or os.path.dirname(path))
                loaded = _Loaded(stamp, Linter(config), None)
            except (ConfigError, OSError, ValueError) as exc:
                loaded = _Loaded(stamp, None, str(exc))
            self._loaded[source or folder] = loaded
        return loaded.linter, loaded.error


class _Log:
    """Where `check`'s notes on the recorded calls go (a line that holds no call, no call
    found): the server's log, as they go to stderr in a terminal."""

    def write(self, text: str, *, err: bool = False, color: bool = False) -> None:
        logger.warning("%s", text.rstrip("\n"))

    def line(self, text: str, *, err: bool = False) -> None:
        logger.warning("%s", text)


def editor_bytes(text: str) -> bytes:
    """The editor's text as the bytes a file would hold. JSON-RPC can carry a lone surrogate
    (`"\\ud800"`), which no UTF-8 file holds: it is kept, so that reading the bytes says where
    the text is not valid UTF-8 (an SL000), as for such a file."""
    return text.encode("utf-8", "surrogatepass")


def is_configuration(path: str) -> bool:
    """Whether a change to `path` may change what some document lints to."""
    return os.path.basename(path) in CONFIG_FILE_NAMES


def _stamp(path: str | None) -> tuple[int, int, int]:
    if path is None:
        return (0, 0, 0)
    try:
        found = os.stat(path)
    except OSError:
        return (0, 0, 0)
    return (found.st_mtime_ns, found.st_size, found.st_ino)


def _at_start(path: str, message: str) -> Diagnostic:
    """Why a configuration, its baseline or its calls cannot be used, said at the start of
    every file it would govern, as `check` says it once: linting under the defaults instead
    of a broken configuration would report what the team configured away, and linting
    nothing would say nothing."""
    return Diagnostic(PARSE_ERROR_CODE, PARSE_ERROR_NAME, Severity.ERROR, message, path, "", span=Span(1, 1, 1, 1))
