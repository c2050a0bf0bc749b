"""ToolBoundary.check: the three outcomes, JSON text, observe mode, business checks, telemetry."""

from __future__ import annotations

import copy
import importlib
import json
import logging

import pytest
from boundary_schemas import TICKET
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from schema_lint.boundary import CheckFailure, Policy, RetryPolicy, Telemetry, ToolBoundary

SCHEMA = {**TICKET, "properties": {**TICKET["properties"], "ticket_id": {"type": "string"}}}
VALID = {"title": "Disk full", "priority": "high", "channel": "console"}
NEAR_MISS = {**VALID, "labels": "infra"}
BROKEN = {"title": "Disk full", "channel": "console", "userId": 7}


@pytest.fixture
def boundary() -> ToolBoundary:
    return ToolBoundary(SCHEMA, name="create_ticket")


def events(caplog) -> list[tuple[str, dict]]:
    return [(r.schema_lint_event, r.schema_lint) for r in caplog.records if hasattr(r, "schema_lint_event")]


def test_valid_call_passes_as_the_same_object(boundary):
    outcome = boundary.check(VALID, call_id="c1")
    assert (outcome.status, outcome.proceed, outcome.envelope, outcome.repairs) == ("valid", True, None, [])
    assert outcome.arguments is VALID and outcome.call_id == "c1" and outcome.attempt == 1


def test_near_miss_is_canonicalized_without_touching_the_input(boundary):
    before = copy.deepcopy(NEAR_MISS)
    outcome = boundary.check(NEAR_MISS)
    assert outcome.status == "canonicalized" and outcome.proceed
    assert outcome.arguments == {**VALID, "labels": ["infra"]}
    assert [(r.path, r.rule) for r in outcome.repairs] == [("$.labels", "scalar-for-array")]
    assert NEAR_MISS == before and outcome.received is NEAR_MISS


def test_broken_call_is_rejected_with_every_problem(boundary):
    outcome = boundary.check(BROKEN)
    assert outcome.status == "rejected" and not outcome.proceed
    assert [(e["path"], e["reason"]) for e in outcome.envelope["error"]["errors"]] == [
        ("$.priority", "required"), ("$.userId", "additionalProperties")]
    assert outcome.envelope["retryable"] is True


def test_a_call_repairs_cannot_make_valid_is_rejected_whole_with_every_error_as_sent(boundary):
    # All or nothing: had `labels` been wrapped silently, the model would fix the rest and the
    # wrapped value would then pass without anyone having seen it.
    call = {**BROKEN, "labels": "infra"}
    outcome = boundary.check(call)
    assert outcome.status == "rejected" and outcome.arguments == call
    errors = {e["path"]: e for e in outcome.envelope["error"]["errors"]}
    assert "$.labels" in errors and errors["$.labels"]["repair"] == 'send labels as ["infra"] and resubmit the same call'
    assert [r.path for r in outcome.repairs] == ["$.labels"]  # what the repair would have done


@pytest.mark.parametrize("text", ['{"title": "Disk full", "priority": "high", "channel": "console"}',
                                  b'{"title": "Disk full", "priority": "high", "channel": "console"}'])
def test_arguments_as_json_text(boundary, text):
    outcome = boundary.check(text)
    assert outcome.status == "valid" and outcome.arguments == VALID


def test_json_text_near_miss(boundary):
    outcome = boundary.check('{"title": "t", "priority": "low", "channel": "console", "labels": "x"}')
    assert outcome.status == "canonicalized" and outcome.arguments["labels"] == ["x"]


def test_double_encoded_arguments_need_json_string():
    twice = json.dumps(json.dumps(VALID))
    assert ToolBoundary(SCHEMA).check(twice).status == "rejected"
    outcome = ToolBoundary(SCHEMA, policy=Policy.from_names(["json-string"])).check(twice)
    assert outcome.status == "canonicalized" and outcome.arguments == VALID
    assert [(r.path, r.rule) for r in outcome.repairs] == [("$", "json-string")]


def test_unparseable_json_names_the_parser_position(boundary):
    outcome = boundary.check('{"title": "t", "priority": "low" "channel": "console"}')
    assert outcome.status == "rejected"
    (error,) = outcome.envelope["error"]["errors"]
    assert (error["path"], error["reason"], error["expected"]) == ("$", "invalid-json", "an object")
    assert "line 1 column 34" in error["repair"] and "delimiter" in error["repair"]
    assert outcome.envelope["retryable"] is True


