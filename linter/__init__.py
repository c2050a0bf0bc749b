"""schema-lint: lint and tighten the JSON Schemas that describe LLM tool arguments.

The package's version, and the boundary library's names (`ToolBoundary`, `canonicalize`,
`validate`, ...), exported lazily.

This module stays import-light because pre-commit runs the CLI on every commit:
the boundary library is re-exported lazily, on first attribute access.

May import: nothing of schema_lint (the boundary's names are imported when first asked for).
"""

__version__ = "0.1.0"

_LAZY = {
    "canonicalize": "schema_lint.boundary",
    "validate": "schema_lint.boundary",
    "ToolBoundary": "schema_lint.boundary",
    "RetryPolicy": "schema_lint.boundary",
    "Policy": "schema_lint.boundary",
    "guard": "schema_lint.boundary",
    "Canonicalized": "schema_lint.boundary",
    "Repair": "schema_lint.boundary",
    "REPAIRS": "schema_lint.boundary",
    "Valid": "schema_lint.boundary",
    "Rejected": "schema_lint.boundary",
    "Outcome": "schema_lint.boundary",
    "CheckFailure": "schema_lint.boundary",
    "RetryDecision": "schema_lint.boundary",
    "SchemaError": "schema_lint.boundary",
    "normalize_dialect": "schema_lint.boundary",
}


def __getattr__(name):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'schema_lint' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
