"""A `format` that no JSON Schema draft, provider or common generator defines.

## What it does
Flags a `format` value outside the formats of JSON Schema (drafts 4 to 2020-12), of
OpenAPI 3 and Gemini (`int32`, `int64`, `float`, `double`, `byte`, `binary`,
`password`, `enum`), and of the generators tool schemas come from (pydantic's `path`,
`file-path`, `ipvanyaddress`…, schemars' `uint32`, `int8`…). Case, `-`, `_` and spaces are ignored when matching, so
`datetime`, `Date_Time` and `e-mail` are recognised as near misses of `date-time` and
`email`; `url` is `uri` and `guid` is `uuid`.

## Why is this bad
Validators ignore a format they do not know: `"format": "datetime"` asserts nothing, so
the boundary accepts `"next tuesday"` where the author meant an ISO date-time, and the
model is told nothing it can rely on.

## Example
```json
{"type": "string", "format": "datetime"}
```
Use instead:
```json
{"type": "string", "format": "date-time"}
```

## Fix safety
Unsafe (tightening): once the format is one validators know, values that do not match it
are rejected. The fix is offered only when the misspelling has exactly one known
spelling, and never when the field's own `default`, `examples`, `enum` or `const` would
then be rejected, nor when its words give values in another layout or form (`format:
"Date"` described "(MM/DD/YYYY)", `"Time"` described "HH:MM", an IP address format whose
words name the other family: "IPv6 address (plain IPv4 accepted)"), or name ISO 8601 for a
`date-time` (which takes a date alone, or a time with no offset, as `date-time` does not).
A synonym (`url`, `guid`) is another word, not a misspelling, and may name a looser form (a
.NET GUID in braces, a URL with spaces the tool encodes): its respelling is a suggestion
unless the field's own values (a default, example or quoted value) are in the format.
"""

from __future__ import annotations

from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.prose.field_prose import names_iso, refutes_format, supports_format
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label
from schema_lint.text.display import clip

CODE = "SL016"
NAME = "unknown-format"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = True
KEYWORDS = ("format",)

# JSON Schema's formats, every draft (https://json-schema.org/draft/2020-12/json-schema-validation#section-7.3
# and the drafts before it, draft-03's names included).
JSON_SCHEMA_FORMATS = frozenset("""
date-time date time duration email idn-email hostname idn-hostname ipv4 ipv6 uri uri-reference
iri iri-reference uuid uri-template json-pointer relative-json-pointer regex
host-name ip-address utc-millisec color style phone
""".split())
# OpenAPI 3 data types (https://spec.openapis.org/oas/v3.0.3#data-types) and Gemini's
# Schema.format ("enum" for an enumerated string).
PROVIDER_FORMATS = frozenset("int32 int64 float double byte binary password enum".split())
# What generators emit on purpose as annotations: pydantic (Path, FilePath, network types);
# schemars, the Rust MCP SDK's (rmcp) generator, on every integer, each unsigned one with
# `minimum: 0` beside it (https://github.com/GREsau/schemars, json_schema_impls/primitives.rs).
GENERATOR_FORMATS = frozenset("""
path file-path directory-path new-path multi-host-uri ipvanyaddress ipvanyinterface ipvanynetwork
ipv4network ipv6network ipv4interface ipv6interface
int int8 int16 int128 uint uint8 uint16 uint32 uint64 uint128
""".split())
KNOWN_FORMATS = JSON_SCHEMA_FORMATS | PROVIDER_FORMATS | GENERATOR_FORMATS
# Other words for a known format, which spelling alone cannot tell.
_SYNONYMS = {"url": "uri", "guid": "uuid", "ip": None}
_NORMALIZED: dict[str, set[str]] = {}
for _known in sorted(JSON_SCHEMA_FORMATS | PROVIDER_FORMATS):
    _NORMALIZED.setdefault(_known.replace("-", ""), set()).add(_known)


def known_spelling(written: str) -> str | None:
    """The one known format `written` misspells (case, separators, a synonym), or None."""
    squeezed = "".join(c for c in written.lower() if c not in "-_ ")
    if squeezed in _SYNONYMS:
        return _SYNONYMS[squeezed]
    found = _NORMALIZED.get(squeezed, set())
    return next(iter(found)) if len(found) == 1 else None


def check(ctx):
    for node in ctx.with_keyword("format"):
        written = node.get("format")
        if not isinstance(written, str) or written in KNOWN_FORMATS:
            continue
        pointer = join(node.pointer, "format")
        meant = known_spelling(written)
        if meant is None:
            yield Finding(pointer, f"`{label(node)}` has format {clip(written)!r}, which no draft or provider "
                                   "defines: validators ignore it, so it asserts nothing")
            continue
        fix, why_not = None, ""
        if refutes_format(node.worded_schema, meant) or (
                meant == "date-time" and names_iso(node.description) and not supports_format(node.worded_schema, meant)):
            why_not = f"; no fix: the words give values not in `{meant}` format"
        elif _own_values_pass(node.schema, meant):
            respell = (Operation("replace", pointer, meant),)
            if _is_synonym(written) and not supports_format(node.worded_schema, meant):
                # Another word, not a misspelling: a .NET GUID may come in braces, a "url" may hold
                # spaces the tool encodes; `uuid` and `uri` refuse both.
                fix = Fix(f"spell the format `{meant}` (`{written}` may name a looser form: confirm it)",
                          FixSafety.SUGGESTION, respell)
            else:
                fix = Fix(f"spell the format `{meant}`", FixSafety.UNSAFE, respell)
        yield Finding(pointer, f"`{label(node)}` has format {clip(written)!r}: did you mean `{meant}`? "
                               f"Validators ignore an unknown format, so it asserts nothing{why_not}", fix=fix)


def _is_synonym(written: str) -> bool:
    return "".join(c for c in written.lower() if c not in "-_ ") in _SYNONYMS


def _own_values_pass(schema: dict, meant: str) -> bool:
    """Whether the field's own `default`, `examples`, `enum` and `const` satisfy `meant`."""
    import jsonschema_rs

    values = [schema[k] for k in ("default", "const") if k in schema]
    for key in ("examples", "enum"):
        if isinstance(schema.get(key), list):
            values.extend(schema[key])
    if not values:
        return True
    validator = jsonschema_rs.validator_for({"format": meant}, validate_formats=True)
    return all(validator.is_valid(value) for value in values)
