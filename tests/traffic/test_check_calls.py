"""`check --calls`: values from recorded traffic, and the gate no tightening fix may fail (its
law, on generated traffic, is tests/properties/test_fixes_from_recorded_calls.py)."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from schema_lint.cli import main
from schema_lint.traffic.values import MIN_SAMPLE, round_bound

TOOL = {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {
    "type": "object", "properties": {
        "title": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string", "maxLength": 9}},
        "note": {"type": "string", "maxLength": 50}}}}


def _fixes(tmp_path, calls, select="SL101,SL201,SL301,SL302", tool=TOOL):
    tools, recorded = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tools.write_text(json.dumps(tool))
    recorded.write_text("".join(json.dumps({"tool": "create_ticket", "arguments": c}) + "\n" for c in calls))
    result = CliRunner().invoke(main, ["check", "--select", select, "--unsafe-fixes", "--output-format", "json",
                                       "--calls", str(recorded), str(tools)])
    return {(d["code"], d["pointer"].removeprefix("/inputSchema")): d for d in json.loads(result.output)}


def _calls(count):
    return [{"title": "t" * (n % 30 + 1), "tags": ["a"] * (n % 4)} for n in range(count)]


def test_values_come_from_the_traffic_with_their_evidence(tmp_path):
    found = _fixes(tmp_path, _calls(MIN_SAMPLE))
    title = found[("SL301", "/properties/title")]["fix"]
    assert title["description"] == f"add `maxLength: 64` ({MIN_SAMPLE} recorded calls, longest 20)"
    tags = found[("SL302", "/properties/tags")]["fix"]
    assert tags["description"].startswith("add `maxItems: 8`") and "longest 3 items" in tags["description"]
    required = found[("SL101", "")]["fix"]
    assert required["description"] == f"require title, tags ({MIN_SAMPLE} recorded calls, each with title, tags)"
    closed = found[("SL201", "")]["fix"]
    assert "none with another key" in closed["description"]


def test_too_few_calls_propose_no_value(tmp_path):
    found = _fixes(tmp_path, _calls(MIN_SAMPLE - 1))
    # Too few to be evidence: what is offered is a suggestion for a person, never a fix `--fix` applies.
    assert all(d["fix"] is None or d["fix"]["safety"] == "suggestion" for d in found.values())


def test_an_undeclared_key_in_the_traffic_keeps_the_object_open(tmp_path):
    found = _fixes(tmp_path, [*_calls(MIN_SAMPLE), {"title": "x", "sender_id": "u1"}])
    assert found[("SL201", "")]["fix"] is None


@pytest.mark.parametrize("description", ["Create a ticket. Any other fields are passed through to the API.",
                                         "Create a ticket. Additional custom keys are allowed.",
                                         "Create a ticket. Properties not listed here are set as custom fields.",
                                         "Create a ticket. Any other Jira field parameter (e.g. labels, epic) may be "
                                         "added and is passed through.",
                                         "Create a ticket. Pass the template's variables as additional arguments.",
                                         "Create a ticket from a set of key-value pairs.",
                                         "Create a ticket: keys are the field names, values what to set.",
                                         "Create a ticket. Arbitrary additional properties are attached to it.",
                                         "Create a ticket. Extra keyword arguments become custom columns.",
                                         "Create a ticket. Unknown keys are ignored.",
                                         "Create a ticket, plus any other ticket attribute.",
                                         "Create a ticket. Every other argument is a template variable.",
                                         "Create a ticket. **kwargs: further options passed to the tracker.",
                                         "Create a ticket. Its parameters are dynamic.",
                                         "Create a ticket. Other ticket properties from the Jira API may be included."])
def test_calls_that_sent_no_other_key_close_no_object_whose_words_say_other_keys_are_taken(tmp_path, description):
    """The calls so far sent only declared keys; the words say the tool takes others: a
    suggestion for a person, not a fix that rejects the next call's custom field."""
    found = _fixes(tmp_path, _calls(MIN_SAMPLE), tool={**TOOL, "description": description})
    closed = found[("SL201", "")]["fix"]
    assert closed["safety"] == "suggestion" and "the words say other keys are taken" in closed["description"]
    # Nor is a key each call sent one every call needs: a map's conventional key, a pass-through's.
    required = found[("SL101", "")]["fix"]
    assert required["safety"] == "suggestion" and "takes keys it does not declare" in required["description"]


@pytest.mark.parametrize("description", ["Additional properties are not allowed.", "No other fields are accepted.",
                                         "Unknown keys are rejected."])
def test_words_refusing_other_keys_leave_the_closing_a_fix(tmp_path, description):
    found = _fixes(tmp_path, _calls(MIN_SAMPLE), tool={**TOOL, "description": f"Create a ticket. {description}"})
    assert found[("SL201", "")]["fix"]["safety"] == "unsafe"


