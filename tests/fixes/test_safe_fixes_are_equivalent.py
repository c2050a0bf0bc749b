"""A safe fix accepts and rejects exactly what the original accepts and rejects, in every draft.

For each fixable rule whose case's fix is safe, instances generated from the original
schema (hypothesis-jsonschema) and arbitrary JSON values (near misses and far ones)
validate the same against the original and the fixed schema, under draft-07 and 2020-12.
"""

from __future__ import annotations

import json

import jsonschema_rs
import pytest
from fixkit import fixed_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from rule_cases import CASES

from schema_lint.config import Config
from schema_lint.run.linter import lint_text
from schema_lint.model import FixSafety

DRAFTS = ["http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2020-12/schema"]
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=8)


def _safe_cases():
    for code, (before, _, profiles) in sorted(CASES.items()):
        config = Config()
        config.select, config.profiles = [code], list(profiles)
        found = lint_text(json.dumps(before), "tool.json", config).diagnostics
        if found and all(d.fix is not None and d.fix.safety is FixSafety.SAFE for d in found):
            yield code


def _arguments(tool: dict) -> dict:
    return tool.get("inputSchema") or tool["function"]["parameters"]


@pytest.mark.parametrize("draft", DRAFTS)
@pytest.mark.parametrize("code", list(_safe_cases()))
def test_a_safe_fix_changes_no_verdict(code, draft):
    before, _, profiles = CASES[code]
    fixed, applied = fixed_text(json.dumps(before, indent=2), "tool.json", code, profiles)
    assert applied
    original = {**_arguments(before), "$schema": draft}
    after = {**_arguments(json.loads(fixed)), "$schema": draft}
    old, new = jsonschema_rs.validator_for(original), jsonschema_rs.validator_for(after)

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.one_of(from_schema({k: v for k, v in original.items() if k != "$schema"}), JSON,
                     st.dictionaries(st.sampled_from(sorted(original.get("properties", {})) or ["x"]), JSON,
                                     max_size=3)))
    def same_verdict(instance):
        assert old.is_valid(instance) == new.is_valid(instance), instance

    same_verdict()


def test_sl307_offers_no_const_to_a_draft_04_schema():
    tool = {"name": "list_tickets", "description": "List.", "inputSchema": {
        "$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
        "properties": {"status": {"type": "string", "enum": ["open"]}}}}
    config = Config()
    config.select = ["SL307"]
    (found,) = lint_text(json.dumps(tool), "tool.json", config).diagnostics
    assert found.fix is None


def test_sl009_removing_a_lone_if_beside_unevaluated_properties_is_unsafe():
    schema = {"type": "object", "unevaluatedProperties": False,
              "if": {"properties": {"extra": {"type": "string"}}}, "properties": {"a": {"type": "string"}}}
    tool = {"name": "t", "description": "T.", "inputSchema": schema}
    config = Config()
    config.select = ["SL009"]
    (found,) = lint_text(json.dumps(tool), "tool.json", config).diagnostics
    assert found.fix.safety is FixSafety.UNSAFE
    # and rightly: the lone `if` does make `extra` evaluated
    validator = jsonschema_rs.validator_for(schema)
    assert validator.is_valid({"extra": "x"})
    assert not jsonschema_rs.validator_for({k: v for k, v in schema.items() if k != "if"}).is_valid({"extra": "x"})
