"""The fix gate: which of a tool's findings may offer their fix.

A rule proposes a fix from what a field is; whether the fix may be offered depends on where
the tool is sent and what it has accepted so far. First, every fix that sets a bound,
suggestions too, must not leave the subschema it edits with bounds no value meets
(`contradictions`). Then each fix becomes a `Candidate` (the fixed schema and its validators
worked out once, whichever gates ask) and passes three gates in order:

1. a keyword one of the tool's provider profiles refuses (`profile_refusals`);
2. a value the schema itself states (a default, an example, an enum value) it would reject
   (`stated_values`), for fixes `--fix` can apply (a suggestion never is);
3. a recorded call that passes today it would reject, for tightening fixes (`recorded_calls`);
   or, when the calls are known by their summary, a value sent the fix would reject
   (`recorded_summary`).

A fix a gate refuses is withheld: the finding stays, says why (the same words as ever at
the end of its message), and carries the verdict as data (`Diagnostic.withheld`).

May import: model, text, schema, prose, profiles.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from functools import cached_property
from os.path import commonprefix
from typing import TYPE_CHECKING, Any

from schema_lint.gate import contradictions, profile_refusals, stated_values
from schema_lint.model import Diagnostic, FixSafety, Operation, Withheld
from schema_lint.schema.bounds import BOUNDS
from schema_lint.schema.dialect import gemini_numbers, is_openapi_dialect, normalize_dialect
from schema_lint.schema.evaluation_cost import too_costly
from schema_lint.schema.offline import with_bundled_dialect
from schema_lint.schema.operations import OperationError, apply_inside, apply_operations
from schema_lint.schema.patterns import regex_options
from schema_lint.schema.pointer import split

if TYPE_CHECKING:
    import jsonschema_rs

PROFILE, STATED_VALUE, RECORDED_CALLS, CONTRADICTION = "profile", "stated-value", "recorded-calls", "contradiction"


class ToolSchema:
    """The argument (or results) schema of one tool, where it lies in its document.

    `openapi`: the schema is a Gemini declaration's `parameters` (`is_openapi_dialect`), read
    as the rest of the linter and the boundary read it: its counts and numeric `enum` written
    as strings are the numbers they stand for (`gemini_numbers`, already applied to `schema`:
    a fix's stated values are those numbers too), and `nullable` lets `null` in. Read as plain
    JSON Schema such a schema does not compile, and no stated value would count as evidence."""

    def __init__(self, schema: Any, pointer: str, openapi: bool = False, words: str | None = None) -> None:
        self.schema = gemini_numbers(schema) if openapi else schema
        self.pointer = pointer
        self.openapi = openapi
        # The tool's own description, outside the schema: it may give a field values by name.
        self.words = words

    @cached_property
    def validators(self) -> jsonschema_rs.ValidatorMap | None:
        """The schema as written, compiled; None when it does not compile."""
        return validators_for(self.schema, self.openapi)


class Candidate:
    """One finding's fix, on its way through the gates."""

    def __init__(self, diagnostic: Diagnostic, tool: ToolSchema) -> None:
        self.diagnostic = diagnostic
        self.tool = tool
        # The fix's operations addressed inside the schema; None when one reaches outside it.
        self.operations = inner_operations(diagnostic.fix.operations, tool.pointer)  # type: ignore[union-attr]  # made only for a finding with a fix

    @cached_property
    def fixed(self) -> Any:
        """The schema with the fix applied; None when the fix does not apply to it."""
        if self.operations is None:
            return None
        try:
            return applied_sharing(self.tool.schema, self.operations)
        except OperationError:
            return None

    @cached_property
    def validators(self) -> jsonschema_rs.ValidatorMap | None:
        """The fixed schema, compiled; None when there is none or it does not compile."""
        return None if self.fixed is None else validators_for(self.fixed, self.tool.openapi)


def applied_sharing(schema: Any, operations: list[Operation]) -> Any:
    """What `apply_operations` makes of `schema`, sharing with it what no operation reaches:
    only the deepest container every edit lies in is copied whole (by `apply_operations`),
    the containers above it one level each. A gate only reads a fixed schema, and the deep
    copy of a whole schema cost more than the rest of most fixes' checks (a schema with
    `$defs` is a large one). Raises `OperationError` where `apply_operations` does."""
    if not operations or any(not operation.path for operation in operations):
        return apply_operations(schema, operations)  # the whole schema rewritten
    # The deepest container every edit lies in.
    common = commonprefix([split(operation.path)[:-1] for operation in operations])
    _, fixed_inner = apply_inside(schema, common, operations)
    if not common:
        return fixed_inner
    fixed = node = copy.copy(schema)
    for index, token in enumerate(common):
        key = int(token) if isinstance(node, list) else token
        child = fixed_inner if index == len(common) - 1 else copy.copy(node[key])
        node[key] = child
        node = child
    return fixed


def validators_for(schema: Any, openapi: bool = False) -> jsonschema_rs.ValidatorMap | None:
    """A validator for every subschema of `schema` (read as `normalize_dialect` does, in
    Gemini's dialect with `openapi`), by `#pointer`, fetching nothing; None when the schema
    does not compile, or would take too long to validate a value against (`evaluation_cost`).
    Imports jsonschema-rs: most runs compile nothing here."""
    import jsonschema_rs

    if too_costly(schema) is not None:
        return None
    try:
        return jsonschema_rs.validator_map_for(with_bundled_dialect(normalize_dialect(schema, openapi)), validate_formats=True,
                                               offline=True, pattern_options=regex_options())
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError, TypeError):
        return None


