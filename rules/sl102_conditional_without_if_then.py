"""A field needed only for some values of another field, with nothing in the schema saying so.

## What it does
Flags an optional property that is needed only when a sibling enum or boolean field
(the discriminator) has certain values, where no `if`/`then`, `dependentRequired`,
`dependentSchemas`, `dependencies` or `oneOf`/`anyOf` branch states it. It reads the
evidence authors leave: a description that says so ("Required for: run_pipeline,
rename_pipeline", "Required when reason is 'partial'", "required unless mode is 'off'",
"REQUIRED when type='old'"), the discriminator's own description ("requires bypassReason
when true"), a docstring-style tool description, a field "used for close/select" that is
then let go for some values, and a field whose name or format is the value (`url` next to
`type: url`, a `format: email` recipient next to `channel: email`) when its prose agrees.
The message names the field, the discriminator, the values and where the evidence is.
Words that name every value of a discriminator every call sends (one in `required`) state
no condition but a requirement ("required for cordon, drain, uncordon" of the three
operations there are): the field is flagged as needed in every call, and the fix adds it
to `required`.

## Why is this bad
The schema accepts a call that the tool cannot carry out: `{"reason": "partial"}` with no
`amount_cents` validates, and the executor refunds the wrong amount or fails late with an
error the model cannot act on. Stated in the schema, the condition is enforced at the
boundary and reported as a repairable validation error. On a read tool a missing
conditional field costs a retry, so it is only info there.

## Example
```json
{"type": "object",
 "properties": {"channel": {"type": "string", "enum": ["console", "email"]},
                "recipient": {"type": "string", "format": "email"}},
 "required": ["channel"]}
```
Use instead:
```json
{"type": "object",
 "properties": {"channel": {"type": "string", "enum": ["console", "email"]},
                "recipient": {"type": "string", "format": "email"}},
 "required": ["channel"],
 "allOf": [{"if": {"properties": {"channel": {"const": "email"}}, "required": ["channel"]},
            "then": {"required": ["recipient"]}}]}
```

## Fix safety
Unsafe (tightening): the fix adds one `allOf` branch per discriminator and set of values
(`const` for one value, `enum` for several), requiring every field that condition needs;
an existing `allOf` is extended. When the discriminator's default is among the values, the
`if` does not require the discriminator, so a call that leaves it out is held to the
condition too. Calls that omitted the field under that condition are rejected afterwards.
All branches of one object travel in a single fix, attached to its first finding. A
schema that declares draft-04 or draft-06 (no `if`) gets the same implication as
`anyOf: [{"not": condition}, {"required": [...]}]`.
Providers that refuse `if`/`allOf` (openai-strict, Gemini) get no fix: the message says to
state the condition in the field's description and check it at the boundary instead.
The fix is a suggestion where a sentence of the tool's words names the field and its case
with a fallback or another field beside it ("If channel is email and no recipient is
given, the primary address is used", "A custom region needs endpoint or endpoint_id"), or
lets every field go in some case ("On update, every field is optional"), and where the
discriminator's words offer the field or another in its case ("For 'sms', pass to or
contact_id"); and there is none where the field's own words give it a fallback ("a comma is
used when absent", "Without it a name is generated", "Org admins may leave it out",
"inherited from the current checkout").

The fix states only what the words state. A condition counts where it qualifies the
requirement word ("Required when …", "If … , this is required"), not a bound or default
of the same sentence ("Max 25 items unless include_all is true" says nothing of whether
the field is sent). A list of values is read whole or not at all: "Required for MX, SRV
and URI records" next to an enum without `URI` is no evidence. The finding stays without
a fix where the words set a further condition that an `if` on the sibling cannot state
(an exception, "Required when channel is sms, unless a default number is configured"; a
second condition, "Only required when type is MX and priority is set", "… and the project
uses linking", one on another sibling, "… but not when keep is true", "unless force is
set"; or a sentence that lets the field go, "Not required if a default number is
configured"), where a call may leave the field out all the same (it has a default, in the
schema or in the words: "Required when format is 'csv'. Defaults to ','", "Omit to use the
default recipient", "if not provided, falls back to the owner"; or the words
offer something in its place: "Either due_date or days_until_due is required", "or pass
contact_id instead", a sibling that is its "deprecated alias"), where only the field's name
and words that use it tie it to the value ("Only used when format is 'csv'" of
`csv_delimiter`: when it is used, not that a call must send it), and where a field's prose
is tied to a flag's state with no requirement word ("When schedule is true, the time at
which to post" says what it is then, not that a call must send it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from schema_lint.prose.conditional_prose import sentences
from schema_lint.prose.field_prose import answers_omission
from schema_lint.prose.conditionals import ConditionalField, conditional_objects
from schema_lint.schema.keywords import declared_draft
from schema_lint.model import EVIDENCE_WORDS, Evidence, Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.profiles import GEMINI, refusing
from schema_lint.rule import Finding, ToolContext, by_side_effects
from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.schema.walk import SchemaNode, label

CODE = "SL102"
NAME = "conditional-without-if-then"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True
_DRAFTS_WITHOUT_IF = ("draft-04", "draft-06")


def check(ctx: ToolContext) -> Iterator[Finding]:
    # Who refuses `if`, and whether the draft has it: asked only of a tool with a finding (most have none).
    advice: tuple[str | None, bool] | None = None
    for node, found in conditional_objects(ctx):
        if advice is None:
            advice = (_refusing_provider(ctx), declared_draft(ctx.tool.schema) in _DRAFTS_WITHOUT_IF)
        refused_by, without_if = advice
        sure = [field for _, field in found if not field.unsure and not field.always]
        fix = None if refused_by or not sure else _fix(node, sure, without_if,
                                                       ctx.tool.definition.get("description") if node.is_root else None)
        always = [field for _, field in found if not field.unsure and field.always]
        # Each fix goes with the first finding it carries out (one field may have a finding for
        # each discriminator, some of them with no fix).
        fixes = {id(sure[0]): fix} if sure else {}
        if always:
            fixes[id(always[0])] = _required_fix(node, always)
        for member, field in found:
            yield Finding(member.pointer, _message(member, field, refused_by, without_if), fix=fixes.get(id(field)))


def _refusing_provider(ctx: ToolContext) -> str | None:
    """The provider that refuses `if`/`allOf` for this tool, if any."""
    if ctx.tool.format == "gemini_function_declaration":
        return GEMINI
    return refusing(ctx.profiles, "if") or refusing(ctx.profiles, "allOf")


def _message(member: SchemaNode, field: ConditionalField, refused_by: str | None, without_if: bool) -> str:
    if field.always:
        text = (f"`{label(member)}` is needed for every value of `{field.discriminator}` ({field.evidence}), "
                f"which every call sends, but it is not in `required`")
        return text + (f"; no fix: {field.unsure}" if field.unsure else ": add it to `required`")
    text = (f"`{label(member)}` is needed only when {_condition(field)} ({field.evidence}), "
            "but nothing in the schema says it")
    if field.unsure:
        return text + f"; no fix: {field.unsure}"
    if refused_by:
        return (text + f"; {refused_by} refuses `if`/`then`, so keep the condition in the field's description "
                "and reject calls that miss it at the boundary")
    if without_if:
        return text + ": add it to `allOf` as `anyOf` [`not` the condition, `required`] (this draft has no `if`)"
    return text + ": add an `if`/`then`"


def _condition(field: ConditionalField) -> str:
    shown = [json.dumps(v) for v in field.values]
    return f"`{field.discriminator}` is " + (shown[0] if len(shown) == 1 else "one of " + ", ".join(shown))


def _fix(node: SchemaNode, found: list[ConditionalField], without_if: bool, tool_words: object = None) -> Fix | None:
    """One `allOf` branch per (discriminator, values); fields with the same condition share it.

    Drafts 04 and 06 have no `if` (and 04 no `const`): there the branch is the same
    implication spelled `anyOf: [{not: condition}, {required: [...]}]`, with `enum`.
    A suggestion where the tool's words speak of a field in its case (`_said_more`): what
    they say is, as often as not, how a call may go without it.
    """
    needed: dict[tuple, tuple[dict, list]] = {}
    for field in found:
        key = (field.discriminator, json.dumps(field.values), field.by_default)
        if key not in needed:
            one = len(field.values) == 1 and not without_if
            test: dict = {"properties": {field.discriminator: {"const": field.values[0]} if one
                                   else {"enum": list(field.values)}}}
            if not field.by_default:
                test["required"] = [field.discriminator]
            needed[key] = (test, [])
        needed[key][1].append(field.field)
    branches = [{"anyOf": [{"not": test}, {"required": fields}]} if without_if
                else {"if": test, "then": {"required": fields}} for test, fields in needed.values()]
    existing = node.get("allOf")
    operations: tuple[Operation, ...]
    if existing is None:
        operations = (Operation("add", join(node.pointer, "allOf"), branches),)
    elif isinstance(existing, list):
        operations = tuple(Operation("add", join(node.pointer, "allOf", "-"), b) for b in branches)
    else:
        return None
    said = "; ".join(f"`{f.field}` when {_condition(f)}" for f in found)
    more = next((why for f in found if (why := _said_more(node, f, tool_words))), None)
    if more is not None:
        return Fix(f"add `if`/`then` to `allOf`: require {said} ({more}: confirm no call goes without it)",
                   FixSafety.SUGGESTION, operations, Evidence(EVIDENCE_WORDS, found[0].evidence))
    return Fix(f"add `if`/`then` to `allOf`: require {said}", FixSafety.UNSAFE, operations,
               Evidence(EVIDENCE_WORDS, found[0].evidence))


def _required_fix(node: SchemaNode, found: list[ConditionalField]) -> Fix | None:
    """The fields needed whatever the discriminator says, added to the object's `required`."""
    names = list(dict.fromkeys(field.field for field in found))
    existing = node.get("required")
    if existing is None:
        operations: tuple[Operation, ...] = (Operation("add", join(node.pointer, "required"), names),)
    elif isinstance(existing, list):
        operations = tuple(Operation("add", join(node.pointer, "required", "-"), name) for name in names)
    else:
        return None
    shown = ", ".join(f"`{name}`" for name in names)
    return Fix(f"add {shown} to `required` (needed for every value of `{found[0].discriminator}`)", FixSafety.UNSAFE,
               operations, Evidence(EVIDENCE_WORDS, found[0].evidence))


