"""One object per tool: the compiled schema, the repair policy, business checks and telemetry.

``check`` is what an agent loop or a tool server calls for every tool call. A valid call
costs one fast validation; only a call that fails pays for canonicalization, the
envelope and telemetry.

Schemas in a non-standard dialect (BFCL's ``dict``/``float``, Gemini's ``STRING``) are
always translated with :func:`normalize_dialect` when the boundary is built: the
translation only touches schemas a validator would refuse anyway, so there is nothing
to switch off. The one exception is OpenAPI's ``nullable: true``, which a JSON Schema
validator ignores: it lets ``null`` in only when ``openapi=True`` says the schema is
written in that dialect (a Gemini declaration's ``parameters``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypeGuard

from .admit import UNREADABLE, Refusal, Screen, decode, members_to_screen, not_json, plainly_screened, unreadable
from .budget import listed_errors
from .canonicalize import Repair, canonicalize_compiled, could_repair, without_fills
from .compiled import compiled
from .envelope import VALIDATION_FAILED, Problem, envelope, explained, refusal_problem, suggestible, with_suggestions
from .judge import Judge, lenient_at
from .outcome import Outcome
from .paths import ROOT
from .repairs import Policy
from .retry import SIDE_EFFECTS, RetryDecision, RetryPolicy
from .shape import Shapes
from .telemetry import CALL_ID, LOGGER_NAME, TOOL_NAME, Telemetry, TelemetrySink

Mode = Literal["enforce", "observe"]
_logger = logging.getLogger(LOGGER_NAME)
_TEXT = (str, bytes, bytearray)


@dataclass(frozen=True)
class CheckFailure:
    """What a business check returns when a well-formed call cannot be served as it is.

    ``code`` is the envelope's error code (``NOT_FOUND``, ``CONFLICT``, ``INVALID_ARGUMENT``
    …); whether the envelope says ``retryable`` comes from the boundary's retry policy.
    """

    code: str
    path: str = ROOT
    expected: str = ""
    repair: str = ""
    reason: str | None = None

    def problem(self) -> Problem:
        return Problem(self.path, self.reason or self.code.lower().replace("_", "-"), self.expected, self.repair)


BusinessCheck = Callable[[Any], "CheckFailure | None"]


def _internal_failure(call_id: str | None) -> CheckFailure:
    """What the model sees when a business check raises: that it failed, and a reference, nothing
    from the exception (its text can name tables, hosts or tokens)."""
    reference = f" (reference: call {call_id})" if call_id else ""
    return CheckFailure("INTERNAL", ROOT, "a call the tool can check",
                        f"the tool failed while checking this call{reference}; the arguments may be fine, so do not resubmit them",
                        reason="internal-error")

@functools.cache
def _shared_telemetry() -> Telemetry:
    """Built on first use: it imports OpenTelemetry, which a plain ``import schema_lint`` must not."""
    return Telemetry()


class ToolBoundary:
    """Canonicalize, validate, run business checks and report, for one tool's calls.

    ``lenient`` names the repairs the framework in front of the tool makes anyway (see
    :mod:`.framework`): they are applied first and kept, where ``policy``'s are all or nothing;
    ``judge``, where the framework's own validation can be asked (see :mod:`.judge`), limits them
    to the locations where it takes the value as sent.
    """

    def __init__(self, schema: Any, *, name: str | None = None, policy: Policy | None = None,
                 side_effects: str = "write", mode: Mode = "enforce", business_checks: Iterable[BusinessCheck] = (),
                 telemetry: TelemetrySink | None = None, retry_policy: RetryPolicy | None = None,
                 openapi: bool = False, lenient: Policy | None = None, judge: Judge | None = None):
        if side_effects not in SIDE_EFFECTS:
            raise ValueError(f"side_effects must be one of {', '.join(SIDE_EFFECTS)}")
        if mode not in ("enforce", "observe"):
            raise ValueError("mode must be 'enforce' or 'observe'")
        self.name = name or "tool"
        self.schema = compiled(schema, openapi)
        self.policy = policy or Policy.default()
        self.lenient = lenient or Policy.none()
        self.judge = judge
        self.side_effects = side_effects
        self.mode = mode
        self.business_checks = tuple(business_checks)
        self.telemetry = telemetry or _shared_telemetry()
        self.retry_policy = retry_policy or RetryPolicy()
        self._is_valid = self.schema.is_valid
        self._plain = not self.business_checks
        # The validator reads a call before the screen only where it cannot overflow its stack
        # (a schema without recursion), and the screen is then narrowed to what it does not vouch for.
        screen = None if self.schema.recursive else members_to_screen(self.schema.schema)
        self._validated_first = screen is not None
        self._screen = screen or Screen((), (), ())

    def check(self, arguments: Any, call_id: str | None = None, previous: Outcome | None = None) -> Outcome:
        """Decide about one call; ``arguments`` may be a dict or JSON text.

        Pass the outcome of the previous attempt as ``previous`` when this call is the
        model's resubmission: after a rejection the attempt number carries on and telemetry
        records whether the arguments changed; after a call that passed, this one is a new
        first attempt (the policy counts consecutive rejections).
        """
        received = arguments
        if type(arguments) is dict and self._validated_first:
            # The hot path: the validator reads the call first, then only what it accepts silently is screened.
            try:
                valid = self._is_valid(arguments)
            except UNREADABLE:
                return self._finish(self._refused(received, unreadable(arguments), call_id), previous)
            if valid and plainly_screened(arguments, self._screen):
                outcome = Outcome("valid", arguments, True, arguments, [], None, call_id)
                return outcome if previous is None and self._plain else self._finish(outcome, previous)
        arguments = decode(arguments) if isinstance(arguments, _TEXT) else not_json(arguments) or arguments
        if isinstance(arguments, Refusal):
            return self._finish(self._refused(received, arguments, call_id), previous)
        try:
            valid = self._is_valid(arguments)
        except UNREADABLE:  # what the screen lets through and the validator cannot read (a `str` subclass)
            return self._finish(self._refused(received, unreadable(arguments), call_id), previous)
        if valid:
            # The hot path: positional construction, nothing else to do for a plain valid call.
            outcome = Outcome("valid", arguments, True, arguments, [], None, call_id)
            return outcome if previous is None and self._plain else self._finish(outcome, previous)
        return self._finish(self._repair_or_reject(arguments, call_id), previous)

    def should_retry(self, outcome_or_error: Any, attempt: int | None = None, *, idempotency_key: bool = False,
                     call_id: str | None = None) -> RetryDecision:
        """The retry policy's decision for this tool, recorded as a telemetry event."""
        decision = self.retry_policy.should_retry(outcome_or_error, attempt, self.side_effects,
                                                  idempotency_key=idempotency_key)
        if call_id is None and isinstance(outcome_or_error, Outcome):
            call_id = outcome_or_error.call_id
        self._emit("schema_lint.retry.decision", {
            TOOL_NAME: self.name, CALL_ID: call_id, "schema_lint.attempt": decision.attempt,
            "schema_lint.retry.decision": "retry" if decision else "stop",
            "schema_lint.retry.reason": decision.reason, "schema_lint.error.code": decision.code})
        return decision

    def _repair_or_reject(self, arguments: Any, call_id: str | None) -> Outcome:
        errors = listed_errors(self.schema, arguments)
        shapes = Shapes()
        # Where the framework's own validation is asked: the locations it refuses in the call as sent.
        refused = None if self.judge is None else list(self.judge(arguments))
        seen, lenient, aside = arguments, [], list[Repair]()
        if self.lenient.repairs:
            # What the framework in front does anyway is kept whether or not the call then
            # validates: the call is judged, and explained, as the framework would see it.
            where = None if refused is None else lenient_at(refused, arguments)
            first = canonicalize_compiled(self.schema, arguments, self.lenient, errors, shapes, where, aside)
            if first.repairs:
                seen, lenient = first.arguments, first.repairs
                if self._is_valid(seen):
                    return self._proceeding(seen, arguments, lenient, aside, call_id, shapes)
                errors = listed_errors(self.schema, seen)
        if refused == []:
            # The tool's own validator takes the call as sent where its schema does not (a pydantic
            # alias, a field sent by name under `populate_by_name`): the framework runs it, so it
            # goes on as sent, and no repair of the policy's changes what the tool receives.
            return Outcome("valid", arguments, True, arguments, [], call_id=call_id, unread_strings=shapes.unread)
        result = canonicalize_compiled(self.schema, seen, self._walked_policy, errors, shapes, aside=aside)
        if result.repairs and self._is_valid(result.arguments):
            return self._proceeding(result.arguments, arguments, [*lenient, *result.repairs], aside, call_id, shapes)
        # All or nothing: a call the repairs cannot make valid is answered with every error of
        # the call as the model sent it, so a repaired-but-wrong value cannot slip through on
        # the resubmission; each repairable error says what the repair would have sent.
        problems = with_suggestions(explained(self.schema, seen, errors, shapes),
                                    suggestible(self.schema, errors, result.arguments, result.repairs))
        seen, repairs = self._unfilled(seen, [*lenient, *result.repairs], aside)
        return self._rejected(seen, arguments, problems, VALIDATION_FAILED, call_id, repairs, shapes.unread)

    def _proceeding(self, repaired: Any, received: Any, repairs: list, aside: list, call_id: str | None,
                    shapes: Shapes) -> Outcome:
        """The outcome of a call the repairs made valid: canonicalized, or valid as sent when all they
        did was take as present, next to a member the schema does not declare, what the framework
        fills itself."""
        repaired, repairs = self._unfilled(repaired, repairs, aside)
        if not repairs:
            return Outcome("valid", received, True, received, [], call_id=call_id, unread_strings=shapes.unread)
        return Outcome("canonicalized", repaired, True, received, repairs, call_id=call_id,
                       unread_strings=shapes.unread)

    def _unfilled(self, arguments: Any, repairs: list, aside: list) -> tuple[Any, list]:
        """Where the framework in front fills an absent member itself (``absent-default`` among its
        changes), the call goes on without the boundary's fill: its model fills the member, or reads it
        under an alias the schema does not name (see :func:`~.canonicalize.without_fills`)."""
        if "absent-default" not in self.lenient.repairs:
            return arguments, repairs
        return without_fills(arguments, repairs, aside)

    @functools.cached_property
    def _walked_policy(self) -> Policy:
        """``policy``, or none where no rule of it could repair this schema's calls (a schema without
        arrays under the default policy): a rejection then skips the canonicalization walk."""
        return self.policy if could_repair(self.schema, self.policy) else Policy.none()

    def _refused(self, received: Any, refusal: Refusal, call_id: str | None) -> Outcome:
        """A call that is not JSON, or not JSON this boundary will look into; what it was stays ``received``."""
        problem = refusal_problem(self.schema, refusal)
        return self._rejected(received, received, [problem], VALIDATION_FAILED, call_id, [])

    def _rejected(self, arguments: Any, received: Any, problems: list[Problem], code: str, call_id: str | None,
                  repairs: list, unread_strings: int = 0) -> Outcome:
        body = envelope(code, problems, self.retry_policy.is_retryable(code))
        return Outcome("rejected", arguments, False, received, repairs, body, call_id, unread_strings=unread_strings)

    def _finish(self, outcome: Outcome, previous: Outcome | None) -> Outcome:
        """Business checks, observe mode, attempt counting and telemetry, for every path but the fastest."""
        if outcome.status != "rejected":
            try:
                failures = [f for f in (check(outcome.arguments) for check in self.business_checks) if f is not None]
            except Exception:  # noqa: BLE001 - a check's crash must not reach the model, but must reach the logs
                _logger.exception("business check of %s raised (call %s)", self.name, outcome.call_id)
                failures = [_internal_failure(outcome.call_id)]
            if failures:
                outcome = self._rejected(outcome.arguments, outcome.received, [f.problem() for f in failures],
                                         failures[0].code, outcome.call_id, outcome.repairs, outcome.unread_strings)
        if _retried(previous):
            outcome.attempt = previous.attempt + 1
        if outcome.envelope is not None and outcome.envelope.get("retryable") \
                and outcome.attempt >= self.retry_policy.max_attempts:
            # The last attempt the policy allows: the envelope says what `should_retry` will.
            outcome.envelope = {**outcome.envelope, "retryable": False}
        if self.mode == "observe":
            outcome.arguments, outcome.proceed = outcome.received, True
        self._report(outcome, previous)
        return outcome

    def _report(self, outcome: Outcome, previous: Outcome | None) -> None:
        base = {TOOL_NAME: self.name, CALL_ID: outcome.call_id, "schema_lint.outcome": outcome.status,
                "schema_lint.mode": self.mode, "schema_lint.attempt": outcome.attempt}
        if _retried(previous):
            changed = outcome.fingerprint() != previous.fingerprint()
            self._emit("schema_lint.retry.attempt", {**base, "schema_lint.retry.arguments_changed": changed})
        if outcome.status == "valid":
            return
        details: dict[str, Any] = {"schema_lint.repair.paths": [r.path for r in outcome.repairs],
                                   "schema_lint.repair.rules": [r.rule for r in outcome.repairs]}
        if outcome.unread_strings:
            details["schema_lint.shape.unread_strings"] = outcome.unread_strings
        if outcome.envelope is not None:
            errors = outcome.envelope["error"]["errors"]
            details.update({"schema_lint.error.code": outcome.envelope["error"]["code"],
                            "schema_lint.error.paths": [e["path"] for e in errors],
                            "schema_lint.error.reasons": [e["reason"] for e in errors]})
        self._emit(f"schema_lint.call.{outcome.status}", {**base, **details})

    def _emit(self, event: str, attributes: dict[str, Any]) -> None:
        """The event to the sink; a sink that raises (an exporter that is down) is logged, and the
        call's outcome still reaches the caller: telemetry must not turn a rejection into a crash."""
        try:
            self.telemetry.emit(event, attributes)
        except Exception:  # noqa: BLE001 - the host's sink: logged, never raised into the tool call
            _logger.exception("telemetry sink of %s raised on %s; the event is lost", self.name, event)


def _retried(previous: Outcome | None) -> TypeGuard[Outcome]:
    """Whether a call passed `previous` resubmits a rejected one: only then does it count as another attempt."""
    return previous is not None and previous.status == "rejected"
