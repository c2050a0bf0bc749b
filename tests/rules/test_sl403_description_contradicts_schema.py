"""SL403 description-contradicts-schema: prose that says required or optional against the
schema, and the enum a description spells out."""

from __future__ import annotations

import pytest
from lintkit import lint_tool, obj

from schema_lint.config import Config
from schema_lint.model import FixSafety


def test_sl403_flags_required_and_optional_prose_that_the_schema_contradicts():
    schema = {**obj(key={"type": "string", "description": "API key for NVD access. Required."},
                    pageSize={"type": "integer", "description": "Records per page (optional, defaults to 10)."},
                    q={"type": "string", "description": "The query (required)"}),
              "required": ["pageSize"]}
    found = sorted(d.pointer.rsplit("/", 1)[1] for d in lint_tool(schema, "SL403"))
    assert found == ["key", "pageSize", "q"]


def test_sl403_ignores_conditional_alternative_and_sub_field_prose():
    schema = {**obj(
        email={"type": "string", "description": "Required when channel is email."},
        content={"type": "string", "description": "Either 'content' or 'content_file' must be provided."},
        versions={"type": "string", "description": "JSON array. Each object:\n- name (required): the name\n- date (optional)"},
        cc={"type": ["array", "null"], "items": {"type": "string"}, "description": "Optional carbon-copy addresses."},
        content_file={"type": "string"},
    ), "required": ["versions", "cc"]}
    assert lint_tool(schema, "SL403") == []


def test_sl403_reads_no_requirement_in_the_form_of_a_value_or_another_nouns():
    schema = obj(
        locale={"type": "string", "description": "Locale, e.g. en-US. Must be given as a BCP 47 tag."},
        start={"type": "string", "description": "Start time. Must be provided using ISO 8601."},
        is_required={"type": "boolean", "description": "Whether the field is required."},
        mandatory={"type": "boolean", "description": "Set to true to make the question mandatory."},
        code={"type": "string", "description": "Must be given."},
    )
    assert [d.pointer.rsplit("/", 1)[1] for d in lint_tool(schema, "SL403")] == ["code"]


def test_sl403_suggests_the_enum_a_description_spells_out():
    schema = obj(order={"type": "string", "description": "Sort order, one of 'asc', 'desc'."},
                 unit={"type": "string", "description": "Either celsius or fahrenheit."},
                 level={"type": "string", "description": "Possible values: low, normal, high."},
                 city={"type": "string", "description": "A city, e.g. one of Paris, Rome."},
                 mode={"type": "string", "enum": ["a", "b"], "description": "One of a, b."})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL403")}
    assert set(found) == {"order", "unit", "level"}
    assert found["level"].fix.operations[0].value == ["low", "normal", "high"]
    assert found["order"].fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("nullable", [{"type": ["string", "null"]}, {"type": "string", "nullable": True}])
def test_sl403_keeps_null_in_the_enum_of_a_field_that_takes_null(nullable):
    """Gemini's `nullable: true` (OpenAPI 3.0) lets null in: an enum without it refused the
    `null` the words offer ("null for auto")."""
    speed = {**nullable, "description": "Fan speed, one of: low, medium, high; null for auto"}
    [found] = lint_tool(obj(speed=speed), "SL403")
    assert found.fix.operations[0].value == ["low", "medium", "high", None]


def test_sl403_offers_no_enum_where_the_words_leave_the_set_open():
    schema = obj(visibility={"type": "string", "description": "Can be 'public' or 'private', or a team name."},
                 lang={"type": "string", "description": "Language: 'en' or 'de'. Other ISO 639-1 codes work too."},
                 kind={"type": "string", "description": "Must be one of: bug, feature, task (or a custom type "
                                                        "defined in your project)."},
                 order={"type": "string", "description": "Use 'asc' or 'desc'. Case-insensitive."},
                 size={"type": "string", "description": "One of 'S', 'M', 'L', or another size your shop stocks."},
                 state={"type": "string", "description": "Use 'open' or 'closed'. Other states are rejected."})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL403")}
    assert set(found) == {"state"}
    assert found["state"].fix.operations[0].value == ["open", "closed"]


def test_sl403_offers_nothing_from_a_list_or_length_that_is_not_the_fields_whole_set():
    """Several values in one string, another noun's list, bare words said of the field, values
    ruled out, or a length next to values of other lengths: no `enum`, no exact length."""
    schema = obj(fields={"type": "string", "description": "Columns to show, comma-separated. Options: id, name."},
                 layout_id={"type": "string", "description": "A layout ID. A layout whose grid is either 'wide' or "
                                                           "'narrow' replaces the page."},
                 path={"type": "string", "description": "Where to write. Can be absolute or relative."},
                 login={"type": "string", "description": "The login. Must not be one of: guest, nobody."},
                 region={"type": "string", "description": "A two-letter code, e.g. ca, or qc_north."})
    assert lint_tool(schema, "SL403") == []


