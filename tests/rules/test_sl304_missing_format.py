"""SL304 missing-format: the format a field's name implies, added only when the schema shows it."""

from __future__ import annotations

import json

import pytest
from cputime import timed
from lintkit import lint_document, lint_tool, obj

from schema_lint.model import FixSafety, Operation
from schema_lint.prose.field_prose import WHOLE_READ_LIMIT

P = "/inputSchema"


@pytest.mark.parametrize("name, fmt, evidence", [
    ("recipient_email", "email", {"examples": ["ops@example.com"]}),
    ("callbackUrl", "uri", {"description": "Where to post, e.g. https://example.com/hook"}),
    ("start_date", "date", {"description": "First day, in the format 'YYYY-MM-DD'."}),
    ("created_at", "date-time", {"description": "RFC 3339 timestamp."}),
    ("updated_at", "date-time", {"description": "ISO 8601 timestamp, including the time zone offset."}),
    ("order_uuid", "uuid", {"default": "123e4567-e89b-12d3-a456-426614174000"})])
def test_sl304_adds_the_format_the_name_implies_when_the_schema_shows_it(name, fmt, evidence):
    (found,) = lint_tool(obj(**{name: {"type": "string", **evidence}}), "SL304")
    assert found.fix.safety is FixSafety.UNSAFE
    assert found.fix.operations == (Operation("add", f"{P}/properties/{name}/format", fmt),)
    (bare,) = lint_tool(obj(**{name: {"type": "string"}}), "SL304")
    assert bare.fix.safety is FixSafety.SUGGESTION and bare.fix.evidence.kind == "none"  # a name alone: for a person


@pytest.mark.parametrize("name, description", [
    ("report_date", "Report date, e.g. 2024-01-31. Month-end reports may be requested as 2024-01."),
    ("due_date", "Due date, YYYY-MM-DD; a time may follow after a space, e.g. 2024-12-31 17:00."),
    ("created_at", "Creation time, e.g. '2024-01-31T10:00:00Z'. Times without an offset are read as UTC."),
    ("server_url", "Base URL of the server, e.g. \"https://api.example.com\". A bare hostname is also fine."),
    ("event_uuid", "The event's UUID, e.g. '123e4567-e89b-12d3-a456-426614174000', with or without hyphens."),
    # A layout without separators, a year alone, or a time with no offset taken.
    ("from_date", "Inclusive start date, formatted as YYYY-MM-DD or YYYYMMDD."),
    ("birth_date", "Date of birth in YYYY-MM-DD format. If only the year is known, pass YYYY."),
    ("created_at", "Creation timestamp, RFC 3339. Naive timestamps are interpreted in UTC."),
    ("created_at", "When it was made, RFC 3339, or Unix epoch seconds as a string."),
    ("start_date", "Start date (YYYY-MM-DD). A time part, if given, is ignored."),
    ("homepage_url", "Homepage URL, e.g. 'https://acme.com'; a bare domain is fine."),
    ("updated_at", "RFC 3339 timestamp, e.g. '2024-05-01T10:00:00Z'; a space instead of T is accepted."),
    ("owner_email", "Email address of the owner; me for the signed-in user."),
    ("target_url", "Website or bare domain, e.g. 'https://acme.com'."),
    # A part left off or filled in, spellings undone, another notation, a wildcard.
    ("webhook_url", "Endpoint to call, e.g. 'https://hooks.example.com/x'. If no scheme is given, https is assumed."),
    ("webhook_url", "Endpoint, e.g. 'https://hooks.example.com/x'. The https:// prefix is optional."),
    ("project_uuid", "Project UUID, e.g. '123e4567-e89b-12d3-a456-426614174000'. Dashes are optional."),
    ("run_uuid", "Run UUID, e.g. '123e4567-e89b-12d3-a456-426614174000'. The first 8 characters are enough."),
    ("feed_url", "Feed URL, e.g. 'https://blog.acme.io/rss'. Bare domains (acme.io) are auto-discovered."),
    ("page_url", "Page URL, e.g. 'https://acme.com/docs'. Spaces in paths may be left unencoded."),
    ("to_email", "Email address of the recipient. Team aliases (#sales) are expanded."),
    ("url", "The page to fetch, e.g. 'https://example.com'. Just a host name works."),
    ("log_date", "Log date YYYY-MM-DD, e.g. '2024-05-01'. Use * to search all days."),
    # Spellings undone before the value is read: " o@acme.io " is taken.
    ("owner_email", "Owner's email address. Surrounding whitespace is trimmed."),
    ("owner_email", "Owner's email address; the server trims leading and trailing whitespace."),
])
def test_sl304_no_fix_where_the_words_take_values_of_another_form(name, description):
    """Each fix refused a value its words offer: "2024-01", "2024-12-31 17:00", a time with no
    offset, a bare hostname, a UUID without hyphens."""
    found = lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL304")
    assert all(each.fix is None or each.fix.safety is FixSafety.SUGGESTION for each in found)