@pytest.mark.parametrize("description", ["Environment variables, as NAME: value pairs.",
                                         "HTTP headers to send, header name to value; send any others as needed.",
                                         "Kubernetes labels (arbitrary string keys).", "Key-value metadata: any keys you like.",
                                         "Chart options; any Chart.js option may be set.",
                                         "Labels, as a map from label key to label value.",
                                         "Filter on record fields: each key is a field name.",
                                         "Title per locale: keys are locale codes.", "Stock to set, as SKU -> quantity.",
                                         "Dimension name/value pairs.", "Free-form JSON body for the event.",
                                         "Tracking parameters added to every link (utm_source or your own).",
                                         "Keys we don't recognise are forwarded to the processor unchanged.",
                                         "Columns that do not exist yet are created automatically.",
                                         "Any property of the Contact object can be given here.",
                                         "Bag of settings; which keys apply depends on the integration.",
                                         "It may hold any parameters the procedure declares."])
def test_a_nested_map_whose_words_take_other_keys_is_not_closed_from_the_calls(tmp_path, description):
    """`env` with one declared variable, closed because 24 calls sent only it, refused `DEBUG`."""
    tool = {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {"type": "object", "properties": {
        "env": {"type": "object", "description": description, "properties": {"PORT": {"type": "string"}}}}}}
    found = _fixes(tmp_path, [{"env": {"PORT": str(n)}} for n in range(MIN_SAMPLE)], select="SL201", tool=tool)
    assert found[("SL201", "/properties/env")]["fix"]["safety"] == "suggestion"


@pytest.mark.parametrize("name, closed", [("labels", "suggestion"), ("resource_tags", "suggestion"),
                                          ("customHeaders", "suggestion"), ("query_params", "suggestion"),
                                          # Arguments passed on: the keys are what the procedure they go to takes.
                                          ("args", "suggestion"), ("procedureArguments", "suggestion"),
                                          ("address", "unsafe"), ("filter", "unsafe")])
def test_an_object_named_as_a_map_is_not_closed_from_the_calls(tmp_path, name, closed):
    """`labels` declaring `team`, closed because 24 calls sent only it, refused `env`: a map's
    declared keys are its usual ones, never all of them."""
    tool = {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {"type": "object", "properties": {
        name: {"type": "object", "properties": {"team": {"type": "string"}}}}}}
    found = _fixes(tmp_path, [{name: {"team": str(n)}} for n in range(MIN_SAMPLE)], select="SL201", tool=tool)
    assert found[("SL201", f"/properties/{name}")]["fix"]["safety"] == closed


def test_a_fix_that_would_reject_a_recorded_call_is_withheld_and_says_which(tmp_path):
    tool = {**TOOL, "inputSchema": {**TOOL["inputSchema"], "properties": {
        "title": {"type": "string", "description": "At most 10 characters."}}}}
    found = _fixes(tmp_path, [{"title": "a much longer title than ten"}], select="SL301", tool=tool)
    (finding,) = found.values()
    assert finding["fix"] is None
    assert "no fix: it would reject 1 of 1 recorded calls that pass today, such as" in finding["message"]


def test_calls_citing_a_uid_no_tool_has_are_the_evidence_of_the_one_tool_of_their_name(tmp_path):
    """A dataset's calls cite its records' uids; linted against a folder of tool files, which
    hold none, they were the evidence of no tool, and the gate let through a fix that rejects
    them. Taken for the tool of their name, as `replay` takes them, unless two tools share it."""
    tool = {**TOOL, "inputSchema": {**TOOL["inputSchema"], "properties": {
        "title": {"type": "string", "description": "At most 10 characters."}}}}
    tools, recorded = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    recorded.write_text(json.dumps({"tool": "create_ticket", "tool_uid": "bfcl:elsewhere",
                                    "arguments": {"title": "a much longer title than ten"}}) + "\n")

    def findings(*defined):
        tools.write_text(json.dumps({"tools": list(defined)}))
        result = CliRunner().invoke(main, ["check", "--select", "SL301", "--unsafe-fixes", "--output-format", "json",
                                           "--calls", str(recorded), str(tools)])
        return json.loads(result.output)

    (finding,) = findings(tool)
    assert finding["fix"] is None and "it would reject 1 of 1 recorded calls" in finding["message"]
    other = {**tool, "inputSchema": {**tool["inputSchema"], "required": ["title"]}}
    # Two tools of that name: the call was made for one of them, which is unknown.
    assert all(found["fix"] is not None for found in findings(tool, other))


def test_round_bound_leaves_headroom_and_a_floor():
    assert [round_bound(n) for n in (0, 1, 20, 32, 33, 300)] == [2, 2, 64, 64, 128, 1024]
    assert [round_bound(n, 32) for n in (1, 15, 16, 17)] == [32, 32, 32, 64]


