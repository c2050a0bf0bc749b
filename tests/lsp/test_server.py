"""`schema-lint server` end to end, over stdio, as VS Code and Neovim drive it (see conftest)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from schema_lint.rule import load_rules
from lspkit import (SELECT, SERVER, TICKETS_YAML, apply, changed, client,  # noqa: F401  (client: the fixture)
                    column, diagnostics, edited, opened, pulls)

pytestmark = pytest.mark.asyncio(loop_scope="function")

# One line, an emoji before the finding: its column differs in UTF-8, UTF-16 and code points.
NOTE_JSON = ('{"name": "send_note", "description": "Send a \N{MEMO} note.", "inputSchema": {"type": "object", '
             '"properties": {"title": {"type": "string"}}, "required": ["title"], "additionalProperties": false}}\n')
TICKETS_JSONC = """\
// The ticket tools, as the agent is given them.
[
  {
    "name": "create_ticket",
    "description": "Open a ticket.", /* shown to the model */
    "inputSchema": {
      "type": "object",
      "properties": {"title": {"type": "string", "description": "Short \N{MEMO} title."}},
      "required": ["title"],
      "additionalProperties": false,
    },
  },
]
"""


def text_at(client: LanguageClient, text: str, where: types.Range) -> str:
    """The text a range covers, as the editor reads the range."""
    return apply(client, text, [types.TextEdit(types.Range(types.Position(0, 0), where.start), ""),
                                types.TextEdit(types.Range(where.end, types.Position(len(text.splitlines()) + 1, 0)), "")])


def by_code(found: list[types.Diagnostic], code: str) -> list[types.Diagnostic]:
    return [d for d in found if d.code == code]


async def actions(client: LanguageClient, uri: str, where: types.Range, only: list[str] | None = None,
                  trigger: types.CodeActionTriggerKind | None = None) -> list[types.CodeAction]:
    return list(await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), where, types.CodeActionContext(diagnostics=[], only=only,
                                                                          trigger_kind=trigger))) or [])


async def test_json_diagnostics_cover_their_node_in_the_editors_encoding(client: LanguageClient):
    uri = await opened(client, client.root / "tools.json", NOTE_JSON)
    found = await diagnostics(client, uri)
    assert sorted(d.code for d in found) == ["SL301", "SL305", "SL401", "SL501"]
    unbounded = by_code(found, "SL301")[0]
    assert text_at(client, NOTE_JSON, unbounded.range) == '{"type": "string"}'
    assert unbounded.range.start.character == column(client, NOTE_JSON, NOTE_JSON.index('{"type": "string"}'))
    assert unbounded.severity == types.DiagnosticSeverity.Warning and unbounded.source == "schema-lint"
    assert "send_note: string `title` has no maxLength" in unbounded.message


async def test_yaml_diagnostics_cover_their_node(client: LanguageClient):
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    found = await diagnostics(client, uri)
    assert sorted(d.code for d in found) == ["SL005", "SL301", "SL307", "SL501"]
    assert text_at(client, TICKETS_YAML, by_code(found, "SL005")[0].range) == "str"
    assert by_code(found, "SL005")[0].range.start == types.Position(7, 21)
    assert text_at(client, TICKETS_YAML, by_code(found, "SL307")[0].range) == "[bug]"


async def test_jsonc_diagnostics_are_at_the_files_own_positions(client: LanguageClient):
    uri = await opened(client, client.root / "tools.jsonc", TICKETS_JSONC, "jsonc")
    found = await diagnostics(client, uri)
    assert sorted(d.code for d in found) == ["SL301", "SL305", "SL501"], found
    unbounded = by_code(found, "SL301")[0]
    assert text_at(client, TICKETS_JSONC, unbounded.range).startswith('{"type": "string", "description": "Short')
    assert unbounded.range.start.line == 7


async def test_a_quick_fix_applied_removes_its_finding(client: LanguageClient):
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    single = by_code(await diagnostics(client, uri), "SL307")[0]
    offered = await actions(client, uri, single.range, only=[types.CodeActionKind.QuickFix])
    fix = next(a for a in offered if a.title.startswith("Fix SL307"))
    assert fix.is_preferred  # a safe fix: the editor may apply it on its own
    fixed = apply(client, TICKETS_YAML, edited(client, fix, uri))
    assert fixed == TICKETS_YAML.replace("enum: [bug], description: The kind.", "description: The kind., const: bug")
    await changed(client, uri, 2, fixed)
    assert by_code(await diagnostics(client, uri), "SL307") == []


async def test_a_fix_is_tied_to_the_version_it_was_made_on_where_the_client_takes_that(client: LanguageClient):
    """A fix made on version 3 names version 3 (VS Code takes `documentChanges`): the editor
    refuses it once the user has typed past that text, instead of applying it at offsets that
    now mean something else. A client without that form gets `changes`."""
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    await changed(client, uri, 2, TICKETS_YAML + "\n")
    await changed(client, uri, 3, TICKETS_YAML)
    single = by_code(await diagnostics(client, uri), "SL307")[0]
    fix = next(a for a in await actions(client, uri, single.range) if a.title.startswith("Fix SL307"))
    assert apply(client, TICKETS_YAML, edited(client, fix, uri, version=3)).count("const: bug") == 1


async def test_a_tightening_fix_is_offered_never_preferred(client: LanguageClient):
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    wrong_type = by_code(await diagnostics(client, uri), "SL005")[0]
    fix = next(a for a in await actions(client, uri, wrong_type.range) if a.title.startswith("Fix SL005"))
    assert not fix.is_preferred and "unsafe" in fix.title
    assert "note: {type: string, description: A note.}" in apply(client, TICKETS_YAML, edited(client, fix, uri))


TAGS_JSON = ('{"name": "create_ticket", "description": "Open a ticket.", "inputSchema": {"type": "object", '
             '"properties": {"tags": {"type": "array", "items": {"type": "string", "maxLength": 20}, '
             '"description": "Tags."}}, "required": ["tags"], "additionalProperties": false}}\n')


async def test_a_suggestion_is_offered_to_be_applied_by_hand_never_preferred(client: LanguageClient):
    """A suggestion's value is for a person to choose: no run writes it, but the editor offers it,
    as a review's suggested change, labelled so; fix-all leaves it alone."""
    uri = await opened(client, client.root / "tools.json", TAGS_JSON)
    unbounded = by_code(await diagnostics(client, uri), "SL302")[0]
    offered = await actions(client, uri, unbounded.range, only=[types.CodeActionKind.QuickFix])
    suggestion = next(a for a in offered if a.title.startswith("Suggestion for SL302"))
    assert not suggestion.is_preferred and suggestion.title.endswith("(a conventional bound: choose the value)")
    assert '"maxItems": 100' in apply(client, TAGS_JSON, edited(client, suggestion, uri))


