"""RetryPolicy: repairable errors only, bounded, and never a blind resend of a side effect."""

from __future__ import annotations

import pytest
from boundary_schemas import TICKET

from schema_lint.boundary import NOT_REPAIRABLE, CheckFailure, RetryPolicy, ToolBoundary

POLICY = RetryPolicy()
REJECTED = ToolBoundary(TICKET).check({"title": "t"})
VALID = ToolBoundary(TICKET).check({"title": "t", "priority": "low", "channel": "console"})


def test_a_schema_rejection_is_retried_until_the_third_attempt():
    assert [POLICY.should_retry(REJECTED, attempt).retry for attempt in (1, 2, 3)] == [True, True, False]
    assert POLICY.should_retry(REJECTED, 3).reason == "attempts-exhausted"


def test_attempt_defaults_to_the_outcomes_own():
    boundary = ToolBoundary(TICKET)
    first = boundary.check({"title": "t"})
    third = boundary.check({"title": "t"}, previous=boundary.check({"title": "t"}, previous=first))
    assert POLICY.should_retry(first).retry and not POLICY.should_retry(third).retry


@pytest.mark.parametrize("max_attempts", [1, 3])
def test_the_envelope_says_retryable_exactly_while_the_policy_would_retry(max_attempts):
    """A model or adapter reading `retryable` is told what `should_retry` decides: not to
    retry the rejection of the last attempt the policy allows."""
    boundary = ToolBoundary(TICKET, retry_policy=RetryPolicy(max_attempts=max_attempts))
    outcome, said = None, []
    for _ in range(max_attempts):
        outcome = boundary.check({"title": "t"}, previous=outcome)
        said.append((outcome.envelope["retryable"], boundary.should_retry(outcome).retry))
    assert said == [(True, True)] * (max_attempts - 1) + [(False, False)]


def test_a_call_after_one_that_passed_is_a_first_attempt_again():
    """The policy counts consecutive rejections: a success between two rejections resets it."""
    boundary = ToolBoundary(TICKET, retry_policy=RetryPolicy(max_attempts=2))
    rejected = boundary.check({"title": "t"})
    passed = boundary.check({"title": "t", "priority": "low", "channel": "console"}, previous=rejected)
    again = boundary.check({"title": "t"}, previous=passed)
    assert (rejected.attempt, passed.attempt, again.attempt) == (1, 2, 1)
    assert again.envelope["retryable"] and boundary.should_retry(again).retry


def test_nothing_to_retry_after_a_valid_call():
    decision = POLICY.should_retry(VALID, 1)
    assert not decision and decision.reason == "not-an-error" and decision.code is None


@pytest.mark.parametrize("code", NOT_REPAIRABLE)
def test_errors_the_model_cannot_fix_are_not_retried(code):
    assert {"AUTH_FAILED", "NOT_FOUND", "CONFLICT", "TIMEOUT"} <= set(NOT_REPAIRABLE)
    decision = POLICY.should_retry(code, 1, "read")
    assert not decision and decision.reason == "not-repairable" and decision.code == code


def test_a_business_check_outcome_follows_its_code():
    boundary = ToolBoundary(TICKET, business_checks=[lambda a: CheckFailure("NOT_FOUND")])
    outcome = boundary.check({"title": "t", "priority": "low", "channel": "console"})
    assert POLICY.should_retry(outcome, 1).reason == "not-repairable"


def test_side_effects_are_not_resent_after_a_non_validation_error_without_a_key():
    transient = RetryPolicy(retryable_codes=frozenset({"SCHEMA_VALIDATION_FAILED", "UNAVAILABLE"}))
    error = {"ok": False, "error": {"code": "UNAVAILABLE"}}
    assert transient.should_retry(error, 1, "read").retry
    for effects in ("write", "destructive"):
        decision = transient.should_retry(error, 1, effects)
        assert not decision and decision.reason == "side-effect-without-idempotency-key"
        assert transient.should_retry(error, 1, effects, idempotency_key=True).retry


def test_a_boundary_rejection_is_retried_even_for_a_destructive_tool():
    assert POLICY.should_retry(REJECTED, 1, "destructive").retry


@pytest.mark.parametrize("reported", [
    "SCHEMA_VALIDATION_FAILED", {"ok": False, "error": {"code": "SCHEMA_VALIDATION_FAILED"}},
    {"ok": False, "error": {"code": "INVALID_ARGUMENT"}}])
def test_a_validation_error_the_tool_reported_after_running_needs_a_key_to_be_resent(reported):
    # The tool may have written part of the call before it found the bad argument.
    for effects in ("write", "destructive"):
        decision = POLICY.should_retry(reported, 1, effects)
        assert not decision and decision.reason == "side-effect-without-idempotency-key"
        assert POLICY.should_retry(reported, 1, effects, idempotency_key=True).retry
    assert POLICY.should_retry(reported, 1, "read").retry


@pytest.mark.parametrize("effects", ["read", "write", "destructive"])
def test_an_envelope_that_says_it_is_not_retryable_is_not_resent(effects):
    said = {"ok": False, "error": {"code": "SCHEMA_VALIDATION_FAILED"}, "retryable": False}
    decision = POLICY.should_retry(said, 1, effects, idempotency_key=True)
    assert not decision and decision.reason == "envelope-not-retryable"
    assert POLICY.should_retry({**said, "retryable": True}, 1, effects, idempotency_key=True).retry


def test_exceptions_are_classified_by_their_code():
    class ToolError(Exception):
        code = "CONFLICT"

    assert POLICY.should_retry(ToolError(), 1).code == "CONFLICT"
    assert POLICY.should_retry(TimeoutError(), 1).code == "TIMEOUT"
    assert POLICY.should_retry(RuntimeError("boom"), 1).code == "INTERNAL"


def test_an_ok_result_is_not_an_error():
    assert POLICY.should_retry({"ok": True, "result": 1}, 1).reason == "not-an-error"


def test_observed_rejections_proceeded_so_there_is_nothing_to_retry():
    outcome = ToolBoundary(TICKET, mode="observe").check({"title": "t"})
    assert POLICY.should_retry(outcome, 1).reason == "not-an-error"


def test_max_attempts_is_configurable_and_side_effects_checked():
    assert not RetryPolicy(max_attempts=1).should_retry(REJECTED, 1)
    with pytest.raises(ValueError, match="side_effects"):
        POLICY.should_retry(REJECTED, 1, "mutating")


@pytest.mark.parametrize("bound", [0, -1, 1.5, True, "3"])
def test_a_retry_bound_below_one_attempt_is_refused(bound):
    with pytest.raises(ValueError, match="max_attempts"):
        RetryPolicy(max_attempts=bound)
