"""The documentation's boundary example runs as written and does what the text around it says."""

from __future__ import annotations

import json

import pytest
from boundary_schemas import TICKET
from conftest import documented


def example_code() -> str:
    """The first Python block of "Use the boundary in your agent", a section of README or a page."""
    section = documented("# Use the boundary in your agent\n")
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_readme_example_runs():
    created = []
    namespace = {"tool": {"parameters": TICKET}, "create_ticket": lambda **a: created.append(a) or "T-1"}
    exec(example_code(), namespace)  # noqa: S102 - the README's own snippet
    run = namespace["run_tool_call"]

    result, outcome = run("c1", json.dumps({"title": "Disk full", "priority": "HIGH", "channel": "console"}))
    assert (result, outcome.status) == ("T-1", "canonicalized")
    assert created == [{"title": "Disk full", "priority": "high", "channel": "console"}]

    broken = json.dumps({"title": "Disk full", "channel": "console"})
    envelope, first = run("c2", broken)
    assert envelope["error"]["errors"][0]["path"] == "$.priority"
    _, second = run("c3", broken, previous=first)
    with pytest.raises(RuntimeError, match="after 3 attempts"):  # the third consecutive rejection ends the loop
        run("c4", broken, previous=second)