def test_recorded_calls_can_come_from_the_configuration(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tool = {**TOOL, "inputSchema": {**TOOL["inputSchema"], "properties": {"title": {"type": "string"}}}}
    (tmp_path / "tools.json").write_text(json.dumps(tool))
    (tmp_path / "traces").mkdir()
    (tmp_path / "traces" / "calls.jsonl").write_text(
        "".join(json.dumps({"tool": "create_ticket", "arguments": {"title": "x" * 10}}) + "\n"
                for _ in range(MIN_SAMPLE)))
    (tmp_path / ".schema-lint.toml").write_text('calls = ["traces/calls.jsonl"]\n')
    result = CliRunner().invoke(main, ["check", "--select", "SL301", "--unsafe-fixes", "--output-format", "json",
                                       "tools.json"])
    (finding,) = json.loads(result.output)
    assert finding["fix"]["description"].startswith("add `maxLength: 32`")


def _finding(tmp_path, calls, schema, select):
    tool = {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": schema}
    (finding,) = _fixes(tmp_path, calls, select=select, tool=tool).values()
    return finding


def _one_field(field: dict) -> dict:
    return {"type": "object", "properties": {"value": field}, "required": ["value"], "additionalProperties": False}


def test_a_closed_set_of_values_is_suggested_as_an_enum_in_the_message_never_as_a_fix(tmp_path):
    calls = [{"value": status} for status in ["open", "closed", "pending"] * 8]
    finding = _finding(tmp_path, calls, _one_field({"type": "string"}), "SL301")
    assert '24 recorded calls sent only "closed", "open", "pending": an `enum`' in finding["message"]
    assert finding["fix"]["description"].startswith("add `maxLength: 32`")


@pytest.mark.parametrize("calls, field", [
    # A value sent once says the set is open.
    ([{"value": v} for v in ["open", "closed"] * 10 + ["archived"]], {"type": "string"}),
    # Free text by its description, or examples of an open set.
    ([{"value": v} for v in ["open", "closed"] * 10], {"type": "string", "description": "Free text."}),
    ([{"value": v} for v in ["open", "closed"] * 10], {"type": "string", "description": "A state, e.g. open"}),
    # One value is no set.
    ([{"value": "open"}] * 20, {"type": "string"}),
])
def test_no_enum_is_suggested_for_an_open_set(tmp_path, calls, field):
    assert "sent only" not in _finding(tmp_path, calls, _one_field(field), "SL301")["message"]


def test_a_name_that_says_open_values_gets_no_enum_suggestion(tmp_path):
    schema = {"type": "object", "properties": {"city_name": {"type": "string"}}}
    calls = [{"city_name": v} for v in ["Paris", "Rome"] * 10]
    assert "sent only" not in _finding(tmp_path, calls, schema, "SL301")["message"]


def _limit_schema(field):
    return {"type": "object", "properties": {"page_size": field}, "required": ["page_size"]}


def test_a_limit_takes_both_bounds_from_the_traffic_with_round_numbers(tmp_path):
    calls = [{"page_size": n} for n in range(1, 41)]
    fix = _finding(tmp_path, calls, _limit_schema({"type": "integer"}), "SL303")["fix"]
    assert fix["description"] == "add `minimum: 1`, `maximum: 100` (40 recorded calls, from 1 to 40)"


def test_a_percentage_gets_maximum_100_only_once_a_call_sent_more_than_1(tmp_path):
    schema = {"type": "object", "properties": {"discount_pct": {"type": "number"}}}
    fractions = _finding(tmp_path, [{"discount_pct": n / 100} for n in range(30)], schema, "SL303")["fix"]
    assert fractions["description"].startswith("add `minimum: 0` (")
    percents = _finding(tmp_path, [{"discount_pct": n} for n in range(30)], schema, "SL303")["fix"]
    assert percents["description"].startswith("add `minimum: 0`, `maximum: 100` (")


def test_no_numeric_bound_the_traffic_refutes_or_of_another_kind(tmp_path):
    below = [{"page_size": n} for n in range(0, 30)]  # 0 is below a limit's natural 1
    fix = _finding(tmp_path, below, _limit_schema({"type": "integer"}), "SL303")["fix"]
    assert fix["description"].startswith("add `maximum: 100` (")
    fractional = [{"page_size": n + 0.5} for n in range(30)]
    fix = _finding(tmp_path, fractional, _limit_schema({"type": "integer"}), "SL303")["fix"]
    assert fix is None or fix["evidence"]["kind"] == "field-name"  # the calls bear out no bound of their own


def test_the_names_bound_stands_where_the_calls_bear_out_none(tmp_path):
    """One call sent "10" as text: the calls gave no bound, and the name's `minimum: 1`, offered
    without calls, was gone with no word of why."""
    calls = [{"page_size": n} for n in range(1, 30)] + [{"page_size": "10"}]
    fix = _finding(tmp_path, calls, _limit_schema({"type": "integer"}), "SL303")["fix"]
    assert fix["description"] == "add `minimum: 1` (the name `page_size` says limit)"
    below = [{"page_size": n} for n in range(0, 30)] + [{"page_size": "10"}]
    finding = _finding(tmp_path, below, _limit_schema({"type": "integer"}), "SL303")
    assert finding["fix"] is None and "it would reject 1 of 30 recorded calls" in finding["message"]


def test_a_format_comes_only_from_values_that_are_all_in_it(tmp_path):
    schema = {"type": "object", "properties": {"start_date": {"type": "string"}}}
    dates = [{"start_date": f"2026-01-{day:02d}"} for day in range(1, 25)]
    fix = _finding(tmp_path, dates, schema, "SL304")["fix"]
    assert fix["description"] == "add `format: date` (24 recorded calls, all in `date` format)"
    one_off = _finding(tmp_path, [*dates, {"start_date": "tomorrow"}], schema, "SL304")
    assert one_off["fix"] is None
    assert '1 of 25 recorded values are not in `date` format, such as "tomorrow"' in one_off["message"]


def test_words_offering_another_form_win_over_calls_all_in_the_format(tmp_path):
    """Every recorded call sent an address, but "or Slack handle" says a handle is right too:
    `format: email` refused "@alice"."""
    schema = {"type": "object", "properties": {"email": {"type": "string",
                                                         "description": "Email address or Slack handle."}}}
    finding = _finding(tmp_path, [{"email": f"user{n}@example.com"} for n in range(24)], schema, "SL304")
    assert finding["fix"] is None and "no fix: the schema's own words" in finding["message"]


@pytest.mark.parametrize("description", ["Rows to return. Exports of up to a million rows are common.",
                                         "Maximum results, up to ten thousand.", "Rows to return; there is no limit.",
                                         "Rows to return (the API takes up to 5000).",
                                         "Rows to return. Very large limits (100k rows and more) are fine.",
                                         "Items per page. Larger pages are cheaper; go as high as you need."])
def test_no_maximum_from_the_calls_where_the_words_allow_more(tmp_path, description):
    """The calls sent 1 to 40 and the words speak of a million rows: `maximum: 100` refused them."""
    calls = [{"page_size": n} for n in range(1, 41)]
    fix = _finding(tmp_path, calls, _limit_schema({"type": "integer", "description": description}),
                   "SL303")["fix"]
    assert fix["description"].startswith("add `minimum: 1` (40 recorded calls, from 1 to 40")
    assert "maximum" not in fix["description"]


@pytest.mark.parametrize("field, select, keyword", [
    ({"type": "string", "description": "Markdown body; may be long (logs, stack traces)."}, "SL301", "maxLength"),
    ({"type": "array", "items": {"type": "string"}, "description": "Any number of IDs; there is no limit."}, "SL302",
     "maxItems"),
    ({"type": "string", "description": "Internal note; paste whole email threads if useful."}, "SL301", "maxLength"),
    ({"type": "string", "description": "SQL query. Complex analytical queries with many joins are expected."},
     "SL301", "maxLength"),
    ({"type": "array", "items": {"type": "string"}, "description": "You may address your entire audience at once."},
     "SL302", "maxItems"),
])
def test_a_length_from_the_calls_is_a_suggestion_where_the_words_allow_more(tmp_path, field, select, keyword):
    value = "x" * 10 if field["type"] == "string" else ["x", "y"]
    finding = _finding(tmp_path, [{"value": value}] * 24, {"type": "object", "properties": {"value": field}}, select)
    fix = finding["fix"]
    assert fix["safety"] == "suggestion" and fix["description"].startswith(f"add `{keyword}: ")
    assert "24 recorded calls" in fix["description"] and "confirm it" in fix["description"]


@pytest.mark.parametrize("limit, value", [("CALLS_KEPT", 5), ("KEPT_BYTES", 1_000)])
def test_the_gate_sees_every_call_past_those_kept_in_memory(tmp_path, monkeypatch, limit, value):
    from schema_lint.traffic import store

    monkeypatch.setattr(store, limit, value)
    tool = {**TOOL, "inputSchema": {"type": "object", "properties": {
        "title": {"type": "string", "description": "At most 10 characters."}}}}
    calls = [{"title": "short"}] * 30 + [{"title": "longer than ten"}]
    (finding,) = _fixes(tmp_path, calls, select="SL301", tool=tool).values()
    assert finding["fix"] is None and "it would reject 1 of 31 recorded calls" in finding["message"]


def test_calls_from_a_pipe_are_read_twice_for_the_gate(tmp_path, monkeypatch):
    import threading

    from schema_lint.traffic import store

    monkeypatch.setattr(store, "CALLS_KEPT", 5)
    pipe = tmp_path / "calls.fifo"
    os.mkfifo(pipe)
    lines = "".join(json.dumps({"tool": "create_ticket", "arguments": {"title": t}}) + "\n"
                    for t in ["short"] * 30 + ["longer than ten"])

    def write():
        with open(pipe, "w") as handle:
            handle.write(lines)

    writer = threading.Thread(target=write)
    writer.start()
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps({**TOOL, "inputSchema": {"type": "object", "properties": {
        "title": {"type": "string", "description": "At most 10 characters."}}}}))
    result = CliRunner().invoke(main, ["check", "--select", "SL301", "--unsafe-fixes", "--output-format", "json",
                                       "--calls", str(pipe), str(tools)])
    writer.join(timeout=10)
    (finding,) = json.loads(result.output)
    assert "it would reject 1 of 31 recorded calls" in finding["message"]


def test_a_calls_file_that_cannot_be_read_stops_the_run_before_any_fix(tmp_path):
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOL))
    before = tools.read_bytes()
    result = CliRunner().invoke(main, ["check", "--fix", "--unsafe-fixes", "--calls", str(tmp_path / "missing.jsonl"),
                                       str(tools)])
    assert result.exit_code == 2
    assert "--calls " in result.output and "missing.jsonl: cannot read" in result.output
    assert "Traceback" not in result.output and tools.read_bytes() == before


