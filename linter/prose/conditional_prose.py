"""Read, from the English a schema's author wrote, for which values of another field a
field is needed, optional or merely used.

Authors say it in a handful of shapes, and only those are read: a requirement word
followed by values ("Required for: run_pipeline, rename_pipeline", "(required for
'record' page types)"), a requirement word with a condition on a named field
("Required when reason is 'partial'", "REQUIRED when type='old'", "required unless mode
is 'off'", "If `dynamic` is set to `false`, this is required"), the same shapes for
exemptions ("Optional for list", "Omit for delete", "NULL when type='new'") and for mere
use ("Used for: list", "(only type=url)"). Anything else yields nothing: a sentence we
cannot read fully is no evidence, so a list with a token that looks like a value but is
none ("… percent_of_parent_row and _column") is dropped whole rather than half-read.
Values that are everyday words ("all", "new", "auto", "default") count only when quoted
or tied to a named field, since "Required for all actions" names no action.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import islice
from typing import Any, NamedTuple

from schema_lint.prose.field_kinds import words
from schema_lint.text.lazy_pattern import CaselessWords, lazy_compile
from schema_lint.text.docstrings import argument_words

REQUIRED, EXEMPT, APPLIES = "required", "exempt", "applies"

# Enum values that are also everyday English, too weak to match unquoted.
COMMON_WORDS = frozenset({
    "a", "all", "any", "auto", "both", "custom", "default", "each", "every", "full", "is", "it", "new",
    "no", "none", "normal", "off", "on", "one", "other", "others", "same", "simple", "some", "standard",
    "the", "yes",
})
# Nouns that may follow a value in a list without changing it: "'record' page types".
_CATEGORY_NOUNS = frozenset({
    "action", "actions", "case", "cases", "kind", "kinds", "method", "methods", "mode", "modes", "operation",
    "operations", "option", "options", "page", "pages", "request", "requests", "type", "types", "value", "values",
    "format", "formats", "record", "records", "entry", "entries", "event", "events", "resource", "resources",
    "object", "objects", "item", "items", "message", "messages", "call", "calls",
})
_REQUIRED_WORDS = ("required", "requires?", "needed", "needs?", "necessary", "mandatory",
                   # "must be set to midnight", "to true" state the value, not that it is sent ("must be
                   # set to a time" does).
                   r"must\s+(?:also\s+)?be\s+(?:provided|given|set(?!\s+to\s+(?!(?:a|an|the|one|some|any|your|its|"
                   r"their)\b))|specified|supplied|included|present)",
                   r"must\s+(?:also\s+)?(?:provide|specify|include|supply|set)")
# What a flag's own description says of a field it needs: "Must be used with 'keywordSearch'".
_NEEDS_FIELD_WORDS = (*_REQUIRED_WORDS, r"must\s+be\s+used\s+(?:together\s+|in\s+conjunction\s+)?with")
_EXEMPT_WORDS = ("optional", "omit(?:ted)?", "ignored", "unused", "null", r"not\s+(?:required|needed|used|applicable)",
                 r"must\s+be\s+left\s+(?:empty|unset|blank)", r"left\s+(?:empty|unset|blank)")
_APPLIES_WORDS = ("used", "use", "only", "applies", "apply", "applicable", "relevant", "valid", "available",
                  r"only\s+(?:used|applies|applicable|relevant|valid|available)")
_KIND_SPELLINGS = ((REQUIRED, _REQUIRED_WORDS), (EXEMPT, _EXEMPT_WORDS), (APPLIES, _APPLIES_WORDS))


def word_pattern(alternatives: Sequence[str]) -> str:
    """`\\b(?:a|b|…)\\b` for alternatives that each start with a letter, spelled to start with
    those letters, each once: `r(?<!\\w.)(?:equired|elevant)|…`. The word boundary before a
    letter is asked after it (`(?<!\\w.)`: no word character before the letter just matched),
    as `_SENTENCE_END` asks its look-behinds. Python's `re` then tries the pattern only where
    one of those letters stands, and each letter's alternatives only there, where a leading
    `\\b` made it try every alternative at every word's start (40% less time on the
    corpus's descriptions). The alternatives of a letter keep their order, and no other
    can match where that letter stands: the matches are the same (a test holds each such
    pattern to its plain spelling). Each alternative is one branch (no `|` outside its
    groups). Only a pattern compiled case-sensitively gains: `CaselessWords` matches ASCII
    text so, lowered."""
    if not all(alternative[:1].isalpha() and alternative[1:2] not in ("?", "*", "+", "{")
               for alternative in alternatives):
        raise ValueError("each alternative starts with a letter that no quantifier follows")
    by_letter: dict[str, list[str]] = {}
    for alternative in alternatives:
        by_letter.setdefault(alternative[0], []).append(alternative[1:])
    return "(?:" + "|".join(letter + r"(?<!\w.)(?:" + "|".join(rests) + ")" for letter, rests in by_letter.items()) \
        + r")\b"


_KIND_WORDS = tuple((kind, CaselessWords(word_pattern(spelled))) for kind, spelled in _KIND_SPELLINGS)
# Any of the three: most sentences have none, and one search tells so at a third of the cost.
_ANY_KIND_WORD = CaselessWords(word_pattern([word for _, spelled in _KIND_SPELLINGS for word in spelled]))
_NEEDS_FIELD_WORD = CaselessWords(word_pattern(_NEEDS_FIELD_WORDS))
_EXEMPT_RE = lazy_compile(r"\b(?:" + "|".join(_EXEMPT_WORDS) + r")\b", re.I)
_PERMITTED = lazy_compile(r"\b(?:used|uses?|valid|applies|apply|applicable|relevant|available|allowed|permitted)\b",
                          re.I)
_NOT = lazy_compile(r"\b(?:not|never|no|isn't|aren't|doesn't|don't|without)\b", re.I)
# Asked before every requirement word: matched case-sensitively on lower-cased ASCII, at half the cost.
_NEGATION = CaselessWords(r"\b(?:not|never|no\s+longer|isn't|aren't|doesn't)\s+(?:\w+\s+){0,1}$")
# A negation stands right before what it negates: this much text before a word is enough.
_NEGATION_REACH = 40
_OPERATOR = r"(?:={1,2}|is\s+set\s+to|are\s+set\s+to|set\s+to|is\s+one\s+of|is\s+not|isn't|is|are|equals)"
_NAME = r"[`'\"]?(?P<name>[A-Za-z_$][\w.$-]*)[`'\"]?"
# The rest of the text is captured in a lookahead, so that every condition is found.
# How far past a condition its list of values is read: every condition's list once to the
# end of the text would cost a text of many conditions their number times its length. A list
# cut here names fewer values, so its `if` requires the field in fewer cases, never more.
_LIST_REACH = r".{0,600}"
_CONDITION = lazy_compile(
    r"\b(?P<word>when|if|where|while|unless|once|for|with)\s+(?:the\s+)?(?:value\s+of\s+)?" + _NAME
    + r"(?:\s+(?:parameter|field|argument|option|flag|property))?\s*(?P<op>" + _OPERATOR + r")\s*(?=(?P<rest>"
    + _LIST_REACH + "))",
    re.I)
# "type=url", "(for position_type='image')": an assignment names its field on its own.
_ASSIGNMENT = lazy_compile(r"(?<![\w$-])" + _NAME + r"\s*={1,2}\s*(?=(?P<rest>" + _LIST_REACH + "))")
_BARE_FLAG = lazy_compile(r"\b(?P<word>when|if|with|once|unless)\s+" + _NAME
                          + r"(?=\s*(?:$|[,).;]|\bis\s+(?:on|enabled|given|provided|set(?!\s+to\b))\b))", re.I)
_OWN_STATE = lazy_compile(r"\b(?:when|if|once)\s+(?:it\s+is\s+|set\s+to\s+|this\s+is\s+)?[`'\"]?"
                          r"(?P<state>true|false|enabled|disabled|on|off)\b", re.I)
# What narrows a requirement's condition where it starts no condition read on a sibling: an
# exception ("…, unless a default number is configured", "except when …") or a condition of
# its own ("if priority is set", "but only for …", "if not derivable from the contact"), such
# as some versions of the API ("(in the v1 API)", "in API versions before 2024-01 only").
# "Even if" widens, and "if so" / "if not," speak of the condition already read.
_FURTHER_WORD = lazy_compile(r"(?<!\beven\s)\b(?:unless|except|excluding|other\s+than|provided\s+that|as\s+long\s+as|"
                             r"so\s+long\s+as|but\s+only|if|when|whenever|in\s+(?:the\s+)?(?:v\d+(?:\.\d+)*|legacy|older|"
                             r"earlier|newer)\s+(?:api|versions?|endpoints?)|(?:api\s+)?versions?\s+(?:before|after|prior\s+to|"
                             r"older\s+than|newer\s+than))\b(?!\s+so\b|\s+not\s*[,.;)]|\s+not$)", re.I)
# Some callers let off with no condition word: "moderators with the 'trusted' role may omit it".
_SOME_MAY_OMIT = lazy_compile(r"\b(?:may|can|could)\s+(?:omit|skip|leave\s+out)\s+(?:it|this)\b", re.I)
# A conjunct with a subject (a word or two) and a verb of its own: "and priority is set",
# "and the record is proxied", "and no default number is configured"; not one about the
# field itself ("and is ignored otherwise", "and it is …", "and must be < 100", "and the
# value is …").
_CONJUNCT = lazy_compile(r"(?:\band|&&)\s+(?:(?:if|when|only\s+if)\s+)?"
                         r"(?!(?:it|its|this|that|which|they|must|should|can|cannot|may|will|is|are|defaults?)\b)"
                         r"(?:(?:the|a|an|no)\s+)?(?!(?:value|field|parameter|argument)\b)"
                         r"(?:[`'\"]?[\w.$-]+(?:\s+[\w.$-]+)?[`'\"]?"
                         r"(?:\s+(?:is|are|has|have|was|were|exists?|equals|contains)\b|\s*(?:!?=|[<>]))"
                         # After an article, any verb: "and the project uses linking", "and the export
                         # exceeds 1 GB", "and no default support address exists".
                         r"|(?<=the |.no |..a |.an )[\w-]+(?:\s+[\w-]+){0,2}\s+[a-z]{2,}[^s\W]s\b)",
                         re.I)
# What may stand between a requirement word and its condition: "only", "also", "to be set",
# a note in parentheses.
_ATTACHING = lazy_compile(r"[\s,:]*(?:(?:only|also|just|but|field|parameter|argument|value|to\s+be\s+\w+|"
                          r"\([^()]*\))[\s,:]*)*", re.I)
# Where the words of a further condition end, for the message that quotes them.
_CLAUSE_END = lazy_compile(r"[,;:()]|\.(?:\s|$)")
# A constraint on the value that a condition on a flag may qualify instead of the field's
# presence: "Max 25 items unless include_all is true", "Defaults to 10 when verbose is set".
_VALUE_CONSTRAINT = CaselessWords(r"\b(?:max(?:imum)?|min(?:imum)?|up\s+to|at\s+(?:most|least)|limit(?:s|ed)?|"
                                  r"no\s+(?:more|less|fewer)|(?:more|less|fewer|greater|larger|smaller)\s+than|"
                                  r"between|capped|defaults?|defaulted|must|should|cannot|can't|may\s+not)\b")
# A note headed by the values it is for: "text_to_columns: treat consecutive delimiters as one".
_GLOSS = lazy_compile(r"^\s*(?P<values>[^:]{1,80}):\s")
_LIST_TRIGGER = lazy_compile(r"\s*(?:only\s+)?(?:for|in|on)\s*:?\s*(?:the\s+)?(?P<rest>.*)", re.I)
_LIST_STOP = lazy_compile(r"\s(?:but|otherwise|unless|except|while|whereas)\b|[)]", re.I)
_SEPARATOR = lazy_compile(r",|/|&|\band\b|\bor\b|\bnor\b", re.I)
# The blanks before and after a parenthesis are one `\s*` each, never two in a row: two adjacent
# would try every split of a run of blanks (a line of 200,000 spaces took minutes).
_DOC_ENTRY = lazy_compile(r"^(?P<indent>\s*)(?:[-*•]\s*)?`?(?P<name>[\w$-]+)`?\s*(?:\([^)]*\)\s*)?:\s*(?P<text>.*)$")
_LISTED_AFTER = lazy_compile(r"\b(?:when|if|for)\s+(?:set\s+to\s+|it\s+is\s+)?(?P<rest>.*)", re.I)
_LEADING_ARTICLE = lazy_compile(r"^(?:the|a|an|only|either|both|also)\s+", re.I)
_DEFAULT_NOTE = lazy_compile(r"\s*\((?:the\s+)?defaults?\b[^()]*\)", re.I)
_NOTE_AFTER_QUOTE = lazy_compile(r"(?<=['\"`])\s*\([^()]*\)")
_PARENTHESIS = lazy_compile(r"\s*\([^()]*\)")
_QUOTED = lazy_compile(r"^[`'\"](?P<value>[^`'\"]+)[`'\"](?P<tail>.*)$")
_IDENTIFIER = lazy_compile(r"^[`'\"]?[\w.$-]+[`'\"]?$")
# A stop not after "e.g"/"i.e", a blank line, a bullet. Spelled to start with the class of
# characters every match starts with, as `constraints._BOUNDARY` is (and held to the plain
# spelling by a test): then only those characters are tried, not every one of the text.
_SENTENCE_END = lazy_compile(r"[.;!?\n](?:(?<=[.;!?])(?<!\be\.g.)(?<!\bi\.e.)(?=\s|$)|(?<=\n)(?:\s*\n|\s*[-*•]))")
_BOOLEAN_WORDS = {"true": True, "false": False, "enabled": True, "disabled": False, "on": True, "off": False}
_QUALIFIER = "\x00"
# How far (in words) a requirement word may stand from the field it is about.
_NEAR_WORDS = 8
# How many words of one kind a sentence is read for: each is read with the rest of the
# sentence, so a run of them ("only only …") cost their number squared. The corpus's
# sentences hold at most 3.
_MOST_KIND_WORDS = 8


class Discriminator(NamedTuple):
    """A field whose value decides what else a call needs: its values in schema order."""

    name: str
    values: tuple
    boolean: bool = False

    def match(self, token: str, quoted: bool) -> tuple[bool, Any]:
        """(found, value) for one token of prose."""
        if self.boolean:
            lowered = token.lower()
            return (True, _BOOLEAN_WORDS[lowered]) if lowered in _BOOLEAN_WORDS else (False, None)
        if token.lower() not in _spellings(self.values):
            return False, None  # most tokens: no value is spelled so
        exact = [v for v in self.values if isinstance(v, str) and v == token]
        folded = [v for v in self.values if isinstance(v, str) and v.lower() == token.lower()]
        found = exact or (folded if len(folded) == 1 else [])
        if not found:
            numeric = [v for v in self.values if not isinstance(v, (str, bool)) and str(v) == token]
            found = numeric
        if not found:
            return False, None
        value = found[0]
        if isinstance(value, str) and value.lower() in COMMON_WORDS and not quoted:
            return False, None
        return True, value

    def named_by(self, name: str) -> bool:
        """`is_revision` in prose names the field `isRevision`."""
        return name == self.name or (bool(words(name)) and words(name) == words(self.name))

    def may_be_named_in(self, text: str, lowered: str) -> bool:
        """Whether `text` (`lowered`, lower-cased) may hold a name `named_by` takes for this
        field: its name, or each of its words. False settles it, at a fraction of the cost
        of the patterns that find a name and then ask `named_by`."""
        if not isinstance(self.name, str) or self.name in text:
            return True  # a YAML key that is no string: left to `named_by`
        spelled = words(self.name)
        for word in spelled:  # a loop, not `all`: asked of nearly every sentence, and it costs a generator
            if word not in lowered:
                return False
        return bool(spelled)


def _spellings(values: tuple) -> frozenset[str]:
    """Lower-cased, every token `Discriminator.match` can take for one of `values` (a string
    value in any case, a number as `str` writes it: in lower case too); no boolean is taken.

    Only strings share the cache: it compares 1, 1.0 and True as equal, which are spelled
    "1", "1.0" and not at all."""
    if all(type(v) is str for v in values):
        return _string_spellings(values)
    return frozenset(v.lower() if isinstance(v, str) else str(v) for v in values if not isinstance(v, bool))


@lru_cache(maxsize=1024)
def _string_spellings(values: tuple[str, ...]) -> frozenset[str]:
    return frozenset(v.lower() for v in values)


class Clause(NamedTuple):
    """What one sentence says about a field: `kind` for these values of `discriminator`."""

    kind: str
    discriminator: str
    values: tuple
    # Values named with a qualification ("add_artifact_link (Git types)"): conditional
    # on more than this field, so no evidence of a condition, yet evidence of a tie to it.
    qualified: tuple = ()
    # The words of a further condition the sentence sets that no reading of a sibling
    # carries ("unless a default number is configured", "and priority is set"): the values
    # are needed for the field, not enough for it (see `_further`).
    further: str = ""


@lru_cache(maxsize=4096)
def sentences(text: str) -> tuple[str, ...]:
    """Sentences and clauses, with line breaks inside a sentence joined (cached: one
    description is read once for each of its object's fields)."""
    parts = _SENTENCE_END.split(text)
    return tuple(" ".join(part.split()) for part in parts if part and part.strip())


def field_clauses(text: str, discriminators: Sequence[Discriminator]) -> list[Clause]:
    """What the prose of a field says about when it is needed, exempt or used."""
    found: list[Clause] = []
    if not text or not _may_state_clauses(text, discriminators):
        return found
    for sentence in sentences(text):
        if _ANY_KIND_WORD.occurs_in(sentence):
            # A condition names its field: those the sentence cannot name are not looked for in any part of it.
            named = _maybe_named(sentence, discriminators)
            for kind, pattern in _KIND_WORDS:
                found.extend(_clauses(sentence, kind, pattern, discriminators, named))
        gloss = _GLOSS.match(sentence) if ":" in sentence else None
        inferred = _inferred_list(gloss["values"], discriminators) if gloss else None
        if inferred is not None:
            found.append(Clause(APPLIES, inferred[0].name, *inferred[1]))
    return found


def _may_state_clauses(text: str, discriminators: Sequence[Discriminator]) -> bool:
    """Whether a sentence of `text` may state a clause on one of `discriminators`.

    A clause needs a kind word or a gloss's colon, and then a condition that names a
    discriminator or a list that spells one of its values. A sentence is the text's own
    characters with its spaces joined, so the whole text, joined so, tells for all of them;
    most prose has no kind word, and most that has one names no discriminator and spells
    none of its values. Each token of a list is a part of its sentence, lower-cased as
    `Discriminator.match` does; except where a parenthesis is dropped from the list
    (`_mark_qualifiers`) and where lower-casing can change a word's length or depends on
    its neighbours (outside ASCII): such text is read in full.
    """
    if ":" not in text and not _ANY_KIND_WORD.occurs_in(text):
        return False
    if "(" in text or not text.isascii():
        return True
    joined = " ".join(text.split())
    if _maybe_named(joined, discriminators):
        return True
    lowered = joined.lower()
    return any(spelling in lowered for d in discriminators
               for spelling in (_BOOLEAN_WORDS if d.boolean else _spellings(d.values)))


def flag_conditions(text: str, discriminators: Sequence[Discriminator]) -> list[Clause]:
    """Conditions on a boolean sibling that a field's prose states, with or without a
    requirement word: "When schedule is true, the time at which to post", "if notify is
    set", "(only with dryRun)". A field whose very description is conditioned on a flag
    belongs to that state of it. Sentences that exempt or negate say the opposite, and
    ones that say the field is merely *allowed* then ("only valid with previewRun", "used
    when …") do not say it is needed: both yield nothing."""
    flags = [d for d in discriminators if d.boolean]
    found: list[Clause] = []
    # A sentence is a part of the text with its spaces joined: what names no flag in the whole
    # (joined so too) names none in any sentence, and most prose names none.
    if not flags or not _maybe_named(" ".join(text.split()), flags):
        return found
    for sentence in sentences(text):
        named = _maybe_named(sentence, flags)
        if not named or _EXEMPT_RE.search(sentence) or _NOT.search(sentence) or _PERMITTED.search(sentence) \
                or _VALUE_CONSTRAINT.occurs_in(sentence):
            continue
        found.extend(c for c in _conditions(sentence, named) if c.values)
    return found


def mentioned_requirements(text: str, field: str, discriminators: Sequence[Discriminator],
                           own: Discriminator | None = None) -> list[Clause]:
    """Requirements that prose about other things states for `field`, by name.

    `own` is the discriminator whose description this is: there "requires bypassReason when
    true" and "If set to false, you must specify … fields" need no field name for the
    condition. Elsewhere the condition must name its field.
    """
    found: list[Clause] = []
    if field not in text:
        return found
    for sentence in sentences(text):
        if not _near(field, sentence):
            continue
        explicit = [c for c in _conditions(sentence, discriminators) if own is None or c.discriminator == own.name]
        if explicit:
            further = _further(sentence, len(sentence), discriminators)
            found.extend(c._replace(further=further) for c in explicit if c.values)
        elif own is not None:
            values, (start, end) = _own_values(sentence, own)
            if values:
                # The words that state the field's own value are its condition, not a further one.
                rest = sentence[:start] + sentence[end:]
                found.append(Clause(REQUIRED, own.name, values, further=_further(rest, len(rest), discriminators)))
    return found


def unread_exemption(text: str, discriminators: Sequence[Discriminator]) -> str:
    """The first sentence of a field's prose that lets it go under a condition no reading of
    a sibling carries, or "": after "Required when channel is sms.", "Not required if a
    default number is configured", "If omitted, the account's number is used" or
    "moderators with the 'trusted' role may omit it" make the field needed for sms only
    sometimes. One read on a sibling ("NULL when type='new'",
    "Optional for list") is an exemption SL102 states."""
    if not text or not _EXEMPT_RE.search(text):
        return ""  # nearly every field's prose
    for sentence in sentences(text):
        if _EXEMPT_RE.search(sentence) and (_FURTHER_WORD.search(sentence) or _SOME_MAY_OMIT.search(sentence)) \
                and not _read_conditions(sentence, discriminators):
            return sentence
    return ""


def parameter_notes(description: str, names: Sequence[str]) -> dict[str, str]:
    """Per-parameter text from a docstring-style tool description.

    Reads "Args:" sections and bullet lists alike: a line `name: text` or `- name (type):
    text` starts an entry for a declared parameter, more-indented lines continue it.
    """
    wanted = set(names)
    notes: dict[str, str] = {}
    current, indent = None, 0
    for line in description.splitlines():
        match = _DOC_ENTRY.match(line)
        if match and match["name"] in wanted:
            current, indent = match["name"], len(match["indent"])
            notes[current] = match["text"]
        elif current is not None and line.strip() and len(line) - len(line.lstrip()) > indent:
            notes[current] += " " + line.strip()
        else:
            current = None
    return notes


def documented_arguments(description: object) -> set[str]:
    """The names the `Args:` block of a Google-style docstring documents (`name: text` or
    `name (type): text`, indented under the heading), with some text."""
    return set(argument_words(description))


def _clauses(sentence: str, kind: str, pattern: CaselessWords, discriminators: Sequence[Discriminator],
             named: Sequence[Discriminator]) -> Iterator[Clause]:
    """The clauses each of `pattern`'s words states; `named` are the `discriminators` the
    sentence may name (`_maybe_named`), the only ones a condition can be on."""
    for start, end in islice(pattern.spans(sentence), _MOST_KIND_WORDS):
        if _negated(sentence, start) or kind == REQUIRED and _needs_another_thing(sentence, start, end):
            continue
        after = sentence[end:]
        conditions = _attached(after, named, kind) or (_conditions(sentence[:start], named) if kind == REQUIRED else [])
        if conditions:
            first = conditions[0]
            yield _with_further(Clause(kind, first.discriminator, first.values, first.qualified), sentence, start, named)
            continue
        listed = _LIST_TRIGGER.match(after)
        if listed:
            inferred = _inferred_list(listed["rest"], discriminators)
            if inferred is not None:
                values, qualified = inferred[1]
                yield _with_further(Clause(kind, inferred[0].name, values, qualified), sentence, start, named)


def _needs_another_thing(sentence: str, start: int, end: int) -> bool:
    """Whether the word is a verb whose object is another thing ("set nextLogin to
    changePassword to expire the password and require a change at next login", "needs an
    admin token"): something needs that thing; the sentence does not say the field is needed."""
    return sentence[start:end].lower() in _VERBS_OF_NEED and _ANOTHER_OBJECT.match(sentence, end) is not None


_VERBS_OF_NEED = frozenset({"require", "requires", "need", "needs"})
_ANOTHER_OBJECT = lazy_compile(r"\s+(?:a|an|the|some|another|additional|extra|their|your|its|his|her)\s+"
                               r"(?!(?:field|parameter|value|argument|input|property)\b)[\w-]+", re.I)


def _with_further(clause: Clause, sentence: str, start: int, discriminators: Sequence[Discriminator]) -> Clause:
    """A requirement with the further condition its sentence sets (`_further`)."""
    return clause._replace(further=_further(sentence, start, discriminators)) if clause.kind == REQUIRED else clause


def _attached(after: str, discriminators: Sequence[Discriminator], kind: str) -> list[Clause]:
    """The conditions read in `after`, the text that follows a kind word; for a requirement,
    only one that follows the word itself ("Required when …", "required only if …",
    "needs to be set (in cents) when …"), not one that qualifies a later clause ("Required;
    max 25 items unless include_all is true": the bound has the exception, not the need)."""
    read = _read_conditions(after, discriminators)
    if kind != REQUIRED or not read:
        return [clause for _, clause in read]
    start, first = read[0]
    return [first] if _ATTACHING.fullmatch(after[:start]) else []


def _near(field: str, sentence: str) -> bool:
    """An unnegated requirement word within a few words of the field's name: in "their
    colors are set by `colors` (if dataType is number, one color is needed)" the need is
    the list's length, not the field. The words first: most sentences have none, and then
    no pattern for the field's name is compiled."""
    needs = [start for start, _ in _NEEDS_FIELD_WORD.spans(sentence) if not _negated(sentence, start)]
    if not needs:
        return False
    # After "a" or "an" the name is a common noun, no field: "Must be set to true to run a
    # statement that modifies data" needs no `statement`.
    name = re.compile(r"(?<![\w$-])(?<!\b[aA] )(?<!\b[aA]n )(?:[\w$-]+\.)?" + re.escape(field) + r"(?![\w$-])")
    names = [m.start() for m in name.finditer(sentence)]
    return any(len(sentence[min(n, need):max(n, need)].split()) <= _NEAR_WORDS for need in needs for n in names)


def _negated(sentence: str, start: int) -> bool:
    return _NEGATION.occurs_in(sentence[max(0, start - _NEGATION_REACH):start])


def _conditions(text: str, discriminators: Sequence[Discriminator]) -> list[Clause]:
    """Conditions on a named field: "when reason is 'partial'", "unless mode is 'off'",
    "(for position_type='image')", "when exact is false", "only valid with previewRun"."""
    return [clause for _, clause in _read_conditions(text, discriminators)]


def _read_conditions(text: str, discriminators: Sequence[Discriminator]) -> list[tuple[int, Clause]]:
    """`_conditions`, each with where in `text` it starts."""
    found: list[tuple[int, Clause]] = []
    discriminators = _maybe_named(text, discriminators)
    if not discriminators:
        return found  # each shape names its field: with none in the text, no pattern is run
    for match in _CONDITION.finditer(text):
        discriminator = _named(match["name"], discriminators)
        if discriminator is None:
            continue
        values, qualified = _listed_values(match["rest"], discriminator)
        if match["word"].lower() == "unless" or match["op"].lower() in ("is not", "isn't"):
            values, qualified = (_complement(discriminator, values) if values else ()), ()
        found.append((match.start(), Clause(REQUIRED, discriminator.name, values, qualified)))
    for match in _ASSIGNMENT.finditer(text):
        discriminator = _named(match["name"], discriminators)
        if discriminator is not None:
            found.append((match.start(), Clause(REQUIRED, discriminator.name,
                                                *_listed_values(match["rest"], discriminator))))
    for match in _BARE_FLAG.finditer(text):
        discriminator = _named(match["name"], discriminators)
        if discriminator is not None and discriminator.boolean:
            found.append((match.start(), Clause(REQUIRED, discriminator.name, (match["word"].lower() != "unless",))))
    return [(start, c) for start, c in found if c.values or c.qualified]


def _further(sentence: str, start: int, discriminators: Sequence[Discriminator]) -> str:
    """The words of a condition `sentence` sets past those read on `discriminators`, or "".

    "Phone number. Required when channel is sms, unless a default number is configured" and
    "Only required when type is MX and priority is set" need the field under the condition
    read on the sibling *and* another one no `if` on that sibling states: an exception, a
    second condition (on another sibling too: "… but not when keep is true"), or a conjunct
    with a subject of its own, anywhere in the sentence but before `start` (where the
    requirement is stated) and the first condition read ("Path
    and name are required when …" is no conjunct). A condition read on a sibling ("NULL
    when type='new'") is no further one."""
    read = _read_conditions(sentence, discriminators)
    starts = {at for at, _ in read}
    for match in _FURTHER_WORD.finditer(sentence):
        if match.start() not in starts:
            return _quoted_clause(sentence, match.start())
    # Conditions on two siblings ("when type is 'old' but not when keep is true", "when type
    # is MX and mode is 'strict'"): an `if` on either alone states neither.
    later = [at for at, clause in read if clause.discriminator != read[0][1].discriminator] if read else []
    if later:
        return _quoted_clause(sentence, later[0])
    conjunct = _CONJUNCT.search(sentence, min([start, *starts]))
    return _quoted_clause(sentence, conjunct.start()) if conjunct else ""


def _quoted_clause(sentence: str, start: int) -> str:
    """The clause of `sentence` from `start`, as a message quotes it."""
    end = _CLAUSE_END.search(sentence, start + 1)
    return sentence[start:end.start() if end else len(sentence)].strip()


def _own_values(sentence: str, own: Discriminator) -> tuple[tuple, tuple[int, int]]:
    """The values of a field that its own description ties a requirement to, and where the
    words that say so stand in `sentence`."""
    state = _OWN_STATE.search(sentence)
    if own.boolean:
        if state:
            return (_BOOLEAN_WORDS[state["state"].lower()],), state.span()
        return (True,), (0, 0)
    listed = _LISTED_AFTER.search(sentence)
    if not listed:
        return (), (0, 0)
    return _listed_values(listed["rest"], own)[0], (listed.start(), listed.start("rest"))


def _maybe_named(text: str, discriminators: Sequence[Discriminator]) -> list[Discriminator]:
    """The discriminators, in order, that `text` may name (`Discriminator.may_be_named_in`):
    `_named` finds no other in it."""
    lowered = text.lower()
    return [d for d in discriminators if d.may_be_named_in(text, lowered)]


def _named(name: str, discriminators: Sequence[Discriminator]) -> Discriminator | None:
    return next((d for d in discriminators if d.named_by(name)), None)


def _inferred_list(text: str, discriminators: Sequence[Discriminator]) -> tuple[Discriminator, tuple] | None:
    """A list of values with no field named: the one discriminator all of them belong to."""
    readings = [(d, _listed_values(text, d)) for d in discriminators]
    readings = [(d, listed) for d, listed in readings if any(listed)]
    if len(readings) > 1:
        # "Required for: wiql" next to `action: [wiql]` and `expand: [Wiql]`: the spelling decides.
        readings = [(d, listed) for d, listed in readings
                    if all(isinstance(v, str) and v in text for v in listed[0] + listed[1])]
    return readings[0] if len(readings) == 1 else None


def _listed_values(text: str, discriminator: Discriminator) -> tuple[tuple, tuple]:
    """(values, qualified values) a list names, in order; both empty when a token of the
    list looks like a value of no field, since half a list is no evidence."""
    values: list = []
    qualified: list = []
    for written in _list_items(text):
        item = _read_item(written)
        bucket = qualified if item.qualified else values
        found, value = _item_value(item, discriminator)
        if found:
            if not any(v == value and type(v) is type(value) for v in bucket):
                bucket.append(value)
            continue
        if item.identifier:
            return (), ()
        break
    return tuple(values), tuple(qualified)


@lru_cache(maxsize=4096)
def _list_items(text: str) -> tuple[str, ...]:
    """The items of the list `text` starts with, as written (cached, as `_read_item` is: a
    list is read for each discriminator, and a description for each field of its object)."""
    text = _mark_qualifiers(text)
    stop = _LIST_STOP.search(text)
    # A list's last item carries the sentence's full stop ("… or other."): it is not part of the value.
    items = (item.strip().rstrip(".;!").strip() for item in _SEPARATOR.split(text[:stop.start()] if stop else text))
    return tuple(item for item in items if item)


class _Item(NamedTuple):
    """One item of a list, as read before it is matched against any field's values."""

    # A parenthesis qualifies it (see `_mark_qualifiers`).
    qualified: bool
    # It looks like a value, of this field or another: a word, or a word and nouns that
    # name the kind of thing it is ("URI records": the list names URI whether or not the
    # field has that value, and a list read without it would say less than it does).
    identifier: bool
    # The item without a leading article, its first word and the rest, and (value, rest)
    # when it is quoted.
    bare: str
    head: str
    tail: str
    quoted: tuple[str, str] | None


@lru_cache(maxsize=4096)
def _read_item(written: str) -> _Item:
    plain = written.rstrip(_QUALIFIER).strip()
    bare = _LEADING_ARTICLE.sub("", plain).strip(" :")
    quoted = _QUOTED.match(bare)
    head, _, tail = bare.partition(" ")
    identifier = bool(_IDENTIFIER.match(plain)) or (bool(tail) and _only_nouns(tail) and bool(_IDENTIFIER.match(head)))
    return _Item(written.endswith(_QUALIFIER), identifier, bare, head, tail,
                 (quoted["value"], quoted["tail"]) if quoted else None)


def _mark_qualifiers(text: str) -> str:
    """Drop notes on defaults ("(the default)") and on the field after a quoted value
    ("'partial' (in cents)"), and mark each bare value that a parenthesis qualifies: in
    "add_artifact_link (Git types)" the value depends on more than this field."""
    text = _DEFAULT_NOTE.sub("", text)
    text = _NOTE_AFTER_QUOTE.sub("", text)
    return _PARENTHESIS.sub(_QUALIFIER, text)


def _item_value(item: _Item, discriminator: Discriminator) -> tuple[bool, Any]:
    if item.quoted is not None:
        found, value = discriminator.match(item.quoted[0], quoted=True)
        return (found and _only_nouns(item.quoted[1])), value
    found, value = discriminator.match(item.bare, quoted=False)
    if found:
        return True, value
    found, value = discriminator.match(item.head, quoted=False)
    return (found and bool(item.tail) and _only_nouns(item.tail)), value


def _only_nouns(tail: str) -> bool:
    return all(word.lower() in _CATEGORY_NOUNS for word in tail.split())


def _complement(discriminator: Discriminator, values: tuple) -> tuple:
    return tuple(v for v in discriminator.values if v not in values)
