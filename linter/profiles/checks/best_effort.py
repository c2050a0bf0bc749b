"""What non-strict function calling silently does not enforce: the schema's constraints.

(What the API refuses in the definition itself, strict or not, is `definition`'s.)

Without `"strict": true`, OpenAI and Anthropic show the schema to the model and hold the
call to none of it ("If set to true, the model will follow the exact schema"; "Without
strict mode, Claude might return incompatible types"). Structure still guides the model,
but a value constraint (`format`, `pattern`, a length, a range, an item bound) is a request
the model may ignore: each is a silent loss (SL602) at its keyword. The executor, or the
boundary, must check it; or the tool can be sent strict.
"""

from __future__ import annotations

from collections.abc import Iterator

from schema_lint.schema.pointer import join
from schema_lint.profiles import ANTHROPIC, ANTHROPIC_STRICT, OPENAI, OPENAI_STRICT
from schema_lint.profiles.checks import definition
from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.rule import ToolContext
from schema_lint.schema.walk import label

CONSTRAINTS = ("format", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum",
               "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "uniqueItems", "minProperties",
               "maxProperties")
_ENTRIES = {OPENAI: "openai/best-effort", ANTHROPIC: "anthropic/best-effort"}


def check_openai(ctx: ToolContext) -> Iterator[Problem]:
    if OPENAI_STRICT not in ctx.profiles:  # else the strict profile asks the same of the definition
        yield from definition.openai(ctx, OPENAI)
    yield from _check(ctx, OPENAI)


def check_anthropic(ctx: ToolContext) -> Iterator[Problem]:
    if ANTHROPIC_STRICT not in ctx.profiles:
        yield from definition.anthropic(ctx, ANTHROPIC)
    yield from _check(ctx, ANTHROPIC)


def _check(ctx: ToolContext, profile: str) -> Iterator[Problem]:
    if ctx.tool.strict:  # sent strict, the provider's strict profile answers for it
        return
    entry = source(_ENTRIES[profile])
    for node in ctx.walk():
        if not isinstance(node.schema, dict):
            continue
        for keyword in CONSTRAINTS:
            if keyword in node.schema:
                yield Problem(entry, join(node.pointer, keyword), f"{profile}: `{keyword}` on `{label(node)}` is not "
                              f"enforced without `strict: true`; the model may send a value outside it")
