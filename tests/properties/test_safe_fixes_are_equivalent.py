"""A safe fix accepts and rejects exactly what the original accepts and rejects, in every draft.

For each fixable rule whose case's fix is safe, instances generated from the original
schema (hypothesis-jsonschema) and arbitrary JSON values (near misses and far ones)
validate the same against the original and the fixed schema, under draft-07 and 2020-12.
The same for the safe fixes of SL009-SL014 on a property schema of each shape they fix:
any JSON value validates the same before and after (2020-12).
"""

from __future__ import annotations

import json

import jsonschema
import jsonschema_rs
import pytest
from fixkit import fixed_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from lintkit import JSON_VALUES, fixed_schema, lint_tool, obj
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


SAFE_FIX_CASES = [
    ("SL009", {"type": "integer", "if": {"minimum": 3}}),
    ("SL010", {"const": 2, "enum": [1, 2]}),
    ("SL011", {"enum": [1, 1.0, "a", "a", None]}),
    ("SL012", {"type": "integer", "enum": [1, "1", 2.0, 2.5, None]}),
    ("SL014", {"type": "integer", "maxLength": 1, "items": {"type": "string"}}),
]


@given(value=JSON_VALUES)
def test_safe_fixes_accept_exactly_what_the_schema_accepted(value):
    for code, property_schema in SAFE_FIX_CASES:
        schema = obj(v=property_schema)
        (diagnostic, *_) = lint_tool(schema, code)
        assert diagnostic.fix.safety is FixSafety.SAFE
        after = fixed_schema(schema, diagnostic)["properties"]["v"]
        assert jsonschema.Draft202012Validator(after).is_valid(value) == \
            jsonschema.Draft202012Validator(property_schema).is_valid(value), code
