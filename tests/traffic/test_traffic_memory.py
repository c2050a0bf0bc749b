"""Reading recorded calls streams: memory does not grow with the number of calls."""

from __future__ import annotations

import json
import tracemalloc

from schema_lint.traffic.store import Traffic
from schema_lint.traffic.store import CALLS_KEPT


def _write(path, count):
    with open(path, "w") as handle:
        for n in range(count):
            handle.write(json.dumps({"tool": f"tool_{n % 4}", "arguments": {
                "title": f"call {n}", "page": n % 50, "tags": ["a", "b"][: n % 3], "id": f"{n:08x}"}}) + "\n")


def _peak(path) -> tuple[int, Traffic]:
    tracemalloc.start()
    try:
        traffic = Traffic.load([str(path)])
        return tracemalloc.get_traced_memory()[1], traffic
    finally:
        tracemalloc.stop()


def test_ten_times_the_calls_take_about_the_same_memory(tmp_path):
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    _write(small, 6_000)
    _write(large, 60_000)
    small_peak, _ = _peak(small)
    large_peak, traffic = _peak(large)
    assert traffic.calls == 60_000 and traffic.summaries[("name", "tool_0")].calls == 15_000
    # Only CALLS_KEPT calls per tool stay in memory and the summaries are fixed-size, so ten
    # times the calls (a 6 MB file) may not take even twice the memory.
    assert large_peak < 2 * small_peak, (small_peak, large_peak)
    assert large_peak < 4 * CALLS_KEPT * 1_000
