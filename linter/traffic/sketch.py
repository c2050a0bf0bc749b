"""Fixed-size summaries of a stream of values: quantiles, a distinct count, the smallest keys.

A field of a busy tool sees millions of values; `infer` and the `check --calls` fixes
need their percentiles and how many distinct values there were, not the values. The
sketches here take constant memory whatever the stream, and are exact while it is small.

Each merges exactly: the sketch of two streams merged is the sketch of the two read as one,
in any order and however split, so traffic summarised in parts (one per file, per Spark
partition) adds up to what one reading gives. What a capped structure keeps is chosen by
:class:`Smallest` (the smallest keys, never the first), which does not depend on order.
"""

from __future__ import annotations

import hashlib
import heapq
import math
from collections.abc import Callable, Hashable, Mapping
from typing import Any

RELATIVE_ACCURACY = 0.01
"""A quantile of :class:`QuantileSketch` is within 1% of the true value (DDSketch's guarantee)."""

EXACT_DISTINCT = 256
"""Distinct values :class:`DistinctCount` counts exactly; past it, the count is an estimate."""


class QuantileSketch:
    """Quantiles of non-negative numbers (lengths, item counts) with relative accuracy.

    A DDSketch (Masson, Rim, Lee, VLDB 2019) with logarithmic buckets: a value `v > 0` falls
    in bucket `ceil(log_gamma(v))`, `gamma = (1 + a) / (1 - a)`, so the buckets for every value
    up to 2^63 number under 2,200 at 1% accuracy. Zero has its own bucket; the largest value is
    kept exactly, since the fixes take their bounds from it.
    """

    def __init__(self, accuracy: float = RELATIVE_ACCURACY) -> None:
        self._gamma = (1 + accuracy) / (1 - accuracy)
        self._log_gamma = math.log(self._gamma)
        self._buckets: dict[int, int] = {}
        self.zeros = 0
        self.count = 0
        self.largest = 0
        self.smallest: int | None = None  # exact, as the largest: a `minLength` gate asks it

    def add(self, value: int) -> None:
        self.count += 1
        self.largest = max(self.largest, value)
        self.smallest = value if self.smallest is None else min(self.smallest, value)
        if value <= 0:
            self.zeros += 1
            return
        index = math.ceil(math.log(value) / self._log_gamma)
        self._buckets[index] = self._buckets.get(index, 0) + 1

    def quantile(self, q: float) -> float | None:
        """The value at rank ``q`` (0–1), or None for an empty sketch."""
        if not self.count:
            return None
        rank = q * (self.count - 1)
        if rank < self.zeros:
            return 0
        seen = self.zeros
        for index in sorted(self._buckets):
            seen += self._buckets[index]
            if seen > rank:
                # The bucket's midpoint in relative terms, never past the exact largest value.
                return min(self.largest, 2 * self._gamma ** index / (self._gamma + 1))
        return self.largest

    def merge(self, other: QuantileSketch) -> None:
        """Add `other`'s values (a sketch of the same accuracy): bucket counts add up."""
        self.count += other.count
        self.zeros += other.zeros
        self.largest = max(self.largest, other.largest)
        if other.smallest is not None:
            self.smallest = other.smallest if self.smallest is None else min(self.smallest, other.smallest)
        for index, times in other._buckets.items():
            self._buckets[index] = self._buckets.get(index, 0) + times

    def to_data(self) -> dict[str, Any]:
        return {"count": self.count, "zeros": self.zeros, "largest": self.largest, "smallest": self.smallest,
                "buckets": sorted(self._buckets.items())}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> QuantileSketch:
        sketch = cls()
        sketch.count, sketch.zeros = data["count"], data["zeros"]
        sketch.largest, sketch.smallest = data["largest"], data["smallest"]
        sketch._buckets = {index: times for index, times in data["buckets"]}
        return sketch


