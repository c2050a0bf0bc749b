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


@pytest.mark.parametrize("description", [
    "A ref://<id> token exactly as it appeared in search results (the bare id is also accepted).",
    "The link token returned by `search`.",
    "Token from the previous listing, to fetch the full record.",
])
def test_sl104_leaves_a_bare_token_the_tools_own_results_hand_out(description):
    """The model read it from an earlier result: nothing to move to configuration."""
    assert lint_tool(obj(token={"type": "string", "description": description}), "SL104") == []


@pytest.mark.parametrize(("name", "description"), [
    ("token", "The session token returned by `login`."),
    ("token", "Your API token, from the account settings page."),
    ("token", "Bearer token from the previous auth response."),
    ("access_token", "The access token returned by the OAuth flow."),
    ("auth_token", "A reference token as it appeared in search results."),  # the name says auth
])
def test_sl104_still_flags_a_token_whose_words_speak_of_access(name, description):
    assert len(lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL104")) == 1


def test_sl104_reads_the_words_a_docstring_gives_the_argument():
    """An MCP server written in Python serves its docstring as the tool's description: the
    `Args:` entry is the argument's words, as the tool's other rules read them."""
    described = ("Expand a link.\n\nArgs:\n    token: A ref://<id> token exactly as it appeared in search "
                 "results.")
    assert lint_tool(obj(token={"type": "string"}), "SL104", name="expand_link", description=described) == []
