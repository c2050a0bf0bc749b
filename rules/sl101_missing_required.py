"""An object with properties that does not say which of them are required.

## What it does
Flags an object schema that has `properties` but no `required` keyword where something
is needed: the arguments of a write or destructive tool, or an object one of whose
properties its description calls required, or that recorded calls (`--calls`) always
sent. A read tool's arguments and a nested object's parts (a listing's filters,
`margin.top`) are optional as often as not, and an object whose every property says it
is optional (a `default`, `null` accepted, "Optional.", "if not provided …") cannot miss
anything: on published tools such findings were wrong (`bench/read_sample.py`). An
explicit empty `required: []` is taken as a statement of intent, on any tool (a search
sent as a POST, which its server marks as not read-only, needs nothing), and so are words
that leave every field out, the object's or, for the arguments, the tool's ("All
parameters are optional", "send only what changes").

## Why is this bad
Without `required`, every argument is optional: a call that omits `priority` or
`recipient` validates and reaches the executor, which then guesses or fails late.
Models drop arguments they were not told are mandatory.

## Example
```json
{"type": "object", "properties": {"title": {"type": "string"}, "limit": {"type": "integer", "default": 10}}}
```
Use instead:
```json
{"type": "object", "properties": {"title": {"type": "string"}, "limit": {"type": "integer", "default": 10}},
 "required": ["title"]}
```

## Fix safety
Unsafe (tightening): calls that omitted a newly required property now fail. So the fix
requires only what the schema's own words call required in every call (a description
saying "required" or "mandatory", not "optional", and no `default` or `null`), not a
requirement for some calls: one with a condition or a purpose ("Required for updates",
"required if channel is 'email'", "mandatory when exact is false", "omit for delete",
"For recurring events this field is required"),
an alternative ("Either id or full_path is required"), or another property named in the
sentence ("Required when full_path is omitted"): that is SL102's `if`/`then`. Nor a field
the words offer a substitute for ("You may pass the deprecated `query` parameter instead",
"Formerly `userName`, which is still accepted", a sibling that is its "alias of" it). Nor a
requirement word answered no or with a condition, as API references label each
parameter ("Required: No", "required: false", "Required: Conditional", "Required: Yes (for
create)"), nor a
requirement word about something else: an adjective of another noun ("Required scopes:
read:org", "Required fields (id, name) are always included", "Minimum required app
version", "The name of the required plugin", "The required reviewers count"), a relative clause ("days for which the forecast is required"), what the
field's value does ("make the question required", "Whether the step is required"), or
the form of the value ("Must be given as a BCP 47 tag"). It
requires none of an object that is a branch of a composition (`if`/`then`/`else`, `not`,
`allOf`/`anyOf`/`oneOf`, `dependentSchemas`: the branch refines another object), that
has a `default`, that holds the fields of a partial update ("updates", "the fields to be
changed") or the arguments of a tool that creates or updates ("Create or update a record",
"Upsert": an update sends only what changes) or whose words leave every argument out
("All parameters are optional", "send only what changes", "omitted fields keep their
current value"), or of properties given as alternatives ("issueId or issueUrl", "one of
email, phone or user_id", in the tool's description too), or that the object's or the
tool's words let go by name ("`region` may be omitted", "If `region` is left out, the
default region is used", "For PO boxes only `po_box` and `country` are needed",
"Arguments marked required may be omitted when `template_id` is given"), whatever the
field's own words say. With `--calls`, a key present in every one of at least 20 recorded
calls counts as evidence too, unless its description lets it be left out ("Optional",
a described default, "Use -1 for no limit", a requirement for some calls, what leaving it
out gets: "Falls back to the API key's user", "Omitting it means the link never expires",
"unless you specify one", "Only needed for international parcels") or the object's words
offer it as a choice or leave it out by name ("give an email, a phone number, or both",
"Products without sizes simply omit size"), and none at
all when the calls also always sent a field that may be left out: such callers send
every field, needed or not. Otherwise the finding stays without a fix.
Under `openai-strict`, which refuses a partial `required`, it requires every property
and makes the optional ones nullable instead.
A fix from recorded calls is a suggestion where the words do more than name the value
("Cc recipients, if any", "paste whole email threads"): a model sends what it is shown, and
such words say what the next call may do that none so far did.
"""

from __future__ import annotations

import re

from schema_lint.prose.field_prose import (answers_omission, described_defaults, fields_let_go, mentions_requirement,
                                          names_only, offered_in_place, offers_unset_value, requirement_sentences,
                                          says_optional, says_required, stand_ins_of, takes_other_keys)
