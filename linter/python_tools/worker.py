"""The child process of `--python`: import the target, read its tools, send them back.

`child` runs this file's text with `python -c` in the *user's* interpreter (their project's
venv), so it imports nothing but the standard library and the user's own packages:
schema-lint's dependencies never have to fit beside theirs, and the framework read is the
one their code runs on (the `mcp` SDK of either line, `fastmcp`, openai-agents,
pydantic-ai, langchain-core). Importing runs the user's code, which may write to fd 1 (a C
extension, `os.write(1, ...)`), exit the process, hang or crash it; so before anything is
imported, the channel back to the parent is moved off fd 1 and fd 1 is pointed at stderr.

What is sent is one JSON object, `{"error": "..."}` or

    {"tools": [...], "sources": {tool: {"at": "file:line:col", "fields": {name: "file:line:col"},
                                        "kinds": {name: "str"}, "holds": {name: "Address"},
                                        "forbids": true, "framework": "mcp",
                                        "models": {"Address": {"at": ..., "fields": ..., "kinds": ...}}}},
     "frameworks": {"mcp": "1.30.0"}, "installed": ["/usr", "/project/.venv"], "unread": ["..."]}

`at` is the function or model class a tool was generated from, `fields` its parameters or
model fields (where the parameter, or the `Field(...)` that declares it, is written),
`kinds` the kind of value each one's type annotation takes (`kind`), `holds` the model
each one holds (`holds`), `forbids` whether a model refuses undeclared keys, and `models`
the same of each Pydantic model its arguments hold (their schemas under `$defs`, or
written in place where the framework inlines them); `installed` the interpreter's prefixes, where its
libraries are (no project's files to edit); `unread` what offers tools that could not be
read without running it (a pydantic-ai agent's MCP server), each named. Sending
nothing means the child did not get that far. Every reader below is duck-typed on the
framework's public attributes, and every failure of user or framework code is one line in
`error`, never a traceback.
"""

from __future__ import annotations

import ast
import asyncio
import collections
import collections.abc
import decimal
import enum
import fractions
import functools
import importlib
import importlib.machinery
import inspect
import json
import logging
import os
import sys
import types
import typing

SUPPORTED = ("an MCP server (the mcp SDK's FastMCP, MCPServer or Server, or a fastmcp FastMCP), a function, a "
             "Pydantic model class, a function tool (openai-agents FunctionTool, pydantic-ai Tool, langchain "
             "BaseTool), an agent with tools (openai-agents or pydantic-ai Agent, a pydantic-ai toolset), or a "
             "list of them")
# The distribution each framework's import package is installed as, for its version.
DISTRIBUTIONS = {"mcp": ("mcp",), "fastmcp": ("fastmcp",), "agents": ("openai-agents",),
                 "pydantic_ai": ("pydantic-ai-slim", "pydantic-ai"), "langchain_core": ("langchain-core",),
                 "pydantic": ("pydantic",)}
# The framework names findings speak of, by import package.
FRAMEWORKS = {"mcp": "mcp", "fastmcp": "fastmcp", "agents": "openai-agents", "pydantic_ai": "pydantic-ai",
              "langchain_core": "langchain", "pydantic": "pydantic"}
_LISTERS = ("list_tools", "get_tools")
METHOD_NOT_FOUND = -32601


class TargetError(Exception):
    """The object cannot be had, or is not one schema-lint reads; the message says why."""


def main(argv: list[str]) -> None:
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")  # os.dup: not inherited by user subprocesses
    os.dup2(2, 1)
    spec, settings = argv
    try:
        answer = _answer(spec, json.loads(settings))
    except BaseException as exc:  # KeyboardInterrupt, SystemExit from user code outside the import
        answer = {"error": f"reading it raised {describe(exc)}"}
    try:
        text = json.dumps(answer)
    except (TypeError, ValueError, RecursionError) as exc:  # a set, a cycle, nesting too deep
        text = json.dumps({"error": f"a schema it generates is not JSON: {describe(exc)}"})
    channel.write(text)
    channel.flush()
    for stream in (sys.stdout, sys.stderr):  # what the module printed, still in their buffers
        try:
            stream.flush()
        except Exception:  # replaced or closed by the user's code
            pass
    os._exit(0)  # no atexit handler or lingering thread of the user's may change the outcome


def _answer(spec: str, settings: dict) -> dict:
    if settings.get("edited"):
        with open(settings["edited"], encoding="utf-8") as file:
            sys.meta_path.insert(0, EditedSources(json.load(file)))
    try:
        value = load(spec)
        read = Reading(settings.get("seconds", 30.0))
        read.value(value)
    except TargetError as exc:
        return {"error": str(exc)}
    if not read.tools:
        if not read.unread and (is_sdk_server(value) or tool_lister(value) is not None):
            return {"error": f"{what(value)} is an MCP server with no tool registered: nothing to lint (a server "
                             "of resources or prompts alone needs no --python)"}
        unread = f" ({'; '.join(read.unread)})" if read.unread else ""
        return {"error": f"{what(value)} yields no tool{unread}: expected {SUPPORTED}, with at least one tool"}
    return {"tools": read.tools, "sources": read.sources, "frameworks": read.frameworks, "unread": read.unread,
            "installed": sorted({sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix})}


