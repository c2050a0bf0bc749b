"""Bad input never crashes the run.

Each bad file is one `SL000` finding at its `file:line:col` in the concise report, the
exit code is 2, nothing reaches stderr as a traceback, and the good file given on the
same command line is still linted. `$ref` cycles are no error at all, and a rule that
raises is reported as an error of that rule while the run goes on.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from schema_lint.cli import main
from schema_lint.config import Config
from schema_lint.lint.document import PARSE_ERROR_CODE
from schema_lint.run.linter import Linter
from schema_lint.run.result import LintResult, exit_code
from schema_lint.model import Severity
from schema_lint.rule import Finding, Rule, load_rules
from schema_lint.sources.documents import read_document

pytestmark = pytest.mark.hostile

GOOD_TOOL = {
    "name": "create_ticket",
    "description": "Open a ticket.",
    "inputSchema": {
        "type": "object",
        "properties": {"title": {"type": "string", "maxLength": 200, "description": "Title."}},
        "required": ["title"],
    },
}
# The good file's open object: proof that it was linted next to the bad one.
GOOD_FINDING = re.compile(r"^good\.json:\d+:\d+: SL201 ", re.M)


def _alias_bomb() -> bytes:
    """Billion laughs: nine levels of nine aliases, 9^9 strings once expanded."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for previous, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [{','.join(['*' + previous] * 9)}]")
    return ("\n".join(lines) + "\n").encode()


@dataclass(frozen=True)
class Bad:
    file: str
    content: Callable[[], bytes]
    line: int
    column: int
    message: str
    # Grow the file to this many bytes (sparse: refused by its size, it is never read).
    size: int | None = None


BAD = {
    "broken JSON": Bad("broken.json", lambda: b'{"name": "t",\n  "inputSchema": {"type": }\n}\n',
                       2, 27, "invalid JSON: Expecting value"),
    "broken YAML": Bad("broken.yaml", lambda: b"name: t\ninputSchema:\n  type: [object\n  properties: {}\n",
                       4, 13, "invalid YAML: expected ',' or ']'"),
    "empty file": Bad("empty.json", lambda: b"", 1, 1, "empty file"),
    "whitespace only": Bad("blank.yaml", lambda: b"  \n\t\n\n", 1, 1, "empty file"),
    "binary": Bad("image.json", lambda: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 3, 1, "binary file: NUL byte"),
    "UTF-16": Bad("wide.json", lambda: '{"name": "t"}'.encode("utf-16"), 1, 1, "UTF-16 text"),
    "non-UTF-8 byte": Bad("latin1.json", lambda: b'{\n  "name": "t",\n  "description": "na\xefve"\n}\n',
                          3, 21, "not valid UTF-8: byte 0xef"),
    "10,000-deep JSON": Bad("deep.json", lambda: b"[" * 10_000 + b"]" * 10_000, 1, 257, "nesting deeper than 256"),
    "10,000-deep YAML": Bad("deep.yaml", lambda: b"a: " + b"[" * 10_000 + b"]" * 10_000 + b"\n",
                            1, 259, "nesting deeper than 256"),
    "deep block YAML": Bad("block.yaml", lambda: "".join("  " * i + "a:\n" for i in range(400)).encode(),
                           257, 513, "nesting deeper than 256"),
    "YAML alias bomb": Bad("bomb.yaml", _alias_bomb, 7, 4, "YAML aliases expand to more than 1,000,000 nodes"),
    "recursive YAML alias": Bad("loop.yaml", lambda: b"name: t\ninputSchema: &s\n  type: object\n"
                                                     b"  properties:\n    self: *s\n",
                                2, 14, "recursive YAML alias"),
    "NaN is no JSON": Bad("nan.json", lambda: b'{"name": "t",\n "inputSchema": {"maximum": Infinity}}',
                          2, 29, "`Infinity` is not a JSON value"),
    "number beyond a double": Bad("inf.json", lambda: b'{"name": "t",\n "inputSchema": {"minimum": 1.5e308, "maximum": '
                                  b'-1e999999}}', 2, 49, "number out of range: `-1e999999` reads as infinity, which is not a JSON value"),
    "400-digit float": Bad("long_float.json", lambda: b'{"name": "t",\n "inputSchema": {"maximum": ' + b"9" * 400 + b'.5}}',
                           2, 29, "number out of range: `99999"),
    "YAML number beyond a double": Bad("inf.yaml", lambda: b"name: t\ninputSchema:\n  maximum: 1e999\n", 3, 12,
                                       "number out of range: `1e999` reads as infinity"),
    "YAML infinity": Bad("dotinf.yaml", lambda: b"name: t\ninputSchema:\n  maximum: -.inf\n", 3, 12,
                         "`-.inf` is not a JSON value"),
    "YAML NaN": Bad("nan.yaml", lambda: b"name: t\ninputSchema:\n  maximum: .NaN\n", 3, 12,
                    "`.NaN` is not a JSON value"),
    "5,000-digit integer": Bad("digits.json", lambda: b'{"name": "t",\n "inputSchema": {"maximum": '
                               + b"9" * 5000 + b"}}", 2, 29, "integer with more than 4,300 digits"),
    "lone surrogate in JSON": Bad("half.json", lambda: b'{"name": "t",\n "description": "ok \\ud83d\\ude00 '
                                  b'bad \\udc00"}', 2, 38, "`\\udc00` is half a UTF-16 surrogate pair"),
    "lone surrogate in YAML": Bad("half.yaml", lambda: b'name: t\ndescription: "ok \\ud83d\\ude00 bad \\ud800"\n',
                                  2, 14, "half a UTF-16 surrogate pair"),
    "bad line in JSON Lines": Bad("tools.jsonl", lambda: json.dumps(GOOD_TOOL).encode() + b'\n{"name": \n',
                                  2, 10, "invalid JSON: Expecting value"),
    "Python file": Bad("server.py", lambda: b"from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n", 1, 1,
                       "a Python file: tools defined in Python are linted with `--python server:ATTR`"),
    "a million and one objects": Bad("braces.json", lambda: b'{"name": "t", "inputSchema": {"prefixItems": ['
                                     + b",".join([b"{}"] * 1_000_001) + b"]}}", 1, 1,
                                     "more than 1,000,000 objects and arrays (each `{` and `[` counted)"),
    "50 MB file": Bad("huge.json", lambda: b'{"name": "t", "description": "', 1, 1,
                      "file is 47.7 MiB, over the 32 MiB limit (setting `max-file-size`)", size=50_000_000),
}


