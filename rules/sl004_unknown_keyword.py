"""A keyword that no vocabulary of the schema's dialect knows, often a typo.

## What it does
Flags each key of a subschema that is not a keyword of the schema's dialect. With a
`$schema`, that dialect's keywords count; without one, those of any draft from 04 to
2020-12. Annotations and the OpenAPI / Gemini fields providers accept (`nullable`,
`discriminator`, `example`, `propertyOrdering`…) are known everywhere, so are the
snake_case field names Gemini's API also takes (`any_of`) in a Gemini declaration's
`parameters`, and `x-…` extensions are never flagged. A near miss of a real keyword (`require`, `maxlength`,
`minLenght`, `additionalProperty`) is a warning with a fix; any other unknown key is
reported for information.

## Why is this bad
Validators ignore keywords they do not know. `"require": ["title"]` requires nothing,
`"maxlength": 100` bounds nothing, and nobody notices until a bad call gets through.
A keyword of another draft (`dependencies` in a 2020-12 schema) is ignored just the same.

## Example
```json
{"type": "object", "properties": {"title": {"type": "string", "maxlength": 100}}, "require": ["title"]}
```
Use instead:
```json
{"type": "object", "properties": {"title": {"type": "string", "maxLength": 100}}, "required": ["title"]}
```

## Fix safety
Renaming to an annotation (`descripton` → `description`) is safe: no call changes
verdict. Renaming to an assertion (`require` → `required`) is unsafe (tightening): the
keyword starts to be enforced; where the words say it refuses calls they allow (`require`
naming a field "Optional" or of a tool whose words call its arguments optional, `maxlength`
of words that say longer titles are truncated or name a larger number, `minimun: 0` of
"negative for the Americas", `additionalProperty: false` of "any keys", any assertion of
words that take other forms: "upper-case is folded to lower-case for you", `minLenght: 3`
of "(2 for CJK names)" or `minItem: 1` of "Send an empty list to …", `formt: email` of
"Email or username", `reqired` of fields the words offer as choices: "one of the two is
enough"), it is a suggestion. The fix is offered only when exactly one keyword is a
close match, the real keyword is not already present, and its value is valid for it.
"""

from __future__ import annotations


from schema_lint.text.display import clip
from schema_lint.schema.keywords import (
    ALL_KEYWORDS, ANNOTATIONS, GEMINI_PROTO_NAMES, declared_draft, drafts_knowing, known_keywords,
)
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.profiles import GEMINI
from schema_lint.prose.field_prose import (allows_more_than, described_values, fields_let_go, offers_empty,
                                           offers_other_forms, refutes_format, says_optional, says_signed,
                                           takes_other_keys)
from schema_lint.prose.handled import LOWER, UPPER, handled_sides
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL004"
NAME = "unknown-keyword"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.WARNING
FIXABLE = True
# How alike (difflib ratio, case-insensitive) a key must be to a keyword to be its typo.
TYPO_CUTOFF = 0.85


def check(ctx):
    draft = declared_draft(ctx.tool.schema)
    known = known_keywords(draft)
    if GEMINI in ctx.profiles:
        known |= GEMINI_PROTO_NAMES
    if ctx.keywords <= known:
        return  # every keyword of every subschema is known, as in nearly every tool: no pass over them
    for node in ctx.walk():
        if not isinstance(node.schema, dict):
            continue
        for key, value in node.schema.items():
            if key in known or key.lower().startswith("x-"):
                continue
            yield _finding(node, key, value, draft, known, ctx.tool.definition.get("description"))


def _finding(node, key: str, value, draft: str | None, known: frozenset[str], tool_words: object = None) -> Finding:
    pointer = join(node.pointer, key)
    shown = clip(key)
    where = f"in `{label(node)}`"
    if key in ALL_KEYWORDS:
        return Finding(pointer, f"`{shown}` {where} is not a {draft} keyword (it belongs to "
                                f"{', '.join(drafts_knowing(key))}): {draft} validators ignore it",
                       at_key=True, severity=Severity.INFO)
    meant = typo_of(key, known)
    if meant is None:
        return Finding(pointer, f"unknown keyword `{shown}` {where}: validators ignore it",
                       at_key=True, severity=Severity.INFO)
    message = f"unknown keyword `{shown}` {where}: did you mean `{meant}`? Validators ignore `{shown}`"
    return Finding(pointer, message, fix=_rename(node, key, meant, value, tool_words), at_key=True)


