"""The fix gate: which of a tool's findings may offer their fix.

A rule proposes a fix from what a field is; whether the fix may be offered depends on where
the tool is sent and what it has accepted so far. Each fix becomes a `Candidate` (the fixed
schema and its validators worked out once, see `candidate`) and passes three gates in order:

1. a keyword one of the tool's provider profiles refuses (`profile_refusals`);
2. a value the schema itself states (a default, an example, an enum value) it would reject
   (`stated_values`);
3. a recorded call that passes today it would reject, for tightening fixes (`recorded_calls`).

A fix a gate refuses is withheld: the finding stays, says why (the same words as ever at
the end of its message), and carries the verdict as data (`Diagnostic.withheld`).

May import: model, text, schema, prose, profiles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from schema_lint.gate import profile_refusals, stated_values
from schema_lint.gate.candidate import Candidate, ToolSchema
from schema_lint.model import Diagnostic, Withheld

PROFILE, STATED_VALUE, RECORDED_CALLS = "profile", "stated-value", "recorded-calls"


def gated(diagnostics: list[Diagnostic], schema, schema_pointer: str, profiles: frozenset[str] = frozenset(),
          calls: Iterable[dict] | None = None) -> list[Diagnostic]:
    """One tool's findings, each fix a gate refuses withheld (`calls`: the tool's recorded
    calls, or None without any)."""
    if not any(diagnostic.fix is not None for diagnostic in diagnostics):
        return diagnostics
    tool = ToolSchema(schema, schema_pointer)
    waiting = [Candidate(diagnostic, tool) for diagnostic in diagnostics if diagnostic.fix is not None]
    verdicts: dict[int, Withheld] = {}
    for gate, refusals in _gates(tool, profiles, calls):
        for candidate, reason in refusals(waiting):
            verdicts[id(candidate.diagnostic)] = Withheld(gate, reason)
        if verdicts:
            waiting = [candidate for candidate in waiting if id(candidate.diagnostic) not in verdicts]
    if not verdicts:
        return diagnostics
    return [_withheld(diagnostic, verdicts[id(diagnostic)]) if id(diagnostic) in verdicts else diagnostic
            for diagnostic in diagnostics]


def _gates(tool: ToolSchema, profiles: frozenset[str], calls: Iterable[dict] | None) -> Iterator[tuple[str, Callable]]:
    """The gates that apply to this tool, in order, each with what it refuses of the candidates."""
    if profiles:
        yield PROFILE, lambda waiting: profile_refusals.refused(tool, waiting, profiles)
    yield STATED_VALUE, lambda waiting: stated_values.broken(tool, waiting)
    if calls is not None:
        from schema_lint.gate import recorded_calls  # read only by runs given recorded calls

        yield RECORDED_CALLS, lambda waiting: recorded_calls.rejecting(tool, waiting, calls)


def _withheld(diagnostic: Diagnostic, verdict: Withheld) -> Diagnostic:
    return diagnostic._replace(message=diagnostic.message + verdict.reason, fix=None, withheld=verdict)
