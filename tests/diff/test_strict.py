"""`diff` and a tool's `strict` flag: OpenAI refuses a strict function whose schema is not
in its subset (an optional field, an open object), so the flag changes which calls reach
the tool though the schema is the same."""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.diff.changes import BREAKING, NARROWING, WIDENING
from schema_lint.diff.strict import POINTER, compare_strict

# An optional `units` and an open object: what OpenAI's strict mode refuses.
LOOSE = {"type": "object", "properties": {"city": {"type": "string"}, "units": {"type": "string", "enum": ["c", "f"]}},
         "required": ["city"]}
# The same function as strict mode spells it: every field required (optional ones nullable), the object closed.
STRICT_READY = {"type": "object", "properties": {"city": {"type": "string"}, "units": {"type": ["string", "null"],
                                                                                          "enum": ["c", "f", None]}},
                "required": ["city", "units"], "additionalProperties": False}


def _chat(parameters, strict=None):
    function = {"name": "get_weather", "description": "Weather.", "parameters": parameters}
    if strict is not None:
        function["strict"] = strict
    return {"type": "function", "function": function}


def _diff(tmp_path, old, new, *options):
    (tmp_path / "old.json").write_text(json.dumps({"tools": [old]}))
    (tmp_path / "new.json").write_text(json.dumps({"tools": [new]}))
    return CliRunner().invoke(main, ["diff", *options, str(tmp_path / "old.json"), str(tmp_path / "new.json")])


def _strict_lines(output: str) -> list[str]:
    return [line.strip() for line in output.splitlines() if line.strip().startswith(POINTER)]


def test_strict_added_to_a_schema_strict_mode_refuses_breaks(tmp_path):
    result = _diff(tmp_path, _chat(LOOSE), _chat(LOOSE, strict=True))
    assert result.exit_code == 1, result.output
    [line] = _strict_lines(result.output)
    assert line.startswith("/strict: breaking: `strict: true` added, and openai-strict refuses the schema")
    assert "`additionalProperties: false` on every object" in line and "every property in `required`" in line
    record = json.loads(_diff(tmp_path, _chat(LOOSE), _chat(LOOSE, strict=True), "--output-format", "json").output)
    assert record["breaking"] is True and record["changed"][0]["changes"][0]["pointer"] == "/strict"


def test_strict_added_to_a_schema_strict_mode_takes_narrows_and_breaks_nothing(tmp_path):
    result = _diff(tmp_path, _chat(STRICT_READY, strict=False), _chat(STRICT_READY, strict=True))
    assert result.exit_code == 0, result.output
    assert "~ get_weather: narrowing" in result.output
    assert _strict_lines(result.output) == [
        "/strict: narrowing: `strict: true` added: the schema is one openai-strict takes, so every call valid "
        "before still is; the model now sends only calls it accepts"]


@pytest.mark.parametrize("schema", [LOOSE, STRICT_READY])
def test_strict_removed_widens(tmp_path, schema):
    result = _diff(tmp_path, _chat(schema, strict=True), _chat(schema))
    assert result.exit_code == 0, result.output
    assert _strict_lines(result.output) == [
        "/strict: widening: `strict` removed: the schema accepts what it did; the model is no longer held to it"]


def test_an_optional_field_added_to_a_strict_tool_breaks_it(tmp_path):
    """In an open object a new optional property is only "changed"; in a strict tool, strict
    mode refuses the schema that has it."""
    grown = copy.deepcopy(STRICT_READY)
    grown["properties"]["days"] = {"type": "integer"}
    result = _diff(tmp_path, _chat(STRICT_READY, strict=True), _chat(grown, strict=True))
    assert result.exit_code == 1, result.output
    [line] = _strict_lines(result.output)
    assert line.startswith("/strict: breaking: the tool is strict, and openai-strict refuses the schema "
                           "(every property in `required`)")


def test_a_strict_tool_refused_before_and_after_is_no_new_break(tmp_path):
    wider = copy.deepcopy(LOOSE)
    wider["properties"]["city"]["maxLength"] = 99
    result = _diff(tmp_path, _chat(LOOSE, strict=True), _chat(wider, strict=True))
    assert _strict_lines(result.output) == []


def test_the_strict_flag_of_an_anthropic_tool_switches_on_anthropic_strict(tmp_path):
    """Anthropic's strict tool use takes an optional field, but no string length bounds."""
    bounded = copy.deepcopy(LOOSE)
    bounded["properties"]["city"]["maxLength"] = 40
    for schema, kind in ((LOOSE, "narrowing"), (bounded, "breaking")):
        old = {"name": "get_weather", "description": "Weather.", "input_schema": schema}
        result = _diff(tmp_path, old, {**old, "strict": True})
        assert result.exit_code == (kind == "breaking"), result.output
        [line] = _strict_lines(result.output)
        assert line.startswith(f"/strict: {kind}: `strict: true` added") and "anthropic-strict" in line


def test_a_strict_key_where_it_means_nothing_is_no_change(tmp_path):
    """An MCP tool has no `strict` flag: a key so named switches no provider's mode."""
    old = {"name": "get_weather", "description": "Weather.", "inputSchema": LOOSE}
    result = _diff(tmp_path, old, {**old, "strict": True})
    assert result.exit_code == 0 and result.output == "No changes to what the tools accept or return.\n"


@pytest.mark.parametrize(("old_profile", "new_profile", "old_refused", "new_refusals", "kinds"), [
    (None, None, False, [], []),
    (None, "openai-strict", False, ["x"], [BREAKING]),
    (None, "openai-strict", False, [], [NARROWING]),
    ("openai-strict", None, True, [], [WIDENING]),
    ("openai-strict", "openai-strict", False, ["x"], [BREAKING]),
    ("openai-strict", "openai-strict", True, ["x"], []),
    ("openai-strict", "openai-strict", False, [], []),
    ("anthropic-strict", "openai-strict", True, ["x"], [BREAKING]),  # refused before by another provider
])
def test_each_flag_change_has_one_class(old_profile, new_profile, old_refused, new_refusals, kinds):
    assert [c.kind for c in compare_strict(old_profile, new_profile, old_refused, new_refusals)] == kinds
