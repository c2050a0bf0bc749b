"""An object that accepts keys nobody declared.

## What it does
Flags an object schema with `properties` that neither sets `additionalProperties:
false` nor `unevaluatedProperties: false`, and a write tool's arguments that declare no
parameter at all (`{"type": "object"}`, `{}`, or the same nothing spelled `true`,
`{"$ref": "#"}`, `{"allOf": [{}]}`, `{"not": {"not": {}}}`...): any call passes, whatever it carries. Objects that combine subschemas with
`allOf` (or a `$ref` beside their `properties`) are pointed at `unevaluatedProperties`, which
sees through the combination; their
parts, inline or a definition a `$ref` makes one (in `allOf`, or beside `properties`), are left
to the object they are part of. A
branch of `anyOf`/`oneOf` is an object of its own where the object around it declares no key
(a discriminated union's variants: closing each closes the whole); one that refines an
object declaring properties is left to that object's finding, which closes it as a whole.
Tools whose provider refuses `additionalProperties` are skipped: a Gemini `parameters`
schema (an OpenAPI subset) cannot express a closed object. Under `openai-strict`, which
refuses any open object, SL601 reports each one with OpenAI's words and the fix, and takes
the place of this rule's finding at that object: one missing keyword is one finding.
On a read tool it speaks only when recorded calls (`--calls`) show the object closed, or
a strict profile (which refuses every open object) is on:
read finding by finding on published tools (`bench/read_sample.py`), an open lookup or
calculator was almost never worth a change, and those findings were most of a run.

## Why is this bad
An open object lets a call carry invented keys (`userId`, `force`, `admin`) straight
into the executor, and hides typos: `recipent` is accepted while `recipient` is
silently missing.

## Example
```json
{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}
```
Use instead:
```json
{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"],
 "additionalProperties": false}
```

## Fix safety
Unsafe (tightening), and only with `--calls`: when at least 20 recorded calls reached the
object and none sent another key, the fix closes it, naming that evidence (under
`openai-strict` SL601 carries the fix), unless the object's words (the tool's, for its
arguments) say it takes others ("Any other fields are passed through to the API",
"Additional custom keys are allowed", "Unknown keys are ignored", "Extra keyword arguments
become columns", "plus any other profile attribute", "as NAME: value pairs", "**kwargs",
"keyed by field name", "as a map from label key to label value", "Free-form JSON", "or your
own", "Pass each option as its own argument"), unless they refuse them ("Additional
properties are not allowed"), or where its name is one for a map whose keys are data
(`labels`, `tags`, `headers`, `annotations`, `metadata`, `attributes`, `variables`,
`params`, `env`, `custom_fields`…) or for arguments passed on (`args`, `arguments`,
`parameters`: the keys are what the procedure they go to takes): then the closing is a
suggestion. Otherwise whether the tool's implementation
takes keys the schema does not declare is not written in the schema, and real correct
calls do send them (a `sender_id` the executor reads, a response field echoed back): the
finding carries the closing keyword as a suggestion, never applied by `--fix`, for a
reviewer who has seen the traffic (`schema-lint replay --against` on recorded calls
shows which calls the closed schema would reject). Where the recorded calls did send
other keys there is no suggestion either: the message says so.
A fix from recorded calls is a suggestion where the words do more than name the value
("Cc recipients, if any", "paste whole email threads"): a model sends what it is shown, and
such words say what the next call may do that none so far did. For the arguments, so is
one whose tool's words speak of them ("The arguments are the record's columns"), other than
to refuse others.
"""

from __future__ import annotations

import re

from schema_lint.model import EVIDENCE_CALLS, EVIDENCE_NONE, Evidence, Fix, FixSafety, Operation, Severity, SideEffects
from schema_lint.prose.conditional_prose import sentences
from schema_lint.prose.field_prose import takes_other_keys
from schema_lint.profiles import ANTHROPIC_STRICT, OPENAI_STRICT
from schema_lint.schema.accepts_anything import says_nothing_of_keys
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import BRANCH_KEYWORDS, CONDITION_KEYWORDS, SchemaNode, in_branch, label
from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.traffic.values import evidence, seen_at, words_outweigh

# Profiles that refuse any open object, on read tools as on the others.
STRICT_PROFILES = frozenset({OPENAI_STRICT, ANTHROPIC_STRICT})
CODE = "SL201"
NAME = "open-object"
SEVERITY = by_side_effects(read=Severity.WARNING, write=Severity.ERROR)
FIXABLE = True



