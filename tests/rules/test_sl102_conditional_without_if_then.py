"""SL102 conditional-without-if-then: failing and passing examples, the fix, the laws it
keeps, and its precision and recall on the labelled set from the shared corpus."""

from __future__ import annotations

import copy
import time
import json

import jsonschema
import pytest
from conftest import CREATE_TICKET, FIXTURES, bench_module
from hypothesis import example, given
from hypothesis import strategies as st
from lintkit import lint_document, lint_tool, obj

from schema_lint.schema.operations import apply_operations
from schema_lint.model import FixSafety, Operation, Severity

PIPELINES = {  # Azure DevOps' action-multiplexed shape.
    "type": "object",
    "properties": {
        "action": {"type": "string", "enum": ["run_pipeline", "create_pipeline", "rename_pipeline"]},
        "project": {"type": "string"},
        "pipelineId": {"type": "number",
                       "description": "ID of the pipeline. Required for: run_pipeline, rename_pipeline."},
        "name": {"type": "string", "description": "Pipeline name. Required for: create_pipeline, rename_pipeline."},
        "yamlPath": {"type": "string", "description": "Path to the YAML file. Required for: create_pipeline."},
        "folder": {"type": "string", "description": "Folder for the new pipeline. Used for: create_pipeline."},
    },
    "required": ["action", "project"],
}
TABS = {  # Playwright's browser_tabs.
    "type": "object",
    "properties": {
        "action": {"type": "string", "enum": ["list", "new", "close", "select"], "description": "Operation to perform"},
        "index": {"type": "number",
                  "description": "Tab index, used for close/select. If omitted for close, current tab is closed."},
    },
    "required": ["action"],
}
REFUND = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string"},
        "reason": {"type": "string", "enum": ["damaged", "not_received", "partial", "other"]},
        "amount_cents": {
            "anyOf": [{"type": "integer"}, {"type": "null"}],
            "description": "Amount to refund in cents. Required when reason is\n'partial'; ignored otherwise.",
        },
    },
    "required": ["order_id", "reason"],
}


def conditions(found) -> list[tuple[str, str]]:
    return [(d.pointer.rsplit("/", 1)[1], d.message.split(" is needed only when ", 1)[1].split(" (", 1)[0])
            for d in found]


def fixed(document: dict, diagnostic) -> dict:
    return apply_operations(document, diagnostic.fix.operations)


def test_design_example_recipient_is_needed_for_the_email_channel():
    (found,) = lint_tool(CREATE_TICKET, "SL102", name="send_notification")
    assert found.pointer == "/inputSchema/properties/recipient"
    assert "`channel` is \"email\"" in found.message and "its format is that value" in found.message
    assert found.severity is Severity.WARNING
    assert found.fix.safety is FixSafety.UNSAFE
    assert [(op.op, op.path, op.value) for op in found.fix.operations] == [("add", "/inputSchema/allOf", [
        {"if": {"properties": {"channel": {"const": "email"}}, "required": ["channel"]},
         "then": {"required": ["recipient"]}}])]


@pytest.mark.parametrize(("name", "description"), [
    ("cc", "Extra address to copy."), ("bcc", None), ("reply_to", None), ("from_address", None),
    ("address", "An additional address that also gets the ticket."), ("backup_email", None),
    ("notify", "Sender address shown on the message."),
])
def test_a_copy_sender_or_spare_address_is_not_needed_because_the_channel_is_its_kind(name, description):
    """The channel's address may be on file: that a `cc` is an email says nothing of whether it
    is needed, and requiring it broke every call that sent no copy."""
    member = {"type": "string", "format": "email", **({"description": description} if description else {})}
    schema = json.loads(json.dumps(CREATE_TICKET))
    schema["properties"][name] = schema["properties"].pop("recipient") | member
    assert lint_tool(schema, "SL102", name="send_notification") == []


def test_action_multiplexed_tool_gets_one_branch_per_condition_and_shared_required():
    found = lint_tool(PIPELINES, "SL102", name="pipelines_write")
    assert conditions(found) == [
        ("pipelineId", '`action` is one of "run_pipeline", "rename_pipeline"'),
        ("name", '`action` is one of "create_pipeline", "rename_pipeline"'),
        ("yamlPath", '`action` is "create_pipeline"'),
    ]
    assert [d.fix is not None for d in found] == [True, False, False]
    (operation,) = found[0].fix.operations
    assert operation.value == [
        {"if": {"properties": {"action": {"enum": ["run_pipeline", "rename_pipeline"]}}, "required": ["action"]},
         "then": {"required": ["pipelineId"]}},
        {"if": {"properties": {"action": {"enum": ["create_pipeline", "rename_pipeline"]}}, "required": ["action"]},
         "then": {"required": ["name"]}},
        {"if": {"properties": {"action": {"const": "create_pipeline"}}, "required": ["action"]},
         "then": {"required": ["yamlPath"]}},
    ]


def test_fields_with_the_same_condition_share_a_branch_and_an_existing_allof_is_extended():
    schema = copy.deepcopy(PIPELINES)
    schema["properties"]["yamlPath"]["description"] = "Required for: create_pipeline, rename_pipeline."
    schema["allOf"] = [{"required": ["project"]}]
    first = lint_tool(schema, "SL102")[0]
    assert [(op.op, op.path) for op in first.fix.operations] == [("add", "/inputSchema/allOf/-")] * 2
    assert first.fix.operations[1].value["then"] == {"required": ["name", "yamlPath"]}


def test_playwright_browser_tabs_needs_an_index_to_select_a_tab():
    (found,) = lint_tool(TABS, "SL102", name="browser_tabs")
    assert conditions([found]) == [("index", '`action` is "select"')]


def test_gitlab_line_position_needs_the_line_of_its_type():
    schema = {"type": "object", "properties": {
        "type": {"anyOf": [{"type": "string", "enum": ["new", "old", "expanded"]}, {"type": "null"}]},
        "old_line": {"type": ["number", "null"],
                     "description": "Line number in original file. REQUIRED when type='old', NULL when type='new'."},
        "new_line": {"type": ["number", "null"],
                     "description": "Line number in modified file. REQUIRED when type='new', NULL when type='old'."},
    }}
    assert conditions(lint_tool(schema, "SL102")) == [("old_line", '`type` is "old"'), ("new_line", '`type` is "new"')]


def test_unless_takes_the_other_values_and_a_default_among_them_drops_required_from_if():
    schema = {"type": "object", "properties": {
        "mode": {"type": "string", "enum": ["heat", "cool", "off"], "default": "heat"},
        "target_c": {"type": "number", "description": "Target temperature; required unless mode is 'off'."},
    }}
    (found,) = lint_tool(schema, "SL102")
    assert conditions([found]) == [("target_c", '`mode` is one of "heat", "cool"')]
    assert found.fix.operations[0].value[0]["if"] == {"properties": {"mode": {"enum": ["heat", "cool"]}}}


