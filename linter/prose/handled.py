"""Words saying the tool accepts values past a bound, or outside a list, and handles them.

"Results to return (1-50). Larger values are capped at 50", "Title (max 256 characters;
longer titles are truncated)", "Up to 160 characters; longer messages are split into
several SMS", "if more are asked for, only the first 50 are returned",
"`json`, `csv`, `xml`; other values fall back to json": the bound or the list is what the
tool uses, not what it accepts. A `maximum`, `maxLength` or `enum` built from such words
refuses calls the tool runs, so the side of a bound these words speak of is no bound
(`handled_sides`), and a list they leave open is no closed set (`takes_other_values`).

Read in the whole description: the words often stand in a sentence of their own, after
the bound ("(max 50). Values above 50 are treated as 50."). A negated verb ("are not
truncated") says nothing handled, nor does treating a value as an error.
"""

from __future__ import annotations

from functools import lru_cache

from schema_lint.text.lazy_pattern import Screened, lazy_compile

UPPER, LOWER = "upper", "lower"

# A verb of handling, after an auxiliary ("are capped", "will be silently reduced") or on its
# own ("capped at 50"), and what it needs after it. Matched in the text lowered.
_HANDLING = Screened(
    r"\b((?:is|are|be|gets?|will|would|may)\s+(?:(?:silently|automatically|quietly|simply|then|just)\s+)?)?"
    r"(capped|clamped|clipped|truncated|reduced|lowered|raised|increased|limited|rounded|trimmed|shortened|cut|"
    r"coerced|adjusted|ignored|dropped|discarded|replaced|reset|treated as|interpreted as|read as|set to|converted to|"
    r"mapped to|"
    # "Longer messages are split into several SMS", "longer input is chunked automatically".
    r"split|chunked|divided|segmented|"
    # "Larger requests are paginated internally", "more are paged automatically", "requests over 100 are queued".
    r"paged|paginated|batched|queued|"
    # "Values outside -180 to 180 are wrapped around": taken, and brought into the range.
    r"wrapped|"
    # The active voice: "Slack will truncate messages longer than 40,000 characters", "the
    # server drops the rest"; a bare verb only after "will", "would" or "may" (`_BARE`).
    r"truncates?|clamps?|clips?|trims?|ignores?|discards?|drops?|cap)\b"
    r"(?!\s+(?:an?\s+)?(?:error|errors|invalid|failure|bad request|malformed)\b)",
    words=("capped", "clamped", "clipped", "truncat", "reduced", "lowered", "raised", "increased", "limited",
           "rounded", "trimmed", "shortened", "cut", "coerced", "adjusted", "ignor", "dropped", "discard",
           "replaced", "reset", "treated as", "interpreted as", "read as", "set to", "converted to", "mapped to", "clamp",
           "clip", "trim", "cap", "drop", "split", "chunked", "divided", "segmented", "wrapped", "paged", "paginated",
           "batched", "queued"),
    lowered=True)
# Verbs that say on their own that values past the top are brought down (`capped at 50`),
# or past either end into the range (`clamped`); the others need a direction in the clause.
_ON_THEIR_OWN = {"capped": frozenset({UPPER}), "truncated": frozenset({UPPER}), "clipped": frozenset({UPPER}),
                 "clamped": frozenset({UPPER, LOWER}), "truncate": frozenset({UPPER}), "truncates": frozenset({UPPER}),
                 "cap": frozenset({UPPER}), "clamp": frozenset({UPPER, LOWER}), "clamps": frozenset({UPPER, LOWER})}
# Bare verbs, which are also nouns or imperatives ("the cap", "trim whitespace", "drop a
# pin"): handling only after an auxiliary of the future or of a possibility.
_BARE = frozenset({"truncate", "clamp", "clip", "trim", "ignore", "discard", "drop", "cap"})
_FUTURE = ("will", "would", "may")
# Verbs in the present that have no auxiliary and still say what the tool does ("drops the rest").
_FINITE = frozenset({"truncates", "clamps", "clips", "trims", "ignores", "discards", "drops"})
# "only the first 50 are returned", "only the first 10 items are used": the rest are taken and dropped.
_FIRST_ONLY = Screened(r"\bonly\s+(?:the\s+)?first\s+[\w,]+(?:\s+[a-z]+)?\s+(?:is|are|will be|get)\s+(?:returned|used|"
                       r"kept|processed|considered|shown|read|taken|included|sent|applied|honou?red|indexed|saved|"
                       r"stored)\b", words=("first",), lowered=True)
