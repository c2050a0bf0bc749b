"""A description that says something the schema does not.

## What it does
Reads each property's description for the claims the schema can check:
- "Required.", "(required)", "must be provided", "this field is required" on a property
  that is not in `required` (conditional prose such as "required when…" is SL102's, and so
  is a sentence that opens with the case it speaks of: "For recurring events this field is
  required"; "must be given as a BCP 47 tag" or "Whether the question is required" claim
  nothing);
- "Optional.", "(optional)", "Optional:" on a property that is in `required` and does not
  accept `null` (openai-strict's required-and-nullable spelling of optional is fine; "For
  single events this field is optional" speaks of one case);
- a closed list in prose — "one of 'asc', 'desc'", "either celsius or fahrenheit",
  "Options: low, normal, high", "'asc' for ascending or 'desc' for descending" — on a
  string or number with no `enum` or `const`: the rule offers the `enum`. A list after
  "e.g.", "such as" or "common values", one that says "include", "etc." or "not
  exhaustive", one followed by an alternative that is no value ("'public' or 'private', or
  a team name", "bug, task (or a custom type …)") or offered beside one ("Either a user ID
  or one of `me`, `all`"), one whose words admit more ("Other codes work too", "also
  accepts …", "other values fall back to json", "and so on", "or 1-5 as a string") or other
  spellings ("Case-insensitive", "lower case is fine", "lowercase codes are normalised": `enum`
  would refuse "DESC"), a list introduced as advice ("Recommended:", "Suggested values:"), one a quoted example of the description is not in, bare words that qualify
  a noun ("absolute or relative paths") or follow "can be" ("It can be absolute or
  relative", "can be omitted"; quoted words are values), a list of sibling parameter names
  ("provide either text or regex"), another noun's list ("Required when type is one of
  'email', 'sms'", "content — either text or html — will override", "The token. The
  scope can be 'read' or 'write'"), values ruled out
  ("Must not be one of: admin, root") and, on a string, a list whose values one string
  holds several of ("A comma-separated list … Supported values are …", a default of
  `video,channel`, "Use fast+cache") are not closed sets;
- a bound or format the description states that the schema lacks and no other rule
  fixes at that node ("at least 8 characters" on an optional string, "a multiple of 5",
  "(1-20)" on a number whose name says no amount or limit, "non-empty list" on an array
  with a `maxItems`): SL301, SL302, SL303, SL304 and SL305 take the bounds and formats
  of the fields they report when they run, this rule the rest.

Read finding by finding on the shared corpus, 59 of 60 findings were right (`docs/rules.md`,
"Read sample"). With SL301, SL302, SL303 or SL305 not selected (SL301 and SL305 are off
by default), the bounds those rules would take are this rule's.

## Why is this bad
The model reads the prose; the validator reads the schema. When they disagree the model
leaves out a field the schema demands (a rejected call and a retry), or the validator
lets through the omission or the made-up value the prose forbade.

## Example
```json
{"type": "object", "properties": {"order": {"type": "string", "description": "Sort order, one of 'asc', 'desc'. Required."}}}
```
Use instead:
```json
{"type": "object", "properties": {"order": {"type": "string", "enum": ["asc", "desc"], "description": "Sort order."}},
 "required": ["order"]}
```

## Fix safety
Unsafe (tightening), on the description's own words, which the fix quotes: the `enum`
rejects every other value afterwards, a bound every value past it. The reader
(`schema_lint.prose.constraints`) leaves open lists, hedged bounds ("typically 1 to 8",
"(1 to 100 suggested)") and values the description names as usable (a sentinel such as
0 for "no preference") out of what it states, and so a number with a magnitude ("up to
8K"), a remark on what values do ("more than 10 is slow"), a bound values past which the
words say are taken and handled ("Larger values are capped at 50", "longer titles are
truncated", "only the first 50 are returned"), a bound on what something else
holds ("Each page holds up to 100 results", "Page number (up to 100 results per page)",
"Results per label. Up to 5 labels may be requested"), a bound the clause says of a property
beside the field ("page_size is at most 100" of `page`, "Combine with limit (max 100)" of
`offset`, "Height: 1-4096" of `width`), a
length stated for a part of the string ("72 characters for the subject line"), an exact length next
to values of another length or form ("a two-letter code such as en, fr or zh_cn", "or the full
name", "a comma-separated list of two-letter codes"), a length range beside a length past it
("Codes are 6-12 chars; gift cards 16 digits"), and a bound in a unit of
time, size, distance or mass the value is not said to be in ("in meters (max 50 km)"):
"in seconds. Must not exceed 730 days and 12 hours" states no `maximum: 730`, which
would refuse a day (86400); "at most 30 days" on `retention_days` states
`maximum: 30`. Where the value's unit is not said ("Timeout, at most 30 seconds": seconds
or milliseconds?), or the bound is a compound ("1 hour 30 minutes"), none is read; nor a
bound written bare where the words offer the value in another unit too ("Delay in seconds
(0-60); milliseconds if ms=true", "Use unit='F' to pass Fahrenheit"), one in dollars of a
value in cents, or a multiple of pi ("at most 2\u03c0"). A
closed list offered with a verb ("Use 'me' for the current user") or of words where the
description says the value may be a number ("Port name or number. Can be 'http' or
'https'") is a suggestion: its values are as often special ones beside the field's
others. So is a `multipleOf` that is no whole number ("a multiple of 0.01"): validators that
divide in floating point refuse values it divides (1.13). Which of prose and schema is
right about required-ness is for a person to decide: those findings have no fix.
"""

