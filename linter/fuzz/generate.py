"""Valid calls for a tool, from hypothesis-jsonschema, driven the way hypothesis is meant to be.

A real `@given` run (no example database, a fixed seed, no deadline, generation only:
nothing fails, so there is nothing to shrink) collects up to N values in a child process
with a time budget (see `isolation`). Every value is then re-validated against the
schema with the boundary's own validator: hypothesis-jsonschema ignores
`dependentRequired` and `unevaluatedProperties` and reads `pattern` as a Python regular
expression, so a value it believes valid may not be. Such a value is dropped and counted,
never fuzzed: a near miss must start from a call the tool really accepts.

What is drawn from is the schema with its own words offered for its free strings
(`words`), narrowed to what a model sends (`narrowing`), with recursive `$ref`s unrolled
(`recursion`), and without the literals hypothesis would otherwise borrow from local
source files (`provider`).
"""

from __future__ import annotations

import functools
import json
import warnings
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from hypothesis_jsonschema import from_schema

from schema_lint.boundary.compiled import CompiledSchema
from schema_lint.fuzz.isolation import Crashed, TimedOut, run_isolated
from schema_lint.fuzz.narrowing import narrow_for_generation
from schema_lint.fuzz.provider import schema_only_draws
from schema_lint.fuzz.recursion import unroll_recursive_refs
from schema_lint.fuzz.words import Offered, offer_words

# Formats the validator asserts and hypothesis-jsonschema has no strategy for.
CUSTOM_FORMATS = {
    "uuid": st.uuids().map(str),
    "duration": st.builds("P{}DT{}H{}M".format, st.integers(0, 400), st.integers(0, 23), st.integers(0, 59)),
}


@dataclass(frozen=True)
class Generated:
    """Valid calls in generation order, or why there are none."""

    calls: list[Any]
    unsupported: str | None = None
    # Generated values the schema rejects (a generator gap, never a finding).
    discarded: int = 0
    # The generator itself failed (its process died, or its code broke: `_BROKEN`), rather
    # than refused the schema: the run has not fuzzed what it says, and must not pass.
    failed: bool = False


class GeneratorUnusable(Exception):
    """The installed hypothesis and hypothesis-jsonschema cannot generate a plain call: no
    tool can be fuzzed, which a run must say rather than report every tool unsupported."""


# What a generator whose code does not fit the installed hypothesis raises ("'many' object
# has no attribute 'more'", hypothesis-jsonschema 0.23.1 on hypothesis 6.170.10 and later),
# never a schema it refuses: those are hypothesis's own errors (`InvalidArgument`), `re`'s.
_BROKEN = (AttributeError, NameError, ImportError)


def generate_valid_calls(schema: CompiledSchema, examples: int, seed_value: int, budget: float) -> Generated:
    """Up to `examples` distinct valid calls for `schema` (already in standard dialect)."""
    _warm_up()
    outcome = run_isolated(draw_values, (offer_words(schema), examples, seed_value), budget)
    if isinstance(outcome, TimedOut):
        return Generated([], f"generation did not finish within the {budget:g} s budget")
    if isinstance(outcome, Crashed):
        return Generated([], f"generator failed: {outcome.reason}", failed=True)
    if isinstance(outcome.value, str):
        return Generated([], outcome.value)
    calls, seen, discarded = [], set(), 0
    for value in outcome.value:
        try:
            key = json.dumps(value, sort_keys=True)
        except ValueError:  # an integer past Python's 4,300 digits, drawn near a bound that large
            discarded += 1
            continue
        if key in seen:
            continue
        seen.add(key)
        if schema.is_valid(value):
            calls.append(value)
        else:
            discarded += 1
    if not calls:
        return Generated([], f"generator unsupported: none of its {discarded} values is valid against the schema",
                         discarded)
    return Generated(calls, None, discarded)


