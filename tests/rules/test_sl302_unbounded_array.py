"""SL302 unbounded-array: arrays without `maxItems`, and the bound the schema or the configuration gives."""

from __future__ import annotations

import time

import pytest
from lintkit import lint_tool, obj

from schema_lint.config import Config
from schema_lint.model import Evidence, FixSafety, Operation, Severity
from schema_lint.prose.field_prose import largest_number

P = "/inputSchema"


def test_sl302_flags_arrays_without_max_items_and_adds_the_configured_bound():
    schema = obj(tags={"type": "array", "items": {"type": "string"}, "description": "Up to 100 tags."},
                    many={"type": "array", "minItems": 500},
                    bounded={"type": "array", "maxItems": 5}, pair={"type": "array", "prefixItems": [{}, {}], "items": False},
                    fixed={"type": "array", "const": [1, 2]})
    found = {d.pointer.removeprefix(f"{P}/properties/"): d for d in lint_tool(schema, "SL302", name="send_mail")}
    assert set(found) == {"tags", "many"}
    assert found["tags"].severity is Severity.WARNING
    # "Up to 100 tags" counts the array's items: the description's word, quoted as the evidence.
    assert found["tags"].fix.operations == (Operation("add", f"{P}/properties/tags/maxItems", 100),)
    assert found["tags"].fix.evidence == Evidence("schema-words", "Up to 100 tags")
    assert found["many"].fix.safety is FixSafety.SUGGESTION  # nothing states a bound: a person chooses it
    assert found["many"].fix.operations[0].value == 500  # raised to minItems
    schema["properties"]["tags"]["description"] = "Up to 100 items."
    (tags, _) = lint_tool(schema, "SL302")
    assert tags.fix.operations == (Operation("add", f"{P}/properties/tags/maxItems", 100),)
    config = Config(settings={"max-items": 20})
    (tags, many) = lint_tool(schema, "SL302", config=config)
    assert tags.fix.operations[0].value == 100 and tags.fix.safety is FixSafety.UNSAFE  # the schema's word first
    assert many.fix.operations[0].value == 500  # the configured bound, raised to minItems


def test_sl302_is_information_on_read_tools():
    (found,) = lint_tool(obj(ids={"type": "array", "description": "Up to 10 items."}), "SL302", name="list_items")
    assert found.severity is Severity.INFO


def test_sl302_on_a_read_tool_speaks_only_with_ground_for_a_bound():
    # A lookup's list of filters with nothing to say how long it may be: true, and noise.
    schema = obj(filters={"type": "array", "items": {"type": "string"}},
                 ids={"type": "array", "items": {"type": "string"}, "description": "At most 50 items."})
    found = lint_tool(schema, "SL302", name="search_tickets")
    assert [d.pointer for d in found] == [f"{P}/properties/ids"]
    assert len(lint_tool(schema, "SL302", name="close_tickets")) == 2


@pytest.mark.parametrize("description", [
    "The IDs of the resources. Constraints: Up to 1000 resource IDs.",   # EC2 CreateTags, a bound left unread
    "Message IDs to delete, 500 per request tops.",
    "Rows to insert; the API takes batches of 10,000.",
])
def test_sl302_suggests_no_conventional_bound_below_a_number_the_words_name(description):
    schema = obj(ids={"type": "array", "items": {"type": "string"}, "description": description})
    (found,) = lint_tool(schema, "SL302", name="create_tags")
    assert all(op.value > 100 for op in found.fix.operations) if found.fix else "no suggestion" in found.message


@pytest.mark.parametrize("description", ["Tags for the 2 regions.", "Resource IDs.", None,
                                         "Values to show; dates as '2026-01-31', times as 10:30:00, v1.2.300."])
def test_sl302_still_suggests_the_conventional_bound_where_no_larger_number_is_named(description):
    schema = obj(ids={"type": "array", "items": {"type": "string"},
                      **({"description": description} if description else {})})
    (found,) = lint_tool(schema, "SL302", name="create_tags")
    assert found.fix.safety is FixSafety.SUGGESTION and found.fix.operations[0].value == 100


@pytest.mark.hostile
@pytest.mark.parametrize("description", ["1,000 " * 150_000, "9" * 1_000_000, "x 5000" * 150_000])
def test_the_largest_named_number_is_read_in_linear_time(description):
    started = time.thread_time()
    assert largest_number(description) > 100
    assert time.thread_time() - started < 1


@pytest.mark.parametrize("description, largest", [("Batches of 50k+ rows.", 50_000), ("Up to 2M rows", 2_000_000),
                                                  ("Limit, at most 1e5.", 100_000), ("3.5k items", 3_500),
                                                  ("Within 24h; 2FA code; 10m timeout.", None)])
def test_a_number_written_with_its_size_is_read_at_that_size(description, largest):
    """`maxItems` from calls of up to 40 IDs stood where the words said "batches of 50k+"."""
    assert largest_number(description) == largest


def test_sl302_the_digits_of_a_quoted_item_count_no_items():
    """mcp-server-kubernetes' `tcpPort`: "Port pairs for tcp service (e.g. ["80:8080", "443:8443"])"
    had "no suggestion: the description names 8,443"; an item's example is no count."""
    tcp = {"type": "array", "items": {"type": "string"},
           "description": 'Port pairs for tcp service (e.g. ["80:8080", "443:8443"])'}
    (found,) = lint_tool(obj(tcpPort=tcp), "SL302")
    assert "no suggestion" not in found.message
    assert found.fix is not None and found.fix.operations == (Operation("add", "/inputSchema/properties/tcpPort/maxItems", 100),)


@pytest.mark.parametrize("description", ["IDs, up to `500` of them", "Names; 1000 at most."])
def test_sl302_a_larger_number_still_holds_the_suggestion_back_quoted_alone_or_not(description):
    (found,) = lint_tool(obj(ids={"type": "array", "items": {"type": "string"}, "description": description}), "SL302")
    assert "more than the conventional 100" in found.message and found.fix is None
