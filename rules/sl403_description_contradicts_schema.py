"""A description that says something the schema does not.

## What it does
Reads each property's description for three claims the schema can check:
- "Required.", "(required)", "must be provided", "this field is required" on a property
  that is not in `required` (conditional prose such as "required when…" is SL102's);
- "Optional.", "(optional)", "Optional:" on a property that is in `required` and does not
  accept `null` (openai-strict's required-and-nullable spelling of optional is fine);
- a closed list in prose — "one of 'asc', 'desc'", "either celsius or fahrenheit",
  "possible values: low, normal, high" — on a string with no `enum` or `const`: the
  rule suggests the `enum`. A list after "e.g." or "such as" is examples, and a list of
  sibling parameter names ("provide either text or regex") is about the call, not the
  value: neither counts.

Off by default: read finding by finding on published tools (`bench/read_sample.py`), half
of its findings were wrong: an open list ("valid values include …") read as an enum, a
sentence that names values for another purpose read as the field's values. A rule below
0.95 precision is not switched on for everyone. `--extend-select SL403` runs it.

## Why is this bad
The model reads the prose; the validator reads the schema. When they disagree the model
leaves out a field the schema demands (a rejected call and a retry), or the validator
lets through the omission or the made-up value the prose forbade.

## Example
```json
{"type": "object", "properties": {"order": {"type": "string", "description": "Sort order, one of 'asc', 'desc'. Required."}}}
```
Use instead:
```json
{"type": "object", "properties": {"order": {"type": "string", "enum": ["asc", "desc"], "description": "Sort order."}},
 "required": ["order"]}
```

## Fix safety
Only the prose-list finding has a fix, a suggestion marked unsafe: it adds the `enum`
read from the description, which rejects every other value afterwards — and prose lists
are sometimes examples, so read it before accepting it. Which of prose and schema is
right about required-ness is for a person to decide.
"""

from __future__ import annotations

import re

from schema_lint.text.lazy_pattern import PatternLike, lazy_compile
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding
from schema_lint.schema.walk import accepts_null, label

CODE = "SL403"
NAME = "description-contradicts-schema"
SEVERITY = Severity.WARNING
FIXABLE = True

_CONDITION = r"(?!\s*(?:when|if|for|unless|only|in|with|by|to|on|except|depending))"
_SAYS_REQUIRED = lazy_compile(
    r"(?:^|[.;:!]\s+|[(\[]\s*)(?:required|mandatory)\s*(?:[.)\]!;]|$)" + r"|\((?:required|mandatory)\)"
    r"|\b(?:this|the)\s+(?:field|parameter|argument|value)\s+is\s+(?:required|mandatory)\b" + _CONDITION +
    r"|\bmust\s+(?:always\s+)?be\s+(?:provided|specified|supplied|given)\b" + _CONDITION,
    re.IGNORECASE,
)
_SAYS_OPTIONAL = lazy_compile(
    r"(?:^|[.;!]\s+|[(\[]\s*)optional\s*(?:[.)\]:,;!]|$)|\bthis\s+(?:field|parameter|argument)\s+is\s+optional\b",
    re.IGNORECASE,
)
_VALUE = r"""(?:'[^'\n]{1,40}'|"[^"\n]{1,40}"|`[^`\n]{1,40}`|(?!(?:or|and)\b)[A-Za-z0-9_][\w./+-]{0,39})"""
_LIST = rf"({_VALUE}(?:\s*,\s*{_VALUE})*(?:\s*,?\s*(?:or|and)\s+{_VALUE})?)"
_PROSE_ENUM = lazy_compile(
    rf"(?:\b(?:must\s+be\s+)?one\s+of\s*:?\s*(?:the\s+following\s*:?\s*)?|\b(?:possible|allowed|valid|accepted|supported)"
    rf"\s+(?:values|options)\s*(?:are|include)?\s*:?\s*|\boptions\s+are\s*:?\s*){_LIST}"
    rf"|\beither\s+({_VALUE}\s+or\s+{_VALUE})",
    re.IGNORECASE,
)
# Every match of _SAYS_REQUIRED, _SAYS_OPTIONAL and _PROSE_ENUM, lower-cased, holds one of its words (`_may_say`).
_REQUIRED_WORDS = ("required", "mandatory", "must")
_OPTIONAL_WORDS = ("optional",)
_LIST_WORDS = ("one", "values", "options", "either")
_EXAMPLES = lazy_compile(r"\b(?:e\.g\.|eg\.|such as|for example|for instance|like|including)\s*:?\s*$", re.IGNORECASE)
_BULLET = lazy_compile(r"\s*(?:[-*\u2022]|\d+[.)])\s")
_ALTERNATIVES = lazy_compile(r"\b(?:either|one of|or)\b", re.IGNORECASE)
_FILLER = frozenset({"the", "a", "an", "these", "those", "following", "them", "it", "this", "that", "any", "all",
                     "etc", "more", "others", "other"})