@functools.cache
def _warm_up() -> None:
    """Draw once in this process, so that every forked child starts with hypothesis's caches filled.

    The first run in a process pays for lazy imports and strategy caches (a few tenths of
    a second); paid once in the parent, no child pays it again. A generator that cannot
    draw this plain schema can draw none: `GeneratorUnusable`.
    """
    try:
        drawn = _draw(Offered(_WARM_UP_SCHEMA), 3, 0, "ascii")
    except _BROKEN as exc:
        drawn = f"{type(exc).__name__}: {exc}"
    if isinstance(drawn, str):
        raise GeneratorUnusable(_unusable(drawn.removeprefix("generator unsupported: ")))


def _unusable(reason: str) -> str:
    """Which versions are installed, which the `fuzz` extra asks for (read from this
    package's own metadata, so that the message follows pyproject.toml's pins)."""
    from importlib import metadata

    def installed(name: str) -> str:
        try:
            return f"{name} {metadata.version(name)}"
        except metadata.PackageNotFoundError:
            return f"{name} (not found)"

    try:
        wanted = [r.split(";")[0].strip() for r in metadata.requires("schema-lint") or () if "extra == \"fuzz\"" in r]
    except metadata.PackageNotFoundError:
        wanted = []
    works = f"it works with {' and '.join(wanted)}, " if wanted else ""
    return (f"the installed {installed('hypothesis')} and {installed('hypothesis-jsonschema')} cannot generate "
            f"calls ({reason}): {works}which the `fuzz` extra installs: pip install 'schema-lint[fuzz]'")


_WARM_UP_SCHEMA = {"type": "object", "required": ["s", "n", "i", "b", "a"], "properties": {
    "s": {"type": "string", "format": "email"}, "n": {"type": "number"}, "i": {"type": "integer", "minimum": 0},
    "b": {"type": "boolean"}, "a": {"type": "array", "items": {"type": "string", "enum": ["x", "y"]}}}}


def draw_values(offered: Offered, examples: int, seed_value: int) -> list[Any] | str:
    """Values hypothesis-jsonschema draws for a schema, or a reason it cannot (runs in the child).

    Strings are ASCII when the schema allows it, so that report examples stay readable,
    and any Unicode when it needs more (a `pattern`, an `enum` value, a non-ASCII key).
    """
    values = _draw(offered, examples, seed_value, "ascii")
    return _draw(offered, examples, seed_value, "utf-8") if isinstance(values, str) else values


def _draw(offered: Offered, examples: int, seed_value: int, codec: str) -> list[Any] | str:
    values: list[Any] = []
    narrowed = narrow_for_generation(unroll_recursive_refs(offered.schema) or offered.schema)
    formats = {**CUSTOM_FORMATS, **offered.strategies(
        lambda plain: from_schema(plain, custom_formats=CUSTOM_FORMATS, allow_x00=False, codec=codec))}

    # From hypothesis's defaults, not the loaded profile: a test suite's profile must not change a report.
    @settings(settings.get_profile("default"), max_examples=examples, database=None, deadline=None,
              derandomize=False, phases=(Phase.generate,), suppress_health_check=list(HealthCheck),
              verbosity=Verbosity.quiet)
    @seed(seed_value)
    @given(from_schema(narrowed, custom_formats=formats, allow_x00=False, codec=codec))
    def collect(value: Any) -> None:
        values.append(value)

    with warnings.catch_warnings(), schema_only_draws():
        warnings.simplefilter("ignore")  # invalid-regex and deprecation chatter from the generator
        try:
            collect()
        except Unsatisfiable:
            return "generator unsupported: no value satisfies the schema as the generator reads it"
        except _BROKEN:
            raise  # no refusal of this schema: the child reports the generator failed
        except Exception as exc:  # the generator's refusals (recursive or remote $ref, odd keywords)
            message = str(exc).strip().splitlines()
            return f"generator unsupported: {type(exc).__name__}: {message[0] if message else ''}".rstrip(": ")
    return values
