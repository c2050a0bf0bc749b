"""No `pattern` can crash the process: `regress`'s parser recurses once per alternative.

A pattern with 60,000 alternatives overflowed the stack (SIGSEGV) in SL013 and took the
whole run down. Each entry point that compiles user patterns runs in a child process here,
so that a crash fails the test instead of ending the test run; a pattern past the budget
is reported by SL013 and treated as unreadable elsewhere.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from schema_lint.schema.patterns import ALTERNATIVES_LIMIT, compiled, over_budget, search

pytestmark = pytest.mark.hostile

HOSTILE = "a|" * 60_000 + "a"


def _tool(pattern: str) -> dict:
    return {"name": "lookup", "description": "Look a code up.",
            "input_schema": {"type": "object", "properties": {"code": {"type": "string", "pattern": pattern}},
                             "required": ["code"], "additionalProperties": False}}


def _in_child(code: str, stack: int = 0) -> str:
    """`code` run in a fresh interpreter (in a thread of `stack` bytes, if given); its stdout."""
    body = textwrap.indent(textwrap.dedent(code), "    ")
    script = f"import threading\ndef run():\n{body}\n"
    script += (f"threading.stack_size({stack})\nt = threading.Thread(target=run)\nt.start()\nt.join()\n"
               if stack else "run()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    return done.stdout


def test_check_reports_a_pattern_past_the_budget_and_goes_on():
    out = _in_child(f"""
        import json
        from schema_lint.run.linter import lint_text
        result = lint_text(json.dumps({_tool(HOSTILE)!r}), "tool.json")
        print(json.dumps([[d.code, d.message] for d in result.diagnostics]))
    """)
    found = json.loads(out)
    assert any(code == "SL013" and "was not compiled" in message and f"{ALTERNATIVES_LIMIT:,}" in message
               for code, message in found), found


def test_boundary_and_replay_take_a_schema_with_such_a_pattern():
    out = _in_child(f"""
        from schema_lint.boundary import ToolBoundary
        boundary = ToolBoundary({_tool(HOSTILE)["input_schema"]!r}, name="lookup")
        print(boundary.check({{"code": "a"}}).status, boundary.check({{"code": "b"}}).status)
    """)
    assert out.split() == ["valid", "rejected"]


def test_patterns_within_the_budget_compile_even_in_a_small_thread():
    """The budget leaves room: the worst shape it lets through (every alternative in nested
    groups, whose recursion adds up) compiles in a 512 KB thread (macOS's default)."""
    nested = ("(?:" + "a|" * (ALTERNATIVES_LIMIT // 50)) * 50 + "a" + ")" * 50
    assert not over_budget(nested)
    out = _in_child(f"""
        from schema_lint.schema.patterns import compiled
        print(compiled({nested!r}) is not None)
    """, stack=512 * 1024)
    assert out.strip() == "True"


def test_the_budget_counts_alternatives_not_escaped_or_classed_bars():
    at_limit = "^(" + "|".join(f"v{i}" for i in range(ALTERNATIVES_LIMIT + 1)) + ")$"
    assert compiled(at_limit) is not None and search(at_limit, "v7") is True
    assert compiled(at_limit + "|x") is None and search(at_limit + "|x", "v7") is None
    literal_bars = "^(?:a\\|b[|])" * (ALTERNATIVES_LIMIT + 1) + "$"
    assert not over_budget(literal_bars) and compiled(literal_bars) is not None
