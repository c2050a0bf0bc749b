"""SL101 missing-required: severity by side effects, a fix only with evidence, and the
openai-strict spelling of required."""

from __future__ import annotations

import time

import pytest
from lintkit import lint_document, lint_tool, obj
from rulekit import TIGHT, openai_tool

from schema_lint.model import FixSafety, Severity
from schema_lint.prose.field_prose import mentions_requirement, offers_unset_value, says_optional, says_required


def test_sl101_missing_required_is_an_error_on_write_and_a_warning_on_read():
    schema = {"type": "object", "properties": {"q": {"type": "string", "description": "Search text (required)."},
                                               "limit": {"type": "integer", "default": 5}}}
    (write,) = lint_tool(schema, "SL101", name="create_item")
    (read,) = lint_tool(schema, "SL101", name="search_items")
    assert (write.severity, read.severity) == (Severity.ERROR, Severity.WARNING)
    assert write.fix.operations[0].value == ["q"]
    assert lint_tool(TIGHT, "SL101") == []


@pytest.mark.parametrize("schema", [
    # nothing calls `q` required
    {"type": "object", "properties": {"q": {"type": "string", "description": "Search text."}}},
    # described as optional
    {"type": "object", "properties": {"q": {"type": "string", "description": "[Optional] Required filters."}}},
    # the object has a default: `{}` must stay valid
    {"type": "object", "default": {}, "properties": {"q": {"type": "string", "description": "Required."}}},
    # a partial update: only the fields that change are sent
    {"type": "object", "properties": {"updates": {"type": "object", "description": "The fields to be updated.",
                                                  "properties": {"title": {"type": "string", "description": "Required."}}}},
     "required": ["updates"]},
    # alternatives
    {"type": "object", "description": "Give issueId or issueUrl.", "properties": {
        "issueId": {"type": "string", "description": "Required."}, "issueUrl": {"type": "string"}}},
    # a branch refines the object it is composed with
    {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"],
     "anyOf": [{"properties": {"b": {"type": "string", "description": "Required."}}}]},
])
def test_sl101_has_no_fix_without_evidence(schema):
    # At most a suggestion, which no flag applies.
    assert all(d.fix is None or d.fix.safety is FixSafety.SUGGESTION for d in lint_tool(schema, "SL101", name="create_item"))


def test_sl101_quiet_when_every_property_has_a_default():
    """Nothing can be missing from a call when every property falls back to a default."""
    defaults = {"type": "object", "properties": {"limit": {"type": "integer", "default": 10},
                                                 "order": {"type": "string", "default": "asc"}}}
    assert lint_tool(defaults, "SL101", name="create_report") == []
    one_without = {**defaults, "properties": {**defaults["properties"], "q": {"type": "string"}}}
    assert [d.pointer for d in lint_tool(one_without, "SL101", name="create_report")] == ["/inputSchema"]


def test_sl101_empty_required_is_intent_on_every_tool():
    # A search its server sends as a POST (not read-only) needs nothing: `required: []` says so.
    schema = {**TIGHT, "required": []}
    assert lint_tool(schema, "SL101", name="list_items") == []
    assert lint_tool(schema, "SL101", name="post_search", annotations={"readOnlyHint": False}) == []


def test_sl101_under_openai_strict_suggests_required_and_nullable_not_a_partial_required():
    schema = {"type": "object", "additionalProperties": False,
              "properties": {"q": {"type": "string", "description": "Required."},
                             "limit": {"type": "integer", "default": 5}}}
    (plain,) = lint_document(openai_tool(schema, strict=False), "t.json", "SL101")
    (strict,) = lint_document(openai_tool(schema), "t.json", "SL101")
    assert [op.value for op in plain.fix.operations] == [["q"]]
    operations = {op.path.removeprefix("/function/parameters"): op.value for op in strict.fix.operations}
    assert operations["/required"] == ["q", "limit"] and operations["/properties/limit/type"] == ["integer", "null"]


