"""Send recorded calls through the same boundary production runs, and count.

Calls stream: memory stays constant in the number of calls (only the tallies and the
`--against` regressions grow), and each tool's validator is compiled once.
"""

from __future__ import annotations

import collections
import json
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from schema_lint.boundary import Policy, SchemaError, ToolBoundary
from schema_lint.boundary.framework import Leniency, adapter_leniency, framework_boundary
from schema_lint.schema.dialect import is_openapi_dialect, normalize_dialect
from schema_lint.traffic.calls import BrokenLine, RecordedCall
from schema_lint.sources.documents import read_document
from schema_lint.sources.tools import find_tools

UNKNOWN_TOOL = "UNKNOWN_TOOL"
NOT_REPLAYED = "not-replayed"
"""The outcome of a call to a tool whose schema cannot be compiled: nothing to check it against."""

EXAMPLES = 20
"""Broken lines kept as examples; the rest are only counted."""

DISTINCT_KEYS = 1_000
"""(tool, reason, path) and (tool, rule, path) rows tallied one by one; past it, new ones share
one row, so a stream of calls with ever-new keys or tool names cannot grow the tallies without bound."""


class ToolsUnreadable(Exception):
    """A tools file could not be parsed; its message is `file:line:col: reason`."""


@dataclass
class Toolset:
    """The boundaries calls are replayed through, found by tool name, by the `uid` of the
    dataset record holding the tool (names repeat across records), or built from a tool
    definition the call carries inline. One boundary per distinct (name, schema)."""

    policy: Policy
    boundaries: dict[str, ToolBoundary] = field(default_factory=dict)
    by_uid: dict[str, ToolBoundary] = field(default_factory=dict)
    # Tools whose schema was written in a non-standard dialect (BFCL's `dict`, ...).
    normalized: int = 0
    # Names defined more than once with different schemas: a call citing only the name
    # is replayed against the first.
    ambiguous: set[str] = field(default_factory=set)
    # Tools whose schema cannot be used (it does not compile, or is too costly to validate against), by
    # name: the reason. Their calls are not replayed.
    unusable: dict[str, str] = field(default_factory=dict)
    _built: dict[str, ToolBoundary | None] = field(default_factory=dict)
    _inline: dict[str | bytes, ToolBoundary | None] = field(default_factory=dict)
    # (name, normalized schema) → the uid of the first record holding that tool.
    _uids: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, paths: Iterable[str], policy: Policy, frameworks: Mapping[str, str] | None = None) -> Toolset:
        """The tools of `paths`; `frameworks` names, by tool name, the framework that made a
        tool of a `--python` target: its calls meet the boundary that framework's adapter
        builds (`boundary.framework`), as production's do, not one that refuses what the
        framework reads (`"5"` for 5 in pydantic's lax mode, a date-time without a zone)."""
        toolset = cls(policy)
        for path in paths:
            document = read_document(path)
            if document.errors:
                error = document.errors[0]
                raise ToolsUnreadable(f"{path}:{error.line}:{error.column}: {error.message}")
            stem = os.path.splitext(os.path.basename(path))[0]
            for tool in find_tools(document.data, stem):
                framework = (frameworks or {}).get(tool.name)
                toolset.add(tool.name, tool.schema, tool.uid, openapi=is_openapi_dialect(tool.format, tool.schema_pointer),
                            leniency=adapter_leniency(framework, tool.strict) if framework else None)
        return toolset

    def add(self, name: str, schema: Any, uid: str | None = None, openapi: bool = False,
            leniency: Leniency | None = None) -> None:
        boundary = self._boundary(name, schema, openapi, leniency)
        if boundary is None:
            return
        if uid is not None:
            self._uids.setdefault(_key(name, boundary.schema.schema), uid)
        known = self.boundaries.setdefault(name, boundary)
        if known is not boundary:
            self.ambiguous.add(name)
        if uid is not None:
            self.by_uid[uid] = boundary

    def boundary_for(self, call: RecordedCall) -> ToolBoundary | None:
        """The boundary for a call: its inline tool definition, the tool whose record uid it
        cites, or the first tool of its name."""
        if call.tool_definition is not None:
            key = _definition_key(call.tool_definition)
            if key not in self._inline:
                found = find_tools(call.tool_definition, call.tool)
                self._inline[key] = self._boundary(
                    call.tool, found[0].schema, is_openapi_dialect(found[0].format, found[0].schema_pointer)
                ) if found else None
            if self._inline[key] is not None:
                return self._inline[key]
        if call.tool_uid in self.by_uid:
            return self.by_uid[call.tool_uid]
        return None if self.unresolved(call) else self.boundaries.get(call.tool)

    def unresolved(self, call: RecordedCall) -> bool:
        """Whether the call cites the uid of a record these tools do not hold, for a name several
        of them share: which schema it was made for is unknown, and the first of that name
        (another record's tool) would reject calls its own accepts. Such a call is not replayed."""
        return (call.tool_definition is None and call.tool_uid is not None and call.tool_uid not in self.by_uid
                and call.tool in self.ambiguous)

    def cited(self, call: RecordedCall, tightened: Toolset) -> RecordedCall:
        """The call as it should meet the tightened tools: an inline definition replaced by the
        uid of the record that holds the same tool here, or by its name when that is not
        ambiguous there; unchanged when the tightened tools hold no counterpart."""
        if call.tool_definition is None:
            return call
        boundary = self.boundary_for(call)
        uid = self._uids.get(_key(call.tool, boundary.schema.schema)) if boundary is not None else None
        if uid is not None and uid in tightened.by_uid:
            return call._replace(tool_uid=uid, tool_definition=None)
        if call.tool in tightened.boundaries and call.tool not in tightened.ambiguous:
            return call._replace(tool_uid=None, tool_definition=None)
        return call

    @property
    def tool_count(self) -> int:
        return sum(boundary is not None for boundary in self._built.values())

    def _boundary(self, name: str, schema: Any, openapi: bool = False,
                  leniency: Leniency | None = None) -> ToolBoundary | None:
        """The boundary for one (name, schema), built once, by the adapter whose `leniency` is
        given; ``None`` (and the reason kept in ``unusable``) when the schema does not compile."""
        key = json.dumps([name, schema, openapi, repr(leniency)], sort_keys=True, default=str)
        if key not in self._built:
            try:
                self._built[key] = (ToolBoundary(schema, name=name, policy=self.policy, openapi=openapi)
                                    if leniency is None else
                                    framework_boundary(schema, name, leniency, policy=self.policy, openapi=openapi))
                self.normalized += normalize_dialect(schema, openapi) != schema
            except SchemaError as exc:
                self._built[key] = None
                self.unusable.setdefault(name, str(exc))
        return self._built[key]


