"""A string whose name or description says email, URL, date, date-time or UUID, with no `format`.

## What it does
Flags a string field whose name says what it holds (`recipient_email`, `callbackUrl`,
`start_date`, `created_at`, `order_uuid`; the last word decides, as for SL301), or whose
description states it ("Email address of the reporter", "The URL of the webpage", "in
the format 'YYYY-MM-DD'", "an ISO 8601 timestamp including its offset", "the hostname of
the server", "an IPv4 address"), but that has no `format`. What the description states
wins over what the name suggests. Array items and union branches are named by their
property. Fields already constrained by `enum`, `const` or `pattern` are left alone, and
so is a field whose description gives its values another layout (`MM/DD/YYYY`,
`YYYY-MM-DD HH:mm:ss` for a date) or a count from the epoch (a "Unix timestamp", or
stated values such as Slack's message `ts`, `1503435956.000247`): `format` would refuse
every value the tool is documented to take (on published tools such findings were wrong,
`bench/read_sample.py`). So is a git remote or clone URL, by its name (`gitRemoteURL`,
`clone_url`, `ssh_url`) or its description ("The URL of the remote git repository"):
`git remote get-url` gives `git@github.com:owner/repo.git` for an SSH clone, which is no
RFC 3986 URI, and `format: uri` refuses it. In a Gemini declaration's `parameters` (the
`gemini` profile) or under `openai-strict`, a format the profile refuses (`uri` under
`openai-strict`, anything but `date-time` for Gemini) is still reported, without a fix:
the message says which profile refuses it.

## Why is this bad
The model is left to guess the shape (`"tomorrow"` for a date, `"example.com"` for a
URL), and the executor parses free text. A `format` tells the model, and a boundary
that asserts formats rejects the guess with an error the model can repair.

## Example
```json
{"type": "object", "properties": {"recipient_email": {"type": "string"}}}
```
Use instead:
```json
{"type": "object", "properties": {"recipient_email": {"type": "string", "format": "email"}}}
```

## Fix safety
Unsafe (tightening): validators that assert formats reject values that do not match
afterwards. So the fix is offered only on evidence, which it names: with recorded calls
(`--calls`, at least 20 strings sent there) every one of them valid in the format (a
single one that is not means no fix; so do words offering another form, below, whatever
the calls sent: "Email address or Slack handle"); an email address the description names as what
the value is, unless the field is a mail header's address (`from`, `to`, `cc`,
`reply_to`, or a description that says header: mail services take "Full Name
<sender@example.com>" there, which `email` refuses) or a search term (`query`, `search_term`: a
search matches part of an address too), where it is a suggestion; or, for the other formats, a name that implies the format together with
the schema's own values in it (a default, example or quoted value, or for a date the ISO
layout spelled out, `YYYY-MM-DD`: ISO 8601 or RFC 3339 named alone writes a date-time too,
"2024-05-01T17:00:00Z", which `date` refuses; for a date-time RFC 3339 named or an offset
the words require: ISO 8601 takes a time with no offset, "2024-07-01T10:00", which
`date-time` refuses).
An email address counts only where the words say the value is one: in the first sentence
or as a rule ("must be a valid email"), not negated ("This is not the user's email
address"), not what the value stands in for, nor beside another form ("or an E.164 phone
number", "use the IdP username instead", "Also accepts an account ID"). Correct calls of published tools send a bare host to a field
described as "The URL of the webpage", a short id to one described as "The UUID of the
project", `05/15/2023` where the description says `YYYY-MM-DD`: for URLs, UUIDs, dates,
hostnames and IP addresses the description alone gives a suggestion, never applied by
`--fix`, for a reviewer to confirm; so does a name alone. A layout of another kind
(`MM/DD/YYYY`), alternatives ("hostname or IP address", "YYYY-MM-DD, or today /
tomorrow", "or a relative date", "A bare hostname is also fine", "with or without
hyphens", "Times without an offset are read as UTC", "Quarters may be given as 2024-Q2",
"a bare date means end of that day", "The scheme may be left off", "Spaces are encoded for
you", "by UUID or by team name", "The project's slug is accepted in its place", "or * for
all workspaces", "legacy accounts have numeric IDs", "If no scheme is given, https is
assumed", "Dashes are optional", "The first 8 characters are enough", "Team aliases are
expanded", "Spaces in paths may be left unencoded", "Just a host name works"), a date written in the words in
another form ("may be requested as 2024-01", "e.g. 2024-12-31 17:00" of a date), several values in one string ("Pass a comma-separated
list for several"), a hedge ("typically a UUID") or a stated value not in the format
(`"null"`, `"dontcare"`, a default of `''`, a word offered unquoted: "The special value
me can be used …", "Use unassigned to clear the owner", "Possible values include
last_edited_time") mean no fix and no suggestion: the finding says why. "An email" after
a verb or a preposition is a message, not what the value is ("The name of the person to
whom you are sending an email"). So do words that call a date-named value a time ("Start time for sprint (ISO
8601 format)", "date and time") with no `YYYY-MM-DD` spelled out: ISO 8601 names both
a date and a date-time, and `format: date` would refuse the second; and so does a field
named as a time (`created_at`) that the words call a date ("Date the note was created at
(ISO 8601 format)"), and a description too long to read whole for such words (over 100,000
characters).
A fix from recorded calls is a suggestion where the words do more than name the value
("Cc recipients, if any", "paste whole email threads"): a model sends what it is shown, and
such words say what the next call may do that none so far did.
"""