def test_sl101_an_object_whose_every_property_says_it_is_optional_is_left_alone():
    # A listing's filters, each "Optional" or defaulted or nullable: nothing can be missing.
    schema = obj(search={"type": "string", "description": "Optional search text."},
                 first={"type": "integer", "default": 20},
                 after={"type": ["string", "null"], "description": "Cursor for the next page."})
    assert lint_tool(schema, "SL101", name="create_resource") == []
    schema["properties"]["project"] = {"type": "string", "description": "The project."}
    assert [d.pointer for d in lint_tool(schema, "SL101", name="create_resource")] == ["/inputSchema"]


def test_sl101_speaks_of_a_write_tools_arguments_not_of_a_lookups_or_a_nested_objects_parts():
    # A listing's filters and a margin's four sides are optional as often as not.
    schema = obj(project={"type": "string"}, margin=obj(top={"type": "string"}, bottom={"type": "string"}))
    assert lint_tool(schema, "SL101", name="list_teams") == []
    assert [d.pointer for d in lint_tool(schema, "SL101", name="create_team")] == ["/inputSchema"]
    schema["properties"]["project"]["description"] = "The project. Required."
    assert [d.pointer for d in lint_tool(schema, "SL101", name="list_teams")] == ["/inputSchema"]


def test_sl101_suggests_requiring_what_nothing_makes_optional():
    schema = {"type": "object", "properties": {"title": {"type": "string", "description": "The title."},
                                               "note": {"type": "string", "description": "Optional note."}}}
    (found,) = lint_tool(schema, "SL101", name="create_note")
    assert found.fix.safety is FixSafety.SUGGESTION and found.fix.operations[0].value == ["title"]
    schema["properties"]["title"]["default"] = "x"
    assert lint_tool(schema, "SL101", name="create_note") == []  # every property may be left out


# Siblings the requirements below may name.
_SIBLINGS = {name: {"type": "string"} for name in
             ("kind", "template_id", "account_id", "account_email", "tags", "group_id", "mode", "dynamic")}


def _required_by_fix(target_description: str, tool_description: str = "A tool.") -> list[str] | None:
    schema = obj(name={"type": "string", "description": "Display name (required)."},
                 target={"type": "string", "description": target_description}, **_SIBLINGS)
    (found,) = lint_tool(schema, "SL101", name="create_item", description=tool_description)
    return found.fix.operations[0].value if found.fix and found.fix.safety is FixSafety.UNSAFE else None


@pytest.mark.parametrize("description", [
    "Required when creating a draft.",
    "Mandatory if `kind` is 'cron'.",
    "Required for: create, update.",
    "REQUIRED on update.",
    "Required in create mode.",
    "Required only for private repositories.",
    "Required except for dry runs.",
    "Required; omit when the account has a single workspace.",
    "The workspace. Omit for personal accounts. Required.",
    "At least one of these is required.",
    "If `dynamic` is false, this is required.",
    "Must be provided whenever tags are given.",
    # another property named in the sentence: the requirement hangs on it
    "One of target or account_email is required.",
    "Required alongside group_id.",
    # Required in the case a sentence before names, or what a call leaving it out gets.
    "Column delimiter. Ignored unless format is 'csv'; required then.",
    "Project key. Required; inferred from the current directory when omitted.",
    "Request ID. Required; auto-generated when missing.",
    "IANA timezone. Required; falls back to the account's timezone when not provided.",
    # A footnote that takes the requirement back for some calls.
    "Required* (*not for local pickup orders).",
    "Required: Yes for PUT, No for PATCH.",
    "Required. (Not enforced for draft PRs.)",
    "Mobile number (mandatory; users who opted into email 2FA can skip it).",
])
def test_sl101_does_not_make_a_requirement_for_some_calls_one_for_every_call(description):
    # "Required for updates; omit when creating", "Required if channel is 'email'": SL102's `if`/`then`.
    assert _required_by_fix(description) == ["name"]


@pytest.mark.parametrize("description", [
    "Required.",
    "The title (required).",
    "REQUIRED: base commit SHA in the source branch.",
    "Mandatory field.",
    "This field is required.",
    "The ID of the build. Required for all actions.",
    # a condition word in another sentence is not the requirement's
    "Required. Use quotes when searching for a phrase.",
    "Required. One of 'low' or 'high'.",
])
def test_sl101_still_reads_a_requirement_for_every_call(description):
    assert _required_by_fix(description) == ["name", "target"]