async def test_fix_all_applies_the_safe_fixes_and_never_an_unsafe_one(client: LanguageClient):
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    await diagnostics(client, uri)
    whole = types.Range(types.Position(0, 0), types.Position(0, 0))
    offered = await actions(client, uri, whole, only=["source.fixAll.schema-lint"])
    assert [a.kind for a in offered] == ["source.fixAll.schema-lint"]
    fixed = apply(client, TICKETS_YAML, edited(client, offered[0], uri))
    # SL307's safe fix, and not SL005's unsafe `str` → `string`.
    assert fixed == TICKETS_YAML.replace("enum: [bug], description: The kind.", "description: The kind., const: bug")
    await changed(client, uri, 2, fixed)
    assert sorted(d.code for d in await diagnostics(client, uri)) == ["SL005", "SL301", "SL501"]


async def test_ignore_inserts_the_suppression_comment_where_the_format_has_comments(client: LanguageClient):
    uri = await opened(client, client.root / "tools.jsonc", TICKETS_JSONC, "jsonc")
    unbounded = by_code(await diagnostics(client, uri), "SL301")[0]
    ignore = next(a for a in await actions(client, uri, unbounded.range) if a.title == "Ignore SL301 on this line")
    silenced = apply(client, TICKETS_JSONC, edited(client, ignore, uri))
    assert silenced.splitlines()[7].endswith("},  // schema-lint: ignore[SL301]")
    await changed(client, uri, 2, silenced)
    assert by_code(await diagnostics(client, uri), "SL301") == []
    json_uri = await opened(client, client.root / "tools.json", NOTE_JSON)
    json_finding = by_code(await diagnostics(client, json_uri), "SL301")[0]
    assert not [a for a in await actions(client, json_uri, json_finding.range) if a.title.startswith("Ignore")]


