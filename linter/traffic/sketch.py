"""Fixed-size summaries of a stream of values: quantiles and a distinct count.

A field of a busy tool sees millions of values; `infer` and the `check --calls` fixes
need their percentiles and how many distinct values there were, not the values. Both
sketches here take constant memory whatever the stream, and are exact while it is small.
"""

from __future__ import annotations

import hashlib
import heapq
import math

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

    def add(self, value: int) -> None:
        self.count += 1
        self.largest = max(self.largest, value)
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


class DistinctCount:
    """How many distinct values a stream held: exact up to :data:`EXACT_DISTINCT`, then
    estimated from the k smallest hashes seen (the KMV estimator, Bar-Yossef et al. 2002;
    standard error about 1/sqrt(k), 6% here)."""

    def __init__(self, k: int = EXACT_DISTINCT) -> None:
        self._k = k
        self._heap: list[int] = []  # negated: the k smallest hashes, largest on top
        self._members: set[int] = set()

    def add(self, canonical: str) -> None:
        digest = int.from_bytes(hashlib.blake2b(canonical.encode("utf-8", "surrogatepass"), digest_size=8).digest(),
                                "big")
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
        return len(self._heap) < self._k

    def estimate(self) -> int:
        if self.exact:
            return len(self._heap)
        largest_kept = -self._heap[0] / 2 ** 64
        return round((self._k - 1) / largest_kept)
