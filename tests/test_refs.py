"""Laws of `schema_lint.schema.refs`: every subschema is reachable by its pointer, and
following references terminates whatever cycles the schema holds."""

from __future__ import annotations

from urllib.parse import quote, unquote, urldefrag, urlsplit

from hypothesis import given
from hypothesis import strategies as st

from schema_lint.schema.pointer import escape
from schema_lint.schema.refs import RefIndex, _scheme, _split_reference
from schema_lint.schema.refs import unquote as unquote_fragment
from schema_lint.schema.walk import walk

# Property names with the characters pointers and URIs escape: `/`, `~`, `%`, `#`, space.
names = st.text(alphabet="ab/~%# 1", min_size=1, max_size=4)
schemas = st.recursive(
    st.fixed_dictionaries({"type": st.sampled_from(["string", "integer"])}),
    lambda inner: st.one_of(
        st.dictionaries(names, inner, max_size=3).map(lambda props: {"type": "object", "properties": props}),
        inner.map(lambda item: {"type": "array", "items": item}),
        st.lists(inner, min_size=1, max_size=2).map(lambda branches: {"anyOf": branches}),
    ),
    max_leaves=8,
)


def _fragment(pointer: str) -> str:
    """A JSON pointer written as a URI fragment, percent-encoding what a URI must."""
    return "#" + quote(pointer, safe="/~")


@given(schemas)
def test_every_subschema_resolves_by_its_own_pointer(schema):
    nodes = list(walk(schema, ""))
    index = RefIndex(nodes, schema)
    for node in nodes:
        resolution = index.resolve(nodes[0], _fragment(node.pointer))
        assert resolution.found and resolution.target is node.schema


@given(st.dictionaries(st.sampled_from("ABCD"), st.sampled_from("ABCDX"), min_size=1))
def test_following_reference_chains_terminates_on_cycles(links):
    """Each definition refers to another (or to a missing `X`): any graph, cycles included."""
    schema = {"$defs": {name: {"$ref": f"#/$defs/{target}"} for name, target in links.items()},
              "properties": {"start": {"$ref": f"#/$defs/{next(iter(links))}"}}}
    nodes = list(walk(schema, ""))
    index = RefIndex(nodes, schema)
    start = next(n for n in nodes if n.name == "start")
    reached = list(index.targets(start))
    assert len(reached) == len({id(n.schema) for n in reached}) <= len(links)
    assert all(isinstance(n.schema, dict) for n in reached)


def test_escaped_tokens_resolve():
    schema = {"properties": {"a/b": {"type": "string"}, "m~n": {"type": "integer"}}}
    nodes = list(walk(schema, ""))
    index = RefIndex(nodes, schema)
    assert index.resolve(nodes[0], "#/properties/" + escape("a/b")).target == {"type": "string"}
    assert index.resolve(nodes[0], "#/properties/m~0n").target == {"type": "integer"}
    assert index.resolve(nodes[0], "#/properties/a%2Fb").status == "missing"


# Text with what urllib reads apart in a URL: tabs and line breaks (dropped), a second `#`,
# escapes, a scheme's colon, a query, brackets.
uri_text = st.text(st.sampled_from("a~/#%:?;[]@ \t\r\n2F") | st.characters(), max_size=12)


@given(uri_text)
def test_a_bare_fragment_splits_as_urllib_splits_it(text):
    """`_split_reference` answers a fragment with no base itself, without `urllib.parse`."""
    assert _split_reference("", "#" + text) == tuple(urldefrag("#" + text))
    assert unquote_fragment(text) == unquote(text)
    assert _scheme("") == urlsplit("").scheme