from __future__ import annotations

import json
import re


from schema_lint.prose.constraints import (BOUNDS, ENUM, Stated, bounds_fix, escaped_values, evidence_of,
                                           offered_values, own_prose, said, stated)
from schema_lint.prose.field_prose import mentions_requirement
from schema_lint.rules import sl301_unbounded_string, sl302_unbounded_array, sl303_unbounded_number
from schema_lint.rules import sl305_empty_string_allowed
from schema_lint.text.lazy_pattern import PatternLike, lazy_compile
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.bounds import bounded_by
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding
from schema_lint.schema.walk import SchemaNode, accepts_null, label, nullable_branch

CODE = "SL403"
NAME = "description-contradicts-schema"
SEVERITY = Severity.WARNING
FIXABLE = True

# A condition, or the form of the value ("must be given as a BCP 47 tag"), after the word.
_CONDITION = r"(?!\s*(?:when|if|for|unless|only|in|with|by|to|on|except|depending|as|using|like)\b)"
_SAYS_REQUIRED = lazy_compile(
    r"(?:^|[.;:!]\s+|[(\[]\s*)(?:required|mandatory)\s*(?:[.)\]!;]|$)" + r"|\((?:required|mandatory)\)"
    r"|\b(?:this|the)\s+(?:field|parameter|argument|value)\s+is\s+(?:required|mandatory)\b" + _CONDITION +
    r"|\bmust\s+(?:always\s+)?be\s+(?:provided|specified|supplied|given)\b" + _CONDITION,
    re.IGNORECASE,
)
_SAYS_OPTIONAL = lazy_compile(
    # Not "Optional: no", a docstring's answer that it is not.
    r"(?:^|[.;!]\s+|[(\[]\s*)optional\s*(?:[.)\],;!]|:(?!\s*(?:no|false)\b)|$)"
    r"|\bthis\s+(?:field|parameter|argument)\s+is\s+optional\b",
    re.IGNORECASE,
)
# Every match of _SAYS_REQUIRED and _SAYS_OPTIONAL, lower-cased, holds one of its words (`_may_say`).
_REQUIRED_WORDS = ("required", "mandatory", "must")
_OPTIONAL_WORDS = ("optional",)
_ALTERNATIVES = lazy_compile(r"\b(?:either|one of|or)\b", re.IGNORECASE)
# A sentence that opens with the case it speaks of: "For recurring events this field is
# required", "When creating, the parameter is mandatory", "If you use OAuth, …".
_CASE_OPENING = lazy_compile(r"[\s)\]\"'`]*"
                             r"(?:for|when|whenever|if|unless|in|on|during|once|only|where|while|with|after|before)\s+"
                             r"(?!(?:all|each|every|any|example|instance)\b)", re.IGNORECASE)


