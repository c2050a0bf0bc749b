"""SL004 unknown-keyword: typos renamed when unambiguous, other keys and other drafts' keywords."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lintkit import lint_tool

from schema_lint.model import FixSafety, Operation, Severity, Tool
from schema_lint.rule import ToolContext
from schema_lint.rules.sl004_unknown_keyword import check

P = "/inputSchema"


@pytest.mark.parametrize("typo, meant, value", [
    ("require", "required", ["title"]),
    ("maxlength", "maxLength", 10),
    ("minLenght", "minLength", 1),
    ("additionalProperty", "additionalProperties", False),
    ("descripton", "description", "A title."),
])
def test_sl004_renames_an_unambiguous_typo(typo, meant, value):
    schema = {"type": "object", "properties": {"title": {"type": "string"}}, typo: value}
    (found,) = lint_tool(schema, "SL004")
    assert (found.pointer, found.at_key, found.severity) == (f"{P}/{typo}", True, Severity.WARNING)
    assert f"did you mean `{meant}`" in found.message
    assert found.fix.operations == (Operation("add", f"{P}/{meant}", value), Operation("remove", f"{P}/{typo}"))
    assert found.fix.safety is (FixSafety.SAFE if meant == "description" else FixSafety.UNSAFE)


def test_sl004_no_rename_when_the_real_keyword_is_there_or_the_value_does_not_fit():
    (both,) = lint_tool({"type": "object", "required": [], "require": ["a"]}, "SL004")
    (draft3,) = lint_tool({"type": "object", "properties": {"a": {"type": "string", "require": True}}}, "SL004")
    assert both.fix is None and draft3.fix is None
    assert both.severity is draft3.severity is Severity.WARNING


def test_sl004_other_unknown_keys_are_information_and_extensions_pass():
    schema = {"type": "object", "properties": {"q": {"type": "string", "x-order": 1, "X-Internal": True}},
              "frobnicate": 3, "nullable": True, "discriminator": {"propertyName": "kind"}, "propertyOrdering": ["q"]}
    (found,) = lint_tool(schema, "SL004")
    assert (found.pointer, found.severity, found.fix) == (f"{P}/frobnicate", Severity.INFO, None)


def test_sl004_does_not_read_property_names_as_keywords():
    schema = {"type": "object", "properties": {"require": {"type": "string"}, "maxlength": {"type": "integer"}}}
    assert lint_tool(schema, "SL004") == []


def test_sl004_keywords_of_another_draft_than_the_declared_one():
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
              "properties": {"a": {"type": "string"}}, "dependencies": {"a": ["b"]}}
    (found,) = lint_tool(schema, "SL004")
    assert found.pointer == f"{P}/dependencies" and "not a 2020-12 keyword" in found.message
    del schema["$schema"]
    assert lint_tool(schema, "SL004") == []


class _Unscreened(ToolContext):
    """A context whose keywords never pass SL004's screen: the rule then reads every node."""

    @property
    def keywords(self) -> frozenset[str]:
        return frozenset({"not a keyword of any draft"})


KEYS = st.sampled_from(["type", "properties", "items", "maxlength", "x-extra", "X-Vendor", "$defs", "example",
                        "dependencies", "prefixItems", "$dynamicRef", "id", "any_of", "nullable", "require"])
SCHEMAS = st.recursive(st.booleans() | st.just({}), lambda inner: st.dictionaries(KEYS, inner | st.integers(),
                                                                                  max_size=4), max_leaves=10)
DRAFTS = st.sampled_from([None, "http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-07/schema#",
                          "https://json-schema.org/draft/2020-12/schema"])


@given(SCHEMAS, DRAFTS, st.sampled_from([frozenset(), frozenset({"gemini"})]))
def test_the_screen_on_the_tools_keywords_skips_only_tools_without_an_unknown_one(schema, draft, profiles):
    if draft is not None and isinstance(schema, dict):
        schema = {"$schema": draft, **schema}
    tool = Tool(name="t", schema=schema, pointer="", schema_pointer="", format="mcp")
    assert list(check(ToolContext(tool, None, profiles=profiles))) == list(check(_Unscreened(tool, None, profiles=profiles)))


@pytest.mark.parametrize("schema, refuted", [
    ({"type": "object", "require": ["name", "email"],
      "properties": {"name": {"type": "string"}, "email": {"type": "string", "description": "Optional contact email."}}},
     "the words call email optional"),
    ({"type": "object", "properties": {"title": {"type": "string", "maxlength": 40,
                                                 "description": "Title; titles over 40 characters are truncated."}}},
     "the words say larger values are taken"),
    ({"type": "object", "properties": {"offset": {"type": "integer", "minimun": 0,
                                                  "description": "Hours relative to UTC; negative for the Americas."}}},
     "the words say smaller values are taken"),
    ({"type": "object", "properties": {"meta": {"type": "object", "additionalProperty": False,
                                                "description": "Arbitrary metadata; any keys."}}},
     "the words say other keys are taken"),
    ({"type": "object", "properties": {"title": {"type": "string", "maxlength": 40, "description": "Title."}}}, None),
    ({"type": "object", "properties": {"note": {"type": "string", "maxlength": 200, "description":
                                                "Free-text note. 200 is the UI limit; the API stores up to 2000."}}},
     "the words say larger values are taken"),
    ({"type": "object", "properties": {"code": {"type": "string", "patern": "^[a-z]+$", "description":
                                                "Code; upper-case is folded to lower-case for you."}}},
     "the words take other values too"),
    ({"type": "object", "properties": {"name": {"type": "string", "minLenght": 3,
                                                "description": "Display name, at least 3 characters (2 for CJK names)."}}},
     "the words offer fewer"),
    ({"type": "object", "properties": {"labels": {"type": "array", "minItem": 1,
                                                  "description": "Labels to set. Send an empty list to remove every label."}}},
     "the words offer fewer"),
    ({"type": "object", "properties": {"login": {"type": "string", "formt": "email", "description": "Email or username."}}},
     "the words give values in another form"),
    ({"type": "object", "description": "Look up a user by user_id or by email; one of the two is enough.",
      "reqired": ["user_id", "email"], "properties": {"user_id": {"type": "string"}, "email": {"type": "string"}}},
     "the words let user_id, email be left out"),
])
def test_sl004_an_assertion_the_words_refute_is_renamed_only_as_a_suggestion(schema, refuted):
    """`minimun: 0` was ignored by every validator; renamed, it refused the -5 the words ask for."""
    (found,) = lint_tool(schema, "SL004")
    if refuted is None:
        assert found.fix.safety is FixSafety.UNSAFE
    else:
        assert found.fix.safety is FixSafety.SUGGESTION and refuted in found.fix.description
