"""What Gemini refuses in a declaration's `parametersJsonSchema`.

That field takes JSON Schema rather than `parameters`' OpenAPI subset, so the keyword table
of `gemini` does not apply; the reference states two rules: the schema describes an object
(its properties are the function's parameters), and a declaration carries either
`parametersJsonSchema` or `parameters`, never both. The function-name rule is shared with
`gemini`. Which JSON Schema keywords Gemini's decoding ignores here was not found in its
docs, so no keyword is reported as silently lost.
"""

from __future__ import annotations

from collections.abc import Iterator

from schema_lint.schema.pointer import join
from schema_lint.profiles import GEMINI_JSON_SCHEMA
from schema_lint.profiles.checks.gemini import function_name
from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.rule import ToolContext

PROFILE = GEMINI_JSON_SCHEMA


def check(ctx: ToolContext) -> Iterator[Problem]:
    yield from function_name(ctx, PROFILE)
    if not isinstance(ctx.tool.schema, dict) or "object" not in ctx.nodes[0].types:
        yield Problem(source("gemini-json-schema/root"), ctx.tool.schema_pointer,
                      f"{PROFILE}: the schema must describe an object (`\"type\": \"object\"`)")
    definition = ctx.tool.definition
    if "parameters" in definition and any(key in definition for key in ("parametersJsonSchema", "parameters_json_schema")):
        yield Problem(source("gemini-json-schema/exclusive"), join(ctx.tool.pointer, "parameters"),
                      f"{PROFILE}: a declaration has `parametersJsonSchema` or `parameters`, not both")
