"""Which documents' text a fix may edit, and what a finding in one that it may not says.

Some texts are read but not edited: JSONC, whose comments and trailing commas sit where
new members would go; a YAML stream of several documents; a file with parse errors,
linted only in the part that could be read. Their fixes are known as soon as the file is
linted, so each such finding carries the note from then on (`Diagnostic.fix_note`): it
is not counted or marked fixable, `--fix` and `--diff` leave it out of what they change,
and the reports show its fix as one not applied (a JSON Patch, like a live server's).

Kept apart from the editors, which only `--fix` and `--diff` import: every lint asks.
"""

from __future__ import annotations

from schema_lint.model import Diagnostic


def why_not_edited(doc) -> str | None:
    """Why fixes never edit `doc`'s text; None when they may."""
    if doc.errors:
        return "a file with parse errors is not edited"
    if getattr(doc, "json_text", None) is not None:
        return "JSON with comments (JSONC) is not edited"
    if getattr(doc, "yaml_documents", 1) > 1:
        return "a YAML stream of several documents is not edited"
    return None


def noted(doc, findings: list[Diagnostic]) -> list[Diagnostic]:
    """`findings` of `doc`, each fix noted as not applied when the document is not edited."""
    reason = why_not_edited(doc)
    if reason is None:
        return findings
    note = f"fix could not be applied: {reason}; apply it by hand"
    return [d._replace(fix_note=note) if d.fix is not None and d.fix.operations and d.fix_note is None else d
            for d in findings]
