"""Translate non-standard schema dialects into JSON Schema.

Real tool definitions are not always JSON Schema: BFCL writes ``"type": "dict"`` and
``"float"``, Gemini writes ``"STRING"``, code generators leak Java and JavaScript type
names. A validator refuses such a schema outright, so the boundary, the linter's rules
(SL005 and its fix, SL008, and every rule that asks what type a node declares) and the
fuzz and replay commands all read it through this one table:

=============================================================  ==============
written                                                        becomes
=============================================================  ==============
``dict``, ``object``, ``obj``, ``Object``, ``map``, ``Map``,   ``object``
``HashMap``, ``Hashtable``, ``Dictionary``
``float``, ``double``, ``number``, ``Float``, ``Double``,      ``number``
``Number``, ``BigDecimal``, ``decimal``
``int``, ``integer``, ``long``, ``short``, ``byte``,           ``integer``
``Integer``, ``Long``, ``Short``, ``Byte``, ``BigInteger``
``str``, ``string``, ``text``, ``char``, ``String``,           ``string``
``Character``
``list``, ``tuple``, ``array``, ``set``, ``Array``, ``List``,  ``array``
``ArrayList``, ``LinkedList``, ``Set``, ``HashSet``
``bool``, ``boolean``, ``Boolean``                             ``boolean``
``null``, ``None``, ``NoneType``                               ``null``
``any``, ``Any``, ``""``, ``TYPE_UNSPECIFIED``                 ``type`` removed
upper case (``STRING``, ``OBJECT``, ``NUMBER``, …)             lower case
=============================================================  ==============

Gemini's ``parameters`` are an OpenAPI 3.0 schema, which marks a value that may be null
with ``"nullable": true``; asked for that dialect (``openapi=True``), it becomes
``"null"`` added to ``type``. Everywhere else ``nullable`` is not a JSON Schema keyword:
a standard validator ignores it and rejects ``null``, so the translation must too, or
the boundary would accept what the schema (and every other validator) refuses. Gemini's
``Schema`` is also a protocol buffer message written in protobuf's JSON mapping, which
spells its int64 fields as strings (``"maxItems": "3"``) and its ``enum`` as strings even
for an ``INTEGER`` (``"enum": ["101", "201"]``): in that dialect those strings are read
as the numbers they stand for (`gemini_numbers`). A name the table does not know is left as it is,
so the schema stays invalid and the linter can point at it: guessing what ``"Date"``
meant would hide a real mistake.
"""

from __future__ import annotations

from typing import Any

from schema_lint.schema.keywords import map_subschemas
from schema_lint.text.lazy_pattern import lazy_compile

_TYPE_NAMES: dict[str, str | None] = {}
for _target, _names in {
    "object": ("dict", "object", "obj", "map", "hashmap", "hashtable", "dictionary"),
    "number": ("float", "double", "number", "bigdecimal", "decimal"),
    "integer": ("int", "integer", "long", "short", "byte", "biginteger"),
    "string": ("str", "string", "text", "char", "character"),
    "array": ("list", "tuple", "array", "set", "arraylist", "linkedlist", "hashset"),
    "boolean": ("bool", "boolean"),
    "null": ("null", "none", "nonetype"),
    None: ("any", "", "type_unspecified"),
}.items():
    for _name in _names:
        _TYPE_NAMES[_name] = _target

STANDARD_TYPES = frozenset({"object", "array", "string", "number", "integer", "boolean", "null"})


def standard_type(name: str) -> str | None:
    """JSON Schema's name for a declared type, tolerating dialects (None: any value, or unknown)."""
    return _TYPE_NAMES.get(name.lower())


def understood_type(name: str) -> bool:
    """Whether the table knows `name` (`standard_type` None then means "any value")."""
    return name.lower() in _TYPE_NAMES


def means_any(name: str) -> bool:
    """`any`, `""` and the like: a declared type that constrains nothing."""
    return understood_type(name) and standard_type(name) is None

# Gemini's `Schema` fields of type int64, which protobuf's JSON mapping writes as a string
# (Vertex AI REST reference, `Schema`: "minItems: string (int64 format)", likewise maxItems,
# minLength, maxLength, minProperties, maxProperties; https://cloud.google.com/vertex-ai/
# generative-ai/docs/reference/rest/v1/Schema, and https://protobuf.dev/programming-guides/
# json/: "int64, fixed64, uint64: JSON value will be a decimal string"). Its `enum` is a
# `string[]` whatever the type; the same reference's example: "We can define apartment
# number as: {type:INTEGER, format:enum, enum:["101", "201", "301"]}".
_INT64_KEYWORDS = ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties")
_INT64_TEXT = lazy_compile(r"-?[0-9]{1,18}")
_NUMBER_TEXT = lazy_compile(r"-?[0-9]{1,18}(?:\.[0-9]{1,18})?(?:[eE][-+]?[0-9]{1,3})?")


