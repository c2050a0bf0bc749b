"""Find the tools inside a parsed document, whatever shape they were published in.

Shapes recognised (see README "Usage"): OpenAI Chat and Responses function tools,
request bodies with `tools`, Anthropic tools, MCP tools, `tools/list` results and
whole JSON-RPC responses, Gemini function declarations, Amazon Bedrock Converse
`toolConfig` tool specifications, BFCL function docs,
pydantic-ai tool definitions, the AI SDK's `tools` object (tools under their names, a
schema perhaps under `jsonSchema`), lists of any of these, and raw JSON Schema files that
look like a tool's arguments (see `not_tool_arguments`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from schema_lint.schema.dialect import standard_type
from schema_lint.prose.field_kinds import words
from schema_lint.model import Tool
from schema_lint.schema.pointer import join, split
from schema_lint.prose.side_effects import is_verb
from schema_lint.text.display import clip

# Keys that hold a tool's argument schema, with the format they imply.
_SCHEMA_KEYS = (
    ("inputSchema", "mcp_tool"),
    ("input_schema", "anthropic_tool"),
    ("parametersJsonSchema", "gemini_function_declaration"),
    ("parameters_json_schema", "pydantic_ai_tool_def"),
    ("parameters", "function"),
)
# Keys whose value is a list (or holder) of tools.
_CONTAINERS = ("tools", "functions", "functionDeclarations", "function_declarations", "result",
               "function",  # BFCL question entries: {"id", "question", "function": [...]}
               "tool",  # dataset and log records: {"uid", ..., "tool": {...the tool as published}}
               "toolConfig", "toolSpec")  # Bedrock Converse: {"toolConfig": {"tools": [{"toolSpec": {...}}]}}
_GEMINI_CONTAINERS = ("functionDeclarations", "function_declarations")
# Bedrock Converse wraps each tool (`{"toolSpec": tool}`) and its schema (`"inputSchema": {"json": schema}`).
_BEDROCK_TOOL, _BEDROCK_SCHEMA = "toolSpec", "json"
# The AI SDK's `jsonSchema()` helper, serialized: `"inputSchema": {"jsonSchema": schema}`; its
# tools, sent to whichever model API the app calls, are named by that API's rules (SL402).
_AI_SDK_SCHEMA = "jsonSchema"
AI_SDK_TOOL = "ai_sdk_tool"
# google-genai's Python FunctionDeclaration shares `parameters_json_schema` with
# pydantic-ai's ToolDefinition; only these fields of its own tell it apart.
_GEMINI_ONLY_FIELDS = ("response_json_schema", "response", "behavior")


# Last words of a title that name a document rather than a call: "App config", "EditorSettings".
_DOCUMENT_NOUNS = frozenset({"config", "configuration", "settings", "preferences", "manifest"})


# Keys that hold nothing but a tool's argument schema: whatever else they hold is a broken tool.
_ONLY_SCHEMA_KEYS = frozenset({"inputSchema", "input_schema", "parametersJsonSchema", "parameters_json_schema"})


class BrokenTool(NamedTuple):
    """A tool whose arguments schema is no schema (a JSON string, null): no provider takes it."""

    name: str
    schema_pointer: str
    message: str


def find_tools(data: Any, fallback_name: str, raw_schemas: bool | None = None,
               broken: list[BrokenTool] | None = None) -> list[Tool]:
    """The tools in `data`. A document that is a bare JSON Schema counts as one tool's
    arguments when `raw_schemas` is True, never when False, and when None (the default)
    only where it looks like them (`not_tool_arguments` finds no reason against).
    `broken`, when given, gets each tool whose arguments schema is no schema (`BrokenTool`),
    which is not among the tools: a reader that must not pass it in silence asks for them."""
    tools: list[Tool] = []
    _visit(data, "", tools, hint=None, broken=[] if broken is None else broken)
    if tools or raw_schemas is False or not _looks_like_schema(data):
        return tools
    if raw_schemas or not_tool_arguments(data) is None:
        name = data.get("title") if isinstance(data.get("title"), str) else fallback_name
        tools.append(Tool(name=name, schema=data, pointer="", schema_pointer="", format="json_schema", definition=data))
    return tools


def result_schemas(tools: list[Tool]) -> list[Tool]:
    """The results schemas (`outputSchema`) the MCP tools among `tools` declare, each as a
    Tool of the same name whose `schema` is that schema (`part` "results")."""
    return [Tool(name=tool.name, schema=tool.definition["outputSchema"], pointer=tool.pointer,
                 schema_pointer=join(tool.pointer, "outputSchema"), format=tool.format, definition=tool.definition,
                 uid=tool.uid, part="results")
            for tool in tools if tool.format == "mcp_tool" and isinstance(tool.definition.get("outputSchema"), (dict, bool))]


class Requests:
    """Which tools of a document are sent together, in one request: the items of one list of
    tools (an MCP `tools` listing, a request body's `tools`, a JSON or YAML array of tools),
    Gemini's several `functionDeclarations` lists of one `tools` taken as one.

    A tool in no list (a file of one tool, a dataset record's `tool`) is sent alone. In a
    catalogue, whose top-level entries are documents of their own (JSON Lines' lines, a YAML
    stream's documents), each entry is apart from the others: the same tool published by
    several frameworks on several lines is not one request, while a line that is a whole
    request body holds one.
    """

    def __init__(self, tools: Sequence[Tool], catalogue: bool) -> None:
        self._catalogue = catalogue
        self._tools = tools
        lists: dict[str, list[Tool]] = {}
        for tool in tools:
            key = self._key(tool.pointer)
            if key is not None:
                lists.setdefault(key, []).append(tool)
        # One tuple per request, shared by its tools: a rule that counts across a request
        # does it once, for the tuple it is handed again for each tool.
        self._by_key = {key: tuple(listed) for key, listed in lists.items()}

    def of(self, tool: Tool) -> tuple[Tool, ...]:
        """The tools sent in one request with `tool` (itself included, in document order); a
        results schema's tool (`part` "results") is answered with its arguments' request."""
        key = self._key(tool.pointer)
        return (tool,) if key is None else self._by_key.get(key, (tool,))

    def each(self) -> list[tuple[Tool, ...]]:
        """Every request, in the order of their first tools."""
        return [sent for tool in self._tools if (sent := self.of(tool))[0] is tool]

    def _key(self, pointer: str) -> str | None:
        """The pointer of the list that holds the tool at `pointer`, or None when it is in none."""
        tokens = split(pointer)
        if tokens and tokens[-1] == _BEDROCK_TOOL:
            tokens = tokens[:-1]  # the list holds the wrapper
        if len(tokens) >= 2 and tokens[-2] == "tools" and not tokens[-1].isdigit():
            return join("", *tokens[:-1])  # the AI SDK's `tools` object, which holds each tool under its name
        if not tokens or not tokens[-1].isdigit() or (self._catalogue and len(tokens) == 1):
            return None
        if len(tokens) >= 4 and tokens[-2] in _GEMINI_CONTAINERS and tokens[-3].isdigit() and tokens[-4] == "tools":
            return join("", *tokens[:-3])
        return join("", *tokens[:-1])


def _visit(node: Any, pointer: str, tools: list[Tool], hint: str | None, broken: list[BrokenTool]) -> None:
    if isinstance(node, list):
        for index, item in enumerate(node):
            _visit(item, join(pointer, index), tools, hint, broken)
        return
    if not isinstance(node, dict):
        return
    tool = _as_tool(node, pointer, hint)
    if tool is not None:
        tools.append(tool)
        return
    fault = _broken_tool(node, pointer)
    if fault is not None:
        broken.append(fault)
        return
    for key in _CONTAINERS:
        value = node.get(key)
        if key == "tools" and isinstance(value, dict) and _named_map(value):
            # The AI SDK's `tools`: each tool under its name, `{"getWeather": {"description",
            # "inputSchema"}}`; read as the tool it would be with the name inside.
            for name, entry in value.items():
                tool = _as_tool({**entry, "name": name}, join(pointer, key, name), hint)
                if tool is not None:
                    tools.append(replace(tool, format=AI_SDK_TOOL))
            continue
        if isinstance(value, (list, dict)):
            found_before = len(tools)
            _visit(value, join(pointer, key), tools, "gemini" if key in _GEMINI_CONTAINERS else hint, broken)
            if key == "tool" and isinstance(node.get("uid"), str):
                tools[found_before:] = [replace(tool, uid=node["uid"]) for tool in tools[found_before:]]


def _as_tool(node: dict, pointer: str, hint: str | None) -> Tool | None:
    function = node.get("function")
    if node.get("type") == "function" and isinstance(function, dict) and isinstance(function.get("parameters"), (dict, bool)):
        return Tool(
            name=_name(function), schema=function["parameters"], pointer=pointer,
            schema_pointer=join(pointer, "function", "parameters"), format="openai_chat_function",
            definition=function, strict=function.get("strict") is True,
        )
    if not _named(node):
        return None
    for key, fmt in _SCHEMA_KEYS:
        schema = node.get(key)
        if isinstance(schema, (dict, bool)):
            if (key == "inputSchema" and isinstance(schema, dict) and set(schema) == {_BEDROCK_SCHEMA}
                    and isinstance(schema[_BEDROCK_SCHEMA], (dict, bool))):
                return Tool(name=_name(node), schema=schema[_BEDROCK_SCHEMA], pointer=pointer,
                            schema_pointer=join(pointer, key, _BEDROCK_SCHEMA), format="bedrock_tool_spec",
                            definition=node, strict=node.get("strict") is True)
            if isinstance(schema, dict) and set(schema) == {_AI_SDK_SCHEMA} and isinstance(schema[_AI_SDK_SCHEMA], dict):
                # The AI SDK's `jsonSchema(...)` as JSON writes it: the schema under `jsonSchema`.
                return Tool(name=_name(node), schema=schema[_AI_SDK_SCHEMA], pointer=pointer,
                            schema_pointer=join(pointer, key, _AI_SDK_SCHEMA), format=AI_SDK_TOOL, definition=node,
                            strict=node.get("strict") is True)
            if fmt == "function":
                fmt = _function_format(node, schema, hint)
            elif fmt == "pydantic_ai_tool_def" and (hint == "gemini" or any(f in node for f in _GEMINI_ONLY_FIELDS)):
                fmt = "gemini_function_declaration"
            return Tool(
                name=_name(node), schema=schema, pointer=pointer, schema_pointer=join(pointer, key),
                format=fmt, definition=node, strict=node.get("strict") is True,
            )
    return None


def _broken_tool(node: dict, pointer: str) -> BrokenTool | None:
    """The tool `node` is when its arguments schema is no schema: an OpenAI function (Chat's,
    or the Responses API's `type: function` tool) whose `parameters` is anything but an
    object or a boolean, a named tool whose `inputSchema` (`input_schema`, ...) is, or
    whose `parameters` is text (JSON encoded twice; on a node that is not marked a function,
    a `parameters` list is some other document's, OpenAPI's). None for anything else."""
    function = node.get("function")
    if node.get("type") == "function" and isinstance(function, dict) and "parameters" in function:
        return _broken(_name(function), join(pointer, "function", "parameters"), "parameters",
                       function["parameters"])  # `_as_tool` took every object or boolean
    if not _named(node):
        return None
    for key, _ in _SCHEMA_KEYS:
        if key in node and (key in _ONLY_SCHEMA_KEYS or isinstance(node[key], str)
                            or key == "parameters" and node.get("type") == "function"):
            return _broken(_name(node), join(pointer, key), key, node[key])
    return None


def _named_map(value: dict) -> bool:
    """Whether a `tools` object maps names to tools: every member an object with an argument
    schema (`inputSchema`, `parameters`, ...) and no name of its own."""
    return bool(value) and all(isinstance(entry, dict) and "name" not in entry
                               and any(isinstance(entry.get(key), (dict, bool)) for key, _ in _SCHEMA_KEYS)
                               for entry in value.values())


def _named(node: dict) -> bool:
    """Whether `node` may be a tool by its own keys: it has a string `name`, or a `name` of
    another kind beside a key only a tool has (`inputSchema`, `input_schema`): a tool whose
    name is wrong, which SL402 reports, rather than no tool at all."""
    return isinstance(node.get("name"), str) or "name" in node and not _ONLY_SCHEMA_KEYS.isdisjoint(node)


def _broken(name: str, schema_pointer: str, key: str, value: Any) -> BrokenTool:
    kind = ("null" if value is None else "a string" if isinstance(value, str) else "a list" if isinstance(value, list)
            else "a number" if isinstance(value, (int, float)) else f"a {type(value).__name__}")
    encoded = ""
    if isinstance(value, str) and value.lstrip()[:1] == "{":
        encoded = " (JSON text encoded as a string: write the object itself)"
    return BrokenTool(name, schema_pointer, f"tool `{clip(name)}`: its arguments schema `{key}` is {kind}, not a "
                                            f"JSON Schema object{encoded}: no provider accepts the tool, and nothing "
                                            f"of it was checked")


def _function_format(node: dict, schema: Any, hint: str | None) -> str:
    if node.get("type") == "function":
        return "openai_responses_function"
    declared = schema.get("type") if isinstance(schema, dict) else None
    if hint == "gemini" or (isinstance(declared, str) and declared.isupper()):
        return "gemini_function_declaration"
    if declared == "dict":
        return "bfcl_function"
    return "function"


def _name(definition: dict) -> str:
    name = definition.get("name")
    return name if isinstance(name, str) else "<unnamed>"


NOT_A_SCHEMA = "not a JSON Schema"


def not_tool_arguments(data: Any) -> str | None:
    """Why a bare JSON Schema document is not read as a tool's arguments, or None if it is.

    A repository holds schemas of other things too (an application's config file, a data
    format); linting those as write tools named after their title is noise. Tool
    arguments are an object with properties, which nobody publishes under an address of
    its own and whose title is not a document's ("App config", "EditorSettings").
    """
    if not isinstance(data, dict) or not _looks_like_schema(data):
        return NOT_A_SCHEMA
    properties = data.get("properties")
    if not _object_or_untyped(data.get("type")) or not isinstance(properties, dict) or not properties:
        return "its root is not an object schema with properties"
    for key in ("$id", "id"):
        if isinstance(data.get(key), str) and data[key]:
            return f"it has an `{key}`: a schema published to be referenced describes a document"
    title = data.get("title")
    if not isinstance(title, str):
        return None
    title_words = words(title)
    if title_words and title_words[-1] in _DOCUMENT_NOUNS and not is_verb(title_words[0]):
        return f"its title {title[:60]!r} names a document"
    return None


# Keys under which published shapes list tools or their arguments: a file holding one of
# them, with objects in it, is a tool list in a shape this reader does not know (OpenAI
# Realtime's `session.tools`, Bedrock Agents' `functionSchema.functions`, Cohere's
# `parameter_definitions`), not a file of something else.
_TOOL_LIST_KEYS = frozenset({"tools", "functions", "functionDeclarations", "function_declarations",
                             "parameter_definitions", "toolSpec", "functionSchema"})
_TOOL_LIST_DEPTH = 4


def unread_tool_list(data: Any) -> str | None:
    """The key of what looks like a list of tools in a document no tool was found in, or None
    (within the first levels: a tool list sits near the top of what holds it)."""
    level = [data]
    for _ in range(_TOOL_LIST_DEPTH):
        below = []
        for node in level[:256]:
            members = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
            for key, value in members:
                held = value if isinstance(value, list) else [value]
                if key in _TOOL_LIST_KEYS and any(isinstance(item, dict) and item for item in held[:16]):
                    return str(key)
                below.append(value)
        level = below
    return None


def _looks_like_schema(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    if isinstance(data.get("$schema"), str):
        return True
    return isinstance(data.get("properties"), dict) and _object_or_untyped(data.get("type"))


def _object_or_untyped(declared: Any) -> bool:
    """`object`, no type, or a dialect's name for an object (BFCL's `dict`): a schema whose root
    type is misspelt that way is still a tool's arguments, and SL005 says so."""
    return declared is None or isinstance(declared, str) and standard_type(declared) == "object"
