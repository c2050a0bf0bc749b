"""One run: the files the paths name, the configuration each is linted under, the cache and the
worker processes; and for each document, lint → gate (see `lint_document`).

The run composes the stages: a `DocumentLinter` (in `lint`) finds what the rules find under one
configuration, the fix gate (`gate`) withholds the fixes that may not be offered, and the
run collects the findings into a `LintResult`.
"""

from __future__ import annotations

import codecs

import os
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from schema_lint.config import DEFAULT_EXCLUDE, Config, find_config_file
from schema_lint.fixes.editable import noted
from schema_lint.lint.document import DocumentLinter, LintedTool
from schema_lint.model import Tool
from schema_lint.run.result import LintResult
from schema_lint.sources import watch
from schema_lint.sources.document import Document
from schema_lint.sources.documents import read_document
from schema_lint.sources.files import expand_paths, named_excluded, walk_reads
from schema_lint.sources.reading import read_stdin

if TYPE_CHECKING:
    from schema_lint.rule import Rule
    from schema_lint.run.cache import Cache
    from schema_lint.traffic.store import Traffic


class Linter:
    def __init__(self, config: Config, rules: dict[str, Rule] | None = None, traffic=None,
                 nearest_config: Callable[[str], Config] | None = None, positions: bool = True,
                 keep_texts: bool = False):
        self.config = config
        # False when no report shows where a finding is (`--statistics`): locating each one in
        # the text is then skipped, and the cache, whose entries must hold positions, not written.
        self.positions = positions
        # True when the run fixes what it lints (`--fix`, `--diff`): a file linted in a worker
        # process then comes back with its text (see `parallel`), and fixes are planned from the
        # text the findings were made on, not from what the file holds by the time it is read again.
        self.keep_texts = keep_texts
        self._given_rules = rules
        # This configuration's rules over one document at a time.
        self.documents = DocumentLinter(config, rules, traffic, positions)
        # Given, each file is linted under the configuration nearest above it (as ruff does):
        # this loads one from its file, with the command line's flags applied.
        self.nearest_config = nearest_config
        self._by_directory: dict[str, Linter] = {}
        # Whether some folder has a configuration of its own: without one (the usual run),
        # `owner` needs no absolute path of each file.
        self._nested = False
        self.cache: Cache | None = None
        self.cache_dir: str | None = None
        # path → what the cache read of a file it did not hold (a `cache.Miss`), until it is linted.
        self._missed: dict = {}
        # `gate.gated`, imported for the first tool with a fix: an import statement in `_gated`
        # cost about 7,000 instructions on each of a run's hundreds of tools with one.
        self._gate: Callable[..., list] | None = None

    @property
    def traffic(self) -> Traffic | None:
        """Recorded calls (`--calls`): evidence for fix values, and the gate no fix may fail."""
        return self.documents.traffic

    @traffic.setter
    def traffic(self, traffic: Traffic | None) -> None:
        self.documents.traffic = traffic

    @property
    def codes(self) -> list[str]:
        """The codes of the rules this configuration selects."""
        return self.documents.codes

    @property
    def rules(self) -> list[Rule]:
        return self.documents.rules

    def run(self, paths: Iterable[str], stdin_name: str | None = None) -> LintResult:
        result = LintResult()
        files = self.files_to_lint(paths, stdin_name, result.passed_over)
        result.documents.max_bytes = self.config.max_file_size
        # Files the cache answers cost a stat; only the others are linted.
        pending = [path for path in files if not self.owner(path).from_cache(path, result)]
        workers = 1
        if len(pending) > 1 and "-" not in pending:  # one file never forks: no need to import `parallel`
            from schema_lint.run.parallel import lint_in_parallel, worker_count

            workers = worker_count(len(pending))
        if workers > 1:
            result.add(lint_in_parallel(self, pending, workers))
        else:
            result.add(self.run_serially(pending, stdin_name))
        for cache in self.caches():
            cache.flush()
        if self.config.requests:
            from schema_lint.lint.request_groups import request_findings

            result.diagnostics.extend(request_findings(self.documents, lambda path: self.owner(path).documents, files))
        result.in_order(files)
        return result

    def run_serially(self, files: list[str], stdin_name: str | None = None) -> LintResult:
        result = LintResult()
        result.documents.max_bytes = self.config.max_file_size
        for path in files:
            if path == "-":
                raw = read_stdin(self.config.max_file_size)
                result.stdin_bom = raw.startswith(codecs.BOM_UTF8)
                # Under the configuration nearest the name it is given, as a file of that name is (as ruff does).
                self.owner(stdin_name or "-").lint_document(
                    read_document(stdin_name or "-", raw=raw, max_bytes=self.config.max_file_size), result)
            else:
                self.owner(path).lint_file(path, result)
        return result

    def from_cache(self, path: str, result: LintResult) -> bool:
        """Whether the cache holds `path`'s findings (then added to `result`). A miss keeps
        the bytes read, so that linting the file (here or in a forked worker) reads it once."""
        if self.cache is None or path == "-":
            return False
        from schema_lint.run.cache import Miss

        found = self.cache.lookup(path, self.config.max_file_size)
        if found is None:
            return False  # unreadable: linting it reports why
        if isinstance(found, Miss):
            self._missed[path] = found
            return False
        result.documents[path] = None  # read again only if a report needs its text
        result.diagnostics += found.diagnostics
        result.internal_errors += found.internal_errors
        if found.skipped:
            result.skipped.append(path)
        result.tools_checked += found.tools_checked
        return True

    def lint_file(self, path: str, result: LintResult) -> None:
        """One file; with a cache, its findings are stored under its path and stat and bytes."""
        missed = self._missed.pop(path, None)
        if missed is None:
            self.lint_document(read_document(path, max_bytes=self.config.max_file_size), result)
            return
        from schema_lint.run.cache import Entry

        before = (len(result.diagnostics), len(result.internal_errors), len(result.skipped), result.tools_checked)
        document = read_document(path, raw=missed.raw, max_bytes=self.config.max_file_size)
        missed = missed._replace(raw=b"")  # decoded: the bytes need not stay while the file is linted
        self.lint_document(document, result)
        if self.positions and self.cache is not None:
            self.cache.store(path, missed, Entry(result.diagnostics[before[0]:], result.internal_errors[before[1]:],
                                                 len(result.skipped) > before[2], result.tools_checked - before[3]))

    def caches(self) -> list:
        """The caches of this run: this linter's and those of nested configurations."""
        owners = {id(linter): linter for linter in [self, *self._by_directory.values()]}
        return [linter.cache for linter in owners.values() if linter.cache is not None]

    def use_cache(self, directory: str | None = None, code: str | None = None) -> None:
        """Keep results in the cache (see `schema_lint.run.cache`) unless it may not be used;
        nested configurations too, in the same folder and with the code fingerprint taken once."""
        from schema_lint.run.cache import open_cache

        self.cache = open_cache(self.config, self.codes, directory, code)
        if self.cache is not None:
            self.cache_dir = str(self.cache.directory)  # nested configurations share the one folder

    def files(self, paths: Iterable[str], passed_over: list[tuple[str, str]] | None = None) -> list[str]:
        """The files `paths` name or hold, as `include`, `exclude` and `.gitignore` choose them
        (and what a walk passed over, in `passed_over`: see `expand_paths`)."""
        return list(expand_paths(list(paths), self.config.include, self.config.exclude, DEFAULT_EXCLUDE,
                                 root=self.config.root, passed_over=passed_over))

    def resolve_configs(self, files: Iterable[str], stdin_name: str | None = None) -> None:
        """The linter of each file's directory, found before any file is linted (and before
        workers fork): a broken configuration then stops the run before any output. Stdin's
        is that of the name `--stdin-filename` gives it, else the working directory's."""
        if self.nearest_config is None:
            return
        loaded: dict[str, Linter] = {}
        cwd = os.getcwd()  # once: `os.path.abspath` asks the system for it at every call
        for path in files:
            named = stdin_name if path == "-" else path
            directory = os.path.dirname(os.path.normpath(os.path.join(cwd, named))) if named and named != "-" else cwd
            if directory in self._by_directory:
                continue
            found = find_config_file(directory)
            if found is None or (self.config.source is not None
                                 and os.path.realpath(found) == os.path.realpath(self.config.source)):
                self._by_directory[directory] = self
                continue
            source = os.path.realpath(found)
            if source not in loaded:
                # Loaded by the name it was found under, which an error about it names.
                loaded[source] = Linter(self.nearest_config(found), self._given_rules, self.traffic,
                                        positions=self.positions)
                if self.cache is not None:
                    loaded[source].use_cache(self.cache_dir, self.cache.code)
            self._by_directory[directory] = loaded[source]
        self._nested = self._nested or bool(loaded)

    def files_to_lint(self, paths: Iterable[str], stdin_name: str | None = None,
                      passed_over: list[tuple[str, str]] | None = None) -> list[str]:
        """The files a run lints: those `paths` name or hold (`files`), each under the
        configuration nearest it (found here, before any is linted: `resolve_configs`), less
        those a nested configuration leaves out."""
        paths = list(paths)
        files = self.files(paths, passed_over)
        for path in files:
            watch.note(path)  # before a warm run trusts its stat, or a cold one reads it
        self.resolve_configs(files, stdin_name)
        return self._read_by_nearest(files, set(paths))

    def _read_by_nearest(self, files: list[str], named: set[str]) -> list[str]:
        """`files` less those a nested configuration leaves out: its `exclude` (and, for a file
        a walk found, its `include`) decides below its folder, relative to it, as each folder's
        configuration does in ruff; the walk applied the run's own only."""
        if not self._nested:
            return files
        kept = []
        for path in files:
            config = self.config if path == "-" else self.owner(path).config
            if config is self.config or not _left_out(path, config, path in named):
                kept.append(path)
        return kept

    def owner(self, path: str) -> Linter:
        """The linter of the configuration nearest `path` (this one, without nesting)."""
        if not self._nested:
            return self
        return self._by_directory.get(os.path.dirname(os.path.abspath(path)), self)

    def configs_used(self) -> list[Config]:
        """Every configuration this run lints some file under, the run's own first."""
        extra = {id(linter): linter.config for linter in self._by_directory.values() if linter is not self}
        return [self.config, *extra.values()]

    def lint_document(self, doc: Document, result: LintResult,
                      only: Callable[[list[Tool]], list[Tool]] | None = None) -> None:
        """Lint one document under its configuration, gate its fixes, and add what is found
        (of the tools `only` accepts, when given: see `DocumentLinter.lint`), each fix noted
        as not applied when the document's text is not edited (see `fixes.editable`)."""
        owner = self.owner(doc.path) if doc.path != "-" else self
        if owner is not self:
            owner.lint_document(doc, result, only)
            return
        result.documents[doc.path] = doc
        linted = self.documents.lint(doc, only)
        if linted.found_tools:
            result.tools_checked += len(linted.found_tools)
            result.diagnostics.extend(noted(doc, linted.finished(self._gated(tool) for tool in linted.tools)))
        else:
            result.diagnostics.extend(linted.notes)
            if not doc.errors or doc.data is not None:
                result.skipped.append(doc.path)
        result.internal_errors.extend(linted.internal_errors)

    def _gated(self, linted: LintedTool) -> LintedTool:
        """A tool's findings once the fix gate has withheld the fixes it refuses."""
        if all(diagnostic.fix is None for diagnostic in linted.diagnostics):
            return linted  # nothing to gate
        if self._gate is None:
            from schema_lint.gate import gated

            self._gate = gated
        tool, traffic = linted.tool, self.documents.traffic
        calls = summary = None
        if traffic is not None and tool.part == "arguments" and traffic.summary_for(tool) is not None:
            if traffic.from_summaries:
                summary = traffic.summary_for(tool)
            else:
                calls = traffic.calls_for(tool)
        words = tool.definition.get("description")
        kept = self._gate(linted.diagnostics, tool.schema, tool.schema_pointer, linted.context.profiles, calls, summary,
                          tool.format, words if isinstance(words, str) else None)
        return linted if kept is linted.diagnostics else LintedTool(tool, linted.context, kept)

    def tools_in(self, paths: Iterable[str]) -> Iterator[Tool]:
        """The tools of the files `paths` name, read ahead of the run for `--calls`, which
        summarises only the calls of these. Standard input, which can be read only once, is
        not read ahead: its tools, and any a nested configuration finds otherwise, are covered
        when linted (`Traffic.cover`)."""
        for path in self.files(paths):
            if path != "-":
                doc = read_document(path, max_bytes=self.config.max_file_size)
                if doc.data is not None:
                    yield from self.documents.tools_of(doc)


def lint_text(text: str, path: str = "tool.json", config: Config | None = None) -> LintResult:
    """Lint one document given as text (the file name decides JSON, JSONL or YAML)."""
    result = LintResult()
    Linter(config or Config()).lint_document(read_document(path, raw=text.encode("utf-8")), result)
    result.diagnostics.sort(key=lambda d: d.sort_key)
    return result


def _left_out(path: str, config: Config, named: bool) -> bool:
    """Whether `config` leaves out the file at `path`: one named on the command line only by
    `exclude`, one a walk found by `include` too."""
    if named:
        return named_excluded(path, config.exclude, config.root)
    return not walk_reads(path, config.include, config.exclude, config.root)
