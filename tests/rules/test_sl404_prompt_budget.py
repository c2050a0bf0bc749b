"""SL404 prompt-budget: a tool, or the tools of a file, larger than the prompt budget."""

from __future__ import annotations

import json

from lintkit import lint_document, lint_tool

from schema_lint.config import Config
from schema_lint.rules.sl404_prompt_budget import estimated_tokens


def _tools(count: int, description_length: int) -> str:
    return json.dumps({"tools": [{"name": f"get_item_{i}", "description": "d" * description_length,
                                  "inputSchema": {"type": "object", "properties": {}}} for i in range(count)]})


def test_a_tool_over_the_budget_is_reported_in_characters_and_tokens():
    (found,) = lint_tool({"type": "object", "properties": {}}, "SL404", description="x" * 12_000)
    assert found.pointer == ""
    assert "characters (≈" in found.message and "2,500-token budget for one tool" in found.message
    assert lint_tool({"type": "object", "properties": {}}, "SL404", description="x" * 1_000) == []


def test_the_tools_of_one_file_are_counted_together_and_reported_once():
    found = lint_document(_tools(30, 4_000), code="SL404")
    assert [d.pointer for d in found] == [""]
    assert "the 30 tools of this file take" in found[0].message
    assert "25,000-token budget for one request" in found[0].message
    assert lint_document(_tools(3, 4_000), code="SL404") == []


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