@pytest.mark.parametrize("description", ["ISO 8601 timestamp.", "Start of the event in ISO 8601 format.",
                                         "When, as YYYY-MM-DDTHH:mm:ss."])
def test_sl304_a_date_time_in_iso_8601_alone_is_a_suggestion(description):
    """ISO 8601 takes a time with no offset ("2024-07-01T10:00"), which `date-time` (RFC 3339)
    refuses: a fix from "ISO 8601" refused the times models send most."""
    (found,) = lint_tool(obj(created_at={"type": "string", "description": description}), "SL304")
    assert found.fix is None or found.fix.safety is FixSafety.SUGGESTION


@pytest.mark.parametrize("schema", [
    {"type": "string", "description": "Check-in date in the format MM/DD/YYYY."},
    {"type": "string", "description": "Date, dd-mm-yyyy."},
    {"type": "string", "description": "When, as YYYY-MM-DD HH:mm:ss."},
    {"type": "string", "description": "Date (YYYY-MM-DD), or 'dontcare' for any date."},
    {"type": "string", "description": "Date, in the format 'YYYY-MM-DD'.", "default": "null"},
    {"type": "string", "description": "ISO 8601 date. Default is today."},
])
def test_sl304_has_no_iso_fix_when_the_schema_says_otherwise(schema):
    # (another layout spelled out is no finding at all: see the next-but-one test)
    assert all(found.fix is None for found in lint_tool(obj(start_date=schema), "SL304"))


@pytest.mark.parametrize("name, description", [
    # mcp-atlassian's `jira_create_sprint`: Jira takes "2027-01-04T09:00:00.000Z" there.
    ("start_date", "Start time for sprint (ISO 8601 format)"),
    ("due_date", "Due date and time, ISO 8601."),
    ("expiry_date", "When the link expires, as an ISO 8601 timestamp."),
    ("end_date", "ISO 8601 date or datetime of the end."),
    ("start_date", "Start date in ISO 8601 format (YYYY-MM-DD), or today / tomorrow."),  # other words offered
    ("from_date", "First day, YYYY-MM-DD, or a relative date."),
    ("cc_email", "Email address to CC. Pass a comma-separated list for several."),    # several in one string
    ("reviewer_email", "Email addresses of the reviewers, separated by commas."),
    ("owner_uuid", "The UUID of the owner, e.g. '123e4567-e89b-12d3-a456-426614174000'. One or more, comma-separated."),
])
def test_sl304_has_no_fix_where_the_words_allow_values_outside_the_format(name, description):
    (found,) = lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL304")
    assert found.fix is None and "no fix" in found.message


@pytest.mark.parametrize("name, description", [
    ("start_date", "Start date (ISO 8601)."),
    ("end_date", "End date of the time range, ISO 8601."),
    ("due_date", "Due date in ISO 8601 format."),
    ("due_date", "Due date (RFC 3339)."),
])
def test_sl304_only_suggests_a_date_where_the_words_name_iso_8601_alone(name, description):
    """ISO 8601 and RFC 3339 write a date-time too: `format: date` from "Due date in ISO 8601
    format" refused "2024-05-01T17:00:00Z", which the words allow."""
    (found,) = lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL304")
    assert found.fix.safety is FixSafety.SUGGESTION and found.fix.operations[0].value == "date"


