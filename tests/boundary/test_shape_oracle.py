"""Under the caps, the shape detectors answer as the code they replaced, on every string.

The old detectors are kept here as the oracle: they were right, but the regular
expressions backtracked (quadratic time on brackets and blanks) and every caller decoded
the same string again (see test_hostile_calls). Generated strings are short, so within
the caps, and drawn mostly from the tokens the grammars turn on, so that calls,
subscripts, delimiters, blanks and literals meet in every order.
"""

from __future__ import annotations

import ast
import json
import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from schema_lint.boundary.admit import not_json
from schema_lint.boundary.shape import NOT_A_CONTAINER, REFUSED_CONTAINER, Shapes, expression, joined_list

OLD_DELIMITER = re.compile(r"\s*[,;\n]\s*")
OLD_EXPRESSION = re.compile(r"[A-Za-z_][\w.]*\s*(?:\(.*\)|\[.*\])(?:\s*\[[^\]]*\])*\Z", re.S)


def old_joined_list(text):
    pieces = OLD_DELIMITER.split(text.strip())
    parts = [part for part in pieces if part]
    return parts if len(parts) >= 2 or parts and len(pieces) >= 2 else None


def old_expression(text):
    return OLD_EXPRESSION.match(text.strip()) is not None


TOKENS = st.sampled_from(["f", "data.x", "_", "é", "9", "(", ")", "[", "]", "{", "}", ",", ";", "'", '"',
                          " ", "\n", "\t", "\x0b", "\x1c", "\u00a0", "\u2028", ":5", "x"])
JUNK = st.lists(TOKENS, max_size=4).map("".join)
NAMES = st.sampled_from(["", "f", "data", "a.b", "_x", " g", "9", "é"])
# A name, a call or subscript, then subscripts, each piece with junk that may break it.
NEAR_EXPRESSIONS = st.builds(
    "{}{}{}{}{}".format, NAMES, st.sampled_from(["(", "[", " (", ""]), JUNK, st.sampled_from([")", "]", ""]),
    st.lists(st.builds("{}[{}]{}".format, st.sampled_from(["", " ", "\n"]), JUNK, JUNK), max_size=3).map("".join))
STRINGS = NEAR_EXPRESSIONS | st.builds(str.__add__, NAMES, st.lists(TOKENS, max_size=16).map("".join)) | st.text()


@settings(max_examples=3_000)
@given(STRINGS)
@example("search(query)[:5]")
@example("f(a)[x)]")
@example("f(a) [1] \n[2]")
@example("data['sales']")
@example("f(a)[1]x")
@example("a \n, b\n\n;c")
def test_expression_and_joined_list_answer_as_the_old_regular_expressions(text):
    assert expression(text) == old_expression(text)
    assert joined_list(text) == old_joined_list(text)


def old_json_value(text):
    def refuse(constant):
        raise ValueError(constant)

    try:
        return json.loads(text, parse_constant=refuse)
    except (ValueError, RecursionError):
        return NOT_A_CONTAINER


def old_literal(text):
    try:
        return ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NOT_A_CONTAINER


def old_as_json(value, depth=0):
    if depth > 64:
        return NOT_A_CONTAINER
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            return NOT_A_CONTAINER
        members = {key: old_as_json(member, depth + 1) for key, member in value.items()}
        return NOT_A_CONTAINER if any(m is NOT_A_CONTAINER for m in members.values()) else members
    if isinstance(value, (list, tuple)):  # since then a set is no list: it has no order to keep
        items = [old_as_json(item, depth + 1) for item in value]
        return NOT_A_CONTAINER if any(i is NOT_A_CONTAINER for i in items) else items
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    return NOT_A_CONTAINER


def old_serialized_container(text):
    stripped = text.strip()
    if stripped[:1] not in ("[", "(", "{"):
        return NOT_A_CONTAINER
    decoded = old_json_value(stripped)
    if decoded is NOT_A_CONTAINER:
        decoded = old_as_json(old_literal(stripped))
    return decoded if isinstance(decoded, (list, dict)) else NOT_A_CONTAINER


def old_python_literal(text):
    if text.strip()[:1] not in ("[", "(", "{"):
        return NOT_A_CONTAINER
    decoded = old_as_json(old_literal(text.strip()))
    return decoded if isinstance(decoded, (list, dict)) else NOT_A_CONTAINER


def old_json_string(text):  # what the json-string repair decoded
    return old_json_value(text) if text.lstrip()[:1] in ("{", "[") else NOT_A_CONTAINER


def mangled(text):
    """Since the old detectors: text inside a list's or object's brackets that neither reader
    reads (`[a]`, `[NaN]`), text whose brackets do not pair up (`["a"`, `x[][`): a list written
    as text all the same, cut short, or code; text in double quotes end to end (a value encoded
    twice); a fenced code block; delimiters and nothing else. Neither a plain value nor a joined list."""
    stripped = text.strip()
    return stripped[:1] + stripped[-1:] in ("[]", "{}") or text.count("[") != text.count("]") \
        or text.count("{") != text.count("}") or (len(stripped) >= 2 and stripped[0] == stripped[-1] == '"') \
        or stripped.startswith("```") or (stripped != "" and not OLD_DELIMITER.sub("", stripped).strip())


def old_plain_scalar(text):
    """The old detectors' answer, and since then no `mangled` text."""
    return old_serialized_container(text) is NOT_A_CONTAINER and old_joined_list(text) is None \
        and not old_expression(text) and not mangled(text)


def admitted(decoded):
    """What the old detectors decoded, less what no call may hold: `"\\ud800\\udc00"` as a Python
    literal is two halves of a surrogate pair, which the validator cannot read (JSON joins them)."""
    return REFUSED_CONTAINER if isinstance(decoded, (list, dict)) and not_json(decoded) is not None else decoded


LITERAL_TOKENS = st.sampled_from(["[", "]", "(", ")", "{", "}", ",", ":", " ", "'a'", '"a"', "1", "-1", "1.5", "1e400",
                                  "1j", "b'x'", "None", "True", "true", "null", "NaN", "\u00a0", "\x0c", "\n", "x"])
PADDING = st.sampled_from(["", " ", "\n", "\u00a0", "\x0c", " \t"])
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=3),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner,
                                                                                      max_size=3), max_leaves=8)
PYTHON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3) | st.binary(max_size=2),
                             lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
                             | st.frozensets(st.integers(), max_size=2)
                             | st.dictionaries(st.text(max_size=2) | st.integers(), inner, max_size=3), max_leaves=8)
LITERALS = st.builds("{}{}{}".format, PADDING, JSON_VALUES.map(json.dumps) | PYTHON_VALUES.map(repr)
                     | st.lists(LITERAL_TOKENS, max_size=12).map("".join), PADDING)


@settings(max_examples=2_000)
@given(LITERALS | STRINGS)
@example("  ['I', 'V']\u00a0")
@example('\u00a0["a"]')
@example('["a", true]')
@example("{'a': (1, 2)}")
def test_a_calls_shapes_answer_as_the_old_detectors(text):
    shapes = Shapes()
    assert shapes.container(text) == admitted(old_serialized_container(text))
    assert shapes.literal(text) == admitted(old_python_literal(text))
    assert shapes.sent_json(text) == admitted(old_json_string(text))
    assert shapes.joined(text) == (None if mangled(text) else old_joined_list(text))
    assert shapes.plain_scalar(text) == old_plain_scalar(text)
    assert shapes.unread == 0
