"""Hypothesis draws without the literals it harvests from local source files.

Hypothesis mixes string and number literals from every imported module outside
site-packages into what it draws (a few percent of draws). For this command those
modules are schema-lint itself, so the calls generated for one seed would change with
the version, with an editable install and with which modules happened to be imported:
two machines would print different reports for the same schema and seed. Drawing
without them keeps a seed's calls a function of the schema alone.

Hypothesis has no setting for this. Its providers fetch the harvest through one module
function, which is swapped for "no constants" around our own runs only, and restored.
The version of hypothesis is pinned (see pyproject.toml); a test fails if this stops
working.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hypothesis.internal.conjecture import providers
from hypothesis.internal.constants_ast import Constants


@contextmanager
def schema_only_draws() -> Iterator[None]:
    """Within the block, hypothesis draws without constants from local source files."""
    harvest = providers._get_local_constants
    providers._get_local_constants = Constants  # an empty set of constants
    providers.CONSTANTS_CACHE.cache.clear()  # it may hold local constants drawn before
    try:
        yield
    finally:
        providers._get_local_constants = harvest
        providers.CONSTANTS_CACHE.cache.clear()