def load(spec: str) -> object:
    """The object `module:attr` names, with the working directory first on `sys.path` (as
    `python -m` puts it)."""
    module_name, _, attribute = spec.partition(":")
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    try:
        module = importlib.import_module(module_name)
    except (Exception, SystemExit, KeyboardInterrupt) as exc:
        # `server.py:mcp` names the file: the module is `server`.
        hint = (f" (name the module, not its file: `{module_name[:-3].replace('/', '.')}:{attribute}`)"
                if module_name.endswith(".py") else "")
        raise TargetError(f"cannot import `{module_name}`: {describe(exc)}{hint}") from None
    value: object = module
    for name in attribute.split("."):
        try:
            value = getattr(value, name)
        except AttributeError:
            raise TargetError(f"`{module_name}` has no attribute `{attribute}`") from None
        except Exception as exc:  # a property or module __getattr__ of the user's
            raise TargetError(f"reading `{attribute}` raised {describe(exc)}") from None
    return value


class EditedSources:
    """Imports the given text in place of a file's content: a fix to the Python source is
    checked by importing the module as the fix would leave it, before anything is written.
    A meta path finder in front of the standard one, for the files it was given only."""

    def __init__(self, texts: dict) -> None:
        self.texts = {os.path.realpath(path): text for path, text in texts.items()}

    def find_spec(self, name, path, target=None):
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.origin and os.path.realpath(spec.origin) in self.texts:
            spec.loader = EditedLoader(name, spec.origin, self.texts[os.path.realpath(spec.origin)])
        return spec


class EditedLoader(importlib.machinery.SourceFileLoader):
    def __init__(self, name: str, path: str, text: str) -> None:
        super().__init__(name, path)
        self.text = text

    def get_code(self, fullname):  # never the cached bytecode of the text on disk
        return compile(self.text, self.path, "exec", dont_inherit=True)


def describe(exc: BaseException) -> str:
    """`Kind: first line` of what user code raised."""
    if isinstance(exc, SystemExit):
        return f"it called sys.exit({exc.code!r})"
    text = (str(exc).splitlines() or [""])[0][:300]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def what(value: object) -> str:
    """The object as a message names it: its class, and the package that defines it."""
    if isinstance(value, type):
        return f"the class `{value.__name__}`"
    kind = type(value)
    module = kind.__module__.split(".")[0]
    origin = f" from {FRAMEWORKS[module]} {version_of(module)}".rstrip() if module in FRAMEWORKS else ""
    return f"an object of type `{kind.__name__}`{origin}"


def version_of(package: str) -> str:
    from importlib import metadata

    for distribution in DISTRIBUTIONS.get(package, (package,)):
        try:
            return metadata.version(distribution)
        except Exception:  # not installed under that name
            continue
    return ""


def package_of(value: object) -> str:
    kind = value if isinstance(value, type) else type(value)
    for base in getattr(kind, "__mro__", (kind,)):
        package = base.__module__.split(".")[0]
        if package in FRAMEWORKS and package != "pydantic":
            return package
    return ""