def inner_operations(operations: tuple[Operation, ...], schema_pointer: str) -> list[Operation] | None:
    """A fix's document operations addressed inside the tool's schema, or None when one reaches
    outside it."""
    if not schema_pointer:  # the schema is the document: its pointers are the operations' own
        return list(operations) if all(not o.path or o.path.startswith("/") for o in operations) else None
    inner = []
    for operation in operations:
        if operation.path != schema_pointer and not operation.path.startswith(schema_pointer + "/"):
            return None
        inner.append(Operation(operation.op, operation.path[len(schema_pointer):], operation.value))
    return inner


def gated(diagnostics: list[Diagnostic], schema, schema_pointer: str, profiles: frozenset[str] = frozenset(),
          calls: Iterable[dict] | None = None, summary: Any = None, tool_format: str = "",
          tool_words: str | None = None) -> list[Diagnostic]:
    """One tool's findings, each fix a gate refuses withheld (`calls`: the tool's recorded
    calls, or None without any; `summary`: their `traffic.summary.ToolSummary` instead, when
    they cannot be read; `tool_format`: the tool's `Tool.format`, which with `schema_pointer`
    tells a schema in Gemini's dialect, see `ToolSchema`; `tool_words`: the tool's
    description); the list itself when no fix is withheld."""
    # A fix that only respells a type passes the stated-value gate whatever the schema
    # states; when no other gate is asked (most runs), it needs no `Candidate`.
    values_only = not profiles and calls is None and summary is None
    verdicts: dict[int, Withheld] = {}
    # A bound that contradicts one the schema states is no advice either: suggestions too.
    bounded = [(diagnostic, inner_operations(diagnostic.fix.operations, schema_pointer))
               for diagnostic in diagnostics if diagnostic.fix is not None and _sets_bounds(diagnostic.fix.operations)]
    for diagnostic, reason in contradictions.contradicting(schema, bounded):
        verdicts[id(diagnostic)] = Withheld(CONTRADICTION, reason)
    # A suggestion is never applied: only a provider's refusal concerns it. Checking it against
    # the schema's values would compile the schema of nearly every tool for advice a
    # reviewer weighs anyway.
    fixed = [diagnostic for diagnostic in diagnostics if diagnostic.fix is not None and id(diagnostic) not in verdicts
             and (profiles or diagnostic.fix.safety is not FixSafety.SUGGESTION)
             and not (values_only and stated_values.respells_types(schema, diagnostic.fix.operations, schema_pointer))]
    if not fixed:
        return _with_verdicts(diagnostics, verdicts)
    tool = ToolSchema(schema, schema_pointer, is_openapi_dialect(tool_format, schema_pointer), tool_words)
    waiting = [Candidate(diagnostic, tool) for diagnostic in fixed]
    if profiles:
        _hold(verdicts, PROFILE, profile_refusals.refused(tool, waiting, profiles))
    applied = [c for c in _still(waiting, verdicts) if c.diagnostic.fix.safety is not FixSafety.SUGGESTION]  # type: ignore[union-attr]  # a candidate's finding has a fix
    _hold(verdicts, STATED_VALUE, stated_values.broken(tool, applied))
    if calls is not None:
        from schema_lint.gate import recorded_calls  # read only by runs given recorded calls

        _hold(verdicts, RECORDED_CALLS, recorded_calls.rejecting(tool, _still(waiting, verdicts), calls))
    elif summary is not None:
        from schema_lint.gate import recorded_summary

        _hold(verdicts, RECORDED_CALLS, recorded_summary.rejecting(tool, _still(waiting, verdicts), summary))
    return _with_verdicts(diagnostics, verdicts)


def _with_verdicts(diagnostics: list[Diagnostic], verdicts: dict[int, Withheld]) -> list[Diagnostic]:
    if not verdicts:
        return diagnostics
    return [_withheld(diagnostic, verdicts[id(diagnostic)]) if id(diagnostic) in verdicts else diagnostic
            for diagnostic in diagnostics]


def _sets_bounds(operations: tuple[Operation, ...]) -> bool:
    return any(operation.path.rpartition("/")[2] in BOUNDS for operation in operations)


def _hold(verdicts: dict[int, Withheld], gate: str, refused: Iterable[tuple[Candidate, str]]) -> None:
    for candidate, reason in refused:
        verdicts[id(candidate.diagnostic)] = Withheld(gate, reason)


def _still(waiting: list[Candidate], verdicts: dict[int, Withheld]) -> list[Candidate]:
    """The candidates no gate before has refused."""
    return [candidate for candidate in waiting if id(candidate.diagnostic) not in verdicts] if verdicts else waiting


def _withheld(diagnostic: Diagnostic, verdict: Withheld) -> Diagnostic:
    return diagnostic._replace(message=diagnostic.message + verdict.reason, fix=None, withheld=verdict)