def check(ctx):
    if ctx.refuses("additionalProperties"):
        return
    root = ctx.tool.schema
    if ctx.side_effects is not SideEffects.READ and says_nothing_of_keys(root):
        yield Finding(ctx.tool.schema_pointer, "the arguments declare no parameter and accept any keys: a call can "
                                               "carry anything into the tool (declare its parameters under "
                                               "`properties`, with `additionalProperties: false`)")
        return
    parts = _parts_by_reference(ctx)
    for node in ctx.objects():
        # A condition (`if`, `not` …) or an `allOf` part tests or refines an object described
        # elsewhere: closing it alone would switch the condition off or reject the whole.
        if not isinstance(node.get("properties"), dict) or node.keyword == "allOf" or in_branch(node, CONDITION_KEYWORDS) \
                or id(node.schema) in parts:
            continue
        if node.get("additionalProperties", True) is not True or node.get("unevaluatedProperties", True) is not True:
            continue
        sees_through_allof = ("allOf" in node.schema or "$ref" in node.schema) and not ctx.refuses("unevaluatedProperties")
        keyword = "unevaluatedProperties" if sees_through_allof else "additionalProperties"
        stated_open = node.get("additionalProperties") is True or node.get("unevaluatedProperties") is True
        message = f"object {_named(node)} accepts undeclared keys " + (
            "(its `additionalProperties: true` says so)" if stated_open else f"(no `{keyword}: false`)")
        sent = seen_at(ctx, node, "object")
        closing = (Operation("add", join(node.pointer, keyword), False),)
        speaks_unseen = ctx.side_effects is not SideEffects.READ or bool(ctx.profiles & STRICT_PROFILES)
        if sent is None and speaks_unseen and in_branch(node) and not _whole_alternative(node):
            # A branch of `anyOf`/`oneOf` refines an object described around it: closing the
            # branch alone would reject the keys the rest declares. Where that object declares
            # properties, its own finding (or its closing) says all there is to say.
            composition, refined = _refined(node)
            if not isinstance(refined.get("properties"), dict):
                where = "a branch" if node.keyword in BRANCH_KEYWORDS else "inside a branch"
                yield Finding(node.pointer, message + f"; no fix: it is {where} of `{composition}` in "
                              f"`{label(refined)}`, and closed alone it would reject the keys declared beside it: close "
                              f"`{label(refined)}` as a whole")
        elif sent is None:
            if speaks_unseen:
                said = "the schema says other keys are taken: confirm the tool needs none" if stated_open else \
                    "the schema does not say whether other keys are taken: confirm with the traffic"
                yield Finding(node.pointer, message, fix=Fix(f"set `{keyword}: false` ({said})", FixSafety.SUGGESTION,
                                                          closing, Evidence(EVIDENCE_NONE)))
        elif not node.get("patternProperties") and not sent.keys_open and set(sent.keys) <= set(node.get("properties")):
            seen = evidence(sent.of_type("object"), "none with another key")
            if _words_take_other_keys(ctx, node):  # the calls so far sent none; the words say the tool takes them
                yield Finding(node.pointer, message, fix=Fix(
                    f"set `{keyword}: false` ({seen}; but the words say other keys are taken: confirm the tool "
                    "needs none)", FixSafety.SUGGESTION, closing, Evidence(EVIDENCE_CALLS, seen)))
            elif outweighed := _words_outweigh_calls(ctx, node):
                yield Finding(node.pointer, message, fix=Fix(
                    f"set `{keyword}: false` ({seen}; but {outweighed}: confirm the tool needs no other key)",
                    FixSafety.SUGGESTION, closing, Evidence(EVIDENCE_CALLS, seen)))
            else:
                yield Finding(node.pointer, message, fix=Fix(f"set `{keyword}: false` ({seen})", FixSafety.UNSAFE,
                                                              closing, Evidence(EVIDENCE_CALLS, seen)))
        elif speaks_unseen:
            yield Finding(node.pointer, message + "; no fix: recorded calls sent keys it does not declare")


def _parts_by_reference(ctx) -> set[int]:
    """The ids of the definitions a reference makes part of a larger object: written as an `allOf`
    part (`allOf: [{"$ref": "#/$defs/Base"}]`) or beside the object's own `properties`. Such a
    definition is an `allOf` part written elsewhere: closed alone, it would reject the keys
    declared beside it, and the object it is part of has its own finding."""
    parts: set[int] = set()
    for node in ctx.refs.referring:
        if node.keyword == "allOf" or isinstance(node.get("properties"), dict):
            parts.update(id(target.schema) for target in ctx.refs.targets(node))
    return parts


