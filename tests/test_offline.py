"""Nothing is ever fetched or read beyond the named inputs.

A tool file can name any URI in `$schema`, `$ref`, `$id` or `$dynamicRef`. `check`,
`check --fix`, `fuzz` and `replay` run in a child whose sockets and file opens outside
its inputs are refused and recorded; a loopback HTTP server records any request that
reaches it anyway (from Rust, say), and inotify sees any open of the secret file the
`file://` URIs point at, whose content must not reach the output either.
"""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sandbox import OpenWatch, RecordingServer, run_guarded

from schema_lint.schema import offline

pytestmark = [pytest.mark.hostile,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")]

SECRET = "TOPSECRET-5f1c0e"


def _hostile_tools(url: str, secret_uri: str, secret_dir_uri: str) -> list[dict]:
    def tool(name: str, schema: dict) -> dict:
        return {"name": name, "description": "A tool.", "inputSchema": schema}

    def properties(**extra) -> dict:
        return {"type": "object", "properties": {"title": {"type": "string", "maxLength": 20, **extra}},
                "required": ["title"], "additionalProperties": False}

    return [
        tool("get_http_meta", {"$schema": f"{url}/meta-schema", **properties()}),
        tool("get_file_meta", {"$schema": secret_uri, **properties()}),
        tool("get_http_ref", properties(**{"$ref": f"{url}/ref"})),
        tool("get_file_ref", properties(**{"$ref": f"{secret_uri}#/properties"})),
        tool("get_relative_http", {"$id": f"{url}/base/", **properties(**{"$ref": "other.json"})}),
        tool("get_relative_file", {"$id": secret_dir_uri, **properties(**{"$ref": "secret.json"})}),
        tool("get_dynamic", properties(**{"$dynamicRef": f"{url}/dynamic"})),
        tool("get_nested_meta", {**properties(), "$defs": {"inner": {"$schema": f"{url}/nested", "type": "string"}}}),
        # SL004 checks whether a typo's correction (`$schema`) would hold a valid value.
        tool("get_typo_meta", {"$schemas": f"{url}/typo", **properties()}),
        tool("get_default", properties(default="x", examples=[f"{url}/example"], format="uri")),
        tool("create_note", {**properties(), "properties": {"title": {"type": "string"}}}),
    ]


@pytest.fixture
def world(tmp_path):
    secret_dir = tmp_path / "elsewhere"
    secret_dir.mkdir()
    secret = secret_dir / "secret.json"
    secret.write_text(json.dumps({"$schema": "https://json-schema.org/draft/2020-12/schema",
                                  "required": [SECRET], "properties": {SECRET: {"const": SECRET}}}))
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    with RecordingServer({"type": "object", "required": [SECRET + "-http"]}) as server:
        tools = _hostile_tools(server.url, secret.as_uri(), secret_dir.as_uri() + "/")
        (inputs / "tools.json").write_text(json.dumps(tools, indent=2), encoding="utf-8")
        calls = "".join(json.dumps({"tool": t["name"], "arguments": {"title": "hello"}}) + "\n" for t in tools)
        (inputs / "calls.jsonl").write_text(calls, encoding="utf-8")
        watch = OpenWatch(secret)
        try:
            yield inputs, tmp_path / "sandbox.log", server, watch
        finally:
            watch.close()


COMMANDS = {
    "check": ["check", "--output-format", "json", "tools.json"],
    "check --fix": ["check", "--fix", "--unsafe-fixes", "--output-format", "concise", "tools.json"],
    "fuzz": ["fuzz", "--examples", "2", "--budget", "20", "--output-format", "json", "tools.json"],
}


def _assert_nothing_left_the_inputs(run, log, server, watch) -> str:
    output = run.stdout.decode() + run.stderr.decode()
    assert server.requests == [], server.requests
    assert not log.exists() or log.read_text() == "", log.read_text()
    assert not watch.opened(), "the secret file was opened"
    assert SECRET not in output
    return output


@pytest.mark.parametrize("command", list(COMMANDS))
def test_nothing_beyond_the_inputs_is_fetched_or_read(command, world):
    inputs, log, server, watch = world
    run = run_guarded(COMMANDS[command], inputs=inputs, cwd=inputs, log=log)
    output = _assert_nothing_left_the_inputs(run, log, server, watch)
    assert "Traceback" not in output, output
    assert run.returncode in (0, 1, 2), output


def test_replay_fetches_nothing_for_any_tool(world):
    # One run for every tool: a tool whose schema does not compile is reported and the others replayed.
    inputs, log, server, watch = world
    run = run_guarded(["replay", "--output-format", "jsonl", "tools.json", "calls.jsonl"],
                      inputs=inputs, cwd=inputs, log=log)
    output = _assert_nothing_left_the_inputs(run, log, server, watch)
    assert "Traceback" not in output and run.returncode == 0, output


def test_a_schema_that_is_not_bundled_is_a_finding_not_a_request(world):
    inputs, log, server, _ = world
    run = run_guarded(COMMANDS["check"], inputs=inputs, cwd=inputs, log=log)
    findings = json.loads(run.stdout)
    unchecked = {f["tool"] for f in findings if f["code"] == "SL001"
                 and "cannot check against a metaschema that is not bundled" in f["message"]}
    assert unchecked == {"get_http_meta", "get_file_meta"}
    remote = {f["tool"] for f in findings if f["code"] == "SL003"}
    assert {"get_http_ref", "get_file_ref", "get_relative_http", "get_relative_file"} <= remote
    assert server.requests == []


def test_a_misspelled_bundled_dialect_is_named(tmp_path):
    from schema_lint.run.linter import lint_text

    schema = {"$schema": "http://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": {"q": {"type": "string"}}}
    result = lint_text(json.dumps(schema), "schema.json")
    (finding,) = [d for d in result.diagnostics if d.code == "SL001"]
    assert finding.pointer == "/$schema"
    assert "did you mean `https://json-schema.org/draft/2020-12/schema`?" in finding.message


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                     max_leaves=12)
_KEYWORDS = st.sampled_from(["type", "properties", "items", "required", "enum", "minimum", "exclusiveMinimum",
                             "maxLength", "pattern", "format", "$ref", "$defs", "definitions", "additionalProperties",
                             "dependencies", "dependentRequired", "if", "then", "prefixItems", "$id", "id"])


@settings(max_examples=300, deadline=None)
@given(schema=st.dictionaries(_KEYWORDS, _JSON, max_size=4),
       dialect=st.none() | st.sampled_from(sorted(offline.BUNDLED_DIALECTS)) | _JSON)
def test_the_shipped_metaschema_validators_judge_as_one_compiled_for_the_dialect(schema, dialect):
    """`is_valid_schema` asks jsonschema-rs's own metaschema validators instead of compiling
    one per run; for every bundled dialect (and a schema naming none or a non-string) they
    must answer what the compiled one does."""
    if dialect is not None:
        schema = {**schema, "$schema": dialect}
    named = offline.dialect_of(schema)
    if not offline.is_bundled(named):
        assert offline.is_valid_schema(schema) is None
        return
    assert offline.is_valid_schema(schema) == offline.metaschema_validator(named).is_valid(schema)