def test_sl403_fixes_what_the_words_state_where_no_other_rule_does():
    schema = obj(password={"type": "string", "format": "password", "description": "At least 8 characters."},
                 heading={"type": "number", "description": "Heading, between 0 and 360."},
                 title={"type": "string", "description": "At most 80 characters."},
                 country={"type": "string", "enum": ["US", "ALL"], "description": "Limited to 2 character codes."})
    every = Config(select=["ALL"])
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, config=every) if d.code == "SL403"}
    # SL301 fixes the title's maxLength, the enum already closes the country: neither is reported twice.
    assert set(found) == {"password", "heading"}
    password, heading = found["password"].fix, found["heading"].fix
    assert [(o.path.rsplit("/", 1)[1], o.value) for o in password.operations] == [("minLength", 8)]
    assert password.evidence == ("schema-words", "At least 8 characters")
    assert [(o.path.rsplit("/", 1)[1], o.value) for o in heading.operations] == [("minimum", 0), ("maximum", 360)]
    assert "states `minimum: 0`, `maximum: 360` but the schema does not" in found["heading"].message


def test_sl403_takes_the_bounds_of_a_rule_that_does_not_run():
    """By default SL301 and SL305 do not run: a length the words state is then SL403's fix,
    and with them selected theirs alone."""
    schema = {**obj(title={"type": "string", "description": "The title, 1 to 80 characters."}), "required": ["title"]}
    (default,) = [d for d in lint_tool(schema) if d.code in ("SL301", "SL305", "SL403")]
    assert default.code == "SL403"
    assert [(o.path.rsplit("/", 1)[1], o.value) for o in default.fix.operations] == [("minLength", 1),
                                                                                    ("maxLength", 80)]
    with_them = lint_tool(schema, config=Config(extend_select=["SL301", "SL305"]))
    assert sorted(d.code for d in with_them if d.code in ("SL301", "SL305", "SL403")) == ["SL301", "SL305"]


def test_sl403_leaves_a_number_sl303_reports_by_its_description_to_sl303():
    """SL303 takes a number for a percentage or a count by its words as well as by its name:
    the bounds those words state are then its fix alone, not offered twice."""
    schema = obj(discount={"type": "number", "description": "Discount as a percentage, from 0 to 1."},
                 guests={"type": "integer", "description": "The number of guests, from 1 to 12."},
                 growth={"type": "number", "description": "Yearly growth as a percentage, from -50 to 300."})
    found = sorted((d.pointer.rsplit("/", 1)[1], d.code) for d in lint_tool(schema) if d.code in ("SL303", "SL403"))
    # A change in per cent is no percentage SL303 bounds: its stated bounds stay SL403's.
    assert found == [("discount", "SL303"), ("growth", "SL403"), ("guests", "SL303")]


def test_sl403_runs_by_default():
    schema = obj(order={"type": "string", "description": "Sort order, one of 'asc', 'desc'."})
    assert [d.code for d in lint_tool(schema) if d.code == "SL403"] == ["SL403"]


def test_sl403_reads_only_the_parts_of_a_description_a_node_can_use(monkeypatch):
    """A field with an `enum` needs neither the bounds nor the list its words state, and no
    field needs a format from this rule (SL304's): those parts are never read for it."""
    from schema_lint.prose import constraints

    def unread(*args):
        raise AssertionError("read a part this rule cannot use")

    monkeypatch.setattr(constraints, "_bounds", unread)
    monkeypatch.setattr(constraints, "_closed_values", unread)
    monkeypatch.setattr(constraints, "_formats", unread)
    schema = obj(mode={"type": "string", "enum": ["a", "b"], "description": "1 to 5 characters, one of 'a', 'b'."},
                 size={"type": "integer", "const": 3, "description": "At most 5, either 3 or 5."})
    assert lint_tool(schema, "SL403") == []


def test_sl403_takes_no_bound_stated_in_another_unit_than_the_value():
    """BFCL's `get_sensor_readings_history_by_interval`: the value is in seconds, the bound in
    days and hours; `maximum: 730` refused a day (86400)."""
    timespan = {"type": "integer", "description": "The duration for which data will be retrieved, in seconds. "
                                                  "Must not exceed 730 days and 12 hours."}
    timeout_ms = {"type": "integer", "description": "How long to wait, at most 30 seconds."}
    assert lint_tool(obj(timespan=timespan, timeout_ms=timeout_ms), "SL403") == []