def _said_more(node: SchemaNode, field: ConditionalField, tool_words: object) -> str | None:
    """What the tool's or the discriminator's words say of the field in its case, if anything.
    (What its own words say past the requirement is read by `conditionals`: a default, a
    fallback, another field in its place.)

    The tool's: a sentence naming the field and the case with a fallback or another field
    beside it ("If channel is email and no recipient is given, the primary address is used",
    "A custom region needs endpoint or endpoint_id"), or one that lets every field go in some
    case ("On update, every field is optional"). The discriminator's: see
    `_discriminator_offers_another`."""
    properties = node.get("properties")
    if not isinstance(properties, dict):
        return None
    case = (field.discriminator, *(str(value) for value in field.values))
    others = [name for name in properties if name not in (field.field, field.discriminator)]
    if _discriminator_offers_another(properties.get(field.discriminator), field, others):
        return "the words of `" + field.discriminator + "` offer another field in that case"
    if not isinstance(tool_words, str):
        return None
    if _EVERY_FIELD_OPTIONAL.search(tool_words[:_WORDS_READ]):
        return "the tool's words make every field optional in some case"
    for sentence in sentences(tool_words[:_WORDS_READ]):
        if not (_names(sentence, field.field) and any(_names(sentence, c) for c in case)):
            continue
        # A fallback, or another field offered beside it ("needs endpoint or endpoint_id").
        if answers_omission(sentence) or _FALLBACK.search(sentence) or _OR.search(sentence) and any(
                _names(sentence, other) for other in others):
            return "the tool's words speak of it in that case"
    return None