class Reading:
    """The tools read so far, where each was defined, and the frameworks that made them."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.tools: list[dict] = []
        self.sources: dict[str, dict] = {}
        self.frameworks: dict[str, str] = {}
        self.unread: list[str] = []  # what offers tools but cannot be read without running it

    def add(self, tool: dict, definition: object, package: str) -> None:
        if not isinstance(tool.get("name"), str):
            raise TargetError(f"a tool's name is {type(tool.get('name')).__name__}, not a string")
        framework = FRAMEWORKS.get(package, "python")
        self.tools.append(tool)
        definition = arguments_model(definition, tool.get("inputSchema"))
        self.sources[tool["name"]] = {"framework": framework, **written(definition),
                                      "models": models(definition)}
        if package:
            self.frameworks[framework] = version_of(package)

    def value(self, value: object, where: str = "") -> None:
        package = package_of(value)
        if is_sdk_server(value):
            return self._sdk_server(value)
        lister = tool_lister(value)
        if lister is not None:
            return self._listed(lister, package or "fastmcp")
        if isinstance(value, (list, tuple)) and not where:
            for index, item in enumerate(value):
                self.value(item, f"item {index} of the list: ")
            return None
        try:
            found = self._one(value, package)
        except TargetError:
            raise
        except Exception as exc:  # user or framework code: a schema generator, a property
            raise TargetError(f"{where}reading the schema of {what(value)} raised {describe(exc)}") from None
        if not found:
            raise TargetError(f"{where}{what(value)} is not {SUPPORTED}")
        return None

    def _one(self, item: object, package: str) -> bool:
        """Read `item` when it is a model, a function, a function tool or an agent."""
        if isinstance(item, type) and callable(getattr(item, "model_json_schema", None)):
            schema = item.model_json_schema()  # type: ignore[attr-defined]  # a Pydantic model class
            description = schema.get("description") if isinstance(schema, dict) else None
            self.add(tool(item.__name__, description, schema), item, "pydantic")
            return True
        if inspect.isfunction(item) or inspect.ismethod(item):
            if returns_server(item):
                raise TargetError(f"`{item.__name__}` returns an MCP server: point --python at the server object, "
                                  "or use --mcp")
            self._function(item)
            return True
        if package == "langchain_core" and hasattr(item, "args_schema") and hasattr(item, "name"):
            self.add(langchain_tool(item), langchain_definition(item), package)
            return True
        definition = getattr(item, "tool_def", None)  # pydantic-ai Tool
        if definition is not None and hasattr(definition, "parameters_json_schema"):
            self.add(tool_definition(definition), function_of(item), package or "pydantic_ai")
            return True
        if hasattr(item, "parameters_json_schema") and hasattr(item, "name"):  # pydantic-ai ToolDefinition
            self.add(tool_definition(item), None, package or "pydantic_ai")
            return True
        if hasattr(item, "params_json_schema") and hasattr(item, "name"):  # openai-agents FunctionTool
            found = tool(item.name, getattr(item, "description", None), item.params_json_schema)
            if getattr(item, "strict_json_schema", False) is True:
                found["strict"] = True
            self.add(found, function_of(item), package or "agents")
            return True
        return self._agent(item, package)

    def _agent(self, item: object, package: str) -> bool:
        """An agent's or toolset's function tools: openai-agents `Agent.tools` and the
        handoffs whose arguments are the author's model (its hosted tools have no schema of
        the author's), pydantic-ai `Agent.toolsets` and any toolset (`_toolset`)."""
        if package == "pydantic_ai":
            tools = getattr(item, "tools", None)
            if isinstance(tools, dict):  # a FunctionToolset
                for function_tool in tools.values():
                    self.value(function_tool, f"the tool {getattr(function_tool, 'name', '?')!r}: ")
                return True
            toolsets = getattr(item, "toolsets", None)
            if isinstance(toolsets, (list, tuple)) and not callable(getattr(item, "get_tools", None)):  # an Agent
                for toolset in toolsets:
                    self._toolset(toolset)
                return True
            if callable(getattr(item, "get_tools", None)):  # a wrapped or combined toolset
                self._toolset(item)
                return True
        if package == "agents" and isinstance(getattr(item, "tools", None), list) and hasattr(item, "instructions"):
            for function_tool in item.tools:  # type: ignore[attr-defined]
                if hasattr(function_tool, "params_json_schema"):
                    self.value(function_tool, f"the tool {getattr(function_tool, 'name', '?')!r}: ")
            for handoff in getattr(item, "handoffs", None) or ():
                self._handoff(handoff)
            return True
        return False

    def _toolset(self, toolset: object) -> None:
        """The tools a pydantic-ai toolset offers the model, as the agent has them: a
        function toolset's own `Tool`s; a wrapper's (`prefixed`, `filtered`, `renamed`,
        `prepared`, a `CombinedToolset`) from its `get_tools()` with a run context that
        has no dependencies, when each toolset it wraps is one of functions or of tool
        definitions (`ExternalToolset`). Any other (an MCP server's, a function's run by
        the agent) is only had by running it: named in `unread`, not passed in silence."""
        if isinstance(getattr(toolset, "tools", None), dict):
            self._agent(toolset, "pydantic_ai")
            return
        others = [leaf for leaf in toolset_leaves(toolset) if not offline_toolset(leaf)]
        if others:
            self.unread.append(f"{what(others[0])} among its toolsets is not read: only toolsets of functions or "
                               "of tool definitions are read without running the agent (an MCP server's tools: "
                               "`check --mcp`)")
            return
        try:
            offered = asyncio.run(asyncio.wait_for(toolset.get_tools(run_context()), self.seconds))  # type: ignore[attr-defined]
        except Exception as exc:  # user code: a filter or prepare function that needs the agent's dependencies
            self.unread.append(f"{what(toolset)} among its toolsets is not read: its `get_tools()` raised "
                               f"{describe(exc)}")
            return
        for offered_tool in offered.values():
            self.add(tool_definition(offered_tool.tool_def), offered_function(offered_tool), "pydantic_ai")

    def _handoff(self, handoff: object) -> None:
        """An openai-agents handoff with an `input_type`: the model is offered a
        `transfer_to_…` tool whose arguments are the author's model. A handoff without one
        takes no arguments: nothing of the author's to lint."""
        schema = getattr(handoff, "input_json_schema", None)
        name = getattr(handoff, "tool_name", None)
        if not (isinstance(schema, dict) and schema.get("properties") and isinstance(name, str)):
            return
        found = tool(name, getattr(handoff, "tool_description", None), schema)
        if getattr(handoff, "strict_json_schema", False) is True:
            found["strict"] = True
        self.add(found, kept_model(getattr(handoff, "on_invoke_handoff", None)), "agents")

    def _function(self, function) -> None:
        """The schema the mcp SDK's server serves for `function` when the SDK is installed,
        else the one pydantic derives from its signature."""
        server = sdk_server_class()
        if server is None:
            return self.add(pydantic_function(function), function, "")
        instance = server("python")
        try:
            instance.add_tool(function)
        except Exception as exc:
            raise TargetError(f"{server.__name__} cannot make a tool of `{function.__name__}`: {describe(exc)}") from None
        for served in sdk_tools(instance, self.seconds):
            self.add(served, function, "mcp")
        return None

    def _sdk_server(self, server) -> None:
        manager = getattr(server, "_tool_manager", None)  # FastMCP and MCPServer keep each tool's function there
        get_tool = getattr(manager, "get_tool", None)
        for served in sdk_tools(server, self.seconds):
            registered = get_tool(served["name"]) if callable(get_tool) else None
            self.add(served, getattr(registered, "fn", None), "mcp")

    def _listed(self, lister, package: str) -> None:
        try:
            listed = asyncio.run(asyncio.wait_for(lister(), self.seconds))
        except asyncio.TimeoutError:
            raise TargetError(f"its `{lister.__name__}()` did not return within {self.seconds:g} s") from None
        except Exception as exc:
            raise TargetError(f"its `{lister.__name__}()` raised {describe(exc)}") from None
        # fastmcp 2.x's `get_tools()` is keyed by the name a client is served (a mounted
        # server's tools prefixed, `jira_search`), while each tool's own `name` is not.
        items = list(listed.items()) if isinstance(listed, dict) else [(None, item) for item in listed] \
            if isinstance(listed, (list, tuple)) else None
        if items is None:
            raise TargetError(f"its `{lister.__name__}()` returned {type(listed).__name__}, not tools")
        for key, item in items:
            if getattr(item, "enabled", True) is False:
                continue  # a disabled tool is not served
            try:
                served = mcp_tool(item)
            except TargetError:
                raise
            except Exception as exc:
                raise TargetError(f"reading the tool {getattr(item, 'name', item)!r} raised {describe(exc)}") from None
            if isinstance(key, str) and key:
                served["name"] = key
            self.add(served, self._function_of_listed(item), package)

    def _function_of_listed(self, item: object) -> object:
        """The function behind a listed tool: its `fn`; for a mounted server's tool, which
        fastmcp 3.x and later list as a tool that calls the mounted server's (keeping that
        server and the tool's name there, `_server` and `_original_name`), the `fn` of
        the mounted server's own tool, through mounts of mounts. None when neither is kept
        (a proxied server's tool: its function is in another process)."""
        for _ in range(8):
            function = getattr(item, "fn", None)
            server, name = getattr(item, "_server", None), getattr(item, "_original_name", None)
            getter = getattr(server, "get_tool", None)
            if function is not None or not (isinstance(name, str) and inspect.iscoroutinefunction(getter)):
                return function
            try:
                item = asyncio.run(asyncio.wait_for(getter(name), self.seconds))
            except Exception:  # the mounted server's own code, or a signature of another version
                return None
        return None