def _key(name: str, schema: Any) -> str:
    return json.dumps([name, schema], sort_keys=True, default=str)


_JSON_ONLY = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME \
    | orjson.OPT_PASSTHROUGH_SUBCLASS


def _definition_key(definition: Any) -> str | bytes:
    """Text equal for equal tool definitions and only for them, written for every call that carries
    one: orjson's, with sorted keys, at a fifteenth of json's cost. orjson writes NaN and the
    infinities as `null`, so text holding a `null` is json's; so is a definition orjson does
    not write (an integer past 64 bits, a key that is not text, a value outside JSON's types)."""
    try:
        key = orjson.dumps(definition, option=_JSON_ONLY)
    except TypeError:
        key = b"null"
    return key if b"null" not in key else json.dumps(definition, sort_keys=True, default=str)


@dataclass(slots=True)
class CallResult:
    call: RecordedCall
    outcome: str
    arguments: Any
    repairs: list[dict]
    envelope: dict | None
    by_framework: bool = False
    """Canonicalized by the framework's own changes alone (``lax-number`` … behind an adapter): the
    framework runs the call as sent, so it is no failure without the policy."""

    def as_record(self) -> dict:
        """The `--output-format jsonl` object: exactly these keys, in this order."""
        return {"index": self.call.index, "tool": self.call.tool, "outcome": self.outcome,
                "arguments": self.arguments, "repairs": self.repairs, "envelope": self.envelope}


OTHER = ("(other)", "(other)", "(more distinct paths than are tallied one by one)")


