"""Put the boundary in front of a langchain-core tool (extra ``schema-lint[langchain]``).

A tool's arguments are validated against its ``args_schema`` when the tool runs; the
boundary checks them just before, in a copy of the tool::

    search = guard_tool(search)

A rejected call raises ``ToolException`` with the envelope as JSON text; the copy
handles tool errors (``handle_tool_error``, unless the tool already says how), so the
envelope becomes the tool message the model reads, as langchain returns any tool error.
A canonicalized call runs with the repaired arguments. The schema checked is the one
the model is shown (``tool_call_schema``); a pydantic ``args_schema`` reads numbers and
booleans in lax mode, so the boundary does too where that model takes them as sent
(:mod:`~.judge`), and leaves dates, times and patterns to it
(:class:`~.framework.Leniency`).
"""

from __future__ import annotations

import json
from typing import Any

from langchain_core.tools import BaseTool, ToolException

from .framework import PYDANTIC, Leniency, framework_boundary, side_effects
from .judge import Judge, pydantic_judge, refuse_all


def guard_tool(tool: BaseTool, **options: Any) -> BaseTool:
    """A copy of ``tool`` whose calls go through a boundary first; ``options`` are :class:`ToolBoundary`'s."""
    shown = tool.tool_call_schema
    schema = shown if isinstance(shown, dict) else shown.model_json_schema()
    leniency = Leniency() if isinstance(tool.args_schema, dict) else PYDANTIC
    boundary = framework_boundary(schema, tool.name, leniency, judge=_judge(tool),
                                  **{"side_effects": side_effects(tool.name, schema, {"name": tool.name}), **options})

    class Guarded(type(tool)):  # type: ignore[misc]
        def _to_args_and_kwargs(self, tool_input: Any, tool_call_id: str | None) -> Any:
            if isinstance(tool_input, dict):  # text is a one-argument tool's raw input: nothing to check
                outcome = boundary.check(tool_input, call_id=tool_call_id)
                if not outcome.proceed:
                    raise ToolException(json.dumps(outcome.envelope, ensure_ascii=False))
                tool_input = outcome.arguments
            return super()._to_args_and_kwargs(tool_input, tool_call_id)

    guarded = tool.model_copy()
    guarded.__class__ = Guarded
    guarded.handle_tool_error = tool.handle_tool_error or True
    return guarded


def _judge(tool: BaseTool) -> Judge:
    """langchain's validation of a tool's arguments: its pydantic ``args_schema`` (a dict schema,
    which langchain does not validate with pydantic, is not judged)."""
    model = tool.args_schema
    validate = getattr(model, "model_validate", None)
    return refuse_all if validate is None else pydantic_judge(validate)