@pytest.mark.parametrize("description", [
    # an adjective of another noun: scopes, permissions, fields, headers, roles, a version, a date
    "Personal access token to use instead of the configured one. Required scopes: read:org.",
    "Team slug to search in. Required permissions: team maintainer.",
    "Comma-separated list of fields to return. Required fields (id, name) are always included.",
    "Extra headers. Required headers such as Content-Type are set automatically.",
    "Assignee. Mandatory roles: reviewer, approver.",
    "Minimum required app version, e.g. 2.3.0.",
    "The minimum required app version.",
    "Payload signature; mandatory fields of the payload are signed first.",
    # a relative clause: the requirement is of the clause's subject
    "The number of days for which the weather forecast is required.",
    "City where the rental car is required.",
    # what the field's value does to something else
    "Set to true to make the question required.",
    "Whether the step is mandatory for completion.",
    "Marks the attendee as required.",
    # the form of the value, not its presence
    "Locale, e.g. en-US. Must be given as a BCP 47 tag.",
    "Start time; must be specified using ISO 8601.",
    # a requirement of this field, but for some calls only
    "Required field for API v1; ignored in v2.",
])
def test_sl101_does_not_require_a_field_for_a_requirement_of_another_noun(description):
    assert _required_by_fix(description) == ["name"]


@pytest.mark.parametrize("description", [
    # a requirement word answered no, as API references label each parameter
    "Maximum number of buckets to return. Required: No",
    "The ID of the VPC. required: false",
    "The prefix. Required - No",
    "The prefix. Required? No",
    "The prefix. Mandatory = N",
    "The token.\nRequired \u2013 No\nType: String",
    "The prefix (required: false).",
    # answered with a condition
    "The Availability Zone of the subnet. Required: Conditional",
    "The Availability Zone. Required: conditionally, see below.",
    "Name of the record. Required: Yes (for create).",
    "Address. Required for all location kinds other than 'zoom' and 'google_meet', which generate links.",
    # an adjective of another noun after a preposition and an article, or of a plural noun
    "The name of the required plugin.",
    "Path to the mandatory config file.",
    "The required reviewers count, from 0 to 6.",
    "The mandatory approvers list for the stage.",
])
def test_sl101_takes_a_requirement_answered_no_or_of_another_noun_as_none(description):
    assert _required_by_fix(description) == ["name"]
    assert not says_required(description)


def test_sl101_reads_no_requirement_in_a_reference_that_marks_every_parameter_not_required():
    # AWS's API reference ends each parameter with "Required: No": nothing is missing, on any tool.
    schema = obj(MaxBuckets={"type": "integer", "description": "Maximum number of buckets. Required: No"},
                 Prefix={"type": "string", "description": "Bucket name prefix. Required: No"})
    assert lint_tool(schema, "SL101", name="list_buckets") == lint_tool(schema, "SL101", name="create_bucket") == []
    assert lint_tool(schema, "SL403", name="list_buckets") == []


@pytest.mark.parametrize("description", [
    "Required: Yes",
    "The bucket name. Required: yes",
    "Required field.",
    "A required string: the project key.",
    "The required ticket title.",  # the noun phrase naming the field's own value
    "Folder where the files are saved (required).",
    "The product category, which is a mandatory filter in the search.",
    "Team slug (required). Required scopes: read:org.",
    "Required. Must be given as a BCP 47 tag.",
])
def test_sl101_still_reads_a_requirement_beside_another_nouns(description):
    assert _required_by_fix(description) == ["name", "target"]


def test_sl101_reads_alternatives_the_tool_description_states():
    # The published shape: two identifiers, each enough (@zereight/mcp-gitlab's get_ci_catalog_resource).
    assert _required_by_fix("Required.", "Get a resource. Either target or account_id is required.") == ["name"]


