"""GitLab Code Quality: a JSON array GitLab shows in merge requests and pipelines.

Each finding is `{description, check_name, fingerprint, severity, location: {path,
lines: {begin, end}}}`. GitLab compares fingerprints between the source and target
branch to show what a merge request adds or fixes, so they come from
`report.ci.fingerprints` (stable across runs and line moves). Paths are relative to the
project's checkout, `$CI_PROJECT_DIR` in a GitLab job (as ruff gives them): a job that
lints from a subfolder still names files GitLab finds.
"""

from __future__ import annotations

import os

from schema_lint.text.display import json_text
from schema_lint.model import Severity
from schema_lint.report.ci import fingerprints, shown_path, source_position

# GitLab's scale is info, minor, major, critical, blocker; an error fails the run,
# which is "major" there, and nothing this linter finds blocks a deploy by itself.
SEVERITIES = {Severity.INFO: "info", Severity.WARNING: "minor", Severity.ERROR: "major"}


def issue(diagnostic, fingerprint: str, root: str | None = None) -> dict:
    span = diagnostic.span
    begin, end = (span.line, span.end_line) if span is not None else (1, 1)
    path = shown_path(diagnostic, root)
    source = source_position(diagnostic, root) if diagnostic.live else None
    if source is not None:  # a --python tool's: on the line of the code that generated it
        path, begin, _ = source
        end = begin
    # A live tool's path is no file and its lines mean nothing: where in the tool is said in words.
    where = f" (at {diagnostic.pointer})" if diagnostic.live and diagnostic.pointer else ""
    return {
        "description": f"{diagnostic.code} {diagnostic.name}: {diagnostic.message}{where}",
        "check_name": diagnostic.code,
        "fingerprint": fingerprint,
        "severity": SEVERITIES[diagnostic.severity],
        "location": {"path": path, "lines": {"begin": begin, "end": end}},
    }


def render(result, options) -> str:
    root = os.environ.get("CI_PROJECT_DIR") or None
    issues = [issue(d, f, root) for d, f in zip(result.diagnostics, fingerprints(result.diagnostics, root))]
    return json_text(issues, indent=2) + "\n"
