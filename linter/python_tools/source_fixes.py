"""Fixes on tools generated from Python, made in the Python that generates them.

A `--python` tool's fix is a JSON Patch on the schema its framework generated; the author
edits the function or model instead. Each enabled fix becomes edits of the source
(`fixes.python_source`: `Annotated[..., Field(...)]`, `Literal[...]`, `ConfigDict`) at the
parameter or field the child placed (`worker.positions`): a file's edits, of however many
of its functions and models, are made together on its text as read, where the child
placed them (an import one of them adds would move the others), and only where pydantic
applies its constraint to the parameter's type as the child read it (`worker.kind`: not
`max_length` on a `date`, which reaches the schema and fails every call). Before anything
is shown or written, the module is imported again in the child with the edited texts in
place of the files' (`child.tools_in_child(edited=...)`), and the schemas it generates must equal
the tools' schemas with the JSON fixes applied: where one does not (a framework that
rewrites the schema, a decorator that changes the signature), the fixes it does not carry
are dropped with a note, `--diff` shows them as JSON Patch as before, and the others are
made and checked again; where the module cannot be read so edited, all of them are dropped.
A file that is not the project's (an installed library's: `project_files`) is never edited:
its fixes stay JSON Patch, with a note saying why.
"""

from __future__ import annotations

import io
import os
import tokenize
from typing import Any, NamedTuple

from schema_lint.fixes.python_source import FIELD_ARGUMENTS, Target, applies, edit, keywords_by_member
from schema_lint.fixes.summary import enabled
from schema_lint.model import Diagnostic, Fix
from schema_lint.python_tools.child import (ARGUMENTS, NO_DEFINITION, Answer, inlined, tools_in_child,
                                           written_in)
from schema_lint.python_tools.project_files import not_the_projects
from schema_lint.python_tools.target import TargetError
from schema_lint.schema.operations import OperationError, apply_operations, same_json

# Why a fix is not made in the source.
NO_WORDS = "pydantic has no words for it where the tool is written"
NESTED = ("it is on a schema nested in a parameter or field, not on a field of a model class found where the "
          "tool is written")
CONFLICT = "it cannot be made together with another fix of the same parameter or field"
# The keywords one fix sets where a parameter, a field or a model is written.
Edit = tuple[Target, dict[str, Any]]


class Read(NamedTuple):
    """One `--python` target as the run read it: what its fixes are planned from."""
    spec: str
    answer: Answer
    limits: Any
    roots: dict[str, dict]  # per tool, where its models are written in place (`_roots`), once read


class SourcePlan(NamedTuple):
    """A Python file's text before and after the fixes made in it, the findings fixed, and
    the encoding it is written in (its own: a PEP 263 `coding` line, or UTF-8)."""
    path: str
    before: str
    after: str
    applied: list[Diagnostic]
    encoding: str = "utf-8"


class Planned(NamedTuple):
    plans: list[SourcePlan]
    # Findings whose fix could not be made in the source, each with a note saying why.
    notes: list[tuple[Diagnostic, str]]

    @property
    def fixed(self) -> set[int]:
        """`id()` of each finding a plan fixes."""
        return {id(d) for plan in self.plans for d in plan.applied}


def plan(diagnostics: list[Diagnostic], targets: dict[str, Read], unsafe: bool) -> Planned:
    """The source edits for the enabled fixes of `--python` tools, target by target, one
    plan per file: targets defined in one file (two servers of a module) each plan their
    fixes on top of the edits the targets before them made there, on the text as read, so
    the file is written once with all of them (a plan per target would each be written
    over the text as read, and the second find the file changed by the first)."""
    planned: dict[str, SourcePlan] = {}  # per file, every target's fixes so far
    prior: dict[str, list[Edit]] = {}  # per file, the edits those fixes make
    notes: list[tuple[Diagnostic, str]] = []
    for path, read in targets.items():
        every = [d for d in diagnostics if d.path.startswith(path + "/")]
        mine = [d for d in every if enabled(d, unsafe)]
        if mine:
            target_plans, target_notes = _plan_target(path, read, mine, prior, every)
            for target_plan, edits in target_plans:
                earlier = planned.get(target_plan.path)
                applied = (earlier.applied if earlier else []) + target_plan.applied
                planned[target_plan.path] = target_plan._replace(applied=applied)
                prior[target_plan.path] = edits
            notes += target_notes
    return Planned(list(planned.values()), notes)