from __future__ import annotations

import json

from schema_lint.prose.constraints import evidence_of, said, stated_keyword
from schema_lint.prose.field_kinds import NAMED_FORMATS, implied_format, kind_of, words
from schema_lint.prose.field_prose import (ISO_LAYOUTS, counts_from_epoch, layouts, names_git_remote, refutes_format,
                                          supports_format, too_long_to_read_whole)
from schema_lint.model import EVIDENCE_CALLS, EVIDENCE_NONE, EVIDENCE_WORDS, Evidence, Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.profiles import refused_note
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label, refines_a_field
from schema_lint.traffic.values import evidence, seen_at, words_outweigh

CODE = "SL304"
NAME = "missing-format"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True
_CONSTRAINED = frozenset({"format", "enum", "const", "pattern"})
# Formats whose stated name is enough for a fix. Callers follow "an email address"; a URL
# field gets a bare host, a "UUID" field a short id, a `YYYY-MM-DD` field another layout,
# in correct calls of published tools: from words alone those are suggestions, fixes only
# when the name agrees and the schema's own values are in the format, or the traffic is.
WORDS_SUFFICE = frozenset({"email"})
_NOUNS = {"email": "an email address", "uri": "a URL", "date": "a date", "date-time": "a date-time", "uuid": "a UUID",
          "hostname": "a hostname", "ipv4": "an IPv4 address", "ipv6": "an IPv6 address"}