def test_lines_without_a_call_are_named_and_the_rest_is_evidence(tmp_path):
    tools, recorded = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tool = {**TOOL, "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}}}
    tools.write_text(json.dumps(tool))
    recorded.write_text("not json\n" + "".join(json.dumps({"tool": "create_ticket", "arguments": {"title": "x"}})
                                                + "\n" for _ in range(MIN_SAMPLE)))
    result = CliRunner().invoke(main, ["check", "--select", "SL301", "--unsafe-fixes", "--output-format", "json",
                                       "--calls", str(recorded), str(tools)])
    assert f"{recorded}:1:1: warning: not JSON" in result.stderr
    (finding,) = json.loads(result.stdout)
    assert finding["fix"]["description"].startswith("add `maxLength: 32` (")


def test_bounds_the_traffic_bears_out_are_withheld_where_the_profile_refuses_them(tmp_path):
    calls = [{"page_size": n} for n in range(1, 41)]
    tool = {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": _limit_schema({"type": "integer"})}
    tools, recorded = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tools.write_text(json.dumps(tool))
    recorded.write_text("".join(json.dumps({"tool": "create_ticket", "arguments": c}) + "\n" for c in calls))
    result = CliRunner().invoke(main, ["check", "--select", "SL303", "--unsafe-fixes", "--output-format", "json",
                                       "--profile", "anthropic-strict", "--calls", str(recorded), str(tools)])
    (finding,) = json.loads(result.output)
    assert finding["fix"] is None and finding["message"].endswith("which anthropic-strict refuses")


def test_an_endless_pipe_is_read_only_up_to_the_copy_limit_and_named_as_given(tmp_path, monkeypatch):
    import threading

    from schema_lint.traffic import store

    monkeypatch.setattr(store, "SPOOL_LIMIT", 10_000)
    pipe = tmp_path / "calls.fifo"
    os.mkfifo(pipe)
    stop = threading.Event()

    def write_forever():
        try:
            with open(pipe, "w") as handle:
                handle.write("not json\n")
                while not stop.is_set():
                    handle.write(json.dumps({"tool": "create_ticket", "arguments": {"title": "x"}}) + "\n")
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=write_forever, daemon=True)
    writer.start()
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOL))
    result = CliRunner().invoke(main, ["check", "--select", "SL301", "--unsafe-fixes", "--calls", str(pipe), str(tools)])
    stop.set()
    assert result.exit_code == 1
    assert f"{pipe}:1:1: warning: not JSON" in result.output
    assert f"{pipe}: warning: not read past 10,000 bytes" in result.output