class Reviewed(NamedTuple):
    """One finding's fix made alone in the Python source, for a reviewer to accept."""
    diagnostic: Diagnostic
    path: str
    before: str
    after: str


def for_review(diagnostics: list[Diagnostic], targets: dict[str, Read]) -> list[Reviewed]:
    """Each fix of a `--python` tool (safe, tightening or a suggestion, as review formats show
    every fix of a file) as its own edit of the source, on the text as it is: a reviewer
    accepts them one by one. They are checked as `--fix` checks its plans, all of a target's
    at once (one import of the edited module, and one more for the others when a fix is not
    carried by the regenerated schema), so a fix the framework drops shows none."""
    reviewed = []
    for path, read in targets.items():
        every = [d for d in diagnostics if d.path.startswith(path + "/")]
        mine = [d for d in every if d.fix is not None and d.fix.operations]
        for source_plan, _ in _plan_target(path, read, mine, {}, every)[0] if mine else ():
            for diagnostic in source_plan.applied:
                name = diagnostic.path[len(path) + 1:]
                source, fix = _in_definition(read.answer.sources[name], diagnostic.fix,  # type: ignore[arg-type]
                                             _roots(read, name))
                edits = _edits_of(source, fix)
                alone = edit(source_plan.before, edits) if edits else None
                if alone is not None:
                    reviewed.append(Reviewed(diagnostic, source_plan.path, source_plan.before, alone))
    return reviewed


def _plan_target(path: str, read: Read, diagnostics: list[Diagnostic], prior: dict[str, list[Edit]],
                 every: list[Diagnostic]) -> tuple[list[tuple[SourcePlan, list[Edit]]], list]:
    """The target's fixes made in its files, after the `prior` edits of each (other
    targets'), and checked by importing them so edited; each file's plan with every edit
    it makes. Where a tool's regenerated schema is not the fixed one (a framework that
    drops a keyword, as langchain drops `additionalProperties` from what it offers the
    model), the fixes it does not carry are dropped with a note and the others made and
    checked again, once: one fix the framework cannot express costs the target none of its
    other fixes. `every`: all the target's findings, fixed or not (see `_disagreeing`)."""
    made = _made(path, read, diagnostics, prior, every)
    if not made.edited:
        return [], made.notes
    regenerated = _regenerated(read, made.edited)
    uncarried = _uncarried(path, made, regenerated)
    dropped: list[tuple[Diagnostic, str]] = []
    if uncarried and not isinstance(regenerated, str):
        dropped = [(d, f"not made in the Python source: {why}") for d, why in uncarried]
        gone = {id(d) for d, _ in uncarried}
        made = _made(path, read, [d for d in diagnostics if id(d) not in gone], prior, every)
        if not made.edited:
            return [], made.notes + dropped
        regenerated = _regenerated(read, made.edited)
        uncarried = _uncarried(path, made, regenerated)
    if uncarried:
        failure = regenerated if isinstance(regenerated, str) else uncarried[0][1]
        fixed = [d for ds in made.applied.values() for d in ds]
        return [], made.notes + dropped + [(d, f"not made in the Python source: {failure}") for d in fixed]
    plans = [(SourcePlan(file, made.texts[file], made.edited[file], made.applied[file], made.encodings[file]),
              made.edits[file]) for file in made.edited]
    return plans, made.notes + dropped


