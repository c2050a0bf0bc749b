"""Reasoning about a schema's `pattern` (an ECMA-262 regular expression).

JSON Schema's `pattern` is a search, not a full match: `[A-Z]{3}` accepts
`"xxABCxx"`. Rules need to know whether a pattern pins the whole string (`^…$` on
every top-level alternative), how to make it do so without changing what it means
inside, and whether it accepts the empty string. Patterns are read token by token so
that escapes (`\\$`), character classes (`[|$]`) and groups are not mistaken for
anchors or alternation.

Matching runs user input against user patterns, so it must never backtrack without
bound: `^(a+)+$` against forty `a`s and a `!` keeps a backtracking engine busy for
minutes. Every match in the project therefore goes through one engine configuration,
`regex_options()`: jsonschema-rs's, which hands every pattern without lookaround or
backreferences to Rust's linear-time `regex` crate and runs the others on a
backtracking VM that stops after `BACKTRACK_LIMIT` steps. `search` answers "unknown"
(None) when that budget runs out, and validators built with these options reject the
value instead. `regress` stays the judge of what is ECMA-262 syntax.

Compiling runs user patterns too, and `regress`'s parser recurses once per alternative
(nested alternations add up): about 45,000 alternatives overflow an 8 MB stack, a few
thousand a 512 KB thread's, and the process dies (SIGSEGV) with every other file's
findings. No pattern with more than `ALTERNATIVES_LIMIT` alternatives reaches `regress`:
`compiled` and `search` treat it as not compilable, and SL013 reports it
(`over_budget`). jsonschema-rs's parsers do not recurse so (200,000 alternatives compile
in a 512 KB thread), so validators need no such budget.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import jsonschema_rs
    import regress

# About 3 ms of backtracking per match on this machine: a tenth of jsonschema-rs's own
# default (1,000,000). Patterns without lookaround or backreferences never backtrack.
BACKTRACK_LIMIT = 100_000
# `|`s in one pattern, in any groups: a list of a thousand values belongs in an `enum`.
ALTERNATIVES_LIMIT = 1_000


@lru_cache(maxsize=1)
def regex_options() -> jsonschema_rs.FancyRegexOptions:
    """The one engine configuration; jsonschema-rs loads with the first validator a run builds."""
    import jsonschema_rs

    return jsonschema_rs.FancyRegexOptions(backtrack_limit=BACKTRACK_LIMIT)


def _tokens(pattern: str) -> list[str]:
    """Escapes and character classes as single tokens; everything else one character each."""
    tokens, index = [], 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            end = index + 2
        elif char == "[":
            end = index + 1
            while end < len(pattern) and pattern[end] != "]":
                end += 2 if pattern[end] == "\\" else 1
            end += 1
        else:
            end = index + 1
        tokens.append(pattern[index:end])
        index = end
    return tokens


def _alternatives(pattern: str) -> list[list[str]]:
    """The top-level alternatives of `pattern`, as token lists."""
    alternatives: list[list[str]] = [[]]
    depth = 0
    for token in _tokens(pattern):
        if token == "(":
            depth += 1
        elif token == ")":
            depth = max(depth - 1, 0)
        elif token == "|" and depth == 0:
            alternatives.append([])
            continue
        alternatives[-1].append(token)
    return alternatives


def is_anchored(pattern: object) -> bool:
    """True when every top-level alternative starts with `^` and ends with an unescaped `$`."""
    if not isinstance(pattern, str) or not pattern:
        return False
    return all(alt[:1] == ["^"] and alt[-1:] == ["$"] for alt in _alternatives(pattern))


def one_sided_anchor(pattern: str) -> str | None:
    """"start" for `^prefix`, "end" for `suffix$`: a single alternative anchored on one
    side only, which usually means a deliberate prefix or suffix test."""
    alternatives = _alternatives(pattern)
    if len(alternatives) != 1:
        return None
    (alt,) = alternatives
    starts, ends = alt[:1] == ["^"], alt[-1:] == ["$"]
    if starts != ends:
        return "start" if starts else "end"
    return None


_LOOKAROUNDS = ("(?=", "(?!", "(?<=", "(?<!")


def has_lookaround(pattern: str) -> bool:
    """Whether `pattern` asserts what comes before or after a place (`(?=px)`, `(?<=a)`), outside
    escapes and character classes. Anchored whole, such a pattern can match nothing
    (`^(?:\\d+(?=px))$`: the digits must be followed by `px` and by the end at once)."""
    plain = "".join(token if len(token) == 1 else "x" for token in _tokens(pattern))
    return any(lookaround in plain for lookaround in _LOOKAROUNDS)


def single_character(pattern: str) -> bool:
    """Whether `pattern` is one character, class or escape with no quantifier (`[0-9]`, `\\S`):
    anchored whole, it would accept one character only."""
    tokens = _tokens(pattern)
    return len(tokens) == 1 and tokens[0] not in ("^", "$", "|", "(", ")")


def plain_text(pattern: str) -> bool:
    """Whether `pattern` is plain text: characters and escaped punctuation (`@example\\.com`),
    no class, quantifier or alternative. Unanchored it tests what a value contains; anchored
    it would accept that one text alone, which a `const` says, and no author writes a pattern for."""
    return all(len(token) == 1 and token not in _SPECIAL or len(token) == 2 and not token[1].isalnum()
               for token in _tokens(pattern))


_SPECIAL = frozenset(".^$*+?()[]{}|\\")


def longest_match(pattern: str) -> int | None:
    """The most characters a match of `pattern` can span (`#[0-9a-f]{6}`: 7); None when
    unbounded or unknown. Read by Python's own parser, which measures the patterns tool
    schemas use (classes, escapes, quantifiers, groups) as ECMA-262 does and refuses the
    syntax it lacks (`\\p{L}`, `(?<name>…)`): then unknown. A pattern past
    `_MEASURED_LENGTH` characters is not read."""
    if len(pattern) > _MEASURED_LENGTH:
        return None
    try:
        from re import _parser  # Python 3.11 and later
    except ImportError:  # Python 3.10
        import sre_parse as _parser
    try:
        longest = _parser.parse(pattern).getwidth()[1]
    except (re.error, RecursionError, OverflowError, ValueError, TypeError):
        return None
    return longest if longest < _UNBOUNDED else None


_MEASURED_LENGTH = 2_000
# What Python's parser reports for a pattern with no upper bound (`+`, `*`, `{2,}`) and more.
_UNBOUNDED = 65_535


def anchored(pattern: str) -> str:
    """`pattern` made to match the whole string: `^…$`, in a group, `^(?:…)$`, only where it has
    alternatives (which the anchors would otherwise bind to the first and last alone), with
    each alternative's own leading `^` and trailing `$` dropped (they are redundant inside the
    new anchors)."""
    parts = []
    for alt in _alternatives(pattern):
        if alt[:1] == ["^"]:
            alt = alt[1:]
        if alt[-1:] == ["$"]:
            alt = alt[:-1]
        parts.append("".join(alt))
    return "^" + parts[0] + "$" if len(parts) == 1 else "^(?:" + "|".join(parts) + ")$"


def over_budget(pattern: str) -> str | None:
    """Why `pattern` is not handed to `regress` (more alternatives than its parser's
    stack takes safely), or None. A linear scan that stops at the limit."""
    if pattern.count("|") <= ALTERNATIVES_LIMIT:  # the common case: no tokenizing
        return None
    alternatives = 0
    for token in _tokens(pattern):
        alternatives += token == "|"
        if alternatives > ALTERNATIVES_LIMIT:
            return (f"more than {ALTERNATIVES_LIMIT:,} alternatives (`|`), past what schema-lint compiles "
                    "safely; list the values in an `enum` instead")
    return None


@lru_cache(maxsize=512)
def compiled(pattern: str) -> regress.Regex | None:
    """The ECMA-262 regex (with the `u` flag, as JavaScript validators compile it), or
    None when `pattern` is not one, or is `over_budget`. `regress` is imported here, on
    the first pattern: most tool schemas have none, and a run over them need not load it."""
    if over_budget(pattern):
        return None
    import regress

    try:
        return regress.Regex(pattern, "u")
    except regress.RegressError:
        return None


@lru_cache(maxsize=512)
def _matcher(pattern: str) -> jsonschema_rs.Validator | None:
    """`{"pattern": pattern}` compiled with the bounded engine; None when that engine
    cannot take the pattern (a few ECMA-262 constructs such as `[^]` or `\\k<name>`)."""
    import jsonschema_rs

    try:
        return jsonschema_rs.validator_for({"pattern": pattern}, pattern_options=regex_options())
    except (jsonschema_rs.ValidationError, ValueError):
        return None


def search(pattern: str, text: str) -> bool | None:
    """Whether `pattern` finds a match in `text`, as `pattern` validates.

    None when the answer is unknown: the pattern is not ECMA-262, the bounded engine
    cannot run it, or the match ran out of its backtracking budget. Callers treat None
    as "could be either", never as a match.
    """
    if compiled(pattern) is None:
        return None
    matcher = _matcher(pattern)
    if matcher is None:
        return None
    try:
        if matcher.is_valid(text):
            return True
        error = next(iter(matcher.iter_errors(text)), None)
    except ValueError:  # text with a lone surrogate: no UTF-8 to match
        return None
    import jsonschema_rs

    return None if error is None or not isinstance(error.kind, jsonschema_rs.ValidationErrorKind.Pattern) else False
