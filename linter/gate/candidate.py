"""A fix as the gates see it: the tool's schema with the fix applied, worked out once.

Every gate asks the same questions of a fix (what the schema is once the fix is applied,
and what that schema's validators accept) and of the tool (what its schema as written
accepts). Each answer is computed the first time a gate asks and kept for the next, so a
fix is applied at most once and each schema compiled at most once, whichever gates run.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from schema_lint.model import Diagnostic, Operation
from schema_lint.schema.dialect import normalize_dialect
from schema_lint.schema.offline import with_bundled_dialect
from schema_lint.schema.operations import OperationError, apply_operations
from schema_lint.schema.patterns import regex_options

if TYPE_CHECKING:
    import jsonschema_rs


class ToolSchema:
    """The argument (or results) schema of one tool, where it lies in its document."""

    def __init__(self, schema: Any, pointer: str) -> None:
        self.schema = schema
        self.pointer = pointer

    @cached_property
    def validators(self) -> jsonschema_rs.ValidatorMap | None:
        """The schema as written, compiled; None when it does not compile."""
        return validators_for(self.schema)


class Candidate:
    """One finding's fix, on its way through the gates."""

    def __init__(self, diagnostic: Diagnostic, tool: ToolSchema) -> None:
        self.diagnostic = diagnostic
        self.tool = tool
        # The fix's operations addressed inside the schema; None when one reaches outside it.
        self.operations = inner_operations(diagnostic.fix.operations, tool.pointer)

    @cached_property
    def fixed(self) -> Any:
        """The schema with the fix applied; None when the fix does not apply to it."""
        if self.operations is None:
            return None
        try:
            return apply_operations(self.tool.schema, self.operations)
        except OperationError:
            return None

    @cached_property
    def validators(self) -> jsonschema_rs.ValidatorMap | None:
        """The fixed schema, compiled; None when there is none or it does not compile."""
        return None if self.fixed is None else validators_for(self.fixed)


def validators_for(schema: Any) -> jsonschema_rs.ValidatorMap | None:
    """A validator for every subschema of `schema`, by `#pointer`, fetching nothing; None when
    the schema does not compile. Imports jsonschema-rs: most runs compile nothing here."""
    import jsonschema_rs

    try:
        return jsonschema_rs.validator_map_for(with_bundled_dialect(normalize_dialect(schema)), validate_formats=True,
                                               offline=True, pattern_options=regex_options())
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError, TypeError):
        return None


def inner_operations(operations: tuple[Operation, ...], schema_pointer: str) -> list[Operation] | None:
    """A fix's document operations addressed inside the tool's schema, or None when one reaches
    outside it."""
    if not schema_pointer:  # the schema is the document: its pointers are the operations' own
        return list(operations) if all(not o.path or o.path.startswith("/") for o in operations) else None
    inner = []
    for operation in operations:
        if operation.path != schema_pointer and not operation.path.startswith(schema_pointer + "/"):
            return None
        inner.append(Operation(operation.op, operation.path[len(schema_pointer):], operation.value))
    return inner