@pytest.mark.parametrize("name, description, fmt", [
    ("start_date", "Start time, in the format 'YYYY-MM-DD'.", "date"),    # the layout is spelled out
    ("due_date", "Due date (YYYY-MM-DD); must be today or later.", "date"),
    ("cc_email", "Email address to CC.", "email"),
])
def test_sl304_still_fixes_what_those_words_do_not_widen(name, description, fmt):
    (found,) = lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL304")
    assert found.fix.safety is FixSafety.UNSAFE and found.fix.operations[0].value == fmt


def test_sl304_names_array_items_by_their_property_and_skips_constrained_fields():
    schema = obj(cc_emails={"type": "array", "items": {"type": "string"}},
                    email={"type": "string", "format": "idn-email"}, home_url={"type": "string", "pattern": "^https://"},
                    due_date={"type": "string", "enum": ["today", "tomorrow"]}, title={"type": "string"})
    assert [d.pointer for d in lint_tool(schema, "SL304")] == [f"{P}/properties/cc_emails/items"]


def test_sl304_in_gemini_parameters_says_which_formats_gemini_refuses():
    declaration = {"name": "book", "description": "d", "parameters": {"type": "OBJECT", "properties": {
        "callback_url": {"type": "STRING"}, "starts_at": {"type": "STRING"}}}}
    found = {d.pointer.rsplit("/", 1)[1]: d for d in
             lint_document(json.dumps({"function_declarations": [declaration]}), code="SL304")}
    assert found["callback_url"].message.endswith("no fix: it adds `format: uri`, which gemini refuses")
    assert "refuses" not in found["starts_at"].message


def test_sl304_is_quiet_where_the_description_gives_another_layout():
    # `format: date` would refuse every MM/DD/YYYY value the tool is documented to take.
    schema = obj(transaction_date={"type": "string", "description": "The date, in the format 'MM/DD/YYYY'."},
                 end_date={"type": "string", "description": "In the format 'YYYY-MM-DD HH:mm:ss'."},
                 start_date={"type": "string", "description": "In the format 'YYYY-MM-DD'."})
    assert [d.pointer.rsplit("/", 1)[1] for d in lint_tool(schema, "SL304")] == ["start_date"]


def test_sl304_is_quiet_where_the_time_is_a_count_from_the_epoch():
    # Slack's message `ts` ("1503435956.000247") and a Unix timestamp are numbers in a string:
    # `format: date-time` would refuse every value the tool is documented to take.
    schema = obj(timestamp={"type": "string", "description": "Timestamp of the message, e.g. 1503435956.000247"},
                 thread_timestamp={"type": "string", "examples": ["1234567890.123456"]},
                 created_at={"type": "string", "description": "Unix timestamp in seconds."},
                 expires_at={"type": "string", "description": "Milliseconds since the epoch, as a string."},
                 updated_at={"type": "string", "description": "When it changed, e.g. '2024-01-02T03:04:05Z'"},
                 sent_at={"type": "string", "examples": ["20240102"]})
    assert sorted(d.pointer.rsplit("/", 1)[1] for d in lint_tool(schema, "SL304")) == ["sent_at", "updated_at"]


@pytest.mark.parametrize("name, description", [
    # CircleCI MCP's `find_flaky_tests`: `git remote get-url` gives `git@github.com:user/my-project.git`.
    ("gitRemoteURL", "The URL of the remote git repository. This should be the URL of the repository that you "
                     "cloned to your local workspace. For example: \"https://github.com/user/my-project.git\""),
    ("repoUrl", "The URL of the remote git repository."),
    ("repository", "URL of the repository to clone."),
    ("ssh_url", "Where to push, e.g. https://example.com/repo"),
    ("clone_url", None),
])
def test_sl304_a_git_remote_is_no_uri(name, description):
    schema = {"type": "string"} if description is None else {"type": "string", "description": description}
    assert lint_tool(obj(**{name: schema}), "SL304") == []