@pytest.mark.hostile
def test_sl101_reads_an_object_of_thousands_of_properties_in_linear_time():
    # Each description names the next property: pairs of names were once tried property by
    # property (11 s for 3,000); each text is now read once.
    count = 3000
    schema = obj(**{f"field_{n}": {"type": "string", "description": f"Required, or field_{n + 1} or field_{n + 2}."}
                    for n in range(count)})
    started = time.thread_time()
    (found,) = lint_tool(schema, "SL101", name="create_item")
    assert time.thread_time() - started < 2
    assert found.fix is None or found.fix.safety is FixSafety.SUGGESTION


@pytest.mark.hostile
@pytest.mark.parametrize("description", ["Required" + " " * 200_000 + "x", "required :" + "\t" * 200_000 + "x",
                                         "1" + " " * 200_000 + "x limit", "'0' )" + " " * 200_000 + "x"])
def test_a_long_run_of_blanks_in_a_description_is_read_in_linear_time(description):
    """Two runs of blanks side by side in a pattern (`\\s*:?\\s*`) split a long run every way:
    200,000 spaces after "1" took minutes. The readers SL101 asks finish at once."""
    started = time.thread_time()
    says_required(description), offers_unset_value(description)
    assert time.thread_time() - started < 1


@pytest.mark.hostile
@pytest.mark.parametrize("description", ["Required: No " * 5_000 + "x" * 1_000_000, "required:" + " \t" * 200_000 + "x",
                                         "of the required " * 5_000, "the required items " * 5_000 + "y" * 1_000_000])
def test_a_requirement_answered_no_or_of_another_noun_is_read_in_linear_time(description):
    started = time.thread_time()
    says_required(description), mentions_requirement(description), says_optional(description)
    assert time.thread_time() - started < 1


@pytest.mark.hostile
@pytest.mark.parametrize("description", ["required " + "where x " * 10_000, "Required. " + "for which " * 10_000,
                                         "whether x is required " * 5_000])
def test_many_relative_words_in_a_requirement_sentence_are_read_in_linear_time(description):
    """Whether a relative clause holds the requirement was searched from each "where"
    forward: 10,000 of them and no requirement after took 39 s."""
    started = time.thread_time()
    says_required(description)
    assert time.thread_time() - started < 1


@pytest.mark.parametrize(("description", "required"), [
    ("For recurring events this field is required.", False),
    ("On create, this parameter is required.", False),
    ("During a migration the value is mandatory.", False),
    ("For all calls this field is required.", True),
    ("For each request: required.", True),
    ("Required.", True),
])
def test_says_required_takes_a_requirement_for_one_case_as_none_for_every_call(description, required):
    assert says_required(description) is required


@pytest.mark.parametrize("tool_description", ["Create or update a record (PATCH semantics when id is given).",
                                              "Upsert a contact by email."])
def test_sl101_requires_nothing_of_a_tool_that_creates_or_updates(tool_description):
    """An update sends only what changes: `required` from "Email of the record owner. Required."
    refused every update that left the email alone."""
    assert _required_by_fix("Email of the owner. Required.", tool_description) is None
    assert _required_by_fix("Email of the owner. Required.", "Create a record.") == ["name", "target"]


@pytest.mark.parametrize("target, sibling", [
    ("The JQL of the search. Required. You may pass the deprecated `query` parameter instead.", None),
    ("Login name. Required. (Formerly `userName`, which is still accepted.)", None),
    ("Login name. Required.", "Deprecated alias of target; the old name of this field."),
])
def test_sl101_requires_no_field_the_words_offer_a_substitute_for(target, sibling):
    """`required: ["jql"]` refused a call that sent the deprecated `query` the words offer instead."""
    properties = {"name": {"type": "string", "description": "Display name (required)."},
                  "target": {"type": "string", "description": target}, **_SIBLINGS}
    if sibling:
        properties["old_target"] = {"type": "string", "description": sibling}
    (found,) = lint_tool({"type": "object", "properties": properties}, "SL101", name="create_item")
    assert found.fix.operations[0].value == ["name"]