@dataclass(slots=True)
class Tally:
    """What a replay counted. Memory is bounded whatever the traffic: broken lines keep
    :data:`EXAMPLES` examples and a count, and each tally at most :data:`DISTINCT_KEYS` rows.
    (Slotted, as `add` runs once per call.)"""

    calls: int = 0
    outcomes: collections.Counter = field(default_factory=collections.Counter)
    by_framework: int = 0
    rejections: collections.Counter = field(default_factory=collections.Counter)
    repairs: collections.Counter = field(default_factory=collections.Counter)
    broken: list[BrokenLine] = field(default_factory=list)
    broken_count: int = 0
    # Files that could not be opened (a line-0 BrokenLine): their calls were never checked.
    unreadable: list[BrokenLine] = field(default_factory=list)
    not_replayed: int = 0
    # Of those, the calls whose cited tool these tools do not hold (`Toolset.unresolved`).
    unresolved: int = 0
    # Calls that pass today and the tightened tools would reject: (call, errors).
    regressions: list[tuple[RecordedCall, list[dict]]] = field(default_factory=list)
    against: bool = False

    def add(self, result: CallResult) -> None:
        outcome = result.outcome
        if outcome == NOT_REPLAYED:
            self.not_replayed += 1
            return
        self.calls += 1
        self.outcomes[outcome] += 1
        if result.by_framework:
            self.by_framework += 1
        if result.repairs or result.envelope:  # nearly every call has neither
            self._add_rows(result)

    def _add_rows(self, result: CallResult) -> None:
        # By tool first: "$.query required" says little until it says which tool's query.
        tool = result.call.tool
        for repair in result.repairs:
            _count(self.repairs, (tool, repair["rule"], repair["path"]))
        if result.envelope:
            for error in result.envelope["error"]["errors"]:
                _count(self.rejections,
                       (tool, error.get("reason", result.envelope["error"]["code"]), error.get("path", "$")))

    def add_broken(self, line: BrokenLine) -> None:
        if line.line == 0:
            self.unreadable.append(line)
            return
        self.broken_count += 1
        if len(self.broken) < EXAMPLES:
            self.broken.append(line)

    def rate(self, *outcomes: str) -> float:
        return sum(self.outcomes[o] for o in outcomes) / self.calls if self.calls else 0.0

    def failure_rate_without_policy(self) -> float:
        """Calls the policy canonicalized or that were rejected; a call only the framework's own changes
        canonicalized is one the framework runs anyway."""
        return self.rate("canonicalized", "rejected") - (self.by_framework / self.calls if self.calls else 0.0)


def _count(tally: collections.Counter, key: tuple) -> None:
    tally[key if key in tally or len(tally) < DISTINCT_KEYS else OTHER] += 1


def replay_one(toolset: Toolset, call: RecordedCall) -> CallResult:
    boundary = toolset.boundary_for(call)
    if boundary is None and (call.tool in toolset.unusable or toolset.unresolved(call)):
        return CallResult(call, NOT_REPLAYED, None, [], None)
    if boundary is None:
        return CallResult(call, "rejected", None, [], unknown_tool_envelope(call.tool, toolset))
    outcome = boundary.check(call.arguments, call.call_id)
    if not outcome.repairs:  # nearly every call: valid as sent, or rejected with nothing repaired
        if outcome.status == "rejected":
            return CallResult(call, "rejected", None, [], outcome.envelope)
        return CallResult(call, outcome.status, outcome.arguments, [], None, outcome.status == "canonicalized")
    repairs = [{"path": r.path, "rule": r.rule, "before": r.before, "after": r.after} for r in outcome.repairs]
    if outcome.status == "rejected":
        return CallResult(call, "rejected", None, repairs, outcome.envelope)
    framework = boundary.lenient.repairs
    by_framework = outcome.status == "canonicalized" and all(r.rule in framework for r in outcome.repairs)
    return CallResult(call, outcome.status, outcome.arguments, repairs, None, by_framework)


def unknown_tool_envelope(name: str, toolset: Toolset) -> dict:
    known = sorted(toolset.boundaries)
    shown = ", ".join(known[:20]) + (", …" if len(known) > 20 else "")
    return {"ok": False,
            "error": {"code": UNKNOWN_TOOL,
                      "errors": [{"path": "$", "reason": "unknown-tool", "expected": f"one of {shown}",
                                  "repair": f"call one of the available tools instead of {name}"}]},
            "retryable": True}


def replay(items: Iterable[RecordedCall | BrokenLine], toolset: Toolset, tightened: Toolset | None = None,
           on_result: Callable[[CallResult], None] | None = None, tally: Tally | None = None) -> Tally:
    """Replay every call, counting into `tally` (a new one unless given: a caller may watch it fill)."""
    tally = tally if tally is not None else Tally()
    tally.against = tightened is not None
    for item in items:
        if isinstance(item, BrokenLine):
            tally.add_broken(item)
            continue
        result = replay_one(toolset, item)
        tally.add(result)
        if result.outcome == NOT_REPLAYED and toolset.unresolved(item):
            tally.unresolved += 1
        if on_result is not None:
            on_result(result)
        if tightened is not None and result.outcome not in ("rejected", NOT_REPLAYED):
            # The tightened tools stand in for the call's own: an inline definition would be the
            # same on both sides, and the gate would pass whatever the tightening did.
            cited = toolset.cited(item, tightened)
            after = replay_one(tightened, cited)
            if after.outcome == "rejected":
                tally.regressions.append((item, after.envelope["error"]["errors"]))  # type: ignore[index]  # rejected: it has one
            elif after.outcome == NOT_REPLAYED:
                # A tightened schema that does not compile refuses every call: the gate must fail.
                tally.regressions.append((item, [{"path": "$", "reason": "schema-does-not-compile",
                                                  "expected": tightened.unusable.get(cited.tool, "")}]))
    return tally