class _Made(NamedTuple):
    """A target's fixes made in its files' texts, before they are checked."""
    texts: dict[str, str]  # per file, its text as read
    edited: dict[str, str]  # per file, its text with the fixes made
    applied: dict[str, list[Diagnostic]]  # per file, the findings fixed in it
    expected: dict[str, dict]  # tool name -> the tool with its JSON fixes applied
    notes: list[tuple[Diagnostic, str]]
    edits: dict[str, list[Edit]]  # per file, the edits made in it (other targets' first)
    encodings: dict[str, str]  # per file, what its text is written in


def _made(path: str, read: Read, diagnostics: list[Diagnostic], prior: dict[str, list[Edit]],
          every: list[Diagnostic]) -> _Made:
    """The target's fixes made in its files: per file, every fix so far (after the `prior`
    edits other targets made there) made in one edit of the text as it was read
    (`python_source.edit` finds each definition by its line there, which an edit above it
    would move), so that each function of a file gets its fixes."""
    edits = dict(prior)  # per file, the fixes made in it
    made = _Made({}, {}, {}, {}, [], edits, {})
    tools = {tool.get("name"): tool for tool in read.answer.tools}
    for diagnostic in diagnostics:
        tool_name = diagnostic.path[len(path) + 1:]
        source, fix = _in_definition(read.answer.sources.get(tool_name) or {},
                                     diagnostic.fix,  # type: ignore[arg-type]  # enabled: there is a fix
                                     _roots(read, tool_name))
        why = _why_not(fix, source)
        if why is None:
            file = _file_of(source)
            why = not_the_projects(file, read.answer.installed)
        if why is None:
            text = _read(file, made)
            if text is None:
                why = "the source file cannot be read"
            else:
                combined, changed, why = _with_fix(text, edits.get(file, []), source, fix)
                if why is None and not _encodable(changed, made.encodings[file]):  # type: ignore[arg-type]
                    why = f"its text cannot be written in the file's encoding ({made.encodings[file]})"
        if why is None:
            other = _disagreeing(path, read, diagnostic, tool_name, source, fix, every)
            if other is not None:
                why = (f"it is made in a model tool `{other}` holds too, whose own words do not give it this fix "
                       "(see that tool's finding)")
        if why is None:
            try:
                for name, operations in _patches(read, tool_name, source, fix):
                    made.expected[name] = apply_operations(made.expected.get(name, tools[name]), operations)
            except (OperationError, KeyError):
                why = "its JSON Patch does not apply to the tool"
        if why is not None:
            made.notes.append((diagnostic, f"not made in the Python source: {why}"))
            continue
        edits[file] = combined
        made.edited[file] = changed  # type: ignore[assignment]
        made.applied.setdefault(file, []).append(diagnostic)
    return made


def _disagreeing(path: str, read: Read, diagnostic: Diagnostic, tool_name: str, model: dict, fix: Fix,
                 every: list[Diagnostic]) -> str | None:
    """Another tool that holds the model a fix is made in and whose own finding there is not
    fixed alike, if any. A field of a model is one line of Python for every tool whose
    arguments hold it, and each tool's words are read for its own finding: "The address may
    also use country 'CH'" in one tool leaves its finding without the `Literal` another's
    words give. Made for the one, the edit would reach the other. Identical findings of
    several tools are one finding (`definition_findings`), so a tool with none of its own
    there has none that differs."""
    if model is read.answer.sources.get(tool_name):
        return None
    place = _place(read, tool_name, diagnostic)
    for other in every:
        name = other.path[len(path) + 1:]
        if name == tool_name or other.code != diagnostic.code or other is diagnostic:
            continue
        source = read.answer.sources.get(name) or {}
        held, at = written_in(source, other.pointer, _roots(read, name))
        if held.get("at") != model.get("at") or at != place:
            continue
        theirs = _in_definition(source, other.fix, _roots(read, name))[1] if other.fix is not None else None
        if theirs is None or theirs.safety is not fix.safety or theirs.operations != fix.operations:
            return name
    return None


def _place(read: Read, tool_name: str, diagnostic: Diagnostic) -> str:
    """Where a finding is, as a pointer into the schema of the definition it is written in."""
    return written_in(read.answer.sources.get(tool_name) or {}, diagnostic.pointer, _roots(read, tool_name))[1]