async def test_hover_on_a_finding_shows_its_rules_documentation(client: LanguageClient):
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    wrong_type = by_code(await diagnostics(client, uri), "SL005")[0]
    hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri),
                                                                     wrong_type.range.start))
    rule = load_rules()["SL005"]
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert hover.contents.value.startswith(f"# SL005 {rule.name}\n\n{rule.doc}")
    for heading in ("What it does", "Why is this bad", "Example", "Fix safety"):
        assert f"## {heading}" in hover.contents.value
    assert "# SL501" in hover.contents.value  # the tool's finding around it comes after
    assert hover.range == wrong_type.range
    nothing = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri),
                                                                       types.Position(2, 2)))
    assert nothing is None


async def test_a_configuration_change_lints_again(client: LanguageClient):
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    assert by_code(await diagnostics(client, uri), "SL301")
    if client.capabilities.workspace.did_change_watched_files.dynamic_registration:
        [watch] = client.registered
        assert [w["globPattern"] for w in watch.register_options["watchers"]] == [
            "**/.schema-lint.toml", "**/schema-lint.toml", "**/pyproject.toml"]
    (client.root / ".schema-lint.toml").write_text(SELECT + 'ignore = ["SL301"]\n', encoding="utf-8")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
        [types.FileEvent((client.root / ".schema-lint.toml").as_uri(), types.FileChangeType.Created)]))
    assert sorted(d.code for d in await diagnostics(client, uri)) == ["SL005", "SL307", "SL501"]


async def test_a_configuration_saved_in_the_editor_lints_again(client: LanguageClient):
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    assert by_code(await diagnostics(client, uri), "SL005")
    (client.root / ".schema-lint.toml").unlink()  # so that pyproject.toml is the configuration
    config = client.root / "pyproject.toml"
    config.write_text('[tool.schema-lint]\n' + SELECT + 'ignore = ["SL005"]\n', encoding="utf-8")
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(config.as_uri())))
    assert sorted(d.code for d in await diagnostics(client, uri)) == ["SL301", "SL307", "SL501"]


async def test_a_configuration_that_cannot_be_read_is_said_on_the_file(client: LanguageClient):
    (client.root / ".schema-lint.toml").write_text('selct = ["SL3"]\n', encoding="utf-8")
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    [error] = await diagnostics(client, uri)
    assert error.code == "SL000" and error.severity == types.DiagnosticSeverity.Error
    assert "the configuration cannot be used, so this file is not linted" in error.message
    assert "unknown configuration key `selct`" in error.message


async def test_a_pyproject_that_is_no_toml_is_said_on_the_file(client: LanguageClient):
    """Read to find whether it holds schema-lint's table, it raised out of the lint: the
    editor showed an error and the file no finding, as if it were clean."""
    (client.root / ".schema-lint.toml").unlink()
    (client.root / "pyproject.toml").write_text("[tool.schema-lint]\nselect = [\n", encoding="utf-8")
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    [error] = await diagnostics(client, uri)
    assert error.code == "SL000" and "the configuration cannot be used, so this file is not linted" in error.message
    assert "pyproject.toml" in error.message


async def test_a_file_the_configuration_excludes_is_not_linted(client: LanguageClient):
    (client.root / ".schema-lint.toml").write_text('exclude = ["fixtures"]\n', encoding="utf-8")
    (client.root / "fixtures").mkdir()
    uri = await opened(client, client.root / "fixtures" / "tools.yaml", TICKETS_YAML, "yaml")
    assert await diagnostics(client, uri) == []
    readme = await opened(client, client.root / "notes.md", "# Notes\n", "markdown")
    assert await diagnostics(client, readme) == []


async def test_typing_is_linted_once_it_pauses(client: LanguageClient):
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    await diagnostics(client, uri)
    if pulls(client):
        pytest.skip("a pulling client decides when to ask")
    for version in range(2, 7):
        await changed(client, uri, version, TICKETS_YAML.replace("A note.", "A note" + "!" * version))
    found = await diagnostics(client, uri)
    assert by_code(found, "SL005")
    await asyncio.sleep(1)
    assert uri not in client.diagnostics  # one push for the five changes, not five


