"""A tightening fix never rejects a value the field's description offers.

"Page size between 10 and 50 (0 = server default)" states a bound and a value outside it:
`minimum: 10` would refuse the 0 the tool documents. The gate reads the values a
description names (`field_prose.described_values`) as it reads defaults and examples.
"""

from __future__ import annotations

import time

import pytest
from lintkit import lint_tool, obj

from schema_lint.config import Config
from schema_lint.prose.field_prose import described_values, quoted_values, values_given_for


@pytest.mark.parametrize(("description", "values"), [
    ("Page size between 10 and 50 (0 = server default)", {10, 50, 0}),
    ("Year between 1900 and 2100, or 0 for any year", {1900, 2100, 0}),
    ("Timeout in seconds; -1 disables it", {-1}),
    ("Between 1 and 10,000 items, e.g. 250", {1, 10000, 250, "250"}),  # an example is a string too
    ("Currency code, one of USD, EUR; or 'auto'", {"auto"}),
    ("Email to CC. Leave empty for no CC", {""}),
    ("Nickname; an empty string clears it", {""}),
    ("Results (1-100)", {1, 100}),
    ("Dates as 'YYYY-MM-DD'", set()),  # a layout, not a value
    ("Max results; a limit of zero means no limit.", {0}),  # zero spelled out
    ("Page size. Zero returns everything in one page.", {0}),
    ("Must be greater than zero.", set()), ("A non-zero count.", set()), ("A zero-based index.", set()),
    ("Company website (e.g. 'https://acme.com' or www.acme.com)", {"https://acme.com", "www.acme.com"}),
    ('Region, such as "eu" or us', {"eu", "us"}),  # examples after a quoted first one are examples too
])
def test_the_values_a_description_offers(description, values):
    assert set(described_values(description)) == values


@pytest.mark.parametrize("description", [
    "Must be greater than 0", "More than 5 items", "Any count except 0", "Not 0", "Must not be empty.",
    "Cannot be empty", "A name, never blank", "v2 of the API, 24h clock, 2FA code",
])
def test_a_bound_the_description_excludes_or_a_number_inside_a_word_is_no_value(description):
    assert [v for v in described_values(description) if v in (0, 5, "", 2, 24)] == []


@pytest.mark.parametrize("description, offered, written_elsewhere", [
    ("Amount in the smallest currency unit (e.g. 100 cents to charge $1.00). At least 50.", [100, 50], 1.0),
    ("Amount in cents; 500 cents is 5 USD.", [500], 5),
    ("Price (in cents), e.g. 250 for \u20ac2.50", [250], 2.5),
    ("Timeout in milliseconds (5000 = 5 seconds), 0 disables.", [5000, 0], 5),
])
def test_a_number_in_another_unit_than_the_value_is_no_value_of_it(description, offered, written_elsewhere):
    """"$1.00" of an amount in cents is a dollar figure: read as a value, it withheld the fix
    of the amount's own stated bounds ("at least 50")."""
    values = [v for v in described_values(description) if not isinstance(v, str)]
    assert all(v in values for v in offered) and written_elsewhere not in values


@pytest.mark.parametrize("description, kept", [
    ("Amount in USD, e.g. $5.00.", 5.0), ("Timeout in seconds (default 30 seconds)", 30), ("Delay, up to 5 seconds", 5)])
def test_a_number_in_the_values_own_unit_or_with_none_said_is_still_a_value(description, kept):
    assert kept in described_values(description)


def test_the_stated_bounds_of_an_amount_in_cents_are_fixed():
    found = lint_tool(obj(amount={"type": "integer", "description": (
        "Amount intended to be collected, in the smallest currency unit (e.g. 100 cents to charge $1.00). Must be "
        "at least 50 and no more than 99999999.")}), "SL303", name="create_payment_intent")
    assert [(o.path.rsplit("/", 1)[1], o.value) for d in found for o in d.fix.operations] == [
        ("minimum", 50), ("maximum", 99999999)]


