"""The child process of `--python`: import the target, read its tools, send them back.

Run as `python -m schema_lint.python_tools.worker SPEC LIMITS` by `child` (LIMITS: the
`Limits` as a JSON object), in the user's working directory. Importing runs the user's
code, which may write to fd 1 (a C extension, `os.write(1, ...)`), exit the process, hang
or crash it; so before anything is imported, the channel back to the parent is moved off
fd 1 and fd 1 is pointed at stderr. What is sent is one JSON object: `{"tools": [...],
"sources": {tool: "file:line"}}` or `{"error": "..."}`. Sending nothing means the child
did not get that far.
"""

from __future__ import annotations

import json
import os
import sys


def main(argv: list[str]) -> None:
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")  # os.dup: not inherited by user subprocesses
    os.dup2(2, 1)
    spec, limits = argv
    try:
        answer = _answer(spec, json.loads(limits))
    except BaseException as exc:  # KeyboardInterrupt, SystemExit from user code outside the import
        from schema_lint.python_tools.target import describe

        answer = {"error": f"reading it raised {describe(exc)}"}
    channel.write(json.dumps(answer))
    channel.flush()
    for stream in (sys.stdout, sys.stderr):  # what the module printed, still in their buffers
        try:
            stream.flush()
        except Exception:  # replaced or closed by the user's code
            pass
    os._exit(0)  # no atexit handler or lingering thread of the user's may change the outcome


def _answer(spec: str, limits: dict) -> dict:
    from schema_lint.live.limits import Limits
    from schema_lint.python_tools.source import source_of
    from schema_lint.python_tools.target import TargetError, load, parse
    from schema_lint.python_tools.tools import tools_of

    try:
        target = parse(spec)
        tools, definitions = tools_of(load(target), target.spec, Limits(**limits))
    except TargetError as exc:
        return {"error": str(exc)}
    sources = {name: source_of(definition) for name, definition in definitions.items()}
    return {"tools": tools, "sources": {name: where for name, where in sources.items() if where}}


if __name__ == "__main__":
    main(sys.argv[1:])
