"""A `pattern` that does not pin the whole string with `^…$`.

## What it does
Flags a `pattern` in which some top-level alternative lacks a leading `^` or a trailing
(unescaped) `$`. `^[a-z]+$` is anchored; `[a-z]+`, `^[a-z]+` and `^a|b$` (which means
"starts with a, or ends with b") are not.
A pattern that is `^` and plain characters (`^=`, `^https://`) tests what a value starts
with, as meant, and is left alone.

## Why is this bad
JSON Schema's `pattern` searches: `"pattern": "[0-9]{5}"` accepts
`"12345; DROP TABLE users"` because it contains five digits. Authors nearly always mean
the whole value.

## Example
```json
{"type": "string", "pattern": "[A-Z]{3}-[0-9]{4}"}
```
Use instead:
```json
{"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$"}
```

## Fix safety
Unsafe (tightening): values that only contained a match are rejected afterwards. So the
fix is offered only where a value the schema states (its default, examples, or one its
description quotes or gives "e.g.") matches the anchored pattern whole; otherwise it is a
suggestion: `[a-z]+@acme\\.com` found "doe@acme.com" in "john.doe@acme.com", and anchored it
refuses the address. The fix anchors the pattern as `^…$`, and a pattern of alternatives as `^(?:…)$`, dropping
anchors they already had (they are redundant inside the new ones), so `^a|b` becomes
`^(?:a|b)$`. A pattern
anchored on one side only (`^=`, `\\.pdf$`) is usually a deliberate prefix or suffix
test: it is reported, with no fix, since closing it would change what it means. So is a
pattern with a lookaround: `\\d+(?=px)` anchored as `^(?:\\d+(?=px))$` matches nothing (the
digits must be followed by `px` and by the end at once), and `(?<=a)b` likewise. And so is
a pattern that is likely a test for what a value contains: a single character class or
escape (`\\S`), which anchored would accept one character only, or plain text
(`@example\\.com`, `\\.pdf`), which anchored would accept that text alone (a `const`), or a
file extension's test (`\\.(png|jpg)`), which anchored would accept the extension alone. So is
a pattern whose description takes values of another form too ("Full issue URLs are
accepted as well", "with or without '@'", "ZIP+4 is accepted", "append :port", "a trailing
check letter") or several in one string ("separated by commas"), and one whose description writes out a value that
holds a match and is no whole one ("e.g. 94103 or 94103-1234" of `\\d{5}`, "or with area
code: 415-555-1234" of `\\d{3}-\\d{4}`) or names a length no match reaches ("8-digit #RRGGBBAA"
of `#[0-9a-fA-F]{6}`); the fix gate also withholds one that would refuse a
value the schema states (its default or examples).
A pattern, anchored on one side or none, whose description says the value contains it
("Password; must contain at least one digit", pattern `[0-9]`), has more after or before it
("E.164, optionally followed by an extension", `^\\+[1-9][0-9]{6,14}`) or ends in it ("Image
filename ending in .png or .jpg", `\\.(png|jpg)$`) is a test for part of the value as meant,
and not reported.
"""

from __future__ import annotations

import re

from schema_lint.model import EVIDENCE_NONE, EVIDENCE_WORDS, Evidence, Fix, FixSafety, Operation, Severity
from schema_lint.prose.field_prose import holds_several, named_lengths, offers_other_forms, stated_strings
from schema_lint.schema.patterns import (anchored, compiled, has_lookaround, is_anchored, longest_match,
                                         one_sided_anchor, plain_text, search, single_character)
from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label

CODE = "SL306"
NAME = "unanchored-pattern"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True
KEYWORDS = ("pattern",)


def check(ctx):
    for node in ctx.with_keyword("pattern"):
        pattern = node.get("pattern")
        # Empty or invalid patterns are not this rule's business (an empty one bounds nothing anyway).
        if not isinstance(pattern, str) or not pattern or is_anchored(pattern) or compiled(pattern) is None:
            continue
        pointer = join(node.pointer, "pattern")
        side = one_sided_anchor(pattern)
        if side == "start" and _literal_prefix(pattern):
            continue  # `^=`, `^https://`: a "starts with" test, anchored as meant
        if _says_contains(node):
            # "must contain at least one digit" of `[0-9]`, "optionally followed by an extension" of
            # `^\+[0-9]+`, "ending in .png" of `\.png$`: a test for part of the value, as meant.
            continue
        if side == "start":
            yield Finding(pointer, f"pattern of `{label(node)}` is anchored only at the start: it accepts anything "
                                   "after a match (end it with `$` if the whole value must match)")
        elif side == "end":
            yield Finding(pointer, f"pattern of `{label(node)}` is anchored only at the end: it accepts anything "
                                   "before a match (start it with `^` if the whole value must match)")
        else:
            unanchored = f"pattern of `{label(node)}` is not anchored with `^…$`: it accepts any string that merely " \
                         "contains a match"
            fixed = anchored(pattern)
            withheld = _why_not_anchored(node, pattern, fixed)
            if withheld is not None:
                yield Finding(pointer, f"{unanchored}; no fix: {withheld}")
                continue
            anchor = (Operation("replace", pointer, fixed),)
            if _shown_whole(node, fixed):
                fix = Fix(f"anchor the pattern as `{fixed}` (the schema's own values match it whole)", FixSafety.UNSAFE,
                          anchor, Evidence(EVIDENCE_WORDS, "a default, example or quoted value"))
            else:
                # `[a-z]+@acme\.com` found "doe@acme.com" in "john.doe@acme.com"; anchored, it refuses
                # it: with no value to show what a whole value is, anchoring is a guess.
                fix = Fix(f"anchor the pattern as `{fixed}` (no value the schema states shows a whole value matches "
                          "it: confirm it)", FixSafety.SUGGESTION, anchor, Evidence(EVIDENCE_NONE))
            yield Finding(pointer, unanchored, fix=fix)