def _write(folder: Path, bad: Bad) -> None:
    with open(folder / bad.file, "wb") as handle:
        handle.write(bad.content())
        if bad.size is not None:
            handle.truncate(bad.size)
    (folder / "good.json").write_text(json.dumps(GOOD_TOOL, indent=2), encoding="utf-8")


def _expected_line(bad: Bad) -> str:
    return f"{bad.file}:{bad.line}:{bad.column}: {PARSE_ERROR_CODE} [error] "


@pytest.mark.parametrize("case", list(BAD))
def test_bad_file_is_one_positioned_parse_error_and_the_good_file_is_still_linted(case, tmp_path, monkeypatch):
    bad = BAD[case]
    _write(tmp_path, bad)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", bad.file, "good.json"])
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, result.output
    parse_errors = [line for line in result.stdout.splitlines() if f": {PARSE_ERROR_CODE} " in line]
    assert len(parse_errors) == 1, result.stdout
    assert parse_errors[0].startswith(_expected_line(bad)), parse_errors
    assert bad.message in parse_errors[0]
    assert GOOD_FINDING.search(result.stdout), result.stdout


def test_all_bad_files_in_one_real_run_leave_no_traceback(tmp_path):
    """The installed command, as pre-commit runs it: every bad file and the good one at once."""
    for bad in BAD.values():
        _write(tmp_path, bad)
    files = [bad.file for bad in BAD.values()]
    run = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--output-format", "concise",
                          *files, "good.json"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and run.stderr.strip() == "", run.stderr
    for bad in BAD.values():
        assert _expected_line(bad) in run.stdout
    assert GOOD_FINDING.search(run.stdout)


