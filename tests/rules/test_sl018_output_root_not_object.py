"""SL018 output-root-not-object: a results schema whose root is not an object."""

from __future__ import annotations

import pytest
from lintkit import lint_tool
from rulekit import CLOSED

from schema_lint.model import Severity


@pytest.mark.parametrize(("schema", "said"), [
    ({"type": "array", "items": {"type": "string"}}, 'the root is `type: "array"`'),
    ({"$ref": "#/$defs/Result", "$defs": {"Result": {"type": "object"}}}, "the root has no `type`"),
    ({"type": ["object", "null"]}, 'the root has `type: ["object", "null"]`'),
    (True, "`True` as a schema"),
])
def test_sl018_flags_a_results_root_that_is_not_an_object(schema, said):
    (found,) = lint_tool(CLOSED, "SL018", name="get_ticket", outputSchema=schema)
    assert (found.pointer, found.severity) == ("/outputSchema", Severity.WARNING)
    assert said in found.message


def test_sl018_passes_an_object_root_and_ignores_input_schemas():
    assert lint_tool({"type": "array"}, "SL018", name="get_ticket", outputSchema={"type": "object"}) == []
    assert lint_tool({"type": "array"}, "SL018", name="get_ticket") == []


def test_schema_lint_rule_explains_sl018():
    from click.testing import CliRunner

    from schema_lint.cli import main

    result = CliRunner().invoke(main, ["rule", "SL018"])
    assert result.exit_code == 0 and "Currently restricted to type" in result.output