def test_bytes_that_are_not_utf8(boundary):
    outcome = boundary.check(b'{"title": "\xff"}')
    assert outcome.envelope["error"]["errors"][0]["reason"] == "invalid-json"
    assert "byte" in outcome.envelope["error"]["errors"][0]["repair"]


def test_dialect_schemas_work_without_a_flag():
    bfcl = ToolBoundary({"type": "dict", "properties": {"xs": {"type": "list", "items": {"type": "float"}}},
                         "required": ["xs"]})
    assert bfcl.check({"xs": 1.5}).arguments == {"xs": [1.5]}
    gemini = ToolBoundary({"type": "OBJECT", "properties": {"q": {"type": "STRING"}}, "required": ["q"]})
    assert gemini.check({"q": "x"}).status == "valid"
    assert gemini.check({"q": 1}).status == "rejected"


@pytest.mark.parametrize("option", [{"side_effects": "mutating"}, {"mode": "shadow"}])
def test_bad_options_are_refused(option):
    with pytest.raises(ValueError, match="must be"):
        ToolBoundary(SCHEMA, **option)


class TestObserveMode:
    def test_rejection_is_recorded_but_the_call_proceeds_unchanged(self, caplog):
        boundary = ToolBoundary(SCHEMA, name="create_ticket", mode="observe")
        with caplog.at_level(logging.INFO, logger="schema_lint.boundary"):
            outcome = boundary.check(BROKEN, call_id="c9")
        assert outcome.status == "rejected" and outcome.proceed and outcome.arguments is BROKEN
        assert outcome.envelope["error"]["errors"][1]["path"] == "$.userId"
        ((name, attributes),) = events(caplog)
        assert name == "schema_lint.call.rejected"
        assert attributes["schema_lint.mode"] == "observe" and attributes["gen_ai.tool.call.id"] == "c9"

    def test_repairs_are_reported_not_applied(self):
        outcome = ToolBoundary(SCHEMA, mode="observe").check(NEAR_MISS)
        assert outcome.status == "canonicalized" and outcome.arguments is NEAR_MISS
        assert outcome.repairs[0].after == ["infra"]

    def test_unparseable_text_still_proceeds_as_received(self):
        outcome = ToolBoundary(SCHEMA, mode="observe").check("{nope")
        assert outcome.status == "rejected" and outcome.proceed and outcome.arguments == "{nope"


class TestBusinessChecks:
    @staticmethod
    def ticket_exists(arguments):
        if arguments.get("ticket_id") == "T-404":
            return CheckFailure("NOT_FOUND", "$.ticket_id", "the id of an existing ticket",
                                "look the ticket up with search_tickets and use its id")
        return None

    @staticmethod
    def title_not_shouting(arguments):
        if arguments["title"].isupper():
            return CheckFailure("INVALID_ARGUMENT", "$.title", "a title in sentence case", "rewrite the title")
        return None

    def boundary(self, **options):
        return ToolBoundary(SCHEMA, business_checks=[self.ticket_exists, self.title_not_shouting], **options)

    def test_not_found_is_reported_in_the_envelope_and_not_retryable(self):
        outcome = self.boundary().check({**VALID, "ticket_id": "T-404"})
        assert outcome.status == "rejected" and not outcome.proceed
        assert outcome.envelope == {"ok": False, "retryable": False, "error": {"code": "NOT_FOUND", "errors": [
            {"path": "$.ticket_id", "reason": "not-found", "expected": "the id of an existing ticket",
             "repair": "look the ticket up with search_tickets and use its id"}]}}

    def test_retryability_comes_from_the_retry_policy(self):
        shouting = {**VALID, "title": "DISK FULL"}
        assert self.boundary().check(shouting).envelope["retryable"] is True
        strict = RetryPolicy(retryable_codes=frozenset({"SCHEMA_VALIDATION_FAILED"}))
        assert self.boundary(retry_policy=strict).check(shouting).envelope["retryable"] is False

    def test_checks_see_the_canonicalized_arguments_and_pass_valid_ones(self):
        seen = []
        boundary = ToolBoundary(SCHEMA, business_checks=[lambda a: seen.append(a)])
        assert boundary.check(NEAR_MISS).status == "canonicalized"
        assert boundary.check(VALID).status == "valid"
        assert seen == [{**VALID, "labels": ["infra"]}, VALID]

    def test_checks_do_not_run_on_a_schema_rejection(self):
        seen = []
        ToolBoundary(SCHEMA, business_checks=[lambda a: seen.append(a)]).check(BROKEN)
        assert seen == []

    def test_observe_mode_lets_a_failed_check_through(self):
        outcome = self.boundary(mode="observe").check({**VALID, "ticket_id": "T-404"})
        assert outcome.status == "rejected" and outcome.proceed


