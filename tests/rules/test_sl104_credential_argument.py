"""SL104 credential-argument: secrets the model is asked to send, and tokens that are none."""

from __future__ import annotations

import pytest
from lintkit import lint_tool, obj

from schema_lint.model import Severity


@pytest.mark.parametrize("name", ["api_key", "x_apikey", "apiKey", "password", "access_token", "client_secret",
                                  "private_key", "refresh_token", "token"])
def test_sl104_flags_a_credential_taken_as_an_argument(name):
    (found,) = lint_tool(obj(**{name: {"type": "string"}}), "SL104", name="get_report")
    assert found.severity is Severity.WARNING and found.fix is None
    assert found.message.startswith(f"`{name}` takes a credential as an argument")


@pytest.mark.parametrize(("name", "schema"), [
    ("max_tokens", {"type": "integer"}), ("page_token", {"type": "string"}), ("next_token", {"type": "string"}),
    ("password_length", {"type": "integer"}), ("secret_name", {"type": "string"}), ("token_count", {"type": "integer"}),
    ("token", {"type": "string", "description": "The continuation token from the previous response."}),
    ("token", {"type": "integer"}),
])
def test_sl104_leaves_tokens_that_are_no_secret(name, schema):
    assert lint_tool(obj(**{name: schema}), "SL104") == []
