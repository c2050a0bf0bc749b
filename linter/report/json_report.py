"""`json` (one array) and `jsonl` (one object a line): the machine-readable findings."""

from __future__ import annotations


from schema_lint.text.display import json_text
from schema_lint.fixes.evidence import evidence_record
from schema_lint.fixes.patches import json_patch
from schema_lint.fixes.review import edits_of, fix_document, note_of, positioned
from schema_lint.report import json_stream


def diagnostic_record(diagnostic, result) -> dict:
    span = diagnostic.span
    return {
        "code": diagnostic.code,
        "name": diagnostic.name,
        "severity": str(diagnostic.severity),
        "message": diagnostic.message,
        "file": diagnostic.path,
        "line": span.line if span else None,
        "column": span.column if span else None,
        "end_line": span.end_line if span else None,
        "end_column": span.end_column if span else None,
        "pointer": diagnostic.pointer,
        "tool": diagnostic.tool,
        "source": diagnostic.source,
        "fix": fix_record(diagnostic, result),
    }


def fix_record(diagnostic, result) -> dict | None:
    """The fix as text edits of the file (1-based, end exclusive, columns in characters);
    no edits, a `note` and the fix as a JSON Patch on the document as parsed, when they could
    not be computed (a JSONC file, a YAML stream: see `fixes.editable`). On a live tool, a JSON Patch;
    and on a `--python` tool whose fix is made in its source, also the edits of that `file`.
    `safety` is safe, unsafe or suggestion (never applied by `--fix`); `evidence` says where
    the value comes from (`schema-words`, `recorded-calls`, `configuration`, `field-name`,
    `none`), null for a fix that does not tighten."""
    fix = diagnostic.fix
    if fix is None:
        return None
    if diagnostic.live:  # no file to edit: the fix as JSON Patch on the tool as the server lists it
        record = {"safety": str(fix.safety), "description": fix.description, "evidence": evidence_record(fix),
                  "patch": json_patch(fix)}
        source = fix_document(result, diagnostic)
        if source is not None:
            from schema_lint.report.ci import checkout_path

            record["file"] = checkout_path(source.path)
            record["edits"] = [positioned(source, edit) for edit in edits_of(diagnostic, source) or []]
        if diagnostic.fix_note:  # why a `--python` tool's fix is not made in its source
            record["note"] = diagnostic.fix_note
        return record
    document = result.documents.get(diagnostic.path)
    edits = edits_of(diagnostic, document) or []
    record = {"safety": str(fix.safety), "description": fix.description, "evidence": evidence_record(fix),
              "edits": [positioned(document, edit) for edit in edits]}
    if not edits and fix.operations:
        record["patch"] = json_patch(fix)
    note = note_of(diagnostic, document)
    if note:
        record["note"] = note
    return record


def chunks(result, options):
    """The array, a finding at a time (see `json_stream`)."""
    records = (diagnostic_record(d, result) for d in result.diagnostics)
    return json_stream.chunks(json_stream.Streamed(records, len(result.diagnostics)))


def chunks_lines(result, options):
    return (json_text(diagnostic_record(d, result)) + "\n" for d in result.diagnostics)
