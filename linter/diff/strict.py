"""Classify a change to a tool's `strict` flag: OpenAI's strict function calling (and
Anthropic's strict tool use, switched on by the same flag).

The flag lies beside the argument schema, not in it, so `changes.compare` never sees it;
yet it changes which calls reach the tool. OpenAI's API reference for a function's
`strict`: "Whether to enable strict schema adherence when generating the function call.
If set to true, the model will follow the exact schema defined in the parameters field.
Only a subset of JSON Schema is supported when strict is true"
(https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools; the
function calling guide, https://platform.openai.com/docs/guides/function-calling#strict-mode,
sends the same function with `additionalProperties: false` and every field required). And
the subset is enforced: "If you turn on Structured Outputs by supplying strict: true and
call the API with an unsupported JSON Schema, you will receive an error"
(https://platform.openai.com/docs/guides/structured-outputs#supported-schemas, which lists
"additionalProperties: false must always be set in objects" and "all fields or function
parameters must be specified as required"). So, with the profile the flag switches on
(`profiles.STRICT_FLAG_PROFILES`) saying whether it refuses the schema:

- **breaking**: the tool is strict after and its profile refuses the schema, where it did not
  before (the flag added to a schema with an optional field or an open object, or such a
  field added to a strict tool): the request that offers the tool fails, and no call
  reaches it;
- **narrowing**: the flag added to a schema the profile takes: every call valid before
  still is, and the model now sends only calls the schema accepts;
- **widening**: the flag removed: the schema accepts what it did, and the model is no
  longer held to it.

Whether the profile refuses a schema is its check's answer (`profiles.checks`), which the
caller runs: this module only classifies.
"""

from __future__ import annotations

from schema_lint.diff.changes import BREAKING, NARROWING, WIDENING, Change

# Where a change to the flag is reported: beside the argument schema's pointers, as a
# results schema's are under `/outputSchema`.
POINTER = "/strict"


def compare_strict(old_profile: str | None, new_profile: str | None, old_refused: bool,
                   new_refusals: list[str]) -> list[Change]:
    """The change of a tool's `strict` flag. `old_profile`, `new_profile`: the profile the flag
    switches on before and after (None: not strict, or a format where the flag means
    nothing); `old_refused`: whether `old_profile` refused the old schema; `new_refusals`:
    what `new_profile` refuses in the new schema (empty: it takes it)."""
    if new_profile is not None and new_refusals and not (old_profile == new_profile and old_refused):
        how = "`strict: true` added" if old_profile is None else "the tool is strict"
        return [Change(POINTER, BREAKING, f"{how}, and {new_profile} refuses the schema ({'; '.join(new_refusals)}): "
                                          "the request offering the tool fails, so no call reaches it")]
    if new_profile is not None and old_profile is None:
        return [Change(POINTER, NARROWING, f"`strict: true` added: the schema is one {new_profile} takes, so every "
                                           "call valid before still is; the model now sends only calls it accepts")]
    if old_profile is not None and new_profile is None:
        return [Change(POINTER, WIDENING, "`strict` removed: the schema accepts what it did; the model is no longer "
                                          "held to it")]
    return []