from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.model import EVIDENCE_CALLS, EVIDENCE_NONE, EVIDENCE_WORDS, Evidence, Fix, FixSafety, Operation, Severity, SideEffects
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.profiles.checks.openai_strict import nullable_required_fix
from schema_lint.schema.walk import SchemaNode, accepts_null, in_branch, label
from schema_lint.traffic.values import evidence, seen_at

CODE = "SL101"
NAME = "missing-required"
SEVERITY = by_side_effects(read=Severity.WARNING, write=Severity.ERROR)
FIXABLE = True


def check(ctx):
    for node in ctx.objects():
        properties = node.get("properties")
        if not isinstance(properties, dict) or not properties or node.keyword == "not" or _all_optional(properties) \
                or _said_all_optional(ctx, node):
            continue
        if "required" in node.schema or not _something_is_needed(ctx, node, properties):
            continue
        fix = _fix(ctx, node)
        yield Finding(node.pointer, f"object `{label(node)}` has properties but no `required`"
                      + ("" if fix else _no_fix(ctx, node)), fix=fix)


def _suggestion(ctx, node: SchemaNode) -> Fix | None:
    """Nothing says which properties are required: suggest those that nothing makes optional
    (no default, no null, not called optional, not one of alternatives), for a person to choose."""
    properties = node.get("properties")
    alternatives = _alternatives(ctx, node)
    names = [name for name, schema in properties.items() if _may_be_needed(name, schema, alternatives)]
    if not names:
        return None
    return Fix(f"require {', '.join(names)} (nothing says which are required: choose them)", FixSafety.SUGGESTION,
               (Operation("add", join(node.pointer, "required"), names),), Evidence(EVIDENCE_NONE))


def _no_fix(ctx, node: SchemaNode) -> str:
    """Why the finding has no fix, and what would give it one."""
    if in_branch(node):
        return "; no fix: it is a branch of a composition, which refines another object"
    if "default" in node.schema or _partial_update(node, ctx.tool.definition.get("description")):
        return "; no fix: its fields may all be left out (a default, a partial update, or a tool that creates or updates)"
    sent = seen_at(ctx, node, "object")
    filled = _optional_always_sent(sent, node.get("properties")) if sent is not None else []
    if filled:
        return (f"; no fix: the recorded calls always sent {', '.join(filled)} too, which may be left out, "
                "so a field sent every time is no sign that it is needed")
    return ("; no fix: every property may be left out (a description saying \"Required\", or `--calls` with "
            "20 recorded calls each sending it, would say otherwise)")


def _something_is_needed(ctx, node: SchemaNode, properties: dict) -> bool:
    """Whether an object without `required` is missing one: the arguments of a tool that
    changes something (a write needs its target), or an object whose own words or recorded
    calls say a property is always there. A lookup's filters and a nested object's parts
    (`margin.top`, `location.country`) are optional as often as not."""
    if node.is_root and ctx.side_effects is not SideEffects.READ:
        return True
    if any(isinstance(schema, dict) and says_required(schema.get("description")) for schema in properties.values()):
        return True
    sent = seen_at(ctx, node, "object")
    return sent is not None and any(sent.keys[name] == sent.of_type("object") for name in properties)


def _said_all_optional(ctx, node: SchemaNode) -> bool:
    """The object's words, or the tool's for its arguments, say every field may be left out
    ("All parameters are optional", "send only what changes", "omitted fields keep their
    current value"), whatever one field's description says: no `required` is what the author
    said, not an omission."""
    said = [node.get("description")] + ([ctx.tool.definition.get("description")] if node.is_root else [])
    return any(isinstance(words, str) and _EVERY_ARGUMENT_OPTIONAL.search(words) is not None for words in said)


def _all_optional(properties: dict) -> bool:
    """Every property says it may be left out: nothing a call omits is missing."""
    return all(_optional_by_nature(schema) or says_optional(schema.get("description")) for schema in properties.values())


