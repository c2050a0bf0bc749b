"""`schema-lint compat`: the matrix, its formats and summaries, and the figures the documentation shows."""

from __future__ import annotations

import json

from click.testing import CliRunner
from conftest import bench_module, documented

from schema_lint.cli import main

STRICT_OK = {"type": "function", "function": {"name": "ok", "strict": True, "parameters": {
    "type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": False}}}
OPEN = {"type": "function", "function": {"name": "open", "parameters": {
    "type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}}}


def _run(tmp_path, *args, tools=(STRICT_OK, OPEN)):
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(list(tools)))
    return CliRunner().invoke(main, ["compat", str(path), *args])


def test_the_table_marks_each_tool_per_profile_and_sums_up(tmp_path):
    result = _run(tmp_path)
    assert result.exit_code == 0
    rows = {line.split()[0]: line.split()[1:] for line in result.output.splitlines()[1:3]}
    assert rows == {"ok": ["✓", "✓", "✗"], "open": ["✗", "✗", "✓"]}
    assert "openai-strict: 1/2 tools accepted (1 refused, 0 weakened)" in result.output
    assert "anthropic-strict: 1/2 tools accepted (1 refused, 0 weakened)" in result.output


def test_reasons_name_the_provider_rule_and_json_carries_them(tmp_path):
    assert "anthropic-strict: `minimum`, `maximum`" in _run(tmp_path, "--reasons").output
    data = json.loads(_run(tmp_path, "--output-format", "json", "--reasons").output)
    (open_tool,) = [row for row in data["tools"] if row["tool"] == "open"]
    assert open_tool["openai-strict"]["mark"] == "✗"
    assert "every property in `required`" in open_tool["openai-strict"]["reasons"]
    assert data["profiles"]["gemini"] == {"tools": 2, "accepted": 1, "refused": 1, "weakened": 0,
                                         "request_limits_refusing": 0}


def test_markdown_is_a_table_and_profiles_can_be_chosen(tmp_path):
    output = _run(tmp_path, "--output-format", "markdown", "--profile", "gemini").output
    assert output.splitlines()[:4] == ["| tool | gemini |", "|---|:---:|", "| `ok` | ✗ |", "| `open` | ✓ |"]
    assert "- gemini: 1/2 tools accepted" in output


def test_request_wide_limits_are_listed_once_per_file(tmp_path):
    many = [{"type": "function", "function": {"name": f"t{i}", "parameters": {"type": "object"}}} for i in range(129)]
    assert _run(tmp_path, tools=many).output.count("129 tools in this request; the limit is 128") == 1


def test_a_profiles_summary_says_when_a_request_wide_limit_refuses_the_request(tmp_path):
    """21 strict tools, each accepted alone: anthropic-strict takes at most 20 in a request."""
    def strict(i):
        return {**STRICT_OK, "function": {**STRICT_OK["function"], "name": f"t{i}"}}

    output = _run(tmp_path, tools=[strict(i) for i in range(21)]).output
    assert ("anthropic-strict: 21/21 tools accepted (0 refused, 0 weakened); 1 request-wide limit passed, below: "
            "the request is refused") in output
    assert "openai-strict: 21/21 tools accepted (0 refused, 0 weakened)\n" in output
    data = json.loads(_run(tmp_path, "--output-format", "json", tools=[strict(i) for i in range(21)]).output)
    assert data["profiles"]["anthropic-strict"]["request_limits_refusing"] == 1


def test_request_wide_limits_count_each_line_of_a_catalogue_apart(tmp_path):
    def tool(i):
        return {"type": "function", "function": {"name": f"t{i}", "parameters": {"type": "object"}}}

    path = tmp_path / "tools.jsonl"
    path.write_text("".join(json.dumps(tool(i)) + "\n" for i in range(129)))
    assert "in this request" not in CliRunner().invoke(main, ["compat", str(path)]).output
    path.write_text(json.dumps(tool(0)) + "\n" + json.dumps({"tools": [tool(i) for i in range(129)]}) + "\n")
    assert CliRunner().invoke(main, ["compat", str(path)]).output.count("129 tools in this request") == 1


def test_an_unreadable_file_exits_2_and_the_others_are_still_shown(tmp_path):
    (tmp_path / "broken.json").write_text("{")
    (tmp_path / "tools.json").write_text(json.dumps([STRICT_OK]))
    result = CliRunner().invoke(main, ["compat", str(tmp_path)])
    assert result.exit_code == 2 and "broken.json:" in result.output and "openai-strict: 1/1" in result.output


def test_readme_compat_excerpt_is_the_real_output():
    shown = documented("$ schema-lint compat examples/\n").split("```", 1)[0]
    result = CliRunner().invoke(main, ["compat", "examples/"])
    assert shown == result.output


def test_readme_compat_corpus_figures_are_the_real_counts(corpus):
    module = bench_module("compat_corpus")
    shown = documented("<!-- compat-corpus:start -->\n").split("<!-- compat-corpus:end -->", 1)[0]
    assert shown == module.report(module.matrix(corpus / "tools.jsonl"))


def test_a_silently_weakened_tool_is_marked_with_a_tilde_and_counted_as_weakened(tmp_path):
    data = json.loads(_run(tmp_path, "--output-format", "json", "--reasons", "--profile", "openai",
                           "--profile", "cursor").output)
    (open_tool,) = [row for row in data["tools"] if row["tool"] == "open"]
    assert open_tool["openai"]["mark"] == "~" and "(not strict)" in open_tool["openai"]["reasons"][0]
    assert data["profiles"]["openai"] == {"tools": 2, "accepted": 1, "refused": 0, "weakened": 1,
                                         "request_limits_refusing": 0}
    # Cursor limits only how many tools a request holds: each tool on its own is accepted.
    assert data["profiles"]["cursor"]["accepted"] == 2


def test_a_specifications_should_is_a_reason_but_not_a_refusal(tmp_path):
    tool = {"name": "get user", "description": "A tool.", "inputSchema": {"type": "object"}}
    data = json.loads(_run(tmp_path, "--output-format", "json", "--reasons", "--profile", "mcp-2025-11-25",
                           tools=[tool]).output)
    (row,) = data["tools"]
    assert row["mcp-2025-11-25"]["mark"] == "✓" and row["mcp-2025-11-25"]["reasons"]


def _marks(tmp_path, tools, *profiles):
    """Each tool's mark and reasons per profile, from the json output."""
    args = [arg for profile in profiles for arg in ("--profile", profile)]
    data = json.loads(_run(tmp_path, "--output-format", "json", "--reasons", *args, tools=tools).output)
    return {row["tool"]: {p: (row[p]["mark"], row[p]["reasons"]) for p in profiles} for row in data["tools"]}


def _openai(name, parameters):
    return {"type": "function", "function": {"name": name, "parameters": parameters}}


def _anthropic(name, input_schema, **more):
    return {"name": name, "input_schema": input_schema, **more}


OBJECT = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": False}


def test_a_name_the_api_refuses_is_refused_strict_or_not(tmp_path):
    """`orders.get` or 65 letters: the API answers 400 whether the tool is sent strict or not,
    as `check` (SL402) says; `compat` had them accepted."""
    tools = [_openai("orders.get", OBJECT), _openai("b" * 65, OBJECT), _openai("get-order_2", OBJECT)]
    marks = _marks(tmp_path, tools, "openai", "openai-strict")
    for name in ("orders.get", "b" * 65):
        assert marks[name]["openai"] == ("✗", ["function name: 1–64 of `a-z A-Z 0-9 _ -`"])
        assert marks[name]["openai-strict"][0] == "✗"
    assert marks["get-order_2"] == {"openai": ("✓", []), "openai-strict": ("✓", [])}
    tools = [_anthropic("orders.get", OBJECT), _anthropic("prüfen", OBJECT), _anthropic("ok", OBJECT)]
    marks = _marks(tmp_path, tools, "anthropic", "anthropic-strict")
    assert marks["orders.get"]["anthropic"][0] == marks["prüfen"]["anthropic-strict"][0] == "✗"
    assert marks["ok"] == {"anthropic": ("✓", []), "anthropic-strict": ("✓", [])}


def test_a_bfcl_functions_dots_are_sent_as_underscores(tmp_path):
    path = tmp_path / "functions.json"
    path.write_text(json.dumps([{"name": "math.sum", "description": "Add.", "parameters": {
        "type": "dict", "properties": {"a": {"type": "integer"}}, "required": ["a"]}}]))
    data = json.loads(CliRunner().invoke(main, ["compat", str(path), "--output-format", "json", "--reasons",
                                                "--profile", "openai", "--profile", "anthropic"]).output)
    (row,) = data["tools"]
    assert row["openai"]["mark"] == "✓" and row["anthropic"]["mark"] == "✓"


def test_a_root_that_is_not_an_object_is_refused_by_each_api(tmp_path):
    tools = [_openai("as_string", {"type": "string"}), _openai("no_type", {"properties": {"q": {"type": "string"}}}),
             _openai("empty", {})]
    marks = _marks(tmp_path, tools, "openai")
    assert marks["as_string"]["openai"] == ("✗", ['`parameters` root `type: "object"`'])
    assert marks["no_type"]["openai"][0] == marks["empty"]["openai"][0] == "✓"
    tools = [_anthropic("as_string", {"type": "string"}), _anthropic("no_type", {"properties": {}}),
             _anthropic("fine", {"type": "object"})]
    marks = _marks(tmp_path, tools, "anthropic", "anthropic-strict")
    for name in ("as_string", "no_type"):
        assert marks[name]["anthropic"] == ("✗", ['`input_schema` root `type: "object"`'])
        assert marks[name]["anthropic-strict"][0] == "✗"
    assert marks["fine"]["anthropic"] == ("✓", [])


def test_anthropic_refuses_a_top_level_property_name_outside_its_pattern(tmp_path):
    """"filter[id]" or "Account Number" as a key fails the whole request; nested keys are not checked."""
    def keyed(name, key, nested=False):
        properties = {"outer": {"type": "object", "properties": {key: {"type": "string"}}}} if nested else \
            {key: {"type": "string"}}
        return _anthropic(name, {"type": "object", "properties": properties})

    tools = [keyed("bracket", "filter[id]"), keyed("space", "Account Number"), keyed("long", "k" * 65),
             keyed("dotted", "filter.id"), keyed("nested", "filter[id]", nested=True)]
    marks = _marks(tmp_path, tools, "anthropic")
    assert {name for name, cells in marks.items() if cells["anthropic"][0] == "✗"} == {"bracket", "space", "long"}


def test_openai_strict_refuses_one_of(tmp_path):
    branch = {"type": "object", "properties": {"iban": {"type": "string"}}, "required": ["iban"],
              "additionalProperties": False}
    parameters = {**OBJECT, "properties": {"q": {"oneOf": [branch, {"type": "string"}]}}}
    marks = _marks(tmp_path, [_openai("pay", parameters), _openai("pay_any", {**OBJECT, "properties": {
        "q": {"anyOf": [branch, {"type": "string"}]}}})], "openai-strict")
    assert marks["pay"]["openai-strict"] == ("✗", ["`oneOf` (use `anyOf`)"])
    assert marks["pay_any"]["openai-strict"] == ("✓", [])


def test_a_tool_that_says_strict_false_counts_toward_no_strict_limit(tmp_path):
    """30 tools asked for as anthropic-strict, 10 of them `"strict": false`: 20 strict, within the limit."""
    tools = [_anthropic(f"t{i}", OBJECT, strict=i < 20) for i in range(30)]
    data = json.loads(_run(tmp_path, "--output-format", "json", "--profile", "anthropic-strict", tools=tools).output)
    assert data["profiles"]["anthropic-strict"]["request_limits_refusing"] == 0
    tools = [_anthropic(f"t{i}", OBJECT, strict=True) for i in range(21)] + [_anthropic("plain", OBJECT)]
    data = json.loads(_run(tmp_path, "--output-format", "json", "--profile", "anthropic-strict", tools=tools).output)
    assert data["profiles"]["anthropic-strict"]["request_limits_refusing"] == 1


def test_a_reason_whose_source_was_not_found_says_so(tmp_path):
    """Gemini's keyword subset is an unverified entry: its finding says "not verified", and the
    cell's reason now does too."""
    path = tmp_path / "decl.json"
    path.write_text(json.dumps({"functionDeclarations": [{"name": "pick", "parameters": {
        "type": "OBJECT", "properties": {"k": {"type": "STRING", "oneOf": [{"type": "STRING"}]}}}}]}))
    data = json.loads(CliRunner().invoke(main, ["compat", str(path), "--output-format", "json", "--reasons",
                                                "--profile", "gemini"]).output)
    (row,) = data["tools"]
    assert row["gemini"]["mark"] == "✗"
    assert row["gemini"]["reasons"] == [
        "`$ref`, `oneOf`, `allOf`, `additionalProperties`, `const`, `not`, `if`… in `parameters` (not verified)"]