@pytest.mark.hostile
def test_numbers_in_units_are_judged_within_budget():
    hostile = "Amount in cents. " + "$1.00 or 100 cents, " * 5_000
    hostile += "x" * (1_000_000 - len(hostile))
    started = time.thread_time()
    described_values(hostile)
    assert time.thread_time() - started < 1


_OPTIONAL = {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}


@pytest.mark.parametrize(("field", "schema"), [
    ("page_size", {"type": "integer", "description": "Page size between 10 and 50 (0 = server default)"}),
    ("page_size", {**_OPTIONAL, "description": "Page size between 10 and 50 (0 = server default)"}),
    ("year", {"type": "integer", "description": "Year between 1900 and 2100, or 0 for any year"}),
    # ("one of USD, EUR; or 'auto'" the reader now leaves open itself: an alternative after the list.)
    ("currency", {"type": "string", "description": "Currency code, one of USD, EUR. Pass 'auto' to detect it."}),
    ("cc_email", {"type": "string", "description": "Email to CC, e.g. alice@example.com. Leave empty for no CC"}),
])
def test_no_fix_rejects_a_value_the_description_offers(field, schema):
    found = lint_tool(obj(**{field: schema}), config=Config(select=["ALL"]))
    withheld = [d for d in found if "no fix: it would reject the schema's own described value" in d.message]
    assert withheld and all(d.fix is None for d in withheld)
    assert not [d for d in found if d.fix is not None and d.fix.safety != "suggestion"
                and any(o.path.endswith(("/minimum", "/minLength", "/enum", "/format")) for o in d.fix.operations)]


def test_a_length_range_beside_an_offered_empty_string_fixes_only_its_upper_end():
    """"2 to 20 characters; empty string clears it": the reader leaves the minimum out (the
    gate once withheld it), and the maximum is still fixed."""
    schema = {"type": "string", "description": "Nickname, 2 to 20 characters; empty string clears it"}
    found = lint_tool(obj(nickname=schema), config=Config(select=["ALL"]))
    operations = [(o.path.rsplit("/", 1)[1], o.value) for d in found if d.fix is not None
                  and d.fix.safety != "suggestion" for o in d.fix.operations if "/nickname/" in o.path]
    assert operations == [("maxLength", 20)]


def test_a_bound_inside_what_the_description_offers_is_still_fixed():
    found = lint_tool(obj(page_size={"type": "integer", "description": "Results per page, between 1 and 50, e.g. 20"}),
                      "SL303")
    assert [(o.path.rsplit("/", 1)[1], o.value) for d in found for o in d.fix.operations] == [
        ("minimum", 1), ("maximum", 50)]


@pytest.mark.hostile
@pytest.mark.parametrize("description", [
    # a candidate `enum` of 400 values, then 100,000 more values quoted (about 1 MB)
    "One of " + ", ".join(f"'v{i}'" for i in range(400)) + ". Older names: " + ", ".join(
        f"'w{i}'" for i in range(100_000)),
    # 100,000 numbers, each looked at for a word before it that excludes it ("not 5")
    "Mode: 'a' or 'b'. " + " ".join(f"Was '{i}'." for i in range(100_000)),
])
def test_a_description_offering_a_hundred_thousand_values_is_judged_in_linear_time(monkeypatch, description):
    """The gate judges each value a description offers against the candidate fix. Judging
    the candidate `enum` again for every value, and looking each value up in it one by one,
    took about 15 s a MB; now the candidate is judged once, a string found in it at once,
    and a number's preceding words screened before a pattern is tried on them."""
    import time

    from schema_lint.schema import metaschema_shortcut

    lint_tool(obj(f={"type": "string", "description": "One of 'a', 'b', 'c'"}), "SL403")  # imports, compiled patterns
    judged = []
    verdict = metaschema_shortcut.verdict
    monkeypatch.setattr(metaschema_shortcut, "verdict", lambda *args, **kw: judged.append(1) or verdict(*args, **kw))
    started = time.thread_time()
    (found,) = lint_tool(obj(f={"type": "string", "description": description}), "SL403")
    assert time.thread_time() - started < 2
    assert len(judged) < 10  # a subschema judged once, not once a value
    assert found.fix is None and "no fix: it would reject the schema's own described value" in found.message


