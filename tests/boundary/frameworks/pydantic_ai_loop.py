"""pydantic-ai: an agent with BoundaryCapability, driven by a scripted FunctionModel.

The model sends one call per run and then reads what came back: the tool's return value,
or what pydantic-ai sends back for a validation error or a ``ModelRetry``.
"""

import enum
import json
from datetime import datetime
from typing import Annotated

from pydantic import Field

from loop_common import RECEIVED, aliased, dated, deploy, invite, report, scenario, schedule, search, strict

from pydantic_ai import Agent
from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import FunctionModel

from schema_lint.boundary.pydantic_ai_adapter import BoundaryCapability


def runner(guarded: bool, tool=search):
    def run(call):
        seen = []

        def model(messages, info):
            if not any(isinstance(p, ToolCallPart) for m in messages for p in getattr(m, "parts", [])):
                return ModelResponse(parts=[ToolCallPart(tool.__name__, json.dumps(call), tool_call_id="c1")])
            seen.extend(messages[-1].parts)  # what came back for the call: its return, or the retry prompt
            return ModelResponse(parts=[TextPart("done")])

        agent = Agent(FunctionModel(model), tools=[tool], capabilities=[BoundaryCapability()] if guarded else [])
        RECEIVED.clear()
        agent.run_sync("find it")
        if RECEIVED:
            return RECEIVED[-1], None
        content = seen[0].content if seen else "no retry prompt"
        return None, content if isinstance(content, str) else json.dumps(content)
    return run


class Color(str, enum.Enum):
    red = "red"
    blue = "blue"


def paint(color: Annotated[Color, Field(strict=True)], when: Annotated[datetime, Field(strict=True)],
          layers: list[str]) -> str:
    """Paint the layers: strict fields, which pydantic takes as strings only from JSON text."""
    RECEIVED.append({"color": color.value, "when": when.isoformat(), "layers": layers})
    return "painted"


PAINTED = {"color": "red", "when": "2024-05-01T09:00:00Z"}
report({**scenario(runner), "strict_text": {"bare": runner(False, paint)({**PAINTED, "layers": ["a"]})[0],
                                            "wrapped": runner(True, paint)({**PAINTED, "layers": "a"})[0]}, "dated": dated(lambda guarded: runner(guarded, schedule)),
        "strict_types": strict(lambda guarded: runner(guarded, deploy)),
        "aliased": aliased(lambda guarded: runner(guarded, invite))})
