"""The stated-values gate judges a fix on the subschema it edits, within a budget.

Copying and judging the whole subschema of each stated value for every fix cost the square
of a schema's size (1,024 fields: 27 s; 10,000: past two minutes). The law: the judgement
made on the edited subschema alone is the one made on the whole fixed subschema, for any
schema and fix; and a schema whose fixes would take past the budget gets them withheld,
with a reason, instead of a hang.
"""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

import schema_lint.gate.stated_values as stated_values
from schema_lint.gate import STATED_VALUE, gated
from schema_lint.gate.stated_values import (_Alone, _Budget, _fixed_subschema, _rejected_by_subschema,
                                            _stated_at_or_above)
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity
from schema_lint.schema.dialect import normalize_dialect
from schema_lint.schema.scalar_shortcut import acceptor

SCALARS = st.one_of(st.integers(-3, 8), st.sampled_from(["", "ab", "abcdef", "x@y.z"]), st.booleans(), st.none())
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                      st.dictionaries(st.sampled_from("abc"), inner, max_size=3)),
                      max_leaves=6)
KEYWORDS = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["object", "array", "string", "integer", "int", "str", "any", ["string", "null"]]),
    "default": VALUES, "enum": st.lists(SCALARS, min_size=1, max_size=3, unique_by=repr),
    "maxLength": st.integers(0, 4), "minimum": st.integers(0, 4), "required": st.just(["a"]),
    "description": st.sampled_from(["Defaults to 3.", "At most 5 characters.", "One of 'ab' or 'cd'."]),
    "pattern": st.just("^a"), "$schema": st.just("https://json-schema.org/draft/2020-12/schema"),
    "additionalProperties": st.booleans()})


def _schemas():
    return st.recursive(KEYWORDS, lambda inner: st.tuples(KEYWORDS, st.fixed_dictionaries({}, optional={
        "properties": st.dictionaries(st.sampled_from("abc"), inner, min_size=1, max_size=3),
        "items": inner, "not": inner, "additionalProperties": inner,
        "allOf": st.lists(inner, min_size=1, max_size=2), "anyOf": st.lists(inner, min_size=1, max_size=2)}))
        .map(lambda parts: {**parts[0], **parts[1]}), max_leaves=8)


def _subschema_pointers(schema, at=""):
    """Every pointer `_stated_values` could name a subschema by, through the plain keywords."""
    yield at
    for keyword, value in schema.items():
        if keyword == "properties":
            for name, sub in value.items():
                yield from _subschema_pointers(sub, f"{at}/properties/{name}")
        elif keyword in ("items", "not", "additionalProperties") and isinstance(value, dict):
            yield from _subschema_pointers(value, f"{at}/{keyword}")
        elif keyword in ("allOf", "anyOf"):
            for index, sub in enumerate(value):
                yield from _subschema_pointers(sub, f"{at}/{keyword}/{index}")


EDITS = st.sampled_from([("maxLength", 3), ("minimum", 4), ("type", "string"), ("type", "integer"),
                         ("required", ["b"]), ("enum", ["ab", 3]), ("additionalProperties", False),
                         ("pattern", "^b"), ("format", "date"), ("$schema", "https://json-schema.org/draft/2020-12/schema"),
                         ("properties", {"a": {"type": "integer"}})])


def _whole(alone, operations, touched):
    """The judgement as it was made before: every value against its whole subschema, fixed on a copy."""
    rejected = []
    for entry in touched:
        at, _, value = entry
        subschema = normalize_dialect(_fixed_subschema(alone.root, at, operations), alone.openapi)
        judge = None if subschema is None else acceptor(subschema, alone.draft)
        accepted = None if judge is None else judge(value)
        if accepted is None:
            return None
        if not accepted:
            rejected.append(entry)
    return rejected


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_edited_subschema_alone_judges_as_the_whole_fixed_one(data):
    schema = data.draw(_schemas())
    pointers = sorted(set(_subschema_pointers(schema)))
    operations = []
    for _ in range(data.draw(st.integers(1, 2))):
        keyword, value = data.draw(EDITS)
        operations.append(Operation(data.draw(st.sampled_from(["add", "replace", "remove"])),
                                    f"{data.draw(st.sampled_from(pointers))}/{keyword}", value))
    touched = _stated_at_or_above(schema, [operation.path for operation in operations])
    alone = _Alone(schema, "2020-12", data.draw(st.booleans()))
    assert _rejected_by_subschema(alone, operations, touched, _Budget(schema)) == _whole(alone, operations, touched)


def _nested(levels, fan):
    node = {"type": "string", "description": "At most 5 characters."}
    for _ in range(levels):
        node = {"type": "object", "description": "Defaults to 3.", "properties": {f"p{j}": node for j in range(fan)}}
    return node


def _fixes(schema):
    """The `maxLength: 5` fix of every string, as SL403 offers it."""
    return [Diagnostic("SL999", "test", Severity.WARNING, "finding", "t.json", f"/properties/p{i}/properties/p{j}",
                       fix=Fix("edit", FixSafety.UNSAFE, (Operation("add", f"/properties/p{i}/properties/p{j}/maxLength", 5),)))
            for i in range(len(schema["properties"])) for j in range(len(schema["properties"]))]


def test_a_fix_on_each_of_ten_thousand_fields_is_judged_in_linear_time():
    """Each fix reaches the `3` its objects state as their default: a value that never reaches
    the edited string, judged as before without a copy of the objects."""
    schema = _nested(2, 100)
    diagnostics = _fixes(schema)
    started = time.process_time()
    kept = gated(diagnostics, schema, "")
    assert time.process_time() - started < 10  # the whole schema judged for each: past two minutes
    assert all(diagnostic.fix is not None for diagnostic in kept)


def test_fixes_past_the_budget_are_withheld_with_a_reason(monkeypatch):
    """A schema that refers somewhere is judged compiled whole for each fix: past the budget,
    the rest of its fixes are withheld unjudged, and say why."""
    monkeypatch.setattr(stated_values, "GATE_BUDGET", 20_000)
    schema = _nested(2, 20)
    schema["properties"]["p0"]["properties"]["p0"] = {"$ref": "#/properties/p1/properties/p0"}
    diagnostics = _fixes(schema)[1:]
    kept = gated(diagnostics, schema, "")
    withheld = [diagnostic for diagnostic in kept if diagnostic.fix is None]
    assert withheld and len(withheld) < len(kept)
    assert all(diagnostic.withheld.gate == STATED_VALUE and "would take too long" in diagnostic.message
               and "budget of 20,000 schema nodes" in diagnostic.message for diagnostic in withheld)
