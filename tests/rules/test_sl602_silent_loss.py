"""SL602 silent-loss: what a non-strict provider drops without a word. Each silent entry of the
profile table, with a tool it keeps whole and one it drops from, is test_profile_table.py's."""

from __future__ import annotations

import json

from lintkit import lint_document
from rulekit import object_with_id

from schema_lint.config import Config
from schema_lint.model import Severity


def test_a_strict_tool_loses_nothing_under_the_non_strict_profile():
    tool = {"type": "function", "function": {"name": "f", "strict": True, "parameters": object_with_id(
        {"type": "string", "maxLength": 5})}}
    assert lint_document(json.dumps(tool), "t.json", "SL602", Config(profiles=["openai"])) == []
    del tool["function"]["strict"]
    (lost,) = lint_document(json.dumps(tool), "t.json", "SL602", Config(profiles=["openai"]))
    assert lost.pointer.endswith("/maxLength") and lost.severity is Severity.WARNING