def _counting_readings(monkeypatch) -> list:
    """The second readings of the calls files, counted as they start."""
    from schema_lint.traffic import store

    readings, read_again = [], store._read_source
    monkeypatch.setattr(store, "_read_source",
                        lambda source, contents, repeats: readings.append(source) or read_again(source, contents, repeats))
    return readings


def test_tools_given_on_stdin_get_their_calls_by_one_more_reading(tmp_path, monkeypatch):
    readings = _counting_readings(monkeypatch)
    recorded = tmp_path / "calls.jsonl"
    recorded.write_text("".join(json.dumps({"tool": "create_ticket", "arguments": c}) + "\n"
                                for c in _calls(MIN_SAMPLE)))
    result = CliRunner().invoke(main, ["check", "--select", "SL301", "--unsafe-fixes", "--output-format", "json",
                                       "--calls", str(recorded), "-"], input=json.dumps(TOOL))
    titles = [d for d in json.loads(result.stdout) if d["pointer"] == "/inputSchema/properties/title"]
    assert titles[0]["fix"]["description"].startswith(f"add `maxLength: 64` ({MIN_SAMPLE} recorded calls")
    assert len(readings) == 1


@pytest.mark.parametrize("with_definition", [False, True])
def test_an_exact_cover_finds_the_calls_recorded_with_a_new_schema_reading_again_only_for_them(
        monkeypatch, with_definition):
    """`cover(exact=True)`, the language server's for the editor's text, whose schema changes as
    it is typed: a call recorded with the tool's definition counts once the text holds that
    definition, as it would for `check`; calls recorded by name alone cannot, and are not read
    again for each new schema."""
    from schema_lint.sources.tools import find_tools
    from schema_lint.traffic.store import Traffic

    readings = _counting_readings(monkeypatch)
    edited = {**TOOL, "inputSchema": {**TOOL["inputSchema"], "required": ["title"]}}
    record = {"tool": "create_ticket", "arguments": {"title": "x"}, **({"tool_def": edited} if with_definition else {})}
    traffic = Traffic.load(["calls.jsonl"], find_tools(TOOL, "tools"), {"calls.jsonl": json.dumps(record).encode()})
    [tool] = find_tools(edited, "tools")
    traffic.cover([tool], exact=True)
    assert list(traffic.calls_for(tool)) == [{"title": "x"}]
    assert len(readings) == with_definition