# --- pydantic-ai toolsets ---------------------------------------------------------------

def toolset_leaves(toolset: object, depth: int = 0) -> list:
    """The toolsets a wrapper (`.wrapped`) or a `CombinedToolset` (`.toolsets`) holds, to
    the innermost, a few levels deep."""
    wrapped = getattr(toolset, "wrapped", None)
    inner = [wrapped] if wrapped is not None else getattr(toolset, "toolsets", None)
    if depth > 8 or not isinstance(inner, (list, tuple)):
        return [toolset]
    return [leaf for item in inner for leaf in toolset_leaves(item, depth + 1)]


def offline_toolset(toolset: object) -> bool:
    """Whether a toolset's tools are had without running anything: its functions
    (`FunctionToolset.tools`) or its tool definitions (`ExternalToolset.tool_defs`)."""
    return isinstance(getattr(toolset, "tools", None), dict) or isinstance(getattr(toolset, "tool_defs", None), list)


def offered_function(offered_tool: object) -> object:
    """The author's function behind a tool a toolset offers: its `FunctionSchema`'s, through
    the tool a `CombinedToolset` keeps as `source_tool`."""
    for _ in range(10):
        schema = getattr(getattr(offered_tool, "call_func", None), "__self__", None)
        if schema is not None:
            return getattr(schema, "function", None)
        offered_tool = getattr(offered_tool, "source_tool", None)
    return None


def run_context() -> object:
    """A pydantic-ai `RunContext` with no dependencies and a test model: what a toolset's
    `get_tools()` takes, outside a run."""
    from pydantic_ai import RunContext
    from pydantic_ai.models.test import TestModel

    try:
        from pydantic_ai.usage import RunUsage as Usage
    except ImportError:  # before 1.0
        from pydantic_ai.usage import Usage
    return RunContext(deps=None, model=TestModel(), usage=Usage())


# --- MCP servers ----------------------------------------------------------------------

