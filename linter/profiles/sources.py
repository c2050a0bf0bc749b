"""Every refusal and limit the provider profiles check, with the provider's own words.

A check never states a provider rule of its own: it names an entry here, and the finding
carries the entry's quote and link, so a reader can tell a documented 400 from an
observed one and see when it was last looked up. `TABLE_VERSION` changes whenever an
entry is added, changed or re-checked. An entry whose source could not be found is kept
only with `verified=False` and what was searched, so that its findings say so.

Effects: `refused` (the request fails, HTTP 400, or a client leaves the tool out),
`dropped` (accepted, the keyword silently not enforced), `truncated` (part of the request is
cut), `moved-to-description` (an SDK rewrites the keyword into prose the model may ignore),
`discouraged` (a specification's SHOULD: conforming peers take it, some clients do not).
The middle three are silent loss (SL602): nothing fails, and the schema you wrote is not the
one the model's decoding follows.

A client's limit is usually not documented by the client; such an entry quotes the public
report that shows it and carries `observed`, the date of that report, so that its findings
say "observed" rather than "documented".
"""

from __future__ import annotations

from typing import NamedTuple

TABLE_VERSION = "2026-12-07"
CHECKED = "2026-12-03"

REFUSED = "refused"
DROPPED = "dropped"
TRUNCATED = "truncated"
MOVED = "moved-to-description"
DISCOURAGED = "discouraged"
EFFECTS = (REFUSED, DROPPED, TRUNCATED, MOVED, DISCOURAGED)
SILENT_LOSS = frozenset({DROPPED, TRUNCATED, MOVED})

OPENAI_DOCS = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas"
ANTHROPIC_DOCS = "https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations"
ANTHROPIC_LIMITS = "https://platform.claude.com/docs/en/build-with-claude/structured-outputs#schema-complexity-limits"
VERTEX_TOOL = "https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Tool"
# google-genai's FunctionDeclaration.name, which allows the dots and colons the older Vertex AI
# page (underscores and dashes only) did not.
GENAI_DECLARATION_NAME = ("https://googleapis.github.io/java-genai/javadoc/google-genai/com.google.genai.types/"
                          "-function-declaration/-builder/name.html")
VERTEX_SCHEMA = "https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Schema"
VERTEX_DECLARATION = ("https://cloud.google.com/vertex-ai/generative-ai/docs/reference/nodejs/1.1.0/vertexai/"
                      "functiondeclaration")
VERTEX_DECLARATION_REST = "https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration"
OPENAI_REFERENCE = "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools"
ANTHROPIC_STRICT_TOOLS = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use"
ANTHROPIC_MESSAGES = "https://platform.claude.com/docs/en/api/messages"
# The Python SDK's tool type, "generated from our OpenAPI spec": what the API takes as `input_schema`.
ANTHROPIC_TOOL_PARAM = "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types/tool_param.py"
MCP_2025_TOOLS = "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names"
MCP_2025_SCHEMA = "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2025-11-25/schema.ts"
MCP_2026_TOOLS = "https://modelcontextprotocol.io/specification/2026-07-28/server/tools"
MCP_2026_SCHEMA = "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.json"
MCP_2026_HEADERS = ("https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http"
                    "#custom-headers-from-tool-parameters")


class Source(NamedTuple):
    """One refusal or limit: what it covers, what happens, and where the provider says so."""

    id: str
    profile: str
    subject: str  # the keyword(s) or the limit, as a reader searches for it
    effect: str
    quote: str  # verbatim from `url`, short enough for a finding
    url: str
    checked: str = CHECKED
    request_wide: bool = False  # counted across the tools sent together
    verified: bool = True
    searched: str = ""  # for an unverified entry: what was looked for, and where
    # General rules whose finding at the same node this entry's finding replaces: one missing
    # keyword is one finding, the one that quotes the provider and carries its fix.
    supersedes: tuple[str, ...] = ()
    observed: str = ""  # a client's behaviour seen in a public report of this date, not documented

    @property
    def silent(self) -> bool:
        """Accepted without an error, yet not what the schema says: SL602's, and `~` in compat."""
        return self.effect in SILENT_LOSS

    def cite(self) -> str:
        """The tail of a finding: the provider's words and the link (or that none was found)."""
        if not self.verified:
            return f" (not verified against {self.profile}'s docs, checked {self.checked})"
        seen = f" (observed {self.observed})" if self.observed else ""
        return f" — “{self.quote}”{seen} {self.url}"