def check(ctx):
    for node in ctx.of_kind("string"):
        if not _CONSTRAINED.isdisjoint(node.schema) or refines_a_field(node):
            continue
        words = stated_keyword(node.description, node.types, "format")
        named = implied_format(kind_of(node.field_name))
        fmt = words.value if words is not None else named
        if fmt is None or (words is None and _spelled_otherwise(node, fmt)):
            continue
        if words is not None and fmt == "date" and named == "date-time":
            # "Date the note was created at (ISO 8601 format)" of a `created_at`: the words say a
            # date, the name a time, and ISO 8601 is either; each format refuses the other's values.
            # (Words that say a date-time, with an example in it, are not so weak.)
            yield Finding(node.pointer, f"string `{label(node)}` is described as {_NOUNS[fmt]} and named like "
                                        f"{_NOUNS[named]} but has no `format`; no fix: choose `date` or `date-time`")
            continue
        where = "described as" if words is not None else "named like"
        message = f"string `{label(node)}` is {where} {_NOUNS.get(fmt, fmt)} but has no `format` (`{fmt}`)"
        refused = refused_note(ctx.profiles, "format", fmt)
        if refused is not None:
            yield Finding(node.pointer, message + refused)
            continue
        # The traffic is checked against the formats a name can imply; for another, only the words speak.
        sent = seen_at(ctx, node, "string") if fmt in NAMED_FORMATS else None
        source: Evidence
        if sent is not None and not refutes_format(node.worded_schema, fmt):
            strings, valid = sent.of_type("string"), sent.formats[fmt]
            if valid < strings:
                shown = json.dumps(sent.mismatch[fmt], ensure_ascii=False)[:80]
                yield Finding(node.pointer, message + f"; no fix: {strings - valid:,} of {strings:,} recorded values "
                                                      f"are not in `{fmt}` format, such as {shown}")
                continue
            seen = evidence(strings, f"all in `{fmt}` format")
            outweighed = words_outweigh(node.description)
            why, safety = (f" ({seen}; but {outweighed}: confirm it)", FixSafety.SUGGESTION) if outweighed else \
                (f" ({seen})", FixSafety.UNSAFE)
            source = Evidence(EVIDENCE_CALLS, seen)
        elif refutes_format(node.worded_schema, fmt):
            why_not = "its description is too long to read whole" if too_long_to_read_whole(node.description) \
                else f"the schema's own words or values are not all in `{fmt}` format"
            yield Finding(node.pointer, message + f"; no fix: {why_not}")
            continue
        elif words is not None and fmt == "email" and _mail_header(node):
            why, safety, source = f" ({said(words)}; a mail header's address may carry a name, " \
                "\"Name <address>\", which `email` refuses: confirm it)", FixSafety.SUGGESTION, evidence_of(words)
        elif words is not None and _search_term(node):
            why, safety, source = f" ({said(words)}; a search term may be part of one: confirm it)", \
                FixSafety.SUGGESTION, evidence_of(words)
        elif words is not None and (fmt in WORDS_SUFFICE or (fmt == named and supports_format(node.worded_schema, fmt))):
            why, safety, source = f" ({said(words)})", FixSafety.UNSAFE, evidence_of(words)
        elif words is not None:
            why, safety, source = f" ({said(words)}; callers do not always follow it: confirm it)", \
                FixSafety.SUGGESTION, evidence_of(words)
        elif supports_format(node.worded_schema, fmt):
            why, safety, source = " (the schema's own values are in it)", FixSafety.UNSAFE, \
                Evidence(EVIDENCE_WORDS, "a default, example or quoted value")
        else:
            why, safety, source = " (only the name says so: confirm it)", FixSafety.SUGGESTION, Evidence(EVIDENCE_NONE)
        yield Finding(node.pointer, message, fix=Fix(f"add `format: {fmt}`{why}", safety,
                                                      (Operation("add", join(node.pointer, "format"), fmt),), source))


# The address fields of a mail header, named as the header is (`from`, `To`, `reply_to`):
# mail services take "Full Name <sender@example.com>" there, which the `email` format refuses.
_HEADER_FIELDS = frozenset({("from",), ("to",), ("cc",), ("bcc",), ("sender",), ("reply", "to"), ("replyto",)})


def _mail_header(node) -> bool:
    """Whether the field is a mail header's address (by its name, or a description that
    says header), rather than an address alone (`recipient_email`)."""
    name = tuple(words(node.field_name or ""))
    description = node.description if isinstance(node.description, str) else ""
    return name in _HEADER_FIELDS or "header" in description.lower()


# The last word of a field that holds what a search looks for (`query`, `search_term`):
# a search matches a part of an address or URL as well ("The email of the contacts to
# search for" of a `query` takes "jane"), so what the words name the value is no format of it.
_SEARCH_WORDS = frozenset({"query", "q", "search", "keyword", "keywords", "term", "terms", "filter", "prefix",
                           "substring", "needle"})


def _search_term(node) -> bool:
    name = words(node.field_name or "")
    return bool(name) and name[-1] in _SEARCH_WORDS


def _spelled_otherwise(node, fmt: str) -> bool:
    """The description gives its values another layout (`MM/DD/YYYY`, `YYYY-MM-DD HH:mm:ss` for a
    date), a count from the epoch ("Unix timestamp", "1503435956.000247"), or calls them git
    remotes (`git@github.com:owner/repo.git` is no URI): `format` would refuse values the tool
    is documented to take, so it is no advice."""
    if fmt == "uri":
        return names_git_remote(node.description)
    if fmt not in ISO_LAYOUTS:
        return False
    return any(layout not in ISO_LAYOUTS[fmt] for layout in layouts(node.description)) \
        or counts_from_epoch(node.worded_schema)
