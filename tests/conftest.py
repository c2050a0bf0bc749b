"""Shared test setup: hypothesis is derandomized everywhere, so CI never flakes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "schema-lint", derandomize=True, database=None, deadline=None, max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("schema-lint")

# Test helpers (lintkit) import as top-level modules from any test folder.
sys.path.insert(0, str(Path(__file__).resolve().parent))

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CORPUS = REPO.parent / "shared" / "corpus"

# DESIGN.md's running example: `recipient` is needed only when `channel` is `email`.
CREATE_TICKET = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "minLength": 1},
        "priority": {"type": "string", "enum": ["low", "normal", "high"]},
        "channel": {"type": "string", "enum": ["console", "email"]},
        "recipient": {"type": "string", "format": "email"},
        "attachment_url": {"type": "string", "format": "uri"},
    },
    "required": ["title", "priority", "channel"],
    "additionalProperties": False,
}


@pytest.fixture
def corpus() -> Path:
    if not (CORPUS / "tools.jsonl").is_file():
        pytest.skip("the shared corpus is not beside this checkout")
    return CORPUS
