"""Put the boundary in front of an openai-agents ``FunctionTool`` (extra ``schema-lint[openai-agents]``).

openai-agents validates a call with the tool's pydantic model inside ``on_invoke_tool``,
before the function runs, so a decorator on the function never sees the model's
arguments. :func:`guard_function_tool` wraps ``on_invoke_tool`` instead::

    search = guard_function_tool(function_tool(search))

A rejected call returns the envelope as JSON text as the tool's output, which the
agent hands back to the model as it hands back a failing tool's error output; a
canonicalized call runs with the repaired arguments. The schema checked is the one the
model was shown (``params_json_schema``); its pydantic model reads numbers and booleans
in lax mode and, behind a strict schema, fills a field the model left out with its
default, so the boundary reads the call the same way where that model takes the call's
value as sent (not for a ``StrictBool``, nor for an ``Optional`` field without a default:
:mod:`~.judge`), leaving the filling to the model (which may read the field under an alias
the schema does not name), and leaves dates, times and patterns to it
(:class:`~.framework.Leniency`). A call the model accepts as sent runs as sent.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from agents import FunctionTool

from .framework import behind_model, framework_boundary, side_effects
from .judge import Judge, pydantic_judge, refuse_all


def guard_function_tool(tool: FunctionTool, **options: Any) -> FunctionTool:
    """A copy of ``tool`` whose calls go through a boundary first; ``options`` are :class:`ToolBoundary`'s."""
    schema = tool.params_json_schema
    leniency = behind_model(tool.strict_json_schema)
    boundary = framework_boundary(schema, tool.name, leniency, judge=_judge(tool),
                                  **{"side_effects": side_effects(tool.name, schema, {"name": tool.name}), **options})
    invoke = tool.on_invoke_tool

    async def guarded(ctx: Any, arguments: str) -> Any:
        outcome = boundary.check(arguments or "{}", call_id=getattr(ctx, "tool_call_id", None))
        if not outcome.proceed:
            return json.dumps(outcome.envelope, ensure_ascii=False)
        if outcome.repairs:
            arguments = json.dumps(outcome.arguments, ensure_ascii=False)
            if getattr(ctx, "_function_tool_arguments", None) is not None:
                ctx._function_tool_arguments = None  # prepared from the arguments as sent: prepare them again
        return await invoke(ctx, arguments)

    return dataclasses.replace(tool, on_invoke_tool=guarded)


def _judge(tool: FunctionTool) -> Judge:
    """openai-agents' validation of a function tool's arguments: the function's pydantic model, which
    ``function_tool`` keeps in the closure of the tool's invoker (``schema.params_pydantic_model``);
    a tool built another way (a hand-written ``FunctionTool``) is not judged."""
    invoke = getattr(tool.on_invoke_tool, "_invoke_tool_impl", tool.on_invoke_tool)
    code, cells = getattr(invoke, "__code__", None), getattr(invoke, "__closure__", None) or ()
    names = code.co_freevars if code is not None else ()
    schema = dict(zip(names, (cell.cell_contents for cell in cells))).get("schema")
    model = getattr(schema, "params_pydantic_model", None)
    if model is None:
        return refuse_all
    return pydantic_judge(lambda arguments: model(**arguments) if arguments else model())
