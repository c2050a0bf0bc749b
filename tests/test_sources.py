"""Tool discovery: every shape tools are published in, found with the right name,
format and pointers; files without tools are skipped, not reported."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES
from hypothesis import given
from hypothesis import strategies as st

from schema_lint.config import Config
from schema_lint.run.linter import Linter, lint_text
from schema_lint.schema.pointer import join, resolve
from schema_lint.sources.documents import _JsonReader, read_document
from schema_lint.sources.tools import Requests, find_tools, not_tool_arguments, result_schemas

FORMATS = FIXTURES / "formats"
# file → (name, format, tool pointer, schema pointer) of each tool, in document order.
EXPECTED = {
    "openai_chat.json": [("send_email", "openai_chat_function", "", "/function/parameters")],
    "openai_responses.json": [("send_email", "openai_responses_function", "", "/parameters")],
    "request_body.json": [
        ("get_iban", "openai_chat_function", "/tools/0", "/tools/0/function/parameters"),
        ("get_channels", "openai_chat_function", "/tools/1", "/tools/1/function/parameters"),
    ],
    "anthropic.json": [("send_email", "anthropic_tool", "", "/input_schema")],
    "mcp_tool.json": [("browser_navigate", "mcp_tool", "", "/inputSchema")],
    "mcp_tools_list.json": [
        ("get_issue", "mcp_tool", "/tools/0", "/tools/0/inputSchema"),
        ("add_issue_comment", "mcp_tool", "/tools/1", "/tools/1/inputSchema"),
    ],
    "mcp_jsonrpc_response.json": [
        ("browser_close", "mcp_tool", "/result/tools/0", "/result/tools/0/inputSchema"),
        ("browser_navigate", "mcp_tool", "/result/tools/1", "/result/tools/1/inputSchema"),
    ],
    "gemini_tools.json": [("send_email", "gemini_function_declaration", "/tools/0/functionDeclarations/0",
                           "/tools/0/functionDeclarations/0/parameters")],
    "bfcl.json": [
        ("solve_quadratic_equation", "bfcl_function", "/0", "/0/parameters"),
        ("absolute_value", "bfcl_function", "/1", "/1/parameters"),
    ],
    "bfcl.jsonl": [
        ("add", "bfcl_function", "/0", "/0/parameters"),
        ("divide", "bfcl_function", "/1/0", "/1/0/parameters"),
        ("absolute_value", "bfcl_function", "/1/1", "/1/1/parameters"),
    ],
    "pydantic_ai.json": [("send_email", "pydantic_ai_tool_def", "", "/parameters_json_schema")],
    "raw_schema.json": [("raw_schema", "json_schema", "", "")],
}


def tools_in(text: str, path: str = "tools.json"):
    doc = read_document(path, raw=text.encode("utf-8"))
    assert doc.errors == []
    return find_tools(doc.data, "fallback")


def summary(tools):
    return [(t.name, t.format, t.pointer, t.schema_pointer) for t in tools]


def test_every_fixture_shape_has_an_expectation():
    assert {p.name for p in FORMATS.iterdir() if p.suffix in (".json", ".jsonl")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_real_tools_are_found_in_every_published_shape(name):
    doc = read_document(str(FORMATS / name))
    assert doc.errors == []
    tools = find_tools(doc.data, name.split(".")[0])
    assert summary(tools) == EXPECTED[name]
    assert all(resolve(doc.data, t.schema_pointer) is t.schema for t in tools)


def test_strict_flag_and_mcp_annotations_travel_with_the_tool():
    (responses,) = find_tools(read_document(str(FORMATS / "openai_responses.json")).data, "x")
    (mcp,) = find_tools(read_document(str(FORMATS / "mcp_tool.json")).data, "x")
    (chat,) = find_tools(read_document(str(FORMATS / "openai_chat.json")).data, "x")
    assert (responses.strict, chat.strict) == (True, False)
    assert mcp.definition["annotations"]["destructiveHint"] is True


SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}}


def test_gemini_snake_case_declarations_inside_tools_in_yaml():
    text = """\