def _discriminator_offers_another(discriminator: object, field: ConditionalField, others: list[str]) -> bool:
    """Whether the discriminator's words, after naming the case, offer the field or another
    ("With 'custom', provide either template or template_url", "For 'sms', pass to or
    contact_id"). Only the field and another joined by "or" count, and only before the words
    name another value: a list of its values explained one by one names fields in passing
    ("list (list pull requests in a repository or project), list_by_commits (…)")."""
    if not isinstance(discriminator, dict) or not others:
        return False
    words, listed = discriminator.get("description"), discriminator.get("enum")
    if not isinstance(words, str) or isinstance(listed, list) and len(listed) > _VALUES_READ:
        return False
    case = {str(value) for value in field.values}
    values = {str(value) for value in (listed if isinstance(listed, list) else ())} | case
    values.discard("")  # an empty value is named nowhere; as a pattern, it would be found everywhere
    named = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(map(re.escape, values), key=len, reverse=True))
                       + r")(?![\w-])", re.I)
    lowered = {other.lower() for other in others}
    in_case = {value.lower() for value in case}
    return any(_OR.search(sentence) and any(_offered_with_another(said, field.field, lowered)
                                            for said in _said_of(sentence, in_case, named))
               for sentence in sentences(words[:_WORDS_READ]))