@pytest.mark.parametrize(("description", "examples"), [
    ("Semantic version like 1.2.3 or 1.2.3-beta.1 or v1.2.3.", ["1.2.3", "1.2.3-beta.1", "v1.2.3"]),
    ("Region, e.g. us-east-1, eu-west-1 or ap-south-1.", ["us-east-1", "eu-west-1", "ap-south-1"]),
    ("A name such as Alice. Then more text, and more.", ["Alice"]),  # a sentence's end ends the examples
    # A comma with no space after it is the value's own: "app=web,tier!=db" is one selector,
    # which an anchored `[a-z]+!?=[a-z]+` (SL306) would refuse.
    ("Label selector, e.g. app=web,tier!=db.", ["app=web,tier!=db"]),
    ("Tags, e.g. a,b,c or d, e.", ["a,b,c", "d", "e"]),
])
def test_every_example_of_a_run_is_read_not_only_the_first(description, examples):
    assert quoted_values(description) == examples


@pytest.mark.hostile
def test_an_example_of_many_commas_is_read_in_linear_time():
    started = time.thread_time()
    quoted_values("e.g. " + "a," * 200_000 + " x"), quoted_values("e.g. a" + ",a" * 200_000 + ";")
    assert time.thread_time() - started < 1


@pytest.mark.parametrize("words, name, values", [
    ("Export a whole table.\n\nPass page_size=0 to stream every row in one response.", "page_size", {0}),
    ("List users. Set page size to 0 to return all users in one page.", "page_size", {0}),  # the name spelled out
    ("Unlike search, export accepts a limit of up to 10000.", "limit", {10000}),
    ("The filter also accepts status 'archived' for items older than a year.", "status", {"archived"}),
    ("Set an alarm. A snooze of 0 disables snoozing.", "snooze", {0}),
    ("If optional 'root_type' is 'real', only real roots are returned.", "root_type", {"real"}),  # the name quoted
    ("Returns 50 rows. The limit is set by the server.", "limit", set()),  # a number before the name, another clause
    ("Use a page_size greater than 0.", "page_size", set()),                # an excluded bound, as in the field's words
    ("Pass limits=0 for none.", "limit", set()),                           # another word
    ("Create a subscription. Enterprise plans may have up to 500 seats.", "seats", {500}),  # before the name
    ("List events. Pass an empty string as `cursor` on the first call.", "cursor", {""}),   # an empty string
    ('List events. Start with cursor="" and pass the returned cursor afterwards.', "cursor", {""}),
])
def test_the_values_words_above_a_field_give_it_by_name(words, name, values):
    assert set(values_given_for(words, name)) == values


def test_no_fix_rejects_a_value_the_tools_words_give_a_field_by_name():
    """"Rows per page, 1-500" of `page_size`, and the tool's "Pass page_size=0 to stream every
    row": `minimum: 1` would refuse the 0 the tool documents."""
    schema = obj(page_size={"type": "integer", "description": "Rows per page, 1-500."})
    (found,) = lint_tool(schema, "SL303", description="Export a table. Pass page_size=0 to stream every row.")
    assert found.fix is None and "the words above it 0" in found.message
    (kept,) = lint_tool(schema, "SL303", description="Export a table. Use page_size to page (max 500).")
    assert kept.fix is not None and {op.path.rsplit("/", 1)[1]: op.value for op in kept.fix.operations} == {
        "minimum": 1, "maximum": 500}


def test_no_fix_rejects_a_value_an_enclosing_objects_words_give_a_nested_field():
    schema = {"type": "object", "description": "The filter also accepts status 'archived' for items older than a year.",
              "properties": {"filter": obj(status={"type": "string", "description": "Status: 'open' or 'closed'."})}}
    (found,) = lint_tool(schema, "SL403")
    assert found.fix is None and '"archived"' in found.message


