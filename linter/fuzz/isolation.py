"""Run one piece of work in a child process that is killed when its time is up.

Value generation can hang in places no timeout inside the process can reach: a
pathological `pattern` keeps a regular-expression engine busy in C code, where neither a
thread nor a signal handler gets a turn. A child process can always be killed, so each
tool's generation runs in one, and the fuzz run goes on with the next tool. On Linux the
child is forked from a parent that has already imported hypothesis, so starting one
costs milliseconds.

The limit counts the child's CPU seconds where the system reports them (Linux `/proc`),
so a busy machine slows a tool down without timing it out: whether a tool fits its
budget is a property of the tool, and the report stays the same from run to run. Wall
time is capped too, at a multiple of the limit, for a child that waits instead of working.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# A child may take this many times its CPU limit in wall time (a loaded machine) before it is stopped.
WALL_FACTOR = 5
_POLL_SECONDS = 0.01


@dataclass(frozen=True)
class Finished:
    value: Any


@dataclass(frozen=True)
class TimedOut:
    seconds: float


@dataclass(frozen=True)
class Crashed:
    """The work raised, or the child died; `reason` is one line for a report."""

    reason: str


def run_isolated(function: Callable[..., Any], args: tuple, seconds: float) -> Finished | TimedOut | Crashed:
    """`function(*args)` in a child process, given at most `seconds` of its CPU time.

    `function` and its result must be picklable (module-level function, JSON-like data).
    """
    context = (multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods()
               else multiprocessing.get_context("spawn"))
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(sender, function, args), daemon=True)
    started = time.monotonic()
    child.start()
    sender.close()
    try:
        while not receiver.poll(_POLL_SECONDS):
            wall = time.monotonic() - started
            used = _cpu_seconds(child.pid)
            if (wall if used is None else used) >= seconds or wall >= seconds * WALL_FACTOR:
                return TimedOut(seconds)
        try:
            kind, payload = receiver.recv()
        except (EOFError, OSError):
            child.join(1)
            return Crashed(f"the generator process died (exit code {child.exitcode})")
        return Finished(payload) if kind == "value" else Crashed(payload)
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join(1)


def _cpu_seconds(pid: int | None) -> float | None:
    """User plus system CPU time of a process, or None where `/proc` does not say."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    # After the command name: state is field 3 of stat(5); utime and stime are fields 14 and 15.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _child(sender: Any, function: Callable[..., Any], args: tuple) -> None:
    try:
        message = ("value", function(*args))
    except BaseException as exc:  # everything, so the parent gets a reason instead of a traceback
        message = ("error", _one_line(exc))
    try:
        sender.send(message)
    finally:
        sender.close()
        os._exit(0)


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__
