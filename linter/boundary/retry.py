"""When to hand an error back to the model for another attempt, and when to stop.

Retrying is only worth it when the model can fix the call: a schema rejection, or a
business check that says the arguments are wrong. Failed authentication, a missing
resource, a state conflict or a timeout will not be fixed by resubmitting, so those
codes are absent from the retryable set. A call that may already have run is never
resent to a side-effecting tool unless it carries an idempotency key: a timeout after
the write would otherwise make it twice, and a validation error the tool itself reports
may come after part of the write. Only the boundary's own rejection (an ``Outcome``) is
known to come before the tool ran. And a bounded number of consecutive
rejections of the same tool ends the loop, so a model that keeps sending the same
broken call does not spin.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .envelope import VALIDATION_FAILED
from .outcome import Outcome

SIDE_EFFECTS = ("read", "write", "destructive")

INVALID_ARGUMENT = "INVALID_ARGUMENT"
"""For business checks: the arguments are well-formed but wrong (an end date before the start)."""

NOT_REPAIRABLE = ("AUTH_FAILED", "PERMISSION_DENIED", "NOT_FOUND", "CONFLICT", "TIMEOUT", "RATE_LIMITED",
                  "UNAVAILABLE", "INTERNAL")
"""Codes the library names but does not retry by default: resubmitting the call does not fix them."""

_VALIDATION_CODES = frozenset({VALIDATION_FAILED, INVALID_ARGUMENT})


@dataclass(frozen=True)
class RetryDecision:
    """Whether to retry, why (a short kebab-case reason), the error code and the attempt it was made for."""

    retry: bool
    reason: str
    code: str | None
    attempt: int

    def __bool__(self) -> bool:
        return self.retry


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded retries of repairable errors only.

    ``attempt`` counts consecutive rejected attempts of the same tool, starting at 1;
    with ``max_attempts=3`` the third consecutive rejection stops the loop.
    """

    max_attempts: int = 3
    retryable_codes: frozenset[str] = _VALIDATION_CODES

    def __post_init__(self) -> None:
        # The first attempt is always made: a bound below it would say "retryable" of nothing, silently.
        if isinstance(self.max_attempts, bool) or not isinstance(self.max_attempts, int) or self.max_attempts < 1:
            raise ValueError(f"max_attempts must be an integer of at least 1, not {self.max_attempts!r}")

    def is_retryable(self, code: str) -> bool:
        return code in self.retryable_codes

    def should_retry(self, outcome_or_error: Any, attempt: int | None = None, side_effects: str = "write", *,
                     idempotency_key: bool = False) -> RetryDecision:
        """Decide for an :class:`Outcome`, an envelope dict, an exception or a bare error code.

        An ``Outcome`` means the boundary stopped the call before the tool ran; anything
        else is an error from the tool itself, which may have had its effect already.
        ``attempt`` defaults to the outcome's own attempt number.
        """
        if side_effects not in SIDE_EFFECTS:
            raise ValueError(f"side_effects must be one of {', '.join(SIDE_EFFECTS)}")
        code, before_execution, outcome_attempt = _classify(outcome_or_error)
        attempt = attempt if attempt is not None else outcome_attempt
        if code is None:
            return RetryDecision(False, "not-an-error", None, attempt)
        if not self.is_retryable(code):
            return RetryDecision(False, "not-repairable", code, attempt)
        if isinstance(outcome_or_error, dict) and outcome_or_error.get("retryable") is False:
            # The tool's own envelope knows what the code alone does not (a quota spent, a state gone).
            return RetryDecision(False, "envelope-not-retryable", code, attempt)
        if attempt >= self.max_attempts:
            return RetryDecision(False, "attempts-exhausted", code, attempt)
        if not before_execution and side_effects != "read" and not idempotency_key:
            return RetryDecision(False, "side-effect-without-idempotency-key", code, attempt)
        return RetryDecision(True, "repairable", code, attempt)


def _classify(outcome_or_error: Any) -> tuple[str | None, bool, int]:
    """(error code or ``None``, whether the tool certainly did not run, attempt number)."""
    if isinstance(outcome_or_error, Outcome):
        stopped = not outcome_or_error.proceed
        # A call the boundary stopped has the envelope that says why.
        return (outcome_or_error.envelope["error"]["code"] if stopped else None), True, outcome_or_error.attempt  # type: ignore[index]
    if isinstance(outcome_or_error, dict):
        error = outcome_or_error.get("error")
        code = error.get("code") if isinstance(error, dict) else None
        return (None if outcome_or_error.get("ok", True) is not False else str(code or "INTERNAL")), False, 1
    if isinstance(outcome_or_error, str):
        return outcome_or_error, False, 1
    if isinstance(outcome_or_error, BaseException):
        code = getattr(outcome_or_error, "code", None)
        if isinstance(code, str):
            return code, False, 1
        return ("TIMEOUT" if isinstance(outcome_or_error, TimeoutError) else "INTERNAL"), False, 1
    return None, False, 1
