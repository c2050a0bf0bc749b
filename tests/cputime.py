"""CPU-time budgets for hostile-input tests."""

from __future__ import annotations

import gc
import time


def timed(function):
    """The result and the CPU seconds this thread spent on it: unlike wall time, not what
    the rest of a loaded machine takes (the bounds separate linear work from the seconds
    a megabyte that the quadratic or repeated reading took), nor a full collection of the
    garbage earlier tests left (over a second in the whole suite): collected before, paused during."""
    gc.collect()
    gc.disable()
    try:
        start = time.thread_time()
        result = function()
        return result, time.thread_time() - start
    finally:
        gc.enable()