def _shown_whole(node, fixed: str) -> bool:
    """Whether a string the schema states (its default, examples, quoted or "e.g." values)
    matches the anchored pattern whole: evidence that a value is one match, not one that
    holds a match. (The fix gate refuses the fix where one of them would not match.)"""
    schema = node.worded_schema
    return isinstance(schema, dict) and any(search(fixed, value) is True for value in stated_strings(schema))


def _partly_matched_token(node, pattern: str, fixed: str) -> str | None:
    """A value the description writes out, unquoted ("or with area code: 415-555-1234"), in which
    the pattern finds a match that is not the whole value; None when there is none. Only words
    that read as values are asked (with a digit, or `-_/@:.#` inside): of prose words a broad
    pattern (`[a-z]+`) finds a part of many ("can't"), which tells nothing."""
    description = node.description
    if not isinstance(description, str):
        return None
    for token in _VALUE_TOKEN.findall(description[:_DESCRIPTION_READ]):
        if search(pattern, token) is True and search(fixed, token) is False:
            return token
    return None


# A word written as a value: with a digit, or with one of `-_/@:.#` between its characters;
# trailing punctuation is the sentence's.
_VALUE_TOKEN = lazy_compile(r"(?<![\w'’])(?=[^\s'\"`]*?(?:\d|\w[-_/@:.#]\w))[^\s'\"`(),;]*[^\s'\"`(),;.:!?]")
# How much of a description is looked through: a pattern is matched once per value-like word.
_DESCRIPTION_READ = 2_000


def _why_not_anchored(node, pattern: str, fixed: str) -> str | None:
    """Why anchoring the whole pattern (as `fixed`) would refuse the values it is meant for, if it would."""
    description = node.description if isinstance(node.description, str) else ""
    if offers_other_forms(description) or _EXTENDED.search(description):
        return "its description takes values of another form too, which the anchored pattern would refuse"
    if holds_several(description):
        return "its description takes several values in one string, which the anchored pattern would refuse"
    partial = _partly_matched_token(node, pattern, fixed)
    if partial is not None:
        # "like 555-1234, or with area code: 415-555-1234" of `\d{3}-\d{4}`: anchored, it refuses
        # the second value the words give.
        return f"the description gives `{partial}`, which holds a match and is no whole one: the anchored pattern " \
               "would refuse it"
    longer = _longer_named(description, pattern)
    if longer is not None:
        # "e.g. #1a2b3c; 8-digit #RRGGBBAA for transparency" of `#[0-9a-fA-F]{6}` (7 characters at most)
        return f"the description names values of {longer} characters or digits, longer than any match of the " \
               "pattern: the anchored pattern would refuse them"
    if single_character(pattern):
        return "anchored, it would accept a single character"
    if plain_text(pattern):
        return "it is plain text, which a value contains: anchored, it would accept that text alone"
    if _EXTENSION.fullmatch(pattern):
        return "it tests a file's extension: anchored, it would accept the extension alone"
    if has_lookaround(pattern):
        return ("it has a lookaround (`(?=`, `(?<=` …), which anchors around the whole can leave matching nothing: "
                "anchor it by hand")
    return None


def _longer_named(description: str, pattern: str) -> int | None:
    """A length the words name ("8-digit", "16 characters") that no match of the pattern
    reaches: values that long hold a match and more."""
    lengths = named_lengths(description)
    longest = longest_match(pattern) if lengths else None
    return next((length for length in lengths if longest is not None and length > longest), None)


# Words that give values more than one match: "Older passports carry a trailing check letter",
# "a time may follow after a space", "add ;ext=123 for extensions".
_EXTENDED = lazy_compile(r"\b(?:trailing|suffix(?:es|ed)?)\b|\bmay\s+follow\b|\badd\s+[;:,/.#+-]", re.I)
# A file extension's test of alternatives (`\.pdf` alone is plain text): `\.(png|jpg)`, `\.(?:pdf|docx)`.
_EXTENSION = lazy_compile(r"\\\.(?:[A-Za-z0-9]{1,10}|\((?:\?:)?[A-Za-z0-9]{1,10}(?:\|[A-Za-z0-9]{1,10}){0,20}\))")
_METACHARACTERS = frozenset("\\.[](){}*+?|$")
# "Must contain at least one digit", "must mention a user": a pattern a value must contain;
# "optionally followed by an extension", "starts with the country code": one it starts with.
_CONTAINS = lazy_compile(r"\b(?:contains?|containing|includes?|including|mentions?|at least one|followed by|"
                         r"(?:needs?|requires?|must have)\s+(?:a|an|one)\b|"
                         r"(?:starts?|starting|begins?|beginning|ends?|ending) (?:with|in)|prefix(?:ed)?|"
                         r"suffix(?:ed)?)\b",
                         re.I)


def _says_contains(node) -> bool:
    """Whether the words on the field (on the array, for its items' pattern) say its value
    contains what the pattern matches: anchored, the pattern would refuse every such value."""
    for holder in (node, node.parent if node.keyword == "items" else None):
        description = holder.description if holder is not None else None
        if isinstance(description, str) and _CONTAINS.search(description):
            return True
    return False


def _literal_prefix(pattern: str) -> bool:
    """`^` and plain characters only: the pattern asks what a value starts with, nothing more."""
    return pattern.startswith("^") and not _METACHARACTERS.intersection(pattern[1:])
