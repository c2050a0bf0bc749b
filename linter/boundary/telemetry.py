"""Report what the boundary did: through ``logging`` always, OpenTelemetry when installed.

A repaired or rejected call is evidence that a schema or a prompt needs work, so every
repair, rejection and retry decision becomes one structured event. Logging carries it
as the record's ``schema_lint`` attribute (logger ``schema_lint.boundary``); with
``opentelemetry-api`` installed it is also added to the current span as an event,
using the GenAI semantic-convention names ``gen_ai.tool.name`` and
``gen_ai.tool.call.id`` next to this library's ``schema_lint.*`` attributes. Valid calls
emit nothing, so the fast path stays fast.

The span is the caller's (the agent framework's ``execute_tool`` span, say): the
boundary does not start spans of its own, so with no recording span only logging
sees the event.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any, Protocol

LOGGER_NAME = "schema_lint.boundary"

TOOL_NAME = "gen_ai.tool.name"
CALL_ID = "gen_ai.tool.call.id"


class TelemetrySink(Protocol):
    """Anything with ``emit``; pass one to :class:`ToolBoundary` to route events elsewhere."""

    def emit(self, event: str, attributes: Mapping[str, Any]) -> None: ...


class Telemetry:
    """The default sink: a log record per event, plus a span event when OpenTelemetry is importable."""

    def __init__(self, logger: logging.Logger | None = None, opentelemetry: bool = True):
        self.logger = logger or logging.getLogger(LOGGER_NAME)
        self._trace = _import_trace() if opentelemetry else None

    def emit(self, event: str, attributes: Mapping[str, Any]) -> None:
        # The attributes are cleaned only for a listener: with logging below INFO and no recording
        # span (a replay of a million calls, say), an event costs two checks.
        logged = self.logger.isEnabledFor(logging.INFO)
        span = self._trace.get_current_span() if self._trace is not None else None
        if span is not None and not span.is_recording():
            span = None
        if not logged and span is None:
            return
        clean = {key: _attribute(value) for key, value in attributes.items() if value is not None}
        if logged:
            self.logger.info("%s %s", event, json.dumps(clean, sort_keys=True, ensure_ascii=False),
                             extra={"schema_lint_event": event, "schema_lint": clean})
        if span is not None:
            span.add_event(event, clean)


def _import_trace() -> Any:
    try:
        from opentelemetry import trace
    except ImportError:
        return None
    return trace


def _attribute(value: Any) -> Any:
    """OpenTelemetry attribute values are primitives or lists of one primitive type."""
    if isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [str(item) for item in value]
    return str(value)
