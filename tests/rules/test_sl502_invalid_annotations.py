"""SL502 invalid-annotations: unknown keys, hints that are not booleans, and hints the name's
verb contradicts."""

from __future__ import annotations

import pytest
from lintkit import lint_tool
from rulekit import CLOSED

from schema_lint.model import Severity


def test_sl502_flags_unknown_keys_and_hints_that_are_not_booleans():
    found = lint_tool(CLOSED, "SL502", name="get_ticket", annotations={
        "readonlyHint": True, "category": "tickets", "openWorldHint": "true", "title": 3, "idempotentHint": False})
    by_pointer = {d.pointer: d for d in found}
    assert sorted(by_pointer) == ["/annotations/category", "/annotations/openWorldHint", "/annotations/readonlyHint",
                                  "/annotations/title"]
    assert "did you mean `readOnlyHint`?" in by_pointer["/annotations/readonlyHint"].message
    assert by_pointer["/annotations/readonlyHint"].at_key
    assert by_pointer["/annotations/category"].severity is Severity.INFO
    assert by_pointer["/annotations/openWorldHint"].severity is Severity.WARNING


@pytest.mark.parametrize(("name", "annotations", "hint"), [
    ("delete_file", {"readOnlyHint": True}, "readOnlyHint"),
    ("drop_table", {"destructiveHint": False}, "destructiveHint"),
    ("purgeCache", {"readOnlyHint": False, "destructiveHint": False}, "destructiveHint"),
])
def test_sl502_flags_a_hint_that_the_names_destroying_verb_contradicts(name, annotations, hint):
    (found,) = lint_tool(CLOSED, "SL502", name=name, annotations=annotations)
    assert (found.pointer, found.severity) == (f"/annotations/{hint}", Severity.ERROR)


@pytest.mark.parametrize(("name", "annotations"), [
    ("get_file", {"readOnlyHint": True, "title": "Get a file", "openWorldHint": False}),
    ("open_nodes", {"readOnlyHint": True}),  # a soft write verb: no contradiction
    ("delete_file", {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True}),
])
def test_sl502_passes_well_formed_annotations_that_fit_the_name(name, annotations):
    assert lint_tool(CLOSED, "SL502", name=name, annotations=annotations) == []


def test_schema_lint_rule_explains_sl502():
    from click.testing import CliRunner

    from schema_lint.cli import main

    result = CliRunner().invoke(main, ["rule", "SL502"])
    assert result.exit_code == 0 and "openWorldHint" in result.output
