"""Valid calls from hypothesis-jsonschema: re-validated, seeded, and bounded in time."""

from __future__ import annotations

import os
import time

import pytest
from conftest import CREATE_TICKET
from fuzzkit import fuzz_schema
from hypothesis import given, settings
from hypothesis_jsonschema import from_schema

from schema_lint.boundary.compiled import compiled
from schema_lint.fuzz.generate import generate_valid_calls
from schema_lint.fuzz.isolation import WALL_FACTOR, Crashed, Finished, TimedOut, run_isolated
from schema_lint.fuzz.narrowing import SCALAR, narrow_for_generation
from schema_lint.fuzz.recursion import unroll_recursive_refs
from schema_lint.fuzz.model import FuzzOptions
from schema_lint.fuzz.run import fuzz_tools
from schema_lint.sources.tools import find_tools


def _calls(schema, examples=5, seed=0, budget=20.0):
    return generate_valid_calls(compiled(schema), examples, seed, budget)


def test_every_call_is_valid_against_the_schema():
    generated = _calls(CREATE_TICKET, examples=10)
    assert generated.unsupported is None and len(generated.calls) >= 5
    assert all(compiled(CREATE_TICKET).is_valid(call) for call in generated.calls)


def test_values_the_generator_misreads_are_discarded_not_fuzzed():
    # hypothesis-jsonschema ignores dependentRequired; re-validation drops what it gets wrong.
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
              "dependentRequired": {"a": ["b"]}, "additionalProperties": False}
    generated = _calls(schema, examples=30)
    assert generated.discarded > 0
    assert all("b" in call for call in generated.calls if "a" in call)


def test_a_schema_the_generator_cannot_read_is_unsupported_and_yields_no_near_miss():
    # `\p{Lu}` is ECMA-262 (the validator knows it); Python's `re` does not, so nothing is generated.
    report = fuzz_schema({"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "pattern": "^\\p{Lu}$"}}})
    assert report.unsupported and report.unsupported.startswith("generator unsupported")
    assert report.near_misses == []


def test_uuid_format_has_its_own_strategy():
    schema = {"type": "object", "required": ["id"], "properties": {"id": {"type": "string", "format": "uuid"}}}
    generated = _calls(schema)
    assert generated.unsupported is None and len(generated.calls) == 5


def test_recursive_refs_are_unrolled_and_the_calls_still_validate():
    schema = {"type": "object", "required": ["name"], "additionalProperties": False,
              "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}}}
    generated = _calls(schema)
    assert generated.unsupported is None and generated.calls
    assert all(compiled(schema).is_valid(call) for call in generated.calls)


def test_unrolling_cuts_each_cycle_and_leaves_acyclic_schemas_alone():
    acyclic = {"properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "integer"}}}
    assert unroll_recursive_refs(acyclic) is None
    unrolled = unroll_recursive_refs({"properties": {"child": {"$ref": "#"}}})
    assert unrolled == {"properties": {"child": {"properties": {"child": {"properties": {"child": False}}}}}}


def test_bfcl_dialect_is_normalized_before_generation():
    schema = {"type": "dict", "required": ["weight"], "properties": {"weight": {"type": "float", "minimum": 1}}}
    generated = _calls(schema)
    assert generated.unsupported is None
    assert all(isinstance(call["weight"], (int, float)) for call in generated.calls)


def test_same_seed_same_calls_and_another_seed_other_calls():
    assert _calls(CREATE_TICKET, seed=3).calls == _calls(CREATE_TICKET, seed=3).calls
    assert _calls(CREATE_TICKET, seed=3).calls != _calls(CREATE_TICKET, seed=4).calls


SLOW_PATTERN = {"type": "object", "required": ["p"], "properties": {"p": {"type": "string", "pattern": "^[a-z]{5000,}$"}}}


def test_a_generator_that_hangs_is_reported_and_the_run_goes_on():
    tools = [("tools.json", find_tools({"name": name, "inputSchema": schema}, name)[0])
             for name, schema in (("slow", SLOW_PATTERN), ("fine", CREATE_TICKET))]
    started = time.monotonic()
    slow, fine = fuzz_tools(tools, FuzzOptions(examples=3, budget=1.0))
    assert time.monotonic() - started < 15
    assert slow.unsupported == "generation did not finish within the 1 s budget"
    assert fine.unsupported is None and fine.near_misses


def _sleep(seconds):
    time.sleep(seconds)


def _spin():
    while True:
        pass


def _fail():
    raise ValueError("no good\nsecond line")


def _die():
    os._exit(3)


@pytest.mark.parametrize(("function", "args", "expected"), [
    (_spin, (), TimedOut(0.3)),
    (_sleep, (30,), TimedOut(0.3)),
    (_fail, (), Crashed("ValueError: no good")),
    (_die, (), Crashed("the generator process died (exit code 3)")),
    (sum, ((1, 2),), Finished(3)),
])
def test_isolated_work_is_finished_timed_out_or_crashed(function, args, expected):
    started = time.monotonic()
    assert run_isolated(function, args, 0.3) == expected
    assert time.monotonic() - started < 0.3 * WALL_FACTOR + 1


def test_the_budget_counts_cpu_seconds_so_a_waiting_child_gets_more_wall_time():
    # 0.5 s asleep uses no CPU: within a 0.3 s budget of CPU, under the wall cap.
    assert run_isolated(_sleep, (0.5,), 0.3) == Finished(None)


def test_a_non_ascii_key_falls_back_to_unicode_strings():
    schema = {"type": "object", "required": ["año"], "properties": {"año": {"type": "integer"}}}
    generated = _calls(schema)
    assert generated.unsupported is None and all("año" in call for call in generated.calls)


def test_generation_narrows_to_declared_keys_and_short_free_values():
    schema = {"type": "object", "properties": {
        "a": {"type": "object", "properties": {"b": {"type": "integer"}}},
        "free": {"type": "object"}, "any": {"description": "anything"}, "list": {"type": "array"},
        "merged": {"allOf": [{"properties": {"x": {"type": "string"}}}, {"properties": {"y": {"type": "string"}}}]},
        "never": {"not": {"type": "object", "properties": {"z": {"type": "null"}}}}}}
    narrowed = narrow_for_generation(schema)
    properties = narrowed["properties"]
    assert narrowed["additionalProperties"] is False and properties["a"]["additionalProperties"] is False
    assert properties["free"]["additionalProperties"] == SCALAR and properties["any"] == SCALAR
    assert properties["list"]["items"] == SCALAR
    assert properties["merged"] == schema["properties"]["merged"]  # members of allOf stay open
    assert properties["never"] == schema["properties"]["never"]  # narrowing under `not` would widen


LOOSE = {"type": "object", "required": ["meta"], "properties": {
    "meta": {"type": "object"}, "note": {}, "tags": {"type": "array"},
    "owner": {"type": "object", "properties": {"id": {"type": "integer"}}}}}


@settings(max_examples=20)
@given(from_schema(narrow_for_generation(LOOSE)))
def test_whatever_the_narrowed_schema_accepts_the_original_accepts(value):
    assert compiled(LOOSE).is_valid(value)


def test_calls_do_not_depend_on_the_source_files_that_happen_to_be_imported(tmp_path, monkeypatch):
    # Hypothesis draws literals from local modules; a seed's calls must not change when one is imported.
    strings = {"type": "object", "required": ["a", "b"],
               "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}
    before = _calls(strings, examples=200).calls
    (tmp_path / "literals_module.py").write_text("WORDS = [" + ", ".join(f"'word-{n}'" for n in range(300)) + "]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    __import__("literals_module")
    assert _calls(strings, examples=200).calls == before
