"""SL501 missing-idempotency-key: severity by side effects, and every spelling of a key."""

from __future__ import annotations

import pytest
from lintkit import lint_tool, obj

from schema_lint.config import Config
from schema_lint.model import Severity


def test_sl501_info_on_a_tool_that_creates_a_warning_where_it_moves_money_nothing_on_read():
    schema = obj(amount={"type": "number"})
    (write,) = lint_tool(schema, "SL501", name="create_invoice")
    (money,) = lint_tool(schema, "SL501", name="transfer_funds")
    assert (write.severity, money.severity) == (Severity.INFO, Severity.WARNING)
    assert lint_tool(schema, "SL501", name="get_balance") == []


@pytest.mark.parametrize("name, schema, moves_money", [
    ("transfer_to_billing_agent", obj(reason={"type": "string"}), False),  # the OpenAI Agents SDK's handoff
    ("transfer_to_human_agents", obj(summary={"type": "string"}), False),
    ("transfer_call", obj(extension={"type": "string"}), False),
    ("transfer_funds", obj(to_account={"type": "string"}), True),
    ("transfer", obj(amountCents={"type": "integer"}, to={"type": "string"}), True),
])
def test_sl501_a_transfer_is_a_payment_only_where_it_moves_money(name, schema, moves_money):
    found = lint_tool(schema, "SL501", name=name)
    assert [f.severity for f in found] == ([Severity.WARNING] if moves_money else [])


def test_sl501_a_handoff_to_a_billing_agent_moves_no_money():
    """Billing is spoken of, no money is moved: a second handoff makes no second payment."""
    assert lint_tool(obj(reason={"type": "string"}), "SL501", name="transfer_to_billing_agent",
                     description="Handoff to the Billing agent to handle the request.") == []


@pytest.mark.parametrize("name", ["update_event", "calendar_event_edit", "add_label", "delete_account",
                                  "archival_memory_remove", "set_countdown", "city_facts"])
def test_sl501_leaves_tools_a_second_call_does_not_change_again(name):
    # Editing, labelling or deleting twice leaves the world as once: such findings were wrong.
    assert lint_tool(obj(amount={"type": "number"}), "SL501", name=name) == []


def test_sl501_accepts_any_spelling_configured_names_and_idempotent_hints():
    for name in ("idempotency_key", "idempotencyKey", "Idempotency-Key", "client_request_id", "dedupe_key"):
        assert lint_tool(obj(**{name: {"type": "string"}}), "SL501", name="create_payment") == []
    config = Config(settings={"idempotency-keys": ["txn_ref"]})
    assert lint_tool(obj(txn_ref={"type": "string"}), "SL501", name="create_payment", config=config) == []
    assert lint_tool(obj(x={"type": "string"}), "SL501", name="send_flag", annotations={"idempotentHint": True}) == []