class DistinctCount:
    """How many distinct values a stream held: exact up to :data:`EXACT_DISTINCT`, then
    estimated from the smallest hashes seen (the KMV estimator, Bar-Yossef et al. 2002;
    standard error about 1/sqrt(k), 6% here). One hash more than `exact` counts is kept, so
    that a stream of exactly `exact` values is known to hold no other."""

    def __init__(self, exact: int = EXACT_DISTINCT) -> None:
        self._exact = exact
        self._k = exact + 1
        self._heap: list[int] = []  # negated: the k smallest hashes, largest on top
        self._members: set[int] = set()

    def add(self, canonical: str) -> None:
        self._add_digest(int.from_bytes(hashlib.blake2b(canonical.encode("utf-8", "surrogatepass"),
                                                        digest_size=8).digest(), "big"))

    def _add_digest(self, digest: int) -> None:
        if digest in self._members:
            return
        if len(self._heap) < self._k:
            heapq.heappush(self._heap, -digest)
            self._members.add(digest)
        elif digest < -self._heap[0]:
            self._members.discard(-heapq.heappushpop(self._heap, -digest))
            self._members.add(digest)

    @property
    def exact(self) -> bool:
        return len(self._heap) <= self._exact

    def estimate(self) -> int:
        if self.exact:
            return len(self._heap)
        largest_kept = -self._heap[0] / 2 ** 64
        return round((self._k - 1) / largest_kept)

    def merge(self, other: DistinctCount) -> None:
        """Add `other`'s values: the k smallest hashes of the two are those of the union."""
        for digest in other._members:
            self._add_digest(digest)

    def to_data(self) -> str:
        """The hashes kept, smallest first, as hex (16 digits each)."""
        return "".join(f"{digest:016x}" for digest in sorted(self._members))

    @classmethod
    def from_data(cls, data: str, exact: int = EXACT_DISTINCT) -> DistinctCount:
        count = cls(exact)
        digests = sorted({int(data[start:start + 16], 16) for start in range(0, len(data), 16)})[:count._k]
        count._members = set(digests)
        count._heap = [-digest for digest in reversed(digests)]  # descending negated: already a heap
        return count


class _Largest:
    """A heap entry whose order is reversed, so that `heapq`'s smallest is the largest key."""

    __slots__ = ("order", "key")

    def __init__(self, order: Any, key: Hashable) -> None:
        self.order, self.key = order, key

    def __lt__(self, other: _Largest) -> bool:
        return bool(self.order > other.order)


class Smallest:
    """Which keys a capped mapping keeps: the `cap` smallest seen (by `order`), never the first.

    A map of keys to counts or summaries that keeps its first `cap` keys holds different
    keys when the same stream is read in another order or in parts; one that keeps the
    smallest holds the same, and each kept key's value is complete, since a key among the
    smallest of the whole stream was among the smallest of every part that saw it. The
    mapping itself is the caller's: this decides admission and eviction, with a heap of the
    kept keys built once the cap is reached (few mappings ever reach it).
    """

    def __init__(self, cap: int, order: Callable[[Any], Any] = lambda key: key) -> None:
        self.cap = cap
        self._order = order
        self._heap: list[_Largest] | None = None

    def admit(self, kept: Mapping[Any, Any], key: Hashable) -> tuple[bool, Any]:
        """Whether `key`, not in `kept`, is to be kept; and the key it pushes out (for the
        caller to remove from `kept`), if any."""
        if len(kept) < self.cap:
            if self._heap is not None:
                heapq.heappush(self._heap, _Largest(self._order(key), key))
            return True, None
        if self._heap is None:
            self._heap = [_Largest(self._order(known), known) for known in kept]
            heapq.heapify(self._heap)
        order = self._order(key)
        if not self._heap or not order < self._heap[0].order:
            return False, None
        return True, heapq.heapreplace(self._heap, _Largest(order, key)).key

    def smallest(self, keys: list[Any]) -> list[Any]:
        """The keys a mapping holding all of `keys` keeps (a merge's result); forgets the heap."""
        self._heap = None
        return sorted(keys, key=self._order)[:self.cap]