def sdk_server_classes() -> list[type]:
    """The `mcp` SDK's server classes, of whichever line is installed; a module that made a
    server imported the SDK already."""
    kinds = [getattr(sys.modules.get(module), name, None) for module, name in (
        ("mcp.server.mcpserver", "MCPServer"), ("mcp.server.fastmcp", "FastMCP"),
        ("mcp.server.fastmcp.server", "FastMCP"), ("mcp.server.lowlevel", "Server"),
        ("mcp.server.lowlevel.server", "Server"))]
    return [kind for kind in kinds if isinstance(kind, type)]


def is_sdk_server(value: object) -> bool:
    return any(isinstance(value, kind) for kind in sdk_server_classes())


def sdk_server_class():
    """The SDK's high-level server class (2.x `MCPServer`, 1.x `FastMCP`), or None without the SDK."""
    for module, name in (("mcp.server.mcpserver", "MCPServer"), ("mcp.server.fastmcp", "FastMCP")):
        try:
            return getattr(importlib.import_module(module), name)
        except Exception:  # not this line of the SDK, or no SDK
            continue
    return None


def sdk_tools(server, seconds: float) -> list[dict]:
    """`tools/list`, every page, as the SDK's own client is served it in memory by `server`.
    The SDK logs each request it serves ("Processing request of type ListToolsRequest") at
    the level the server's settings set, INFO by default: this request is schema-lint's,
    not the user's, and its line on every run is noise."""
    logging.getLogger("mcp.server.lowlevel.server").setLevel(logging.WARNING)
    try:
        return asyncio.run(asyncio.wait_for(_sdk_pages(server), seconds))
    except asyncio.TimeoutError:
        raise TargetError(f"its MCP server, asked in process: no answer within {seconds:g} s") from None
    except Exception as exc:
        error = first_error(exc)
        if _code(error) == METHOD_NOT_FOUND:  # a server given no tools handler serves no tool
            return []
        raise TargetError(f"its MCP server, asked in process: {describe(error)}") from None


def _code(error: BaseException) -> object:
    """The JSON-RPC code of the SDK's error: 2.x `MCPError.code`, 1.x `McpError.error.code`."""
    return getattr(error, "code", getattr(getattr(error, "error", None), "code", None))


async def _sdk_pages(server) -> list[dict]:
    try:
        from mcp import Client  # 2.x
    except ImportError:
        from mcp.shared.memory import create_connected_server_and_client_session as connected  # type: ignore[attr-defined]  # 1.x
    else:
        connected = Client
    tools: list[dict] = []
    async with connected(server) as session:
        cursor = None
        for _ in range(10_000):
            result = await session.list_tools(cursor=cursor)
            tools += [item.model_dump(mode="json", by_alias=True, exclude_none=True) for item in result.tools]
            cursor = result.nextCursor if hasattr(result, "nextCursor") else result.next_cursor
            if cursor is None:
                return tools
    raise TargetError("its MCP server's pages never end")


def first_error(exc: BaseException) -> BaseException:
    """The error inside the exception groups that task groups wrap it in."""
    while isinstance(inner := getattr(exc, "exceptions", None), tuple) and inner:
        exc = inner[0]
    return exc


def tool_lister(value: object):
    """The bound method that lists a fastmcp-style server's tools: an async `list_tools()`
    (3.x and later) or `get_tools()` (2.x) that takes no argument; None when `value` has none."""
    if isinstance(value, type) or inspect.isroutine(value) or inspect.ismodule(value):
        return None
    for name in _LISTERS:
        if not inspect.iscoroutinefunction(getattr(type(value), name, None)):
            continue
        method = getattr(value, name)
        try:
            inspect.signature(method).bind()
        except (TypeError, ValueError):
            continue  # it needs arguments (a pydantic-ai toolset's get_tools(ctx)): not a server's
        return method
    return None


def returns_server(function) -> bool:
    """Whether `function`'s return annotation says it makes an MCP server (a factory, which
    linting as a tool would pass while reading nothing, and calling would run start-up code)."""
    try:
        annotation = typing.get_type_hints(function).get("return")
    except Exception:  # a name only imported under TYPE_CHECKING: the annotation as written
        try:
            annotation = inspect.signature(function).return_annotation
        except (TypeError, ValueError):
            return False
    return _names_server(annotation)


def _names_server(annotation: object) -> bool:
    if isinstance(annotation, str):  # unresolved: only names no tool's return type would have
        module, _, name = annotation.rpartition(".")
        return name in ("MCPServer", "FastMCP") or (name == "Server" and "mcp" in module)
    if isinstance(annotation, type):
        return any(kind.__name__ in ("MCPServer", "FastMCP", "Server")
                   and kind.__module__.split(".")[0] in ("mcp", "fastmcp") for kind in annotation.__mro__)
    return any(_names_server(argument) for argument in typing.get_args(annotation))  # Optional[...], Awaitable[...]