def _fix(ctx, node: SchemaNode) -> Fix | None:
    """Require what the schema's own words call required; openai-strict instead requires all,
    the rest nullable. No fix where requiring would break what the schema allows on purpose."""
    if ctx.optional_as_nullable:
        return nullable_required_fix(node)
    if in_branch(node) or "default" in node.schema or _partial_update(node, ctx.tool.definition.get("description")):
        return None
    properties = node.get("properties")
    sent = seen_at(ctx, node, "object")
    objects = sent.of_type("object") if sent is not None else 0
    let_go = _let_go_by_name(ctx, node)
    # Of a field whose words say more than what it is ("Cc recipients, if any"), every call
    # sending it is no sign that every call must.
    stand_ins = stand_ins_of({name: schema.get("description") for name, schema in properties.items()
                              if isinstance(schema, dict)})
    sent_always = [] if sent is None or _optional_always_sent(sent, properties) else \
        [name for name in properties if sent.keys[name] == objects and name not in let_go
         and isinstance(properties[name], dict)]
    always = [name for name in sent_always if names_only(properties[name].get("description"))
              and not offered_in_place(name, properties[name].get("description"), stand_ins)]
    alternatives = _alternatives(ctx, node)
    names = [name for name, schema in properties.items() if _may_be_needed(name, schema, alternatives)
             and name not in let_go
             and (name in always or (says_required(schema.get("description")) and not _names_sibling(name, node)
                                     and not offered_in_place(name, schema.get("description"), stand_ins)))]
    if not names:
        if sent_always:
            seen = evidence(objects, 'each with ' + ', '.join(sent_always))
            return Fix(f"require {', '.join(sent_always)} ({seen}; but their words say more than what they are: "
                       "confirm each call needs them)", FixSafety.SUGGESTION,
                       (Operation("add", join(node.pointer, "required"), sent_always),), Evidence(EVIDENCE_CALLS, seen))
        return _suggestion(ctx, node) if sent is None else None
    if always:
        seen = evidence(objects, 'each with ' + ', '.join(always))
        if takes_other_keys(node.description, ctx.tool.definition.get("description") if node.is_root else None,
                            name=node.field_name):
            # A map ("key-value pairs for storing additional information"): its one conventional key
            # sent every time so far is no key every call needs.
            return Fix(f"require {', '.join(names)} ({seen}; but the words say the object takes keys it does not "
                       "declare: confirm each call needs these)", FixSafety.SUGGESTION,
                       (Operation("add", join(node.pointer, "required"), names),), Evidence(EVIDENCE_CALLS, seen))
        return Fix(f"require {', '.join(names)} ({seen})", FixSafety.UNSAFE,
                   (Operation("add", join(node.pointer, "required"), names),), Evidence(EVIDENCE_CALLS, seen))
    return Fix(f"require {', '.join(names)} (their descriptions say required)", FixSafety.UNSAFE,
               (Operation("add", join(node.pointer, "required"), names),), Evidence(EVIDENCE_WORDS, "required"))


def _optional_by_nature(schema) -> bool:
    """A property with a default or that accepts null is optional on purpose."""
    return not isinstance(schema, dict) or "default" in schema or accepts_null(schema)


def _may_be_needed(name: str, schema, alternatives: frozenset[str]) -> bool:
    """Nothing lets a call leave `name` out: no default, no null, no words, not one of `alternatives`."""
    return not _optional_by_nature(schema) and not _optional_by_words(schema) and name not in alternatives


def _optional_by_words(schema: dict) -> bool:
    """A property whose description lets a call leave it out: it says optional, names a
    default or a value for "no setting" ("Use -1 for no limit"), says what leaving it out
    gets ("Falls back to the API key's user"), or asks for it only in
    some calls ("Required for updates", "required if channel is 'email'"). Such words win
    over recorded calls: a model sends what it is shown, needed or not."""
    description = schema.get("description")
    return says_optional(description) or bool(described_defaults(description)) or offers_unset_value(description) \
        or answers_omission(description) or (mentions_requirement(description) and not says_required(description))


def _optional_always_sent(sent, properties: dict) -> list[str]:
    """Properties that may be left out (by nature or by their words) yet were in every
    recorded call: the callers send every field, so a field always sent proves nothing."""
    objects = sent.of_type("object")
    return [name for name, schema in properties.items()
            if sent.keys[name] == objects and (_optional_by_nature(schema) or _optional_by_words(schema))]


def _names_sibling(name: str, node: SchemaNode) -> bool:
    """The sentence that calls `name` required names another property of the object too
    ("Required when full_path is omitted", "id or full_path is required"): the requirement
    depends on that one, whatever words tie them."""
    properties = node.get("properties")
    return any(word != name and word in properties for sentence in requirement_sentences(properties[name]["description"])
               for word in _NAME.findall(sentence))


# A name as prose writes it ("issueId", "full_path", "api-key", "user.name"), read from its
# first character only; and two joined by "or", the second looked ahead at so that "a or b
# or c" gives both pairs.
_NAME = lazy_compile(r"(?<![\w.-])\w+(?:[-.]\w+)*")
_OR_PAIR = lazy_compile(r"(?<![\w.-])(\w+(?:[-.]\w+)*)\W+(?:or|and/or)\W+(?=(\w+(?:[-.]\w+)*))")


