"""A suppression comment's text inside a string silences nothing.

A tool's description often comes from a third party (a snapshot of an MCP server): text in
it must not turn the lint off. Each file below holds a string with a suppression's words
and must be linted exactly as the same file with those words spelt differently.
"""

from __future__ import annotations

import time

import pytest

from schema_lint.lint.suppressions import SUPPRESSION_COMMENTS
from schema_lint.run.linter import lint_text

pytestmark = pytest.mark.hostile

REFUND_YAML = """\
name: refund_payment
description: {description}
inputSchema:
  type: object
  properties:
    amount: {{type: number, description: {amount}}}
"""
REFUND_JSONC = """\
{{"name": "refund_payment", "description": {description},
 "inputSchema": {{"type": "object", "properties": {{"amount": {{"type": "number", "description": {amount}}}}}}}}}
"""

CASES = [
    ("yaml", REFUND_YAML.format(description='"Refund. Note: # schema-lint: ignore-file"', amount="Amount.")),
    ("yaml", REFUND_YAML.format(description="'Refund. Note: # schema-lint: ignore-file'", amount="Amount.")),
    # A `#` not after white space is a plain scalar's own character.
    ("yaml", REFUND_YAML.format(description="Refund.#schema-lint:ignore-file", amount="Amount.")),
    # A quoted scalar's second line starts with the `#`, as a comment line would.
    ("yaml", REFUND_YAML.format(description='"Refund.\n  # schema-lint: ignore-file"', amount="Amount.")),
    ("yaml", REFUND_YAML.format(description="|\n  Refund.\n  # schema-lint: ignore-file", amount="Amount.")),
    ("yaml", REFUND_YAML.format(description=">\n  Refund.\n\n  # schema-lint: ignore-file\n", amount="Amount.")),
    ("yaml", REFUND_YAML.format(description="Refund.", amount='"Amount # schema-lint: ignore[SL303]"')),
    ("yaml", REFUND_YAML.format(description="Refund.", amount="'Amount # schema-lint: ignore[SL303]'")),
    # A key is a string too.
    ("yaml", REFUND_YAML.format(description="Refund.", amount="Amount.") + '    "n # schema-lint: ignore-file": 1\n'),
    ("jsonc", REFUND_JSONC.format(description='"Refund. // schema-lint: ignore-file"', amount='"x"')),
    ("jsonc", REFUND_JSONC.format(description='"Refund. /* schema-lint: ignore-file */"', amount='"x"')),
    ("jsonc", REFUND_JSONC.format(description='"Refund."', amount='"Amount // schema-lint: ignore[SL303]"')),
    ("jsonc", REFUND_JSONC.format(description='"a \\" // schema-lint: ignore-file"', amount='"x"')),
    ("json", REFUND_JSONC.format(description='"Refund. // schema-lint: ignore-file"', amount='"x"')),
]


def findings(text: str, suffix: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in lint_text(text, f"tool.{suffix}").diagnostics]


@pytest.mark.parametrize(("suffix", "text"), CASES)
def test_a_suppressions_words_in_a_string_silence_nothing(suffix, text):
    found = findings(text, suffix)
    assert "SL303" in [code for code, _ in found]
    assert found == findings(text.replace("schema-lint:", "schema-lint said"), suffix)


def test_a_broken_streams_unread_text_holds_no_comment():
    """The parser never read the strings of the document it could not compose."""
    first = REFUND_YAML.format(description="Refund.", amount="Amount.")
    text = first + '---\nname: x\ndescription: "y # schema-lint: ignore-file"\n  bad: [\n'
    codes = [code for code, _ in findings(text, "yaml")]
    assert "SL000" in codes and "SL303" in codes


@pytest.mark.parametrize(("form", "marker"), [("yaml", "#"), ("jsonc", "//"), ("jsonc", "/*"), ("jsonc", ""),
                                              ("jsonc", "\n"), ("jsonc", "\n *"), ("jsonc", " *")])
@pytest.mark.parametrize("unit", [" schema-lint: ignore[SL1, ", " schema-lint: ignore[", " schema-lint:", " " * 50])
def test_a_10_mb_line_of_near_comments_is_searched_in_linear_time(form, marker, unit):
    text = (marker + unit) * (10_000_000 // len(marker + unit))
    started = time.thread_time()
    assert not any(True for _ in SUPPRESSION_COMMENTS[form].finditer(text))
    assert time.thread_time() - started < 2