def test_the_tools_of_the_files_are_summarised_at_the_first_reading_and_a_fix_reads_no_more(tmp_path, monkeypatch):
    readings = _counting_readings(monkeypatch)
    tools, recorded = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tools.write_text(json.dumps(TOOL))
    recorded.write_text("".join(json.dumps({"tool": name, "arguments": c}) + "\n"
                                for c in _calls(MIN_SAMPLE) for name in ("create_ticket", "elsewhere")))
    result = CliRunner().invoke(main, ["check", "--extend-select", "SL301", "--fix", "--unsafe-fixes", "--calls",
                                       str(recorded), str(tools)])
    assert result.exit_code in (0, 1), result.output
    assert json.loads(tools.read_text())["inputSchema"]["properties"]["title"]["maxLength"] == 64
    assert readings == []


@pytest.mark.parametrize("spill_limit, readings_expected", [(None, 0), (200, 3)])
def test_calls_past_those_kept_in_memory_are_read_once_however_many_tools_have_them(
        tmp_path, monkeypatch, spill_limit, readings_expected):
    """Read again for each tool with more than `CALLS_KEPT` calls, 200,000 calls took 77 s.
    Only past the spill's limit is a tool's calls file read again."""
    from schema_lint.traffic import store

    readings = _counting_readings(monkeypatch)
    monkeypatch.setattr(store, "CALLS_KEPT", 5)
    if spill_limit is not None:
        monkeypatch.setattr(store, "SPOOL_LIMIT", spill_limit)
    names = ["first", "second", "third"]
    schema = {"type": "object", "properties": {"title": {"type": "string", "description": "At most 10 characters."}}}
    tools, recorded = tmp_path / "tools.json", tmp_path / "calls.jsonl"
    tools.write_text(json.dumps({"tools": [{"name": name, "inputSchema": schema} for name in names]}))
    titles = ["short"] * 30 + ["longer than ten"]
    recorded.write_text("".join(json.dumps({"tool": name, "arguments": {"title": title}}) + "\n"
                                for title in titles for name in names))
    result = CliRunner().invoke(main, ["check", "--select", "SL301", "--unsafe-fixes", "--output-format", "json",
                                       "--calls", str(recorded), str(tools)])
    findings = json.loads(result.stdout)
    assert len(findings) == 3
    assert all("it would reject 1 of 31 recorded calls" in finding["message"] for finding in findings)
    assert len(readings) == readings_expected