@pytest.mark.parametrize("tool_description", [
    "Update a task. All parameters are optional; omitted ones keep their current value.",
    "Patch a task: send only what changes.",
    "Edit a note. Fields you do not pass are left unchanged.",
    "Change the settings. Only the fields you want to change need to be given.",
])
def test_sl101_requires_nothing_of_a_tool_whose_words_leave_every_argument_out(tool_description):
    """"Title (required)." beside "All parameters are optional" is no requirement of every call:
    `required: ["title"]` refused an update of the due date alone. No `required` is what the
    words say, so there is nothing to report either; the same words on the object do as much."""
    schema = obj(name={"type": "string", "description": "Display name (required)."},
                 target={"type": "string", "description": "Email of the owner. Required."}, **_SIBLINGS)
    assert lint_tool(schema, "SL101", name="create_item", description=tool_description) == []
    assert lint_tool({**schema, "description": tool_description}, "SL101", name="create_item") == []
    assert lint_tool(schema, "SL101", name="create_item") != []


@pytest.mark.parametrize("tool_description", [
    "Look up a contact. One of name, target or other is required.",
    "Find tickets. Provide at least one filter: `name`, `target`, or `other`.",
])
def test_sl101_reads_alternatives_listed_with_commas(tool_description):
    """The pair "phone or user_id" was read as alternatives and the `email` listed before it was
    not: `required: ["email"]` refused a lookup by phone."""
    properties = {"name": {"type": "string", "description": "Display name. Required."},
                  "target": {"type": "string", "description": "Target. Required."},
                  "other": {"type": "string"}, "kept": {"type": "string", "description": "Kept. Required."}}
    (found,) = lint_tool({"type": "object", "properties": properties}, "SL101", name="create_item",
                         description=tool_description)
    assert found.fix.operations[0].value == ["kept"]


@pytest.mark.hostile
def test_a_long_comma_list_before_alternatives_is_read_in_bounded_time():
    names = {f"f{n}": {"type": "string", "description": "Required."} for n in range(3000)}
    text = ", ".join(names) + " or f0. " + ", ".join(names) + " or f1."
    started = time.thread_time()
    (found,) = lint_tool({"type": "object", "properties": names}, "SL101", name="create_item", description=text)
    assert time.thread_time() - started < 2
    assert found.fix is not None


@pytest.mark.parametrize("tool_description, object_description", [
    ("Create a bucket. `region` may be omitted; the account's default region is used.", None),
    ("Create a bucket. If `region` is left out, the account's default region is used.", None),
    ("Create a bucket. Arguments marked required may be omitted when `template_id` is given.", None),
    ("Create a bucket. Look up the owner by `region` or by `template_id`; one of the two is enough.", None),
    ("Create a bucket.", "Where to put it. For archive buckets only `template_id` is needed."),
])
def test_no_required_from_a_fields_words_where_the_tool_or_object_words_let_it_go(tool_description,
                                                                                   object_description):
    """"(required)" on `region`, but the words above it say some calls leave it out."""
    properties = {"region": {"type": "string", "description": "Region (required)."},
                  "template_id": {"type": "string", "description": "Template to copy."}}
    schema = {"type": "object", "properties": properties}
    if object_description is None:
        found = lint_tool(schema, "SL101", description=tool_description)
    else:
        found = lint_tool(obj(bucket={**schema, "description": object_description}), "SL101",
                          description=tool_description)
    assert all(d.fix is None or d.fix.safety is FixSafety.SUGGESTION for d in found)
    (kept,) = lint_tool(schema, "SL101", description="Create a bucket. `template_id` is optional.")
    assert [op.value for op in kept.fix.operations] == [["region"]]


@pytest.mark.parametrize("description", ["GitHub user or organization; no token required.", "Owner. No login is required."])
def test_sl101_a_requirement_waived_for_another_thing_is_none_of_the_field(description):
    """"no token required" speaks of a token, and waives it: `owner` is not called required."""
    schema = obj(owner={"type": "string", "description": description}, per_page={"type": "integer"})
    assert lint_tool(schema, "SL101", name="list_public_repos") == []
    assert lint_tool(obj(owner={"type": "string", "description": "Owner. Required."}, per_page={"type": "integer"}),
                     "SL101", name="list_public_repos") != []
