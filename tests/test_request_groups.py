"""`[tool.schema-lint.requests]`: limits that count across tools, checked across the files
of a configured request, once, and not for each of its files alone."""

from __future__ import annotations

import json
from pathlib import Path

from schema_lint.config import load_config
from schema_lint.run.linter import Linter


def _openai_tools(path: Path, prefix: str, count: int) -> Path:
    schema = {"type": "object", "properties": {}, "required": [], "additionalProperties": False}
    tools = [{"type": "function", "function": {"name": f"{prefix}{i}", "parameters": schema}} for i in range(count)]
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    return path


def _limits(tmp_path: Path, config_text: str) -> list:
    (tmp_path / ".schema-lint.toml").write_text('select = ["SL601"]\n' + config_text, encoding="utf-8")
    config = load_config(start=tmp_path)
    result = Linter(config).run([str(tmp_path)])
    return [d for d in result.diagnostics if "tools in this request" in d.message]


def test_two_files_under_the_limit_pass_it_together_as_one_configured_request(tmp_path):
    _openai_tools(tmp_path / "a.json", "a", 70)
    _openai_tools(tmp_path / "b.json", "b", 70)
    assert _limits(tmp_path, "") == []
    (found,) = _limits(tmp_path, '[requests.agent]\nfiles = ["a.json", "b.json"]\n')
    assert Path(found.path).name == "a.json" and found.pointer == "/tools/0"
    assert found.message.startswith("request `agent`: openai: 140 tools in this request; the limit is 128")


def test_a_file_of_a_configured_request_is_not_also_checked_alone(tmp_path):
    _openai_tools(tmp_path / "a.json", "a", 129)
    _openai_tools(tmp_path / "other.json", "o", 129)
    found = _limits(tmp_path, '[requests.agent]\nfiles = ["a.json"]\n')
    assert sorted((Path(d.path).name, d.message.split(":")[0]) for d in found) == [
        ("a.json", "request `agent`"), ("other.json", "openai")]


def test_a_request_finding_is_silenced_where_its_first_tool_is(tmp_path):
    _openai_tools(tmp_path / "a.json", "a", 70)
    _openai_tools(tmp_path / "b.json", "b", 70)
    request = '[requests.agent]\nfiles = ["a.json", "b.json"]\n'
    assert _limits(tmp_path, request + '[per-file-ignores]\n"a.json" = ["SL601"]\n') == []
    assert _limits(tmp_path, request + '[per-tool-ignores]\n"a0" = ["SL6"]\n') == []
    assert len(_limits(tmp_path, request + '[per-file-ignores]\n"b.json" = ["SL601"]\n')) == 1