def check(ctx):
    for node in ctx.properties():
        schema = node.schema
        description = node.description if isinstance(schema, dict) else None  # a docstring's `Args:` entry too
        if not isinstance(description, str) or node.parent is None:
            continue
        # Lower-cased for `_may_say`, or None when it is not ASCII (then every pattern runs:
        # case-insensitive matching of other letters is not what lower-casing does, "ſ" is an "s").
        lowered = description.lower() if description.isascii() else None
        if not node.required:
            if _may_say(lowered, _REQUIRED_WORDS) and _says(_SAYS_REQUIRED, own_prose(description)) \
                    and mentions_requirement(description):
                yield Finding(node.pointer, f"description of `{label(node)}` says it is required, but `required` "
                              "does not list it")
        elif (_may_say(lowered, _OPTIONAL_WORDS) and _says(_SAYS_OPTIONAL, own_prose(description))
              and not accepts_null(node.schema)):
            yield Finding(node.pointer, f"description of `{label(node)}` says it is optional, but `required` lists it")
        # The words of a nullable union speak of its non-null branch: the `enum` or bound goes
        # there, where it leaves `null` allowed (see `SchemaNode.description`).
        # A typed property is what its words describe (no nullable union): told without a call.
        value = node if "type" in schema else _described_value(node)
        # Only the parts of the reading this node can use: a list of values where the schema
        # has none, bounds where no `enum` or `const` already says more (see `_left_to_this_rule`).
        closed = next(iter(stated(description, value.types, ENUM)), None) if _open_value(value.schema) else None
        # Values that name sibling properties are a list of fields, not of values; looked up in
        # the siblings' own map (a set of them for each of 40,000 properties was quadratic).
        siblings = node.parent.get("properties")
        if closed is not None and not any(str(item) in siblings for item in closed.value):
            doubt = _doubt(closed, description)
            # A type that takes null (openai-strict's spelling of optional, `["string", "null"]`, or
            # an optional property that profile's fix makes so in the same pass) keeps taking it:
            # an `enum` of the words' values alone would refuse it.
            keeps_null = (_takes_null(value.schema) or ctx.optional_as_nullable and not node.required) \
                and None not in closed.value
            values = [*closed.value, None] if keeps_null else closed.value
            fix = Fix(f"add `enum: {closed.value}`" + (" with `null`" if keeps_null else "") + f" ({said(closed)}"
                      + (f"; {doubt}: confirm it)" if doubt else ")"),
                      FixSafety.SUGGESTION if doubt else FixSafety.UNSAFE,
                      (Operation("add", join(value.pointer, "enum"), values),), evidence_of(closed))
            yield Finding(node.pointer, f"description of `{label(node)}` lists its values "
                          f"({', '.join(map(_shown, closed.value))}) but the schema has no `enum`", fix=fix)
        bounds = () if "enum" in value.schema or "const" in value.schema else stated(
            description, value.types, BOUNDS, value.field_name, value.neighbour_names)
        unfixed = [found for found in bounds if _left_to_this_rule(ctx, value, found)]
        if unfixed:
            shown = ", ".join(f"`{found.keyword}: {found.value}`" for found in unfixed)
            yield Finding(node.pointer, f"description of `{label(node)}` states {shown} but the schema does not",
                          fix=bounds_fix(unfixed, value.pointer))


def _shown(value) -> str:
    """A listed value in code quotes: bare, a list of `,` and `;` read as `,, ;`."""
    text = str(value)
    return f"`{text}`" if "`" not in text else json.dumps(text, ensure_ascii=False)


def _takes_null(schema: dict) -> bool:
    """Whether the type takes `null`, or OpenAPI's `nullable: true` says it does (Gemini reads
    it so; elsewhere the type refuses null whatever the enum holds, so keeping it costs nothing)."""
    declared = schema.get("type")
    return declared == "null" or isinstance(declared, list) and "null" in declared or schema.get("nullable") is True