def mcp_tool(item: object) -> dict:
    """`item` as `tools/list` serves it: its own `to_mcp_tool()`, else its attributes."""
    convert = getattr(item, "to_mcp_tool", None)
    if callable(convert):
        data = dumped(convert())
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            return data
    name = getattr(item, "name", None)
    if not isinstance(name, str):
        raise TargetError(f"a tool it lists ({type(item).__name__}) has no name")
    found: dict = {"name": name, "inputSchema": getattr(item, "parameters", None)}
    for key, attribute in (("description", "description"), ("outputSchema", "output_schema"),
                           ("annotations", "annotations")):
        value = dumped(getattr(item, attribute, None))
        if value is not None:
            found[key] = value
    return found


def dumped(value: object) -> object:
    dump = getattr(value, "model_dump", None)
    return dump(mode="json", by_alias=True, exclude_none=True) if callable(dump) else value


# --- function tools -------------------------------------------------------------------

def tool(name: object, description: object, schema: object) -> dict:
    found = {"name": name, "inputSchema": schema}
    if isinstance(description, str):
        found["description"] = description
    return found


def tool_definition(definition) -> dict:
    found = tool(definition.name, getattr(definition, "description", None), definition.parameters_json_schema)
    if getattr(definition, "strict", None) is True:
        found["strict"] = True
    return found


def langchain_tool(item) -> dict:
    """A langchain `BaseTool` as a model is offered it: langchain's own conversion."""
    from langchain_core.utils.function_calling import convert_to_openai_tool

    function = convert_to_openai_tool(item)["function"]
    return tool(function["name"], function.get("description"), function.get("parameters", {}))


def langchain_definition(item) -> object:
    """Where a langchain tool's arguments are written: the `args_schema` model its author
    wrote (a class in a source file), else its function (langchain then generates the
    model from the signature)."""
    model = getattr(item, "args_schema", None)
    if isinstance(model, type) and positions(model).get("fields"):
        return model
    return function_of(item) or users_class(item)


def arguments_model(definition: object, schema: object) -> object:
    """The Pydantic model whose fields a tool's arguments are, where the framework flattened a
    function's one model parameter into them (pydantic-ai's `def create(customer: Customer)`
    offers `Customer`'s fields, not `customer`): a place or a fix under the arguments is then
    that model's field. Else `definition` itself."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not (inspect.isfunction(definition) or inspect.ismethod(definition)) or not isinstance(properties, dict) \
            or not properties or set(properties) & _parameter_names(definition):
        return definition
    try:
        hints = typing.get_type_hints(inspect.unwrap(definition))
    except Exception:  # user code: an unresolvable forward reference
        return definition
    held = [hint for name, hint in hints.items() if name != "return"
            and isinstance(hint, type) and callable(getattr(hint, "model_json_schema", None))]
    if len(held) != 1:
        return definition
    fields = getattr(held[0], "model_fields", {})
    names = {getattr(field, "alias", None) or name for name, field in fields.items()}
    return held[0] if set(properties) <= names else definition


def function_of(item: object) -> object:
    """The user's function behind a function tool, where the tool keeps it."""
    for attribute in ("function", "fn", "func", "coroutine", "_func"):
        function = getattr(item, attribute, None)
        if inspect.isfunction(function) or inspect.ismethod(function):
            return function
    function = getattr(getattr(item, "function_schema", None), "function", None)  # pydantic-ai Tool
    if inspect.isfunction(function):
        return function
    schema = getattr(item, "params_json_schema", None)
    return kept_function(item, getattr(item, "name", None), schema.get("properties") if isinstance(schema, dict) else None)


def kept_function(item: object, name: object, parameters: object = None) -> object:
    """The author's function that a tool keeps only in the closure of its invoker
    (openai-agents' `on_invoke_tool`): the one named `name`, else (a tool named otherwise,
    `@function_tool(name_override=...)`) one that takes each of the schema's `parameters`."""
    if not isinstance(name, str):
        return None
    named = kept(item, lambda value: _users_function(value) and value.__name__ == name)
    if named is not None or not isinstance(parameters, dict) or not parameters:
        return named
    return kept(item, lambda value: _users_function(value) and set(parameters) <= _parameter_names(value))


def kept_model(invoker: object) -> object:
    """The author's Pydantic model an invoker keeps in its closure (openai-agents' handoff
    keeps its `input_type` there)."""
    return kept(invoker, lambda value: isinstance(value, type) and callable(getattr(value, "model_json_schema", None))
                and value.__module__.split(".")[0] not in DISTRIBUTIONS)


def kept(item: object, wanted, depth: int = 3) -> object:
    """The first value `wanted` accepts among those `item` keeps (its attributes, closure,
    or a `functools.partial`'s function and arguments), searched a few levels deep."""
    if depth == 0:
        return None
    values = _kept_values(item)
    for value in values:
        if wanted(value):
            return value
    for value in values:
        if callable(value) and not isinstance(value, type):
            found = kept(value, wanted, depth - 1)
            if found is not None:
                return found
    return None


def _kept_values(item: object) -> list:
    try:
        values = list(vars(item).values())
    except TypeError:  # no __dict__
        values = []
    for cell in getattr(item, "__closure__", None) or ():
        try:
            values.append(cell.cell_contents)
        except ValueError:  # an empty cell
            continue
    if isinstance(item, functools.partial):
        values += [item.func, *item.args, *item.keywords.values()]
    return values


