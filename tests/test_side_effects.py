"""Side-effect classes: configuration, then MCP annotations, then the name's verb."""

from __future__ import annotations

import pytest

from schema_lint.model import SideEffects, Tool
from schema_lint.side_effects import classify

READ, WRITE, DESTRUCTIVE = SideEffects.READ, SideEffects.WRITE, SideEffects.DESTRUCTIVE


def tool(name: str, annotations: dict | None = None) -> Tool:
    definition = {"name": name, **({"annotations": annotations} if annotations is not None else {})}
    return Tool(name=name, schema={}, pointer="", schema_pointer="/inputSchema", format="mcp_tool",
                definition=definition)


@pytest.mark.parametrize(("name", "expected"), [
    ("get_user", READ), ("listRepos", READ), ("jira_get", READ), ("search-docs", READ),
    ("create_ticket", WRITE), ("sendEmail", WRITE), ("refund_payment", WRITE),
    ("delete_branch", DESTRUCTIVE), ("purgeCache", DESTRUCTIVE),
    ("browser_tabs", WRITE),  # no verb: assume it changes something
])
def test_the_first_known_verb_in_the_name_decides(name, expected):
    assert classify(tool(name)) is expected


@pytest.mark.parametrize(("annotations", "expected"), [
    ({"readOnlyHint": True}, READ),
    ({"readOnlyHint": True, "destructiveHint": True}, READ),
    ({"destructiveHint": True}, DESTRUCTIVE),
    ({"readOnlyHint": False}, DESTRUCTIVE),  # the MCP spec's default for destructiveHint
    ({"readOnlyHint": False, "destructiveHint": False}, WRITE),
    ({"title": "Lookup"}, WRITE),  # no hint: the name decides ("delete_" would say destructive)
])
def test_mcp_annotations_outrank_the_name(annotations, expected):
    assert classify(tool("update_record", annotations)) is expected


def test_configuration_outranks_everything():
    overrides = {"jira_*": READ, "*_purge": DESTRUCTIVE}
    assert classify(tool("jira_create_issue", {"readOnlyHint": False}), overrides) is READ
    assert classify(tool("cache_purge"), overrides) is DESTRUCTIVE