def check(ctx):
    for node in ctx.properties():
        description = node.get("description")
        if not isinstance(description, str) or node.parent is None:
            continue
        lowered = _lowered(description)
        if not node.required:
            if _may_say(lowered, _REQUIRED_WORDS) and _says(_SAYS_REQUIRED, _own_prose(description)):
                yield Finding(node.pointer, f"description of `{label(node)}` says it is required, but `required` "
                              "does not list it")
        elif (_may_say(lowered, _OPTIONAL_WORDS) and _says(_SAYS_OPTIONAL, _own_prose(description))
              and not accepts_null(node.schema)):
            yield Finding(node.pointer, f"description of `{label(node)}` says it is optional, but `required` lists it")
        values = prose_enum(description)
        if values and _open_string(node.schema) and not set(values) & set(node.parent.get("properties")):
            fix = Fix(f"add `enum: {values}` (from the description)", FixSafety.UNSAFE,
                      (Operation("add", join(node.pointer, "enum"), values),))
            yield Finding(node.pointer, f"description of `{label(node)}` lists its values ({', '.join(values)}) "
                          "but the schema has no `enum`", fix=fix)


def _lowered(text: str) -> str | None:
    """`text` lower-cased for `_may_say`, or None when it is not ASCII (then every pattern runs:
    case-insensitive matching of other letters is not what lower-casing does, "ſ" is an "s")."""
    return text.lower() if text.isascii() else None


def _may_say(lowered: str | None, words: tuple[str, ...]) -> bool:
    """Whether a pattern whose every match holds one of `words` can match: the patterns run
    on every property's description, and nearly none holds any of their words."""
    return lowered is None or any(word in lowered for word in words)


def _own_prose(description: str) -> str:
    """The description less its bullet lines, which document sub-fields (`- name (required): …`)."""
    lines = [line for line in description.splitlines() if not _BULLET.match(line)]
    return "\n".join(lines)


def _says(claim: PatternLike, prose: str) -> bool:
    """Whether a sentence of `prose` makes the claim outright, not as one of alternatives."""
    for match in claim.finditer(prose):
        start = max(prose.rfind(".", 0, match.start()), prose.rfind("\n", 0, match.start())) + 1
        end = prose.find(".", match.end())
        if not _ALTERNATIVES.search(prose[start: end if end >= 0 else len(prose)]):
            return True
    return False


def prose_enum(description: str) -> list[str] | None:
    """The closed list of values a description spells out, or None when it spells out none."""
    if not _may_say(_lowered(description), _LIST_WORDS):
        return None
    for match in _PROSE_ENUM.finditer(description):
        if _EXAMPLES.search(description[: match.start()]):
            continue
        text = match.group(1) or match.group(2)
        values = [_unquote(v) for v in re.split(r"\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+", text) if v]
        if len(values) >= 2 and len(set(values)) == len(values) and not any(v.lower() in _FILLER for v in values):
            return values
    return None


def _unquote(value: str) -> str:
    """A quoted value without its quotes; a bare one without the sentence's full stop."""
    return value[1:-1] if value[:1] in "'\"`" and value[-1:] == value[:1] else value.rstrip(".")


def _open_string(schema) -> bool:
    if not isinstance(schema, dict) or "enum" in schema or "const" in schema:
        return False
    declared = schema.get("type")
    return declared == "string" or (isinstance(declared, str) and declared.lower() in ("str", "string"))
