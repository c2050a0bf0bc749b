"""SL404 prompt-budget: a tool, or the tools of a file, larger than the prompt budget."""

from __future__ import annotations

import json

from hypothesis import example, given, settings
from hypothesis import strategies as st
from lintkit import lint_document, lint_tool
from schema_lint.config import Config
from schema_lint.model import Tool
from schema_lint.rules.sl404_prompt_budget import (
    definition_size,
    estimated_tokens,
    size_at_most,
)


def _tools(count: int, description_length: int) -> str:
    return json.dumps({"tools": [{"name": f"get_item_{i}", "description": "d" * description_length,
                                  "inputSchema": {"type": "object", "properties": {}}} for i in range(count)]})


def test_a_tool_over_the_budget_is_reported_in_characters_and_tokens():
    (found,) = lint_tool({"type": "object", "properties": {}}, "SL404", description="x" * 12_000)
    assert found.pointer == ""
    assert "characters (≈" in found.message and "2,500-token budget for one tool" in found.message
    assert lint_tool({"type": "object", "properties": {}}, "SL404", description="x" * 1_000) == []


def test_a_tool_name_too_long_to_show_is_clipped_and_the_budget_still_said():
    (found,) = lint_tool({"type": "object", "properties": {}}, "SL404", name="n" * 100_000)
    assert "n" * 81 not in found.message and "2,500-token budget for one tool" in found.message


def test_the_tools_of_one_file_are_counted_together_and_reported_once():
    found = lint_document(_tools(30, 4_000), code="SL404")
    assert [d.pointer for d in found] == [""]
    assert "the 30 tools of this request take" in found[0].message
    assert "25,000-token budget for one request" in found[0].message
    assert lint_document(_tools(3, 4_000), code="SL404") == []


def test_a_catalogue_is_no_request_but_a_request_on_one_of_its_lines_is():
    tools = json.loads(_tools(30, 4_000))["tools"]
    catalogue = "\n".join(json.dumps(tool) for tool in tools)
    assert [d for d in lint_document(catalogue, "tools.jsonl", code="SL404")] == []
    request = json.dumps(tools[0]) + "\n" + _tools(30, 4_000)
    (found,) = lint_document(request, "requests.jsonl", code="SL404")
    assert "the 30 tools of this request take" in found.message and found.span.line == 2


def test_budgets_are_configurable():
    config = Config(settings={"prompt-budget": {"tool": 100, "request": 150}})
    found = lint_document(_tools(2, 500), code="SL404", config=config)
    assert len(found) == 3  # two tools over 100 tokens, the file over 150


def test_the_token_estimate_rounds_up_at_four_characters():
    assert [estimated_tokens(n) for n in (0, 1, 4, 5, 400)] == [0, 1, 1, 2, 100]


def test_a_long_openai_description_alone_is_no_finding():
    # OpenAI's 1,024-character description check was lifted (run-llama/llama_index#18784):
    # a finding on it would rest on a claim its own source no longer makes.
    tool = json.dumps([{"type": "function", "function": {"name": "search", "description": "x" * 2000,
                                                         "parameters": {"type": "object", "properties": {}}}}])
    assert lint_document(tool, code="SL404") == []


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(schema=_JSON_VALUES, definition=st.one_of(st.just({}), st.dictionaries(st.text(max_size=8), _JSON_VALUES,
                                                                                 max_size=3)))
@example(schema=[float("-inf"), float("nan"), 1e-07, 2**70, "\ud800"], definition={})
@example(schema={}, definition={"name": "t", "examples": [float("inf")] * 3})
def test_the_cheap_size_never_falls_below_the_measured_one(schema, definition):
    """The budget is judged on `size_at_most` first: were it ever lower than the size the
    finding states, a tool over budget would pass unflagged (floats such as NaN, 1e16 and
    integers past 64 bits are where orjson and json write differently)."""
    tool = Tool(name="t", schema=schema, pointer="", schema_pointer="", format="raw", definition=definition)
    assert size_at_most(tool) >= definition_size(tool)


def test_a_tool_over_budget_by_its_floats_alone_is_still_flagged():
    """orjson writes 1e-07 as `1e-7`, json as `1e-07`: 1,800 of them are over the budget only
    as json writes them."""
    schema = {"type": "object", "examples": [1e-07] * 1_800}
    (found,) = lint_tool(schema, "SL404")
    assert "2,500-token budget for one tool" in found.message