def _in_definition(source: dict, fix: Fix, roots: dict) -> tuple[dict, Fix]:
    """Where `fix` is made: in a model the tool's arguments hold, when every operation is in
    that model's `$defs` entry or its schema inlined at one of the tool's `roots`
    (`child.written_in`), as operations on the model's own schema; else in the tool's own
    function or model, as it is."""
    placed = [written_in(source, operation.path, roots) for operation in fix.operations]
    model = placed[0][0] if placed else source
    if model is source or any(where is not model for where, _ in placed):
        return source, fix
    return model, fix._replace(operations=tuple(operation._replace(path=path)
                                                for operation, (_, path) in zip(fix.operations, placed)))


def _roots(read: Read, name: str) -> dict:
    """Where the tool named `name` has the models its arguments hold written in place
    (`child.inlined`: pointer -> model), read once per tool and target."""
    if name not in read.roots:
        source = read.answer.sources.get(name)
        schema = next((tool.get("inputSchema") for tool in read.answer.tools if tool.get("name") == name), None)
        read.roots[name] = {root: model for model, root in inlined(source, schema)} if isinstance(source, dict) else {}
    return read.roots[name]


def _patches(read: Read, tool_name: str, written: dict, fix: Fix) -> list[tuple[str, tuple]]:
    """What a fix made in `written` changes in the schemas the target generates: the tool's
    own, or, for a model the arguments hold, that of every tool holding the same class,
    wherever its schema is (its `$defs` entry, by whatever name the tool's schema gives it,
    or each place the framework wrote it inline)."""
    sources = read.answer.sources
    if written is sources.get(tool_name):
        return [(tool_name, fix.operations)]
    schemas = {tool.get("name"): tool.get("inputSchema") for tool in read.answer.tools}
    patches = []
    for name, source in sources.items():
        schema = schemas.get(name)
        defs = schema.get("$defs") if isinstance(schema, dict) else None
        held = source.get("models") if isinstance(source, dict) else None
        roots = [f"{ARGUMENTS}/$defs/{entry.replace('~', '~0').replace('/', '~1')}"
                 for entry, model in (held.items() if isinstance(held, dict) else ())
                 if isinstance(model, dict) and model.get("at") == written.get("at")
                 and isinstance(defs, dict) and entry in defs]
        roots += [root for root, model in _roots(read, name).items() if model.get("at") == written.get("at")]
        patches += [(name, tuple(o._replace(path=root + o.path[len(ARGUMENTS):]) for o in fix.operations))
                    for root in roots]
    return patches


def _why_not(fix: Fix, source: dict) -> str | None:
    if not isinstance(source.get("at"), str):
        return NO_DEFINITION
    if not all(o.path.startswith(ARGUMENTS + "/") for o in fix.operations):
        return "it is not on the arguments' schema"
    return None


def _file_of(source: dict) -> str:
    return source["at"].rsplit(":", 2)[0]


def _line_of(place: str) -> int:
    return int(place.rsplit(":", 2)[1])


def _read(file: str, made: _Made) -> str | None:
    """The file's text as Python reads it (in the encoding a PEP 263 `coding` line names, else
    UTF-8; a BOM left out, as `fixes.files.write_fixed` keeps it), its line ends as they are;
    None when it cannot be read so."""
    if file not in made.texts:
        try:
            with open(file, "rb") as handle:
                raw = handle.read()
            encoding = tokenize.detect_encoding(io.BytesIO(raw).readline)[0]
            made.texts[file] = raw.decode(encoding)
        except (OSError, SyntaxError, UnicodeDecodeError):  # SyntaxError: a `coding` line Python refuses
            return None
        made.encodings[file] = "utf-8" if encoding == "utf-8-sig" else encoding
    return made.texts[file]