def normalize_dialect(schema: Any, openapi: bool = False) -> Any:
    """Return a copy of ``schema`` with every ``type`` written as JSON Schema spells it.

    Pure: the input is not modified, and a schema already in JSON Schema comes back
    equal to itself. Only ``type`` (and, with ``openapi``, ``nullable``, the strings
    `gemini_numbers` reads and OpenAPI 3.0's boolean ``exclusiveMinimum`` and
    ``exclusiveMaximum``) is touched, at every depth.
    """
    if not isinstance(schema, dict):
        return schema
    out = map_subschemas(schema, lambda _keyword, sub: normalize_dialect(sub, openapi))
    if "type" in out:
        normalized = normalized_type(out["type"])
        if normalized is None:
            del out["type"]
        else:
            out["type"] = normalized
    if openapi:
        out.update(gemini_numbers_at(out))
        _exclusive_bounds(out)
    if openapi and out.get("nullable") is True and "type" in out:
        del out["nullable"]
        types = out["type"] if isinstance(out["type"], list) else [out["type"]]
        out["type"] = types if "null" in types else [*types, "null"]
    return out


def _exclusive_bounds(schema: dict) -> None:
    """OpenAPI 3.0's ``exclusiveMinimum: true`` beside ``minimum: 0`` (draft-04's form) written as
    JSON Schema's ``exclusiveMinimum: 0``; ``false`` dropped. Left as a boolean, the validator
    refuses the schema, and every call to the tool with it. (OpenAPI 3.0's Schema Object takes
    both from JSON Schema Validation Wright draft 00, where each is a boolean beside its bound:
    https://spec.openapis.org/oas/v3.0.3#schema-object; 3.1 and Gemini's `Schema` have no
    boolean form.)"""
    for exclusive, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        flag = schema.get(exclusive)
        if not isinstance(flag, bool):
            continue
        del schema[exclusive]
        if flag and isinstance(schema.get(bound), (int, float)) and not isinstance(schema[bound], bool):
            schema[exclusive] = schema.pop(bound)


def gemini_numbers(schema: Any) -> Any:
    """A copy of a Gemini ``parameters`` schema with the numbers its protobuf JSON writes as
    strings read as numbers (`_INT64_KEYWORDS`, and the `enum` of an integer or a number),
    nothing else changed: what the linter's own readings of that dialect judge."""
    if not isinstance(schema, dict):
        return schema
    out = map_subschemas(schema, lambda _keyword, sub: gemini_numbers(sub))
    out.update(gemini_numbers_at(out))
    return out


def gemini_numbers_at(schema: dict) -> dict[str, Any]:
    """The keywords of one Gemini subschema that hold numbers written as strings, read as
    numbers. An `enum` is read only when every member is a numeral of the declared type: a
    list with a word in it stays as written, for the linter to report."""
    read: dict[str, Any] = {}
    for keyword in _INT64_KEYWORDS:
        written = schema.get(keyword)
        if isinstance(written, str) and _INT64_TEXT.fullmatch(written):
            read[keyword] = int(written)
    members = schema.get("enum")
    declared = normalized_type(schema.get("type"))
    kinds = [name for name in (declared if isinstance(declared, list) else [declared]) if name != "null"]
    if isinstance(members, list) and members and kinds in (["integer"], ["number"]):
        numeral = _INT64_TEXT if kinds == ["integer"] else _NUMBER_TEXT
        if all(isinstance(member, str) and numeral.fullmatch(member) for member in members):
            read["enum"] = [_number(member) for member in members]
    return read


def _number(numeral: str) -> int | float:
    """A numeral's value, an integer where it is written as one."""
    return int(numeral) if _INT64_TEXT.fullmatch(numeral) else float(numeral)


def is_openapi_dialect(tool_format: str, schema_pointer: str) -> bool:
    """Whether a tool's schema is written in OpenAPI 3.0's dialect: a Gemini declaration's
    ``parameters`` (its ``parametersJsonSchema`` takes JSON Schema)."""
    return tool_format == "gemini_function_declaration" and schema_pointer.endswith("/parameters")


def normalized_type(written: Any) -> Any:
    """One ``type`` value as ``normalize_dialect`` writes it; ``None`` means "drop the keyword"
    (any value is allowed)."""
    if isinstance(written, list):
        if not all(isinstance(name, str) for name in written):
            return written  # draft 3's schemas among the names: no dialect of ours; left to the validator
        mapped = [normalized_type(name) for name in written]
        if any(name is None for name in mapped):
            return None
        return list(dict.fromkeys(mapped))
    if not isinstance(written, str):
        return written
    return _TYPE_NAMES.get(written.lower(), written)
