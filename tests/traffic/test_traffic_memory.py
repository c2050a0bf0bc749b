"""Reading recorded calls streams: memory grows neither with the calls nor with the names,
keys and values a hostile log puts in them."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from schema_lint.model import Tool
from schema_lint.traffic.other_tools import NAMES_LISTED
from schema_lint.traffic.store import CALLS_KEPT, Traffic
from schema_lint.traffic.summary import (EXAMPLE_LENGTH, FIELDS_PER_TOOL, KEY_LENGTH, KEYS_KEPT, VALUE_LENGTH,
                                         FieldSummary, ToolSummary)

BUDGET = 50 * 1024 * 1024
"""Peak memory a hostile calls file may cost (tracemalloc): the summaries, and the calls kept."""


def _tool(name: str) -> Tool:
    return Tool(name=name, schema={"type": "object"}, pointer="", schema_pointer="", format="mcp_tool")


def _write(path, count):
    with open(path, "w") as handle:
        for n in range(count):
            handle.write(json.dumps({"tool": f"tool_{n % 4}", "arguments": {
                "title": f"call {n}", "page": n % 50, "tags": ["a", "b"][: n % 3], "id": f"{n:08x}"}}) + "\n")


def _peak(path, tools) -> tuple[int, Traffic]:
    tracemalloc.start()
    try:
        traffic = Traffic.load([str(path)], tools)
        return tracemalloc.get_traced_memory()[1], traffic
    finally:
        tracemalloc.stop()


def test_ten_times_the_calls_take_about_the_same_memory(tmp_path):
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    _write(small, 6_000)
    _write(large, 60_000)
    tools = [_tool(f"tool_{n}") for n in range(4)]
    small_peak, _ = _peak(small, tools)
    large_peak, traffic = _peak(large, tools)
    assert traffic.calls == 60_000 and traffic.summaries[("name", "tool_0")].calls == 15_000
    # Only CALLS_KEPT calls per tool stay in memory and the summaries are fixed-size, so ten
    # times the calls (a 6 MB file) may not take even twice the memory.
    assert large_peak < 2 * small_peak, (small_peak, large_peak)
    assert large_peak < 4 * CALLS_KEPT * 1_000


@pytest.mark.hostile
def test_calls_to_200_000_tools_not_in_the_tool_files_are_counted_not_summarised(tmp_path):
    path = tmp_path / "calls.jsonl"
    with open(path, "w") as handle:
        handle.write(json.dumps({"tool": "search", "arguments": {"query": "q"}}) + "\n")
        handle.writelines(json.dumps({"tool": f"other_{n}", "arguments": {"query": n}}) + "\n"
                          for n in range(200_000))
    peak, traffic = _peak(path, [_tool("search")])
    # A summary and the kept calls of each name took 891 MB here (about 4.5 kB a name).
    assert peak < BUDGET, peak
    assert list(traffic.summaries) == [("name", "search")] and traffic.calls == 200_001
    other = traffic.other
    assert (other.calls, len(other.names), other.unlisted_calls) == (200_000, NAMES_LISTED, 200_000 - NAMES_LISTED)
    assert abs(other.unlisted_names.estimate() - (200_000 - NAMES_LISTED)) < 0.1 * 200_000


@pytest.mark.hostile
def test_a_tool_whose_calls_carry_100_000_distinct_keys_is_summarised_in_bounded_memory(tmp_path):
    path = tmp_path / "calls.jsonl"
    with open(path, "w") as handle:
        # 2,000 calls of 50 keys each, every key new, each holding a list of empty objects:
        # a 13 MB file that took 164 MB as parsed calls kept for the gate.
        handle.writelines(json.dumps({"tool": "search", "arguments": {
            f"key_{call}_{key}": [{}] * 20 for key in range(50)}}) + "\n" for call in range(2_000))
    search = _tool("search")
    peak, traffic = _peak(path, [search])
    assert peak < BUDGET, peak
    summary = traffic.summary_for(search)
    assert summary.calls == 2_000 and len(summary.fields) == FIELDS_PER_TOOL and summary.fields_dropped
    root = summary.at("")
    assert len(root.keys) == KEYS_KEPT and root.keys_open
    assert sum(1 for _ in traffic.calls_for(search)) == 2_000  # the gate still sees every call


@pytest.mark.hostile
def test_a_kept_call_too_deep_to_parse_where_the_gate_runs_is_passed_over_as_a_second_reading_would(tmp_path):
    path = tmp_path / "calls.jsonl"
    path.write_text("".join('{"tool": "search", "arguments": {"a": ' + "[" * depth + "]" * depth + "}}\n"
                            for depth in range(900, 1_000, 5)) + '{"tool": "search", "arguments": {}}\n')
    search = _tool("search")
    traffic = Traffic.load([str(path)], [search])

    def deeper(levels: int) -> list:
        return deeper(levels - 1) if levels else list(traffic.calls_for(search))

    assert {} in deeper(100)


@pytest.mark.hostile
def test_long_keys_nested_deep_are_not_followed(tmp_path):
    path = tmp_path / "calls.jsonl"
    with open(path, "w") as handle:
        # Each field's pointer holds the keys above it: 70 calls of 16 nested 8,000-character
        # keys, a 9 MB file, made pointers of 79 MB.
        for call in range(70):
            arguments = {}
            for depth in range(16):
                arguments = {f"{call}_{depth}_".ljust(8_000, "k"): arguments}
            handle.write(json.dumps({"tool": "search", "arguments": arguments}) + "\n")
    search = _tool("search")
    peak, traffic = _peak(path, [search])
    assert peak < BUDGET, peak
    summary = traffic.summary_for(search)
    assert list(summary.fields) == [""] and summary.fields_dropped == 70
    assert summary.at("").keys_open and not summary.at("").keys


@pytest.mark.hostile
def test_what_a_field_keeps_of_a_key_an_example_or_a_value_is_clipped():
    long_key = "k" * (KEY_LENGTH + 1)
    summary = ToolSummary()
    summary.add({long_key: {"inner": 1}, "short": 1})
    assert list(summary.fields) == ["", "/properties/short"] and summary.fields_dropped == 1
    assert summary.at("").keys_open and list(summary.at("").keys) == ["short"]
    field = FieldSummary()
    field.add("not a date " * 100_000)
    assert field.mismatch["date"] == ("not a date " * 100_000)[:EXAMPLE_LENGTH]
    numbers = FieldSummary()
    numbers.add(10 ** VALUE_LENGTH)  # VALUE_LENGTH + 1 digits
    assert not numbers.values and numbers.values_open and numbers.distinct.estimate() == 1


@pytest.mark.hostile
def test_a_call_of_a_million_items_is_summarised_without_a_copy_of_them():
    """Each item was queued as a tuple before any was summarised: a 30 MB call of 15 million
    items took 2.4 GB."""
    arguments = {"n": [0] * 1_000_000}
    summary = ToolSummary()
    tracemalloc.start()
    try:
        summary.add(arguments)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert summary.fields["/properties/n/items"].count == 1_000_000
    assert peak < 5 * 1024 * 1024, peak
