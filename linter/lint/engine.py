"""Run the selected rules over every tool of every file, and decide severities.

Flow: path → Document → tools → rules → Diagnostics (positioned only now, lazily) →
suppressions (per-file, per-tool, per-node, comments; see `suppressions`) → sorted result.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from functools import cached_property
from typing import TYPE_CHECKING

from schema_lint.sources import watch
from schema_lint.config import DEFAULT_EXCLUDE, Config, find_config_file, relative_to_root
# Every report prints through `display`, so importing it here costs a run nothing, and
# `diagnostic` no longer pays an import statement for each of thousands of findings.
from schema_lint.text.display import MESSAGE_LIMIT, clip
from schema_lint.model import Diagnostic, Severity, SideEffects, Tool
from schema_lint.config.selection import matches_code, rule_codes, select_codes
from schema_lint.sources.document import Document
from schema_lint.sources.documents import DocumentStore, read_document
from schema_lint.sources.reading import read_stdin
from schema_lint.sources.files import expand_paths

if TYPE_CHECKING:
    from schema_lint.rule import Finding, Rule, ToolContext
    from schema_lint.lint.suppressions import NodeIgnore, Suppressions, ToolSuppressions

# What linting a file needs is imported when the first file is linted, not at start-up:
# a run the cache answers never pays for the rules (see `selection`).

PARSE_ERROR_CODE = "SL000"
PARSE_ERROR_NAME = "parse-error"
UNUSED_SUPPRESSION_CODE = "SL900"


class LintResult:
    """What a run found, and what its report needs to know besides."""

    def __init__(self, diagnostics: list[Diagnostic] | None = None) -> None:
        self.diagnostics: list[Diagnostic] = [] if diagnostics is None else diagnostics
        self.documents = DocumentStore()
        # Files read that held no tool (listed with -v).
        self.skipped: list[str] = []
        # What a walk came across and did not read, and why (a link out of the tree; listed with -v).
        self.passed_over: list[tuple[str, str]] = []
        self.tools_checked = 0
        # Crashes of a rule on a tool, also in `diagnostics` (under the rule's code): exit 2.
        self.internal_errors: list[Diagnostic] = []
        # Set by `check`: what the summary says about fixes (a `schema_lint.fixes.summary.FixSummary`).
        self.fix_summary: object | None = None

    @property
    def had_parse_errors(self) -> bool:
        return any(d.code == PARSE_ERROR_CODE for d in self.diagnostics)

    def add(self, other: LintResult) -> None:
        self.diagnostics += other.diagnostics
        self.internal_errors += other.internal_errors
        self.skipped += other.skipped
        self.tools_checked += other.tools_checked
        for path in other.documents:
            self.documents[path] = dict.get(other.documents, path)  # without reading it again

    def in_order(self, files: list[str]) -> None:
        """Findings sorted, and files listed in the order they were given."""
        order = {path: index for index, path in enumerate(files)}
        self.diagnostics.sort(key=lambda d: d.sort_key)
        self.skipped.sort(key=lambda path: order.get(path, len(order)))
        documents = sorted(dict.items(self.documents), key=lambda item: order.get(item[0], len(order)))
        self.documents.clear()
        self.documents.update(documents)


class Linter:
    def __init__(self, config: Config, rules: dict[str, Rule] | None = None, traffic=None,
                 nearest_config: Callable[[Path], Config] | None = None, positions: bool = True,
                 keep_texts: bool = False):
        self.config = config
        # False when no report shows where a finding is (`--statistics`): locating each one in
        # the text is then skipped, and the cache, whose entries must hold positions, not written.
        self.positions = positions
        # True when the run fixes what it lints (`--fix`, `--diff`): a file linted in a worker
        # process then comes back with its text (see `parallel`), and fixes are planned from the
        # text the findings were made on, not from what the file holds by the time it is read again.
        self.keep_texts = keep_texts
        # Recorded calls (`--calls`): evidence for fix values, and the gate no fix may fail.
        self.traffic = traffic
        self._given_rules = rules
        self.known_codes = set(rules) if rules is not None else set(rule_codes())
        self.codes = select_codes(sorted(self.known_codes), config.select, config.extend_select, config.ignore)
        # Given, each file is linted under the configuration nearest above it (as ruff does):
        # this loads one from its file, with the command line's flags applied.
        self.nearest_config = nearest_config
        self._by_directory: dict[str, Linter] = {}
        # Whether some folder has a configuration of its own: without one (the usual run),
        # `owner` needs no absolute path of each file.
        self._nested = False
        self.cache = None
        self.cache_dir: str | None = None
        # path → what the cache read of a file it did not hold (a `cache.Miss`), until it is linted.
        self._missed: dict = {}

    @cached_property
    def rules(self) -> list[Rule]:
        """The selected rules, imported on first use."""
        from schema_lint.rule import load_rules

        every = self._given_rules if self._given_rules is not None else load_rules()
        return [every[code] for code in self.codes]

    def run(self, paths: Iterable[str], stdin_name: str | None = None) -> LintResult:
        result = LintResult()
        files = self.files(paths, result.passed_over)
        for path in files:
            watch.note(path)  # before a warm run trusts its stat, or a cold one reads it
        self.resolve_configs(files)
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

            result.diagnostics.extend(request_findings(self, files))
        result.in_order(files)
        return result

    def run_serially(self, files: list[str], stdin_name: str | None = None) -> LintResult:
        result = LintResult()
        result.documents.max_bytes = self.config.max_file_size
        for path in files:
            if path == "-":
                raw = read_stdin(self.config.max_file_size)
                self.lint_document(read_document(stdin_name or "-", raw=raw, max_bytes=self.config.max_file_size),
                                   result)
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
        self.lint_document(read_document(path, raw=missed.raw, max_bytes=self.config.max_file_size), result)
        if self.positions:
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

    def resolve_configs(self, files: Iterable[str]) -> None:
        """The linter of each file's directory, found before any file is linted (and before
        workers fork): a broken configuration then stops the run before any output."""
        if self.nearest_config is None:
            return
        loaded: dict[Path, Linter] = {}
        for path in files:
            directory = os.path.dirname(os.path.abspath(path)) if path != "-" else os.getcwd()
            if directory in self._by_directory:
                continue
            found = find_config_file(Path(directory))
            if found is None or (self.config.source is not None and found.resolve() == self.config.source.resolve()):
                self._by_directory[directory] = self
                continue
            source = found.resolve()
            if source not in loaded:
                # Loaded by the name it was found under, which an error about it names.
                loaded[source] = Linter(self.nearest_config(found), self._given_rules, self.traffic,
                                        positions=self.positions)
                if self.cache is not None:
                    loaded[source].use_cache(self.cache_dir, self.cache.code)
            self._by_directory[directory] = loaded[source]
        self._nested = self._nested or bool(loaded)

    def owner(self, path: str) -> Linter:
        """The linter of the configuration nearest `path` (this one, without nesting)."""
        if not self._nested:
            return self
        return self._by_directory.get(os.path.dirname(os.path.abspath(path)), self)

    def configs_used(self) -> list[Config]:
        """Every configuration this run lints some file under, the run's own first."""
        extra = {id(linter): linter.config for linter in self._by_directory.values() if linter is not self}
        return [self.config, *extra.values()]

    def lint_document(self, doc: Document, result: LintResult) -> None:
        owner = self.owner(doc.path) if doc.path != "-" else self
        if owner is not self:
            owner.lint_document(doc, result)
            return
        result.documents[doc.path] = doc
        if doc.errors:
            result.diagnostics.extend(_parse_error(doc, error) for error in doc.errors)
            if doc.data is None or doc.kind != "jsonl":
                return
        from schema_lint.lint.definition_findings import DefinitionFindings
        from schema_lint.gate import gated
        from schema_lint.profiles.checks import clients
        from schema_lint.lint.supersession import Supersession
        from schema_lint.rule import ToolContext
        from schema_lint.prose.side_effects import classify
        from schema_lint.sources.tools import result_schemas
        from schema_lint.lint.suppressions import Suppressions, keyword_ignores

        tools = self._tools_of(doc)
        if not tools:
            result.skipped.append(doc.path)
            return
        if self.traffic is not None:
            self.traffic.cover(tools)
        file_ignores, node_ignores = self._file_ignores(doc.path)
        suppressions = Suppressions.of(doc, node_ignores)
        result.diagnostics.extend(self._unknown_codes_in_comments(doc, suppressions))
        findings = DefinitionFindings()
        group = tuple(tools)
        request_name = clients.request_name(doc.path)
        in_request = self.configured_request(doc.path)
        supersession = Supersession()
        result.tools_checked += len(tools)
        # A tool's arguments, then the results schemas MCP tools declare (see `Rule.schemas`).
        for tool in [*tools, *result_schemas(tools)]:
            tool.side_effects = classify(tool, self.config.side_effects)
            ignored = file_ignores + self._tool_ignores(tool.name)
            summary = self.traffic.summary_for(tool) if self.traffic is not None and tool.part == "arguments" else None
            ctx = ToolContext(tool, doc, self.config.settings, self.profiles_for(tool), group, summary,
                              frozenset(self.config.profiles), request_name,
                              checks_request=in_request is None)
            silencing = suppressions.for_tool(doc, tool, keyword_ignores(ctx.nodes) if self.config.ignore_keyword else [])
            found: list[Diagnostic] = []
            for rule in self.rules:
                if tool.part in rule.schemas and (not ignored or not matches_code(rule.code, ignored)):
                    self._run_rule(rule, ctx, doc, silencing, found, result.internal_errors)
            found = supersession.keep(found)
            found = gated(found, tool.schema, tool.schema_pointer, ctx.profiles,
                          None if summary is None else self.traffic.calls_for(tool))
            findings.add(ctx, found)
        result.diagnostics.extend(findings.finish())
        if UNUSED_SUPPRESSION_CODE in self.codes:
            result.diagnostics.extend(self._unused_comments(doc, suppressions))

    def _unknown_codes_in_comments(self, doc: Document, suppressions: Suppressions) -> list[Diagnostic]:
        """A typo in a comment's codes silences nothing and must not pass unseen (exit 2)."""
        from schema_lint.model import Span
        from schema_lint.config.selection import unknown_selectors

        found = []
        for comment in suppressions.comments:
            unknown = unknown_selectors(comment.codes, self.known_codes)
            if unknown:
                found.append(Diagnostic(
                    code=PARSE_ERROR_CODE, name=PARSE_ERROR_NAME, severity=Severity.ERROR, path=doc.path, pointer="",
                    message=f"unknown rule code{'s' if len(unknown) > 1 else ''} in a suppression comment: "
                            f"{', '.join(unknown)}",
                    span=Span(comment.line, comment.column, comment.line, comment.column)))
        return found

    def _unused_comments(self, doc: Document, suppressions: Suppressions) -> list[Diagnostic]:
        if not suppressions.comments:
            return []  # as in nearly every file: no rule lookup, no set of codes
        from schema_lint.model import Span

        enabled = set(self.codes)
        rule = next(rule for rule in self.rules if rule.code == UNUSED_SUPPRESSION_CODE)
        return [Diagnostic(
            code=rule.code, name=rule.name, severity=self.config.severity.get(rule.code) or rule.severity_for(SideEffects.READ),
            path=doc.path, pointer="",
            message=(f"unused suppression: no {'finding' if not c.codes else ', '.join(c.codes) + ' finding'} "
                     f"{'in this file' if c.whole_file else 'here'} to silence; remove the comment"),
            span=Span(c.line, c.column, c.line, c.column)) for c in suppressions.unused(enabled)]

    def _run_rule(self, rule: Rule, ctx: ToolContext, doc: Document, silencing: ToolSuppressions,
                  found: list[Diagnostic], internal_errors: list[Diagnostic]) -> None:
        """One rule over one tool. A rule that raises ends only its own run on this tool.

        As ruff reports a panic, the crash becomes an error finding of that rule at the
        tool, and the run goes on and exits 2: a rule's bug on one odd schema can neither
        take the other files down nor pass unseen, and `--ignore` or `per-tool-ignores`
        of that code is the workaround until it is fixed.
        """
        try:
            for finding in rule.check(ctx):
                diagnostic = self.diagnostic(rule, ctx, finding, doc)
                if not silencing.silences(diagnostic):
                    found.append(diagnostic)
        except Exception as exc:
            crash = _internal_error(rule, ctx, doc, exc)
            internal_errors.append(crash)
            found.append(crash)

    def diagnostic(self, rule: Rule, ctx: ToolContext, finding: Finding, doc: Document) -> Diagnostic:
        """The finding as reported: its severity under the configuration, its message clipped, and
        its position unless the run shows none (also how a configured request's findings are made)."""
        severity = (self.config.severity.get(rule.code) or finding.severity
                    or rule.severity_for(ctx.side_effects))
        message = finding.message if ctx.tool.part == "arguments" else f"outputSchema: {finding.message}"
        diagnostic = Diagnostic(
            code=rule.code, name=rule.name, severity=severity, message=clip(message, MESSAGE_LIMIT),
            path=doc.path, pointer=finding.pointer, tool=ctx.tool.name, fix=finding.fix,
            at_key=finding.at_key, supersedes=finding.supersedes,
        )
        if self.positions:
            diagnostic.span = doc.locate(finding.pointer, finding.at_key)
        return diagnostic

    def _file_ignores(self, path: str) -> tuple[list[str], list[NodeIgnore]]:
        """Codes `per-file-ignores` silences in the whole file, and those keyed `glob#pointer`
        that it silences at a node and below."""
        from schema_lint.lint.suppressions import NodeIgnore

        whole, nodes = [], []
        for key, codes in self.config.per_file_ignores.items():
            glob, hash_sign, pointer = key.partition("#")
            if self._path_matches(path, glob):
                if hash_sign:
                    nodes.append(NodeIgnore(pointer, tuple(codes)))
                else:
                    whole += codes
        return whole, nodes

    def tools_in(self, paths: Iterable[str]) -> Iterator[Tool]:
        """The tools of the files `paths` name, read ahead of the run for `--calls`, which
        summarises only the calls of these. Standard input, which can be read only once, is
        not read ahead: its tools, and any a nested configuration finds otherwise, are covered
        when linted (`Traffic.cover`)."""
        for path in self.files(paths):
            if path != "-":
                doc = read_document(path, max_bytes=self.config.max_file_size)
                if doc.data is not None:
                    yield from self._tools_of(doc)

    def _tools_of(self, doc: Document) -> list[Tool]:
        from schema_lint.sources.tools import find_tools

        stem = os.path.splitext(os.path.basename(doc.path))[0]
        return find_tools(doc.data, stem, self._raw_schemas_are_tools(doc.path))

    def _raw_schemas_are_tools(self, path: str) -> bool | None:
        """`raw-tool-schemas` decides for a bare JSON Schema file; unset, its looks do."""
        globs = self.config.raw_tool_schemas
        return any(self._path_matches(path, glob) for glob in globs) if globs else None

    def _path_matches(self, path: str, glob: str) -> bool:
        """A config glob matches the path relative to the config's directory, or as given."""
        return fnmatch.fnmatchcase(relative_to_root(self.config, path), glob) or fnmatch.fnmatchcase(path, glob)

    def silences(self, doc: Document, tool, diagnostic: Diagnostic) -> bool:
        """Whether the configuration or a comment in `doc` silences a finding on `tool` made
        outside the per-tool pass (a configured request's limits)."""
        from schema_lint.lint.suppressions import Suppressions

        whole, nodes = self._file_ignores(doc.path)
        ignored = whole + self._tool_ignores(tool.name)
        if ignored and matches_code(diagnostic.code, ignored):
            return True
        return Suppressions.of(doc, nodes).for_tool(doc, tool, []).silences(diagnostic)

    def configured_request(self, path: str) -> str | None:
        """The name of the configured request (`requests`) whose files include `path`, if any."""
        return next((name for name, spec in self.config.requests.items()
                     if any(self._path_matches(path, glob) for glob in spec["files"])), None)

    def _tool_ignores(self, name: str) -> list[str]:
        return [code for glob, codes in self.config.per_tool_ignores.items()
                if fnmatch.fnmatchcase(name, glob) for code in codes]

    def profiles_for(self, tool) -> frozenset[str]:
        """The profiles a tool is checked for: the configuration's and those it implies."""
        from schema_lint.profiles import implied_profiles

        return frozenset(set(self.config.profiles) | implied_profiles(tool))


