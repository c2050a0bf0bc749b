"""Recorded calls, read once into per-tool summaries, and read again for the gate.

Reading streams: memory holds a :class:`ToolSummary` per tool and at most
:data:`CALLS_KEPT` calls per tool. The gate must see every call, so a tool with more calls
than that has them read again from the files; a pipe, which cannot be read twice, is
copied to a temporary file as it is read the first time.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterable, Iterator
from typing import Any

from schema_lint.replay.calls import BrokenLine, RecordedCall, read_calls
from schema_lint.traffic.summary import ToolSummary

CALLS_KEPT = 2_000
"""Calls kept in memory per tool, so that the gate of a tool with few calls reads no file."""

PROBLEMS_KEPT = 20
"""Unreadable files and lines without a call shown; the rest are only counted."""


class Traffic:
    """Recorded calls by tool: by the `uid` of the record holding the tool, or else by name."""

    def __init__(self) -> None:
        self.summaries: dict[tuple[str, str], ToolSummary] = {}
        self._kept: dict[tuple[str, str], list[dict]] = {}
        self._paths: list[str] = []
        self._scratch: tempfile.TemporaryDirectory | None = None
        self.calls = 0
        self.problems: list[BrokenLine] = []
        self.problem_count = 0
        self.unreadable: list[BrokenLine] = []

    @classmethod
    def load(cls, paths: Iterable[str]) -> Traffic:
        traffic = cls()
        traffic._paths = [traffic._rereadable(path) for path in paths]
        for key, arguments in traffic._read():
            summary = traffic.summaries.get(key)
            if summary is None:
                summary = traffic.summaries[key] = ToolSummary()
                traffic._kept[key] = []
            summary.add(arguments)
            kept = traffic._kept[key]
            if len(kept) < CALLS_KEPT:
                kept.append(arguments)
            traffic.calls += 1
        return traffic

    def key_of(self, tool) -> tuple[str, str]:
        uid_key = ("uid", tool.uid or "")
        return uid_key if tool.uid and uid_key in self.summaries else ("name", tool.name)

    def summary_for(self, tool) -> ToolSummary | None:
        return self.summaries.get(self.key_of(tool))

    def calls_for(self, tool) -> Iterator[dict]:
        """Every recorded call of the tool, from memory when all of them are kept."""
        key = self.key_of(tool)
        summary = self.summaries.get(key)
        if summary is None:
            return iter(())
        if summary.calls <= CALLS_KEPT:
            return iter(self._kept[key])
        return (arguments for other, arguments in self._read(report=False) if other == key)

    def _read(self, report: bool = True) -> Iterator[tuple[tuple[str, str], Any]]:
        for item in read_calls(self._paths):
            if isinstance(item, BrokenLine):
                if report:
                    self._problem(item)
                continue
            arguments = _arguments(item)
            if arguments is not None:
                yield (("uid", item.tool_uid) if item.tool_uid else ("name", item.tool)), arguments

    def _problem(self, line: BrokenLine) -> None:
        if line.reason.startswith("cannot read"):
            self.unreadable.append(line)
            return
        self.problem_count += 1
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(line)

    def _rereadable(self, path: str) -> str:
        """The path itself, or for a pipe (or `-`, stdin) a copy of what it holds."""
        if path != "-" and (os.path.isfile(path) or not os.path.exists(path)):
            return path
        if self._scratch is None:
            self._scratch = tempfile.TemporaryDirectory(prefix="schema-lint-calls-")
        copy = os.path.join(self._scratch.name, f"{len(os.listdir(self._scratch.name))}{os.path.splitext(path)[1]}")
        try:
            with (sys.stdin.buffer if path == "-" else open(path, "rb")) as source, open(copy, "wb") as target:
                shutil.copyfileobj(source, target)
        except OSError:
            return path  # read_calls reports it
        return copy


def _arguments(call: RecordedCall) -> dict | None:
    arguments = call.arguments
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except (ValueError, RecursionError):
            return None
    return arguments if isinstance(arguments, dict) else None