def test_sl304_the_url_of_a_webhook_keeps_its_format():
    schema = obj(webhook_url={"type": "string", "description": "URL of the webhook. For example: "
                                                                "\"https://example.com/hook\""})
    (found,) = lint_tool(schema, "SL304")
    assert found.fix.safety is FixSafety.UNSAFE and found.fix.operations[0].value == "uri"


def test_a_description_is_searched_for_its_values_once(monkeypatch):
    """Whether the stated values are in the format, refute it or support it: one search answers all three."""
    from schema_lint.prose import field_prose

    searched = []
    real = field_prose._QUOTED.finditer
    monkeypatch.setattr(field_prose, "_QUOTED", type("Counting", (), {
        "finditer": staticmethod(lambda text: searched.append(text) or real(text))})())
    # A description no other test reads, so that no earlier reading is remembered.
    schema = obj(order_uuid={"type": "string",
                             "description": "The UUID of the order, e.g. 'f81d4fae-7dec-11d0-a765-00a0c91e6bf7'."})
    assert [d.code for d in lint_tool(schema, "SL304")] == ["SL304"]
    assert len(searched) == 1


@pytest.mark.parametrize("name, description", [
    ("from", "Email address for From header."),
    ("To", "Recipient email address."),
    ("reply_to", "The email address replies go to."),
    ("cc", "Email address to copy."),
    ("sender_address", "Email address for the message's Sender header."),
])
def test_sl304_a_mail_header_s_address_gets_a_suggestion_not_a_fix(name, description):
    """Mail services take "Full Name <sender@example.com>" in a header's address field, which
    the `email` format refuses (as ajv and a provider's strict mode read it)."""
    (found,) = lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL304")
    assert found.fix.safety is FixSafety.SUGGESTION and "Name <address>" in found.fix.description


def test_sl304_an_address_field_still_gets_the_email_fix():
    (found,) = lint_tool(obj(recipient_email={"type": "string", "description": "Email address of the recipient."}),
                         "SL304")
    assert found.fix.safety is FixSafety.UNSAFE


@pytest.mark.parametrize("value", ["Full Name <sender@example.com>", "a@example.com, b@example.com",
                                   "someone at example.com", "a@example.com;b@example.com"])
def test_sl304_a_stated_address_with_a_name_or_a_list_refutes_the_email_format(value):
    schema = {"type": "string", "description": f'The reporter\'s email address, such as "{value}".'}
    assert [d.fix for d in lint_tool(obj(reporter=schema), "SL304")] in ([], [None])


