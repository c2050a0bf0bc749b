"""The fixed-size sketches `infer` and `check --calls` summarize fields with."""

from __future__ import annotations

import math
import random

from hypothesis import given
from hypothesis import strategies as st

from schema_lint.traffic.sketch import EXACT_DISTINCT, RELATIVE_ACCURACY, DistinctCount, QuantileSketch


@given(st.lists(st.integers(min_value=0, max_value=10**9), min_size=1, max_size=500),
       st.floats(min_value=0, max_value=1))
def test_a_quantile_is_within_the_relative_accuracy_of_the_exact_one(values, q):
    sketch = QuantileSketch()
    for value in values:
        sketch.add(value)
    exact = sorted(values)[math.floor(q * (len(values) - 1))]
    assert abs(sketch.quantile(q) - exact) <= RELATIVE_ACCURACY * exact + 1e-9
    assert sketch.largest == max(values) and sketch.count == len(values)


def test_a_quantile_sketch_stays_small_however_many_values():
    sketch = QuantileSketch()
    for value in range(0, 10**7, 7):
        sketch.add(value)
    assert len(sketch._buckets) < 1_000


def test_an_empty_sketch_has_no_quantile():
    assert QuantileSketch().quantile(0.5) is None


@given(st.sets(st.text(max_size=8), max_size=EXACT_DISTINCT))
def test_distinct_values_are_counted_exactly_while_few(values):
    count = DistinctCount()
    for value in [*values, *values]:
        count.add(value)
    assert count.exact and count.estimate() == len(values)


def test_many_distinct_values_are_estimated_within_a_fifth_in_fixed_memory():
    rng = random.Random(7)
    count = DistinctCount()
    for _ in range(60_000):
        count.add(str(rng.randrange(20_000)))
    truth = 20_000 * (1 - math.exp(-3))  # expected distinct draws of 60,000 from 20,000
    assert not count.exact and abs(count.estimate() - truth) < 0.2 * truth
    assert len(count._members) == EXACT_DISTINCT + 1


def test_exactly_as_many_values_as_are_counted_exactly_are_exact_and_one_more_is_not():
    """256 values were shown as `~256` (and other sets of 256 as 255 or 259): with only 256 hashes
    kept, nothing told 256 values from more."""
    count = DistinctCount()
    for index in range(EXACT_DISTINCT):
        count.add(f"v{index}")
    assert count.exact and count.estimate() == EXACT_DISTINCT
    merged = DistinctCount.from_data(count.to_data())
    merged.merge(count)
    assert merged.exact and merged.estimate() == EXACT_DISTINCT
    merged.add("one more")
    assert not merged.exact


# Valid strings, the shortest each format takes among them.
_FORMATTED = {"date": st.dates().map(str),
              "date-time": st.datetimes(timezones=st.timezones()).map(lambda moment: moment.isoformat())
              | st.datetimes().map(lambda moment: moment.strftime("%Y-%m-%dT%H:%M:%SZ")),
              "email": st.emails() | st.from_regex(r"\A[a-z]{1,3}@[a-z]{1,3}\Z"),
              "uri": st.from_regex(r"\A[a-z][a-z0-9+.-]{0,8}:[!-~]{0,20}\Z"), "uuid": st.uuids().map(str)}


@given(st.sampled_from(sorted(_FORMATTED)).flatmap(lambda fmt: st.tuples(st.just(fmt), _FORMATTED[fmt] | st.text())))
def test_law_no_string_valid_in_a_format_is_passed_over_by_its_quick_test(case):
    from schema_lint.prose.field_prose import valid_in
    from schema_lint.traffic.summary import MAY_BE_IN

    fmt, text = case
    assert MAY_BE_IN[fmt](text) or not valid_in(fmt, text)