def _many_tools() -> str:
    """2,000 tools with a finding each: half a second of linting, at least."""
    tools = json.loads(_openai_tools("t", 2000))
    for tool in tools["tools"]:
        tool["function"]["parameters"]["properties"] = {"q": {"type": "string", "description": "A query."}}
    return json.dumps(tools, indent=1)


async def test_a_long_lint_holds_up_no_answer_about_another_file(client: LanguageClient):
    small = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    wrong_type = by_code(await diagnostics(client, small), "SL005")[0]
    big = await opened(client, client.root / "many.json", _many_tools())
    linting = asyncio.ensure_future(diagnostics(client, big))  # the pull is asked for, or the push awaited
    await asyncio.sleep(0)
    hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(small),
                                                                     wrong_type.range.start))
    assert hover is not None and not linting.done()
    assert len(by_code(await linting, "SL301")) == 2000


async def test_a_long_lint_holds_up_no_quick_fix_on_another_file(client: LanguageClient):
    small = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    single = by_code(await diagnostics(client, small), "SL307")[0]
    # Once before: the first quick fix of a YAML file loads the fix planner and the YAML
    # round-trip, a one-time cost that a loaded machine could stretch past the long lint.
    await actions(client, small, single.range, trigger=types.CodeActionTriggerKind.Automatic)
    big = await opened(client, client.root / "many.json", _many_tools())
    linting = asyncio.ensure_future(diagnostics(client, big))
    await asyncio.sleep(0)
    # As a light bulb asks when the cursor moves: every kind, triggered automatically.
    offered = await actions(client, small, single.range, trigger=types.CodeActionTriggerKind.Automatic)
    assert [a.title for a in offered if a.title.startswith("Fix SL307")] and not linting.done()
    assert [a.kind for a in offered] == [types.CodeActionKind.QuickFix] * 3  # no fix-all: it would lint again
    assert len(by_code(await linting, "SL301")) == 2000
    invoked = await actions(client, small, single.range)
    assert [a.kind for a in invoked] == [types.CodeActionKind.QuickFix] * 3 + ["source.fixAll.schema-lint"]


async def test_findings_on_a_text_replaced_while_it_was_linted_are_not_pushed(client: LanguageClient):
    if pulls(client):
        pytest.skip("a pulling client asks about the text it has")
    first = asyncio.ensure_future(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS))
    await asyncio.sleep(0)
    uri = await opened(client, client.root / "tools.json", _many_tools())
    await changed(client, uri, 2, NOTE_JSON)
    pushed = await asyncio.wait_for(first, 30)
    assert pushed.version == 2 and sorted(d.code for d in pushed.diagnostics) == ["SL301", "SL305", "SL401", "SL501"]


async def test_opening_a_file_runs_no_server_the_configuration_names(client: LanguageClient):
    marker = client.root / "server-ran"
    command = json.dumps(sys.executable)
    (client.root / ".schema-lint.toml").write_text(
        f'[mcp-servers.tickets]\ncommand = {command}\nargs = ["-c", "open(\'server-ran\', \'w\')"]\n', encoding="utf-8")
    uri = await opened(client, client.root / "tools.yaml", TICKETS_YAML, "yaml")
    assert by_code(await diagnostics(client, uri), "SL005")
    assert not marker.exists()


async def test_a_request_before_initialize_is_answered_server_not_initialized(tmp_path):
    """The protocol's -32002, not an internal error with a traceback; the session then starts."""
    from pygls.exceptions import JsonRpcException

    lsp = await SERVER.start()
    uri = (tmp_path / "tools.yaml").as_uri()
    with pytest.raises(JsonRpcException) as refused:
        # The test client checks each request against the capabilities it declared: none yet.
        lsp.capabilities = types.ClientCapabilities()
        await asyncio.wait_for(lsp.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(0, 0))), 20)
    assert refused.value.code == -32002 and "Traceback" not in str(refused.value)
    await lsp.initialize_session(types.InitializeParams(capabilities=client_capabilities("neovim"),
                                                        root_uri=tmp_path.as_uri()))
    await opened(lsp, tmp_path / "tools.yaml", TICKETS_YAML, "yaml")
    await lsp.shutdown_session()