def _mcp_tool_name(version: str, url: str) -> Source:
    """The "Tool Names" section's length and characters, SHOULDs worded alike in both versions.
    Its "SHOULD be unique within a server" is SL019's (`duplicate-tool-name`), for every
    request whatever its profiles: the model APIs refuse repeated names outright."""
    return Source(f"{version}/tool-name", version, "tool name: 1–128 of `A-Z a-z 0-9 _ - .`", DISCOURAGED,
                  "Tool names SHOULD be between 1 and 128 characters in length (inclusive).", url,
                  supersedes=("SL402",))


_ENTRIES = (
    # OpenAI Structured Outputs, "Supported schemas" (function calling with `strict: true`).
    Source("openai-strict/root", "openai-strict", "root schema: an object, no `anyOf`", REFUSED,
           "the root level object of a schema must be an object, and not use anyOf", OPENAI_DOCS),
    Source("openai-strict/additional-properties", "openai-strict", "`additionalProperties: false` on every object",
           REFUSED, "additionalProperties: false must always be set in objects", OPENAI_DOCS, supersedes=("SL201",)),
    Source("openai-strict/required", "openai-strict", "every property in `required`", REFUSED,
           "all fields or function parameters must be specified as required", OPENAI_DOCS, supersedes=("SL101",)),
    Source("openai-strict/composition", "openai-strict",
           "`allOf`, `not`, `dependentRequired`, `dependentSchemas`, `if`, `then`, `else`", REFUSED,
           "Composition: allOf, not, dependentRequired, dependentSchemas, if, then, else", OPENAI_DOCS),
    # Pydantic writes a discriminated union as `oneOf`; the SDKs' strict helpers that pass it on
    # (openai-python's `pydantic_function_tool` among them) make tools the API refuses.
    Source("openai-strict/one-of", "openai-strict", "`oneOf` (use `anyOf`)", REFUSED,
           "Invalid schema for function '<function>': In context=(), 'oneOf' is not permitted.",
           "https://github.com/livekit/agents/issues/5302", observed="2026-04-01"),
    Source("openai-strict/unlisted", "openai-strict", "`unevaluatedProperties`, `dependencies`", REFUSED,
           "", OPENAI_DOCS, verified=False,
           searched="the Supported schemas list names neither keyword (supported: pattern, format, the numeric "
                    "bounds, minItems, maxItems, anyOf, $ref/$defs); no error text for either was found in "
                    "public issues"),
    Source("openai-strict/format", "openai-strict",
           "`format` other than date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid", REFUSED,
           "format — Predefined formats for strings. Currently supported:", OPENAI_DOCS),
    Source("openai-strict/properties", "openai-strict", "at most 5,000 object properties", REFUSED,
           "A schema may have up to 5000 object properties total, with up to 10 levels of nesting.", OPENAI_DOCS),
    Source("openai-strict/nesting", "openai-strict", "at most 10 levels of nesting", REFUSED,
           "A schema may have up to 5000 object properties total, with up to 10 levels of nesting.", OPENAI_DOCS),
    Source("openai-strict/string-size", "openai-strict",
           "at most 120,000 characters of property names, definition names, enum values and consts", REFUSED,
           "total string length of all property names, definition names, enum values, and const values cannot "
           "exceed 120,000 characters", OPENAI_DOCS),
    Source("openai-strict/enum-values", "openai-strict", "at most 1,000 enum values", REFUSED,
           "A schema may have up to 1000 enum values across all enum properties.", OPENAI_DOCS),
    Source("openai-strict/large-enum", "openai-strict",
           "a string enum of more than 250 values: at most 15,000 characters", REFUSED,
           "the total string length of all enum values cannot exceed 15,000 characters when there are more "
           "than 250 enum values", OPENAI_DOCS),
    # The function itself, strict or not (`checks.definition`).
    Source("openai/function-name", "openai", "function name: 1–64 of `a-z A-Z 0-9 _ -`", REFUSED,
           "The name of the function to be called. Must be a-z, A-Z, 0-9, or contain underscores and dashes, with "
           "a maximum length of 64.", OPENAI_REFERENCE, checked="2026-12-07", supersedes=("SL402",)),
    Source("openai/root", "openai", "`parameters` root `type: \"object\"`", REFUSED,
           "Invalid schema for function 'sendEmailTool': schema must be a JSON Schema of 'type: \"object\"', got "
           "'type: \"string\"'.", "https://github.com/alibaba/spring-ai-alibaba/issues/4576", observed="2026-04-29"),
    Source("openai/tools", "openai", "at most 128 tools per request", REFUSED,
           "Invalid 'tools': array too long. Expected an array with maximum length 128",
           "https://github.com/zed-industries/zed/issues/32946", request_wide=True),
    # Anthropic structured outputs, "JSON Schema limitations", shared by strict tool use; its
    # "Not supported" list ends "If you use an unsupported feature, you'll receive a 400 error".
    # The tool itself, strict or not (`checks.definition`).
    Source("anthropic/tool-name", "anthropic", "tool name: 1–64 of `a-z A-Z 0-9 _ -`", REFUSED,
           "Must match the regex ^[a-zA-Z0-9_-]{1,64}$", ANTHROPIC_MESSAGES, checked="2026-12-07",
           supersedes=("SL402",)),
    Source("anthropic/root", "anthropic", "`input_schema` root `type: \"object\"`", REFUSED,
           'type: Required[Literal["object"]]', ANTHROPIC_TOOL_PARAM, checked="2026-12-07", supersedes=("SL020",)),
    Source("anthropic/property-keys", "anthropic", "top-level property names: 1–64 of `a-z A-Z 0-9 _ . -`", REFUSED,
           "tools.14.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'",
           "https://github.com/beautyfree/appstore-connect-mcp/issues/2", observed="2026-04-13"),
    Source("anthropic-strict/recursion", "anthropic-strict", "recursive schemas", REFUSED,
           "Not supported: Recursive schemas", ANTHROPIC_DOCS),
    Source("anthropic-strict/external-ref", "anthropic-strict", "external `$ref`", REFUSED,
           "Not supported: External `$ref`", ANTHROPIC_DOCS),
    Source("anthropic-strict/numeric-bounds", "anthropic-strict",
           "`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`", REFUSED,
           "Numerical constraints (such as `minimum`, `maximum`, `multipleOf`)", ANTHROPIC_DOCS),
    Source("anthropic-strict/string-length", "anthropic-strict", "`minLength`, `maxLength`", REFUSED,
           "String constraints (`minLength`, `maxLength`)", ANTHROPIC_DOCS),
    Source("anthropic-strict/array-bounds", "anthropic-strict", "`maxItems`, `minItems` other than 0 or 1", REFUSED,
           "Array constraints beyond `minItems` of 0 or 1", ANTHROPIC_DOCS),
    Source("anthropic-strict/additional-properties", "anthropic-strict", "`additionalProperties` other than `false`",
           REFUSED, "`additionalProperties` set to anything other than `false`", ANTHROPIC_DOCS),
    Source("anthropic-strict/format", "anthropic-strict",
           "`format` other than date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid", REFUSED,
           "String formats: `date-time`, `time`, `date`, `duration`, `email`, `hostname`, `uri`, `ipv4`, `ipv6`, "
           "`uuid`", ANTHROPIC_DOCS),
    Source("anthropic-strict/strict-tools", "anthropic-strict", "at most 20 strict tools per request", REFUSED,
           "Maximum number of tools with `strict: true`. Non-strict tools don't count toward this limit.",
           ANTHROPIC_LIMITS, request_wide=True),
    Source("anthropic-strict/optional-parameters", "anthropic-strict",
           "at most 24 optional parameters across the strict tools of a request", REFUSED,
           "Total optional parameters across all strict tool schemas and JSON output schemas.",
           ANTHROPIC_LIMITS, request_wide=True),
    Source("anthropic-strict/union-parameters", "anthropic-strict",
           "at most 16 union-typed parameters (`anyOf` or a type array) across the strict tools of a request",
           REFUSED, "Total parameters that use `anyOf` or type arrays (for example, `\"type\": [\"string\", "
                    "\"null\"]`) across all strict schemas.", ANTHROPIC_LIMITS, request_wide=True),
    # Gemini / Vertex AI function declarations.
    Source("gemini/function-name", "gemini",
           "function name: a letter or `_`, then `a-z A-Z 0-9 _ . : -`, at most 64 characters",
           REFUSED, "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, "
                    "colons and dashes, with a maximum length of 64.", GENAI_DECLARATION_NAME, checked="2026-12-05",
           supersedes=("SL402",)),
    Source("gemini/format", "gemini", "`format` on a string other than `enum`, `date-time`, `email`, `byte`", REFUSED,
           "", VERTEX_SCHEMA, verified=False, checked="2026-12-05",
           searched="the API's error text \"format: only 'enum' and 'date-time' are supported for STRING type\" is "
                    "from June 2025 (enechange/collmbo#195); the Schema reference now lists \"for STRING type: "
                    "\"email\", \"byte\", etc\", and no current list of the string formats it refuses was found"),
    Source("gemini/declarations", "gemini", "at most 128 function declarations per request", REFUSED,
           "Maximum 128 function declarations can be provided.", VERTEX_TOOL, request_wide=True),
    Source("gemini/parameter-name", "gemini", "parameter name: letters, digits and `_`, at most 64 characters",
           REFUSED, "", VERTEX_DECLARATION, verified=False,
           searched="the FunctionDeclaration and Schema references found describe `parameters` as an OpenAPI 3.0 "
                    "subset but state no rule for property names"),
    Source("gemini/openapi-subset", "gemini",
           "`$ref`, `oneOf`, `allOf`, `additionalProperties`, `const`, `not`, `if`… in `parameters`", REFUSED,
           "", VERTEX_DECLARATION, verified=False,
           searched="the Schema reference (\"a select subset of an OpenAPI 3.0 schema object\") now lists `anyOf` "
                    "and, on Vertex AI, `ref`, `defs` and `additionalProperties`; whether the Gemini API refuses "
                    "or ignores the others was not found in its docs"),
    Source("gemini/type-list", "gemini", "a list as `type` (use `nullable`)", REFUSED, "", VERTEX_DECLARATION,
           verified=False, searched="the Schema reference gives `type` as one enum value; no error text for a "
                                    "list was found in public issues"),
    # Gemini `parametersJsonSchema` (FunctionDeclaration reference). Which JSON Schema keywords the
    # model's decoding ignores there was not found in Google's docs, so none is checked.
    Source("gemini-json-schema/root", "gemini-json-schema", "`parametersJsonSchema`: an object schema", REFUSED,
           "The schema must describe an object where the properties are the parameters to the function.",
           VERTEX_DECLARATION_REST),
    Source("gemini-json-schema/exclusive", "gemini-json-schema", "`parametersJsonSchema` and `parameters` together",
           REFUSED, "This field is mutually exclusive with parameters.", VERTEX_DECLARATION_REST),
    # Non-strict function calling: the schema guides the model, nothing holds it to it.
    Source("openai/best-effort", "openai", "`format`, `pattern`, length, range and item bounds (not strict)",
           DROPPED, "If set to true, the model will follow the exact schema defined in the `parameters` field.",
           OPENAI_REFERENCE),
    Source("anthropic/best-effort", "anthropic", "`format`, `pattern`, length, range and item bounds (not strict)",
           DROPPED, "Without strict mode, Claude might return incompatible types", ANTHROPIC_STRICT_TOOLS),
    # MCP: the specification's Tool type and its "Tool Names" section, by version.
    Source("mcp-2025-11-25/root", "mcp-2025-11-25", "`inputSchema` root `type: \"object\"`", REFUSED,
           'inputSchema: { $schema?: string; type: "object";', MCP_2025_SCHEMA, supersedes=("SL020",)),
    Source("mcp-2025-11-25/output-root", "mcp-2025-11-25", "`outputSchema` root `type: \"object\"`", REFUSED,
           'Currently restricted to type: "object" at the root level.', MCP_2025_SCHEMA, supersedes=("SL018",)),
    _mcp_tool_name("mcp-2025-11-25", MCP_2025_TOOLS),
    Source("mcp-2026-07-28/root", "mcp-2026-07-28", "`inputSchema` root `type: \"object\"`", REFUSED,
           'Tool arguments are always JSON objects, so `type: "object"` is required at the root.', MCP_2026_SCHEMA,
           supersedes=("SL020",)),
    _mcp_tool_name("mcp-2026-07-28", MCP_2026_TOOLS),
    # 2026-07-28's `x-mcp-header`: "Clients using the Streamable HTTP transport MUST reject tool
    # definitions where any `x-mcp-header` value violates these constraints."
    Source("mcp-2026-07-28/header-token", "mcp-2026-07-28", "`x-mcp-header`: a non-empty HTTP token", REFUSED,
           "MUST match HTTP field-name token syntax (`1*tchar`, RFC 9110 Section 5.1)", MCP_2026_TOOLS),
    Source("mcp-2026-07-28/header-unique", "mcp-2026-07-28", "`x-mcp-header` values case-insensitively unique",
           REFUSED, "MUST be case-insensitively unique among all `x-mcp-header` values in the `inputSchema`",
           MCP_2026_TOOLS),
    Source("mcp-2026-07-28/header-type", "mcp-2026-07-28", "`x-mcp-header` only on an integer, string or boolean",
           REFUSED, "MUST only be applied to parameters with primitive types (integer, string, boolean).",
           MCP_2026_TOOLS),
    Source("mcp-2026-07-28/header-reachable", "mcp-2026-07-28", "`x-mcp-header` only through `properties` from the root",
           REFUSED, "Nested object properties are permitted as long as every step in the chain is a `properties` key.",
           MCP_2026_HEADERS),
    # Clients, as public reports show them behave (dates are the reports').
    Source("claude-code/tool-name", "claude-code", "`mcp__<server>__<tool>` within 64 characters", REFUSED,
           "tools.187.custom.name: String should have at most 64 characters",
           "https://github.com/anthropics/claude-code/issues/2412", observed="2025-06-21"),
    Source("cursor/tools", "cursor", "only the first 40 tools reach the model", TRUNCATED,
           "Currently, Cursor will only send the first 40 tools to the Agent.",
           "https://github.com/RyanCardin15/AzureDevOps-MCP/pull/8", request_wide=True, observed="2025-03-28"),
    Source("vscode-copilot/tools", "vscode-copilot", "at most 128 tools per request", REFUSED,
           "Cannot have more than 128 tools per request.", "https://github.com/microsoft/vscode/issues/258890",
           request_wide=True, observed="2025-07-17"),
)

SOURCES: dict[str, Source] = {entry.id: entry for entry in _ENTRIES}


def source(entry_id: str) -> Source:
    return SOURCES[entry_id]