def test_a_flag_that_requires_a_companion_in_its_own_description():
    schema = {"type": "object", "properties": {
        "bypassPolicy": {"type": "boolean", "description": "Bypass branch policies. Requires bypassReason when true."},
        "bypassReason": {"type": "string", "description": "Reason for bypassing branch policies."},
    }}
    assert conditions(lint_tool(schema, "SL102")) == [("bypassReason", "`bypassPolicy` is true")]


def test_docstring_args_in_the_tool_description_count_as_the_fields_prose():
    schema = copy.deepcopy(REFUND)
    del schema["properties"]["amount_cents"]["description"]
    description = ("Refund an order.\n\nArgs:\n    order_id: Order identifier.\n    amount_cents: Amount in cents. "
                   "Required when reason is\n        'partial'; ignored otherwise.\n")
    (found,) = lint_tool(schema, "SL102", description=description)
    assert "the tool description says so" in found.message


@pytest.mark.parametrize("description", [
    "Required for all actions.",  # every value, in words: not a condition
    "Used for: run_pipeline.",  # used, not needed
    "Required for most pipelines.",  # no value named
    "Not required for run_pipeline.",  # negated
    "Required for: run_pipeline and _legacy.",  # half a list is no evidence
])
def test_prose_that_states_no_condition_is_quiet(description):
    schema = copy.deepcopy(PIPELINES)
    schema["properties"] = {k: schema["properties"][k] for k in ("action", "project")}
    schema["properties"]["extra"] = {"type": "string", "description": description}
    assert lint_tool(schema, "SL102") == []


def test_a_field_needed_for_every_value_of_a_required_discriminator_is_required():
    """mcp-server-kubernetes' `nodeName`, "required for cordon, drain, uncordon", the three
    operations there are: every call needs it, and the schema says no call does."""
    schema = copy.deepcopy(PIPELINES)
    schema["properties"]["extra"] = {"type": "string",
                                     "description": "Required for: run_pipeline, create_pipeline, rename_pipeline."}
    (found,) = [f for f in lint_tool(schema, "SL102") if "`extra`" in f.message]
    assert found.message.endswith("which every call sends, but it is not in `required`: add it to `required`")
    assert found.fix.safety is FixSafety.UNSAFE
    assert found.fix.operations == (Operation("add", "/inputSchema/required/-", "extra"),)


def test_a_field_needed_for_every_value_of_an_optional_discriminator_is_left_alone():
    """A call may leave `action` out, and the words say nothing of such a call."""
    schema = copy.deepcopy(PIPELINES)
    schema["required"] = ["project"]
    schema["properties"] = {k: schema["properties"][k] for k in ("action", "project")}
    schema["properties"]["extra"] = {"type": "string",
                                     "description": "Required for: run_pipeline, create_pipeline, rename_pipeline."}
    assert lint_tool(schema, "SL102") == []


def test_everyday_words_as_values_need_quotes():
    schema = {"type": "object", "properties": {
        "scope": {"type": "string", "enum": ["all", "mine"]},
        "owner": {"type": "string", "description": "Required for all scopes but mine."},
        "team": {"type": "string", "description": "Required for 'all'."},
    }}
    assert conditions(lint_tool(schema, "SL102")) == [("team", '`scope` is "all"')]


@pytest.mark.parametrize("stated", [
    {"allOf": [{"if": {"properties": {"reason": {"const": "partial"}}}, "then": {"required": ["amount_cents"]}}]},
    {"dependentRequired": {"reason": ["amount_cents"]}},
    {"oneOf": [{"properties": {"reason": {"const": "partial"}}, "required": ["amount_cents"]},
               {"properties": {"reason": {"enum": ["damaged", "not_received", "other"]}}}]},
])
def test_a_condition_the_schema_already_states_is_not_reported(stated):
    assert lint_tool({**REFUND, **stated}, "SL102") == []
    assert lint_tool(REFUND, "SL102") != []


def test_weak_signals_alone_or_against_a_default_stay_quiet():
    schema = {"type": "object", "properties": {
        "sort_by": {"type": "string", "enum": ["date", "relevance"], "default": "date"},
        "date_range": {"type": "string", "description": "The 'date' range to search."},
        "color_type": {"type": "string", "enum": ["color", "gray"]},
        "dominant_color": {"type": "string", "description": "Images with a specific dominant color."},
        "kind": {"type": "string", "enum": ["text", "binary"]},
        "text_mode": {"type": "boolean", "description": "Only for 'text'."},
    }}
    assert lint_tool(schema, "SL102") == []


def test_read_tools_get_info():
    (found,) = lint_tool(REFUND, "SL102", name="lookup_refund", annotations={"readOnlyHint": True})
    assert found.severity is Severity.INFO


def test_openai_strict_gets_no_if_then_advice_and_counts_nullable_required_as_optional():
    schema = {**copy.deepcopy(REFUND), "additionalProperties": False,
              "required": ["order_id", "reason", "amount_cents"]}
    tool = {"type": "function", "name": "refund_order", "description": "Refund.", "parameters": schema, "strict": True}
    (found,) = lint_document(json.dumps(tool), code="SL102")
    assert found.fix is None
    assert "openai-strict refuses `if`/`then`" in found.message and "at the boundary" in found.message


def test_gemini_declarations_get_no_if_then_advice():
    schema = {"type": "OBJECT", "properties": {
        "reason": {"type": "STRING", "enum": ["damaged", "partial"]},
        "amount_cents": {"type": "INTEGER", "description": "Required when reason is 'partial'."}}}
    document = {"functionDeclarations": [{"name": "refund_order", "description": "Refund.", "parameters": schema}]}
    (found,) = lint_document(json.dumps(document), code="SL102")
    assert found.fix is None and "gemini refuses" in found.message


def test_draft_04_gets_the_implication_without_if():
    schema = {"$schema": "http://json-schema.org/draft-04/schema#", **REFUND}
    (found,) = lint_tool(schema, "SL102")
    (operation,) = found.fix.operations
    assert operation.value == [{"anyOf": [
        {"not": {"properties": {"reason": {"enum": ["partial"]}}, "required": ["reason"]}},
        {"required": ["amount_cents"]}]}]
    assert "this draft has no `if`" in found.message


# --- laws -------------------------------------------------------------------------

_VALUE = st.from_regex(r"[a-z]{2,6}_[a-z]{2,6}", fullmatch=True)


