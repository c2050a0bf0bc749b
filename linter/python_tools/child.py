"""Read one `--python` target's tools in a child process (`worker`), never in this one, and in
the interpreter of the target's project (`interpreter`), never necessarily this one.

Importing a target runs the user's code in full. In this process a module that calls
`os._exit(0)` would end the run with exit 0 and no report (a CI gate passing while
linting nothing), one that writes to fd 1 would corrupt a JSON or SARIF report on stdout,
and one that hangs would hang the run. In a child each of these is one `TargetError`:
it died (its exit status or signal), it did not finish within the time-out, or it sent
nothing. What the child writes on its stdout and stderr is passed on to this process's
stderr, as the module's prints were before: its end, when it wrote more than that.

Both of its pipes are drained as they fill (`Drain`), so neither a module that prints
without end nor an answer larger than a listing may be (`max-file-size`) fills this
process's memory; the second is a `TargetError`, and stops the child at once.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple, cast

from schema_lint.live.drain import Drain, wait_for_ends
from schema_lint.python_tools.interpreter import interpreter_for
from schema_lint.python_tools.target import TargetError
from schema_lint.sources.reading import size_limit

# Seconds to collect what a killed child still had in its pipes (a grandchild of its own
# session may hold them open; it is not waited for longer).
DRAIN_SECONDS = 5.0
# Seconds the pipes may stay open once the child has exited: what it wrote is read by then,
# unless a process it started holds them.
SETTLE_SECONDS = 0.5
# Bytes of what the module printed that are passed on: the last ones, where a traceback
# or the end of a start-up log is.
PRINTED_KEPT = 64 << 10


# Where a generated tool keeps its arguments' schema, in the form `worker` sends (MCP's).
ARGUMENTS = "/inputSchema"
# Why a tool has no `file:line` and its fixes are not made in the Python source.
NO_DEFINITION = ("no Python function or class was found behind the tool (a proxied server's tool, whose "
                 "function is in another process, or one built at run time)")


class Answer(NamedTuple):
    """What `worker` sent: the tools; per tool, its framework and the `file:line:col` of its
    definition (`at`), of each parameter or field (`fields`) and of each model its arguments
    hold (`models`); each framework's version; the folders its interpreter is installed in
    (`installed`: its prefixes, whose files are no project's to edit); what offers tools
    the child could not read without running it (`unread`, each a sentence naming it)."""

    tools: list[dict[str, Any]]
    sources: dict[str, dict[str, Any]]
    frameworks: dict[str, str]
    installed: list[str] = []
    unread: list[str] = []


def written_in(source: dict[str, Any], pointer: str, roots: Mapping[str, dict[str, Any]] | None = None,
               whole: bool = False) -> tuple[dict[str, Any], str]:
    """The definition a place in a tool's schema is written in, and the place as a pointer
    into that definition's own schema (`/inputSchema/...`): a model the arguments hold for
    a place in its `$defs` entry (`/inputSchema/$defs/Address/properties/zip` is the `zip`
    field of `class Address`), or in its schema where the framework inlined it at one of
    the `roots` (`inlined`, by pointer, read once per tool: fastmcp's
    `/inputSchema/properties/address/properties/zip`), else the tool's own function or model.
    At an inlined model's root, the parameter that holds it is meant (its description, its
    default), unless `whole`: a finding on the object itself (it accepts undeclared keys),
    which the model's class decides."""
    models = source.get("models")
    if not isinstance(models, dict):
        return source, pointer
    prefix = ARGUMENTS + "/$defs/"
    if pointer.startswith(prefix):
        name, _, rest = pointer[len(prefix):].partition("/")
        model = models.get(name.replace("~1", "/").replace("~0", "~"))
        return (model, ARGUMENTS + (f"/{rest}" if rest else "")) if isinstance(model, dict) else (source, pointer)
    if roots:
        parts = pointer.split("/")
        for end in range(len(parts), 2, -1):  # the innermost model the place is in first
            root = "/".join(parts[:end])
            rest = pointer[len(root):]
            if root in roots and (rest.startswith("/properties/") or rest == "/additionalProperties"
                                  or (whole and rest == "")):
                return roots[root], ARGUMENTS + rest
    return source, pointer


# How deep `inlined` follows models inlined in models, and through how many `anyOf`
# branches and `items` it looks for one under a parameter (`Address | None`, `list[Address]`).
_INLINED_DEPTH = 8
_WRAPPERS = 3


def inlined(source: dict[str, Any], schema: object, at: str = ARGUMENTS,
            depth: int = 0) -> Iterator[tuple[dict[str, Any], str]]:
    """Each model the tool's arguments hold whose schema the framework wrote in place of a
    `$ref` (fastmcp inlines `$defs`), with the pointer to where: under each parameter or
    field that holds that one model (`holds`: itself, optional, or a list of it), an object
    schema with `properties` is that model's, and so on into the fields it holds."""
    models, holds = source.get("models"), source.get("holds")
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if depth > _INLINED_DEPTH or not isinstance(holds, dict) or not isinstance(properties, dict):
        return
    for member, name in holds.items():
        model = models.get(name) if isinstance(models, dict) else None
        if not isinstance(model, dict) or not isinstance(member, str) or member not in properties:
            continue
        escaped = member.replace("~", "~0").replace("/", "~1")
        for node, pointer in _objects(properties[member], f"{at}/properties/{escaped}", _WRAPPERS):
            yield model, pointer
            yield from inlined({**model, "models": models}, node, pointer, depth + 1)


