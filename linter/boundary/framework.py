"""What a framework does to a call anyway, so that its boundary never refuses a call the framework runs.

An agent framework checks a tool call itself before the tool runs, and it is often more
lenient than the JSON Schema it shows the model: pydantic in lax mode reads ``"5"`` as 5
and ``"yes"`` as ``true``, a model behind a strict schema fills an absent optional field
with its default or ``None``, and the MCP SDK's tool functions decode JSON text sent for
a list. A boundary that validated against the bare schema would reject calls that ran
correctly before it was turned on. So each adapter names its framework's behaviours,
and they join the boundary's policy as repairs: made only where the tool's own validator
takes the value as sent (pydantic is strict or lax field by field, and a field without a
default is not filled: :mod:`.judge`), like every repair only when the result validates,
and recorded in ``outcome.repairs`` and telemetry like any other, so a
team sees how often its tools lean on them.

The adapters build their boundaries here, lazily, at a tool's first call: a tool
registered after the adapter is guarded all the same.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from schema_lint.model import SideEffects, Tool as LintTool
from schema_lint.prose.side_effects import classify
from schema_lint.schema.keywords import map_subschemas
from .judge import Judge
from .repairs import Policy
from .tool import ToolBoundary


@dataclass(frozen=True)
class Leniency:
    """The behaviours of the framework in front of the tool that the boundary must not refuse.

    ``lax``: pydantic's lax mode reads numbers and booleans from text (``lax-number``,
    ``lax-boolean``), and a date or time from a number; ``json_text``: JSON text sent for an array or object is decoded
    (``json-string``); ``fills_absent``: a required member left out is filled with its
    default, or ``null`` where it accepts one (``absent-default``: a pydantic model behind a
    strict schema, which lists every field as required), by the model itself, so the boundary
    only stops asking for it and does not write the fill into the call; ``own_formats``: the framework checks
    ``format`` and ``pattern`` itself, its own way (pydantic, or the ``jsonschema`` package,
    which asserts no format and matches with Python's ``re``), so the boundary does not, nor
    ``uniqueItems`` (pydantic reads a ``set`` from a list with repeats, dropping them, and
    counts its ``max_length`` after that); ``ignores_extra``: members the schema does not
    declare are dropped, not refused, though the schema says ``additionalProperties: false``
    (openai-agents' models behind their strict schemas).
    """

    lax: bool = False
    json_text: bool = False
    fills_absent: bool = False
    own_formats: bool = False
    ignores_extra: bool = False

    def repairs(self) -> tuple[str, ...]:
        chosen = (("lax-number", self.lax), ("lax-boolean", self.lax), ("json-string", self.json_text),
                  ("absent-default", self.fills_absent))
        return tuple(name for name, on in chosen if on)


PYDANTIC = Leniency(lax=True, own_formats=True)
"""A tool whose arguments are validated by a pydantic model in lax mode (the default)."""

PYDANTIC_STRICT = Leniency(own_formats=True)
"""A tool whose arguments are validated by a pydantic model in strict mode: no number or boolean is
read from text, but dates, times and patterns are still pydantic's to decide."""

PYDANTIC_MCP = dataclasses.replace(PYDANTIC, json_text=True)
"""The MCP SDK's tool functions: JSON text in a non-string field decoded, then pydantic in lax mode."""


def behind_model(strict_schema: bool) -> Leniency:
    """openai-agents' function tools: a pydantic model in lax mode which, behind a strict schema
    (every field listed as required), fills a field left out."""
    return dataclasses.replace(PYDANTIC, fills_absent=strict_schema, ignores_extra=True)


def adapter_leniency(framework: str, strict: bool = False) -> Leniency | None:
    """The leniency an adapter's boundaries have in front of the tools ``framework`` makes from
    functions (named as ``check --python`` names it), or ``None`` for a framework no adapter
    serves; ``strict``: the tool's schema is strict."""
    if framework == "openai-agents":
        return behind_model(strict)
    return {"mcp": PYDANTIC_MCP, "fastmcp": PYDANTIC, "pydantic-ai": PYDANTIC, "langchain": PYDANTIC}.get(framework)


def framework_boundary(schema: Any, name: str, leniency: Leniency, *, policy: Policy | None = None,
                       judge: Judge | None = None, **options: Any) -> ToolBoundary:
    """A boundary for ``schema`` as :func:`framework_checks` leaves it, that makes the framework's
    changes first, then ``policy``'s repairs (default: the default policy); ``options`` are
    :class:`ToolBoundary`'s.

    ``judge`` is the framework's own validation of the tool's calls (:mod:`.judge`): the
    framework's changes are made only where it takes the value as sent, since pydantic is
    lax or strict field by field. An adapter always gives one (:func:`~.judge.refuse_all`
    where it cannot reach the tool's model); without one the changes are made wherever the
    schema allows them, as ``replay`` and ``fuzz``, which see only schemas, estimate."""
    return ToolBoundary(framework_checks(schema, leniency), name=name, policy=policy,
                        lenient=Policy.from_names(leniency.repairs()), judge=judge, **options)


_TIMESTAMPED = frozenset({"date-time", "date", "time", "duration"})
"""The formats of pydantic's ``datetime``, ``date``, ``time`` and ``timedelta``, which lax mode also
reads from a number of seconds (since the epoch, since midnight, or in all)."""

_CONDITIONS = frozenset({"not", "if"})
"""Subschemas whose keywords count against a value: dropping one there would refuse more, not less."""


def framework_checks(schema: Any, leniency: Leniency) -> Any:
    """``schema`` as the boundary checks it in front of the framework: a copy without ``format``,
    ``pattern`` and a set's ``uniqueItems`` and ``maxItems`` where the framework decides them
    itself, without ``additionalProperties: false`` where it drops undeclared members, a number
    admitted where lax mode reads one as a date or time; ``schema`` itself otherwise. Pydantic never writes ``not`` or
    ``if``, which are left as they are."""
    if not (leniency.own_formats or leniency.lax or leniency.ignores_extra) or not isinstance(schema, dict):
        return schema
    out = map_subschemas(schema, lambda keyword, sub: sub if keyword in _CONDITIONS else framework_checks(sub, leniency))
    written = out.get("format")
    if leniency.own_formats:
        out.pop("format", None)
        out.pop("pattern", None)
        if out.get("uniqueItems") is True:
            del out["uniqueItems"]
            out.pop("maxItems", None)
    if leniency.ignores_extra and out.get("additionalProperties") is False:
        del out["additionalProperties"]
    types = out.get("type")
    if leniency.lax and written in _TIMESTAMPED:
        if types == "string":
            out["type"] = ["string", "number"]
        elif isinstance(types, list) and "string" in types and "number" not in types:
            out["type"] = [*types, "number"]
    return out


def side_effects(name: str, schema: Any, definition: Mapping[str, Any]) -> str:
    """The linter's side-effect class of a tool (annotations, then the verb in its name), so the
    retry policy and the lint severities agree; a tool nothing classes counts as a write here
    (for the linter it is a read), so that a failed call to it is not retried."""
    return classify(LintTool(name, schema, "", "", "mcp_tool", definition=dict(definition)),
                    unknown=SideEffects.WRITE).value


class LazyBoundaries:
    """One boundary per tool name (or any key that tells tools apart: a name and a version), built
    at the tool's first call and again when its schema changes.

    ``build(name, schema)`` makes a boundary; the schema last seen is kept beside it, so a tool
    re-registered under the same name with another schema is not checked against the old one.
    """

    def __init__(self, build: Callable[[Any, Any], ToolBoundary]):
        self._build = build
        self._built: dict[Hashable, tuple[Any, ToolBoundary]] = {}
        self._lock = threading.Lock()

    def get(self, name: Hashable, schema: Any) -> ToolBoundary:
        hit = self._built.get(name)
        if hit is not None and (hit[0] is schema or hit[0] == schema):
            return hit[1]
        boundary = self._build(name, schema)
        with self._lock:
            self._built[name] = (schema, boundary)
        return boundary


def request_id_of(context: Any) -> str | None:
    """The id of the request a framework's context serves (an MCP ``Context``, fastmcp's), or
    ``None``: outside a request (a tool's unit test calling it directly) the MCP SDK's
    ``request_id`` property raises ``ValueError``, which ``getattr`` does not catch. The id only
    labels telemetry, so nothing it raises may stop the call."""
    try:
        found = getattr(context, "request_id", None)
    except Exception:  # noqa: BLE001 - a property of another SDK's context: no id rather than no call
        return None
    return None if found is None else str(found)
