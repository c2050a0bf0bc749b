"""The runtime boundary: canonicalize a tool call, validate it, explain a rejection, decide on retries.

The same code the fuzz and replay reports run, so what they predict is what production
does. The adapters for agent frameworks (``mcp_adapter``, ``fastmcp_adapter``,
``agents_adapter``, ``pydantic_ai_adapter``, ``langchain_adapter``) are not imported here:
each needs its framework, an optional extra.

May import: model, schema, prose.
"""

from .canonicalize import Canonicalized, Repair, canonicalize
from .compiled import SchemaError
from schema_lint.schema.dialect import normalize_dialect
from .envelope import VALIDATION_FAILED, Problem
from .guard import guard
from .outcome import Outcome
from .repairs import REPAIRS, Policy, RepairRule
from .retry import INVALID_ARGUMENT, NOT_REPAIRABLE, RetryDecision, RetryPolicy
from .telemetry import LOGGER_NAME, Telemetry, TelemetrySink
from .tool import BusinessCheck, CheckFailure, ToolBoundary
from .validate import Rejected, Valid, validate

__all__ = [
    "INVALID_ARGUMENT", "LOGGER_NAME", "NOT_REPAIRABLE", "REPAIRS", "VALIDATION_FAILED",
    "BusinessCheck", "Canonicalized", "CheckFailure", "Outcome", "Policy", "Problem", "Rejected", "Repair",
    "RepairRule", "RetryDecision", "RetryPolicy", "SchemaError", "Telemetry", "TelemetrySink", "ToolBoundary",
    "Valid", "canonicalize", "guard", "normalize_dialect", "validate",
]
