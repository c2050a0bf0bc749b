"""A call whose object holds far more keys than a summary keeps.

Each key past the caps was made a field summary, or admitted among the keys kept, only to
be pushed out by a smaller one: one calls line of 300,000 keys took 9 s under `check
--calls`. What is kept must not change: the least pointers and keys, the rest dropped and
counted, whatever the keys' order.
"""

from __future__ import annotations

import random
import time

import schema_lint.traffic.summary as summary_module
from schema_lint.traffic.sketch import Smallest
from schema_lint.traffic.summary import FIELDS_PER_TOOL, KEYS_KEPT, FieldSummary, ToolSummary, _shallow_first


def _summary(keys):
    summary = ToolSummary()
    summary.add({"filters": {key: {"v": 1} for key in keys}})
    summary.add({"filters": {"k0": {"v": 2}, "zz": 3}})
    return summary


def test_the_least_pointers_and_keys_are_kept_whatever_the_order_and_quickly(monkeypatch):
    keys = [f"k{index}" for index in range(300_000)]
    made, admitted = [], []
    monkeypatch.setattr(summary_module, "FieldSummary", lambda: made.append(1) or FieldSummary())
    admit = Smallest.admit
    monkeypatch.setattr(Smallest, "admit", lambda self, kept, key: admitted.append(1) or admit(self, kept, key))
    started = time.process_time()
    summary = _summary(keys)
    assert time.process_time() - started < 10
    # Only what may be kept is made or admitted, and what lies under it (before: 200,000
    # summaries, 600,000 admissions).
    assert len(made) <= 2 * FIELDS_PER_TOOL + 2 and len(admitted) <= 4 * (FIELDS_PER_TOOL + KEYS_KEPT)
    monkeypatch.undo()

    shuffled = keys[:]
    random.Random(7).shuffle(shuffled)
    assert _summary(shuffled).to_data() == summary.to_data()

    filters = summary.at("/properties/filters")
    assert filters.keys_open and sorted(filters.keys) == sorted(keys + ["zz"])[:KEYS_KEPT]
    members = [f"/properties/filters/properties/{key}" for key in keys + ["zz"]]
    every = ["", "/properties/filters", *members, *(f"{member}/properties/v" for member in members[:-1])]
    assert sorted(summary.fields, key=_shallow_first) == sorted(every, key=_shallow_first)[:FIELDS_PER_TOOL]
    # Every value is summarised or counted dropped: root, filters, each key's object and its `v`.
    values = 2 + 2 * 300_000 + (2 + 2 + 1)
    assert sum(field.count for field in summary.fields.values()) + summary.fields_dropped == values