tools:
  - function_declarations:
      - name: find_flights
        description: Find flights.
        parameters: {type: OBJECT, properties: {origin: {type: STRING}}}
"""
    assert summary(tools_in(text, "vertex.yaml")) == [
        ("find_flights", "gemini_function_declaration", "/tools/0/function_declarations/0",
         "/tools/0/function_declarations/0/parameters")]


def test_bedrock_converse_tool_specs_are_one_request_and_their_schema_is_the_json_member():
    """A Converse request body went unread: nothing was checked, exit 0."""
    spec = {"description": "Delete a user.", "inputSchema": {"json": SCHEMA}}
    body = {"modelId": "m", "toolConfig": {"tools": [{"toolSpec": {"name": "delete_user", **spec}},
                                                     {"cachePoint": {"type": "default"}},
                                                     {"toolSpec": {"name": "delete_user", **spec}}]}}
    tools = find_tools(body, "x")
    assert [(t.name, t.format, t.pointer, t.schema_pointer) for t in tools] == [
        ("delete_user", "bedrock_tool_spec", f"/toolConfig/tools/{i}/toolSpec", f"/toolConfig/tools/{i}/toolSpec/inputSchema/json")
        for i in (0, 2)]
    assert Requests(tools, catalogue=False).each() == [tuple(tools)]
    assert [d.code for d in lint_text(json.dumps(body), "converse.json", Config(select=["SL019"])).diagnostics] == ["SL019"]
    dotted = {"toolConfig": {"tools": [{"toolSpec": {"name": "users.delete", **spec}}]}}
    [named] = lint_text(json.dumps(dotted), "converse.json", Config(select=["SL402"])).diagnostics
    assert "Bedrock" in named.message and "`.`" in named.message
    # An MCP tool whose schema has a property named `json` is no Bedrock tool.
    (mcp,) = find_tools({"name": "t", "inputSchema": {"type": "object", "json": 1}}, "x")
    assert mcp.format == "mcp_tool"


def test_the_ai_sdk_tools_object_gives_each_tool_under_its_name():
    """`{"tools": {"getWeather": {...}}}`, the AI SDK's map of tools, got "holds `tools`, but no
    tool in a shape schema-lint reads"; its `jsonSchema()` wrapper was a schema of one key."""
    body = {"model": "gpt-4o", "tools": {
        "getWeather": {"description": "Weather.", "inputSchema": {"jsonSchema": SCHEMA}},
        "sendEmail": {"description": "Send an email.", "parameters": SCHEMA}}}
    tools = find_tools(body, "x")
    assert [(t.name, t.format, t.pointer, t.schema_pointer) for t in tools] == [
        ("getWeather", "ai_sdk_tool", "/tools/getWeather", "/tools/getWeather/inputSchema/jsonSchema"),
        ("sendEmail", "ai_sdk_tool", "/tools/sendEmail", "/tools/sendEmail/parameters")]
    assert tools[1].definition["description"] == "Send an email."
    assert Requests(tools, catalogue=False).each() == [tuple(tools)]
    # A map whose members are no tools (a config's `tools` section) is none.
    assert find_tools({"tools": {"eslint": {"enabled": True}, "prettier": {"parameters": "x"}}}, "x") == []


def test_gemini_python_declaration_is_told_apart_from_pydantic_ai():
    gemini = {"name": "a", "parameters_json_schema": SCHEMA, "response_json_schema": {"type": "string"}}
    pydantic_ai = {"name": "b", "parameters_json_schema": SCHEMA, "strict": None}
    assert [t.format for t in tools_in(json.dumps([gemini, pydantic_ai]))] == [
        "gemini_function_declaration", "pydantic_ai_tool_def"]


def test_upper_case_types_mark_a_bare_gemini_declaration():
    (tool,) = tools_in(json.dumps({"name": "a", "parameters": {"type": "OBJECT", "properties": {}}}))
    assert tool.format == "gemini_function_declaration"


