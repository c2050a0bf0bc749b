"""A validator's path, read as steps, finds what the pointer those steps spell finds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from schema_lint.schema.pointer import join, resolve, resolve_steps

keys = st.text(st.sampled_from("ab01~/-"), max_size=4)
documents = st.recursive(st.none() | st.integers(-3, 3), lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)), max_leaves=20)
steps = st.lists(keys | st.integers(0, 4), max_size=4)


def found(read, *arguments):
    try:
        return True, read(*arguments)
    except LookupError:
        return False, None


@given(documents, steps)
def test_steps_resolve_as_their_pointer_does(document, path):
    assert found(resolve_steps, document, path) == found(resolve, document, join("", *path))
