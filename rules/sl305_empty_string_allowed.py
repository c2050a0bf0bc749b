"""A required string parameter that accepts the empty string.

## What it does
Flags a property listed in its object's `required` whose schema is a string and that
accepts `""`: no `minLength` of 1 or more, no `enum`, `const` or `pattern` that rules
`""` out, and no `format` whose grammar has no empty string (`date`, `date-time`, `time`,
`duration`, `email`, `idn-email`, `hostname`, `idn-hostname`, `ipv4`, `ipv6`, `uri`,
`iri`, `uuid`, `relative-json-pointer`: `""` is not a date, and a validator that asserts
the format, pydantic's `date` among them, rejects it). A `format` whose grammar holds `""`
(`json-pointer`, `uri-reference`, `iri-reference`, `regex`, `uri-template`) is flagged.

Off by default: read finding by finding on published tools, an empty required string is
rarely worth a `minLength` (a search for "" finds nothing, a tool that needs a value
refuses it), and those that are carry "non-empty" in their description, where the fix
applies (`bench/read_sample.py`). `--extend-select SL305` runs it.

## Why is this bad
`required` only says the key must be there. A model that has nothing to put in a
mandatory field sends `"title": ""`, which validates, and the executor creates a ticket
with no title or searches for nothing.

## Example
```json
{"type": "object", "properties": {"title": {"type": "string", "maxLength": 200}}, "required": ["title"]}
```
Use instead:
```json
{"type": "object", "properties": {"title": {"type": "string", "maxLength": 200, "minLength": 1}},
 "required": ["title"]}
```

## Fix safety
Unsafe (tightening): the fix sets `minLength`, so `""` is rejected afterwards. An
empty string is a real answer often enough (an empty resolution note, a cleared field)
that the fix is offered only when the description states a lower bound ("non-empty",
"must not be empty", "at least 8 characters", "1 to 120 characters", 2 for "a 2 to 3
letter code"; none for "1 to 72 characters for the subject line", a part, nor where the
words offer the empty string too: "empty string = no coupon", "it need not be non-empty",
"non-empty unless allow_empty is set", "blank if the person has none"), and takes that
bound. Otherwise the finding carries a suggestion, `minLength: 1`, never applied by
`--fix`, for a reviewer to confirm. On a tool generated from Python (`--python`), the fix
is `Field(min_length=1)` only on a parameter typed `str` or `bytes`, where pydantic applies
it; on another type it stays a JSON Patch.
"""

from __future__ import annotations

from schema_lint.prose.constraints import evidence_of, said, stated_keyword
from schema_lint.prose.field_prose import says_required
from schema_lint.model import EVIDENCE_NONE, Evidence, Fix, FixSafety, Operation, Severity
from schema_lint.schema.patterns import search
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.schema.walk import label, refines_a_field

CODE = "SL305"
NAME = "empty-string-allowed"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.WARNING)
FIXABLE = True
# The formats whose grammar has no empty string (JSON Schema 2020-12, section 7.3): a value
# of one of them is never `""`. `json-pointer`, `uri-reference`, `iri-reference`, `regex`
# and `uri-template` each hold `""`, so they are not here.
NON_EMPTY_FORMATS = frozenset({"date", "date-time", "time", "duration", "email", "idn-email", "hostname",
                               "idn-hostname", "ipv4", "ipv6", "uri", "iri", "uuid", "relative-json-pointer"})


def check(ctx):
    for node in ctx.properties():
        if flags(node) and not refines_a_field(node):
            yield Finding(node.pointer, f"required string `{label(node)}` accepts the empty string", fix=_fix(node))


def flags(node) -> bool:
    """Whether this rule reports the string property: required (or called required, as
    SL101's fix would require it), and `""` not ruled out."""
    if "string" not in node.types:
        return False
    needed = node.required or says_required(node.description)
    return bool(needed) and not _excludes_empty(node.schema)


def _fix(node) -> Fix:
    """The lower bound the description states, or else a suggestion of 1."""
    op = "replace" if "minLength" in node.schema else "add"
    found = stated_keyword(node.description, node.types, "minLength", node.neighbour_names, node.field_name)
    if found is not None and found.value >= 1:
        return Fix(f"set `minLength: {found.value}` ({said(found)})", FixSafety.UNSAFE,
                   (Operation(op, join(node.pointer, "minLength"), found.value),), evidence_of(found))
    return Fix("set `minLength: 1` (nothing says the empty string is wrong here: confirm it)", FixSafety.SUGGESTION,
               (Operation(op, join(node.pointer, "minLength"), 1),), Evidence(EVIDENCE_NONE))


def _excludes_empty(schema: dict) -> bool:
    minimum = schema.get("minLength")
    if isinstance(minimum, (int, float)) and not isinstance(minimum, bool) and minimum >= 1:
        return True
    if schema.get("format") in NON_EMPTY_FORMATS:
        return True
    if "const" in schema:
        return schema["const"] != ""
    if isinstance(schema.get("enum"), list):
        return "" not in schema["enum"]
    pattern = schema.get("pattern")
    # An invalid pattern is SL001's business; do not pile a second finding on it.
    return isinstance(pattern, str) and search(pattern, "") is not True
