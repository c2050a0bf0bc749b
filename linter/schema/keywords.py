"""Which keywords each JSON Schema draft knows, and which draft a schema declares.

SL004 uses this to tell a typo (`maxlength`) or a keyword of another draft
(`dependencies` in a 2020-12 schema, which 2020-12 validators silently ignore) from a
keyword a validator will actually enforce. Providers also accept OpenAPI and Gemini
fields (`nullable`, `discriminator`, `propertyOrdering`…), so those count as known
everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Applicators: keywords whose value is one subschema, a list of them, or a name → subschema
# map. The schema walk, the dialect translation and the boundary all descend through these.
SINGLE_SCHEMA = ("additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems",
                 "contains", "propertyNames", "not", "if", "then", "else", "contentSchema")
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")


def map_subschemas(schema: dict, function: Callable[[str, Any], Any]) -> dict:
    """A copy of `schema` with `function(keyword, subschema)` in place of each direct subschema.

    The one-level rebuild that dialect translation and the fuzzer's schema rewrites share.
    """
    out: dict[str, Any] = {}
    for keyword, value in schema.items():
        if keyword in SINGLE_SCHEMA or (keyword == "items" and isinstance(value, (dict, bool))):
            value = function(keyword, value)
        elif (keyword in SCHEMA_MAPS or keyword == "dependencies") and isinstance(value, dict):
            value = {name: function(keyword, sub) if isinstance(sub, (dict, bool)) else sub
                     for name, sub in value.items()}
        elif (keyword in SCHEMA_LISTS or keyword == "items") and isinstance(value, list):
            value = [function(keyword, sub) for sub in value]
        out[keyword] = value
    return out

_DRAFT4 = frozenset({
    "$schema", "id", "$ref", "title", "description", "default", "multipleOf", "maximum",
    "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
    "additionalItems", "items", "maxItems", "minItems", "uniqueItems", "maxProperties",
    "minProperties", "required", "additionalProperties", "definitions", "properties",
    "patternProperties", "dependencies", "enum", "type", "allOf", "anyOf", "oneOf", "not", "format",
})
_DRAFT6 = (_DRAFT4 - {"id"}) | {"$id", "examples", "const", "contains", "propertyNames"}
_DRAFT7 = _DRAFT6 | {"$comment", "if", "then", "else", "readOnly", "writeOnly", "contentMediaType",
                     "contentEncoding"}
_DRAFT2019 = (_DRAFT7 - {"dependencies"}) | {
    "$defs", "$anchor", "$recursiveRef", "$recursiveAnchor", "$vocabulary", "dependentRequired",
    "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "maxContains", "minContains",
    "deprecated", "contentSchema",
}
_DRAFT2020 = (_DRAFT2019 - {"$recursiveRef", "$recursiveAnchor", "additionalItems"}) | {
    "$dynamicRef", "$dynamicAnchor", "prefixItems",
}

DRAFT_KEYWORDS: dict[str, frozenset[str]] = {
    "draft-04": _DRAFT4, "draft-06": _DRAFT6, "draft-07": _DRAFT7,
    "2019-09": _DRAFT2019, "2020-12": _DRAFT2020,
}
# Known to every dialect here: definition containers (a `$ref` reaches them by JSON
# pointer whatever the draft calls them), annotations, and the OpenAPI 3 / Gemini
# schema fields that tool providers accept.
EVERYWHERE = frozenset({
    "$defs", "definitions", "title", "description", "default", "examples", "example", "$comment",
    "deprecated", "readOnly", "writeOnly", "contentEncoding", "contentMediaType", "format",
    "nullable", "discriminator", "xml", "externalDocs", "propertyOrdering",
})
ALL_KEYWORDS = frozenset().union(*DRAFT_KEYWORDS.values(), EVERYWHERE)
# What `known_keywords` answers for each draft, joined once: SL004 asks for every tool.
_KNOWN_IN = {draft: keywords | EVERYWHERE for draft, keywords in DRAFT_KEYWORDS.items()}
# Gemini's API is protobuf-based, and protobuf's JSON mapping also accepts each field's
# original snake_case name, so in a Gemini declaration `any_of` is `anyOf`.
GEMINI_PROTO_NAMES = frozenset({"any_of", "max_items", "min_items", "max_length", "min_length",
                                "max_properties", "min_properties", "property_ordering"})
# Keywords that only annotate: renaming a typo into one of these changes no verdict.
ANNOTATIONS = frozenset({"title", "description", "default", "examples", "example", "$comment",
                         "deprecated", "readOnly", "writeOnly"})

_DIALECT_URIS = {
    "json-schema.org/draft-04/schema": "draft-04",
    "json-schema.org/draft-06/schema": "draft-06",
    "json-schema.org/draft-07/schema": "draft-07",
    "json-schema.org/draft/2019-09/schema": "2019-09",
    "json-schema.org/draft/2020-12/schema": "2020-12",
}


def declared_draft(schema: Any) -> str | None:
    """The draft a schema's `$schema` names; None when it names none we know."""
    uri = schema.get("$schema") if isinstance(schema, dict) else None
    if not isinstance(uri, str):
        return None
    bare = uri.split("://", 1)[-1].split("#", 1)[0].rstrip("/")
    return _DIALECT_URIS.get(bare)


def known_keywords(draft: str | None) -> frozenset[str]:
    """Keywords a schema of `draft` may use; with no declared draft, any draft's."""
    if draft is None:
        return ALL_KEYWORDS
    return _KNOWN_IN[draft]


def drafts_knowing(keyword: str) -> list[str]:
    return [draft for draft, keywords in DRAFT_KEYWORDS.items() if keyword in keywords]
