"""`--fix --unsafe-fixes` on every published tool of the shared corpus keeps what works working.

The figures README quotes, from `bench/fix_safety.py`'s own measurement: after one fixing
run, no ground-truth call that passed is rejected, no default or example the schema
states becomes invalid, and a second run changes nothing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from conftest import bench_module


def _bench():
    return bench_module("fix_safety")


def _fix(path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--fix", "--unsafe-fixes",
                          "--output-format", "concise", str(path)], capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr


def test_unsafe_fixes_on_the_corpus_break_no_call_no_stated_value_and_converge(corpus, tmp_path):
    bench = _bench()
    original, fixed = corpus / "tools.jsonl", tmp_path / "tools.jsonl"
    shutil.copyfile(original, fixed)
    _fix(fixed)
    once = fixed.read_bytes()
    assert once != original.read_bytes()  # the run did fix things
    assert bench.broken_calls(original, fixed, corpus / "calls.jsonl") == []
    checked, broken = bench.broken_values(original, fixed)
    assert checked > 1000 and broken == []
    _fix(fixed)
    assert fixed.read_bytes() == once
