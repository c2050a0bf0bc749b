"""Offer the generator the words a schema itself uses, so generated calls read like calls.

hypothesis draws a free string from all of ASCII, and a report's examples read `"\\u0019"`
or `"`F&4H|I#}ik2"`. A schema usually says what its strings look like: `examples`, a
`default`, a description ("Labels for triage."). For generation only, each plain string
subschema (a `type` and string keywords, no fixed value: `enum` and `const` are drawn as
they are) is given a format of its own, whose strategy mostly draws those words, and
otherwise what the subschema would have given (`strategies`); the report then shows the
most readable near miss it has. A format, rather than an `anyOf` of words and the
subschema, because hypothesis-jsonschema merges an `anyOf` again on every draw of the
object around it, which doubles the time a tool takes.

Only words the subschema accepts (by the boundary's own validator: formats and patterns
included) are offered, so everything drawn is a value the original schema accepts; the
boundary, and so how each near miss is classified, never sees the rewrite. A string
with no word of its own borrows its parent's: the items of `tags` take the words of `tags`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from schema_lint.boundary.compiled import CompiledSchema
from schema_lint.schema.keywords import ANNOTATIONS
from schema_lint.schema.pointer import split
from schema_lint.schema.walk import SchemaNode, walk

# Offered per string, at most; more would only dilute what hypothesis draws from.
OFFERED = 8
# Draws of an offered word for each draw of what the string would have given: with one
# for one, an array of five strings rarely starts with a word, and its first element is
# the one a report shows. hypothesis picks among `one_of` branches alike, and counts a
# strategy given twice once, so the words come as this many distinct branches.
WORD_DRAWS = 3
# What a plain string subschema holds: it can be drawn from on its own, outside its document.
_PLAIN_STRING = ANNOTATIONS | {"type", "minLength", "maxLength", "pattern", "format", "contentEncoding",
                               "contentMediaType"}
# Printable ASCII, short enough to be read whole in a report.
_LITERAL = re.compile(r"[ -~]{1,40}")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*")
_FILLER = frozenset({"the", "and", "for", "with", "from", "that", "this", "into", "when", "which", "are", "not",
                     "its", "any", "all", "one"})
# A word of prose in the shape a format asks for: `notify` → `notify@example.com`.
_SHAPES = {"email": "{}@example.com", "idn-email": "{}@example.com", "hostname": "{}.example.com",
           "idn-hostname": "{}.example.com", "uri": "https://example.com/{}", "iri": "https://example.com/{}",
           "uri-reference": "https://example.com/{}", "iri-reference": "https://example.com/{}"}
_FORMAT = "x-schema-lint-words-{}"


@dataclass(frozen=True)
class Offered:
    """The schema to draw from, and for each format it names, the words and the subschema it stands for."""

    schema: Any
    formats: dict[str, tuple[list[str], dict]] = field(default_factory=dict)

    def strategies(self, draw_plain: Callable[[dict], st.SearchStrategy[Any]]) -> dict[str, st.SearchStrategy[str]]:
        """Custom formats for hypothesis-jsonschema: a word, or what `draw_plain(subschema)` draws.

        `draw_plain` is called at the first draw, where the generator's warnings are silenced.
        """
        return {name: st.one_of(*(st.sampled_from(words) for _ in range(WORD_DRAWS)),
                                # A default binds each format's schema, which mypy infers no lambda with.
                                st.deferred(lambda plain=plain: draw_plain({**plain, "type": "string"})))  # type: ignore[misc]
                for name, (words, plain) in self.formats.items()}


def offer_words(schema: CompiledSchema) -> Offered:
    """`schema.schema`, with each plain string that has words to offer given a format that offers them."""
    offers = list(_offers(schema))
    if not offers:
        return Offered(schema.schema)
    copy = json.loads(json.dumps(schema.schema))
    formats = {}
    for index, (pointer, words) in enumerate(offers):
        node = copy
        for token in split(pointer):
            node = node[int(token) if isinstance(node, list) else token]
        formats[_FORMAT.format(index)] = (words, dict(node))
        node["format"] = _FORMAT.format(index)
    return Offered(copy, formats)


def _offers(schema: CompiledSchema) -> Iterator[tuple[str, list[str]]]:
    """(pointer, accepted words) for every plain string subschema with something to offer."""
    candidates: dict[str, list[str]] = {}
    for node in walk(schema.schema, ""):
        inherited = candidates.get(node.parent.pointer, []) if node.parent is not None else []
        candidates[node.pointer] = list(dict.fromkeys([*_own_words(node), *inherited]))[: 2 * OFFERED]
        if node.pointer and "string" in node.types and set(node.schema) <= _PLAIN_STRING:
            accepted = [word for word in candidates[node.pointer] if schema.accepts("#" + node.pointer, word)]
            if accepted:
                yield node.pointer, accepted[:OFFERED]


def _own_words(node: SchemaNode) -> list[str]:
    """Its examples and default as written, then the words of its description and title,
    in the shape its format asks for."""
    literals = [text for key in ("examples", "example", "default") for text in _strings(node.get(key))
                if _LITERAL.fullmatch(text)]
    prose = " ".join(text for key in ("description", "title") if isinstance(text := node.get(key), str))
    words = [word.lower() for word in _WORD.findall(prose) if len(word) >= 3 and word.lower() not in _FILLER]
    wanted = node.get("format")
    shape = _SHAPES.get(wanted, "{}") if isinstance(wanted, str) else "{}"
    return [*literals, *(shape.format(word) for word in words)]


def _strings(value: Any) -> list[str]:
    """The strings of an annotation: itself, or those of a list (an array's examples hold lists)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []
