"""A fix's evidence as reports show it: where its value comes from, in words and as data.

A rule writes the evidence itself into the fix's description ("(the description says
\"up to 5 tags\")", "(24 recorded calls, longest 40)"), and records its kind on the fix;
the reports add the kind where a reader scans for it (rdjson and markdown: "value from
recorded calls") and carry both as data (JSON, SARIF)."""

from __future__ import annotations

from schema_lint.model import (EVIDENCE_CALLS, EVIDENCE_CONFIG, EVIDENCE_NAME, EVIDENCE_NONE, EVIDENCE_WORDS, Evidence,
                               Fix)

_SOURCES = {
    EVIDENCE_WORDS: "value from the schema's own words",
    EVIDENCE_CALLS: "value from recorded calls",
    EVIDENCE_CONFIG: "value from the configuration",
    EVIDENCE_NAME: "value from the field's name",
    EVIDENCE_NONE: "no evidence: choose the value",
}


def source(evidence: Evidence | None) -> str:
    """The kind of evidence in a few words; "" for none recorded (a fix that does not tighten)."""
    return "" if evidence is None else _SOURCES.get(evidence.kind, evidence.kind)


def evidence_record(fix: Fix) -> dict | None:
    """`{"kind": …, "detail": …}`, as the JSON and SARIF reports carry it; None without evidence."""
    if fix.evidence is None:
        return None
    return {"kind": fix.evidence.kind, "detail": fix.evidence.detail}