@pytest.mark.parametrize("editor", ["visual-studio-code", "neovim"])
async def test_shutdown_then_exit_ends_the_server_cleanly(editor: str, tmp_path):
    lsp = await SERVER.start()
    await lsp.initialize_session(types.InitializeParams(capabilities=client_capabilities(editor),
                                                        root_uri=tmp_path.as_uri()))
    await opened(lsp, tmp_path / "tools.yaml", TICKETS_YAML, "yaml")
    await lsp.shutdown_async(None)
    lsp.exit(None)
    assert await asyncio.wait_for(lsp._server.wait(), 10) == 0
    await lsp.stop()


async def _raw_session(*requests: dict) -> list[dict]:
    """The server's answers to `initialize` then `requests`, sent as raw JSON-RPC frames: a
    typed client cannot send params that do not fit their method."""
    process = await asyncio.create_subprocess_exec(*SERVER.server_command, stdin=asyncio.subprocess.PIPE,
                                                   stdout=asyncio.subprocess.PIPE, env=SERVER.server_env)
    messages = [{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}},
                {"jsonrpc": "2.0", "method": "initialized", "params": {}}, *requests]
    for message in messages:
        body = json.dumps(message).encode()
        process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    await process.stdin.drain()
    wanted = {message["id"] for message in messages if "id" in message}
    answers: dict = {}
    while wanted - set(answers):
        header = await asyncio.wait_for(process.stdout.readuntil(b"\r\n\r\n"), 20)
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        answer = json.loads(await process.stdout.readexactly(length))
        if "id" in answer and "method" not in answer:
            answers[answer["id"]] = answer
    process.kill()
    await process.wait()
    return [answers[message["id"]] for message in messages[2:] if "id" in message]


async def test_a_request_whose_params_do_not_fit_gets_an_invalid_params_error():
    """JSON-RPC answers every request: pygls dropped one it could not read, and the client waited for ever."""
    hover = {"textDocument": {"uri": "file:///nowhere/tools.json"}, "position": {"line": 0, "character": 0}}
    missing, wrong, good = await _raw_session(
        {"jsonrpc": "2.0", "id": 1, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "x"}}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": 5}}},
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": hover})
    assert missing["error"]["code"] == wrong["error"]["code"] == -32602
    assert "error" not in good  # the server goes on


@pytest.mark.parametrize(("shutdown", "code"), [(True, 0), (False, 1)])
async def test_exit_ends_with_1_unless_shutdown_came_first(shutdown, code):
    """LSP: "The server should exit with success code 0 if the shutdown request has been
    received before; otherwise with error code 1"."""
    messages = [{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}},
                *([{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}] if shutdown else []),
                {"jsonrpc": "2.0", "method": "exit"}]
    frames = b"".join(b"Content-Length: %d\r\n\r\n" % len(body) + body
                      for body in (json.dumps(message).encode() for message in messages))
    process = await asyncio.create_subprocess_exec(*SERVER.server_command, stdin=asyncio.subprocess.PIPE,
                                                   stdout=asyncio.subprocess.DEVNULL, env=SERVER.server_env)
    await process.communicate(frames)
    assert process.returncode == code


async def test_a_request_after_shutdown_gets_an_invalid_request_error(tmp_path):
    lsp = await SERVER.start()
    await lsp.initialize_session(types.InitializeParams(capabilities=client_capabilities("neovim"),
                                                        root_uri=tmp_path.as_uri()))
    uri = await opened(lsp, tmp_path / "tools.yaml", TICKETS_YAML, "yaml")
    await lsp.shutdown_async(None)
    with pytest.raises(Exception) as refused:
        await asyncio.wait_for(lsp.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(0, 0))), 10)
    assert getattr(refused.value, "code", None) == -32600
    lsp.exit(None)
    assert await asyncio.wait_for(lsp._server.wait(), 10) == 0
    await lsp.stop()


async def test_a_document_opened_again_is_linted_again(client: LanguageClient):
    """A client that opens a file a second time at version 1, with other text, and no close:
    the first text's findings were published for the second."""
    path = client.root / "tools.yaml"
    uri = await opened(client, path, TICKETS_YAML, "yaml")
    assert await diagnostics(client, uri)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri, "yaml", 1, "tools: [")))
    assert [d.code for d in await diagnostics(client, uri)] == ["SL000"]


