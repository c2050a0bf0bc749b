"""openai-agents: a function tool, strict schema and not, wrapped by guard_function_tool.

The loop plays the agent's part: each call's arguments go to ``on_invoke_tool`` as the
model's JSON text, and its output is what the model reads next.
"""

import json

import anyio
from loop_common import RECEIVED, aliased, dated, deploy, invite, report, scenario, schedule, search, strict

from agents import FunctionTool, function_tool
from agents.tool_context import ToolContext

from schema_lint.boundary.agents_adapter import guard_function_tool


def runner(tool):
    def run(call):
        text = json.dumps(call)
        context = ToolContext(context=None, tool_name=tool.name, tool_call_id="call_1", tool_arguments=text)
        RECEIVED.clear()
        output = anyio.run(tool.on_invoke_tool, context, text)
        return (RECEIVED[-1], None) if RECEIVED else (None, output)
    return run


def served(strict: bool, function=search):
    tool = function_tool(function, strict_mode=strict)
    return lambda guarded: runner(guard_function_tool(tool) if guarded else tool)


HAND_WRITTEN = {"type": "object", "properties": {"confirm": {"type": "boolean"}, "count": {"type": "integer"}},
                "required": ["confirm", "count"], "additionalProperties": False}


async def purge(ctx, text):
    """A hand-written tool that takes its arguments as JSON text, with no model to validate them."""
    RECEIVED.append(json.loads(text))
    return "purged"


def hand_written() -> list:
    """What a ``FunctionTool`` with no pydantic model receives behind the adapter for text and numbers
    sent for its boolean and integer: the adapter cannot ask a validator, so it changes no value."""
    tool = guard_function_tool(FunctionTool(name="purge", description="Purge.", params_json_schema=HAND_WRITTEN,
                                            on_invoke_tool=purge, strict_json_schema=True))
    return [runner(tool)(call)[0] for call in ({"confirm": "yes", "count": "3"}, {"confirm": 1, "count": 3},
                                               {"confirm": True, "count": 3})]


report({"hand_written": hand_written(), "strict": scenario(served(True)), "loose": scenario(served(False)),
        "dated_strict": dated(served(True, schedule)), "dated_loose": dated(served(False, schedule)),
        "strict_types": strict(served(True, deploy)), "strict_types_loose": strict(served(False, deploy)),
        "aliased_strict": aliased(served(True, invite)), "aliased_loose": aliased(served(False, invite))})
