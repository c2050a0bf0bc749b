"""An object that accepts keys nobody declared.

## What it does
Flags an object schema with `properties` that neither sets `additionalProperties:
false` nor `unevaluatedProperties: false`, and a write tool's arguments that declare no
parameter at all (`{"type": "object"}`, `{}`, or the same nothing spelled `true`,
`{"$ref": "#"}`, `{"allOf": [{}]}`, `{"not": {"not": {}}}`...): any call passes, whatever it carries. Objects that combine subschemas with
`allOf` are pointed at `unevaluatedProperties`, which sees through the combination.
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
`openai-strict` SL601 carries the fix). Otherwise whether the tool's implementation
takes keys the schema does not declare is not written in the schema, and real correct
calls do send them (a `sender_id` the executor reads, a response field echoed back): the
finding carries the closing keyword as a suggestion, never applied by `--fix`, for a
reviewer who has seen the traffic (`schema-lint replay --against` on recorded calls
shows which calls the closed schema would reject). Where the recorded calls did send
other keys there is no suggestion either: the message says so.
"""

from __future__ import annotations

from schema_lint.model import EVIDENCE_CALLS, EVIDENCE_NONE, Evidence, Fix, FixSafety, Operation, Severity, SideEffects
from schema_lint.profiles import ANTHROPIC_STRICT, OPENAI_STRICT
from schema_lint.schema.accepts_anything import says_nothing_of_keys
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import CONDITION_KEYWORDS, in_branch, label
from schema_lint.traffic.values import evidence, seen_at

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
    for node in ctx.objects():
        # A condition (`if`, `not` …) or an `allOf` part tests or refines an object described
        # elsewhere: closing it alone would switch the condition off or reject the whole.
        if not isinstance(node.get("properties"), dict) or node.keyword == "allOf" or in_branch(node, CONDITION_KEYWORDS):
            continue
        if node.get("additionalProperties", True) is not True or node.get("unevaluatedProperties", True) is not True:
            continue
        sees_through_allof = "allOf" in node.schema and not ctx.refuses("unevaluatedProperties")
        keyword = "unevaluatedProperties" if sees_through_allof else "additionalProperties"
        message = f"object `{label(node)}` accepts undeclared keys (no `{keyword}: false`)"
        sent = seen_at(ctx, node, "object")
        closing = (Operation("add", join(node.pointer, keyword), False),)
        speaks_unseen = ctx.side_effects is not SideEffects.READ or bool(ctx.profiles & STRICT_PROFILES)
        if sent is None and speaks_unseen and in_branch(node):
            # A branch of `anyOf`/`oneOf` refines an object described around it: closing the
            # branch alone would reject the keys the rest declares.
            yield Finding(node.pointer, message + "; no fix: it is a branch of a composition, close the object "
                                                  "it refines")
        elif sent is None:
            if speaks_unseen:
                yield Finding(node.pointer, message, fix=Fix(
                    f"set `{keyword}: false` (the schema does not say whether other keys are taken: confirm with the "
                    "traffic)", FixSafety.SUGGESTION, closing, Evidence(EVIDENCE_NONE)))
        elif not node.get("patternProperties") and not sent.keys_open and set(sent.keys) <= set(node.get("properties")):
            seen = evidence(sent.of_type("object"), "none with another key")
            yield Finding(node.pointer, message, fix=Fix(f"set `{keyword}: false` ({seen})", FixSafety.UNSAFE, closing,
                                                          Evidence(EVIDENCE_CALLS, seen)))
        elif speaks_unseen:
            yield Finding(node.pointer, message + "; no fix: recorded calls sent keys it does not declare")