@pytest.mark.parametrize("line", [
    b'{"tool": "t", "arguments": {"n": 1.5e3, "s": "caf\\u00e9", "e": "\xc3\xa9"}}',
    b'\xef\xbb\xbf{"tool": "t", "arguments": {}}',  # a BOM on the first line
    b'{"tool": "t", "arguments": {"s": "\\ud800"}}',  # a lone surrogate escape
    b'{"tool": "t", "arguments": {"n": 123456789012345678901234567890}}',  # past 64 bits
    b'{"tool": "t", "arguments": {"n": NaN, "m": 1e400}}',
    b'{"tool": "t", "arguments": {"a": 1, "a": 2}}',
    b'{"tool": "t", "arguments": {}',  # broken
    b'{"tool": "t", "arguments": "\xff"}',  # not UTF-8
])
def test_calls_read_with_orjson_are_the_calls_json_reads(tmp_path, monkeypatch, line):
    """orjson reads a line at two fifths of json's cost; what it refuses, json reads, so either
    reader gives the same calls and the same broken lines."""
    import orjson

    from schema_lint.traffic import calls

    path = tmp_path / "calls.jsonl"
    path.write_bytes(line + b"\n" + line)
    monkeypatch.setattr(calls, "_fast_loads", None)
    with_json = repr(list(calls.read_calls([str(path)])))
    monkeypatch.setattr(calls, "_fast_loads", orjson.loads)
    assert repr(list(calls.read_calls([str(path)]))) == with_json


@pytest.mark.parametrize("optional", [
    {"type": "string", "description": "Optional. IANA time zone; defaults to the calendar's."},
    {"type": "integer", "description": "Only items with at most this many comments. Use -1 for no limit."},
    {"type": "integer", "description": "Results per page (default: 25)."},
    {"type": "integer", "description": "Timeout in seconds, 0 to disable."},
    {"type": "boolean", "description": "Include archived items.", "default": False},
    {"type": ["string", "null"], "description": "A cursor."},
    {"type": "string", "description": "Required for updates; omit when creating."},
    # What leaving it out gets, when it is needed, or who picks otherwise.
    {"type": "string", "description": "If you leave this out, the account's base currency applies."},
    {"type": "string", "description": "Customs declaration. Can be skipped for domestic parcels."},
    {"type": "string", "description": "Harmonized System code. Only needed for international parcels."},
    {"type": "string", "description": "MIME type. The server infers it from the file extension."},
    {"type": "string", "description": "We pick the region closest to you if you don't say."},
    {"type": "string", "description": "IANA timezone; your profile's timezone is used unless you specify one."},
    {"type": "string", "description": "When the link stops working. Omitting it means the link never expires."},
    {"type": "string", "description": "Provide to override the name taken from the identity provider."},
    {"type": "string", "description": "Set this if the page should live under another page."},
    {"type": "integer", "description": "Random seed. Pass nothing for a fresh random seed each run."},
    {"type": "integer", "description": "Days to keep backups (absent \u2192 the plan's retention)."},
    {"type": "string", "description": "You don't need to send this for addresses in the home country."},
    {"type": "string", "description": "Paper size; a sensible default is used otherwise."},
    {"type": "string", "description": "When absent, the recipient's saved language is used."},
    {"type": "string", "description": "Postal code; some countries have none."},
])
def test_callers_that_send_every_field_are_no_evidence_that_one_is_needed(tmp_path, optional):
    # Every call sent `extra` too, which its schema or words let a call leave out: the callers
    # send every field, so "always sent" says nothing of `title` and `tags` either.
    tool = {**TOOL, "inputSchema": {**TOOL["inputSchema"],
                                    "properties": {**TOOL["inputSchema"]["properties"], "extra": optional}}}
    value = None if optional["type"] == ["string", "null"] else 1
    calls = [{**call, "extra": value} for call in _calls(MIN_SAMPLE)]
    finding = _fixes(tmp_path, calls, select="SL101", tool=tool)[("SL101", "")]
    assert finding["fix"] is None
    assert "no fix: the recorded calls always sent extra too, which may be left out" in finding["message"]


def test_a_field_that_may_be_left_out_and_was_not_always_sent_leaves_the_evidence_standing(tmp_path):
    tool = {**TOOL, "inputSchema": {**TOOL["inputSchema"], "properties": {
        **TOOL["inputSchema"]["properties"], "extra": {"type": "string", "description": "Optional. Defaults to 'x'."}}}}
    calls = [{**call, "extra": "y"} if n % 2 else call for n, call in enumerate(_calls(MIN_SAMPLE))]
    fix = _fixes(tmp_path, calls, select="SL101", tool=tool)[("SL101", "")]["fix"]
    assert fix["description"] == f"require title, tags ({MIN_SAMPLE} recorded calls, each with title, tags)"


