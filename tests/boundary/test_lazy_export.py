"""``import schema_lint`` stays cheap; the boundary loads on first use of one of its names."""

from __future__ import annotations

import subprocess
import sys

import pytest

import schema_lint
from schema_lint import boundary


def test_plain_import_does_not_load_the_boundary_or_its_validator():
    code = ("import sys, schema_lint; "
            "print(any(m in sys.modules for m in ('schema_lint.boundary', 'jsonschema_rs', 'opentelemetry')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("name", ["canonicalize", "validate", "ToolBoundary", "RetryPolicy", "Policy", "guard",
                                  "Canonicalized", "Repair", "Valid", "Rejected", "Outcome", "CheckFailure",
                                  "normalize_dialect", "REPAIRS"])
def test_public_names_resolve_to_the_boundary(name):
    assert getattr(schema_lint, name) is getattr(boundary, name)


def test_unknown_names_still_raise():
    with pytest.raises(AttributeError):
        schema_lint.no_such_name  # noqa: B018