def test_sl403_takes_a_bound_in_the_unit_the_value_is_in():
    schema = obj(retention_days={"type": "integer", "description": "How long to keep logs, at most 30 days."},
                 timespan={"type": "integer", "description": "The duration, in seconds. Must be less than or "
                                                             "equal to 604800 seconds (7 days)."})
    found = {d.pointer.rsplit("/", 1)[1]: d.fix for d in lint_tool(schema, "SL403")}
    assert [(o.path.rsplit("/", 1)[1], o.value) for o in found["retention_days"].operations] == [("maximum", 30)]
    assert [(o.path.rsplit("/", 1)[1], o.value) for o in found["timespan"].operations] == [("maximum", 604800)]


@pytest.mark.parametrize("description", [
    "The time zone. For recurring events this field is required and sets the zone of the recurrence. "
    "For single events this field is optional.",
    "When creating a new record, this field is required.",
    "If OAuth is used, the parameter is mandatory.",
    "In batch mode this field is required.",
    "On updates (PATCH) the value must be provided.",
    "The zone (formatted as an IANA name, e.g. \"Europe/Zurich\".) For recurring events: required.",
])
def test_sl403_takes_a_requirement_stated_for_one_case_as_no_claim_for_every_call(description):
    assert lint_tool(obj(zone={"type": "string", "description": description}), "SL403") == []


@pytest.mark.parametrize("description", [
    "The time zone. This field is required.",
    "For all requests this field is required.",
    "For example \"Europe/Zurich\". Required.",
    "Name of the zone used for display (required)",
])
def test_sl403_still_reads_a_requirement_for_every_call(description):
    (found,) = lint_tool(obj(zone={"type": "string", "description": description}), "SL403")
    assert "says it is required" in found.message


def test_sl403_takes_optional_for_one_case_as_no_claim_against_required():
    schema = {**obj(zone={"type": "string", "description": "For single events this field is optional."},
                    name={"type": "string", "description": "This field is optional."}), "required": ["zone", "name"]}
    (found,) = lint_tool(schema, "SL403")
    assert found.pointer.endswith("/name")


@pytest.mark.parametrize("description, values", [
    ("User ID of the assignee. Use 'me' for the current user or 'none' for unassigned tasks.", ["me", "none"]),
    ("Branch name. Use 'HEAD' for the current branch or 'main' for the default.", ["HEAD", "main"]),
    ("The worksheet name. Use 'Sheet1' or 'Sheet2' if unsure.", ["Sheet1", "Sheet2"]),
    # The words say the value may be a number, and the list holds none: it refused port 8080.
    ("Port name or number. Can be 'http' or 'https' for well-known ports.", ["http", "https"]),
    ("Page number or keyword. Can be 'first' or 'last'.", ["first", "last"]),
])
def test_values_offered_with_use_are_a_suggestion_not_a_fix(description, values):
    """"Use 'me' for the current user" offers special values beside the field's others (user IDs):
    an `enum` of them refused every ID. As often it is the whole list ("Use 'asc' or 'desc'"), so
    the finding stays and a person confirms."""
    [found] = lint_tool(obj(field={"type": "string", "description": description}), "SL403")
    assert found.fix.safety is FixSafety.SUGGESTION and found.fix.operations[0].value == values
    assert "often special ones beside others: confirm it" in found.fix.description


@pytest.mark.parametrize("description, escaped", [
    ("The separator: one of ',', ';', '\\t' or '|'.", "\\t"),
    ("Line ending, one of '\\n', '\\r\\n'.", "\\n"),
    ("Delimiter: one of '\\u0009', ',' or ';'.", "\\u0009"),
    ("Escape character: one of '\\\\' or '^'.", "\\\\"),
])
def test_values_written_with_a_backslash_escape_are_a_suggestion_not_a_fix(description, escaped):
    """'\\t' in a description may mean a tab (what a model reading it is likely to send) or a
    backslash and a t: an `enum` of the wrong one rejects every correct call."""
    [found] = lint_tool(obj(sep={"type": "string", "description": description}), "SL403")
    assert found.fix.safety is FixSafety.SUGGESTION
    assert escaped in found.fix.operations[0].value
    assert f"`{escaped}` may stand for the character its backslash escapes" in found.fix.description
    assert f"`{escaped}`" in found.message  # each value quoted: a list of `,` and `;` read as ",, ;"


@pytest.mark.parametrize("description", ["Sort order: one of 'asc', 'desc'.",
                                         "Retry count, a number or a numeric string. Must be one of '1', '2', '3'."])