# Values past a bound answered, not refused: "shorter queries return an empty result",
# "queries under 3 characters match nothing", "fewer than 2 characters yields no results", or
# the bound's worth: "Larger values return 100 results", "asking for more returns 200", "If you
# specify a value greater than 100, the server uses 100", "If you ask for more, you get 50". The
# call runs; only its answer is empty or cut. Needs a direction in the clause, as most verbs
# above do, or "otherwise" ("at least 3 characters, otherwise returns an empty list"): both
# sides then.
_ANSWERED_EMPTY = Screened(
    r"\b(?:returns?|returning|yields?|gives?|produces?|match(?:es)?|uses?|gets?)\s+(?:back\s+)?(?:an?\s+|the\s+)?"
    r"(?:empty\b|nothing\b|no (?:results?|matches|hits|items|entries|records|rows|data|suggestions)\b|"
    r"zero (?:results?|matches|hits|items|entries|records|rows)\b|"
    r"(?:only\s+)?(?:the\s+)?(?:first\s+|top\s+)?\d[\d,]*(?:\s+(?:results?|matches|hits|items|entries|records|rows))?"
    r"\s*(?:[.;)]|$))",
    words=("empty", "nothing", "no ", "zero ", "return", "yield", "give", "produce", "match", "use", "get"),
    lowered=True)
# Values past a bound that some callers may keep or that are accepted: "Existing SSO users may
# keep a shorter legacy username", "Longer names are accepted for imported teams", "email
# bodies may be longer". The
# comparative says the side (a verb of permission alone, as "can have no more than 5", says
# none).
_PERMITTED = Screened(
    r"\b(?:may|can)\s+(?:still\s+|also\s+)?(?:keep|use|have|pass|send|give|enter|choose|be)\s+(?:an?\s+|the\s+)?"
    r"(shorter|longer|smaller|larger|bigger|higher|lower|fewer)\b|"
    r"\b(shorter|longer|smaller|larger|bigger|higher|lower|fewer|more)\s+(?:[a-z][\w-]*\s+){0,2}?(?:is|are)\s+"
    r"(?:also\s+|still\s+)?(?:accepted|allowed|permitted|fine|ok|okay|supported)\b|"
    # Or taken on a plan of more: "more than 5 requires a premium plan", "longer ones need a Pro account".
    r"\b(shorter|longer|smaller|larger|bigger|higher|lower|fewer|more)\s+(?:[\w-]+\s+){0,3}?(?:requires?|needs?)\s+"
    r"(?:an?\s+|the\s+)?(?:premium|paid|pro|enterprise|business|higher|upgraded|team)\b",
    words=("shorter", "longer", "smaller", "larger", "bigger", "higher", "lower", "fewer", "more"), lowered=True)
# Words that say the field has no upper bound (any more): "now unlimited", "v2 has no maximum",
# "any value now", "no longer capped", "the limit was removed". A bound the same words give is
# one of the past, or of another version.
_NO_MAXIMUM = Screened(
    r"\bno\s+(?:upper\s+)?(?:maximum|max)\b|\b(?:now|is|are|be)\s+unlimited\b|\bany\s+(?:value|number|amount|size)"
    r"\s+(?:now|is\s+(?:now\s+)?(?:accepted|allowed|fine))\b|\bno\s+longer\s+(?:limited|capped|bounded)\b|"
    r"\b(?:limit|cap|maximum)\s+(?:was|has\s+been|is)\s+(?:now\s+)?(?:removed|lifted|dropped|gone)\b",
    words=("max", "unlimited", "any", "longer", "removed", "lifted", "dropped", "gone"), lowered=True)
_OTHERWISE = lazy_compile(r"\b(?:otherwise|else)\b")
_UP = lazy_compile(r"\b(?:larger|higher|greater|bigger|longer|more|above|over|exceed\w*|beyond|past|excess|extra|"
                   r"additional|remaining|the rest|too (?:large|long|high|big|many))\b")
_DOWN = lazy_compile(r"\b(?:smaller|lower|less|fewer|shorter|below|under|too (?:small|short|low|few))\b")
_BOTH = lazy_compile(r"\b(?:out[- ]of[- ]range|outside)\b")
_NEGATED = lazy_compile(r"(?:\bnot|\bnever|n't|\bno longer)\s+(?:be\s+|been\s+|get\s+)?$")
_CLAUSE_STOP = ".;\n"
_REACH = 80
# Values outside a list the tool takes: "other values fall back to json", "anything else is
# treated as json", "unrecognized values default to", "If omitted or invalid, defaults to".
_OTHERS_TAKEN = Screened(
    r"\b(?:other|unknown|unrecognized|unrecognised|unsupported|invalid|unlisted|else)\b[^.;\n]{0,40}?"
    r"\b(?:(?:is|are|will be|gets?)\s+(?:(?:silently|automatically|quietly|simply)\s+)?(?:treated as|interpreted as|"
    r"mapped to|converted to|replaced|ignored|reset|coerced|set to)\b(?!\s+(?:an?\s+)?(?:error|errors|invalid|"
    r"failure)\b)|falls? back\b|defaults? to\b|reverts? to\b|becomes?\b)",
    words=("other", "unknown", "unrecogni", "unsupported", "invalid", "unlisted", "else"), lowered=True)


