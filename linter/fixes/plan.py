"""Which fixes of one document are applied together, and the text they produce.

Fixes are taken in the order of their findings (position, then code). A fix is held
back for the next run when it touches the same node as one already taken (same or
nested JSON pointers) or its text edits collide with one's; it is dropped, with a note
on its finding, when its edits cannot be computed (among them, a YAML edit that would
remove a comment: `comments`) or the edited text does not re-parse to exactly
`apply_operations` on the parsed original. Nothing a fix would break is ever written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from schema_lint.fixes.claims import Claims
from schema_lint.fixes.editor import fix_edits
from schema_lint.schema.operations import OperationError, apply_operations, same_json
from schema_lint.fixes.textedit import EditError, TextEdit, apply_edits
from schema_lint.model import Diagnostic, FixSafety, Operation
from schema_lint.sources.document import Document
from schema_lint.sources.documents import read_document

NOT_REPRODUCED = "the edited text does not parse to the intended document"


class Failed(NamedTuple):
    """A finding whose fix could not be applied, and why."""

    original: Diagnostic
    note: str

    @property
    def diagnostic(self) -> Diagnostic:
        """The finding as reported from now on: its note says why its fix was not applied."""
        return self.original._replace(fix_note=self.note)


@dataclass
class FilePlan:
    doc: Document
    text: str
    applied: list[Diagnostic] = field(default_factory=list)
    # Overlapping an applied fix: applied by the next run.
    deferred: list[Diagnostic] = field(default_factory=list)
    # Not applied, each with why.
    failed: list[Failed] = field(default_factory=list)
    # What the text carries out: the applied fixes' operations, each fix once.
    operations: list[Operation] = field(default_factory=list)
    # Rules still fixing when the passes ran out (see FixSession): the fixes did not converge.
    unconverged: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.text != self.doc.text


def plan_fixes(doc: Document, diagnostics: list[Diagnostic]) -> FilePlan:
    plan = FilePlan(doc, doc.text)
    taken: list[tuple[Diagnostic, list[TextEdit]]] = []
    claims = Claims()
    # Findings whose fix is the very fix of a taken one share its fate.
    fixes_taken: dict[str, Diagnostic] = {}
    twins: list[tuple[Diagnostic, Diagnostic]] = []
    for diagnostic in sorted(diagnostics, key=_order):
        if diagnostic.fix is None or diagnostic.fix.safety is FixSafety.SUGGESTION:
            continue  # a suggestion is for a person to choose: no caller writes one
        key = repr(diagnostic.fix.operations)
        if key in fixes_taken:
            twins.append((diagnostic, fixes_taken[key]))
            continue
        try:
            edits = fix_edits(doc, diagnostic.fix)
        except EditError as exc:
            _fail(plan, diagnostic, str(exc))
            continue
        if claims.conflict(diagnostic.fix.operations, edits):
            plan.deferred.append(diagnostic)
        else:
            claims.claim(diagnostic.fix.operations, edits)
            fixes_taken[key] = diagnostic
            taken.append((diagnostic, edits))
    _apply_verified(plan, taken)
    for diagnostic, twin in twins:
        if twin in plan.applied:
            plan.applied.append(diagnostic)
        elif twin in plan.deferred:
            plan.deferred.append(diagnostic)
        else:
            failed = next(entry for entry in plan.failed if entry.original is twin)
            plan.failed.append(Failed(diagnostic, failed.note))
    return plan


def _order(diagnostic: Diagnostic) -> tuple:
    span = diagnostic.span
    return (span.line, span.column, diagnostic.code, diagnostic.pointer) if span else (0, 0, diagnostic.code, diagnostic.pointer)


def _fail(plan: FilePlan, diagnostic: Diagnostic, reason: str) -> None:
    plan.failed.append(Failed(diagnostic, f"fix could not be applied: {reason}"))


def _not_reproduced(doc: Document, diagnostic: Diagnostic) -> str:
    """Why a fix's edit did not give the intended document: most often an object it edits
    writes a key twice (SL006), whose first copy the text keeps and the parsed document
    does not; said so, with the key, for the user to remove the copy first."""
    parents = {operation.path.rpartition("/")[0] for operation in diagnostic.fix.operations}  # type: ignore[union-attr]  # failed only with a fix
    repeated = next(((pointer, key) for pointer, key in doc.duplicate_keys if pointer in parents), None)
    if repeated is None:
        return NOT_REPRODUCED
    pointer, key = repeated
    return f"the object it edits ({pointer or 'the root'}) writes the key `{key}` twice (SL006): remove one, then fix"


def _operations(taken: list[tuple[Diagnostic, list[TextEdit]]]) -> list[Operation]:
    return [op for diagnostic, _ in taken for op in diagnostic.fix.operations]  # type: ignore[union-attr]  # taken only with a fix


def reproduces(doc: Document, text: str, operations: list[Operation]) -> bool:
    """Whether `text` parses to exactly the operations applied to the parsed original, with
    no key written twice that was not before. (A YAML node two tools share through an alias
    is edited once per tool: the same key twice in one mapping still loads as intended where
    the last one wins, but a loader that follows the YAML spec, such as js-yaml, refuses it.)"""
    try:
        expected = apply_operations(doc.data, operations)
    except OperationError:
        return False
    reparsed = read_document(doc.path, raw=text.encode("utf-8"), kind=doc.kind)
    return (not reparsed.errors and same_json(reparsed.data, expected)
            and len(reparsed.duplicate_keys) <= len(doc.duplicate_keys))


def _edited(doc: Document, taken: list[tuple[Diagnostic, list[TextEdit]]]) -> str:
    """The original text with the taken fixes' edits. Insertions at one offset go deepest
    node first: in YAML the end of an inner mapping can be the end of its parent's too,
    and the inner member's lines must come before the outer one's."""
    deepest_first = sorted(taken, key=lambda entry: -max(op.path.count("/") for op in entry[0].fix.operations))  # type: ignore[union-attr]  # taken only with a fix
    # The same edit twice is one node reached by two paths (a YAML alias two tools share):
    # made once, it carries both fixes.
    return apply_edits(doc.text, list(dict.fromkeys(edit for _, edits in deepest_first for edit in edits)))


def _apply_verified(plan: FilePlan, taken: list[tuple[Diagnostic, list[TextEdit]]]) -> None:
    """All taken fixes at once when they verify together (the usual case); otherwise one
    by one, keeping each that verifies with those kept before it."""
    doc = plan.doc
    text = _edited(doc, taken)
    if reproduces(doc, text, _operations(taken)):
        plan.text = text
        plan.applied.extend(d for d, _ in taken)
        plan.operations = _operations(taken)
        return
    kept: list[tuple[Diagnostic, list[TextEdit]]] = []
    for entry in taken:
        trial = [*kept, entry]
        if reproduces(doc, _edited(doc, trial), _operations(trial)):
            kept = trial
        elif reproduces(doc, _edited(doc, [entry]), _operations([entry])):
            plan.deferred.append(entry[0])
        else:
            _fail(plan, entry[0], _not_reproduced(doc, entry[0]))
    plan.text = _edited(doc, kept)
    plan.applied.extend(d for d, _ in kept)
    plan.operations = _operations(kept)