def _words_outweigh_calls(ctx, node) -> str:
    """Why the words outweigh calls that sent no other key, or "": the object's words do more
    than name it (`words_outweigh`), or the tool's words, of its arguments, speak of them
    ("The arguments are the record's columns", "Pass any state attribute as an argument"),
    other than to refuse others ("Additional properties are not allowed")."""
    if node.is_root:
        described = ctx.tool.definition.get("description")
        if isinstance(described, str) and any(_OF_ARGUMENTS.search(sentence) and not _REFUSING.search(sentence)
                                               for sentence in sentences(described[:_TOOL_WORDS_READ])):
            return "the tool's words speak of its arguments"
    return words_outweigh(node.description) or (words_outweigh(node.parent.description) if _an_item(node) else "")


_OF_ARGUMENTS = lazy_compile(r"\b(?:arguments?|parameters?|params|fields?|keys?|attributes?|properties|columns?|"
                             r"variables?)\b", re.I)
_REFUSING = lazy_compile(r"\b(?:not|no|never|only|rejected|refused|forbidden|disallowed|errors?|fails?)\b", re.I)
# How much of a tool's description is read for its arguments: it is read once per object closed.
_TOOL_WORDS_READ = 4_000


def _words_take_other_keys(ctx, node) -> bool:
    """Whether the object's words (the tool's too, for its arguments) say it takes keys it
    does not declare: traffic that sent none is then no evidence that none is taken."""
    return takes_other_keys(node.description, ctx.tool.definition.get("description") if node.is_root else None,
                            node.parent.description if _an_item(node) else None, name=node.field_name)


def _an_item(node) -> bool:
    """Whether `node` is an array's items, which the array's words describe too ("Lines. Any
    extra keys on a line are copied into its metadata")."""
    return node.keyword == "items" and node.parent is not None


# What an object may say of its keys, beside its branches: one that says any of these is refined
# by its branches, not made of them.
_DECLARES_KEYS = frozenset({"properties", "patternProperties", "additionalProperties", "unevaluatedProperties",
                            "propertyNames", "dependentSchemas", "dependentRequired", "dependencies", "allOf", "$ref",
                            "$dynamicRef", "if", "not"})


def _whole_alternative(node) -> bool:
    """Whether the node is (inside) a whole object of a union's: a branch of `anyOf`/`oneOf` (of
    nested unions, too) of an object that declares no key of its own and requires none the
    branch leaves out, itself in no composition (a discriminated union's variants). Closing
    such a branch, or an object inside it, leaves what the rest accepts as it was."""
    branch = _innermost_branch(node)
    _, refined = _refined(node)
    between: SchemaNode | None = branch
    while between is not None and between is not refined:  # `refined` is an ancestor: never None
        if between.keyword not in _UNIONS:
            return False
        between = between.parent
    if in_branch(refined) or not isinstance(refined.schema, dict):
        return False
    required = refined.schema.get("required", [])
    declared = branch.get("properties")
    return _DECLARES_KEYS.isdisjoint(refined.schema) and isinstance(required, list) and \
        set(map(str, required)) <= set(declared if isinstance(declared, dict) else ())


_UNIONS = frozenset({"anyOf", "oneOf"})


def _named(node: SchemaNode) -> str:
    """The object as a message names it: a union's branch by its place too, which its label
    (that of the value it describes) shares with the union and the other branches."""
    if node.keyword in _UNIONS:
        return f"`{label(node)}` (`{node.keyword}` branch {node.pointer.rsplit('/', 1)[-1]})"
    return f"`{label(node)}`"


def _innermost_branch(node: SchemaNode) -> SchemaNode:
    """The node itself if it is a branch of a composition, else the nearest one it lies in."""
    while node.keyword not in BRANCH_KEYWORDS and node.parent is not None:
        node = node.parent
    return node


def _refined(node) -> tuple[str, SchemaNode]:
    """The composition keyword a branch is under (its outermost), and the object it refines: the
    one around it."""
    branch = _innermost_branch(node)
    while branch.parent is not None and branch.parent.keyword in BRANCH_KEYWORDS:
        branch = branch.parent
    return str(branch.keyword), branch.parent if branch.parent is not None else branch
