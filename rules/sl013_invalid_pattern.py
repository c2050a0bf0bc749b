"""A `pattern` that is not an ECMA-262 regular expression.

## What it does
Compiles every `pattern` and `patternProperties` key as ECMA-262 (with the `u` flag, as
ajv and other JavaScript validators do) and flags those that fail. Python-only syntax is
named with its ECMA-262 spelling: `(?P<name>…)` is `(?<name>…)`, `(?P=name)` is
`\\k<name>`, `\\A` and `\\Z` are `^` and `$`, and inline flags such as `(?i)` do not exist;
so is an escape of a character that needs none (`\\_`, `\\@`, `\\:`), which Python and
JavaScript without `u` read as the character and the `u` flag refuses.
A pattern with more than 1,000 alternatives (`|`) is not compiled at all (the ECMA-262
parser recurses once per alternative, and enough of them crash the process): it is
reported here, and other rules treat it as unreadable.

## Why is this bad
JSON Schema's `pattern` dialect is ECMA-262. A Python-flavoured pattern works in the
Python service that wrote it and fails elsewhere: a JavaScript validator refuses the
whole schema, a provider rejects the tool, or, without the `u` flag, `\\Z` silently
means the letter `Z`.

## Example
```json
{"type": "string", "pattern": "^(?P<year>\\d{4})-\\d{2}\\Z"}
```
Use instead:
```json
{"type": "string", "pattern": "^(\\d{4})-\\d{2}$"}
```

## Fix safety
Unsafe: the fix rewrites the Python-only constructs above into their ECMA-262 spelling,
and a needless escape as its character (only when the result compiles); a named group becomes a plain one and its backreference a
numbered one (`(?:\\1)`), which Python's `re` reads too (`(?<name>…)` would fail every
Python validator's match). Validators that failed on the old pattern start
enforcing the new one, so calls they used to let through may be rejected.
"""

from __future__ import annotations

from schema_lint.text.display import clip
from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.model import Fix, FixSafety, Operation, Severity
from schema_lint.schema.patterns import over_budget
from schema_lint.schema.pointer import join
from schema_lint.rule import ARGUMENTS, RESULTS, Finding
from schema_lint.schema.walk import label

CODE = "SL013"
NAME = "invalid-pattern"
SCHEMAS = (ARGUMENTS, RESULTS)  # about the schema itself: results schemas too
SEVERITY = Severity.ERROR
FIXABLE = True
KEYWORDS = ("pattern", "patternProperties")

_NAMED_GROUP = lazy_compile(r"\(\?P<(\w+)>", rare=True)
_NAMED_REFERENCE = lazy_compile(r"\(\?P=(\w+)\)", rare=True)
_NUMBERED = "numbered"  # the backreference's replacement depends on the group's number in the pattern
# Python-only construct → (what it is, its ECMA-262 spelling as a re.sub replacement, or None)
PYTHON_ONLY = (
    # Rewritten as a plain group and a numbered backreference, which both dialects read alike:
    # ECMA-262's `(?<name>` fails Python's `re`, which Python validators match `pattern` with.
    (_NAMED_GROUP, "`(?P<name>` is Python's named group; ECMA-262 writes `(?<name>`", "("),
    (_NAMED_REFERENCE, "`(?P=name)` is Python's backreference; ECMA-262 writes `\\k<name>`", _NUMBERED),
    (lazy_compile(r"(?<!\\)((?:\\\\)*)\\Z", rare=True), "`\\Z` is Python's end of input; ECMA-262 writes `$`", r"\1$"),
    (lazy_compile(r"(?<!\\)((?:\\\\)*)\\A", rare=True), "`\\A` is Python's start of input; ECMA-262 writes `^`", r"\1^"),
    (lazy_compile(r"\(\?[aiLmsux]+\)", rare=True), "inline flags such as `(?i)` do not exist in ECMA-262", None),
)


def check(ctx):
    for node in ctx.walk():
        pattern = node.get("pattern")
        if isinstance(pattern, str):
            error = ecma_error(pattern)
            if error:
                pointer = join(node.pointer, "pattern")
                yield Finding(pointer, f"`pattern` of `{label(node)}` {_verdict(pattern)}: {error}", fix=_fix(pointer, pattern))
        keys = node.get("patternProperties")
        if isinstance(keys, dict):
            for key in keys:
                error = ecma_error(key)
                if error:
                    yield Finding(join(node.pointer, "patternProperties", key),
                                  f"`patternProperties` key {clip(key)!r} {_verdict(key)}: {error}", at_key=True)