def typo_of(key: str, known: frozenset[str]) -> str | None:
    """The one keyword `key` is a near miss of, ignoring case; None if none or several."""
    candidates = {keyword.lower(): keyword for keyword in known}
    lowered = key.lower()
    if lowered in candidates:
        return candidates[lowered]
    import difflib  # only for a key no keyword spells: most runs meet none

    matches = difflib.get_close_matches(lowered, list(candidates), n=2, cutoff=TYPO_CUTOFF)
    return candidates[matches[0]] if len(matches) == 1 else None


def _rename(node, key: str, meant: str, value, tool_words: object = None) -> Fix | None:
    if meant in node.schema or not _valid_value(meant, value):
        return None
    operations = (Operation("add", join(node.pointer, meant), value), Operation("remove", join(node.pointer, key)))
    if meant in ANNOTATIONS:
        return Fix(f"rename `{key}` to `{meant}`", FixSafety.SAFE, operations)
    refuted = _words_refute(node, meant, value, tool_words)
    if refuted:
        return Fix(f"rename `{key}` to `{meant}` (but {refuted}: confirm it)", FixSafety.SUGGESTION, operations)
    return Fix(f"rename `{key}` to `{meant}`", FixSafety.UNSAFE, operations)


_UPPER_KEYWORDS = frozenset({"maxLength", "maxItems", "maxProperties", "maximum", "exclusiveMaximum"})
_LOWER_KEYWORDS = frozenset({"minLength", "minItems", "minProperties", "minimum", "exclusiveMinimum"})


def _words_refute(node, meant: str, value, tool_words: object = None) -> str:
    """Why the words say the assertion a misspelt keyword would start to enforce refuses calls
    they allow, or "": validators ignored `minimun: 0` until now, and "negative for the
    Americas" says what callers sent meanwhile. `tool_words`: the tool's description, which
    speaks for its arguments ("All parameters are optional")."""
    description = node.description
    if meant == "required" and isinstance(value, list):
        if node.is_root and says_optional(tool_words):
            return "the tool's words call its arguments optional"
        properties = node.get("properties") if isinstance(node.get("properties"), dict) else {}
        optional = [name for name in value if isinstance(properties.get(name), dict)
                    and says_optional(properties[name].get("description"))]
        if optional:
            return f"the words call {', '.join(map(str, optional))} optional"
        let_go = fields_let_go(description, tool_words if node.is_root else None, frozenset(properties))
        chosen = [name for name in value if name in let_go]
        # "by user_id or by email; one of the two is enough", "`region` may be omitted"
        return f"the words let {', '.join(map(str, chosen))} be left out" if chosen else ""
    if offers_other_forms(description):
        return "the words take other values too"
    if meant == "format" and isinstance(value, str) and isinstance(node.worded_schema, dict) \
            and refutes_format(node.worded_schema, value):
        return "the words give values in another form"  # "Email or username."
    if meant in _COUNT_FLOORS and isinstance(value, int) and value > 0 and (offers_empty(description) or any(
            type(offered) in (int, float) and offered < value for offered in described_values(description))):
        return "the words offer fewer"  # "at least 3 characters (2 for CJK names)", "Send an empty list to …"
    if meant in _UPPER_KEYWORDS and (UPPER in handled_sides(description) or isinstance(value, (int, float))
                                     and allows_more_than(description, value)):
        return "the words say larger values are taken"
    if meant in _LOWER_KEYWORDS and (LOWER in handled_sides(description) or meant in ("minimum", "exclusiveMinimum")
                                     and isinstance(value, (int, float)) and value >= 0 and says_signed(description)):
        return "the words say smaller values are taken"
    if meant in ("additionalProperties", "unevaluatedProperties") and value is False \
            and takes_other_keys(description, tool_words if node.is_root else None, name=node.field_name):
        return "the words say other keys are taken"
    return ""


_COUNT_FLOORS = frozenset({"minLength", "minItems", "minProperties"})


def _valid_value(keyword: str, value) -> bool:
    """Whether `{keyword: value}` is a valid schema: `require: true` (draft 3) must not
    become `required: true`. A `$schema` value whose metaschema is not bundled is never
    fetched to find out."""
    from schema_lint.schema.offline import is_valid_schema

    return is_valid_schema({keyword: value}) is True