def test_values_stated_as_the_fields_own_are_still_a_fix(description):
    [found] = lint_tool(obj(order={"type": "string", "description": description}), "SL403")
    assert found.fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("description, divisor, safety", [
    ("Order size in lots. Must be a multiple of 0.01.", 0.01, FixSafety.SUGGESTION),
    ("Seconds, a multiple of 5.", 5, FixSafety.UNSAFE),
])
def test_a_multiple_of_a_fraction_is_a_suggestion(description, divisor, safety):
    """`multipleOf: 0.01` refused 1.13 in validators that divide in floating point (1.13 / 0.01
    is 112.99999999999999 there): a fix that breaks calls the words allow."""
    [found] = [f for f in lint_tool(obj(step={"type": "number", "description": description}), "SL403")
               if f.fix is not None and "multipleOf" in f.fix.description]
    assert found.fix.safety is safety
    assert {op.value for op in found.fix.operations if op.path.endswith("multipleOf")} == {divisor}


def test_sl403_takes_a_stated_bound_where_the_schema_writes_only_a_number_types_range():
    """zod's `.int()`: `maximum: 9007199254740991` bounds nothing, and "at most 1000" is still
    a bound the schema lacks; a real bound of the schema is left alone."""
    offset = {"type": "integer", "minimum": 0, "maximum": 9007199254740991,
              "description": "Offset of the first result, at most 1000."}
    (finding,) = lint_tool(obj(offset=offset), "SL403")
    assert "states `maximum: 1000`" in finding.message and finding.fix.operations[0].value == 1000
    assert lint_tool(obj(offset={**offset, "maximum": 5000}), "SL403") == []


def test_an_enum_from_the_words_keeps_null_where_the_type_takes_it_or_openai_strict_will_give_it():
    """Under openai-strict, SL601 made `order` required and nullable and SL403 added
    `enum: ['asc', 'desc']` in the same pass: no call could then leave the order unset."""
    order = {"type": "string", "description": "Sort order: 'asc' or 'desc'."}
    strict = Config(select=["SL403"], profiles=["openai-strict"])
    (found,) = lint_tool({"type": "object", "properties": {"order": order}}, config=strict)
    assert found.fix.operations[0].value == ["asc", "desc", None] and "with `null`" in found.fix.description
    (nullable,) = lint_tool(obj(order={**order, "type": ["string", "null"]}), "SL403")
    assert nullable.fix.operations[0].value == ["asc", "desc", None]
    (plain,) = lint_tool(obj(order=order), "SL403")
    assert plain.fix.operations[0].value == ["asc", "desc"]


@pytest.mark.parametrize("description", ["**Required.** The page to open.", "The page to open (**required**)."])
def test_sl403_reads_markdown_bold_as_plain_words(description):
    (found,) = lint_tool(obj(page={"type": "string", "maxLength": 9, "description": description},
                             lang={"type": "string"}) | {"required": ["lang"]}, "SL403")
    assert "says it is required" in found.message


@pytest.mark.parametrize(("description", "said"), [("Optional: no. The page to open.", False),
                                                   ("Optional: yes.", True), ("Optional.", True)])
def test_sl403_reads_an_answered_optional(description, said):
    found = lint_tool(obj(page={"type": "string", "maxLength": 9, "description": description}) | {"required": ["page"]},
                      "SL403")
    assert bool(found) is said


# The mcp SDK copies a function's docstring into the tool's description, `Args:` block and all,
# and gives the parameters no words of their own.
DOCSTRING = """Get the stock of a product.

    Args:
        sku: Stock keeping unit, at most 16 characters.
        warehouse (str): Warehouse, one of: main, east, west.
            Defaults to main.
        note: A free note.
    """


def test_an_arguments_words_in_the_tools_docstring_are_read_as_its_description():
    schema = {"type": "object", "required": ["sku"], "properties": {
        "sku": {"type": "string", "title": "Sku"}, "warehouse": {"type": "string", "default": "main"},
        "note": {"type": "string"}}}
    (listed,) = [d for d in lint_tool(schema, "SL403", description=DOCSTRING) if d.pointer.endswith("/warehouse")]
    assert listed.fix.operations[0].value == ["main", "east", "west"]
    (bounded,) = [d for d in lint_tool(schema, "SL301", description=DOCSTRING) if d.pointer.endswith("/sku")]
    assert bounded.fix.safety is FixSafety.UNSAFE and bounded.fix.operations[0].value == 16
    # Words of its own come first; a block not under an `Args:` heading is no argument's.
    described = {**schema, "properties": {**schema["properties"], "warehouse": {
        "type": "string", "description": "Where the stock is."}}}
    assert [d.pointer for d in lint_tool(described, "SL403", description=DOCSTRING)] == ["/inputSchema/properties/sku"]
    assert lint_tool(schema, "SL403", description=DOCSTRING.replace("Args:", "Notes:")) == []
