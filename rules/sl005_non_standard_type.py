"""A `type` spelled as a programming language spells it, not as JSON Schema does.

## What it does
Flags `type` names that are not JSON Schema's seven but have an obvious meaning:
Python's `dict`, `float`, `int`, `str`, `list`, `tuple`, `bool`, `any`; Java and
JavaScript names such as `String`, `Integer`, `HashMap`, `ArrayList`, `long`, `double`;
an empty `""`. Gemini's upper-case names (`STRING`, `OBJECT`) are that API's own
spelling and are accepted in a Gemini declaration's `parameters` (and wherever the
`gemini` profile is on), flagged elsewhere.
Names with no obvious meaning (`Date`) are left to SL001.

A BFCL function file is written in that dialect on purpose (BFCL's harness maps the names
before it sends a tool): there the rule reports the dialect once, at the file's first BFCL
tool, as an info with the whole mapping and how many tools use it (`dict` → `object`
×2,431, `float` → `number` ×1,020 …), not once per node; a type no table maps is still
reported where it is. `any` (or `""`) on a property is reported as "give it a type", the
advice SL203 gives a property that accepts anything, in place of SL203's finding:
removing `type` would leave what SL203 flags (in a BFCL file `any` is the format's word,
and SL203 alone asks for a type).

## Why is this bad
A standard validator refuses the schema (`"dict" is not valid under any of the
schemas`), and providers that pass it on leave the model to guess what the type means.

## Example
```json
{"type": "dict", "properties": {"ratio": {"type": "float"}, "payload": {"type": "any"}}}
```
Use instead:
```json
{"type": "object", "properties": {"ratio": {"type": "number"}, "payload": {"type": "object"}}}
```

## Fix safety
Unsafe: a standard validator rejects the schema before the fix and validates calls
after it, so the set of accepted calls changes (from none to the intended ones). The
fix writes JSON Schema's name (per node: the once-per-file BFCL finding has no fix, as
BFCL's own harness reads the file); `any` and `""` remove `type`, which is how JSON Schema
says "any value", except on a property, where which type was meant is for a person to
say (no fix). A `type` list that also holds an unknown name gets no fix, nor does a name
read as a number whose words say the value is sent as text ("a decimal string, e.g. '19.99'",
"Base64-encoded bytes" of `byte`). Where the words offer values the JSON Schema name refuses
("Sampling temperature, or 'auto'" of a `float`, "a JSON-encoded string of one" of a `dict`,
"fractions like 0.5" of an `int`, "'Infinity' disables the alert" of a `Number`, "null resets
to the default" or Python's "None disables the limit" of an `Integer`, "use max for the
largest" of an `int`, "(1/0 accepted)" of a `bool`, "a list of such objects" of a `dict`) or take other forms ("'yes'/'no' are accepted too" of a
`bool`, "numeric values are accepted and zero-padded" of a `str`), the respelling is a
suggestion.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import lru_cache

from schema_lint.model import Fix, FixSafety, Operation, Severity, Tool
from schema_lint.prose.field_prose import described_values, offers_other_forms
from schema_lint.schema.pointer import join
from schema_lint.profiles import GEMINI
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.dialect import STANDARD_TYPES, means_any, standard_type, understood_type
from schema_lint.schema.walk import SchemaNode, label, walk
from schema_lint.text.lazy_pattern import lazy_compile

CODE = "SL005"
NAME = "non-standard-type"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.ERROR
FIXABLE = True
BFCL = "bfcl_function"


def check(ctx):
    bfcl = ctx.tool.format == BFCL
    if bfcl and ctx.tool is _first_bfcl_tool(ctx.group or (ctx.tool,)):
        yield from _bfcl_dialect(ctx)
    for node, advice, fix, untyped in _odd_types(ctx.with_keyword("type"), ctx.profiles):
        if untyped:
            if not bfcl:  # in BFCL's dialect `any` is that format's word; SL203 asks for a type
                yield Finding(node.pointer, f"property `{label(node)}` accepts any JSON value: {advice}; "
                              "give it a type", supersedes=("SL203",))
        elif not bfcl or fix is None:
            yield Finding(_type_pointer(node), f"non-standard type in `{label(node)}`: {advice}", fix=fix)


def _odd_types(nodes: Iterable[SchemaNode], profiles: frozenset[str]) -> Iterator[tuple[SchemaNode, str, Fix | None, bool]]:
    """Each node whose `type` holds a dialect's name: the advice, the fix, and whether it is a
    property declared as "any value" (SL203's advice, give it a type, is then this rule's)."""
    gemini = GEMINI in profiles
    for node in nodes:
        declared = node.get("type")
        if isinstance(declared, str):
            if declared in STANDARD_TYPES:
                continue  # the usual case, decided without building a tuple
            names: tuple[str, ...] = (declared,)
        elif isinstance(declared, list) and all(isinstance(name, str) for name in declared):
            names = tuple(declared)
        else:
            continue
        judged = _judged(names, gemini)
        if judged is None:
            continue
        if node.is_property and isinstance(declared, str) and means_any(declared):
            yield node, f"`{_shown(declared)}` is not a JSON Schema type", None, True
            continue
        advice, fixable = judged
        if fixable and _sent_as_a_string(node, names):
            shown = ", ".join(f"`{_shown(name)}`" for name in names if name not in STANDARD_TYPES)
            advice = (f"{shown} is not a JSON Schema type; the words say the value is sent as a string, so use "
                      "`string` (the name reads as a number, which would refuse it)")
            fixable = False
        fix = _fix(_type_pointer(node), declared) if fixable else None
        other = _other_type_offered(node, names) if fix is not None else ""
        if fix is not None and other:
            fix = fix._replace(description=f"{fix.description} (but the words offer {other}: confirm the type)",
                               safety=FixSafety.SUGGESTION)
        yield node, advice, fix, False


# "Money amount as a decimal string, e.g. '19.99'", "sent as a string to avoid float rounding",
# "Base64-encoded bytes": a `decimal`, `BigDecimal` or `byte` written as text.
_AS_A_STRING = lazy_compile(r"\b(?:decimal|numeric|number)\s+strings?\b|\bas\s+(?:an?\s+)?(?:\w+\s+)?strings?\b|"
                            r"\bbase-?64\b|-encoded\b", re.I)


def _sent_as_a_string(node: SchemaNode, names: tuple[str, ...]) -> bool:
    """Whether a type name read as a number is one the words say is sent as text."""
    description = node.description
    return (isinstance(description, str) and any(standard_type(name) in ("number", "integer") for name in names)
            and _AS_A_STRING.search(description) is not None)


def _other_type_offered(node: SchemaNode, names: tuple[str, ...]) -> str:
    """What the words offer that the JSON Schema type of these names refuses, or "": a quoted
    word offered beside a number or a flag ("Sampling temperature, or 'auto'", "true/false, or
    'yes'/'no'"), text where the name reads as a
    number, a flag, an object or a list ("or the string 'inf'", "a JSON-encoded string of
    one", "or a single comma-separated string"), a fraction where it reads as an integer
    ("fractions like 0.5 are allowed"). The name says what the author's language typed; the
    words, what callers send."""
    description = node.description
    kinds = {kind for kind in map(standard_type, names) if kind is not None}
    meant = kinds - {"null"}
    if not isinstance(description, str) or not meant:
        return ""
    if offers_other_forms(description):
        return "other forms"  # "true/false; "yes"/"no" are accepted too", "numeric values are accepted"
    if "null" not in kinds and _NULL_OFFERED.search(description):
        return "null"  # "null resets to the default", Python's "None disables the limit"
    meant -= {"string"}
    if not meant:
        return ""
    if _TEXT_OFFERED.search(description):
        return "text"
    if "array" in meant and _ONE_OFFERED.search(description):
        return "a single value"
    if "object" in meant and "array" not in meant and _SEVERAL_OFFERED.search(description):
        return "a list of them"  # "Filter object; a list of such objects is ANDed"
    if meant == {"boolean"} and {0, 1} & {value for value in described_values(description)
                                           if type(value) in (int, float)}:
        return "numbers"  # "Verbose output (1/0 accepted)"
    quoted = [value for value in (next(filter(None, match.groups()), "")
                                  for match in _QUOTED_ALTERNATIVE.finditer(description))
              if not any(_reads_as(value, kind) for kind in meant)]
    if quoted:
        return json.dumps(quoted[0], ensure_ascii=False)
    if meant == {"integer"} and any(isinstance(value, float) and not value.is_integer()
                                    for value in described_values(description)):
        return "fractions"
    return ""


# Text offered for a value typed as something else, as an alternative or the value's form:
# "or the string 'inf'", "a string like '48.85' is also accepted", "or a JSON-encoded string
# of one", "Comma-separated values, or a JSON array", "as a 5-digit string", "or a filter
# expression string"; and a quoted word offered as an alternative ("or 'auto'").
_TEXT_OFFERED = lazy_compile(r"\bor\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:strings?|text)\b|"
                             # A word offered bare: "use max for the largest rendition".
                             r"\b(?:use|pass|send)\s+(?!(?:this|that|it|them|one|any|an?|the|\d)\b)[a-z]+\s+(?:for|to)\s|"
                             r"\b(?:as|in)\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?:strings?|text)\b|"
                             r"\ba\s+strings?\s+(?:like|such as|of)\b|\bjson[- ]?encoded\b|^\W*comma[- ]separated\b", re.I)
# A quoted word offered as an alternative ("or 'auto'", "or the string 'inf'"), or as the
# example of one ("Port number or service name (e.g. 'http')").
_QUOTED_ALTERNATIVE = lazy_compile(r"\bor\s+(?:the\s+(?:string|word|value|literal)\s+)?['\"`\u2018\u201c]"
                                   r"([^'\"`\u2019\u201d\n]{1,40})['\"`\u2019\u201d]|"
                                   r"\bor\s+(?:an?\s+)?[\w-]+(?:\s+[\w-]+)?\s*(?:\(\s*)?(?:e\.g\.|eg|such as|like)\s*"
                                   r"['\"`\u2018\u201c]([^'\"`\u2019\u201d\n]{1,40})['\"`\u2019\u201d]|"
                                   # A quoted word that stands for a setting: '"Infinity" disables the alert'.
                                   r"['\"`\u2018\u201c]([^'\"`\u2019\u201d\n]{1,40})['\"`\u2019\u201d]\s+(?:disables?|"
                                   r"means|resets?|clears?|turns|stands for)\b", re.I)
# Null offered as a value: "null resets to the default", "pass null to clear it".
_NULL_OFFERED = lazy_compile(r"\bnull\b|(?-i:\bNone\b)", re.I)
# Several objects offered where the name reads as one: "a list of such objects is ANDed".
_SEVERAL_OFFERED = lazy_compile(r"\b(?:list|array)\s+of\s+(?:such|these|those|them)\b", re.I)
# One value offered where the name reads as a list: "A single id or a list of ids".
_ONE_OFFERED = lazy_compile(r"\b(?:a\s+)?single\s+[\w-]+\s+or\s+(?:a\s+)?(?:list|array|several)\b|"
                            r"\b(?:one|an?)\s+[\w-]+\s+or\s+(?:a\s+)?(?:list|array)\s+of\b", re.I)


def _reads_as(value: str, kind: str) -> bool:
    """Whether a quoted value is one of `kind` written out ('true' of a flag, '0.5' of a number)."""
    lowered = value.strip().lower()
    if kind == "boolean":
        return lowered in ("true", "false")
    if kind in ("number", "integer"):
        try:
            number = float(lowered)
        except ValueError:
            return False
        # JSON has no "Infinity" or "NaN", which Python's float reads.
        return math.isfinite(number) and (kind == "number" or number.is_integer())
    return lowered.startswith("{" if kind == "object" else "[")


@lru_cache(maxsize=1024)
def _judged(names: tuple[str, ...], gemini: bool) -> tuple[str, bool] | None:
    """The advice on a `type` of these names, and whether each odd name has a meaning to
    write; None when no name is both odd and understood. Cached: a run meets a handful of
    odd names (`dict`, `float`) in hundreds of nodes."""
    odd = [name for name in names if name not in STANDARD_TYPES and not _gemini_spelling(gemini, name)]
    understood = [name for name in odd if understood_type(name)]
    if not understood:
        return None
    return "; ".join([_advice(name) for name in understood]), understood == odd


def _type_pointer(node: SchemaNode) -> str:
    return node.pointer + "/type"  # `join`'s, without escaping a name that needs none


def _first_bfcl_tool(group: tuple[Tool, ...]) -> Tool | None:
    return next((tool for tool in group if tool.format == BFCL), None)


def _bfcl_dialect(ctx) -> Iterator[Finding]:
    """One finding, at the file's first BFCL tool, for the type names of all of them: the
    mapping, and how many tools use it. BFCL's harness maps them before sending a tool, so
    in a BFCL file they are the format, not a mistake in one node."""
    mapped: Counter[str] = Counter()
    tools = 0
    for tool in ctx.group or (ctx.tool,):
        if tool.format != BFCL:
            continue
        nodes = ctx.nodes if tool is ctx.tool else walk(tool.schema, tool.schema_pointer)
        names = [name for node, _, fix, _ in _odd_types(nodes, ctx.profiles_of(tool)) if fix is not None
                 for name in _names(node.get("type")) if name not in STANDARD_TYPES]
        tools += bool(names)
        mapped.update(f"`{_shown(name)}` → " + (f"`{meant}`" if (meant := standard_type(name)) else "no `type`")
                      for name in names)
    if not mapped:
        return
    said = ", ".join(f"{pair} ×{count:,}" if count > 1 else pair for pair, count in mapped.most_common())
    in_tools = "this tool" if tools == 1 else f"{tools:,} tools of this file"
    yield Finding(join(ctx.tool.schema_pointer, "type"), f"BFCL type names in {in_tools}, which BFCL's harness maps "
                  f"and a JSON Schema validator refuses: {said}", severity=Severity.INFO)


def _names(declared) -> list[str]:
    return declared if isinstance(declared, list) else [declared]


def _gemini_spelling(gemini: bool, name: str) -> bool:
    return gemini and name.isupper() and name.lower() in STANDARD_TYPES


def _advice(name: str) -> str:
    meant = standard_type(name)
    if meant is None:
        return f"`{_shown(name)}` is not a JSON Schema type (leave `type` out to accept any value)"
    if name.isupper() and name.lower() == meant:
        return f"`{name}` is Gemini's spelling; JSON Schema's is `{meant}`"
    return f"`{name}` is not a JSON Schema type; use `{meant}`"


def _shown(name: str) -> str:
    return name or '""'


def _fix(pointer: str, declared) -> Fix:
    if isinstance(declared, str):
        return _fix_of_name(pointer, declared)
    return _fix_of_names(pointer, declared)


@lru_cache(maxsize=1024)
def _fix_of_name(pointer: str, declared: str) -> Fix:
    """Cached: the same odd type at the same place recurs file after file (`dict` at the
    root of a raw schema), and a fix holds only strings, shared safely."""
    return _fix_of_names(pointer, declared)


def _fix_of_names(pointer: str, declared) -> Fix:
    names = declared if isinstance(declared, list) else [declared]
    meant = [standard_type(name) for name in names]
    if None in meant:
        return Fix("remove `type` (any value)", FixSafety.UNSAFE, (Operation("remove", pointer),))
    unique = list(dict.fromkeys(meant))
    value = unique if isinstance(declared, list) else unique[0]
    written = json.dumps(value) if isinstance(value, list) else f'"{value}"'  # a standard name needs no escaping
    return Fix(f"write the type as `{written}`", FixSafety.UNSAFE, (Operation("replace", pointer, value),))
