"""SL501 missing-idempotency-key: severity by side effects, and every spelling of a key."""

from __future__ import annotations

from lintkit import lint_tool, obj

from schema_lint.config import Config
from schema_lint.model import Severity


def test_sl501_info_on_write_warning_on_destructive_nothing_on_read():
    schema = obj(amount={"type": "number"})
    (write,) = lint_tool(schema, "SL501", name="create_payment")
    (destructive,) = lint_tool(schema, "SL501", name="delete_account")
    assert (write.severity, destructive.severity) == (Severity.INFO, Severity.WARNING)
    assert lint_tool(schema, "SL501", name="get_balance") == []


def test_sl501_accepts_any_spelling_configured_names_and_idempotent_hints():
    for name in ("idempotency_key", "idempotencyKey", "Idempotency-Key", "client_request_id", "dedupe_key"):
        assert lint_tool(obj(**{name: {"type": "string"}}), "SL501", name="create_payment") == []
    config = Config(settings={"idempotency-keys": ["txn_ref"]})
    assert lint_tool(obj(txn_ref={"type": "string"}), "SL501", name="create_payment", config=config) == []
    assert lint_tool(obj(x={"type": "string"}), "SL501", name="set_flag", annotations={"idempotentHint": True}) == []
