"""What each provider, MCP version and client refuses or silently loses, with its source.

So rules never advise it, the fix gate never offers it, and SL601 reports it.

A tool is checked for the profiles the configuration or `--profile` names, plus those its
own definition implies: `"strict": true` on an OpenAI or Anthropic tool, a Gemini
declaration's `parameters` (an OpenAPI 3.0 subset the API enforces with a 400) or its
`parametersJsonSchema`. Non-strict, MCP and client profiles are only ever asked for: a
tool does not say which client will load it. The
keyword tables live here, apart from the per-provider checks, so that `ToolContext` can
ask `refuses(keyword)` without importing any rule.

"Refuses" means the request fails: no fix may add what a tool's profile refuses, since the
tool would then not be sent at all (the fix gate withholds it). Each refusal is an entry
of `sources`, quoted there.

The checks that apply this table to a tool are in `profiles.checks`, above the rule
contract whose `ToolContext` they read.

May import: model, schema.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from schema_lint.schema.dialect import is_openapi_dialect
from schema_lint.model import Tool

OPENAI_STRICT = "openai-strict"
OPENAI = "openai"
ANTHROPIC_STRICT = "anthropic-strict"
ANTHROPIC = "anthropic"
GEMINI = "gemini"
GEMINI_JSON_SCHEMA = "gemini-json-schema"
MCP_2025_11_25 = "mcp-2025-11-25"
MCP_2026_07_28 = "mcp-2026-07-28"
CLAUDE_CODE = "claude-code"
CURSOR = "cursor"
VSCODE_COPILOT = "vscode-copilot"
# The providers' API profiles, which `compat` shows unless asked for others.
API_PROFILES = (OPENAI_STRICT, ANTHROPIC_STRICT, GEMINI)
PROFILES = (OPENAI_STRICT, OPENAI, ANTHROPIC_STRICT, ANTHROPIC, GEMINI, GEMINI_JSON_SCHEMA, MCP_2025_11_25,
            MCP_2026_07_28, CLAUDE_CODE, CURSOR, VSCODE_COPILOT)

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
ANTHROPIC_NUMERIC = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})
ANTHROPIC_LENGTH = frozenset({"minLength", "maxLength"})
GEMINI_REFUSED = frozenset({"$ref", "$defs", "definitions", "oneOf", "allOf", "not", "if", "then", "else",
                            "additionalProperties", "unevaluatedProperties", "patternProperties",
                            "dependentRequired", "dependentSchemas", "const", "prefixItems"})
# The formats each profile takes ("Currently supported:" / "String formats:"; for Gemini the
# string formats its Schema reference names, `enum` and `date-time` from its June 2025 error
# text, and its numeric formats: an unverified entry, see `sources`).
OPENAI_FORMATS = frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"})
ANTHROPIC_FORMATS = OPENAI_FORMATS | {"uri"}
GEMINI_STRING_FORMATS = frozenset({"enum", "date-time", "email", "byte"})
GEMINI_FORMATS = GEMINI_STRING_FORMATS | {"float", "double", "int32", "int64"}

# What each profile refuses, keyword by keyword, with the entry of `sources` that says so; a
# keyword with a predicate is refused only for the values it rejects (`format: uri` under
# openai-strict, `minItems: 2` under anthropic-strict). Fixes are checked against this table
# (the fix gate), and rules ask it through `ToolContext.refuses` before they advise.
_Allowed = Callable[[object], bool]
_REFUSALS: dict[str, dict[str, tuple[str, _Allowed | None]]] = {
    OPENAI_STRICT: {**dict.fromkeys(OPENAI_COMPOSITION, ("openai-strict/composition", None)),
                    **dict.fromkeys(OPENAI_UNLISTED, ("openai-strict/unlisted", None)),
                    "oneOf": ("openai-strict/one-of", None),
                    "format": ("openai-strict/format", lambda value: value in OPENAI_FORMATS)},
    ANTHROPIC_STRICT: {**dict.fromkeys(ANTHROPIC_NUMERIC, ("anthropic-strict/numeric-bounds", None)),
                       **dict.fromkeys(ANTHROPIC_LENGTH, ("anthropic-strict/string-length", None)),
                       "maxItems": ("anthropic-strict/array-bounds", None),
                       "minItems": ("anthropic-strict/array-bounds", lambda value: type(value) is int and value in (0, 1)),
                       "additionalProperties": ("anthropic-strict/additional-properties", lambda value: value is False),
                       "format": ("anthropic-strict/format", lambda value: value in ANTHROPIC_FORMATS)},
    GEMINI: {**dict.fromkeys(GEMINI_REFUSED, ("gemini/openapi-subset", None)),
             "format": ("gemini/format", lambda value: value in GEMINI_FORMATS)},
}
_ANY = object()
_JSON_SCHEMA_KEYS = ("parametersJsonSchema", "parameters_json_schema")


def implied_profiles(tool: Tool) -> set[str]:
    """Profiles a tool's own definition switches on, whatever the configuration says."""
    implied = set()
    if tool.strict and tool.format in STRICT_FLAG_PROFILES:
        implied.add(STRICT_FLAG_PROFILES[tool.format])
    if is_gemini_parameters(tool):
        implied.add(GEMINI)
    elif tool.format == "gemini_function_declaration" and tool.schema_pointer.rsplit("/", 1)[-1] in _JSON_SCHEMA_KEYS:
        implied.add(GEMINI_JSON_SCHEMA)
    return implied


def is_gemini_parameters(tool: Tool) -> bool:
    """A Gemini declaration's `parameters` (not `parametersJsonSchema`, which takes full JSON Schema)."""
    return is_openapi_dialect(tool.format, tool.schema_pointer)


def refusal(profiles: Iterable[str], keyword: str, value: object = _ANY) -> str | None:
    """The `sources` entry by which the first of `profiles` refuses `keyword` (or, given,
    `keyword: value`), or None. A keyword refused only for some values is not refused when no
    value is given."""
    for profile in sorted(profiles):
        entry, allowed = _REFUSALS.get(profile, {}).get(keyword, (None, None))
        if entry is not None and (allowed is None or (value is not _ANY and not allowed(value))):
            return entry
    return None


def refusing(profiles: Iterable[str], keyword: str, value: object = _ANY) -> str | None:
    """The first of `profiles` that refuses `keyword` (or, given, `keyword: value`), or None."""
    entry = refusal(profiles, keyword, value)
    return entry and entry.split("/")[0]


def refused_note(profiles: frozenset[str], keyword: str, *value: Any) -> str | None:
    """What a finding adds when a profile refuses the keyword its fix would add (`; no fix: it
    adds `format: uri`, which openai-strict refuses`), or None. Also for a rule whose finding
    is itself the advice to add that keyword, fix or not."""
    entry = refusal(profiles, keyword, *value)
    if entry is None:
        return None
    added = f"`{keyword}`" if not value else f"`{keyword}: {_plain(value[0])}`"
    return f"; no fix: it adds {added}, which {entry.split('/')[0]} refuses"


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)