def handled_sides(description: str) -> frozenset[str]:
    """The sides of the field's bounds ("upper", "lower") past which the words say values
    are taken and handled: capped, clamped, truncated, reduced, treated as the bound,
    ignored, or only the first N used; or kept by some callers, or accepted (`_PERMITTED`)."""
    if not isinstance(description, str):
        return frozenset()
    return _handled_sides(description)


@lru_cache(maxsize=1024)
def _handled_sides(description: str) -> frozenset[str]:
    """Cached: asked by each rule that fixes a bound from words or traffic."""
    lowered = description.lower()  # every position below is of this text
    sides: set[str] = set()
    ascii_text = lowered if lowered.isascii() else None
    if next(_FIRST_ONLY.finditer_lowered(lowered, ascii_text), None) is not None:
        sides.add(UPPER)
    for verb in _HANDLING.finditer_lowered(lowered, ascii_text):
        auxiliary = (verb.group(1) or "").strip()
        if verb.group(2) in _BARE and not auxiliary.startswith(_FUTURE) or _negated(lowered, verb.start()):
            continue
        said = _clause_sides(lowered, verb.start(), verb.end())
        if said and (verb.group(1) is not None or verb.group(2) in _FINITE):
            sides |= said
        elif verb.group(2) in _ON_THEIR_OWN:
            sides |= said or _ON_THEIR_OWN[verb.group(2)]
        if len(sides) == 2:
            return frozenset(sides)
    for permitted in _PERMITTED.finditer_lowered(lowered, ascii_text):
        sides.add(UPPER if _UP.match(next(side for side in permitted.groups() if side)) else LOWER)
    if next(_NO_MAXIMUM.finditer_lowered(lowered, ascii_text), None) is not None:
        sides.add(UPPER)
    for answer in _ANSWERED_EMPTY.finditer_lowered(lowered, ascii_text):
        if not _negated(lowered, answer.start()):
            start, end = _clause(lowered, answer.start(), answer.end())
            sides |= _clause_sides(lowered, answer.start(), answer.end()) or (
                {UPPER, LOWER} if _OTHERWISE.search(lowered, start, end) else set())
    return frozenset(sides)


def _negated(lowered: str, at: int) -> bool:
    return _NEGATED.search(lowered, max(0, at - 20), at) is not None


def _clause(lowered: str, start: int, end: int) -> tuple[int, int]:
    """The clause around `lowered[start:end]`: up to `_REACH` characters either side, not
    past a sentence's or a clause's end."""
    before = max(0, start - _REACH)
    before = max([before] + [lowered.rfind(stop, before, start) + 1 for stop in _CLAUSE_STOP])
    after = min(len(lowered), end + _REACH)
    after = min([after] + [at for at in (lowered.find(stop, end, after) for stop in _CLAUSE_STOP) if at >= 0])
    return before, after


def _clause_sides(lowered: str, start: int, end: int) -> set[str]:
    """The sides of a bound the clause around `lowered[start:end]` speaks of ("larger",
    "shorter", "out of range")."""
    before, after = _clause(lowered, start, end)
    said = set()
    if _UP.search(lowered, before, after):
        said.add(UPPER)
    if _DOWN.search(lowered, before, after):
        said.add(LOWER)
    if _BOTH.search(lowered, before, after):
        said |= {UPPER, LOWER}
    return said


def takes_other_values(description: str) -> bool:
    """Whether the words say values outside the list they give are taken: they fall back,
    default to, are treated as or mapped to one of it, or are ignored; or some callers send
    their own ("Self-hosted instances pass their own region name")."""
    if not isinstance(description, str):
        return False
    lowered = description.lower()
    ascii_text = lowered if lowered.isascii() else None
    return next(_OTHERS_TAKEN.finditer_lowered(lowered, ascii_text), None) is not None \
        or next(_OWN_VALUES.finditer_lowered(lowered, ascii_text), None) is not None


_OWN_VALUES = Screened(r"\b(?:pass|passes|use|uses|send|sends|give|gives|enter|enters|specify|specifies|provide|"
                       r"provides|set|sets)\s+(?:their|its|your|his|her)\s+own\b", words=("own",), lowered=True)
