"""Validate a call and, when it fails, say everything that is wrong in one envelope.

The fast validator answers "valid?" in about a microsecond; only a call that fails pays
for collecting errors and writing the envelope.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .compiled import CompiledSchema, compiled
from .envelope import VALIDATION_FAILED, Problem, envelope, schema_problems


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


def validate(schema: Any, arguments: Any) -> Valid | Rejected:
    """Check ``arguments`` against ``schema`` (any dialect :func:`normalize_dialect` knows)."""
    return validate_compiled(compiled(schema), arguments)


def validate_compiled(schema: CompiledSchema, arguments: Any) -> Valid | Rejected:
    """:func:`validate` for a schema compiled already."""
    if schema.is_valid(arguments):
        return Valid(arguments)
    return rejection(schema_problems(schema, arguments))


def rejection(problems: list[Problem], code: str = VALIDATION_FAILED, retryable: bool = True) -> Rejected:
    """A :class:`Rejected` carrying ``problems`` in its envelope."""
    return Rejected(envelope(code, problems, retryable), tuple(problems))
