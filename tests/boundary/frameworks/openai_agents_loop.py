"""openai-agents: a function tool, strict schema and not, wrapped by guard_function_tool.

The loop plays the agent's part: each call's arguments go to ``on_invoke_tool`` as the
model's JSON text, and its output is what the model reads next.
"""

import json

import anyio
from loop_common import RECEIVED, dated, deploy, report, scenario, schedule, search, strict

from agents import function_tool
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


report({"strict": scenario(served(True)), "loose": scenario(served(False)),
        "dated_strict": dated(served(True, schedule)), "dated_loose": dated(served(False, schedule)),
        "strict_types": strict(served(True, deploy)), "strict_types_loose": strict(served(False, deploy))})