@pytest.mark.parametrize("holder", ["$defs", "definitions"])
def test_no_fix_rejects_a_value_the_words_of_a_model_holding_a_definition_give_its_field(holder):
    """`Parcel` holds a `Box` by reference; Parcel's words give Box's field another value."""
    box = {"type": "object", "properties": {"weight_kg": {"type": "number", "description": "Weight in kg, 0.1 to 30."}},
           "required": ["weight_kg"]}
    parcel = {"type": "object", "description": "A parcel. Pallets are parcels too: their weight_kg may be up to 1000.",
              "properties": {"box": {"$ref": f"#/{holder}/Box"}}, "required": ["box"]}
    schema = {"type": "object", "properties": {"parcel": {"$ref": f"#/{holder}/Parcel"}}, "required": ["parcel"],
              holder: {"Box": box, "Parcel": parcel}}
    (found,) = lint_tool(schema, "SL403")
    assert found.fix is None and "1000" in found.message
    del parcel["description"]
    (found,) = lint_tool(schema, "SL403")
    assert found.fix is not None


@pytest.mark.parametrize("description, offered", [
    ("每页数量，最大100。传入-1返回全部。", -1),           # glued to Chinese text
    ("返回数量，传0表示不限制。", 0),
    ("件数。0を指定すると全件。", 0),
    ("<p>Depth.</p><p><code>0</code> means unlimited.</p>", 0),  # inside HTML markup
    ("Max 100<br>0 = all rows", 0),
])
def test_a_value_glued_to_cjk_text_or_wrapped_in_markup_is_offered(description, offered):
    assert offered in described_values(description)


@pytest.mark.parametrize("words, name, values", [
    ("Export rows.\n\nArgs:\n    page_size (int): Rows per page (1-500). Use 0 to stream every row.\n    sort: x.\n",
     "page_size", {1, 500, 0}),                                            # a Google-style entry, whole
    ("Export rows.\n\n:param page_size: Rows per page (1-500). Pass 0 to stream every row.\n:param sort: 9\n",
     "page_size", {1, 500, 0}),                                            # Sphinx
    ("Filters.\n\nAttributes:\n    min_price: lower bound; -1 means no lower bound.\n    max_price: 99.\n",
     "min_price", {-1}),                                                   # not the next entry's 99
    ("Export rows. The `limit` parameter, which controls how many rows each page of the export holds and so how much "
     "memory the server buffers, may also be 0 to stream every row.", "limit", {0}),  # a long clause
])
def test_a_docstring_entry_for_a_field_is_read_whole(words, name, values):
    assert set(values_given_for(words, name)) == values


@pytest.mark.parametrize(("tool_words", "field", "schema"), [
    ("Create a page. Titles may be up to 300 characters in Pro workspaces.", "title",
     {"type": "string", "description": "Title, up to 100 characters."}),
    ("Create a page. In Pro workspaces `title` may be up to 300 characters.", "title",
     {"type": "string", "description": "Title, up to 100 characters."}),
    ("Create a page. Titles may be up to 300 characters in Pro workspaces.", "title",  # Gemini's spelling
     {"type": "STRING", "description": "Title, up to 100 characters."}),
    ("Register names.", "names", {"type": "array", "maxItems": 5,
                                  "description": "Names to register. Names of legacy accounts may be up to 64 characters.",
                                  "items": {"type": "string", "description": "Name, 3-16 characters."}}),
])
def test_no_fix_refuses_a_length_the_words_above_a_string_give_it(tool_words, field, schema):
    """A length for one plan or kind, in the tool's or the array's words, beside the field's own."""
    (found,) = lint_tool(obj(**{field: schema}), "SL301", description=tool_words)
    assert found.fix is None and "length named in the words above it" in found.message
    plain = {**schema, "description": "Names to register."} if "items" in schema else schema
    (found,) = lint_tool(obj(**{field: plain}), "SL301", description="Create it.")
    assert found.fix is not None  # without those words, the field's own bound is fixed