@pytest.mark.parametrize("description, let_go", [
    ("Customer; give an email, a phone number, or both.", {"email", "phone"}),
    ("Variant attributes. Products without sizes simply omit size.", {"size"}),
    ("Filter; combine any of the keys below, all optional.", {"email", "phone", "size"}),
])
def test_fields_an_objects_words_offer_as_choices_or_leave_out_are_not_required_from_the_calls(
        tmp_path, description, let_go):
    """Every call sent `email` and `phone`; the customer's words say either one will do."""
    fields = {"email", "phone", "size"}
    tool = {"name": "create_ticket", "description": "Create a ticket.", "inputSchema": {"type": "object", "properties": {
        "customer": {"type": "object", "description": description,
                     "properties": {name: {"type": "string"} for name in sorted(fields)}}}}}
    calls = [{"customer": {name: str(n) for name in sorted(fields)}} for n in range(MIN_SAMPLE)]
    # "all optional": no `required` is what the words say, and nothing is reported at all.
    found = _fixes(tmp_path, calls, select="SL101", tool=tool).get(("SL101", "/properties/customer"))
    fix = None if found is None else found["fix"]
    required = set() if fix is None else set(fix["description"].split(" (")[0].removeprefix("require ").split(", "))
    assert required == fields - let_go


@pytest.mark.parametrize("sent, safety", [(lambda n: ["a"] * (n % 3 + 1), "unsafe"),
                                          (lambda n: "a" if n == 7 else ["a"], "suggestion")])
def test_a_union_is_narrowed_to_its_array_form_only_where_every_call_sent_an_array(tmp_path, sent, safety):
    field = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    finding = _finding(tmp_path, [{"value": sent(n)} for n in range(MIN_SAMPLE)],
                       {"type": "object", "properties": {"value": field}}, "SL202")
    assert finding["fix"]["safety"] == safety
    assert (f"{MIN_SAMPLE} recorded calls, each an array" in finding["fix"]["description"]) is (safety == "unsafe")


@pytest.mark.parametrize("description, safety", [
    (None, "unsafe"), ("The customer's email address.", "unsafe"), ("Results per page", "unsafe"),
    ("Cc recipients, if any.", "suggestion"), ("Notes for the courier. Most pickups need none.", "suggestion"),
    ("Middle name (where applicable).", "suggestion"), ("Attachment IDs when the reply has attachments", "suggestion"),
])
def test_calls_are_evidence_of_every_call_only_for_a_field_its_words_only_name(tmp_path, description, safety):
    """Every call sent `cc`, whose words say "if any": a model sends what it is shown, and the
    next call without recipients to copy was refused."""
    field = {"type": "string"} if description is None else {"type": "string", "description": description}
    tool = {**TOOL, "inputSchema": {"type": "object", "properties": {"to": {"type": "string"}, "cc": field}}}
    calls = [{"to": f"t{n}", "cc": f"c{n}"} for n in range(MIN_SAMPLE)]
    found = _fixes(tmp_path, calls, select="SL101,SL301", tool=tool)
    required = found[("SL101", "")]["fix"]
    assert required["safety"] == "unsafe"
    assert required["description"].split(" (")[0] == ("require to, cc" if safety == "unsafe" else "require to")
    assert found[("SL301", "/properties/cc")]["fix"]["safety"] == safety


@pytest.mark.parametrize("tool_description, safety", [
    ("Insert a record into a table. The arguments are the record's columns.", "suggestion"),
    ("Render a template. Supply its variables as top-level arguments.", "suggestion"),
    ("Create a ticket. Additional properties are not allowed.", "unsafe"),
    ("Create a ticket.", "unsafe"),
])
def test_arguments_are_closed_from_the_calls_only_where_the_tool_s_words_do_not_speak_of_them(
        tmp_path, tool_description, safety):
    found = _fixes(tmp_path, _calls(MIN_SAMPLE), select="SL201", tool={**TOOL, "description": tool_description})
    assert found[("SL201", "")]["fix"]["safety"] == safety


def test_items_whose_array_s_words_take_other_keys_are_not_closed_from_the_calls(tmp_path):
    tool = {**TOOL, "inputSchema": {"type": "object", "properties": {"lines": {
        "type": "array", "description": "Lines. Any extra keys on a line are copied into its metadata.",
        "items": {"type": "object", "description": "Line.", "properties": {"sku": {"type": "string"}}}}}}}
    found = _fixes(tmp_path, [{"lines": [{"sku": str(n)}]} for n in range(MIN_SAMPLE)], select="SL201", tool=tool)
    assert found[("SL201", "/properties/lines/items")]["fix"]["safety"] == "suggestion"


def test_a_field_a_sibling_stands_in_for_is_not_required_from_the_calls(tmp_path):
    """"… may pass it here instead of user_id.": the full stop had been read into the name."""
    tool = {**TOOL, "inputSchema": {"type": "object", "properties": {
        "user_id": {"type": "string", "description": "The user's ID."},
        "email": {"type": "string", "description": "Callers that only know the email may pass it instead of user_id."},
        "message": {"type": "string"}}}}
    found = _fixes(tmp_path, [{"user_id": f"U{n}", "message": "hi"} for n in range(MIN_SAMPLE)], select="SL101",
                   tool=tool)
    assert found[("SL101", "")]["fix"]["description"].startswith("require message (")
