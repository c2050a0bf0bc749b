"""What a rule is, how rules are found, and what a rule's check function receives.

A rule is a module in `schema_lint.rules` (or a third-party module registered under
the entry-point group `schema_lint.rules`) that defines:

    CODE = "SL301"                 # stable, public
    NAME = "unbounded-string"      # kebab-case
    SEVERITY = Severity.WARNING    # or by_side_effects(read=..., write=..., destructive=...)
    FIXABLE = True                 # whether it can attach a Fix
    SCHEMAS = (ARGUMENTS, RESULTS) # what it lints (default: arguments only), see below
    KEYWORDS = ("pattern",)        # optional: it finds nothing in a schema where no subschema
                                   # has one of these keywords, and is then not run (see below)
    def check(ctx: ToolContext) -> Iterable[Finding]: ...

A tool has two schemas: its arguments (what a model sends) and, on MCP tools, its results
(`outputSchema`, what the server returns). Rules about a schema's validity (SL0xx) make
sense for both; rules about what a model may send (required fields, open objects, bounds)
only for arguments. A rule runs on the results schema only when its `SCHEMAS` names it.

and a module docstring in four `## ` sections: What it does / Why is this bad /
Example / Fix safety.

As ruff hands each node only to the rules registered for its kind, a rule that reads only
some keywords declares them in `KEYWORDS`, and a tool none of whose subschemas (those the
walk reaches) has any of them skips the rule: most tools have no `$ref`, `pattern` or
`if`, and a rule's run costs a few microseconds even when it finds nothing.

A check reads the tool through its `ToolContext`, whose facts are computed once per tool
and shared by every rule, so that a rule pays only for the nodes it cares about:

    ctx.nodes                  every subschema (`SchemaNode`), in walk order; ctx.walk() iterates them
    ctx.of_kind("string")      those of one kind: a type name ("number" includes integers),
                               "object" (declared or implied by `properties`), "composition"
    ctx.with_keyword("format") those that have a keyword
    ctx.keywords               every keyword some subschema has
    ctx.properties()           those reached through `properties`
    ctx.objects()              the same as of_kind("object")
    ctx.children(node)         a node's direct subschemas
    ctx.refs, ctx.definitions  `$ref` resolution and the `$defs` a reference reaches

and on each node `types` (the declared types in standard names), `field_name` (the
property it describes, also through `items` and union branches), `name`, `keyword`,
`parent` and `pointer`. Lists are shared: a rule must not change them.

May import: model, text, schema, profiles, config.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import ModuleType
from typing import Any, NamedTuple, TYPE_CHECKING

from schema_lint.config import entry_points
from schema_lint.config.selection import ENTRY_POINT_GROUP
from schema_lint.schema.definitions import DefinitionUse, definition_use
from schema_lint.schema.evaluation_cost import evaluate
from schema_lint.model import Fix, Severity, SideEffects, Tool, cached_attribute
from schema_lint.schema.pointer import parent
from schema_lint.profiles import OPENAI_STRICT, implied_profiles, refusing
from schema_lint.schema.refs import RefIndex
from schema_lint.schema.index import KINDS, SchemaIndex
from schema_lint.schema.walk import SchemaNode, walk
from schema_lint.text.docstrings import argument_words

if TYPE_CHECKING:
    from schema_lint.traffic.summary import ToolSummary


ARGUMENTS, RESULTS = "arguments", "results"


def by_side_effects(read: Severity, write: Severity, destructive: Severity | None = None) -> dict[SideEffects, Severity]:
    return {SideEffects.READ: read, SideEffects.WRITE: write, SideEffects.DESTRUCTIVE: destructive or write}


class Finding(NamedTuple):
    """What a check yields; the engine turns it into a positioned Diagnostic."""

    pointer: str
    message: str
    fix: Fix | None = None
    at_key: bool = False
    severity: Severity | None = None
    # Codes of other rules whose finding at this node this one replaces (see `supersession`).
    supersedes: tuple[str, ...] = ()


class Rule(NamedTuple):
    code: str
    name: str
    severity: Severity | Mapping[SideEffects, Severity]
    check: Callable[[ToolContext], Iterable[Finding]]
    doc: str
    fixable: bool = False
    # Which of a tool's schemas it lints: `ARGUMENTS`, `RESULTS` (see the module docstring).
    schemas: frozenset[str] = frozenset({ARGUMENTS})
    # What it reads: None (anything), or keywords of which a subschema must have one for it to
    # find anything (see the module docstring).
    keywords: frozenset[str] | None = None

    def severity_for(self, side_effects: SideEffects) -> Severity:
        if isinstance(self.severity, Severity):
            return self.severity
        return self.severity[side_effects]

    @property
    def default_severity_text(self) -> str:
        if isinstance(self.severity, Severity):
            return str(self.severity)
        return "/".join(str(self.severity[s]) for s in SideEffects)

    @classmethod
    def from_module(cls, module: ModuleType) -> Rule:
        return cls(
            code=module.CODE, name=module.NAME, severity=module.SEVERITY, check=module.check,
            doc=(module.__doc__ or "").strip(), fixable=getattr(module, "FIXABLE", False),
            schemas=frozenset(getattr(module, "SCHEMAS", (ARGUMENTS,))),
            keywords=frozenset(module.KEYWORDS) if hasattr(module, "KEYWORDS") else None,
        )


class ToolContext:
    """Everything a check may look at for one tool. A plain class, not a dataclass: generating
    a dataclass's methods costs about a millisecond of every start-up."""

    def __init__(self, tool: Tool, document: Any, settings: Mapping[str, Any] | None = None,
                 profiles: frozenset[str] = frozenset(), group: tuple[Tool, ...] = (),
                 traffic: ToolSummary | None = None, configured_profiles: frozenset[str] = frozenset(),
                 request_name: str = "", checks_request: bool = True, selected: frozenset[str] | None = None,
                 request_tools: tuple[Tool, ...] | None = None,
                 request_documents: Mapping[int, Any] | None = None) -> None:
        self.tool = tool
        self.document = document
        self.settings: Mapping[str, Any] = {} if settings is None else settings
        self.profiles = profiles
        # The tools sent together with this one, itself included, in order: those of its file.
        self.group = group
        # Those of them in the same request, when the file holds several (a JSON Lines file of
        # tools is a catalogue, not one request: see `sources.tools.Requests`); else the group.
        self.request_tools = group if request_tools is None else request_tools
        # The document each of them is in, by `id`, where they span files (a configured request,
        # `request_groups`); None when all are in `document`.
        self.request_documents = request_documents
        # What this tool's recorded calls sent (`check --calls`): evidence for the values fixes propose.
        self.traffic = traffic
        # The profiles the configuration names, for every tool of the group alike.
        self.configured_profiles = configured_profiles
        # What the group is called where a client names it: a live server's name, else the file's
        # stem (Claude Code's `mcp__<server>__<tool>` counts it).
        self.request_name = request_name
        # False for a file of a configured request (`requests`): its limits that count across tools
        # are checked once across all the request's files, after the run (`request_groups`).
        self.checks_request = checks_request
        # The codes of the rules this run runs (None: every rule), for a rule that leaves a
        # node to another only when that one runs.
        self.selected = selected

    def runs(self, code: str) -> bool:
        """Whether the run selects the rule `code` (its `select`, `extend-select` and `ignore`;
        a per-file or per-tool ignore silences the rule's findings, it does not unselect it)."""
        return self.selected is None or code in self.selected

    @property
    def side_effects(self) -> SideEffects:
        return self.tool.side_effects

    def refuses(self, keyword: str, *value: object) -> bool:
        """Whether a provider this tool is checked for rejects (or ignores) `keyword` (or, given,
        `keyword: value`: `refuses("format", "uri")`).

        Rules ask before they advise: a fix must never suggest what the provider refuses.
        """
        return refusing(self.profiles, keyword, *value) is not None

    def profiles_of(self, tool: Tool) -> frozenset[str]:
        """The profiles another tool of the request is checked for (request-wide limits count them)."""
        if tool is self.tool:
            return self.profiles
        return self.configured_profiles | implied_profiles(tool)

    @property
    def optional_as_nullable(self) -> bool:
        """openai-strict wants every property required, optional ones spelled `[T, "null"]`."""
        return OPENAI_STRICT in self.profiles

    @cached_attribute
    def nodes(self) -> list[SchemaNode]:
        nodes = list(walk(self.tool.schema, self.tool.schema_pointer))
        documented = argument_words(self.tool.definition.get("description")) if nodes else {}
        for node in nodes[0].children if documented else ():
            # The words a docstring's `Args:` block gives an argument whose schema has none.
            if node.keyword == "properties" and node.name in documented and node.get("description") is None:
                node.documented = documented[node.name]
        return nodes

    def walk(self) -> Iterator[SchemaNode]:
        return iter(self.nodes)

    @cached_attribute
    def _index(self) -> SchemaIndex:
        return SchemaIndex(self.nodes)

    def of_kind(self, kind: str) -> list[SchemaNode]:
        """The subschemas of one kind (see `schema.index.KINDS`), in walk order."""
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}: one of {', '.join(sorted(KINDS))}")
        return self._index.of_kind(kind)

    @property
    def keywords(self) -> frozenset[str]:
        """Every keyword some subschema has."""
        return self._index.keywords

    def with_keyword(self, keyword: str) -> list[SchemaNode]:
        """The subschemas that have `keyword` (whatever its value), in walk order."""
        return self._index.with_keyword(keyword)

    def children(self, node: SchemaNode) -> list[SchemaNode]:
        """The direct subschemas of `node`, in walk order."""
        return node.children

    @cached_attribute
    def refs(self) -> RefIndex:
        """Offline `$ref` resolution within this tool's schema, shared by every rule."""
        return RefIndex(self.nodes, self.tool.schema)

    @cached_attribute
    def _evaluation(self) -> tuple[tuple[SchemaNode, str] | None, SchemaNode | None]:
        """`schema.evaluation_cost.evaluate`. Only references share subschemas or loop, so a
        schema without any is answered at once."""
        return evaluate(self.nodes, self.refs) if self.refs.referring else (None, None)

    @property
    def costly_to_validate(self) -> tuple[SchemaNode, str] | None:
        """The first subschema whose application to one value evaluates too many subschemas to
        validate in time (`schema.evaluation_cost`), with why; ``None`` for nearly every schema."""
        return self._evaluation[0]

    @property
    def loops_on_one_value(self) -> SchemaNode | None:
        """The first subschema that applies itself again to the same value, never descending."""
        return self._evaluation[1]

    @cached_attribute
    def definitions(self) -> DefinitionUse:
        """The schema's `$defs`/`definitions` entries, and which of them a reference reaches."""
        return definition_use(self.nodes, self.refs, self.tool.schema)

    @property
    def definition_pointer(self) -> str:
        """Where the tool's definition (name, description, schema key) is: the object that
        holds the schema (`/tools/0/function` for an OpenAI Chat tool), or the schema itself
        for a raw JSON Schema file."""
        if self.tool.schema_pointer == self.tool.pointer:
            return self.tool.pointer
        return parent(self.tool.schema_pointer)

    def properties(self) -> Iterator[SchemaNode]:
        return iter(self._index.properties)

    def objects(self) -> Iterator[SchemaNode]:
        """Subschemas that describe objects (declared, or implied by `properties`)."""
        return iter(self.of_kind("object"))


def load_rules() -> dict[str, Rule]:
    """Built-in rules, then third-party ones; keyed and ordered by code."""
    from schema_lint.config.selection import RULES_PACKAGE, builtin_rule_modules

    found: dict[str, Rule] = {}
    for name in builtin_rule_modules():
        module = importlib.import_module(f"{RULES_PACKAGE}.{name}")
        if hasattr(module, "CODE"):
            rule = Rule.from_module(module)
            found[rule.code] = rule
    for module in entry_points.load(ENTRY_POINT_GROUP):
        rule = Rule.from_module(module)
        found.setdefault(rule.code, rule)
    return dict(sorted(found.items()))


def parse_rule_doc(doc: str) -> dict[str, str]:
    """Split a rule docstring into its four headed parts."""
    parts: dict[str, str] = {}
    current = None
    for line in doc.splitlines():
        heading = line.strip().lstrip("#").strip().rstrip(":")
        if heading in ("What it does", "Why is this bad", "Example", "Fix safety"):
            current = heading
            parts[current] = ""
        elif current is not None:
            parts[current] += line + "\n"
    return {k: v.strip() for k, v in parts.items()}
