"""Which keywords each JSON Schema draft knows, and which draft a schema declares.

SL004 uses this to tell a typo (`maxlength`) or a keyword of another draft
(`dependencies` in a 2020-12 schema, which 2020-12 validators silently ignore) from a
keyword a validator will actually enforce. Providers also accept OpenAPI and Gemini
fields (`nullable`, `discriminator`, `propertyOrdering`…), so those count as known
everywhere.
"""

from __future__ import annotations

from typing import Any

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
    return DRAFT_KEYWORDS[draft] | EVERYWHERE


def drafts_knowing(keyword: str) -> list[str]:
    return [draft for draft, keywords in DRAFT_KEYWORDS.items() if keyword in keywords]
