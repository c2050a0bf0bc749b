"""SL013 invalid-pattern: patterns must be ECMA-262."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lintkit import lint_tool, obj

from schema_lint.model import FixSafety
from schema_lint.rules.sl013_invalid_pattern import _without_needless_escapes, ecma_error


def test_sl013_patterns_must_be_ecma_262():
    schema = obj(a={"type": "string", "pattern": r"^(?P<year>\d{4})-\d{2}\Z"},
                 b={"type": "string", "pattern": r"(?i)^abc$"},
                 c={"type": "string", "pattern": r"^[a-z]+(?<n>x)\k<n>$"},
                 d={"type": "string", "pattern": "a{2,1}"})
    found = {d.pointer.split("/")[-2]: d for d in lint_tool(schema, "SL013")}
    assert set(found) == {"a", "b", "d"}
    assert found["a"].fix.operations[0].value == r"^(\d{4})-\d{2}$"
    assert "(?i)" in found["b"].message and found["b"].fix is None


def test_sl013_a_named_group_becomes_a_plain_one_both_dialects_read():
    """`(?<name>…)`, ECMA-262's spelling, fails Python's `re`: a Python validator of the fixed
    schema raised on every call. A plain group and a numbered backreference mean the same in both."""
    import re

    import jsonschema_rs

    (found,) = lint_tool(obj(a={"type": "string", "pattern": r"^(?P<q>[a-z])-(?P<n>\d)(?P=n)1$"}), "SL013")
    fixed = found.fix.operations[0].value
    assert fixed == r"^([a-z])-(\d)(?:\2)1$"
    for value, matches in (("a-331", True), ("a-341", False)):
        assert (re.search(fixed, value) is not None) is matches
        assert jsonschema_rs.validator_for({"pattern": fixed}).is_valid(value) is matches


@pytest.mark.parametrize(("pattern", "said", "rewritten"), [
    ("^agent\\_run\\_", "`\\_` is an escape the `u` flag refuses (ajv's): write `_`", "^agent_run_"),
    ("^a\\@b\\:c$", "`\\@`, `\\:` are escapes the `u` flag refuses (ajv's): write `@`, `:`", "^a@b:c$"),
])
def test_sl013_names_a_needless_escape_and_writes_its_character(pattern, said, rewritten):
    """zod's `.startsWith("agent_run_")` writes `^agent\\_run\\_` (exa-mcp-server): Python and
    JavaScript without `u` read `\\_` as `_`; ajv, with `u`, refuses the whole schema."""
    (found,) = lint_tool(obj(run_id={"type": "string", "pattern": pattern}), "SL013")
    assert found.message.endswith(said)
    assert found.fix.safety is FixSafety.UNSAFE and found.fix.operations[0].value == rewritten


@pytest.mark.parametrize("pattern", ["^[\\w\\-]+$", "^\\\\_x$", "^a\\.b\\/c$"])
def test_sl013_leaves_escapes_the_u_flag_takes(pattern):
    assert lint_tool(obj(path={"type": "string", "pattern": pattern}), "SL013") == []


_PIECES = st.sampled_from(["a", "_", "\\_", "\\@", "@", "\\:", ":", "\\.", "\\\\", "\\d", "[_\\-]+", "\\ ", "x?"])


@given(st.lists(_PIECES, max_size=8).map("".join), st.text(alphabet="a_@:.\\ 1-x", max_size=8))
def test_writing_needless_escapes_as_their_characters_matches_the_same_strings(pattern, text):
    """The rewrite is what Python's `re` already read: every string matches both or neither."""
    rewritten = _without_needless_escapes(pattern)
    assert bool(re.fullmatch(pattern, text)) == bool(re.fullmatch(rewritten, text))
    assert ecma_error(rewritten) is None or ecma_error(pattern) is not None
