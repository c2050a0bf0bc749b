"""Traffic summaries merge exactly: the summaries of any split of a set of calls, merged in
any order, are the summary of the whole read at once, byte for byte; and the bytes read back
are the same summary. Caps are lowered here so that a few calls reach every one of them."""

from __future__ import annotations

import json
from contextlib import ExitStack
from types import SimpleNamespace
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from schema_lint.traffic import other_tools, summary
from schema_lint.traffic.store import Traffic
from schema_lint.traffic.traffic_summary import TrafficSummary

TOOLS = [SimpleNamespace(name=name, schema={"type": "object"}, uid=None) for name in ("search", "book")]

_scalar = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([1.0, 2.5, -0.5, 10**30]),
                    st.sampled_from(["", "a", "bb", "2026-01-02", "x@example.com", "https://a.b", "not a date"]))
_key = st.sampled_from(["a", "b", "c", "d", "e", "f"])
_value = st.recursive(_scalar, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_key, inner, max_size=3),
                      max_leaves=8)
_call = st.tuples(st.sampled_from(["search", "book", "other_1", "other_2", "other_3", "other_4"]),
                  st.dictionaries(_key, _value, max_size=4) | st.sampled_from(["not an object", "{}"]))


def _lowered_caps() -> ExitStack:
    stack = ExitStack()
    for module, name, cap in [(summary, "VALUES_KEPT", 3), (summary, "KEYS_KEPT", 3), (summary, "FIELDS_PER_TOOL", 4),
                              (summary, "VALUE_LENGTH", 5), (summary, "EXAMPLE_LENGTH", 4),
                              (other_tools, "NAMES_LISTED", 2)]:
        stack.enter_context(mock.patch.object(module, name, cap))
    return stack


def _summary(calls: list) -> TrafficSummary:
    """What one reading of `calls` summarises, as `infer --emit-summary` writes it."""
    text = "".join(json.dumps({"tool": tool, "arguments": arguments}) + "\n" for tool, arguments in calls)
    return Traffic.load(["calls.jsonl"], TOOLS, contents={"calls.jsonl": text.encode()}).summary()


@given(st.lists(_call, max_size=30), st.lists(st.integers(0, 3), max_size=30), st.randoms())
def test_law_merged_parts_are_the_summary_of_the_whole(calls, parts, random):
    with _lowered_caps():
        whole = _summary(calls)
        split: list[list] = [[], [], [], []]
        for index, call in enumerate(calls):
            split[parts[index] if index < len(parts) else 0].append(call)
        pieces = [_summary(part) for part in split]
        random.shuffle(pieces)
        assert TrafficSummary.merged(pieces).to_bytes() == whole.to_bytes()


@given(st.lists(_call, max_size=20), st.lists(_call, max_size=20), st.lists(_call, max_size=20))
def test_law_merge_is_associative_and_commutative(first, second, third):
    with _lowered_caps():
        a, b, c = _summary(first), _summary(second), _summary(third)
        left = TrafficSummary.merged([TrafficSummary.merged([a, b]), c])
        right = TrafficSummary.merged([a, TrafficSummary.merged([b, c])])
        assert left == right == TrafficSummary.merged([c, b, a])
        assert a == _summary(first)  # merging changes neither part


@given(st.lists(_call, max_size=30))
def test_law_the_bytes_read_back_are_the_same_summary(calls):
    with _lowered_caps():
        made = _summary(calls)
        read = TrafficSummary.from_bytes(made.to_bytes())
        assert read == made and read.to_bytes() == made.to_bytes()
        assert TrafficSummary.merged([read, made]) == TrafficSummary.merged([made, made])