@given(values=st.lists(_VALUE, min_size=2, max_size=6, unique=True), data=st.data())
def test_a_stated_condition_is_reported_exactly_and_its_fix_tightens_only_that_case(values, data):
    needed = data.draw(st.lists(st.sampled_from(values), min_size=1, max_size=len(values) - 1, unique=True))
    listed = ", ".join(needed[:-1]) + (" and " if len(needed) > 1 else "") + needed[-1]
    schema = {"type": "object", "properties": {
        "op": {"type": "string", "enum": values},
        "target": {"type": "string", "description": f"What to act on. Required for: {listed}."}},
        "required": ["op"]}
    (found,) = lint_tool(schema, "SL102")
    ordered = [v for v in values if v in needed]
    assert found.message.split(" is needed only when ", 1)[1].startswith(
        "`op` is " + (json.dumps(ordered[0]) if len(ordered) == 1 else "one of " + ", ".join(map(json.dumps, ordered))))
    tool = {"name": "create_ticket", "description": "A tool.", "inputSchema": schema}
    after = fixed(tool, found)["inputSchema"]
    assert lint_document(json.dumps({**tool, "inputSchema": after}), code="SL102") == []
    for value in values:
        bare, full = {"op": value}, {"op": value, "target": "x"}
        assert jsonschema.Draft202012Validator(schema).is_valid(bare)
        assert jsonschema.Draft202012Validator(after).is_valid(bare) is (value not in needed)
        assert jsonschema.Draft202012Validator(after).is_valid(full)


_PROSE_WORDS = ["required", "for", "when", "if", "used", "only", "the", "and", "or", "is", "needed", "unless",
                "mandatory", "optional", "omit", "=", ":", ",", "(", ")", "'", "action", "mode", "type", "true"]


@given(words=st.lists(st.sampled_from(_PROSE_WORDS) | _VALUE, max_size=25), values=st.lists(
    _VALUE, min_size=2, max_size=4, unique=True))
def test_prose_that_names_no_value_is_never_evidence(words, values):
    description = " ".join(w for w in words if w not in values)
    schema = {"type": "object", "properties": {
        "mode": {"type": "string", "enum": values}, "target": {"type": "string", "description": description}}}
    assert lint_tool(schema, "SL102") == []


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                         st.sampled_from(["type", "enum", "description", "default", "required", "properties",
                                          "anyOf", "$ref", "allOf", "if", "const", "format"]), inner, max_size=4),
                     max_leaves=20)


@given(properties=st.dictionaries(st.sampled_from(["mode", "kind", "target", "value"]), _JSON, max_size=4),
       extra=st.dictionaries(st.sampled_from(["required", "allOf", "description", "dependentRequired"]), _JSON))
def test_malformed_objects_never_crash_the_rule(properties, extra):
    lint_tool({"type": "object", "properties": properties, **extra}, "SL102")


# --- the labelled set ---------------------------------------------------------------

def _evaluation_module():
    module = bench_module("sl102_eval")
    return module


def test_labelled_set_precision_and_recall():
    evaluation = _evaluation_module()
    cases = evaluation.load_cases(FIXTURES / "sl102_labelled.jsonl")
    assert len(cases) >= 60
    assert sum(1 for c in cases if c["expected"]) >= 30 and sum(1 for c in cases if not c["expected"]) >= 30
    result = evaluation.evaluate(cases)
    assert result.precision >= 0.9, result.false_positives
    assert result.recall >= 0.8, result.false_negatives
    assert len(result.flagged_negatives) <= 2, result.flagged_negatives