def test_a_list_may_mix_shapes():
    mixed = [
        {"type": "function", "function": {"name": "a", "parameters": SCHEMA}},
        {"name": "b", "input_schema": SCHEMA},
        {"name": "c", "inputSchema": SCHEMA},
        {"type": "function", "name": "d", "parameters": SCHEMA},
    ]
    assert [(t.name, t.format) for t in tools_in(json.dumps(mixed))] == [
        ("a", "openai_chat_function"), ("b", "anthropic_tool"), ("c", "mcp_tool"), ("d", "openai_responses_function")]


def test_bfcl_question_entries_hold_their_functions():
    entry = {"id": "simple_0", "question": [[{"role": "user", "content": "area?"}]],
             "function": [{"name": "calc.area", "description": "Area.", "parameters": {"type": "dict", "properties": {}}}]}
    assert [(t.name, t.format, t.schema_pointer) for t in tools_in(json.dumps(entry))] == [
        ("calc.area", "bfcl_function", "/function/0/parameters")]


def test_dataset_records_hold_their_tool():
    record = {"uid": "mcp:x:create_item", "name": "create_item", "format": "mcp_tool",
              "tool": {"name": "create_item", "inputSchema": SCHEMA}}
    call = {"tool": "create_item", "arguments": {}}  # a recorded call names a tool; it is none
    assert [(t.name, t.schema_pointer) for t in tools_in(json.dumps([record, call]))] == [
        ("create_item", "/0/tool/inputSchema")]


def test_request_bodies_keep_function_tools_and_skip_builtin_ones():
    anthropic = {"model": "m", "max_tokens": 10, "tools": [{"name": "b", "input_schema": SCHEMA}]}
    responses = {"model": "m", "tools": [{"type": "web_search"}, {"type": "function", "name": "d", "parameters": SCHEMA}]}
    assert summary(tools_in(json.dumps(anthropic))) == [("b", "anthropic_tool", "/tools/0", "/tools/0/input_schema")]
    assert summary(tools_in(json.dumps(responses))) == [
        ("d", "openai_responses_function", "/tools/1", "/tools/1/parameters")]


def test_the_tools_of_one_list_are_one_request_and_a_catalogues_entries_each_apart():
    def requests(data, catalogue=False):
        tools = find_tools(data, "f")
        found = Requests(tools, catalogue)
        return [[t.name for t in found.of(tool)] for tool in tools + result_schemas(tools)]

    listing = {"tools": [{"name": "a", "inputSchema": SCHEMA, "outputSchema": SCHEMA}, {"name": "b", "inputSchema": SCHEMA}]}
    assert requests(listing) == [["a", "b"], ["a", "b"], ["a", "b"]]  # a results schema: its arguments' request
    gemini = {"tools": [{"functionDeclarations": [{"name": "a", "parameters": SCHEMA}]},
                        {"functionDeclarations": [{"name": "b", "parameters": SCHEMA}]}]}
    assert requests(gemini) == [["a", "b"], ["a", "b"]]
    lines = [{"name": "a", "inputSchema": SCHEMA}, {"tools": [{"name": "b", "inputSchema": SCHEMA}] * 2}]
    assert requests(lines, catalogue=True) == [["a"], ["b", "b"], ["b", "b"]]
    assert requests([{"name": "a", "inputSchema": SCHEMA}] * 2) == [["a", "a"], ["a", "a"]]
    assert requests([{"uid": "u", "tool": {"name": "a", "inputSchema": SCHEMA}}] * 2) == [["a"], ["a"]]


def test_raw_schema_is_named_by_its_title_or_the_file():
    assert [t.name for t in tools_in(json.dumps({**SCHEMA, "title": "Search"}))] == ["Search"]
    assert [(t.name, t.format) for t in tools_in(json.dumps(SCHEMA))] == [("fallback", "json_schema")]
    draft = {**SCHEMA, "$schema": "https://json-schema.org/draft/2020-12/schema"}
    assert tools_in(json.dumps(draft))[0].schema_pointer == ""