_PARTIAL = lazy_compile(r"\b(?:updates?|updated|patch|changes?|modif\w*|overrides?|partial)\b", re.I)


def _partial_update(node: SchemaNode, tool_description: object = None) -> bool:
    """An object of the fields to change ("updates", "the profile fields that need to be updated"),
    or the arguments of a tool that creates or updates ("Create or update a record", "Upsert"):
    each field is sent only when it changes, or only some calls create, so none is required
    of every call. (Words that leave every argument out, "All parameters are optional", leave
    nothing to report: `_said_all_optional`.)"""
    words = " ".join(filter(None, [node.field_name, node.get("title")]))
    description = node.get("description")
    return bool(_PARTIAL.search(words.replace("_", " "))) or (
        isinstance(description, str) and _PARTIAL.search(description) is not None) or (
        node.is_root and isinstance(tool_description, str) and _UPSERT.search(tool_description) is not None)


_UPSERT = lazy_compile(r"\b(?:create|add|insert)s?\s+or\s+(?:update|replace|modif)\w*|\bupserts?\b", re.I)
_ARGUMENTS = r"(?:parameters?|arguments?|args|fields?|inputs?|properties|attributes|values|ones)"
_EVERY_ARGUMENT_OPTIONAL = lazy_compile(
    r"\b(?:all|every)\s+(?:of\s+the\s+|the\s+)?(?:other\s+)?" + _ARGUMENTS + r"\s+(?:are\s+|is\s+)?optional\b"
    r"|(?:^|[,;:(]\s*)all\s+(?:are\s+)?optional\b"
    r"|\bonly\s+(?:what|the\s+\w+\s+(?:that|you\s+want\s+to|to(?:\s+be)?))\s+(?:be\s+)?chang"
    r"|\b(?:omitted|unspecified|missing|unset|other)\s+" + _ARGUMENTS
    + r"\s+(?:keep|are\s+(?:left|kept|not\s+changed)|remain|stay)"
    r"|\b" + _ARGUMENTS + r"\s+(?:(?:you\s+)?(?:do\s+not|don't)\s+(?:pass|send|give|provide|specify)"
    r"|not\s+(?:provided|given|passed|specified|sent|set)|left\s+out|omitted)\s+"
    r"(?:are\s+|will\s+be\s+|remain\s+|stay\s+)?(?:left\s+)?(?:unchanged|untouched|as\s+(?:they|it)\s+(?:are|is|was|were))",
    re.I)


def _alternatives(ctx, node: SchemaNode) -> frozenset[str]:
    """Properties given as alternatives ("issueId or issueUrl"), said by the object or any of its
    properties, or for the arguments by the tool ("Either id or full_path is required"). Each
    text is read once, however many properties the object has."""
    properties = node.get("properties")
    texts = [node.get("description"), *(s.get("description") for s in properties.values() if isinstance(s, dict))]
    if node.is_root:
        texts.append(ctx.tool.definition.get("description"))
    found: set[str] = set()
    for text in filter(lambda t: isinstance(t, str) and "or" in t, texts):
        for match in _OR_PAIR.finditer(text):
            first, second = match.groups()
            if first != second and first in properties and second in properties:
                found.update((first, second, *_listed_before(text, match.start(), properties)))
    return frozenset(found)


def _let_go_by_name(ctx, node: SchemaNode) -> frozenset[str]:
    """The properties an object's words (the tool's too, for its arguments) let go by name
    (`field_prose.fields_let_go`): none of them is needed by every call, whatever the calls
    sent or a field's own words say ("(required)")."""
    return fields_let_go(node.description, ctx.tool.definition.get("description") if node.is_root else None,
                         frozenset(node.get("properties")))


# One name of a list and the comma after it, at the end of the text before the next
# ("email, `phone` or user_id"); looked for in a short window, a few names back at most.
_LIST_ITEM = lazy_compile(r"(?<![\w.-])(\w+(?:[-.]\w+)*)[`'\"*]?\s*,\s*[`'\"*]?\Z")
_LIST_WINDOW = 80
_LIST_REACH = 16


def _listed_before(text: str, at: int, properties: dict) -> list[str]:
    """The properties listed before a pair of alternatives, joined to it by commas: "One of
    email, phone or user_id is required" offers three."""
    listed: list[str] = []
    while len(listed) < _LIST_REACH:
        item = _LIST_ITEM.search(text, max(0, at - _LIST_WINDOW), at)
        if item is None or item.group(1) not in properties:
            break
        listed.append(item.group(1))
        at = item.start()
    return listed