def test_over_the_corpus_every_fix_settles_what_it_was_for(corpus):
    """Applying SL102's fixes to every published tool leaves SL102 nothing to report there."""
    from schema_lint.profiles import implied_profiles
    from schema_lint.rule import ToolContext
    from schema_lint.rules.sl102_conditional_without_if_then import check
    from schema_lint.sources.tools import find_tools

    def findings(data, name):
        return [finding for tool in find_tools(data, name)
                for finding in check(ToolContext(tool, data, profiles=frozenset(implied_profiles(tool))))]

    fixed_tools = 0
    for line in (corpus / "tools.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        fixes = [f.fix for f in findings(record["tool"], record["name"]) if f.fix is not None]
        if fixes:
            data = record["tool"]
            for fix in fixes:
                data = apply_operations(data, fix.operations)
            assert findings(data, record["name"]) == [], record["uid"]
            fixed_tools += 1
    assert fixed_tools > 0


# --- conditions on a boolean sibling ------------------------------------------------

def _flagged(description: str, **extra) -> dict:
    return {"type": "object", "required": ["text"], "properties": {
        "text": {"type": "string", "description": "Message text."},
        "schedule": {"type": "boolean", "description": "Post later instead of now."},
        "send_at": {"type": "string", "description": description, **extra}}}


@pytest.mark.parametrize(("description", "value"), [
    ("When schedule is true, the time at which to post.", True),
    ("The time at which to post, if schedule is set.", True),
    ("The time at which to post (only with schedule).", True),
    ("If `schedule` is false, the time the draft expires.", False),
])
def test_a_field_described_for_one_state_of_a_flag_is_conditional(description, value):
    (found,) = lint_tool(_flagged(description), "SL102")
    assert found.pointer.endswith("/properties/send_at")
    assert f"`schedule` is {'true' if value else 'false'}" in found.message


@pytest.mark.parametrize(("description", "fixed"), [
    # The verb's object is another thing: the action needs it, the sentence says the field is set then.
    ("With schedule=true, set send_at to a time to delay the post and require a review before it goes out.", False),
    ("When schedule is true, needs an admin token to post later.", False),
    ("When schedule is true, this requires a value.", False),
    ("Required when schedule is true.", True),
    ("When schedule is true, the API requires this field.", True),
])
def test_a_need_of_another_thing_is_no_need_of_the_field(description, fixed):
    (found,) = lint_tool(_flagged(description), "SL102")
    assert found.pointer.endswith("/properties/send_at") and "`schedule` is true" in found.message
    assert (found.fix is not None) == fixed


def _all_day(flag_description: str) -> dict:
    return {"type": "object", "properties": {
        "subject": {"type": "string", "description": "The subject line."},
        "all_day": {"type": "boolean", "description": flag_description},
        "start": {"type": "string", "description": "When the event starts."},
        "end": {"type": "string", "description": "When the event ends."}}}


@pytest.mark.parametrize(("description", "needed"), [
    # "must be set to" a value states the value; only "must be set", or set "to a …" thing, says it is sent.
    ("Whether the event lasts all day. If true, start and end must be set to midnight.", set()),
    ("Whether the event lasts all day. If true, start and end must be set.", {"start", "end"}),
    # After "a" or "an", a field's name is a common noun.
    ("Whether the event lasts all day. If true, you must provide an end date for the event.", set()),
    ("Whether the event lasts all day. If true, you must provide end.", {"end"}),
])
def test_a_flag_needs_the_fields_its_words_say_are_sent(description, needed):
    found = lint_tool(_all_day(description), "SL102")
    fixed_required = {name for finding in found if finding.fix is not None for operation in finding.fix.operations
                      for branch in operation.value if isinstance(branch, dict)
                      for name in branch.get("then", {}).get("required", [])}
    assert fixed_required == needed


@pytest.mark.parametrize(("description", "extra"), [
    ("The time at which to post; ignored when schedule is false.", {}),
    ("The time at which to post (only valid with schedule).", {}),
    ("When schedule is true, the time at which to post.", {"default": "09:00"}),
    ("Optional. When schedule is true, the time at which to post.", {}),
    ("When schedule is not set, the message is sent now.", {}),
])
def test_exempted_allowed_defaulted_optional_or_negated_flag_prose_is_no_evidence(description, extra):
    assert lint_tool(_flagged(description, **extra), "SL102") == []


@pytest.mark.parametrize("description", [
    "Required when reason is 'partial' (in cents).",
    "Required when `reason` is \"partial\" (the rest is refunded in full).",
    "Required when reason is 'partial' or 'other'.",
    "Amount to refund. Required when reason\nis 'partial' or\n'other'.",
])
def test_sl102_reads_a_condition_past_a_note_a_line_break_or_a_second_value(description):
    schema = {"type": "object", "required": ["reason"], "properties": {
        "reason": {"type": "string", "enum": ["full", "partial", "other"]},
        "amount_cents": {"type": "integer", "description": description}}}
    (found,) = lint_tool(schema, "SL102")
    assert "`reason` is" in found.message and '"partial"' in found.message
    assert found.fix.evidence.kind == "schema-words"



_TYPE_NAMES = st.sampled_from(["boolean", "bool", "BOOLEAN", "Boolean", "string", "null", "integer"])
_PROPERTY_SCHEMAS = st.dictionaries(
    st.sampled_from(["type", "enum", "const", "description", "default", "anyOf", "oneOf", "$ref", "nullable"]),
    _TYPE_NAMES | st.lists(_TYPE_NAMES, max_size=3) | st.lists(st.none() | st.booleans() | st.text(max_size=3),
                                                               max_size=3) | st.just({"enum": ["a", "b"]}),
    max_size=3)


@given(_PROPERTY_SCHEMAS | _JSON)
@example({"type": "boolean"})
@example({"type": ["null", "bool"]})
@example({"const": "a", "anyOf": [{"const": "b"}]})
@example({"$ref": "#/$defs/mode"})
def test_a_property_the_prescreen_passes_over_is_no_discriminator(schema):
    """`may_discriminate` lets SL102 skip an object's fields: it must never pass over a
    property that `_discriminator` would take for a discriminator."""
    from schema_lint.prose.conditionals import _discriminator, _Sibling, may_discriminate

    if not may_discriminate(schema):
        assert _discriminator(_Sibling("mode", (schema,) if isinstance(schema, dict) else ())) is None


@given(_PROPERTY_SCHEMAS | _JSON)
@example({"type": "boolean"})
@example({"type": ["null", "Bool"]})
@example({"enum": ["a", "b"]})
@example({"$ref": "#/$defs/mode"})
def test_a_walked_property_may_discriminate_as_its_schema_may(schema):
    """`conditional_objects` picks the objects to read by `_may_discriminate_node`, which reads
    a property's boolean from the types the walk stored: it must answer as `may_discriminate`."""
    from schema_lint.prose.conditionals import _may_discriminate_node, may_discriminate
    from schema_lint.schema.walk import SchemaNode

    node = SchemaNode(schema, "/properties/mode", keyword="properties", name="mode")
    assert _may_discriminate_node(node) == may_discriminate(schema)


def _discriminators():
    from schema_lint.prose.conditional_prose import Discriminator

    return [Discriminator("mode", ("fast", "slow", "off")), Discriminator("isRevision", (True, False), boolean=True),
            Discriminator("position_type", ("image", "text")), Discriminator("dryRun", (True, False), boolean=True),
            Discriminator("speed", ("express lane", "local road"))]


_PROSE = st.lists(st.sampled_from([
    "when", "if", "unless", "for", "with", "only", "used", "required", "Required", "optional", "not", "is", "set", "to",
    "=", "'fast'", "slow", "off", "true", "false", "image", "mode", "Mode", "MODE", "is_revision", "IsRevision",
    "isRevision", "position_type", "positionType", "dry_run", "dryRun", "(Git types)", ":", ".", ",", "\n", "the",
    "value", "of", "needed", "omit", "e.g.", "mode=", "type='image'", "modé"]), max_size=14).map(" ".join)


@given(_PROSE)
@example("Required when mode is 'fast'.")
@example("When is_revision is true, the tag: required for slow")
@example("fast, slow: treat consecutive delimiters as one")
@example("The time at which the draft is posted, once dryRun is true.")
@example("Required for: sl(the default)ow.")  # a token that only dropping the parenthesis makes
@example("Required for: express\nlane.")  # a value that only joining the spaces spells
def test_the_prose_prescreens_change_no_reading(text):
    """`_maybe_named` and `_may_state_clauses` skip patterns that cannot match: with them
    answering "maybe" to everything, every reading is the same."""
    from schema_lint.prose import conditional_prose as prose

    def readings():
        prose.sentences.cache_clear()
        ds = _discriminators()
        mentioned = [prose.mentioned_requirements(text, field, ds, own)
                     for field in ("tag", "mode") for own in (None, ds[0])]
        return prose.field_clauses(text, ds), prose.flag_conditions(text, ds), prose._conditions(text, ds), mentioned

    fast = readings()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(prose, "_maybe_named", lambda text, ds: list(ds))
        patch.setattr(prose, "_may_state_clauses", lambda text, ds: True)
        assert readings() == fast


def test_over_the_corpus_the_prescreens_change_no_finding(corpus):
    """The prose pre-screens, and `may_discriminate`, answering "maybe" to everything: SL102
    finds the same, word for word, on every published tool."""
    from schema_lint.profiles import implied_profiles
    from schema_lint.prose import conditional_prose as prose
    from schema_lint.prose import conditionals
    from schema_lint.rule import ToolContext
    from schema_lint.rules.sl102_conditional_without_if_then import check
    from schema_lint.sources.tools import find_tools

    records = [json.loads(line) for line in (corpus / "tools.jsonl").read_text(encoding="utf-8").splitlines()]

    def findings():
        return [(record["uid"], finding) for record in records for tool in find_tools(record["tool"], record["name"])
                for finding in check(ToolContext(tool, record["tool"], profiles=frozenset(implied_profiles(tool))))]

    fast = findings()
    assert fast
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(prose, "_maybe_named", lambda text, ds: list(ds))
        patch.setattr(prose, "_may_state_clauses", lambda text, ds: True)
        patch.setattr(conditionals, "may_discriminate", lambda schema: True)
        patch.setattr(conditionals, "_may_discriminate_node", lambda node: True)
        patch.setattr(prose, "_spellings", lambda values: _EVERY_WORD)
        patch.setattr(conditionals, "_words_of_values", lambda values: _EVERY_WORD)
        patch.setattr(conditionals, "_may_share_a_word", lambda values, name_words: True)
        assert findings() == fast


_ENUM_VALUES = st.lists(st.sampled_from(["a", "b", "A", ""]) | st.none() | st.booleans() | st.integers(0, 2)
                        | st.floats(0, 2, allow_nan=False) | st.lists(st.sampled_from(["a", 1]), max_size=2), max_size=6)


@given(_ENUM_VALUES, _ENUM_VALUES)
@example(["a"], ["b", "a", "b"])
@example([["a"]], ["a"])
def test_values_are_added_once_each_as_comparing_them_pairwise_would(bucket, values):
    """`_add` tells strings apart with a set: it must keep what comparing each value with
    each kept one (type and value) keeps, in the same order."""
    from schema_lint.prose.conditionals import _add

    expected = list(bucket)
    for value in values:
        if not any(type(value) is type(kept) and value == kept for kept in expected):
            expected.append(value)
    added = list(bucket)
    _add(added, values)
    assert [(type(v), v) for v in added] == [(type(v), v) for v in expected]


class _Everything(frozenset):
    """A screen's set that holds every word and meets every other set: it passes all."""

    def __contains__(self, item):
        return True

    def isdisjoint(self, other):
        return False


_EVERY_WORD = _Everything()
_VALUES = st.lists(st.sampled_from(["fast", "Fast", "FAST", "slow", "off", "url", "e-mail", "insert", "INSERT",
                                    "insertValues", "1", "x y", "modé", "MODÉ", "ǅ"]) | st.integers(-2, 2)
                   | st.floats(-2, 2, allow_nan=False) | st.booleans(), min_size=1, max_size=5).map(tuple)
_TOKENS = st.sampled_from(["fast", "FaSt", "slow", "off", "OFF", "url", "1", "1.0", "-1", "0.5", "True", "true",
                           "insert", "values", "x y", "modé", "ǆ", "ǅ", ""]) | st.text(max_size=4)


@given(_VALUES, _TOKENS, st.booleans())
@example(("Fast", "fast"), "FAST", False)
@example((1, 1.5), "1.5", False)
def test_a_discriminator_matches_the_same_tokens_without_its_spellings_screen(values, token, quoted):
    """`_spellings` lets `Discriminator.match` turn a token down at once: it must hold the
    spelling of every token that `match` takes."""
    from schema_lint.prose import conditional_prose as prose

    discriminator = prose.Discriminator("mode", values)
    screened = discriminator.match(token, quoted)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(prose, "_spellings", lambda values: _EVERY_WORD)
        assert discriminator.match(token, quoted) == screened


def test_equal_values_of_other_types_are_spelled_apart():
    """1, 1.0 and True are equal as tuple members, so a cache keyed by the values alone would
    hand one enum's spellings to the other: 1.0 must still match "1.0" after 1 was read."""
    from schema_lint.prose import conditional_prose as prose

    assert prose.Discriminator("n", (1, 2)).match("1", False) == (True, 1)
    assert prose.Discriminator("n", (1.0, 2.0)).match("1.0", False) == (True, 1.0)
    assert prose.Discriminator("n", (True, 2)).match("1", False) == (False, None)


@given(st.sampled_from(["insert_values", "insertValues", "url", "recipient_email", "fastMode", "x", "ids", "a_b_c"]),
       _VALUES)
@example("insert_values", ("INSERT", "update"))
def test_a_name_shares_a_word_with_every_value_it_names(name, values):
    """`_words_of_values` lets the weak signals pass over a discriminator whose values share no
    word with the field's name: `_names_value` must then find none of them."""
    from schema_lint.prose.conditionals import _names_value, _words_of_values
    from schema_lint.prose.field_kinds import words

    name_words = set(words(name))
    if _words_of_values(values).isdisjoint(name_words):
        assert not any(_names_value(name_words, v) for v in values if isinstance(v, str))


@given(_VALUES, st.sampled_from(["insert_values", "insertValues", "url", "fast_mode", "x", "ids", "KEY", "a1b"])
       | st.text(max_size=8))
@example(("INSERT", "update"), "insert_values")
@example(("\u212aey",), "ey_name")  # the Kelvin sign lowers to an ASCII `k`
@example((1, "fast"), "fast")
def test_a_name_word_found_in_the_values_text_is_one_of_their_words(values, name):
    """`_may_share_a_word` looks for each of a name's words in the values' lowered text before
    their words are split out: it must answer as the words themselves do."""
    from schema_lint.prose.conditionals import _may_share_a_word, _words_of_values
    from schema_lint.prose.field_kinds import words

    name_words = set(words(name))
    assert _may_share_a_word(values, name_words) == (not _words_of_values(values).isdisjoint(name_words))


def _plain_words(alternatives) -> str:
    return r"\b(?:" + "|".join(alternatives) + r")\b"


def _word_spans(pattern: str, text: str) -> list[tuple[int, int]]:
    import re

    return [match.span() for match in re.finditer(pattern, text)]


@given(st.lists(st.text(alphabet="abn", min_size=1, max_size=3), min_size=1, max_size=6),
       st.text(alphabet="abn _-.", max_size=30))
@example(["used", "use", "unused"], "unused used usex use")
@example(["ab", "a", "ba"], "aba ab a_b")
def test_a_word_pattern_matches_where_its_plain_spelling_does(words, text):
    """`word_pattern` asks the word boundary after a match's first letter and tries each
    letter's alternatives together: it finds what `\\b(?:a|b|…)\\b` finds, span for span."""
    from schema_lint.prose.conditional_prose import word_pattern

    assert _word_spans(word_pattern(words), text) == _word_spans(_plain_words(words), text)


_WORD_PATTERN_TEXT = st.lists(st.sampled_from([
    "required", "requires", "require", "needed", "need", "necessary", "mandatory", "must", "also", "be", "provided",
    "provide", "optional", "optionally", "omit", "omitted", "ignored", "unused", "used", "use", "user", "null", "not",
    "left", "empty", "only", "applies", "applicable", "relevant", "valid", "available", "if", "when", "unset",
    "defaults", "to", "either", "instead", "of", "alternative", "filters", "filtering", "with", "together", "x", "un",
    "re", " ", "  ", "_", "-", ".", ",", "\n"]), max_size=12).map("".join)


@given(_WORD_PATTERN_TEXT)
@example("not required; must also be provided, optionally unused")
@example("reused. unusedfoo must be left empty")
def test_the_prose_word_patterns_match_where_their_plain_spellings_do(text):
    """Each word pattern SL102 reads prose with finds, in lower-cased text, what its plain
    spelling finds."""
    from schema_lint.prose import conditional_prose as prose
    from schema_lint.prose import conditionals

    spelled = {**{kind: words for kind, words in prose._KIND_SPELLINGS},
               "any": [word for _, words in prose._KIND_SPELLINGS for word in words],
               "needs field": prose._NEEDS_FIELD_WORDS, "optional": conditionals._OPTIONAL_WORDS}
    patterns = {**dict(prose._KIND_WORDS), "any": prose._ANY_KIND_WORD, "needs field": prose._NEEDS_FIELD_WORD,
                "optional": conditionals._OPTIONAL_PROSE}
    for name, pattern in patterns.items():
        plain = _plain_words(spelled[name])
        assert list(pattern.spans(text)) == _word_spans(plain, text), name
        assert pattern.occurs_in(text) == bool(_word_spans(plain, text)), name


# --- conditions the schema's `if` cannot carry ------------------------------------------

def _notify(description: str, channel_description: str = "Delivery channel.") -> dict:
    return {"type": "object", "required": ["channel"], "properties": {
        "channel": {"type": "string", "enum": ["email", "sms", "push"], "description": channel_description},
        "kind": {"type": "string", "enum": ["alert", "digest"]},
        "verbose": {"type": "boolean"},
        "phone": {"type": "string", "description": description}}}


@pytest.mark.parametrize("description", [
    "Phone number. Required when channel is sms, unless a default number is configured.",
    "Only required when channel is sms and priority is set.",
    "Required if channel is 'sms' except when the account has a default sender.",
    "Mandatory when channel is sms, provided that no template is given.",
    "If channel is sms and no default number is configured, this is required.",
    "Must be provided when channel is sms, but only for new contacts.",
    "Required when channel is 'sms', as long as notifications are enabled.",
    "Required when channel is sms and kind is alert.",
    "Required when channel is sms && verbose is true.",
    "Required when channel is sms, if the number is not on file.",
    "Required for sms unless a default number is configured.",
])
def test_sl102_offers_no_fix_where_the_words_add_a_condition_the_if_cannot_state(description):
    (found,) = lint_tool(_notify(description), "SL102")
    assert "`channel` is \"sms\"" in found.message and found.fix is None
    assert "no fix: the words set a further condition" in found.message


@pytest.mark.parametrize("description", [
    "Required when channel is sms but not when verbose is true.",
    "Required when channel is sms, unless verbose is true.",
    "Required when channel is sms unless verbose is set.",
])
def test_sl102_offers_no_fix_where_the_words_let_the_field_go_on_another_sibling(description):
    """An `if` on `channel` alone refused {"channel": "sms", "verbose": true}, which the words let
    leave the phone out; the finding about `verbose` said "no fix" and carried that fix too."""
    found = lint_tool(_notify(description), "SL102")
    assert found and all(each.fix is None for each in found)


@pytest.mark.parametrize("description", [
    "Required when channel is sms. Omit to use the default number.",
    "Required when channel is sms. If you leave it out, the account's number is used.",
    "Required when channel is sms; if not provided, falls back to the owner's number.",
    "Required when channel is sms; the account's number is used if left out.",
    "Required when channel is sms; we use the account's number when you don't send one.",
    "Required when channel is sms. If not provided, the message is sent to the account's number.",
    "Required when channel is sms. Without it, the SMS goes to the account's primary number.",
])
def test_sl102_offers_no_fix_where_the_words_say_what_leaving_it_out_gives(description):
    (found,) = lint_tool(_notify(description), "SL102")
    assert found.fix is None and "it has a default" in found.message


@pytest.mark.parametrize("description, said", [
    ("Required when channel is 'sms'; agents with a verified number may omit it.",
     "no fix: the words let it be left out on a condition"),
    ("Required when channel is 'sms' (in API versions before 2024-01 only).",
     'no fix: the words set a further condition ("API versions before 2024-01 only")'),
    ("Required when channel is 'sms' (in the v1 API).", 'no fix: the words set a further condition ("in the v1 API")'),
])
def test_sl102_offers_no_fix_where_some_calls_may_leave_the_field_out(description, said):
    """Each `if`/`then` refused a call the words allow: a trusted caller's, or one to a newer API."""
    (found,) = lint_tool(_notify(description), "SL102")
    assert found.fix is None and said in found.message


@pytest.mark.parametrize("description", ["Required when channel is sms. If not provided, the call fails.",
                                         "Required when channel is sms. If missing, the request is rejected."])
def test_sl102_still_fixes_where_leaving_it_out_is_refused(description):
    (found,) = lint_tool(_notify(description), "SL102")
    assert found.fix is not None


def test_sl102_format_or_name_readings_heed_words_that_let_the_field_go():
    """`recipient_email`'s format ties it to the email channel; its words let it go where a
    default address is configured, which an `if` on the channel cannot state."""
    def schema(description: str) -> dict:
        return {"type": "object", "required": ["channel"], "properties": {
            "channel": {"type": "string", "enum": ["email", "sms", "push"], "description": "Delivery channel."},
            "recipient_email": {"type": "string", "format": "email", "description": description}}}
    (found,) = lint_tool(schema("Recipient address."), "SL102")
    assert found.fix is not None
    (found,) = lint_tool(schema("Recipient address. Not required if a default address is configured."), "SL102")
    assert found.fix is None and "the words let it be left out" in found.message


def test_sl102_reads_a_further_condition_in_the_discriminators_own_words():
    schema = _notify("Phone number.", "Delivery channel. Requires phone when set to sms, unless a default is on file.")
    (found,) = lint_tool(schema, "SL102")
    assert found.fix is None and '("unless a default is on file")' in found.message


@pytest.mark.parametrize("description", [
    "Required when channel is 'sms'; ignored otherwise.",
    "Required when channel is sms and must be in E.164 format.",
    "Required when channel is sms and must be < 16 digits.",
    "Required when channel is sms and is ignored otherwise.",
    "Required when channel is sms, even if a default number is configured.",
    "Required if channel is 'sms' (if not, it is ignored).",
    "Phone and name are required when channel is sms.",
    "REQUIRED when channel='sms', NULL when channel='email'.",
    "Required when channel is sms or push.",
    "Required (in E.164) when channel is sms.",
    "Needs to be set when channel is sms.",
])
def test_sl102_still_fixes_a_condition_with_words_that_add_none(description):
    (found,) = lint_tool(_notify(description), "SL102")
    assert found.fix is not None and found.fix.safety is FixSafety.UNSAFE, found.message


@pytest.mark.parametrize("description", [
    "Max 25 items unless verbose is true.",
    "At most 100 digits when verbose is set.",
    "Defaults to the account number when verbose is false.",
    "Required, at most 15 digits when channel is sms.",
    "Mandatory; up to 15 digits if channel is sms.",
])
def test_sl102_takes_no_condition_on_a_bound_or_default_for_a_requirement(description):
    assert lint_tool(_notify(description), "SL102") == []


def test_sl102_offers_no_fix_where_a_flag_is_named_without_a_requirement_word():
    (found,) = lint_tool(_flagged("When schedule is true, the time at which to post."), "SL102")
    assert found.fix is None and "not that a call must send it" in found.message
    (required,) = lint_tool(_flagged("Required when schedule is true."), "SL102")
    assert required.fix is not None


def _records(enum: list[str], description: str) -> dict:
    return {"type": "object", "required": ["type"], "properties": {
        "type": {"type": "string", "enum": enum},
        "priority": {"type": "integer", "description": description}}}


@pytest.mark.parametrize(("description", "values"), [
    ("Required for MX, SRV and URI records; unused by other record types.", ["MX", "SRV", "URI"]),
    ("Required for 'MX' and 'SRV' entries.", ["MX", "SRV"]),
    ("Required for MX records.", ["MX"]),
    ("Required for MX or SRV.", ["MX", "SRV"]),
])
def test_sl102_reads_the_whole_list_of_values_a_requirement_names(description, values):
    (found,) = lint_tool(_records(["A", "MX", "SRV", "URI"], description), "SL102")
    (branch,) = found.fix.operations[0].value
    assert branch["if"]["properties"]["type"] == ({"const": values[0]} if len(values) == 1 else {"enum": values})


@pytest.mark.parametrize("description", [
    "Required for MX, SRV and URI records.",
    "Required for MX, SRV and 'URI' records.",
    "Required for MX, SRV and URI.",
])
def test_sl102_reads_no_list_that_names_a_value_the_enum_lacks(description):
    assert lint_tool(_records(["A", "MX", "SRV"], description), "SL102") == []


@pytest.mark.hostile
@pytest.mark.parametrize("words", ["only ", "required ", "optional "])
def test_sl102_reads_a_run_of_requirement_words_in_linear_time(words):
    """Each word was read with the rest of its sentence: 2,000 took 4 s, 40,000 hours."""
    started = time.thread_time()
    assert len(lint_tool(_notify("Required " + words * 40_000 + "when channel is sms."), "SL102")) <= 1
    assert time.thread_time() - started < 2


@pytest.mark.hostile
@pytest.mark.parametrize("clause", ["required when channel is sms ", "channel=sms "])
def test_sl102_reads_a_run_of_conditions_in_linear_time(clause):
    """Each condition's list of values was read to the end of the text: 3,000 conditions in
    one sentence took 13 s."""
    started = time.thread_time()
    lint_tool(_notify(clause * 3_000), "SL102")
    assert time.thread_time() - started < 2


@pytest.mark.parametrize("description", [
    "Required when channel is sms. Not required if a default number is configured.",
    "Required when channel is sms. If omitted, the account's default number is used.",
    "Required when channel is sms. Can be omitted when the contact has a number on file.",
    "Required when channel is sms. Optional if a default sender is set.",
])
def test_sl102_offers_no_fix_where_another_sentence_lets_the_field_go_on_a_condition_it_cannot_state(description):
    (found,) = lint_tool(_notify(description), "SL102")
    assert found.fix is None and "the words let it be left out" in found.message


@pytest.mark.parametrize("description", [
    "Required when channel is sms. Optional for email.",
    "Required when channel='sms', NULL when channel='email'.",
    "Required when channel is sms. Omit for push, or for email.",
    "Required when channel is sms. Ignored when channel is email.",
])
def test_sl102_still_fixes_where_another_sentence_lets_it_go_for_a_sibling_value(description):
    (found,) = lint_tool(_notify(description), "SL102")
    assert found.fix is not None, found.message


@pytest.mark.parametrize("phone, sibling", [
    # a default the tool uses when the field is left out
    ("Phone number. Required when channel is sms. Defaults to the account's number.", None),
    ({"description": "Phone number. Required when channel is sms.", "default": "+15550100"}, None),
    # a second condition, with a verb of its own
    ("Phone number. Required when channel is sms and the account uses two-factor login.", None),
    ("Phone number. Required when channel is sms and no default support number exists.", None),
    ("Phone number. Required when channel is sms, if not derivable from the contact.", None),
    # something else in its place: another field, or an alias a sibling names
    ("Phone number. Required when channel is sms (or pass contact_id instead).", None),
    ("Phone number. Either phone or contact_id is required when channel is sms.", None),
    ("Phone number. Required when channel is sms.", "Deprecated alias of phone; accepted in its place."),
])
def test_sl102_offers_no_fix_where_a_call_may_still_leave_the_field_out(phone, sibling):
    """Each fix refused a call the words allow: a default filled the field, a second condition
    did not hold, or the call sent the field's alternative or alias."""
    schema = {"type": "string", **(phone if isinstance(phone, dict) else {"description": phone})}
    properties = {"channel": {"type": "string", "enum": ["email", "sms", "push"], "description": "Delivery channel."},
                  "phone": schema, "contact_id": {"type": "string", "description": "The contact."}}
    if sibling:
        properties["mobile"] = {"type": "string", "description": sibling}
    found = lint_tool({"type": "object", "required": ["channel"], "properties": properties}, "SL102")
    assert all(f.fix is None for f in found)


def test_sl102_a_name_that_is_the_value_is_a_finding_without_a_fix():
    """"Only used when format is 'csv'" of `csv_delimiter` says when it is used, not that a call
    must send it: the fix refused `{"query": "x", "format": "csv"}`."""
    schema = {"type": "object", "required": ["query"], "properties": {
        "query": {"type": "string", "description": "The query."},
        "format": {"type": "string", "enum": ["json", "csv"], "description": "Output format."},
        "csv_delimiter": {"type": "string", "description": "Only used when format is 'csv'."}}}
    (found,) = lint_tool(schema, "SL102")
    assert found.fix is None and "none says a call must send it then" in found.message


def test_sl102_another_form_of_the_value_is_no_substitute_for_the_field():
    """"When using a name instead of a GUID" speaks of the value's form, not of a field sent in its place."""
    schema = {"type": "object", "required": ["action"], "properties": {
        "action": {"type": "string", "enum": ["get", "list"], "description": "The action to perform."},
        "repositoryId": {"type": "string", "description": "The ID or name of the repository. Required for get. "
                                                          "When using a name instead of a GUID, project must also be provided."},
        "project": {"type": "string", "description": "Project ID or name."}}}
    (found,) = lint_tool(schema, "SL102")
    assert found.fix is not None and found.fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("alternative", ["Alternatively, set interval_minutes.", "Or use interval_minutes.",
                                         "interval_minutes works as well."])
def test_a_field_the_words_offer_another_in_place_of_gets_no_required_fix(alternative):
    """'Required when type is cron' beside another field offered for it: a call may send either."""
    schema = obj(type={"type": "string", "enum": ["cron", "once"]}, interval_minutes={"type": "integer"},
                 cron={"type": "string", "description": f"Required when type is 'cron'. {alternative}"})
    schema["required"] = ["type"]
    (finding,) = lint_tool(schema, "SL102")
    assert finding.fix is None or finding.fix.safety is FixSafety.SUGGESTION
    (plain,) = lint_tool({**schema, "properties": {**schema["properties"], "cron": {
        "type": "string", "description": "Required when type is 'cron'."}}}, "SL102")
    assert plain.fix is not None and plain.fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("description", ["If type is 'cron', this is required \u2013 or give interval_minutes.",
                                         "If type is 'cron', this is required - or give interval_minutes."])
def test_an_alternative_after_a_dash_is_offered_in_place_of_the_field(description):
    """"If schedule is 'later', this is required – or give delay_minutes": the `if` refused the
    call that gave the delay instead."""
    schema = obj(type={"type": "string", "enum": ["cron", "once"]}, interval_minutes={"type": "integer"},
                 cron={"type": "string", "description": description})
    schema["required"] = ["type"]
    (finding,) = lint_tool(schema, "SL102")
    assert finding.fix is None or finding.fix.safety is FixSafety.SUGGESTION


def test_sl102_a_flag_that_switches_the_unit_is_no_condition_of_need():
    """"Delay in seconds (0-60); milliseconds if ms=true" was read as `delay` needed only when
    `ms` is true: a warning, failing the run, over a description of the unit."""
    schema = {"type": "object", "properties": {
        "delay": {"type": "integer", "description": "Delay in seconds (0-60); milliseconds if ms=true."},
        "ms": {"type": "boolean"}}}
    assert lint_tool(schema, "SL102") == []
    schema["properties"]["delay"]["description"] = "When ms is true, the delay to wait."
    assert len(lint_tool(schema, "SL102")) == 1


@pytest.mark.parametrize("tool_description", [
    "Send a notification. For sms, the account's default phone is used unless phone is given.",
    "Send a notification. If channel is sms and no phone is given, the contact's number is used.",
    "Send a notification. An sms needs phone or kind.",
])
def test_sl102_tool_words_that_speak_of_the_field_in_its_case_make_the_fix_a_suggestion(tool_description):
    """The tool's words name the field in its case with a fallback or another field beside it:
    what they say is how a call goes without it as often as not."""
    (found,) = lint_tool(_notify("Required when channel is sms."), "SL102", description=tool_description)
    assert found.fix is not None and found.fix.safety is FixSafety.SUGGESTION
    assert "the tool's words speak of it in that case" in found.fix.description
    (kept,) = lint_tool(_notify("Required when channel is sms."), "SL102", description="Send an sms with a phone.")
    assert kept.fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("channel_description", [
    "Delivery channel. For 'sms', pass phone or kind.",
    "Delivery channel. With sms, provide either `kind` or `phone`.",
    "Delivery channel. For sms, give phone, or kind.",
])
def test_sl102_the_discriminators_words_offering_another_field_make_the_fix_a_suggestion(channel_description):
    """"For 'sms', pass to or contact_id" in the channel's words: the `if` would refuse the call
    that sends the contact instead."""
    (found,) = lint_tool(_notify("Required when channel is sms.", channel_description), "SL102")
    assert found.fix is not None and found.fix.safety is FixSafety.SUGGESTION
    assert "the words of `channel` offer another field in that case" in found.fix.description


@pytest.mark.parametrize("channel_description", [
    "Delivery channel: email or sms (sms needs a phone), push for the app.",
    "Delivery channel. For email, pass kind or verbose.",  # another case
    "Delivery channel. For sms, the phone. Or kind.",  # not joined by "or"
    # Said of another value: "list (list pull requests in a repository or project), list_by_commits (…)".
    "Delivery channel. Options: push (to the app on the phone or kind given), sms (a text message), email.",
])
def test_sl102_the_discriminators_words_naming_fields_in_passing_keep_the_fix(channel_description):
    (found,) = lint_tool(_notify("Required when channel is sms.", channel_description), "SL102")
    assert found.fix is not None and found.fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("tool_description", [
    "Create or update a notification rule. On update (when id is given), every field is optional.",
    "Upsert a rule. All parameters are optional when an id is passed.",
])
def test_sl102_tool_words_that_make_every_field_optional_make_the_fix_a_suggestion(tool_description):
    (found,) = lint_tool(_notify("Required when channel is sms."), "SL102", description=tool_description)
    assert found.fix is not None and found.fix.safety is FixSafety.SUGGESTION
    assert "every field optional" in found.fix.description
    (kept,) = lint_tool(_notify("Required when channel is sms."), "SL102",
                        description="Create a rule. Every field is described below.")
    assert kept.fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("description", [
    "Required when channel is 'sms'; a default number is used when absent.",
    "Required when channel is sms. Org admins may leave it out.",
    "Required when channel is sms. Without it a number is picked from the contact.",
    "Required when channel is sms; inherited from the contact when one is linked.",
])
def test_sl102_a_fallback_in_the_fields_own_words_leaves_no_fix(description):
    (found,) = lint_tool(_notify(description), "SL102")
    assert found.fix is None


def test_a_flag_said_as_a_requirements_further_condition_is_no_finding_of_its_own():
    """"Required when type is MX, unless force is set": one condition, one finding."""
    schema = {"type": "object", "required": ["type"], "properties": {
        "type": {"type": "string", "enum": ["A", "MX", "TXT"]}, "force": {"type": "boolean"},
        "priority": {"type": "integer", "description": "Required when type is MX, unless force is set."}}}
    (found,) = lint_tool(schema, "SL102")
    assert "`type` is \"MX\"" in found.message and "unless force is set" in found.message
