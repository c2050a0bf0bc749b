"""Fixes from recorded calls: whatever the traffic, `check --fix --unsafe-fixes --calls` never
makes the schema reject a recorded call it accepted before."""

from __future__ import annotations

import json

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schema_lint.cli import main
from schema_lint.traffic.values import MIN_SAMPLE

_other = st.one_of(st.none(), st.booleans(), st.floats(-10, 10, allow_nan=False), st.text(max_size=5))
# Mostly values of the declared type, so fixes get their evidence; now and then another.
_call = st.fixed_dictionaries({}, optional={
    "title": st.text(max_size=40) | _other, "page_size": st.integers(-2, 500) | _other,
    "start_date": st.dates().map(str) | st.text(max_size=12), "tags": st.lists(st.text(max_size=5), max_size=6),
    "discount_pct": st.floats(-1, 150, allow_nan=False) | st.integers(0, 100), "extra": _other})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_call, min_size=MIN_SAMPLE, max_size=60))
def test_law_fixes_from_recorded_calls_never_reject_a_recorded_call_that_passed(tmp_path_factory, calls):
    import jsonschema

    schema = {"type": "object", "properties": {
        "title": {"type": "string"}, "page_size": {"type": "integer"}, "start_date": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string"}}, "discount_pct": {"type": "number"}}}
    work = tmp_path_factory.mktemp("law")
    tools, recorded = work / "tools.json", work / "calls.jsonl"
    tools.write_text(json.dumps({"name": "create_ticket", "description": "Create a ticket.", "inputSchema": schema}))
    recorded.write_text("".join(json.dumps({"tool": "create_ticket", "arguments": c}) + "\n" for c in calls))
    result = CliRunner().invoke(main, ["check", "--fix", "--unsafe-fixes", "--calls", str(recorded), str(tools)])
    assert result.exit_code in (0, 1), result.output
    fixed = json.loads(tools.read_text())["inputSchema"]
    before, after = jsonschema.Draft202012Validator(schema), jsonschema.Draft202012Validator(fixed)
    assert [c for c in calls if before.is_valid(c) and not after.is_valid(c)] == []