CONFIG_SCHEMA = {"$schema": "http://json-schema.org/draft-07/schema#", "title": "App config", "type": "object",
                 "properties": {"port": {"type": "integer"}, "log_level": {"type": "string"}}}


@pytest.mark.parametrize("schema", [
    CONFIG_SCHEMA,
    {**CONFIG_SCHEMA, "title": "EditorSettings"},
    {**CONFIG_SCHEMA, "title": "Ticket", "$id": "https://example.com/schemas/ticket.json"},
    {"$schema": "https://json-schema.org/draft/2020-12/schema", "oneOf": [{"$ref": "#/$defs/A"}],
     "$defs": {"A": {"type": "object"}}},
    {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array", "items": {"type": "string"}},
])
def test_a_json_schema_of_something_else_is_not_a_tool(schema):
    assert tools_in(json.dumps(schema)) == []
    assert not_tool_arguments(schema) is not None


@pytest.mark.parametrize("title", ["update_settings", "UpdateSettingsArgs", "create_ticket", "Search"])
def test_a_raw_schema_titled_like_a_call_is_a_tool(title):
    assert [t.name for t in tools_in(json.dumps({**CONFIG_SCHEMA, "title": title}))] == [title]


def test_a_raw_schema_whose_root_type_is_a_dialects_object_is_a_tool_and_its_type_a_finding(tmp_path):
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "dict",
              "properties": {"weight": {"type": "float"}}}
    assert not_tool_arguments(schema) is None
    from click.testing import CliRunner

    from schema_lint.cli import main

    (tmp_path / "bmi.json").write_text(json.dumps(schema))
    result = CliRunner().invoke(main, ["check", "--no-cache", "--select", "SL005", "--output-format", "json",
                                       str(tmp_path / "bmi.json")])
    assert sorted(d["pointer"] for d in json.loads(result.output)) == ["/properties/weight/type", "/type"]


def test_raw_tool_schemas_config_decides_for_bare_schemas(tmp_path):
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "app.json").write_text(json.dumps(CONFIG_SCHEMA))
    (tmp_path / "search.json").write_text(json.dumps(SCHEMA))
    config = Config(raw_tool_schemas=["tools/*.json"], root=tmp_path, select=["SL301"])
    result = Linter(config).run([str(tmp_path)])
    assert result.tools_checked == 1
    assert {d.path for d in result.diagnostics} == {str(tmp_path / "tools" / "app.json")}
    assert result.skipped == [str(tmp_path / "search.json")]


def test_verbose_says_why_a_json_schema_was_skipped(tmp_path):
    from click.testing import CliRunner

    from schema_lint.cli import main

    (tmp_path / "config.schema.json").write_text(json.dumps(CONFIG_SCHEMA))
    outcome = CliRunner().invoke(main, ["check", "-v", str(tmp_path / "config.schema.json")])
    assert outcome.exit_code == 0
    assert "not of a tool's arguments (its title 'App config' names a document)" in outcome.output


@pytest.mark.parametrize("text", [
    '{"a": 1}', "[1, 2]", '"text"', "null",
    '{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}',
    '{"tools": []}',
])
def test_documents_without_a_tool_hold_none(text):
    assert tools_in(text) == []


def test_a_file_without_a_tool_is_skipped_without_a_finding():
    result = lint_text('{"version": 3, "settings": {"a": 1}}', "settings.json")
    assert (result.diagnostics, result.skipped, result.tools_checked) == ([], ["settings.json"], 0)


def test_a_broken_jsonl_line_is_reported_and_the_other_lines_still_linted():
    good = json.dumps({"name": "create_a", "inputSchema": {"type": "object", "properties": {"t": {"type": "string"}}}})
    result = lint_text(f"{good}\n{{broken\n{good}\n", "tools.jsonl", Config(select=["SL301"]))
    assert [(d.code, d.span.line) for d in result.diagnostics] == [("SL301", 1), ("SL000", 2), ("SL301", 3)]