# A discriminator of more values than this is a list of names, not of cases: its words are not read.
_VALUES_READ = 256


_FALLBACK = lazy_compile(r"\b(?:is|are)\s+used\b|\bunless\b", re.I)
_OR = lazy_compile(r"\bor\b", re.I)
# "On update, every field is optional", "All parameters are optional when id is given".
_EVERY_FIELD_OPTIONAL = lazy_compile(r"\b(?:every|all|each)\s+(?:other\s+)?(?:fields?|parameters?|arguments?|"
                                     r"properties|property|inputs?)\s+(?:is|are|becomes?|become)\s+optional\b", re.I)


def _said_of(sentence: str, case: set[str], named: re.Pattern) -> Iterator[str]:
    """What `sentence` says after naming a value of `case` (lower-cased), up to where it names
    another of the discriminator's values (`named` finds them all): in "get (a pull request by
    ID), list (in a repository or project), list_by_commits (…)", what is said of `list` is
    not said of `list_by_commits`."""
    spots = list(named.finditer(sentence))
    for at, spot in enumerate(spots):
        if spot.group().lower() in case:
            yield sentence[spot.end():spots[at + 1].start() if at + 1 < len(spots) else len(sentence)]


def _offered_with_another(sentence: str, name: str, others: set[str]) -> bool:
    """Whether `sentence` offers `name` and one of `others` (lower-cased) as alternatives:
    "either template or template_url", "`to` or `contact_id`", "contact_id or to". Only the
    others the sentence names are tried: an object may have thousands."""
    words = set(_WORD.findall(sentence.lower()))
    if name.lower() not in words:
        return False
    for other in words & others:
        for first, second in ((name, other), (other, name)):
            if re.search(r"(?<![\w-])[`'\"]?" + re.escape(first) + r"[`'\"]?\s*,?\s+or\s+[`'\"]?" + re.escape(second)
                         + r"(?![\w-])", sentence, re.I):
                return True
    return False


_WORD = lazy_compile(r"[\w-]+")


def _names(text: str, name: str) -> bool:
    """Whether `text` names `name` as a word of its own, in any case."""
    return re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text, re.I) is not None


# How much of the tool's words is read for the field's name.
_WORDS_READ = 4_000
