"""The indexed claims of taken fixes decide exactly what the pairwise definition does:
two fixes conflict when a pointer of one equals or contains a pointer of the other, or
their text edits collide (the very same edit twice is one YAML node reached by two paths:
no collision)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from schema_lint.fixes.claims import Claims
from schema_lint.fixes.textedit import TextEdit
from schema_lint.model import Operation

pointers = st.lists(st.sampled_from(["a", "b", "ab"]), max_size=3).map(lambda parts: "".join("/" + p for p in parts))
edits = st.builds(lambda start, length: TextEdit(start, start + length, ""), st.integers(0, 30), st.integers(0, 4))
# A fix's own edits never collide (`fix_edits` merges them into one edit when they would).
own_edits = st.lists(edits, min_size=1, max_size=2).filter(lambda es: not any(
    a.collides_with(b) for i, a in enumerate(es) for b in es[i + 1:]))
fixes = st.tuples(st.lists(pointers.map(lambda p: Operation("add", p, 1)), min_size=1, max_size=2), own_edits)


def _nested(a: str, b: str) -> bool:
    return a == b or a.startswith(b + "/") or b.startswith(a + "/")


def _pairwise(fix, other) -> bool:
    (operations, fix_edits), (other_operations, other_edits) = fix, other
    return (any(_nested(a.path, b.path) for a in operations for b in other_operations)
            or any(a != b and a.collides_with(b) for a in fix_edits for b in other_edits))


@given(st.lists(fixes, max_size=12))
def test_claims_agree_with_the_pairwise_definition(candidates):
    claims = Claims()
    taken = []
    for operations, fix_edits in candidates:
        expected = any(_pairwise((operations, fix_edits), other) for other in taken)
        assert claims.conflict(tuple(operations), fix_edits) == expected
        if not expected:
            claims.claim(tuple(operations), fix_edits)
            taken.append((operations, fix_edits))