class TestTelemetry:
    def test_logging_events_carry_tool_call_paths_and_rules(self, boundary, caplog):
        with caplog.at_level(logging.INFO, logger="schema_lint.boundary"):
            boundary.check(VALID, call_id="v")
            boundary.check(NEAR_MISS, call_id="n")
            boundary.check(BROKEN, call_id="b")
        (canonicalized, rejected) = events(caplog)
        assert canonicalized == ("schema_lint.call.canonicalized", {
            "gen_ai.tool.name": "create_ticket", "gen_ai.tool.call.id": "n", "schema_lint.outcome": "canonicalized",
            "schema_lint.mode": "enforce", "schema_lint.attempt": 1,
            "schema_lint.repair.paths": ["$.labels"], "schema_lint.repair.rules": ["scalar-for-array"]})
        name, attributes = rejected
        assert name == "schema_lint.call.rejected" and attributes["gen_ai.tool.call.id"] == "b"
        assert attributes["schema_lint.error.code"] == "SCHEMA_VALIDATION_FAILED"
        assert attributes["schema_lint.error.paths"] == ["$.priority", "$.userId"]
        assert attributes["schema_lint.error.reasons"] == ["required", "additionalProperties"]

    def test_strings_not_read_for_their_shape_are_counted(self, caplog):
        # Nested deeper than a call may be, the text is not read, so not wrapped: rejected.
        call = {**VALID, "labels": "[" * 65 + "]" * 65}
        refuse = ToolBoundary(SCHEMA, business_checks=[lambda arguments: CheckFailure("CONFLICT")])
        with caplog.at_level(logging.INFO, logger="schema_lint.boundary"):
            unwrapped, refused = ToolBoundary(SCHEMA).check(call), refuse.check(call)
        assert (unwrapped.status, unwrapped.unread_strings, refused.status, refused.unread_strings) == (
            "rejected", 1, "rejected", 1)
        assert [a["schema_lint.shape.unread_strings"] for _, a in events(caplog)] == [1, 1]
        with caplog.at_level(logging.INFO, logger="schema_lint.boundary"):
            ToolBoundary(SCHEMA).check(NEAR_MISS)
        assert "schema_lint.shape.unread_strings" not in events(caplog)[-1][1]

    def test_retry_attempts_say_whether_the_model_changed_the_call(self, boundary, caplog):
        with caplog.at_level(logging.INFO, logger="schema_lint.boundary"):
            first = boundary.check(BROKEN, call_id="a1")
            duplicate = boundary.check(dict(BROKEN), call_id="a2", previous=first)
            repaired = boundary.check(VALID, call_id="a3", previous=duplicate)
        assert (first.attempt, duplicate.attempt, repaired.attempt) == (1, 2, 3)
        retries = [a for n, a in events(caplog) if n == "schema_lint.retry.attempt"]
        assert [(a["schema_lint.attempt"], a["schema_lint.retry.arguments_changed"]) for a in retries] == [
            (2, False), (3, True)]
        assert retries[1]["schema_lint.outcome"] == "valid"

    def test_retry_decisions_are_events(self, boundary, caplog):
        with caplog.at_level(logging.INFO, logger="schema_lint.boundary"):
            decision = boundary.should_retry(boundary.check(BROKEN, call_id="r1"))
        assert decision.retry
        ((name, attributes),) = [e for e in events(caplog) if e[0] == "schema_lint.retry.decision"]
        assert attributes["schema_lint.retry.decision"] == "retry"
        assert attributes["gen_ai.tool.call.id"] == "r1" and attributes["schema_lint.retry.reason"] == "repairable"
        assert attributes["schema_lint.attempt"] == 1

    @staticmethod
    def spans_of(boundary, *calls):
        exporter = InMemorySpanExporter()
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(exporter))
        with provider.get_tracer("test").start_as_current_span("execute_tool create_ticket"):
            for index, call in enumerate(calls):
                boundary.check(call, call_id=f"o{index + 1}")
        return exporter.get_finished_spans()

    def test_opentelemetry_span_events(self):
        boundary = ToolBoundary(SCHEMA, name="create_ticket", telemetry=Telemetry())
        (span,) = self.spans_of(boundary, NEAR_MISS, BROKEN, VALID)
        assert [e.name for e in span.events] == ["schema_lint.call.canonicalized", "schema_lint.call.rejected"]
        first, second = (dict(e.attributes) for e in span.events)
        assert first["gen_ai.tool.name"] == "create_ticket" and first["gen_ai.tool.call.id"] == "o1"
        assert list(first["schema_lint.repair.rules"]) == ["scalar-for-array"]
        assert list(second["schema_lint.error.reasons"]) == ["required", "additionalProperties"]

    def test_a_custom_sink_receives_the_same_events(self):
        received = []

        class Sink:
            def emit(self, event, attributes):
                received.append((event, dict(attributes)))

        ToolBoundary(SCHEMA, telemetry=Sink()).check(NEAR_MISS)
        assert [e for e, _ in received] == ["schema_lint.call.canonicalized"]

    def test_a_sink_that_raises_is_logged_and_the_outcome_still_returned(self, caplog):
        class Down:
            def emit(self, event, attributes):
                raise RuntimeError("exporter down")

        boundary = ToolBoundary(SCHEMA, name="create_ticket", telemetry=Down())
        with caplog.at_level("ERROR", logger="schema_lint.boundary"):
            outcome = boundary.check(NEAR_MISS)
            decision = boundary.should_retry(outcome)
        assert outcome.status == "canonicalized" and not decision
        assert "telemetry sink of create_ticket raised" in caplog.text and "exporter down" in caplog.text

    def test_opentelemetry_can_be_left_out(self):
        (span,) = self.spans_of(ToolBoundary(SCHEMA, telemetry=Telemetry(opentelemetry=False)), NEAR_MISS)
        assert span.events == ()

    def test_an_event_nobody_receives_is_not_prepared(self, caplog):
        # A replay of a million calls logs below INFO, outside any span: each event must cost
        # two checks, not the conversion of its attributes.
        converted = []

        class Attribute:
            def __str__(self) -> str:
                converted.append(self)
                return "attribute"

        with caplog.at_level(logging.WARNING, logger="schema_lint.boundary"):
            Telemetry().emit("schema_lint.call.rejected", {"schema_lint.example": Attribute()})
        assert converted == []
        with caplog.at_level(logging.INFO, logger="schema_lint.boundary"):
            Telemetry().emit("schema_lint.call.rejected", {"schema_lint.example": Attribute()})
        assert len(converted) == 1 and events(caplog)[-1][1] == {"schema_lint.example": "attribute"}


def test_policy_is_honoured(boundary):
    opt_in = ToolBoundary(SCHEMA, policy=Policy.from_names(["enum-case"]))
    assert opt_in.check({**VALID, "priority": "HIGH"}).arguments["priority"] == "high"
    assert opt_in.check(NEAR_MISS).status == "rejected"
    assert boundary.check({**VALID, "priority": "HIGH"}).status == "rejected"


def test_a_rejection_skips_the_walk_where_no_repair_could_apply(monkeypatch):
    # Imported by name: the package exports a function called canonicalize.
    canonicalize_module = importlib.import_module("schema_lint.boundary.canonicalize")
    walks = []
    real_walker = canonicalize_module._Walker
    monkeypatch.setattr(canonicalize_module, "_Walker", lambda *arguments: walks.append(1) or real_walker(*arguments))
    flat = {"type": "object", "properties": {"count": {"type": "integer"}}}
    outcome = ToolBoundary(flat).check({"count": "many"})
    assert outcome.status == "rejected" and walks == []  # the default policy only wraps values in arrays
    assert ToolBoundary(SCHEMA).check(BROKEN).status == "rejected" and walks == [1]
