"""SL900 unused-suppression: a suppression comment that silenced nothing, judged only when the
codes it names were checked."""

from __future__ import annotations

from rulekit import yaml_findings


def test_a_comment_that_silences_nothing_is_reported_where_it_stands():
    found = yaml_findings(["SL301", "SL302", "SL305", "SL900"], title_comment="  # schema-lint: ignore[SL301]",
                          name_comment="  # schema-lint: ignore[SL302]")
    unused = [d for d in found if d.code == "SL900"]
    # SL301 on `title` is silenced (used); SL302 names a rule that found nothing in the tool.
    assert [(d.span.line, "SL302" in d.message) for d in unused] == [(2, True)]


def test_a_comment_naming_a_rule_that_was_not_run_is_not_called_unused():
    found = yaml_findings(["SL301", "SL900"], title_comment="  # schema-lint: ignore[SL305]")
    assert [d for d in found if d.code == "SL900"] == []
