"""A fix is withheld exactly when it would reject a value the schema itself states and accepts.

The law, written with the same two tools the stated-values gate uses (the schema's stated
values and a validator of the schema before and after the fix), but in the plainest order:
each fix on its own, every stated value at or above the edit, before and after compiled
every time. The function compiles less (the schema as written only once a value fails the
fixed one); the answer must not change.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.gate import STATED_VALUE, gated
from schema_lint.gate import applied_sharing, inner_operations, validators_for
from schema_lint.gate.stated_values import _accepts, _stated_at_or_above, _stated_values, respells_types
from schema_lint.schema.pointer import escape
from schema_lint.schema.operations import OperationError, apply_operations, same_json
from schema_lint.model import Diagnostic, Fix, FixSafety, Operation, Severity

VALUES = st.one_of(st.integers(-5, 5), st.sampled_from(["", "ab", "abcdef", "2024-01-01", "x@y.z"]),
                   st.booleans(), st.none())
PROPERTY = st.fixed_dictionaries(
    {"type": st.sampled_from(["integer", "number", "string", "boolean", "int", "float", "str", "any"])},
    optional={"default": VALUES, "enum": st.lists(VALUES, min_size=1, max_size=3),
              "examples": st.lists(VALUES, max_size=2), "description": st.sampled_from(["Defaults to 3.", "A value."])})
SCHEMA = st.fixed_dictionaries({"type": st.just("object"),
                                "properties": st.dictionaries(st.sampled_from("abc"), PROPERTY, min_size=1)},
                               optional={"default": st.sampled_from([{}, {"a": 1}, {"b": "ab"}])})


@st.composite
def fixes(draw, schema):
    """Tightening edits of the kinds rules propose, at properties that exist."""
    names = sorted(schema["properties"])
    found = []
    for _ in range(draw(st.integers(1, 4))):
        name = draw(st.sampled_from(names))
        keyword, value = draw(st.sampled_from([("minimum", 0), ("minimum", 4), ("maxLength", 3), ("minLength", 1),
                                               ("format", "email"), ("format", "date"), ("type", "string"),
                                               ("type", "integer")]))
        found.append(Operation("add", f"/properties/{name}/{keyword}", value))
    if draw(st.booleans()):  # a type written again, as `normalize_dialect` reads it (SL005's fix) or not
        name = draw(st.sampled_from(names))
        found.append(draw(st.sampled_from([Operation("remove", f"/properties/{name}/type"), *(
            Operation("replace", f"/properties/{name}/type", written)
            for written in ("integer", "number", "string", ["string", "null"], "double", "Integer"))])))
    if draw(st.booleans()):
        found.append(Operation("add", "/required", [names[0]]))
    return found


def _breaks_a_stated_value(schema, operation) -> bool:
    before, after = validators_for(schema), validators_for(apply_operations(schema, [operation]))
    if before is None:
        return False
    edited = operation.path
    for at, _, value in _stated_values(schema):
        if edited != at and not edited.startswith(at + "/"):
            continue
        if not _accepts(before, at, value):
            continue
        if after is None or (after.get("#" + at) is not None and not _accepts(after, at, value)):
            return True
    return False


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_fix_is_withheld_exactly_when_it_breaks_a_value_the_schema_states(data):
    schema = data.draw(SCHEMA)
    operations = data.draw(fixes(schema))
    diagnostics = [Diagnostic("SL999", "test", Severity.WARNING, "finding", "t.json", operation.path,
                              fix=Fix("edit", FixSafety.UNSAFE, (operation,))) for operation in operations]
    for diagnostic, operation in zip(gated(diagnostics, schema, ""), operations):
        assert (diagnostic.fix is None) == _breaks_a_stated_value(schema, operation), (schema, operation)
        assert (diagnostic.fix is None) == ("no fix: it would reject the schema's own" in diagnostic.message)
        assert (diagnostic.fix is None) == (diagnostic.withheld is not None and diagnostic.withheld.gate == STATED_VALUE)


def test_a_fix_that_only_respells_a_type_is_not_followed_down(monkeypatch):
    """SL005's fixes, most of a run's, write a type as `normalize_dialect` reads it already:
    they cannot reject a value, so their way down to the values is not walked."""
    from schema_lint.gate import stated_values

    monkeypatch.setattr(stated_values, "_stated_at_or_above", None)  # calling it would raise
    schema = {"type": "dict", "properties": {"ratio": {"type": "float", "default": 0.5},
                                             "tags": {"type": "list", "items": {"type": "str"}, "default": ["a"]},
                                             "any": {"anyOf": [{"type": "any"}], "default": 1}}}
    fixes = [Operation("replace", "/type", "object"), Operation("replace", "/properties/ratio/type", "number"),
             Operation("replace", "/properties/tags/items/type", "string"), Operation("remove", "/properties/any/anyOf/0/type")]
    diagnostics = [Diagnostic("SL005", "test", Severity.ERROR, "finding", "t.json", operation.path,
                              fix=Fix("edit", FixSafety.UNSAFE, (operation,))) for operation in fixes]
    assert gated(diagnostics, schema, "") == diagnostics


def test_a_fix_that_only_respells_a_type_needs_no_candidate_when_no_other_gate_asks(monkeypatch):
    """Without profiles or recorded calls, the stated-value gate is the only one, and it lets
    every respelling through: such a fix is not made a `Candidate` (nor its operations
    readdressed) at all."""
    import schema_lint.gate

    made = []
    monkeypatch.setattr(schema_lint.gate, "Candidate", lambda *made_of: made.append(made_of) or made_of[0])
    schema = {"type": "object", "properties": {"ratio": {"type": "float", "default": 0.5}}}
    respelling = Operation("replace", "/parameters/properties/ratio/type", "number")
    diagnostics = [Diagnostic("SL005", "test", Severity.ERROR, "finding", "t.json", respelling.path,
                              fix=Fix("edit", FixSafety.UNSAFE, (respelling,)))]
    assert gated(diagnostics, schema, "/parameters") == diagnostics
    assert made == []


# Keys a pointer spells alike (a YAML 1 and "1"), escapes, keywords whose values are not
# walked, and descriptions that offer values.
_KEYS = st.sampled_from(["a", "1", 1, "a/b", "~", "~1", "", "default", "enum", "properties", "items"])
_LEAVES = st.one_of(st.integers(0, 3), st.sampled_from(["x", "Defaults to 3.", "0 = off, or 'auto'", None]))
_STATING = st.fixed_dictionaries({}, optional={"default": _LEAVES, "description": _LEAVES,
                                                "enum": st.lists(_LEAVES, max_size=2)})
_NODES = st.recursive(_STATING, lambda inner: st.lists(inner, max_size=3) | st.builds(
    lambda members, stating: {**members, **stating}, st.dictionaries(_KEYS, inner, max_size=4), _STATING),
    max_leaves=12)


def _pointers(node, where=""):
    yield where
    members = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in members:
        yield from _pointers(value, f"{where}/{escape(key)}")


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_values_on_the_way_to_an_edit_are_the_stated_values_at_or_above_it(data):
    """The gate follows a fix's paths down instead of listing every stated value: it must
    find exactly those `_stated_values` lists at or above an edit, in its order (the first
    broken one is the one a finding names)."""
    schema = data.draw(_NODES)
    pointers = sorted(set(_pointers(schema)))
    near = st.sampled_from(pointers) | st.builds(str.__add__, st.sampled_from(pointers),
                                                  st.sampled_from(["/0", "/01", "/9", "/a", "/~01", "/default/x", "/"]))
    paths = data.draw(st.lists(near, min_size=1, max_size=3))
    assert _stated_at_or_above(schema, paths) == _listed_at_or_above(schema, paths)


@pytest.mark.parametrize("path", ["/a/1", "/a/01", "/a/1.0", "/a/\u00b9", "/~0", "/~", "/~2", "/1", "/a~1b", "/a/b"])
def test_a_token_reaches_what_its_pointer_names_only(path):
    schema = {"a": [{"default": 0}, {"default": 1}], "~": {"default": 2}, 1: {"default": 3}, "1": {"default": 4},
              "a/b": {"default": 5}}
    assert _stated_at_or_above(schema, [path]) == _listed_at_or_above(schema, [path])


def _listed_at_or_above(schema, paths):
    return [entry for entry in _stated_values(schema) if any(path == entry[0] or path.startswith(entry[0] + "/")
                                                             for path in paths)]


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_a_fix_applied_sharing_the_schema_is_the_fix_applied_to_a_copy(data):
    """`Candidate.fixed` copies only the deepest container every edit lies in: the schema it
    gives is `apply_operations`' own, the same edits refused, and the schema as written is
    left as it was."""
    schema = data.draw(_NODES)
    before = copy.deepcopy(schema)
    pointers = sorted(set(_pointers(schema)) - {""})
    paths = st.sampled_from(pointers or ["/a"]) | st.builds(
        str.__add__, st.sampled_from(pointers or [""]), st.sampled_from(["/0", "/1", "/-", "/01", "/a", "/~1", "/x/y"]))
    operations = data.draw(st.lists(st.builds(Operation, st.sampled_from(["add", "replace", "remove"]), paths,
                                              st.sampled_from([0, "x", {"a": 1}, [1]])), min_size=1, max_size=3))
    try:
        expected = apply_operations(schema, operations)
    except OperationError:
        with pytest.raises(OperationError):
            applied_sharing(schema, operations)
    else:
        assert same_json(applied_sharing(schema, operations), expected), operations
    assert same_json(schema, before)


POINTERS = st.sampled_from(["", "/p", "/p/q", "/tools/0/input_schema"])


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_respelling_is_told_alike_from_the_document_and_from_inside_the_schema(data):
    """The gate asks whether a fix only respells types of the document's operations, before
    it readdresses them inside the tool's schema (as every other gate reads them): both
    answers agree, for operations inside the schema, on it, beside it and outside it."""
    schema = data.draw(SCHEMA)
    pointer = data.draw(POINTERS)
    # The root's type rewritten as it reads already, were these paths read as the root's.
    elsewhere = st.builds(Operation, st.just("replace"), st.sampled_from(
        ["", "/p", "/px", "/px/type", "/type", "/p/qtype", "/tools/1/type", "/tools/0/input_schemax/type"]),
        st.sampled_from(["object", "dict"]))
    operations = [op._replace(path=pointer + op.path) if data.draw(st.booleans(), label="inside")
                  else data.draw(elsewhere) for op in data.draw(fixes(schema))]
    inner = inner_operations(tuple(operations), pointer)
    assert respells_types(schema, operations, pointer) == (inner is not None and respells_types(schema, inner))


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_tool_schema_inside_a_document_is_gated_as_on_its_own(data):
    schema = data.draw(SCHEMA)
    pointer = data.draw(POINTERS.filter(bool))
    operations = data.draw(fixes(schema))
    on_its_own, inside = ([Diagnostic("SL999", "test", Severity.WARNING, "finding", "t.json", at + operation.path,
                                      fix=Fix("edit", FixSafety.UNSAFE, (operation._replace(path=at + operation.path),)))
                           for operation in operations] for at in ("", pointer))
    assert [(d.fix is None, d.message) for d in gated(on_its_own, schema, "")] \
        == [(d.fix is None, d.message) for d in gated(inside, schema, pointer)]


def test_a_fix_reaching_a_default_is_judged_on_its_subschema_without_compiling(monkeypatch):
    """A copy of the whole schema and a validator compiled for it, for each fix that reaches a
    stated value, were an eighth of a run's time; most such values are scalars the fixed
    subschema judges alone."""
    import schema_lint.gate as gate

    compiled = []
    monkeypatch.setattr(gate, "validators_for", lambda schema, openapi=False: compiled.append(schema) or validators_for(schema, openapi))
    schema = {"type": "object", "properties": {
        "code": {"type": "string", "default": "abcdef", "description": "A code."},
        "days": {"type": "integer", "default": 3, "enum": [1, 3, 7]}}}
    fixes = [Operation("add", "/properties/code/maxLength", 8), Operation("add", "/properties/days/minimum", 1),
             Operation("add", "/properties/code/maxLength", 3)]
    diagnostics = [Diagnostic("SL999", "test", Severity.WARNING, "finding", "t.json", operation.path,
                              fix=Fix("edit", FixSafety.UNSAFE, (operation,))) for operation in fixes]
    kept = gated(diagnostics, schema, "")
    assert [diagnostic.fix is not None for diagnostic in kept] == [True, True, False]
    assert 'reject the schema\'s own default "abcdef"' in kept[2].message
    assert compiled == [schema]  # the schema as written, once a value fails the fixed subschema


def test_a_value_the_schema_already_rejects_compiles_nothing(monkeypatch):
    """Most values a fix rejects were invalid before it too (SL008 reports them): the schema
    as written, judged by its subschema alone, tells so without a validator."""
    import schema_lint.gate as gate

    compiled = []
    monkeypatch.setattr(gate, "validators_for", lambda schema, openapi=False: compiled.append(schema) or validators_for(schema, openapi))
    schema = {"type": "object", "properties": {"name": {"type": "string", "default": None, "description": "A name."}}}
    fix = Operation("add", "/properties/name/minLength", 1)
    diagnostic = Diagnostic("SL999", "test", Severity.WARNING, "finding", "t.json", fix.path,
                            fix=Fix("edit", FixSafety.UNSAFE, (fix,)))
    assert gated([diagnostic], schema, "") == [diagnostic]
    assert compiled == []
