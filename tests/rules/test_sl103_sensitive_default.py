"""SL103 sensitive-default: money, recipient and permission defaults, and the fix that asks
for them instead."""

from __future__ import annotations

import pytest
from lintkit import fixed_schema, lint_tool, obj

from schema_lint.config import Config
from schema_lint.model import FixSafety, Severity


def test_sl103_flags_money_recipient_and_permission_defaults_on_write_tools_as_errors():
    schema = {**obj(amount={"type": "number", "default": 100}, recipient={"type": "string", "default": "ops@example.com"},
                    role={"type": "string", "default": "admin"}, title={"type": "string", "default": "Hi"}),
              "required": ["title"]}
    found = lint_tool(schema, "SL103", name="send_payment")
    assert sorted(d.pointer.split("/")[-2] for d in found) == ["amount", "recipient", "role"]
    assert {d.severity for d in found} == {Severity.ERROR}


def test_sl103_suggests_removing_the_default_and_requiring_the_field():
    schema = {**obj(currency={"type": "string", "default": "USD"}, memo={"type": "string"}), "required": ["memo"]}
    (found,) = lint_tool(schema, "SL103", name="create_invoice")
    after = fixed_schema(schema, found)
    assert "default" not in after["properties"]["currency"] and after["required"] == ["memo", "currency"]
    # Only a suggestion: required, the field refuses every call that leaves it out, which the
    # schema allows (as a tool's documentation may say to): `--fix --unsafe-fixes` leaves it.
    assert found.fix.safety is FixSafety.SUGGESTION


def test_sl103_fix_never_refuses_a_call_that_leaves_the_field_out(tmp_path):
    import json

    from click.testing import CliRunner

    from schema_lint.cli import main

    schema = {**obj(currency={"type": "string", "default": "USD"}, memo={"type": "string"}), "required": ["memo"]}
    path = tmp_path / "tools.json"
    path.write_text(json.dumps({"tools": [{"name": "create_invoice", "description": "Create an invoice.",
                                           "inputSchema": schema}]}))
    CliRunner().invoke(main, ["check", str(path), "--select", "SL103", "--fix", "--unsafe-fixes", "--no-cache"])
    assert json.loads(path.read_text())["tools"][0]["inputSchema"] == schema


@pytest.mark.parametrize("default", ["default", "inherit", "UNSPECIFIED"])
def test_sl103_leaves_a_default_that_defers_to_the_server_alone(default):
    """Google Calendar's `visibility` of "default": the calendar's own default visibility."""
    schema = obj(visibility={"type": "string", "enum": ["default", "public", "private"], "default": default.lower()},
                 role={"type": "string", "default": default}, from_account={"type": "string", "default": default},
                 currency={"type": "string", "default": default})  # of any kind: the server's own choice
    assert lint_tool(schema, "SL103", name="insert_event") == []


def test_sl103_leaves_paging_filters_and_empty_defaults_alone():
    schema = obj(page_size={"type": "integer", "default": 20}, sort={"type": "string", "default": "price"},
                 price_min={"type": "number", "default": 10}, cc={"type": "array", "default": []},
                 tip={"type": "number", "default": 0})
    assert lint_tool(schema, "SL103", name="create_order") == []


def test_sl103_is_info_on_read_tools_and_reads_configured_names():
    schema = obj(scope={"type": "string", "default": "repo"}, tenant={"type": "string", "default": "acme"})
    (found,) = lint_tool(schema, "SL103", name="search_code")
    assert found.severity is Severity.INFO
    config = Config(settings={"sensitive-names": ["tenant"]})
    assert len(lint_tool(schema, "SL103", name="search_code", config=config)) == 2


@pytest.mark.parametrize(("field", "default", "reported"), [
    ("permissions", "read_only", False), ("role", "viewer", False), ("visibility", "private", False),
    ("permissions", "admin", True), ("visibility", "public", True), ("privacy", "everyone", True),
])
def test_sl103_a_default_that_grants_the_least_chooses_nothing_to_regret(field, default, reported):
    found = lint_tool(obj(**{field: {"type": "string", "default": default}}), "SL103", name="create_token")
    assert bool(found) is reported


@pytest.mark.parametrize("field", ["password", "admin_password", "client_secret", "api_key", "apiKey", "access_token"])
def test_sl103_flags_a_credential_with_a_default(field):
    schema = obj(**{field: {"type": "string", "description": "Password for the new account.",
                            "default": "defaultP@ssw0rd"}})
    (found,) = lint_tool(schema, "SL103", name="create_user_profile")
    assert found.pointer == f"/inputSchema/properties/{field}/default"
    assert f"`{field}` (credential) defaults to \"de…\" (15 characters): a secret" in found.message
    assert "P@ssw0rd" not in found.message  # a report travels to CI logs: the secret is not repeated
    assert found.severity is Severity.ERROR  # a write tool, as for every sensitive default
    # No fix: required, the field would ask the model for a secret it does not have (SL104's remedy).
    assert found.fix is None


@pytest.mark.parametrize(("field", "default"), [
    ("password", ""), ("password", "  "), ("page_token", "abc"), ("max_tokens", 1024), ("password_length", 12),
    ("token", "first"),  # a paging token, by its description
])
def test_sl103_leaves_empty_credential_defaults_and_other_tokens_alone(field, default):
    schema = obj(**{field: {"type": "string" if isinstance(default, str) else "integer", "default": default,
                            "description": "Continuation token of the next page." if field == "token" else "d"}})
    assert lint_tool(schema, "SL103", name="create_user_profile") == []


def test_sl103_a_kind_of_account_or_payment_is_no_account_or_payment():
    """`account_type` of "checking" says which kind of account to open, not where money goes."""
    schema = obj(account_type={"type": "string", "enum": ["checking", "savings"], "default": "checking"},
                 payment_method={"type": "string", "default": "card"},
                 role_type={"type": "string", "default": "admin"}, account={"type": "string", "default": "acct_1"},
                 payment_method_id={"type": "string", "default": "default_card"})  # which instrument: one
    found = {d.pointer.split("/")[-2] for d in lint_tool(schema, "SL103", name="open_account")}
    assert found == {"role_type", "account", "payment_method_id"}
