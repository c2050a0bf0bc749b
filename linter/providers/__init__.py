"""What each provider refuses in a tool schema, so rules never advise it and SL601 reports it.

A tool is checked for the profiles the configuration or `--profile` names, plus those its
own definition implies: `"strict": true` on an OpenAI or Anthropic tool, and a Gemini
declaration's `parameters` (an OpenAPI 3.0 subset the API enforces with a 400). The
keyword tables live here, apart from the per-provider checks, so that `ToolContext` can
ask `refuses(keyword)` without importing any rule.

"Refuses" means the request fails, or the keyword is silently not enforced (Anthropic's
SDK moves numeric and length bounds into the description): either way a fix that adds
it would bind nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from schema_lint.dialect import is_openapi_dialect
from schema_lint.model import Tool

OPENAI_STRICT = "openai-strict"
ANTHROPIC_STRICT = "anthropic-strict"
GEMINI = "gemini"
PROFILES = (OPENAI_STRICT, ANTHROPIC_STRICT, GEMINI)

# Providers' strict flags switch on the matching profile for that tool alone.
STRICT_FLAG_PROFILES = {
    "openai_chat_function": OPENAI_STRICT,
    "openai_responses_function": OPENAI_STRICT,
    "anthropic_tool": ANTHROPIC_STRICT,
}

# OpenAI structured outputs, "Supported schemas" / "Some type-specific keywords are not
# yet supported": composition keywords are an error under `strict: true`; and since
# "`additionalProperties: false` must always be set", `unevaluatedProperties` cannot
# stand in for it.
OPENAI_REFUSED = frozenset({"allOf", "not", "dependentRequired", "dependentSchemas", "dependencies",
                            "if", "then", "else", "unevaluatedProperties"})
# Anthropic structured outputs, "JSON Schema limitations": numeric bounds, string lengths
# and array bounds beyond `minItems` 0/1 are not enforced (the SDK moves them into the
# description).
ANTHROPIC_NOT_ENFORCED = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                                    "multipleOf", "minLength", "maxLength", "maxItems"})
# Gemini FunctionDeclaration.parameters: an OpenAPI 3.0 Schema subset with no references,
# no `oneOf`/`allOf`, no closed objects and none of the later drafts' keywords.
GEMINI_REFUSED = frozenset({"$ref", "$defs", "definitions", "oneOf", "allOf", "not", "if", "then", "else",
                            "additionalProperties", "unevaluatedProperties", "patternProperties",
                            "dependentRequired", "dependentSchemas", "const", "prefixItems"})

_REFUSED = {OPENAI_STRICT: OPENAI_REFUSED, ANTHROPIC_STRICT: ANTHROPIC_NOT_ENFORCED, GEMINI: GEMINI_REFUSED}


def implied_profiles(tool: Tool) -> set[str]:
    """Profiles a tool's own definition switches on, whatever the configuration says."""
    implied = set()
    if tool.strict and tool.format in STRICT_FLAG_PROFILES:
        implied.add(STRICT_FLAG_PROFILES[tool.format])
    if is_gemini_parameters(tool):
        implied.add(GEMINI)
    return implied


def is_gemini_parameters(tool: Tool) -> bool:
    """A Gemini declaration's `parameters` (not `parametersJsonSchema`, which takes full JSON Schema)."""
    return is_openapi_dialect(tool.format, tool.schema_pointer)


def refusing(profiles: Iterable[str], keyword: str) -> str | None:
    """The first of `profiles` that refuses `keyword`, or None."""
    return next((p for p in sorted(profiles) if keyword in _REFUSED.get(p, ())), None)