def _encodable(text: str, encoding: str) -> bool:
    """Whether a fix's text (a value the words gave, in a legacy encoding's file) can be written."""
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def _edits_of(source: dict, fix: Fix) -> list[Edit] | None:
    """The keywords `fix` sets at each parameter or field of the tool's definition, or None
    when it sets one a source edit cannot make."""
    operations = [(o.op, o.path[len(ARGUMENTS):], o.value) for o in fix.operations]
    by_member = keywords_by_member(operations)
    if by_member is None:
        return None
    line = _line_of(source["at"])
    return [(Target(line, member), keywords) for member, keywords in by_member.items()]


def _no_words(fix: Fix) -> str:
    """Why a fix that `_edits_of` cannot make is not made: a keyword pydantic has an argument
    for, on a schema nested deeper than a parameter or field (an object no model class of the
    tool's was found for, a list's items), or one it has none for."""
    worded = all(o.op in ("add", "replace") and o.path.rsplit("/", 1)[-1] in (*FIELD_ARGUMENTS, "enum")
                 for o in fix.operations)
    nested = any(o.path[len(ARGUMENTS):].count("/properties/") > 1 for o in fix.operations)
    return NESTED if worded and nested else NO_WORDS


def _misfit(source: dict, edits: list[Edit]) -> str | None:
    """Why a constraint the edits set does not hold on the type of its parameter or field
    (`fixes.python_source.applies`), or None when each does."""
    kinds = source.get("kinds")
    kinds = kinds if isinstance(kinds, dict) else {}
    for target, keywords in edits:
        kind = kinds.get(target.member) if target.member is not None else None
        for keyword in keywords:
            if target.member is not None and not applies(keyword, kind):
                if kind is None:
                    return f"the type of `{target.member}` could not be read"
                return f"pydantic's `{FIELD_ARGUMENTS[keyword]}` does not apply to the type of `{target.member}`"
    return None


def _with_fix(text: str, made: list[Edit], source: dict, fix: Fix) -> tuple[list[Edit], str | None, str | None]:
    """The edits `made` in `text` and then `fix`'s, the text they make, and why not when they
    cannot be made."""
    mine = _edits_of(source, fix)
    if mine is None:
        return made, None, _no_words(fix)
    misfit = _misfit(source, mine)
    if misfit is not None:
        return made, None, misfit
    combined = made + mine
    changed = edit(text, combined)
    if changed is not None:
        return combined, changed, None
    return made, None, NO_WORDS if not made or edit(text, mine) is None else CONFLICT


def _regenerated(read: Read, edited: dict[str, str]) -> dict[str, dict] | str:
    """The tools the edited module generates, by name, or why it cannot be read."""
    try:
        again = tools_in_child(read.spec, read.limits, {os.path.abspath(f): t for f, t in edited.items()})
    except TargetError as exc:
        return f"the module, so edited, cannot be read: {exc}"
    return {str(tool.get("name")): tool for tool in again.tools}


def _uncarried(path: str, made: _Made, regenerated: dict[str, dict] | str) -> list[tuple[Diagnostic, str]]:
    """The fixes the regenerated schemas do not carry, each with why: of a tool whose schema
    is not the fixed one, those whose JSON Patch would still change it (all of the tool's,
    when none would: the edits changed something else); every fix, when the module cannot
    be read."""
    fixed = [d for ds in made.applied.values() for d in ds]
    if isinstance(regenerated, str):
        return [(d, regenerated) for d in fixed]
    uncarried = []
    for name, tool in made.expected.items():
        schema = regenerated.get(name, {}).get("inputSchema")
        if same_json(schema, tool.get("inputSchema")):
            continue
        why = f"the schema `{name}` then generates is not the fixed one"
        mine = [d for d in fixed if d.path[len(path) + 1:] == name]
        missing = [d for d in mine if not _carries(regenerated.get(name, {}), d.fix)]  # type: ignore[arg-type]
        uncarried += [(d, why) for d in missing or mine]
    return uncarried


def _carries(tool: dict, fix: Fix) -> bool:
    """Whether `tool` already says what `fix` sets: its JSON Patch changes nothing there."""
    try:
        return same_json(apply_operations(tool, fix.operations), tool)
    except OperationError:
        return False
