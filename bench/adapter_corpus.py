"""The corpus's recorded calls through a framework adapter: does the adapter refuse any call its schema accepts?

    python bench/adapter_corpus.py [--corpus ../shared/corpus] [--limit N]

Run where openai-agents is installed (``pip install 'schema-lint[openai-agents]'``). Each
corpus tool becomes an openai-agents ``FunctionTool`` with the tool's schema (as the
boundary normalizes it) and a function that records what it receives, wrapped by
``guard_function_tool``. Every ground-truth call the schema accepts is sent as the model's
JSON text, and so are two lax-mode variants of it (each number as text, each boolean as
``"yes"``/``"no"``): the script counts the calls that reach the function with the
ground-truth arguments, and lists the first that do not. A tool built so has no pydantic
model, which alone would read the variants leniently (``function_tool`` makes one from a
typed function): the adapter refuses them, as the schema says, and the first it lists are
such refusals.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def lax_variants(arguments: dict) -> dict[str, dict]:
    """The call with every number sent as text, and with every boolean as a word."""
    numbers = {k: json.dumps(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
               for k, v in arguments.items()}
    booleans = {k: ("yes" if v else "no") if isinstance(v, bool) else v for k, v in arguments.items()}
    return {name: call for name, call in (("numbers as text", numbers), ("booleans as words", booleans))
            if call != arguments}


def main() -> None:
    import logging

    from agents import FunctionTool
    from agents.tool_context import ToolContext

    from schema_lint.boundary import Policy
    from schema_lint.boundary.agents_adapter import guard_function_tool
    from schema_lint.replay.run import Toolset
    from schema_lint.traffic.calls import RecordedCall, read_calls

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    parser.add_argument("--limit", type=int, help="ground-truth calls to send (default: all)")
    options = parser.parse_args()
    logging.getLogger("schema_lint.boundary").setLevel(logging.WARNING)

    toolset = Toolset.load([str(options.corpus / "tools.jsonl")], Policy.none())
    received: list[Any] = []
    tools: dict[int, FunctionTool] = {}

    async def record(ctx: Any, text: str) -> str:
        received.append(json.loads(text))
        return "ok"

    counts = {"sent": 0, "ran as sent": 0}
    variants = {"numbers as text": [0, 0], "booleans as words": [0, 0]}
    refused = []
    for call in read_calls([str(options.corpus / "calls.jsonl")]):
        if not isinstance(call, RecordedCall) or not isinstance(call.arguments, dict):
            continue
        boundary = toolset.boundary_for(call)
        if boundary is None or boundary.check(call.arguments).status != "valid":
            continue
        if options.limit is not None and counts["sent"] >= options.limit:
            break
        if id(boundary) not in tools:
            bare = FunctionTool(name=boundary.name[:64], description="", params_json_schema=boundary.schema.schema,
                                on_invoke_tool=record, strict_json_schema=False)
            tools[id(boundary)] = guard_function_tool(bare)
        tool = tools[id(boundary)]
        for label, arguments in (("ground truth", call.arguments), *lax_variants(call.arguments).items()):
            text = json.dumps(arguments)
            context = ToolContext(context=None, tool_name=tool.name, tool_call_id="c", tool_arguments=text)
            received.clear()
            output = asyncio.run(tool.on_invoke_tool(context, text))
            ran = bool(received) and received[-1] == call.arguments
            if label == "ground truth":
                counts["sent"] += 1
                counts["ran as sent"] += ran
            else:
                variants[label][0] += 1
                variants[label][1] += ran
            if not ran and len(refused) < 10:
                refused.append((call.tool, label, text[:120], str(output)[:300]))
    print(f"ground-truth calls: {counts['ran as sent']:,} of {counts['sent']:,} ran with their arguments")
    for label, (sent, ran) in variants.items():
        print(f"{label}: {ran:,} of {sent:,} ran with the ground-truth arguments")
    for tool, label, text, output in refused:
        print(f"  not run: {tool} ({label}) {text} -> {output}")


if __name__ == "__main__":
    main()