def _doubt(closed: Stated, description: str) -> str | None:
    """Why the values read may not be the field's whole list, exactly as a call sends them:
    then the `enum` is a suggestion for a person to confirm, not a fix."""
    if offered_values(closed, description):
        return "values offered this way are often special ones beside others"
    escaped = escaped_values(closed)
    if escaped:
        return (f"`{escaped[0]}` may stand for the character its backslash escapes or for the characters as "
                "written")
    return None


def _described_value(node: SchemaNode) -> SchemaNode:
    """The subschema a property's description speaks of: the property, or the non-null branch
    of the nullable union it is, when that branch has no words of its own."""
    branch = nullable_branch(node)
    return branch if branch is not None and "description" not in branch.schema else node


def _left_to_this_rule(ctx, node, found: Stated) -> bool:
    """Whether the stated constraint is missing from the schema and no rule that fixes its
    keyword reports this node in this run (each rule takes the words for its own keyword;
    with that rule not selected, as SL301 and SL305 are not by default, this one does)."""
    keyword, schema = found.keyword, node.schema
    if keyword == "format" or "enum" in schema or "const" in schema:
        return False  # SL304 reports every stated format it can add; an enum's values say the rest
    if keyword in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"):
        side = _NUMBER_SIDES[keyword]
        # A number type's range (zod's `maximum: 9007199254740991`) is no bound the words repeat.
        if bounded_by(schema, (keyword,)) or side is not None and bounded_by(schema, side):
            return False
        kind = sl303_unbounded_number.reported_kind(node)
        return not ctx.runs(sl303_unbounded_number.CODE) or not sl303_unbounded_number.missing_bounds(node, kind)
    if keyword in schema:
        return False
    if keyword == "maxLength":
        return not ctx.runs(sl301_unbounded_string.CODE) or not sl301_unbounded_string.unbounded(schema)
    if keyword == "minLength":
        return not ctx.runs(sl305_empty_string_allowed.CODE) or not sl305_empty_string_allowed.flags(node)
    if keyword in ("maxItems", "minItems"):
        return (not ctx.runs(sl302_unbounded_array.CODE) or sl302_unbounded_array.bounded(node)) \
            and "enum" not in schema and "const" not in schema
    return False


_NUMBER_SIDES = {"minimum": ("exclusiveMinimum",), "exclusiveMinimum": ("minimum",), "maximum": ("exclusiveMaximum",),
                 "exclusiveMaximum": ("maximum",), "multipleOf": None}


def _may_say(lowered: str | None, words: tuple[str, ...]) -> bool:
    """Whether a pattern whose every match holds one of `words` can match: the patterns run
    on every property's description, and nearly none holds any of their words (a plain
    loop: a generator for each description would cost more than the words)."""
    if lowered is None:
        return True
    for word in words:
        if word in lowered:
            return True
    return False


def _says(claim: PatternLike, prose: str) -> bool:
    """Whether a sentence of `prose` makes the claim outright: not as one of alternatives,
    nor for a case the sentence opens with ("For recurring events this field is required
    …. For single events this field is optional" claims neither for every call)."""
    for match in claim.finditer(prose):
        start = max(prose.rfind(".", 0, match.start()), prose.rfind("\n", 0, match.start())) + 1
        end = prose.find(".", match.end())
        if not _ALTERNATIVES.search(prose[start: end if end >= 0 else len(prose)]) \
                and not _for_a_case(prose, start, match.start()):
            return True
    return False


def _for_a_case(prose: str, start: int, claim: int) -> bool:
    """The sentence from `start` opens with a case before the claim at `claim`; a claim that
    ends the sentence before it ("…. Required.") opens one of its own."""
    return prose[claim:claim + 1] not in (".", ";", "!") and _CASE_OPENING.match(prose, start, claim) is not None


def _open_value(schema) -> bool:
    """A string or number with no `enum` or `const` (BFCL's `"str"` spelling too), or `null`
    besides (`["string", "null"]`, whose `enum` then keeps `null`)."""
    if not isinstance(schema, dict) or "enum" in schema or "const" in schema:
        return False
    declared = schema.get("type")
    named = [declared] if isinstance(declared, str) else [t for t in declared if t != "null"] \
        if isinstance(declared, list) else []
    return len(named) == 1 and isinstance(named[0], str) and \
        named[0].lower() in ("str", "string", "integer", "number", "float", "int")
