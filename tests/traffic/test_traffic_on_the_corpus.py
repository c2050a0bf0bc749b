"""The figures the documentation quotes for `check --calls` on the shared corpus, measured by the bench."""

from __future__ import annotations

import re

from conftest import bench_module, documentation


def test_fixes_from_recorded_calls_reject_no_recorded_and_no_held_out_call(corpus):
    result = bench_module("traffic_fixes").measure(corpus)
    (recorded, recorded_passed), (held_out, held_out_passed) = result["recorded"], result["held out"]
    assert recorded == [] and held_out == [], (recorded[:3], held_out[:3])
    text = "".join(page.read_text(encoding="utf-8") for page in documentation())
    quoted = re.search(r"makes ([\d,]+) fixes whose values come from the traffic \(([\d,]+) more are suggestions, "
                       r"where the words\nsay more than what the value is\), and rejects 0 of the ([\d,]+) "
                       r"recorded\nand 0 of the ([\d,]+) held-out calls", text)
    assert quoted is not None
    assert [int(n.replace(",", "")) for n in quoted.groups()] == [
        result["fixes_from_traffic"], result["suggested_from_traffic"], recorded_passed, held_out_passed]