def test_every_corpus_tool_is_found_as_its_record_says(corpus):
    mismatches = []
    for line in (corpus / "tools.jsonl").open(encoding="utf-8"):
        record = json.loads(line)
        found = summary(find_tools(record["tool"], "fallback"))
        expected = (record["format"], join("", *record["schema_path"]))
        if [(fmt, pointer) for _, fmt, _, pointer in found] != [expected]:
            mismatches.append((record["uid"], found, expected))
    assert mismatches == []


def test_a_file_named_twice_is_linted_once_as_first_named(tmp_path, monkeypatch):
    folder = tmp_path / "tools"
    folder.mkdir()
    (folder / "x.json").write_text(json.dumps({"name": "t", "description": "A tool.", "inputSchema": {"type": "object"}}))
    monkeypatch.chdir(folder)
    linter = Linter(Config())
    assert linter.files(["x.json", str(folder / "x.json"), "./x.json", ".", "../tools"]) == ["x.json"]


# --- Repeated keys ----------------------------------------------------------------------

_keys = st.sampled_from(["a", "b", "type", "é"])
# JSON text as written, objects as lists of members so that a key may repeat.
_members = st.recursive(
    st.one_of(st.integers(-3, 3).map(str), st.text(max_size=3).map(json.dumps), st.just("null")),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]"),
        st.lists(st.tuples(_keys, inner), max_size=4).map(
            lambda members: "{" + ", ".join(f"{json.dumps(key)}: {value}" for key, value in members) + "}")),
    max_leaves=12)


def _repeated_keys(text: str) -> list[tuple[str, str]]:
    """(object's pointer, key) of each repeat, from a pairs hook of its own (as before readers were kept)."""
    repeats: dict[int, list[str]] = {}

    def hook(pairs):
        obj = dict(pairs)
        keys = [key for key, _ in pairs]
        repeats[id(obj)] = [key for index, key in enumerate(keys) if key in keys[:index]]
        return obj

    found = []
    stack = [(json.loads(text, object_pairs_hook=hook), "")]
    while stack:
        node, pointer = stack.pop()
        if isinstance(node, dict):
            found += [(pointer, key) for key in repeats.get(id(node), [])]
            stack.extend((value, join(pointer, key)) for key, value in node.items())
        elif isinstance(node, list):
            stack.extend((value, join(pointer, index)) for index, value in enumerate(node))
    return found


@given(_members)
def test_the_repeated_keys_found_are_those_of_this_text_alone(text):
    """The decoder that notes repeated keys is kept from one text to the next: what it noted
    in the text before (here, one full of repeats) never shows in the next."""
    read_document("before.json", raw=b'[{"a": 1, "a": {"b": [], "b": 2}}, {"type": 1, "type": 2}]')
    assert sorted(read_document("t.json", raw=text.encode("utf-8")).duplicate_keys) == sorted(_repeated_keys(text))


def test_a_kept_reader_notes_nothing_of_the_text_before():
    reader = _JsonReader()
    assert list(reader.read('{"a": 1, "a": 2}')[1].values()) == [["a"]]
    assert reader.read('{"a": 1}')[1] == {}


def test_a_second_byte_order_mark_is_refused_as_the_json_module_refuses_it():
    (error,) = read_document("t.json", raw=b"\xef\xbb\xbf\xef\xbb\xbf{}").errors
    assert (error.message, error.line, error.column) == (
        "invalid JSON: Unexpected UTF-8 BOM (decode using utf-8-sig)", 1, 1)


