"""The records every run builds keep the value semantics `@dataclass` gives them."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schema_lint.config import Config
from schema_lint.model import Diagnostic, FieldwiseRecord, Severity, Tool
from schema_lint.sources.document import Document

_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=3),
                    st.lists(st.integers(0, 2), max_size=2), st.sampled_from(list(Severity)))


def _as_plain_dataclass(cls: type) -> type:
    """The same fields under `@dataclass`'s own `==` and `repr`: what the record must match."""
    return dataclasses.make_dataclass(cls.__name__, [(item.name, object, dataclasses.field(
        repr=item.repr, compare=item.compare)) for item in dataclasses.fields(cls)])


@pytest.mark.parametrize("cls", [Diagnostic, Tool, Document, Config])
@given(data=st.data())
def test_equality_and_repr_are_those_dataclass_would_write(cls, data):
    reference = _as_plain_dataclass(cls)
    names = [item.name for item in dataclasses.fields(cls)]
    left = {name: data.draw(_VALUES, label=name) for name in names}
    right = {name: data.draw(st.sampled_from([left[name], data.draw(_VALUES)]), label=f"other {name}")
             for name in names}
    ours, theirs = [cls(**values) for values in (left, right)], [reference(**values) for values in (left, right)]
    assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
    assert (ours[0] != ours[1]) == (theirs[0] != theirs[1])
    assert repr(ours[0]) == repr(theirs[0])
    assert issubclass(cls, FieldwiseRecord) and cls.__hash__ is None


def test_a_record_is_never_equal_to_another_class_with_the_same_fields():
    diagnostic = Diagnostic("SL201", "open-object", Severity.ERROR, "m", "a.json", "")
    twin = _as_plain_dataclass(Diagnostic)(**dataclasses.asdict(diagnostic))
    assert diagnostic != twin and twin != diagnostic
    assert diagnostic == dataclasses.replace(diagnostic) and diagnostic != dataclasses.replace(diagnostic, message="n")