async def test_the_configured_servers_are_linted_on_the_explicit_command(client: LanguageClient):
    server = Path(__file__).parents[1] / "fixtures" / "mcp" / "tickets_server.py"
    config = client.root / ".schema-lint.toml"
    config.write_text(f'select = ["SL201"]\n\n[mcp-servers.tickets]\ncommand = {json.dumps(sys.executable)}\n'
                      f'args = [{json.dumps(str(server))}]\n', encoding="utf-8")
    answer = await client.workspace_execute_command_async(types.ExecuteCommandParams("schema-lint.checkServers"))
    assert answer["servers"] == 1 and answer["findings"] >= 1
    while config.as_uri() not in client.diagnostics:
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 30)
    found = client.diagnostics[config.as_uri()]
    assert {d.code for d in found} == {"SL201"}
    assert all(d.range.start.line == 2 for d in found)  # the `[mcp-servers.tickets]` line
    assert any(d.message.startswith("mcp:tickets/create_ticket#/inputSchema: ") for d in found), [d.message for d in found]
    assert "1 MCP server checked" in client.messages[-1].message


def _openai_tools(prefix: str, count: int) -> str:
    schema = {"type": "object", "properties": {}, "required": [], "additionalProperties": False}
    return json.dumps({"tools": [{"type": "function", "function": {"name": f"{prefix}{i}", "parameters": schema}}
                                 for i in range(count)]}, indent=1) + "\n"


async def test_a_change_to_one_file_of_a_configured_request_lints_the_others_again(client: LanguageClient):
    (client.root / ".schema-lint.toml").write_text('select = ["SL601"]\n[requests.agent]\nfiles = ["a.json", "b.json"]\n',
                                                   encoding="utf-8")
    first = await opened(client, client.root / "a.json", _openai_tools("a", 70))
    assert await diagnostics(client, first) == []
    second = await opened(client, client.root / "b.json", _openai_tools("b", 50))
    assert await diagnostics(client, second) == []
    assert await diagnostics(client, first) == []  # linted again as `b.json` joined: 120 tools
    await changed(client, second, 2, _openai_tools("b", 70))  # not saved: the editor's text counts
    [limit] = await diagnostics(client, first)
    assert limit.code == "SL601" and limit.message.startswith("request `agent`: openai: 140 tools in this request")
    await changed(client, second, 3, _openai_tools("b", 50))
    assert await diagnostics(client, first) == []


@pytest.mark.hostile
async def test_a_lone_surrogate_in_the_editors_text_is_a_finding_not_a_lost_document(client: LanguageClient):
    uri = await opened(client, client.root / "tools.json", NOTE_JSON)
    await diagnostics(client, uri)
    await changed(client, uri, 2, NOTE_JSON.replace("\N{MEMO}", "\ud800"))
    [bad] = await diagnostics(client, uri)
    assert bad.code == "SL000" and "not valid UTF-8" in bad.message
    await changed(client, uri, 3, NOTE_JSON)
    assert by_code(await diagnostics(client, uri), "SL301")


async def test_a_request_about_a_document_never_opened_is_answered_with_nothing(client: LanguageClient, tmp_path):
    """The workspace read an unopened document from disk: for a file that is not there, the
    client got an internal error (a FileNotFoundError) instead of no actions."""
    uri = (tmp_path / "never-opened.json").as_uri()
    found = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), types.Range(types.Position(0, 0), types.Position(0, 1)),
        types.CodeActionContext(diagnostics=[])))
    assert not found and found is not None
    hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri),
                                                                    types.Position(0, 0)))
    assert hover is None


async def test_a_file_whose_uri_is_percent_encoded_is_linted_and_fixed_under_that_uri(client: LanguageClient):
    """Editors percent-encode a space or a letter beyond ASCII in a path (`my%20tools`), and pygls
    keeps the document under the URI decoded: looked up as sent, it was never opened, and
    the file got no diagnostic and no fix."""
    folder = client.root / "my tools \N{LATIN SMALL LETTER U WITH DIAERESIS}"
    folder.mkdir()
    uri = await opened(client, folder / "tools.yaml", TICKETS_YAML, "yaml")
    assert "%20" in uri and "%C3%BC" in uri
    single = by_code(await diagnostics(client, uri), "SL307")[0]
    fix = next(a for a in await actions(client, uri, single.range) if a.title.startswith("Fix SL307"))
    # The edit names the document as the editor does (`edited` checks it).
    await changed(client, uri, 2, apply(client, TICKETS_YAML, edited(client, fix, uri)))
    assert by_code(await diagnostics(client, uri), "SL307") == []