@pytest.mark.parametrize("name, description", [
    # a value offered unquoted, besides the addresses
    ("userId", "The user's email address. The special value me can be used to indicate the authenticated user."),
    ("owner", "Email address of the owner. Use unassigned to clear the owner."),
    ("assignee", "Email address of the assignee, or none for nobody."),
    ("reviewer", "Email address of the reviewer. Possible values include self."),
    ("sender", "Email address of the sender. Pass default to use the account's address."),
    # "an email" after a verb or a preposition is a message, not the value
    ("name", "The name of the person to whom you are sending an email."),
    ("subject", "The subject line of an email."),
    ("label", "A label to put on each email you receive."),
    # "email" opening the words, as part of a message's name or before what to do with one
    ("subject", "Email subject"),
    ("content", "Email to send, as plain text."),
    ("template", "Welcome email template"),
    ("audience", "Email for marketing campaigns"),
])
def test_sl304_no_email_fix_where_the_words_offer_another_value_or_speak_of_a_message(name, description):
    assert [d.fix for d in lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL304")] \
        in ([], [None])


@pytest.mark.parametrize("name, description, fmt", [
    # a name alone suggests a format; a value the words offer outside it withdraws the suggestion
    ("sort_timestamp", "The name of the timestamp to sort against. Possible values include last_edited_time.",
     "date-time"),
    ("start_date", "First day. Use today for the current day.", "date"),
    ("callback_url", "Where to post. Use none to disable callbacks.", "uri"),
])
def test_sl304_a_name_alone_gives_no_suggestion_against_a_value_the_words_offer(name, description, fmt):
    (found,) = lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL304")
    assert found.fix is None and "no fix" in found.message and f"`{fmt}`" in found.message


@pytest.mark.parametrize("name", ["query", "search_term", "q"])
def test_sl304_an_address_a_search_looks_for_is_a_suggestion(name):
    """A search matches part of an address too: the words name what is searched, not a format."""
    (found,) = lint_tool(obj(**{name: {"type": "string", "description": "The email address of the contacts to find."}}),
                         "SL304")
    assert found.fix.safety is FixSafety.SUGGESTION and "search term" in found.fix.description


@pytest.mark.parametrize("name, description", [
    ("recipient", "Must be an email."),
    ("contact", "An email to send the receipt to."),
    ("invitee", "Email of the invitee"),                  # "email" opening the words, as the value
    ("reviewer", "The reviewer's email."),
    ("owner", "Email (optional)"),
    ("owner", "Email address of the owner. Use this to assign the record."),  # a pronoun is no value
    ("owner", "Email address of the owner; can be set to null to leave it unassigned."),  # JSON null is no string
    ("owner", "Email address of the owner, e.g. ops@example.com. Use ops@example.com for the on-call team."),
])
def test_sl304_still_fixes_an_address_the_words_name_as_the_value(name, description):
    (found,) = lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL304")
    assert found.fix.safety is FixSafety.UNSAFE and found.fix.operations[0].value == "email"


@pytest.mark.hostile
@pytest.mark.parametrize("description", ["Email address. The special value me can be used. " * 5_000 + "x" * 1_000_000,
                                         # a field's name offered in its place ("x_y works too"), read in a word
                                         # of dots: from each letter, the rest of the word was scanned again
                                         "Email address of the owner. " + "a." * 400_000,
                                         "Email address of the owner. x_" + "a_" * 400_000 + " works",
                                         # "url-encoded for you", read in a word of dashes
                                         "Email address of the owner. " + "a-" * 400_000,
                                         "Email address of the owner. " + "1-" * 100_000,  # each a number read, too
                                         "Email address. Possible values" + " " * 500_000 + ":" + " " * 500_000,
                                         "Email address or " * 60_000, "Use use use " * 80_000 + " to",
                                         "The subject of an email. " * 40_000 + "y" * 1_000_000])
def test_sl304_offered_words_and_a_message_are_read_in_linear_time(description):
    """Whole, and cut to the most that is read whole for other forms offered (a square in
    100,000 characters would take minutes)."""
    for words in (description, description[:WHOLE_READ_LIMIT]):
        _, seconds = timed(lambda: lint_tool(obj(owner={"type": "string", "description": words}), "SL304"))
        assert seconds < 1


def test_sl304_makes_no_fix_from_words_too_long_to_read_whole():
    """Another form offered past what is read would go unseen: no fix, and the finding says why."""
    description = "Email address of the owner. " + "Some notes. " * (WHOLE_READ_LIMIT // 12) + "Usernames work too."
    (found,) = lint_tool(obj(owner={"type": "string", "description": description}), "SL304")
    assert found.fix is None and "too long to read whole" in found.message
    (found,) = lint_tool(obj(owner={"type": "string", "description": description[:WHOLE_READ_LIMIT]}), "SL304")
    assert found.fix is not None


@pytest.mark.parametrize("name, description", [
    ("owner_email", "Email address or username of the owner, e.g. 'jane@example.com'."),
    ("source_url", "A URL or a local file path to read, e.g. 'https://example.com/a.csv'."),
    ("login", "Username or email of the account, e.g. 'jane@example.com'."),
    # Another kind of identifier some callers have, in a sentence of its own.
    ("user_uuid", "The user's UUID, e.g. 3f1c0a5e-8d2b-4c1e-9f00-1234567890ab; legacy accounts have numeric IDs."),
    ("login_email", "Login email address, e.g. 'jane@example.com'. Accounts created before 2020 sign in with a "
                    "username."),
    # Another form the words take, a value in its place, or a wildcard.
    ("period_start_date", "Start of the period, e.g. '2024-04-01'. Quarters may be given as 2024-Q2."),
    ("birth_date", "Date of birth (YYYY-MM-DD, e.g. 1980-02-29); when only the year is known send the year alone."),
    ("due_at", "Deadline as RFC 3339, e.g. 2024-05-01T17:00:00Z; a bare date means end of that day."),
    ("link_url", "Link target, e.g. 'https://shop.example.com/p/1'. You may use {customer_id} placeholders."),
    ("website_url", "Company website, e.g. 'https://acme.io'. The scheme may be left off: acme.io works."),
    ("image_url", "URL of the image, e.g. 'https://cdn.example.com/a.png'. Spaces in the path are encoded for you."),
    ("target_url", "The page to check, e.g. 'https://example.com'. Bare domains get https:// prepended."),
    ("project_uuid", "UUID of the project, e.g. '0b6c6f1e-2f4f-4f7e-9a3b-6a1f0f2d9c11'. The project's slug is "
                     "accepted in its place."),
    ("workspace_uuid", "Workspace UUID (e.g. 'c0a8012e-7f00-4d1e-b6c1-2a3b4c5d6e7f'), or * for all workspaces."),
    ("team_uuid", "Team to add the member to, by UUID or by team name."),
    ("email", "Customer email address. For guest checkouts without an email, pass the order number here."),
    ("user", "The user's e-mail address (as in the directory). Legacy users: firstname.lastname without domain."),
    ("contact", "Contact email address \u2013 for phone-only contacts put the phone number."),
    # A value of another form written unquoted in the words, or weekday names for a date.
    ("member_email", "Email address of the member. Google Groups are given as group:eng@acme.com."),
    ("callback_url", "Callback URL (default 'https://example.com/cb'). For local testing use 127.0.0.1:8080/cb."),
    ("delivery_date", "Delivery date YYYY-MM-DD, e.g. '2024-07-01'. Weekday names (monday \u2026 sunday) mean the "
                      "next such day."),
])
def test_a_format_named_beside_another_kind_of_value_is_no_fix(name, description):
    """"Email address or username": `format: email` refused the usernames the words offer, on
    the evidence of an example that is an email."""
    found = lint_tool(obj(**{name: {"type": "string", "description": description}}), "SL304", name="create_webhook")
    assert all(d.fix is None or d.fix.safety is FixSafety.SUGGESTION for d in found)


@pytest.mark.parametrize("description", ["YouTube video URL or ID", "The YouTube video URL, or the video ID",
                                         "Page ID or URL"])
def test_a_url_named_beside_an_id_gets_not_even_a_suggestion(description):
    """A published transcript server takes `dQw4w9WgXcQ` for "YouTube video URL or ID":
    `format: uri` refuses it, so nothing proposes it."""
    (found,) = lint_tool(obj(url={"type": "string", "description": description}), "SL304", name="get_transcript")
    assert found.fix is None and "not all in `uri` format" in found.message


def test_sl304_a_date_in_the_words_of_a_field_named_as_a_time_has_no_fix():
    """GitLab's `created_at`: "Date the note was created at (ISO 8601 format)". ISO 8601 is
    a date or a date-time; the words say one, the name the other."""
    (found,) = lint_tool(obj(created_at={"type": "string", "description": "Date the note was created at (ISO 8601 "
                                                                          "format)"}), "SL304")
    assert found.fix is None and "no fix: choose `date` or `date-time`" in found.message
    (dated,) = lint_tool(obj(due_date={"type": "string", "description": "Due date (ISO 8601 format)"}), "SL304")
    assert dated.fix is not None and dated.fix.operations[0].value == "date"


def test_sl304_reads_markdown_bold_as_plain_words():
    schema = obj(target={"type": "string", "maxLength": 300, "description": "**URL** of the page to archive."})
    (found,) = lint_tool(schema, "SL304")
    assert "described as a URL" in found.message