def _verdict(pattern: str) -> str:
    return "was not compiled" if over_budget(pattern) else "is not ECMA-262"


def ecma_error(pattern: str) -> str | None:
    """Why `pattern` does not compile as ECMA-262 (with the `u` flag), or None when it does;
    a pattern past the compile budget (`patterns.over_budget`) is not compiled at all."""
    budget = over_budget(pattern)
    if budget:
        return budget
    import regress  # on the first pattern, as `patterns.compiled` does

    try:
        regress.Regex(pattern, "u")
    except regress.RegressError as exc:
        hints = [hint for construct, hint, _ in PYTHON_ONLY if construct.search(pattern)]
        needless = needless_escapes(pattern)
        if needless and not hints and _compiles(_without_needless_escapes(pattern)):
            shown = ", ".join(f"`\\{char}`" for char in needless[:3])
            hints.append(f"{shown} {'is an escape' if len(needless) == 1 else 'are escapes'} the `u` flag refuses "
                         f"(ajv's): write {', '.join(f'`{char}`' for char in needless[:3])}")
        return "; ".join(hints) if hints else str(exc) or "invalid regular expression"
    return None


def _fix(pointer: str, pattern: str) -> Fix | None:
    rewritten = pattern
    for construct, _, replacement in PYTHON_ONLY:
        if construct.search(rewritten):
            if replacement is None:
                return None
            if replacement is _NUMBERED:
                numbered = _numbered_references(rewritten, pattern)
                if numbered is None:
                    return None
                rewritten = numbered
            else:
                rewritten = construct.sub(replacement, rewritten)
    if needless_escapes(rewritten):
        rewritten = _without_needless_escapes(rewritten)
    if rewritten == pattern or ecma_error(rewritten):
        return None
    return Fix(f"rewrite as `{rewritten}`", FixSafety.UNSAFE, (Operation("replace", pointer, rewritten),))


# What ECMA-262 with the `u` flag lets be escaped as itself: its syntax characters and `/`
# (and `-` in a class); other escapes are letters and digits with a meaning of their own.
_ESCAPABLE = frozenset("^$\\.*+?()[]{}|/-")


def _escapes(pattern: str):
    """(index of the backslash, the character escaped) of each escape in `pattern`, in order."""
    index = 0
    while index < len(pattern) - 1:
        if pattern[index] == "\\":
            yield index, pattern[index + 1]
            index += 2
        else:
            index += 1


def _needless(char: str) -> bool:
    return not char.isalnum() and char not in _ESCAPABLE and char.isprintable()


def _compiles(pattern: str) -> bool:
    import regress

    try:
        regress.Regex(pattern, "u")
    except regress.RegressError:
        return False
    return True


def needless_escapes(pattern: str) -> list[str]:
    """The characters `pattern` escapes that need no escape and that the `u` flag refuses to
    see escaped (`\\_`, `\\@`, `\\:`), each once, in order."""
    return list(dict.fromkeys(char for _, char in _escapes(pattern) if _needless(char)))


def _without_needless_escapes(pattern: str) -> str:
    """`pattern` with each needless escape written as its character: the same matches in
    Python's `re` and in JavaScript without `u`, which read it so."""
    dropped = {index for index, char in _escapes(pattern) if _needless(char)}
    return "".join(char for index, char in enumerate(pattern) if index not in dropped)


def _numbered_references(text: str, original: str) -> str | None:
    """`text` with each `(?P=name)` as `(?:\\N)`, N the group's number in the `original` pattern
    (in Python's reading, which numbers named and plain groups alike, as ECMA-262 does); None
    when Python cannot read it. The group around the number keeps a digit after it out of it."""
    import re

    try:
        numbers = re.compile(original).groupindex
    except (re.error, RecursionError, OverflowError):
        return None
    if any(match.group(1) not in numbers for match in _NAMED_REFERENCE.finditer(text)):
        return None
    return _NAMED_REFERENCE.sub(lambda match: f"(?:\\{numbers[match.group(1)]})", text)
