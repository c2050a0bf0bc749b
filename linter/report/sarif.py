"""SARIF 2.1.0: the format GitHub code scanning and other static-analysis viewers read.

One run: `tool.driver` describes schema-lint and every rule (from the rule's
docstring), and each finding is one result with its physical location (file and
region) and two logical ones (the tool, and the JSON pointer of the node).
`sarif_result` builds one result from one diagnostic, with its fix (if any) as
`fixes[].artifactChanges`: regions in the same code-point columns as the locations.

A tool generated from Python code is placed at the line of its definition. A finding on a
tool in no file at all (a live MCP server's, or a Python object's whose definition was not
found) has no place GitHub code scanning accepts, and one such result makes it refuse the
whole upload: those are left out of the results, and a notification of the run says how many
and where (`left_out`).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from schema_lint import __version__
from schema_lint.fixes.evidence import evidence_record
from schema_lint.report import json_stream
from schema_lint.fixes.review import edits_of, fix_document, positioned
from schema_lint.model import Severity, SideEffects
from schema_lint.schema.pointer import resolve, split
from schema_lint.report.ci import checkout_path, fingerprints, github_workspace, root_uri, source_position
from schema_lint.report.links import homepage, rule_url
from schema_lint.rule import load_rules, parse_rule_doc

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
# Paths are given relative to this base, which `originalUriBaseIds` anchors at the cwd (at
# the checkout's root in a GitHub Actions job).
SOURCE_ROOT = "%SRCROOT%"
FINGERPRINT_NAME = "schemaLint/v1"
_BUILTIN_RULES = "schema_lint.rules."
_NAMED_LEFT_OUT = 5  # where findings were left out, named in the note; the rest counted


def rule_descriptors(docs_url: str | None = None) -> list[dict]:
    """Every registered rule, SL000 first, in code order (a result's ruleIndex points here),
    each with its documentation as `help` and its page as `helpUri`: GitHub code scanning
    shows both beside an alert, and wants `help` on every rule."""
    descriptors = []
    for rule in load_rules().values():
        parts = parse_rule_doc(rule.doc)
        summary = rule.doc.splitlines()[0].strip() if rule.doc else rule.name
        descriptor = {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": summary},
            "fullDescription": {"text": parts.get("What it does") or summary},
            "help": {"text": rule.doc or summary, "markdown": rule.doc or summary},
            # Severities of some rules follow the tool's side effects; write is the
            # class a tool gets when nothing says otherwise.
            "defaultConfiguration": {"level": LEVELS[rule.severity_for(SideEffects.WRITE)]},
            "properties": {"severity": rule.default_severity_text, "fixable": rule.fixable},
        }
        if rule.check.__module__.startswith(_BUILTIN_RULES):  # a rule pack's rules have no page here
            descriptor["helpUri"] = rule_url(rule.code, rule.name, docs_url)
        descriptors.append(descriptor)
    return descriptors


def artifact_location(path: str) -> dict:
    """The file, from the checkout's root in a GitHub Actions job (`ci.github_workspace`), as
    code scanning resolves it, else from the working directory."""
    shown = checkout_path(path, github_workspace())
    if os.path.isabs(shown):
        return {"uri": Path(shown).as_uri()}
    # The path's own bytes, percent-encoded: a name that is not UTF-8 still names its file.
    return {"uri": quote(os.fsencode(shown)), "uriBaseId": SOURCE_ROOT}


def region(span) -> dict:
    return {"startLine": span.line, "startColumn": span.column,
            "endLine": span.end_line, "endColumn": span.end_column}


def pointer_location(diagnostic, document) -> dict:
    """The node as a logical location: its JSON pointer, and what kind of JSON it is."""
    tokens = split(diagnostic.pointer)
    location = {"fullyQualifiedName": diagnostic.pointer or "/"}
    if tokens:
        location["name"] = tokens[-1]
    kind = "property" if diagnostic.at_key else _json_kind(document, diagnostic.pointer)
    if kind:
        location["kind"] = kind
    return location


def _json_kind(document, pointer: str) -> str | None:
    if document is None or document.data is None:
        return None
    try:
        value = resolve(document.data, pointer)
    except (LookupError, ValueError):
        return None
    return "object" if isinstance(value, dict) else "array" if isinstance(value, list) else "value"


def sarif_result(diagnostic, rule_index: int, fingerprint: str, document, fixed) -> dict:
    """The finding as a result: placed in `document` (its file, or the tool a live server
    or Python module listed), its fix an edit of `fixed` (`review.fix_document`: its file,
    the Python that generates the tool, or none)."""
    logical = [pointer_location(diagnostic, document)]
    if diagnostic.tool is not None:
        tool = {"name": diagnostic.tool, "kind": "function"}
        if diagnostic.live:
            tool["fullyQualifiedName"] = diagnostic.path
        logical.insert(0, tool)
    elif diagnostic.live:  # the server itself (it did not start or answer)
        logical.insert(0, {"name": diagnostic.path, "fullyQualifiedName": diagnostic.path, "kind": "module"})
    location: dict = {"logicalLocations": logical}
    if not diagnostic.live:  # a tool of a live MCP server is in no file
        physical = {"artifactLocation": artifact_location(diagnostic.path)}
        if diagnostic.span is not None:
            physical["region"] = region(diagnostic.span)
        location = {"physicalLocation": physical, **location}
    elif (source := source_position(diagnostic)) is not None:  # generated from Python code: fixed there
        file, line, column = source
        where = {"startLine": line, **({"startColumn": column} if column is not None else {})}
        location = {"physicalLocation": {"artifactLocation": artifact_location(file), "region": where}, **location}
    record = {
        "ruleId": diagnostic.code,
        "ruleIndex": rule_index,
        "level": LEVELS[diagnostic.severity],
        "message": {"text": diagnostic.message},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_NAME: fingerprint},
    }
    edits = edits_of(diagnostic, fixed)
    if edits:
        record["fixes"] = [sarif_fix(diagnostic, fixed, edits)]
    return record


def sarif_fix(diagnostic, document, edits) -> dict:
    """The fix as SARIF `artifactChanges`: each text edit a replacement of a region."""
    replacements = []
    for edit in edits:
        where = positioned(document, edit)
        replacements.append({
            "deletedRegion": {"startLine": where["line"], "startColumn": where["column"],
                              "endLine": where["end_line"], "endColumn": where["end_column"]},
            "insertedContent": {"text": edit.content},
        })
    fix = diagnostic.fix
    record = {
        "description": {"text": f"{fix.description} ({fix.safety})"},
        "artifactChanges": [{"artifactLocation": artifact_location(document.path), "replacements": replacements}],
    }
    # Every fix says whether `--fix` makes it (a reader cannot tell an unsafe fix from a
    # safe one by its edits); the evidence, where the fix tightens on some.
    evidence = evidence_record(fix)
    record["properties"] = {"safety": str(fix.safety)} if evidence is None else \
        {"safety": str(fix.safety), "evidence": evidence}
    return record


def sarif_log(result, docs_url: str | None = None, results=None) -> dict:
    """The log; its results built here, unless `results` stands in for them."""
    rules = rule_descriptors(docs_url)
    index = {descriptor["id"]: i for i, descriptor in enumerate(rules)}
    for diagnostic in result.diagnostics:  # rules handed to the Linter directly
        if diagnostic.code not in index:
            index[diagnostic.code] = len(rules)
            rules.append({"id": diagnostic.code, "name": diagnostic.name,
                          "help": {"text": f"{diagnostic.code} {diagnostic.name}"}})
    if results is None:
        results = list(sarif_results(result, index))
    unplaced = [d for d in result.diagnostics if not placed(d)]
    driver = {"name": "schema-lint", "version": __version__, "semanticVersion": __version__,
              "informationUri": homepage(), "rules": rules}
    run = {
        "tool": {"driver": driver},
        "originalUriBaseIds": {SOURCE_ROOT: {"uri": root_uri(github_workspace())}},
        # Columns count characters (code points), as every other format of this linter does.
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    if unplaced:
        run["invocations"] = [{"executionSuccessful": True, "toolExecutionNotifications": [left_out(unplaced)]}]
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def placed(diagnostic) -> bool:
    """Whether the finding has a file to be placed in (`sarif_result` gives it a physical
    location): not a live tool's, unless a Python definition places it."""
    return not diagnostic.live or source_position(diagnostic) is not None


def sarif_results(result, rule_indexes: dict[str, int]):
    """The results, a finding at a time: those `placed` in a file (see `left_out`)."""
    for d, fingerprint in zip(result.diagnostics, fingerprints(result.diagnostics, github_workspace())):
        if placed(d):
            yield sarif_result(d, rule_indexes[d.code], fingerprint, result.documents.get(d.path),
                               fix_document(result, d))


def left_out(diagnostics) -> dict:
    """The note that says which findings are not results: those on tools in no file (a live MCP
    server's, a Python object's whose definition was not found), which GitHub code scanning
    refuses a whole upload for (each result needs a file), and which every other format lists.
    It names the tools (the first few), and how to have them in a file."""
    where = sorted({d.path for d in diagnostics})
    shown = ", ".join(where[:_NAMED_LEFT_OUT]) + (f" and {len(where) - _NAMED_LEFT_OUT:,} more"
                                                  if len(where) > _NAMED_LEFT_OUT else "")
    count = len(diagnostics)
    return {"level": "warning", "message": {"text": (
        f"{count:,} finding{'s are' if count != 1 else ' is'} not in this log: on tools in no file ({shown}), "
        "which code scanning cannot place; --output-format concise or json lists them, and `schema-lint "
        "snapshot` writes the tools to a file to lint instead")}}


def chunks(result, options):
    """The log, its results a finding at a time (see `json_stream`)."""
    log = sarif_log(result, options.docs_url, results=[])
    run = log["runs"][0]
    indexes = {rule["id"]: i for i, rule in enumerate(run["tool"]["driver"]["rules"])}
    run["results"] = json_stream.Streamed(sarif_results(result, indexes), sum(map(placed, result.diagnostics)))
    return json_stream.chunks(log)