def test_max_file_size_is_configurable(tmp_path, monkeypatch):
    (tmp_path / ".schema-lint.toml").write_text("max-file-size = 100\n", encoding="utf-8")
    (tmp_path / "good.json").write_text(json.dumps(GOOD_TOOL, indent=2), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", "good.json"])
    assert result.exit_code == 2
    assert "good.json:1:1: SL000 [error] file is 2" in result.stdout
    assert "over the 100 bytes limit" in result.stdout


def test_ref_cycles_finish_and_are_not_errors(tmp_path):
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"myself": {"$ref": "#"}, "node": {"$ref": "#/$defs/A"}},
        "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}},
        "additionalProperties": False,
    }
    (tmp_path / "cycles.json").write_text(json.dumps(schema, indent=2), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--output-format", "concise",
                          "cycles.json"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode in (0, 1), run.stdout + run.stderr
    assert "SL000" not in run.stdout and "internal error" not in run.stdout
    assert "SL002" not in run.stdout  # a cycle resolves: nothing is unresolvable
    assert "cycles.json" in run.stdout or "All checks passed" in run.stdout


def test_huge_strings_are_linted_with_positions_after_them(tmp_path, monkeypatch):
    long_text = "x" * (2 * 2**20)
    tool = {"name": "create_note", "description": long_text, "inputSchema": {
        "type": "object", "properties": {long_text[:65536]: {"type": "string"}, "body": {"type": "string"}},
        "required": ["body"], "additionalProperties": False}}
    (tmp_path / "long.json").write_text(json.dumps(tool, indent=2), encoding="utf-8")
    (tmp_path / "long.yaml").write_text(f"name: create_note\ndescription: {long_text}\ninputSchema:\n"
                                        f"  type: object\n  properties:\n    body: {{type: string}}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", "--select", "SL301",
                                       "long.json", "long.yaml"])
    assert result.exit_code == 1, result.output
    assert re.search(r"^long\.json:7:65547: SL301 .*`x{10}", result.stdout, re.M)  # the 64 kB property name
    assert "long.json:10:15: SL301 [warning] create_note: string `body`" in result.stdout
    assert "long.yaml:6:11: SL301 [warning] create_note: string `body`" in result.stdout


