"""Validate a call and, when it fails, say everything that is wrong in one envelope.

The fast validator answers "valid?" in about a microsecond; only a call that fails pays
for collecting errors and writing the envelope.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .compiled import compiled
from .admit import UNREADABLE, not_json, unreadable
from .envelope import VALIDATION_FAILED, Problem, envelope, refusal_problem, schema_problems


@dataclass(frozen=True)
class Valid:
    """The call satisfies the schema."""

    arguments: Any
    ok: bool = field(default=True, init=False)


@dataclass(frozen=True)
class Rejected:
    """The call does not satisfy the schema; ``envelope`` is what to send back to the model."""

    envelope: dict[str, Any]
    problems: tuple[Problem, ...]
    ok: bool = field(default=False, init=False)


def validate(schema: Any, arguments: Any, *, openapi: bool = False) -> Valid | Rejected:
    """Check the decoded ``arguments`` against ``schema`` (any dialect :func:`normalize_dialect`
    knows; ``openapi`` for an OpenAPI 3.0 schema such as Gemini's ``parameters``).

    Whatever ``arguments`` is, the answer is ``Valid`` or ``Rejected``, never an exception:
    a value outside JSON's data model is rejected as ``not-json-value`` or ``too-deep``."""
    compiled_schema = compiled(schema, openapi)
    refusal = not_json(arguments)
    if refusal is None:
        try:
            if compiled_schema.is_valid(arguments):
                return Valid(arguments)
        except UNREADABLE:  # what the screen lets through and the validator cannot read (a `str` subclass)
            refusal = unreadable(arguments)
    problems = [refusal_problem(compiled_schema, refusal)] if refusal is not None else \
        schema_problems(compiled_schema, arguments)
    return Rejected(envelope(VALIDATION_FAILED, problems, retryable=True), tuple(problems))
