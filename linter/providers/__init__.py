"""What each provider refuses in a tool schema, so rules never advise it and SL601 reports it.

A tool is checked for the profiles the configuration or `--profile` names, plus those its
own definition implies: `"strict": true` on an OpenAI or Anthropic tool, and a Gemini
declaration's `parameters` (an OpenAPI 3.0 subset the API enforces with a 400). The
keyword tables live here, apart from the per-provider checks, so that `ToolContext` can
ask `refuses(keyword)` without importing any rule.

"Refuses" means the request fails, or the keyword is silently not enforced: either way a
fix that adds it would bind nothing. Each refusal is an entry of `sources`, quoted there.
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

# The keyword sets behind the entries of `sources` (which quote them): OpenAI's composition
# keywords, and two it does not list; Anthropic's bounds ("Numerical constraints",
# "String constraints", "Array constraints beyond `minItems` of 0 or 1"), which its API
# answers with a 400 ("For 'integer' type, properties maximum, minimum are not supported",
# earendil-works/pi#9953); Gemini `parameters`' OpenAPI 3.0 subset.
OPENAI_COMPOSITION = frozenset({"allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else"})
OPENAI_UNLISTED = frozenset({"dependencies", "unevaluatedProperties"})
OPENAI_REFUSED = OPENAI_COMPOSITION | OPENAI_UNLISTED
ANTHROPIC_NUMERIC = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})
ANTHROPIC_LENGTH = frozenset({"minLength", "maxLength"})
ANTHROPIC_REFUSED = ANTHROPIC_NUMERIC | ANTHROPIC_LENGTH | {"maxItems"}
GEMINI_REFUSED = frozenset({"$ref", "$defs", "definitions", "oneOf", "allOf", "not", "if", "then", "else",
                            "additionalProperties", "unevaluatedProperties", "patternProperties",
                            "dependentRequired", "dependentSchemas", "const", "prefixItems"})
# The string formats each strict mode takes ("Currently supported:" / "String formats:").
OPENAI_FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"})
ANTHROPIC_FORMATS = OPENAI_FORMATS | {"uri"}

_REFUSED = {OPENAI_STRICT: OPENAI_REFUSED, ANTHROPIC_STRICT: ANTHROPIC_REFUSED, GEMINI: GEMINI_REFUSED}
_FORMATS = {OPENAI_STRICT: OPENAI_FORMATS, ANTHROPIC_STRICT: ANTHROPIC_FORMATS}


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


def refusing(profiles: Iterable[str], keyword: str, value: object = None) -> str | None:
    """The first of `profiles` that refuses `keyword` (or, given, `keyword: value`, such as a
    `format` outside the profile's list), or None."""
    return next((p for p in sorted(profiles) if keyword in _REFUSED.get(p, ())
                 or (keyword == "format" and value is not None and value not in _FORMATS.get(p, (value,)))), None)
