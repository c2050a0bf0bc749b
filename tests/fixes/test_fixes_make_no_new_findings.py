"""A fix never produces a finding the same run would then report.

For every fixable rule's case: lint with every rule, apply that rule's fix, lint with
every rule again. What is reported afterwards must be what was reported before, less
what the fix fixed: a fix that makes new work (an SL102 `if` that SL401 then wants
described, an SL304 `format` that SL601 refuses under `openai-strict`) fails here.
"""

from __future__ import annotations

import json

import pytest
from fixkit import fixed_text
from rule_cases import CASES

from schema_lint.config import Config
from schema_lint.run.linter import lint_text


def _findings(text: str, profiles: tuple[str, ...]) -> set[tuple[str, str]]:
    config = Config()
    config.profiles = list(profiles)
    result = lint_text(text, "tool.json", config)
    return {(d.code, d.pointer) for d in result.diagnostics}


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_fix_leaves_no_finding_that_was_not_there_before(code):
    before, _, profiles = CASES[code]
    text = json.dumps(before, indent=2)
    fixed, applied = fixed_text(text, "tool.json", code, profiles)
    assert applied
    new = _findings(fixed, profiles) - _findings(text, profiles)
    assert new == set(), f"{code}'s fix produced {sorted(new)}"