def _users_function(value: object) -> bool:
    return inspect.isfunction(value) and value.__module__.split(".")[0] not in DISTRIBUTIONS


def _parameter_names(function) -> set[str]:
    try:
        return set(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return set()


def users_class(item: object) -> object:
    """A langchain `BaseTool` subclass's own arguments model, else the subclass: where its schema is written."""
    for candidate in (getattr(item, "args_schema", None), type(item)):
        if isinstance(candidate, type) and candidate.__module__.split(".")[0] not in DISTRIBUTIONS:
            return candidate
    return None


def pydantic_function(function) -> dict:
    try:
        from pydantic import TypeAdapter
    except ImportError:
        raise TargetError("a function's schema needs the mcp SDK or pydantic in the interpreter that imports it "
                          "(--python-interpreter)") from None
    try:
        schema = TypeAdapter(function).json_schema()
    except Exception as exc:
        raise TargetError(f"pydantic cannot describe `{function.__name__}`: {describe(exc)}") from None
    return tool(function.__name__, inspect.getdoc(function), schema)


# --- positions ------------------------------------------------------------------------

def positions(definition: object) -> dict:
    """`at`: `file:line:col` of the function's `def` or the model's `class`; `fields`: of each
    parameter or model field, by name. Empty where the source is not on disk (a lambda
    typed at a prompt, a C function, a class built at run time)."""
    if definition is None:
        return {}
    try:
        definition = inspect.unwrap(definition)  # type: ignore[arg-type]
        path = inspect.getsourcefile(definition)  # type: ignore[arg-type]
        lines, first = inspect.getsourcelines(definition)  # type: ignore[arg-type]
    except (TypeError, OSError, ValueError):
        return {}
    if not path:
        return {}
    relative = os.path.relpath(path)
    shown = path if relative.startswith(os.pardir + os.sep) else relative
    node = _node(lines, getattr(definition, "__name__", ""))
    if node is None:
        return {"at": f"{shown}:{max(first, 1)}:1"}
    offset = first - 1

    def place(item) -> str:
        """`ast` counts columns in UTF-8 bytes; editors and SARIF, in characters."""
        text = lines[item.lineno - 1] if item.lineno <= len(lines) else ""
        column = len(text.encode("utf-8")[:item.col_offset].decode("utf-8", errors="ignore"))
        return f"{shown}:{item.lineno + offset}:{column + 1}"

    return {"at": place(node), "fields": {name: place(item) for name, item in _fields(node)}}


def written(definition: object) -> dict:
    """What a function or model says of itself: `positions`, `kinds`, and `forbids` where a
    model refuses undeclared keys (`extra="forbid"`), which a framework may leave out of
    the schema it offers (langchain)."""
    config = getattr(definition, "model_config", None) if isinstance(definition, type) else None
    forbids = {"forbids": True} if isinstance(config, dict) and config.get("extra") == "forbid" else {}
    return {**positions(definition), "kinds": kinds(definition), "holds": holds(definition), **forbids}


# How many annotations `models` looks through: a tool's arguments nest a few models, not thousands.
_MODEL_SEARCH = 200


def models(definition: object) -> dict:
    """Where each Pydantic model the tool's arguments hold is written, by the name pydantic
    gives its schema under `$defs` (the class's name): `at`, `fields` and `kinds`, as for the
    tool's own function or model. A name two classes share is left out: pydantic then names
    their entries after their modules, and neither class is the one a finding is about."""
    if definition is None:
        return {}
    found: dict[str, object] = {}
    shared: set[str] = set()
    pending, looked = [definition], 0
    while pending and looked < _MODEL_SEARCH:
        looked += 1
        item = pending.pop()
        if item is not definition:
            if not (isinstance(item, type) and callable(getattr(item, "model_json_schema", None))):
                continue  # only a model's fields are Pydantic's to write constraints on
            if found.setdefault(item.__name__, item) is not item:
                shared.add(item.__name__)
                continue
        try:
            hints = typing.get_type_hints(inspect.unwrap(item))  # type: ignore[arg-type]
        except Exception:  # user code: an unresolvable forward reference
            continue
        for name, hint in hints.items():
            if name != "return":  # a function's result is no argument
                pending += [member for member in _members(hint) if all(member is not seen for seen in found.values())]
    placed = {name: written(model) for name, model in found.items() if name not in shared}
    return {name: place for name, place in placed.items() if "at" in place}


def holds(definition: object) -> dict:
    """The Pydantic model each parameter or field holds, by name (its class's name, as
    `models` names it): where a framework writes the model's schema in place (fastmcp
    inlines `$defs`), a place under that parameter is a field of that class. Only a type
    that holds one model and nothing else (itself, optional, or a list of it), so that
    every object schema under the parameter is that model's."""
    if definition is None:
        return {}
    try:
        hints = typing.get_type_hints(inspect.unwrap(definition), include_extras=True)  # type: ignore[arg-type]
    except Exception:  # user code: an unresolvable forward reference
        return {}
    held = {name: held_model(hint) for name, hint in hints.items() if name != "return"}
    return {name: model.__name__ for name, model in held.items() if model is not None}


_SEQUENCES = (list, set, frozenset, collections.abc.Sequence, collections.abc.Set)


def held_model(annotation: object) -> type | None:
    """The Pydantic model class `annotation` holds alone, through `Annotated`, `Optional`
    and one list of it; None for anything else (a union of two models, a dict)."""
    for _ in range(6):
        origin, arguments = typing.get_origin(annotation), typing.get_args(annotation)
        if origin is typing.Annotated:
            annotation = arguments[0]
        elif origin is typing.Union or (origin is not None and origin is getattr(types, "UnionType", None)):
            members = [member for member in arguments if member is not type(None)]
            if len(members) != 1:
                return None
            annotation = members[0]
        elif origin in _SEQUENCES and len(arguments) == 1:
            annotation = arguments[0]
        else:
            break
    if isinstance(annotation, type) and not typing.get_args(annotation) \
            and callable(getattr(annotation, "model_json_schema", None)):
        return annotation
    return None


def _members(annotation: object) -> list:
    """The classes an annotation names: itself, or those in its arguments (`list[Item]`,
    `Item | None`, `dict[str, Item]`, `Annotated[Item, ...]`), to a depth of four."""
    members, pending = [], [(annotation, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, type) and not typing.get_args(item):
            members.append(item)
        elif depth < 4:
            pending += [(argument, depth + 1) for argument in typing.get_args(item)]
    return members


# The kinds of value pydantic's constraints tell apart: `max_length` bounds a `str`, a
# `bytes` or a collection, `ge` a number; on a type of another kind (a `date`) the keyword
# still reaches the schema, and every call then fails ("Unable to apply constraint").
_KINDS = (("str", (str,)), ("bytes", (bytes, bytearray)), ("number", (int, float, decimal.Decimal, fractions.Fraction)),
          ("collection", (list, tuple, set, frozenset, collections.deque)))
_COLLECTIONS = (collections.abc.Sequence, collections.abc.MutableSequence, collections.abc.Set,
                collections.abc.MutableSet)


def kinds(definition: object) -> dict:
    """The `kind` of each parameter's or model field's annotation, by name; empty where the
    annotations cannot be resolved (a name imported only under TYPE_CHECKING)."""
    if definition is None:
        return {}
    try:
        hints = typing.get_type_hints(inspect.unwrap(definition))  # type: ignore[arg-type]
        return {name: kind(hint) for name, hint in hints.items() if name != "return"}
    except Exception:  # user code: an unresolvable forward reference, a type's own __eq__
        return {}


def kind(annotation: object) -> str:
    """`str`, `bytes`, `number`, `collection` or `other`: what pydantic's constraints see in
    `annotation`, through `Annotated`, `Optional`, `NewType` and type aliases; a `bool` or
    an `Enum` is `other`, though a subclass of `int` or `str`."""
    for _ in range(20):  # aliases of aliases, within reason
        origin = typing.get_origin(annotation)
        if origin is typing.Union or (origin is not None and origin is getattr(types, "UnionType", None)):
            members = [member for member in typing.get_args(annotation) if member is not type(None)]
            if len(members) != 1:
                return "other"
            annotation = members[0]
        elif origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif hasattr(annotation, "__supertype__"):  # NewType
            annotation = annotation.__supertype__
        elif type(annotation).__name__ == "TypeAliasType":  # `type Name = ...`
            annotation = annotation.__value__  # type: ignore[attr-defined]
        else:
            break
    annotation = typing.get_origin(annotation) or annotation
    if annotation in _COLLECTIONS:
        return "collection"
    if not isinstance(annotation, type) or issubclass(annotation, (bool, enum.Enum)):
        return "other"
    return next((name for name, bases in _KINDS if issubclass(annotation, bases)), "other")


def _node(lines: list[str], name: str):
    """The `def` or `class` named `name` in its source lines (decorators first, indented as
    in its file)."""
    import textwrap

    try:
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except SyntaxError:
        return None
    indent = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            _shift(node, indent)
            return node
    return None


def _shift(node, indent: int) -> None:
    for child in ast.walk(node):
        if hasattr(child, "col_offset"):
            child.col_offset += indent


def _fields(node):
    """(name, node) of each parameter of a function, or annotated field of a class."""
    if isinstance(node, ast.ClassDef):
        for statement in node.body:
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                yield statement.target.id, _field_call(statement.value) or statement.target
        return
    arguments = node.args
    for argument in [*arguments.posonlyargs, *arguments.args, arguments.vararg, *arguments.kwonlyargs,
                     arguments.kwarg]:
        if argument is not None:  # `*args` and `**kwargs`, which the mcp SDK lists as parameters too
            yield argument.arg, argument


def _field_call(value):
    """A `Field(...)` default, where the field's constraints are written."""
    if isinstance(value, ast.Call) and getattr(value.func, "id", getattr(value.func, "attr", "")) == "Field":
        return value
    return None


if __name__ == "__main__":
    main(sys.argv[1:])