def test_a_byte_order_mark_may_open_any_json_lines_line_and_a_fix_there_keeps_it(tmp_path):
    """Files of tools written apart and joined: `replay` reads such calls, and `check` read the
    second line as broken JSON. Its findings are at the columns of the line as written."""
    from click.testing import CliRunner

    from schema_lint.cli import main

    line = '{"name": "%s", "description": "D.", "inputSchema": {"type": "object", "properties": {"q": {"type": "str"}}}}'
    path = tmp_path / "tools.jsonl"
    path.write_bytes((line % "a" + "\n\ufeff" + line % "b" + "\n").encode())
    found = [d for d in lint_text(path.read_text(encoding="utf-8"), str(path), Config()).diagnostics
             if d.code == "SL005"]
    assert [(d.tool, d.span.line, d.span.column) for d in found] == [("a", 1, 99), ("b", 2, 100)]
    assert CliRunner().invoke(main, ["check", "--no-cache", "--fix", "--unsafe-fixes", str(path)]).exit_code in (0, 1)
    fixed = path.read_bytes()
    assert fixed.count(b"\xef\xbb\xbf") == 1 and fixed.count(b'"type": "string"') == 2


BROKEN_TOOLS = [
    ('{"type": "function", "function": {"name": "delete_user", "description": "Delete a user.", '
     '"parameters": "{\\"type\\": \\"object\\"}"}}', "t.json", "/function/parameters", "JSON text encoded as a string"),
    ('{"name": "delete_user", "description": "Delete a user.", "inputSchema": null}', "t.json", "/inputSchema", "is null"),
    ("name: delete_user\ndescription: Delete a user.\ninputSchema: !!python/name:os.system\n", "t.yaml", "/inputSchema",
     "is a string"),
    ('{"tools": [{"name": "get_user", "description": "Get a user.", "inputSchema": {"type": "object"}}, '
     '{"name": "delete_user", "description": "Delete a user.", "inputSchema": "object"}]}', "t.json",
     "/tools/1/inputSchema", "is a string"),
    # Marked a function, by Chat's wrapper or the Responses API's `type`: any `parameters` but an object.
    ('{"type": "function", "function": {"name": "delete_user", "parameters": 5}}', "t.json", "/function/parameters",
     "is a number"),
    ('{"type": "function", "function": {"name": "delete_user", "parameters": [{"type": "object"}]}}', "t.json",
     "/function/parameters", "is a list"),
    ('{"type": "function", "name": "delete_user", "parameters": null}', "t.json", "/parameters", "is null"),
    ('{"type": "function", "name": "delete_user", "parameters": [1]}', "t.json", "/parameters", "is a list"),
]


@pytest.mark.parametrize(("text", "path", "pointer", "said"), BROKEN_TOOLS)
def test_a_tool_whose_arguments_schema_is_no_schema_is_an_sl000_at_it(text, path, pointer, said):
    """A double-encoded `parameters`, a null `inputSchema`: no provider takes the tool (the
    MCP SDK refuses such a listing from a live server, an SL000). It was skipped: "No tool
    found", exit 0, or in a list dropped while its neighbours passed."""
    found = [d for d in lint_text(text, path, Config()).diagnostics if d.code == "SL000"]
    assert [(d.pointer, d.tool) for d in found] == [(pointer, "delete_user")]
    assert said in found[0].message and "not a JSON Schema object" in found[0].message
    assert found[0].span is not None and found[0].span.line == (3 if path.endswith(".yaml") else 1)


@pytest.mark.parametrize("text", ['{"name": 1, "input_schema": {"type": "object"}}',
                                  '{"tools": [{"name": null, "inputSchema": {"type": "object"}}]}'])
def test_a_tool_whose_name_is_no_string_is_found_and_its_name_reported(text):
    """`inputSchema` is a tool's key alone: a wrong `name` beside it is SL402's finding, as
    OpenAI's shape gets, not "No tool found" and exit 0."""
    found = lint_text(text, "t.json", Config()).diagnostics
    assert [d.message for d in found if d.code == "SL402"] == ["tool has no `name`"]


def test_other_documents_with_a_name_and_parameters_are_no_broken_tool():
    """A pipeline template's `parameters` list is no tool's: nothing is reported."""
    text = "name: build\nparameters:\n  - name: image\n    type: string\n"
    assert [d for d in lint_text(text, "pipeline.yaml", Config()).diagnostics if d.code == "SL000"] == []