@pytest.mark.parametrize("digits", [600, 601, 4_301, 50_000])
def test_a_number_of_thousands_of_digits_in_a_description_is_read_not_a_crash(tmp_path, monkeypatch, digits):
    """Python converts no more than 4,300 digits to an int: the gate read every number a
    description writes as one, and a fix beside such a number ended the run in a traceback."""
    tool = {"name": "set_limit", "description": "Sets a limit.", "parameters": {"type": "object", "properties": {
        "limit": {"type": "integer", "description": f"At most 100, or {'9' * digits} for none."}},
        "required": ["limit"]}}
    (tmp_path / "tool.json").write_text(json.dumps(tool), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--no-cache", "--unsafe-fixes", "--output-format", "json", "tool.json"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    [limit] = [d for d in json.loads(result.stdout) if d["code"] == "SL303"]
    # The huge number is a value the description offers, which a maximum of 100 would refuse.
    assert "maximum" not in (limit["fix"] or {}).get("description", "")


def test_an_object_of_many_required_properties_is_linted_in_linear_time(tmp_path):
    """Each property asked whether its object's `required` list named it, a search of the whole
    list per property: a tool of 100,000 required properties (6 MB, within the size limit)
    took a minute. The list is made a set once per object. Every rule and the strict profile,
    whose checks of optional fields searched it too."""
    count = 60_000
    properties = {f"p{index}": {"type": "string", "description": "d"} for index in range(count)}
    tool = {"name": "create_thing", "description": "Creates a thing.",
            "parameters": {"type": "object", "properties": properties, "required": list(properties)}}
    (tmp_path / "tool.json").write_text(json.dumps(tool), encoding="utf-8")
    before = _children_cpu()
    result = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--no-cache", "--select", "ALL",
                             "--profile", "openai-strict", "--output-format", "concise", "tool.json"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in result.stderr and result.returncode == 1, result.stderr
    assert result.stdout.count("accepts the empty string") == count  # SL305: each property read as required
    # About 4 s of CPU since; 90 s before (the quadratic part grows fourfold for twice the properties).
    assert _children_cpu() - before < 30


def test_a_tool_with_a_fix_on_each_of_thousands_of_fields_is_gated_in_linear_time(tmp_path):
    """The fix gate judged each fix on the whole schema: the provider profile's gate counted every
    keyword of the fixed schema, the stated values' gate looked at every key of `properties`
    again. One fix per field of a 25,000-field tool took twenty minutes under a profile."""
    count = 20_000
    properties = {f"p{index}": {"type": "string", "description": "At most 10 characters." if index % 2
                                else "The recipient email address."} for index in range(count)}
    tool = {"name": "create_thing", "description": "Creates a thing.",
            "parameters": {"type": "object", "properties": properties, "required": list(properties)}}
    (tmp_path / "tool.json").write_text(json.dumps(tool), encoding="utf-8")
    before = _children_cpu()
    result = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--no-cache", "--profile", "openai-strict",
                             "--unsafe-fixes", "--output-format", "json", "tool.json"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in result.stderr and result.returncode == 1, result.stderr
    fixes = [finding["fix"]["description"] for finding in json.loads(result.stdout) if finding["fix"]]
    assert sum("maxLength: 10" in fix for fix in fixes) == count // 2
    assert sum("format: email" in fix for fix in fixes) == count // 2
    assert _children_cpu() - before < 30  # about 3 s since


def _children_cpu() -> float:
    """CPU seconds of the ended child processes of this one, all told (not wall time: a loaded
    machine does not change it)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _crashing_rule(after: int) -> Rule:
    def check(ctx):
        for node in list(ctx.properties())[:after]:
            yield Finding(node.pointer, f"saw {node.name}")
        raise ZeroDivisionError("the odd schema")

    return Rule(code="SL990", name="crashes", severity=Severity.INFO, check=check, doc="")


def test_a_rule_that_raises_is_an_error_of_that_rule_and_the_run_goes_on(tmp_path):
    odd = {"name": "odd_tool", "inputSchema": {"type": "object", "properties": {"a": {}, "b": {}}}}
    (tmp_path / "odd.json").write_text(json.dumps(odd, indent=2), encoding="utf-8")
    (tmp_path / "good.json").write_text(json.dumps(GOOD_TOOL, indent=2), encoding="utf-8")
    rules = {**load_rules(), "SL990": _crashing_rule(after=1)}
    result = Linter(Config(), rules).run([str(tmp_path / "odd.json"), str(tmp_path / "good.json")])

    crashes = {Path(d.path).name: d for d in result.internal_errors}
    assert sorted(crashes) == ["good.json", "odd.json"]  # once per tool; the run went on
    crash = crashes["odd.json"]
    assert crash in result.diagnostics and crash.code == "SL990" and crash.tool == "odd_tool"
    assert crash.severity is Severity.ERROR
    assert crash.pointer == "/inputSchema" and (crash.span.line, crash.span.column) == (3, 18)
    assert crash.message.startswith("internal error: SL990 crashed on this tool (ZeroDivisionError: "
                                    "the odd schema, at test_bad_input.py:")
    # What the rule found before it raised stands, and the other rules went on.
    assert [d.message for d in result.diagnostics if d.code == "SL990" and d not in result.internal_errors
            and d.path.endswith("odd.json")] == ["saw a"]
    assert any(d.code == "SL201" and d.path.endswith("good.json") for d in result.diagnostics)
    assert exit_code(result, "never") == 2


def test_a_crash_reaches_the_report_and_the_exit_code_but_no_traceback(tmp_path, monkeypatch):
    (tmp_path / "good.json").write_text(json.dumps(GOOD_TOOL, indent=2), encoding="utf-8")
    monkeypatch.setattr("schema_lint.rule.load_rules", lambda: {**load_rules(), "SL990": _crashing_rule(0)})
    monkeypatch.setattr("schema_lint.lint.document.rule_codes", lambda: {*load_rules(), "SL990"})
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--output-format", "concise", "--exit-zero", "good.json"])
    assert result.exit_code == 2
    assert re.search(r"^good\.json:4:18: SL990 \[error\] create_ticket: internal error: SL990 crashed", result.stdout, re.M)
    assert GOOD_FINDING.search(result.stdout)
    assert "Traceback" not in result.output


# Keys that steer the generated values into what rules read.
_KEYWORDS = st.sampled_from([
    "type", "properties", "items", "prefixItems", "required", "enum", "const", "$ref", "$defs", "definitions",
    "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "additionalProperties", "unevaluatedProperties",
    "patternProperties", "dependentRequired", "maxLength", "minLength", "pattern", "format", "default",
    "examples", "description", "minimum", "maximum", "maxItems", "title", "$schema", "nullable",
])
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12) | st.sampled_from(["object", "string", "array", "dict", "#", "#/$defs/a", "^a$", "[", "email"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYWORDS | st.text(max_size=6), inner, max_size=5),
    max_leaves=25,
)


@given(schema=_JSON)
def test_no_rule_crashes_on_any_json_value_as_a_schema(schema):
    tool = {"name": "create_thing", "description": "Make a thing.", "inputSchema": schema}
    result = LintResult()
    Linter(Config()).lint_document(read_document("tool.json", raw=json.dumps(tool, indent=1).encode()), result)
    assert result.internal_errors == [], [d.message for d in result.internal_errors]
    # A schema that is no object (nor a boolean) is one SL000 at it: no provider takes the tool.
    parse_errors = [d.pointer for d in result.diagnostics if d.code == "SL000"]
    assert parse_errors == ([] if isinstance(schema, (dict, bool)) else ["/inputSchema"])


@given(raw=st.binary(max_size=300) | st.text(max_size=300).map(str.encode),
       kind=st.sampled_from(["json", "yaml", "jsonl"]))
def test_reading_any_bytes_never_raises_and_errors_have_positions(raw, kind):
    doc = read_document(f"input.{kind}", raw=raw)
    for error in doc.errors:
        assert error.line >= 1 and error.column >= 1 and error.message


@pytest.mark.parametrize("trouble", ["working directory gone", "full disk", "full disk, replayed", "stdout closed"])
def test_a_broken_environment_is_a_message_and_an_exit_code_not_a_traceback(tmp_path, monkeypatch, trouble):
    """What the run stands on can fail too: the folder it was started in deleted, a full disk
    under stdout (for a run or for the replay of a recorded one), stdout closed (`>&-`). All
    but the last exit 2 with a message on stderr; a closed stdout loses the report, not the
    exit code."""
    tool = tmp_path / "tool.json"
    tool.write_text(json.dumps({"name": "create_ticket", "description": "Open a ticket.",
                                "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}}}))
    gone = tmp_path / "gone"
    gone.mkdir()
    script = "import os, sys\n"
    if trouble == "working directory gone":
        script += f"os.chdir({str(gone)!r}); os.rmdir({str(gone)!r})\n"
    cache = ["--cache-dir", str(tmp_path / "cache")] if trouble.endswith("replayed") else ["--no-cache"]
    script += ("import schema_lint.run.stamps; schema_lint.run.stamps.SETTLE_NS = 0\n"  # the tool was just written
               f"sys.argv = ['schema-lint', 'check', *{cache!r}, {str(tool)!r}]\n"
               "from schema_lint.console import main\nmain()\n")
    monkeypatch.delenv("SCHEMA_LINT_NO_CACHE", raising=False)
    if trouble.endswith("replayed"):
        for _ in range(2):
            subprocess.run([sys.executable, "-c", script], capture_output=True, cwd=tmp_path, timeout=120)
        assert list((tmp_path / "cache" / "runs").iterdir())
    stdout = open("/dev/full", "w") if trouble.startswith("full disk") else subprocess.PIPE
    close_stdout = (lambda: os.close(1)) if trouble == "stdout closed" else None  # as the shell's `>&-`
    done = subprocess.run([sys.executable, "-c", script], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          cwd=tmp_path, timeout=120, preexec_fn=close_stdout)
    assert "Traceback" not in done.stderr
    if trouble == "stdout closed":
        assert done.returncode == 1 and done.stderr == ""
    else:
        assert done.returncode == 2
        assert done.stderr.startswith("schema-lint: error: ") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("recorded", [False, True])
@pytest.mark.parametrize("clean", [True, False])
def test_a_reader_that_leaves_loses_the_report_not_the_exit_code(tmp_path, monkeypatch, recorded, clean):
    """`check … | head -c 10`: the pipe closes before a long report ends. click's own handling
    exited 1 (a clean run then failed as one with findings), and a recorded run's replay 2."""
    tool = tmp_path / "tool.json"
    properties = {} if clean else {"title": {"type": "string"}}
    tool.write_text(json.dumps({"name": "create_ticket", "description": "Open a ticket.", "inputSchema": {
        "type": "object", "properties": properties, "additionalProperties": False}}))
    script = ("import schema_lint.run.stamps; schema_lint.run.stamps.SETTLE_NS = 0\n"  # the tool was just written
              f"import sys; sys.argv = ['schema-lint', 'check', '--cache-dir', {str(tmp_path / 'cache')!r}, "
              f"'--output-format', 'sarif', {str(tool)!r}]\n"
              "from schema_lint.console import main\nmain()\n")
    monkeypatch.delenv("SCHEMA_LINT_NO_CACHE", raising=False)
    if recorded:
        for _ in range(2):
            subprocess.run([sys.executable, "-c", script], capture_output=True, cwd=tmp_path, timeout=120)
        assert list((tmp_path / "cache" / "runs").iterdir())
    reader, writer = os.pipe()
    os.close(reader)  # gone before the report starts: the first write that reaches the pipe fails
    done = subprocess.run([sys.executable, "-c", script], stdout=writer, stderr=subprocess.PIPE, text=True,
                          cwd=tmp_path, timeout=120)
    os.close(writer)
    assert (done.returncode, done.stderr) == (0 if clean else 1, "")
