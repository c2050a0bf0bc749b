"""Side-effect classes: configuration, then MCP annotations, then the name's verb."""

from __future__ import annotations

import pytest

from schema_lint.model import SideEffects, Tool
from schema_lint.prose.side_effects import classify

READ, WRITE, DESTRUCTIVE = SideEffects.READ, SideEffects.WRITE, SideEffects.DESTRUCTIVE


def tool(name: str, annotations: dict | None = None, description: str | None = None) -> Tool:
    definition = {"name": name, **({"annotations": annotations} if annotations is not None else {}),
                  **({"description": description} if description is not None else {})}
    return Tool(name=name, schema={}, pointer="", schema_pointer="/inputSchema", format="mcp_tool",
                definition=definition)


@pytest.mark.parametrize(("name", "expected"), [
    ("get_user", READ), ("listRepos", READ), ("jira_get", READ), ("search-docs", READ),
    ("create_ticket", WRITE), ("sendEmail", WRITE), ("refund_payment", WRITE),
    ("delete_branch", DESTRUCTIVE), ("purgeCache", DESTRUCTIVE),
    ("grocery_store.item_details", READ),  # a dotted name's call is its last part: `store` is a noun here
    ("acl_api.AclApi.retrieve_projects", READ), ("db.table.drop", DESTRUCTIVE),
])
def test_the_first_known_verb_in_the_name_decides(name, expected):
    assert classify(tool(name)) is expected


@pytest.mark.parametrize(("name", "description", "expected"), [
    ("order_status", "Returns the status of an order.", READ), ("order_history", None, READ),
    ("book_details", None, READ), ("close_price", None, READ), ("store_price", "Fetches a game's price.", READ),
    ("commitHistory", None, READ), ("order_pizza", None, WRITE), ("book_room", None, WRITE),
    ("update_status", None, WRITE), ("transfer_funds", None, WRITE),
    ("order_status", "Cancels an order and returns its status.", WRITE),  # no verb in the name: the words' first
])
def test_a_verb_that_is_a_noun_before_a_status_or_details_is_no_verb(name, description, expected):
    """`order_status` is the status of an order, read: not an order placed."""
    assert classify(tool(name, description=description)) is expected


@pytest.mark.parametrize(("name", "description", "expected"), [
    ("payment_flow", "Initiates a payment to the given account.", WRITE),
    ("ticket_tool", "This tool creates a ticket in the tracker.", WRITE),
    ("branch_tool", "Use this to delete a branch.", DESTRUCTIVE),
    ("weather", "Retrieves the current weather for a city.", READ),
    ("web", "Searches the web.", READ),
    ("file_copy", "Copies a file to another folder.", WRITE),
    ("get_file", "Creates nothing; reads a file.", READ),  # the name's verb comes first
])
def test_without_a_verb_in_the_name_the_descriptions_first_verb_decides(name, description, expected):
    assert classify(tool(name, description=description)) is expected


@pytest.mark.parametrize(("name", "description"), [
    ("city_facts", "Facts about a city."),
    ("geometry.area_circle", "The area of a circle."),
    ("compute_area", None),
    ("browser_tabs", None),
])
def test_unknown_does_not_mean_write(name, description):
    # A name and description with no known verb are far more often a lookup or a calculator
    # than a write: classing them `write` asked calculators for idempotency keys.
    assert classify(tool(name, description=description)) is READ


@pytest.mark.parametrize(("annotations", "expected"), [
    ({"readOnlyHint": True}, READ),
    ({"readOnlyHint": True, "destructiveHint": True}, READ),
    ({"destructiveHint": True}, DESTRUCTIVE),
    ({"readOnlyHint": False}, DESTRUCTIVE),  # the MCP spec's default for destructiveHint
    ({"readOnlyHint": False, "destructiveHint": False}, WRITE),
    ({"title": "Lookup"}, READ),  # no hint: the name decides
])
def test_mcp_annotations_outrank_the_name(annotations, expected):
    # A read verb with hints that it writes is no contradiction: `get_or_create` writes.
    assert classify(tool("get_record", annotations)) is expected


@pytest.mark.parametrize(("name", "annotations", "expected"), [
    ("delete_file", {"readOnlyHint": True}, DESTRUCTIVE),
    ("purge_cache", {"readOnlyHint": True, "destructiveHint": True}, DESTRUCTIVE),
    ("open_nodes", {"readOnlyHint": True}, READ),  # a write verb is no evidence against it: it reads nodes
    ("drop_table", {"destructiveHint": False}, DESTRUCTIVE),
    ("drop_table", {"readOnlyHint": False, "destructiveHint": False}, DESTRUCTIVE),
    ("browser_tabs", {"readOnlyHint": True}, READ),  # no verb to contradict the hint
    ("create_ticket", {"destructiveHint": False}, WRITE),
])
def test_a_hint_the_names_verb_contradicts_does_not_lower_the_class(name, annotations, expected):
    assert classify(tool(name, annotations)) is expected


def test_configuration_outranks_everything():
    overrides = {"jira_*": READ, "*_purge": DESTRUCTIVE}
    assert classify(tool("jira_create_issue", {"readOnlyHint": False}), overrides) is READ
    assert classify(tool("cache_purge"), overrides) is DESTRUCTIVE


@pytest.mark.parametrize(("description", "expected"), [
    ("Permanently deletes a repository.", DESTRUCTIVE), ("Creating a user in the directory.", WRITE),
    ("Quickly searches the index.", READ), ("Reply to a message.", WRITE),
])
def test_an_adverb_or_a_gerund_opening_the_description_is_read_past(description, expected):
    assert classify(tool("repo_thing", description=description)) is expected
