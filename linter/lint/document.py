"""One document's findings under one configuration: the selected rules over every tool.

Flow: Document → tools → rules → Diagnostics (positioned now, unless the run shows no
position) → suppressions (per-file, per-tool, per-node, comments; see `suppressions`) →
one finding per problem (`supersession`). What this gives is what the rules found, each
fix as proposed: deciding which fixes may be offered is the fix gate's job (`gate`), and
the run composes the two (`run.linter`), then `LintedDocument.finished` reports a finding
in a definition several tools share once (`definition_findings`).
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator
from functools import cached_property, lru_cache, partial
from typing import TYPE_CHECKING, NamedTuple

from schema_lint.config import Config, relative_to_root
from schema_lint.config.selection import by_code, matches_code, rule_codes, select_codes, unknown_selectors
from schema_lint.lint.supersession import Supersession
from schema_lint.lint.suppressions import NodeIgnore, Suppressions, keyword_ignores
from schema_lint.model import Diagnostic, Severity, SideEffects, Span, Tool
from schema_lint.profiles import implied_profiles
from schema_lint.sources.document import Document
from schema_lint.sources.globs import Globs
# Every report prints through `display`, so importing it here costs a run nothing, and
# `diagnostic` no longer pays an import statement for each of thousands of findings.
from schema_lint.text.display import MESSAGE_LIMIT, clip

if TYPE_CHECKING:
    from schema_lint.lint.definition_findings import DefinitionFindings
    from schema_lint.rule import Finding, Rule, ToolContext
    from schema_lint.traffic.store import Traffic

# What linting a file needs of the rules' machinery is imported when the first file is
# linted, not at start-up: a run the cache answers never pays for the rules (see
# `config.selection`, and `_Machinery`).

PARSE_ERROR_CODE = "SL000"
PARSE_ERROR_NAME = "parse-error"
UNUSED_SUPPRESSION_CODE = "SL900"
# The tool shapes (part and keywords) whose rules `DocumentLinter` keeps chosen: a file of
# thousands of generated tools may have as many shapes, each a set of keywords to keep.
_SHAPES_KEPT = 4096


class LintedTool(NamedTuple):
    """One tool's schema (its arguments, or the results an MCP tool declares), the context its
    rules read, and what they found."""

    tool: Tool
    context: ToolContext
    diagnostics: list[Diagnostic]


class LintedDocument:
    """What the rules find in one document, before any fix is gated.

    Each tool is linted as `tools` reaches it, once: a tool's context (its walk of the
    schema, the indexes over it) is then dropped before the next tool's is built, where
    linting every tool first kept them all (90 MB of a file of 20,000 tools)."""

    def __init__(self, document: Document, notes: list[Diagnostic], found_tools: tuple[Tool, ...] = (),
                 tools: Iterator[LintedTool] = iter(()), unused: Callable[[], list[Diagnostic]] = list,
                 internal_errors: list[Diagnostic] | None = None,
                 definition_findings: Callable[[], DefinitionFindings] | None = None) -> None:
        self.document = document
        # Findings about the document itself: parse errors, unknown codes in comments.
        self.notes = notes
        # The tools the document holds (its argument schemas); none: a file with no tool.
        self.found_tools = found_tools
        # Each tool linted, in order, as it is reached.
        self.tools = tools
        # Comments that silenced nothing (SL900), known once every tool is linted.
        self._unused = unused
        # Crashes of a rule on a tool, also among that tool's findings (all of them once `tools` is done).
        self.internal_errors = [] if internal_errors is None else internal_errors
        # What gathers the tools' findings in definitions they share; None when no tool is linted.
        self._definition_findings = definition_findings

    def finished(self, tools: Iterable[LintedTool] | None = None) -> list[Diagnostic]:
        """The document's findings as reported, from `tools` (these tools' findings once gated,
        as `tools` gives them; by default as the rules found them): a finding in a definition
        that several tools copy, once (see `definition_findings`)."""
        if self._definition_findings is None:
            return [*self.notes, *self._unused()]
        findings = self._definition_findings()
        for linted in self.tools if tools is None else tools:
            findings.add(linted.context, linted.diagnostics)
        return [*self.notes, *findings.finish(), *self._unused()]


class DocumentLinter:
    """The rules one configuration selects, and how its settings shape their findings."""

    def __init__(self, config: Config, rules: dict[str, Rule] | None = None, traffic: Traffic | None = None,
                 positions: bool = True) -> None:
        self.config = config
        # False when no report shows where a finding is (`--statistics`): locating each one in
        # the text is then skipped.
        self.positions = positions
        # Recorded calls (`--calls`): what a rule may read of a tool's calls (its summary).
        self.traffic = traffic
        self._given_rules = rules
        self.known_codes = set(rules) if rules is not None else set(rule_codes())
        self.codes = select_codes(sorted(self.known_codes), config.select, config.extend_select, config.ignore)
        # `[severity]` keys are selectors, as `select`'s are (`SL3`, `ALL`): resolved once per code.
        self._severity = by_code(config.severity, self.codes)
        self._rules_by_shape: dict[tuple[str, frozenset[str]], list[Rule]] = {}

    @cached_property
    def selected_codes(self) -> frozenset[str]:
        return frozenset(self.codes)

    @cached_property
    def rules(self) -> list[Rule]:
        """The selected rules, imported on first use."""
        from schema_lint.rule import load_rules

        every = self._given_rules if self._given_rules is not None else load_rules()
        return [every[code] for code in self.codes]

    @cached_property
    def _machinery(self) -> _Machinery:
        return _Machinery()

    def _rules_for(self, part: str, keywords: frozenset[str]) -> list[Rule]:
        """The selected rules that lint a tool's `part` (see `Rule.schemas`) and may find
        something where the tool's subschemas have these `keywords` (a rule whose keywords
        none has finds nothing, see `Rule.keywords`). Tools repeat a few shapes (`type`,
        `properties`, `description`, `required`...): the choice is made once for each, not
        for each of forty rules on every tool."""
        shape = (part, keywords)
        chosen = self._rules_by_shape.get(shape)
        if chosen is None:
            chosen = [rule for rule in self.rules if part in rule.schemas
                      and (rule.keywords is None or not rule.keywords.isdisjoint(keywords))]
            if len(self._rules_by_shape) < _SHAPES_KEPT:
                self._rules_by_shape[shape] = chosen
        return chosen

    def lint(self, doc: Document, only: Callable[[list[Tool]], list[Tool]] | None = None) -> LintedDocument:
        """The rules over every tool of `doc`; over those `only` picks of them, when given (a pass
        of the fixes, which need not lint again the tools the pass before left as they were: it
        then judges no suppression comment unused, having not run every rule). The tools are
        linted as the result's `tools` are iterated (see `LintedDocument`)."""
        notes = [_parse_error(doc, error) for error in doc.errors]
        if doc.errors and doc.data is None:
            return LintedDocument(doc, notes)
        broken: list = []
        found_tools = self.tools_of(doc, broken)
        notes += [_broken_tool(doc, fault) for fault in broken]
        if not found_tools:
            return LintedDocument(doc, notes)
        if self.traffic is not None:
            self.traffic.cover(found_tools)  # the summaries of tools not read ahead (stdin, servers)
        file_ignores, node_ignores = self._file_ignores(doc.path)
        suppressions = Suppressions.of(doc, node_ignores)
        notes += self._unknown_codes_in_comments(doc, suppressions)
        internal_errors: list[Diagnostic] = []
        tools = self._linted_tools(doc, found_tools, only, file_ignores, suppressions, internal_errors)
        unused = (partial(self._unused_comments, doc, suppressions)
                  if UNUSED_SUPPRESSION_CODE in self.codes and only is None else list)
        return LintedDocument(doc, notes, tuple(found_tools), tools, unused, internal_errors,
                              self._machinery.definition_findings)

    def _linted_tools(self, doc: Document, found_tools: list[Tool], only: Callable[[list[Tool]], list[Tool]] | None,
                      file_ignores: list[str], suppressions: Suppressions,
                      internal_errors: list[Diagnostic]) -> Iterator[LintedTool]:
        """The selected rules over each tool of `doc` (of those `only` picks), one at a time."""
        machinery = self._machinery
        classify, tool_context = machinery.classify, machinery.tool_context
        # A tool's arguments, then the results schemas MCP tools declare (see `Rule.schemas`).
        tools = [tool.with_side_effects(classify(tool, self.config.side_effects))
                 for tool in [*found_tools, *machinery.result_schemas(found_tools)]]
        group = tuple(tools[:len(found_tools)])
        requests = machinery.requests(group, doc.catalogue)
        request = machinery.request_name(doc.path)
        in_request = self.configured_request(doc.path)
        supersession = Supersession()
        for tool in tools if only is None else only(tools):
            ignored = file_ignores + self._tool_ignores(tool.name, doc)
            summary = self.traffic.summary_for(tool) if self.traffic is not None and tool.part == "arguments" else None
            ctx = tool_context(tool, doc, self.config.settings, self.profiles_for(tool), group, summary,
                              frozenset(self.config.profiles), request,
                              checks_request=in_request is None, selected=self.selected_codes,
                              request_tools=requests.of(tool))
            silencing = suppressions.for_tool(doc, tool, keyword_ignores(ctx.nodes) if self.config.ignore_keyword else [])
            found: list[Diagnostic] = []
            rules = self._rules_for(tool.part, ctx.keywords)
            diagnostic = self.diagnostic
            for rule in [rule for rule in rules if not matches_code(rule.code, ignored)] if ignored else rules:
                # One rule over this tool, here rather than in a method of its own: a call for each
                # of the selected rules on each tool (28,000 in a run over 1,000 files) cost about 1%.
                # A rule that raises ends only its own run on this tool: as ruff reports a panic,
                # the crash becomes an error finding of that rule at the tool, and the run goes on
                # and exits 2. A rule's bug on one odd schema can neither take the other files down
                # nor pass unseen, and `--ignore` or `per-tool-ignores` of that code is the
                # workaround until it is fixed.
                try:
                    for finding in rule.check(ctx):
                        made = diagnostic(rule, ctx, finding, doc)
                        if not silencing.silences(made):
                            found.append(made)
                except Exception as exc:
                    crash = _internal_error(rule, ctx, doc, exc)
                    internal_errors.append(crash)
                    found.append(crash)
            yield LintedTool(tool, ctx, supersession.keep(found))

    def tools_of(self, doc: Document, broken: list | None = None) -> list[Tool]:
        """The tools `doc` holds, as found (their side effects not yet classified); `broken`
        gets those whose arguments schema is no schema (`tools.BrokenTool`)."""
        stem = os.path.splitext(os.path.basename(doc.path))[0]
        return self._machinery.find_tools(doc.data, stem, self._raw_schemas_are_tools(doc.path), broken)

    def _unknown_codes_in_comments(self, doc: Document, suppressions: Suppressions) -> list[Diagnostic]:
        """A typo in a comment's codes silences nothing and must not pass unseen (exit 2)."""
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
        enabled = set(self.codes)
        rule = next(rule for rule in self.rules if rule.code == UNUSED_SUPPRESSION_CODE)
        return [Diagnostic(
            code=rule.code, name=rule.name, severity=self._severity.get(rule.code) or rule.severity_for(SideEffects.READ),
            path=doc.path, pointer="",
            message=(f"unused suppression: no {'finding' if not c.codes else ', '.join(c.codes) + ' finding'} "
                     f"{'in this file' if c.whole_file else 'here'} to silence; remove the comment"),
            span=Span(c.line, c.column, c.line, c.column)) for c in suppressions.unused(enabled)]

    def diagnostic(self, rule: Rule, ctx: ToolContext, finding: Finding, doc: Document) -> Diagnostic:
        """The finding as reported: its severity under the configuration, its message clipped, and
        its position unless the run shows none (also how a configured request's findings are made)."""
        severity = (self._severity.get(rule.code) or finding.severity
                    or rule.severity_for(ctx.side_effects))
        message = finding.message if ctx.tool.part == "arguments" else f"outputSchema: {finding.message}"
        span = doc.locate(finding.pointer, finding.at_key) if self.positions else None
        # Positional, in the order of Diagnostic's fields: keywords cost this, the hottest
        # line of a run, twice as much.
        return Diagnostic(rule.code, rule.name, severity, clip(message, MESSAGE_LIMIT), doc.path, finding.pointer,
                          ctx.tool.name, finding.fix, span, finding.at_key, None, False, None, finding.supersedes)

    def _file_ignores(self, path: str) -> tuple[list[str], list[NodeIgnore]]:
        """Codes `per-file-ignores` silences in the whole file, and those keyed `glob#pointer`
        that it silences at a node and below."""
        whole, nodes = [], []
        for key, codes in self.config.per_file_ignores.items():
            glob, hash_sign, pointer = key.partition("#")
            if self._path_matches(path, glob):
                if hash_sign:
                    nodes.append(NodeIgnore(pointer, tuple(codes)))
                else:
                    whole += codes
        return whole, nodes

    def _raw_schemas_are_tools(self, path: str) -> bool | None:
        """`raw-tool-schemas` decides for a bare JSON Schema file; unset, its looks do."""
        globs = self.config.raw_tool_schemas
        return any(self._path_matches(path, glob) for glob in globs) if globs else None

    def _path_matches(self, path: str, glob: str) -> bool:
        """A configuration glob matches the path relative to the configuration's folder and,
        as in ruff, one without a `/` the file's name too: `old.json` names it in any folder,
        whichever folder the run starts in."""
        anchored = "/" in glob  # `./old.json` and `/old.json` too, as in `include` and `exclude`
        globs = _globs(glob.removeprefix("./").lstrip("/"))
        return globs.match(relative_to_root(self.config, path)) or (not anchored and globs.match(os.path.basename(path)))

    def silences(self, doc: Document, tool: Tool, diagnostic: Diagnostic) -> bool:
        """Whether the configuration or a comment in `doc` silences a finding on `tool` made
        outside the per-tool pass (a configured request's limits)."""
        whole, nodes = self._file_ignores(doc.path)
        ignored = whole + self._tool_ignores(tool.name, doc)
        if ignored and matches_code(diagnostic.code, ignored):
            return True
        return Suppressions.of(doc, nodes).for_tool(doc, tool, []).silences(diagnostic)

    def configured_request(self, path: str) -> str | None:
        """The name of the configured request (`requests`) whose files include `path`, if any."""
        return next((name for name, spec in self.config.requests.items()
                     if any(self._path_matches(path, glob) for glob in spec["files"])), None)

    def _tool_ignores(self, name: str, doc: Document) -> list[str]:
        """Codes `per-tool-ignores` silences on the tool; on a live server's or a Python object's
        tool, also those of a `per-file-ignores` key naming the tool as its findings show it
        (`mcp:github/create_issue`, `mcp:github/*`)."""
        codes = [code for glob, codes in self.config.per_tool_ignores.items()
                 if fnmatch.fnmatchcase(name, glob) for code in codes]
        if doc.kind == "mcp":
            shown = f"{doc.path}/{name}"
            codes += [code for key, codes in self.config.per_file_ignores.items()
                      if "/" in key and "#" not in key and self._path_matches(shown, key) for code in codes]
        return codes

    def profiles_for(self, tool: Tool) -> frozenset[str]:
        """The profiles a tool is checked for: the configuration's and those it implies."""
        return frozenset(set(self.config.profiles) | implied_profiles(tool))


