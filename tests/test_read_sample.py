"""The read sample: every sampled finding of today's run has a verdict, README quotes its
figures, and they meet the bar a team keeps a linter switched on for."""

from __future__ import annotations

import pytest
from conftest import CORPUS, REPO, bench_module, documented

read_sample = bench_module("read_sample")


@pytest.fixture(scope="module")
def result():
    """One run over the corpus for every test here (the `corpus` fixture is per test)."""
    if not (CORPUS / "tools.jsonl").is_file():
        pytest.skip("the shared corpus is not beside this checkout")
    found = read_sample.findings(CORPUS / "tools.jsonl")
    return read_sample.figures(found, read_sample.verdicts(), read_sample.read_jsonl(read_sample.REVIEWER_FLAGS))


def test_every_sampled_finding_of_todays_run_has_a_verdict(result):
    # A rule that changes what it reports changes the sample: its new findings must be read.
    assert [(item.code, item.key) for item in result.unlabelled] == []


def test_each_verdict_is_one_of_three_with_one_reason():
    for row in read_sample.read_jsonl(read_sample.VERDICTS):
        assert row["verdict"] in read_sample.VERDICT_NAMES and row["reason"].strip(), row
        assert "#" in row["key"] and row["code"].startswith("SL"), row


def test_each_reviewer_flag_names_a_place_an_issue_and_the_rules_that_say_it():
    for row in read_sample.read_jsonl(read_sample.REVIEWER_FLAGS):
        # `codes` may be empty: an issue no rule says (a misleading name) is a miss by design
        assert row["uid"] and (row["pointer"] == "" or row["pointer"].startswith("/")) and row["issue"].strip(), row


def test_readme_quotes_the_real_figures(result):
    shown = documented("<!-- read-sample:start -->\n").split("<!-- read-sample:end -->", 1)[0]
    assert shown == read_sample.table(result)


def test_every_rule_that_fires_is_precise_most_findings_are_worth_acting_on_and_most_flags_are_caught(result):
    imprecise = [(code, round(precision, 2)) for code, _, read, _, precision in result.rows
                 if read and precision < read_sample.PRECISION_FLOOR]
    assert imprecise == []
    assert result.acting_share >= 0.5
    assert result.caught >= result.flagged / 2