def _objects(node: object, pointer: str, wrappers: int) -> Iterator[tuple[dict[str, Any], str]]:
    """The object schemas at `node`, or in its `anyOf` branches and `items`, `wrappers` deep."""
    if not isinstance(node, dict) or "$ref" in node:
        return
    if isinstance(node.get("properties"), dict):
        yield node, pointer
        return
    if wrappers == 0:
        return
    branches = node.get("anyOf")
    for index, branch in enumerate(branches if isinstance(branches, list) else ()):
        yield from _objects(branch, f"{pointer}/anyOf/{index}", wrappers - 1)
    yield from _objects(node.get("items"), f"{pointer}/items", wrappers - 1)


def worker_source() -> str:
    """`worker`'s text, run with `python -c`: a file run by path would put its own folder,
    and so modules named like the user's, first on `sys.path`."""
    with open(os.path.join(os.path.dirname(__file__), "worker.py"), encoding="utf-8") as file:
        return file.read()


def tools_in_child(spec: str, limits, edited: dict[str, str] | None = None) -> Answer:
    """The tools of `spec`, read by `worker` in the target project's interpreter; with the
    `edited` texts imported in place of those files' content."""
    if edited:
        # In a file: a command line holds some hundred kilobytes, and the child's stdin is
        # not for it (the user's module may read it).
        with tempfile.TemporaryDirectory(prefix="schema-lint-") as folder:
            path = os.path.join(folder, "edited.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(edited, file)
            return _tools_in_child(spec, limits, {"seconds": limits.request, "edited": path})
    return _tools_in_child(spec, limits, {"seconds": limits.request})


def _tools_in_child(spec: str, limits, settings: dict) -> Answer:
    interpreter = interpreter_for(limits.python_interpreter)
    command = [interpreter, "-c", worker_source(), spec, json.dumps(settings)]
    try:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, start_new_session=os.name == "posix")
    except OSError as exc:
        raise TargetError(f"cannot start the Python interpreter {interpreter} to import it: "
                          f"{exc.strerror or exc}") from None
    # Piped, so not None, and buffered (Popen's default), as a drain reads them.
    sent = Drain(cast(io.BufferedIOBase, process.stdout), limits.max_bytes, on_overflow=lambda: _stop(process))
    printed = Drain(cast(io.BufferedIOBase, process.stderr), PRINTED_KEPT)
    try:
        late = _wait(process, limits.python, (sent, printed))
    except BaseException:  # Ctrl-C while waiting: the child goes with this process
        _stop(process)
        raise
    _relay(spec, printed)
    if sent.dropped:
        raise TargetError(f"the process importing it sent an answer larger than {size_limit(limits.max_bytes)}")
    answer = _read(sent.kept())
    if answer is None:
        raise TargetError(_why_nothing(process.returncode, late, limits.python, bool(sent.total)))
    if "error" in answer:
        raise TargetError(answer["error"])
    return Answer(answer["tools"], answer["sources"], answer.get("frameworks") or {},
                  _strings(answer.get("installed")), _strings(answer.get("unread")))


def _strings(sent: object) -> list[str]:
    return [item for item in sent if isinstance(item, str)] if isinstance(sent, list) else []


def _wait(process: subprocess.Popen, seconds: float, drains: tuple[Drain, ...]) -> bool:
    """Whether the child had to be stopped for not having exited within `seconds`.

    The worker sends its answer, then exits: once it has, the answer is whole. A process
    the module started on import (a helper, a metrics agent) inherits its stderr and keeps
    that pipe open; it is not waited for (the whole time-out, as it was), but stopped with
    the rest of the child's session once the pipes stay open `SETTLE_SECONDS` after the exit."""
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        late = True
    else:
        late = False
        if wait_for_ends(drains, SETTLE_SECONDS):
            return False
    _stop(process)
    process.wait()
    wait_for_ends(drains, DRAIN_SECONDS)
    return late


def _stop(process: subprocess.Popen) -> None:
    """Kill the child and what it started in its session (a server it spawned on import)."""
    try:
        if os.name == "posix":
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    except (ProcessLookupError, PermissionError):
        pass  # gone already


def _relay(spec: str, printed: Drain) -> None:
    output = printed.kept()
    if printed.dropped:
        sys.stderr.write(f"schema-lint: importing `{spec}` printed {printed.total:,} bytes; the last "
                         f"{len(output):,} follow\n")
    if output:
        sys.stderr.write(output.decode("utf-8", errors="replace"))
        sys.stderr.flush()


def _read(sent: bytes) -> dict | None:
    """The worker's answer, or None when it sent none (or something that is not one)."""
    try:
        answer = json.loads(sent.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if isinstance(answer, dict) and (isinstance(answer.get("error"), str) or (
            isinstance(answer.get("tools"), list) and isinstance(answer.get("sources"), dict))):
        return answer
    return None


def _why_nothing(code: int | None, late: bool, seconds: float, sent: bool) -> str:
    if late:
        return (f"importing it did not finish within {seconds:g} s (--python-timeout): does the module start "
                "a server or wait for input when imported?")
    if sent:
        return "the process importing it sent an answer that cannot be read"
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"the process importing it was killed by {name} before sending its tools"
    return f"the process importing it exited with status {code} before sending its tools (does the module call os._exit()?)"
