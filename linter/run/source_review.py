"""The fixes of `--python` tools as review formats show them: edits of the Python that
generates each tool, on the line of its definition (`python_tools.source_fixes.for_review`
makes and checks them; `fixes.review.in_source` hands them to the reports)."""

from __future__ import annotations

# The formats that show a fix as edits of a file; the others name it in words.
SHOWING_EDITS = frozenset({"json", "jsonl", "sarif", "rdjson", "markdown"})


def show_fixes_in_source(result, formats) -> None:
    """For a run that reports in one of `formats` and writes nothing: each `--python`
    finding's fix made in the source, where it can be (an import of the edited module
    checks it, so only when a format shows it)."""
    if not result.python_targets or not SHOWING_EDITS.intersection(formats):
        return
    from schema_lint.fixes.review import in_source
    from schema_lint.python_tools.source_fixes import for_review
    from schema_lint.report.ci import source_position

    fixed = for_review(result.diagnostics, result.python_targets)
    in_source(result, [(item.diagnostic, item.path, item.before, item.after,
                        (source_position(item.diagnostic) or ("", 0, None))[1]) for item in fixed])
