"""langchain-core: a structured tool wrapped by guard_tool, run as an agent runs a tool call.

Each call is a tool call (``{"name", "args", "id", "type": "tool_call"}``); what the model
reads next is the tool message's content.
"""

from loop_common import RECEIVED, aliased, dated, deploy, invite, report, scenario, schedule, search, strict

from langchain_core.tools import StructuredTool

from schema_lint.boundary.langchain_adapter import guard_tool


def runner(tool):
    def run(call):
        RECEIVED.clear()
        try:
            message = tool.invoke({"name": tool.name, "args": call, "id": "call_1", "type": "tool_call"})
        except Exception as exc:  # the bare tool: a validation error reaches the agent as an exception
            return None, str(exc)
        return (RECEIVED[-1], None) if RECEIVED else (None, message.content)
    return run


def served(function):
    tool = StructuredTool.from_function(function)
    return lambda guarded: runner(guard_tool(tool) if guarded else tool)


report({**scenario(served(search)), "dated": dated(served(schedule)), "strict_types": strict(served(deploy)),
        "aliased": aliased(served(invite))})
