"""The records every run builds keep the value semantics `@dataclass` gives them."""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schema_lint.config import Config
from schema_lint.model import (Diagnostic, FieldwiseRecord, Fix, FixSafety, Operation, Severity, Span, Tool, Withheld,
                               diagnostic_from_row, diagnostic_row)
from schema_lint.sources.document import Document

_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=3),
                    st.lists(st.integers(0, 2), max_size=2), st.sampled_from(list(Severity)))


def _as_plain_dataclass(cls: type) -> type:
    """The same fields under `@dataclass`'s own `==` and `repr`: what the record must match."""
    return dataclasses.make_dataclass(cls.__name__, [(item.name, object, dataclasses.field(
        repr=item.repr, compare=item.compare)) for item in dataclasses.fields(cls)])


def _fields(cls: type) -> list[str]:
    return list(cls._fields) if issubclass(cls, tuple) else [item.name for item in dataclasses.fields(cls)]


def _as_plain(cls: type) -> type:
    """The same fields under `@dataclass`'s own `==` and `repr`: what the record must match."""
    return dataclasses.make_dataclass(cls.__name__, [(name, object) for name in _fields(cls)])


@pytest.mark.parametrize("cls", [Diagnostic, Tool, Document, Config])
@given(data=st.data())
def test_equality_and_repr_are_those_dataclass_would_write(cls, data):
    reference = _as_plain_dataclass(cls) if dataclasses.is_dataclass(cls) else _as_plain(cls)
    names = _fields(cls)
    left = {name: data.draw(_VALUES, label=name) for name in names}
    right = {name: data.draw(st.sampled_from([left[name], data.draw(_VALUES)]), label=f"other {name}")
             for name in names}
    ours, theirs = [cls(**values) for values in (left, right)], [reference(**values) for values in (left, right)]
    assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
    assert (ours[0] != ours[1]) == (theirs[0] != theirs[1])
    assert repr(ours[0]) == repr(theirs[0])
    assert cls.__hash__ is None
    assert issubclass(cls, FieldwiseRecord) or issubclass(cls, tuple)


def test_a_record_is_never_equal_to_another_class_with_the_same_fields():
    diagnostic = Diagnostic("SL201", "open-object", Severity.ERROR, "m", "a.json", "")
    twin = _as_plain(Diagnostic)(*diagnostic)
    assert diagnostic != twin and twin != diagnostic
    assert diagnostic != tuple(diagnostic) and tuple(diagnostic) != diagnostic
    assert diagnostic == diagnostic._replace() and diagnostic != diagnostic._replace(message="n")


@pytest.mark.parametrize("record", [Diagnostic("SL201", "open-object", Severity.ERROR, "m", "a.json", ""),
                                    Tool("t", {}, "", "", "mcp_tool")])
def test_the_records_stages_pass_on_cannot_be_changed_in_place(record):
    with pytest.raises((AttributeError, dataclasses.FrozenInstanceError)):
        record.message = "changed" if isinstance(record, Diagnostic) else None
    with pytest.raises((AttributeError, dataclasses.FrozenInstanceError)):
        record.path = "elsewhere"


# JSON values as a schema or a fix carries them: what an operation's value may be.
_JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
                     max_leaves=4)
_TEXT = st.text(max_size=6)
_DIAGNOSTICS = st.builds(
    Diagnostic, code=_TEXT, name=_TEXT, severity=st.sampled_from(list(Severity)), message=_TEXT, path=_TEXT,
    pointer=_TEXT, tool=st.none() | _TEXT,
    fix=st.none() | st.builds(Fix, _TEXT, st.sampled_from(list(FixSafety)),
                              st.lists(st.builds(Operation, st.sampled_from(["add", "remove", "replace"]), _TEXT, _JSON),
                                       max_size=2).map(tuple)),
    span=st.none() | st.builds(Span, *[st.integers(1, 9)] * 4), at_key=st.booleans(), fix_note=st.none() | _TEXT,
    live=st.booleans(), source=st.none() | _TEXT, supersedes=st.lists(_TEXT, max_size=2).map(tuple),
    withheld=st.none() | st.builds(Withheld, _TEXT, _TEXT))


@given(_DIAGNOSTICS)
def test_a_row_carries_every_field_of_a_finding_through_a_worker_and_the_cache(diagnostic):
    """Findings cross a process (pickled rows) and the cache (JSON rows): every field returns."""
    row = diagnostic_row(diagnostic)
    assert diagnostic_from_row(pickle.loads(pickle.dumps(row))) == diagnostic
    assert diagnostic_from_row(json.loads(json.dumps(row))) == diagnostic
    assert len(row) in (11, len(Diagnostic._fields))  # the last four only when one is not its default


def test_options_are_built_from_their_fields_and_never_change():
    from schema_lint.run.check import CheckOptions

    options = CheckOptions(fix=True, paths=("a.json",))
    assert (options.fix, options.paths, options.diff) == (True, ("a.json",), False)  # the rest: their defaults
    with pytest.raises(TypeError, match="no field fixx"):
        CheckOptions(fixx=True)
    with pytest.raises(AttributeError):
        options.fix = False
    assert options.replace(fix=False) == CheckOptions(paths=("a.json",)) != options
    assert "fixing" not in CheckOptions.fields() and "servers" in CheckOptions.fields()