def _parse_error(doc: Document, error) -> Diagnostic:
    from schema_lint.model import Span

    return Diagnostic(
        code=PARSE_ERROR_CODE, name=PARSE_ERROR_NAME, severity=Severity.ERROR, message=error.message,
        path=doc.path, pointer="", span=Span(error.line, error.column, error.line, error.column),
    )


def _internal_error(rule: Rule, ctx: ToolContext, doc: Document, exc: Exception) -> Diagnostic:
    import traceback

    frame = traceback.extract_tb(exc.__traceback__)[-1]
    detail = (str(exc).splitlines() or [""])[0][:200]
    message = (f"internal error: {rule.code} crashed on this tool ({type(exc).__name__}: {detail}, at "
               f"{os.path.basename(frame.filename)}:{frame.lineno}), so its findings here are incomplete; "
               f"please report this bug")
    return Diagnostic(
        code=rule.code, name=rule.name, severity=Severity.ERROR, message=message, path=doc.path,
        pointer=ctx.tool.schema_pointer, tool=ctx.tool.name, span=doc.locate(ctx.tool.schema_pointer),
    )


def exit_code(result: LintResult, fail_on: str) -> int:
    if result.had_parse_errors or result.internal_errors:
        return 2
    if fail_on == "never":
        return 0
    threshold = Severity.parse(fail_on)
    return 1 if any(d.severity >= threshold for d in result.diagnostics) else 0


def lint_text(text: str, path: str = "tool.json", config: Config | None = None) -> LintResult:
    """Lint one document given as text (the file name decides JSON, JSONL or YAML)."""
    result = LintResult()
    Linter(config or Config()).lint_document(read_document(path, raw=text.encode("utf-8")), result)
    result.diagnostics.sort(key=lambda d: d.sort_key)
    return result
