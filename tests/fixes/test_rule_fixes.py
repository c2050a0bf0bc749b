"""Before/after, byte for byte: every fixable rule's fix in every JSON layout and in
commented YAML. The expected bytes are the hand-written "after" tool laid out the same
way, so anything the fix touched beyond its node shows up as a difference."""

from __future__ import annotations

import pytest
from fixkit import JSON_LAYOUTS, commented_yaml, fixed_text, pointers
from rule_cases import CASES, SUGGESTIONS_ONLY, TRAFFIC_ONLY_FIXES

from schema_lint.rule import load_rules


def test_every_fixable_rule_has_a_case():
    fixable = {code for code, rule in load_rules().items() if rule.fixable} - TRAFFIC_ONLY_FIXES - SUGGESTIONS_ONLY
    assert fixable <= set(CASES), f"no before/after case for {sorted(fixable - set(CASES))}"


@pytest.mark.parametrize("layout", sorted(JSON_LAYOUTS))
@pytest.mark.parametrize("code", sorted(CASES))
def test_json_fix_writes_exactly_the_after_tool_in_the_same_layout(code, layout):
    before, after, profiles = CASES[code]
    render = JSON_LAYOUTS[layout]
    text, applied = fixed_text(render(before), "tool.json", code, profiles)
    assert [d.code for d in applied] == [code]
    assert text == render(after)


HEADER = "# Ticket desk tools.\n"
FOOTER = "# end of tools\n"
# New lists and mappings are written in block style (ruamel's), except that a list of
# scalars follows the document when it already writes one (`enum: [a, b]`) in flow style.
_TICKET = HEADER + """\
name: create_ticket  # name
description: Create a ticket.  # description
inputSchema:
  type: object  # type
  properties:
    title:
      type: string  # type
      maxLength: 200  # maxLength
"""
YAML_AFTER = {
    "SL101": _TICKET + """\
      description: The required ticket title.  # description
""" + """\
  additionalProperties: false  # additionalProperties
  required:
  - title
""" + FOOTER,
    "SL102": _TICKET + """\
    channel:
      type: string  # type
      enum: [console, email]  # enum
    recipient:
      type: string  # type
      format: email  # format
      description: Who to notify by email.  # description
  required: [title, channel]  # required
  additionalProperties: false  # additionalProperties
  allOf:
  - if:
      properties:
        channel:
          const: email
      required:
      - channel
    then:
      required:
      - recipient
""" + FOOTER,
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_yaml_fix_keeps_every_comment_and_writes_the_after_tool(code):
    before, after, profiles = CASES[code]
    commented = pointers(before)
    source = HEADER + commented_yaml(before, commented) + FOOTER
    text, applied = fixed_text(source, "tool.yaml", code, profiles)
    if code in REWRITES_A_COMMENTED_LINE:  # the fix would lose the comment: refused, nothing written
        assert (text, applied) == (source, [])
        return
    assert [d.code for d in applied] == [code]
    assert text == YAML_AFTER.get(code, HEADER + commented_yaml(after, commented) + FOOTER)


# Fixes that rewrite the very line carrying a comment (a renamed key, `enum` → `const`).
REWRITES_A_COMMENTED_LINE = {"SL004", "SL307"}


@pytest.mark.parametrize("code", sorted(REWRITES_A_COMMENTED_LINE))
def test_the_same_fix_applies_to_yaml_without_comments(code):
    before, after, profiles = CASES[code]
    text, applied = fixed_text(commented_yaml(before, set()), "tool.yaml", code, profiles)
    assert [d.code for d in applied] == [code]
    assert text == commented_yaml(after, set())
