"""Translate non-standard schema dialects into JSON Schema.

Real tool definitions are not always JSON Schema: BFCL writes ``"type": "dict"`` and
``"float"``, Gemini writes ``"STRING"``, code generators leak Java and JavaScript type
names. A validator refuses such a schema outright, so the boundary, the linter's SL005
fix and the fuzz and replay commands all translate it first, with this one table:

=============================================================  ==============
written                                                        becomes
=============================================================  ==============
``dict``, ``object``, ``Object``, ``map``, ``Map``,            ``object``
``HashMap``, ``Hashtable``, ``Dictionary``
``float``, ``double``, ``number``, ``Float``, ``Double``,      ``number``
``Number``, ``BigDecimal``, ``decimal``
``int``, ``integer``, ``long``, ``short``, ``byte``,           ``integer``
``Integer``, ``Long``, ``Short``, ``Byte``, ``BigInteger``
``str``, ``string``, ``char``, ``String``, ``Character``       ``string``
``list``, ``tuple``, ``array``, ``set``, ``Array``, ``List``,  ``array``
``ArrayList``, ``LinkedList``, ``Set``, ``HashSet``
``bool``, ``boolean``, ``Boolean``                             ``boolean``
``null``, ``None``, ``NoneType``                               ``null``
``any``, ``Any``, ``""``, ``TYPE_UNSPECIFIED``                 ``type`` removed
upper case (``STRING``, ``OBJECT``, ``NUMBER``, …)             lower case
=============================================================  ==============

Gemini and OpenAPI 3.0 also mark optional values with ``"nullable": true``; that
becomes ``"null"`` added to ``type``. A name the table does not know is left as it is,
so the schema stays invalid and the linter can point at it: guessing what ``"Date"``
meant would hide a real mistake.
"""

from __future__ import annotations

from typing import Any

_TYPE_NAMES: dict[str, str | None] = {}
for _target, _names in {
    "object": ("dict", "object", "map", "hashmap", "hashtable", "dictionary"),
    "number": ("float", "double", "number", "bigdecimal", "decimal"),
    "integer": ("int", "integer", "long", "short", "byte", "biginteger"),
    "string": ("str", "string", "char", "character"),
    "array": ("list", "tuple", "array", "set", "arraylist", "linkedlist", "hashset"),
    "boolean": ("bool", "boolean"),
    "null": ("null", "none", "nonetype"),
    None: ("any", "", "type_unspecified"),
}.items():
    for _name in _names:
        _TYPE_NAMES[_name] = _target

# Keywords whose value is one subschema, a list of them, or a name → subschema map.
_ONE = ("items", "additionalProperties", "additionalItems", "contains", "propertyNames",
        "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties")
_MANY = ("allOf", "anyOf", "oneOf", "prefixItems")
_NAMED = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def normalize_dialect(schema: Any) -> Any:
    """Return a copy of ``schema`` with every ``type`` written as JSON Schema spells it.

    Pure: the input is not modified, and a schema already in JSON Schema comes back
    equal to itself. Only ``type`` (and Gemini's ``nullable``) is touched, at every depth.
    """
    if isinstance(schema, list):  # draft-04 tuple form of ``items``
        return [normalize_dialect(member) for member in schema]
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    if "type" in out:
        normalized = _normalize_type(out["type"])
        if normalized is None:
            del out["type"]
        else:
            out["type"] = normalized
    if out.get("nullable") is True and "type" in out:
        del out["nullable"]
        types = out["type"] if isinstance(out["type"], list) else [out["type"]]
        out["type"] = types if "null" in types else [*types, "null"]
    for key in _ONE:
        if key in out:
            out[key] = normalize_dialect(out[key])
    for key in _MANY:
        if isinstance(out.get(key), list):
            out[key] = [normalize_dialect(member) for member in out[key]]
    for key in _NAMED:
        if isinstance(out.get(key), dict):
            out[key] = {name: normalize_dialect(member) for name, member in out[key].items()}
    return out


def _normalize_type(written: Any) -> Any:
    """Map one ``type`` value; ``None`` means "drop the keyword" (any value is allowed)."""
    if isinstance(written, list):
        mapped = [_normalize_type(name) for name in written]
        if any(name is None for name in mapped):
            return None
        return list(dict.fromkeys(mapped))
    if not isinstance(written, str):
        return written
    return _TYPE_NAMES.get(written.lower(), written)