@lru_cache(maxsize=256)
def _globs(glob: str) -> Globs:
    return Globs([glob])


class _Machinery:
    """What linting a document calls of the rules' machinery (`schema_lint.rule` and the
    modules built on it), imported once, when the first document is linted. An import
    statement in each call instead cost about 7,000 instructions every time it ran (the
    import system looks for the module's `__path__` and formats the AttributeError its
    absence raises): twelve thousand of them, 2.4% of a run over 1,000 files."""

    def __init__(self) -> None:
        from schema_lint.lint.definition_findings import DefinitionFindings
        from schema_lint.profiles.checks.clients import request_name
        from schema_lint.prose.side_effects import classify
        from schema_lint.rule import ToolContext
        from schema_lint.sources.tools import Requests, find_tools, result_schemas

        self.tool_context = ToolContext
        self.definition_findings = DefinitionFindings
        self.find_tools = find_tools
        self.result_schemas = result_schemas
        self.requests = Requests
        self.classify = classify
        self.request_name = request_name


def _parse_error(doc: Document, error) -> Diagnostic:
    return Diagnostic(
        code=PARSE_ERROR_CODE, name=PARSE_ERROR_NAME, severity=Severity.ERROR, message=error.message,
        path=doc.path, pointer="", span=Span(error.line, error.column, error.line, error.column),
    )


def _broken_tool(doc: Document, fault) -> Diagnostic:
    """A tool no provider takes, its arguments schema no schema: an SL000 at that schema (exit
    2), as the same tool listed by a live server is (the MCP SDK refuses the listing)."""
    return Diagnostic(code=PARSE_ERROR_CODE, name=PARSE_ERROR_NAME, severity=Severity.ERROR, message=fault.message,
                      path=doc.path, pointer=fault.schema_pointer, tool=fault.name, span=doc.locate(fault.schema_pointer))


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
