"""What a field's own description says about its values: the evidence a tightening fix needs.

A fix that adds `format: date`, `required` or a bound invents a constraint unless the
schema already states it. Descriptions state a lot: "in the format MM/DD/YYYY", "Default
is 0, which means no limit", "[Optional]", "e.g. 'dontcare'" (the bounds, closed sets and
formats a description states are read by `constraints`). These helpers read such
statements conservatively; the rules use them to decide whether the evidence supports a
fix, never to raise a finding on their own.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from schema_lint.prose.conditional_prose import sentences
from schema_lint.prose.units import value_units, written_unit
from schema_lint.text.lazy_pattern import CaselessWords, Screened, lazy_compile

if TYPE_CHECKING:
    import jsonschema_rs

_QUOTED = lazy_compile(r"""(?:^|[\s(\[:=,])(?:'([^'\n]{1,200})'|"([^"\n]{1,200})"|`([^`\n]{1,200})`)""")
# An example is a word, commas inside it and all ("e.g. app=web,tier!=db" is one selector; "e.g.
# en, fr" two examples).
_EXAMPLE_TOKEN = r"((?:[^\s,;()'\"`]|,(?=[^\s,;()'\"`]))+)"
# A first example quoted ("e.g. 'https://acme.com' or www.acme.com") is read too: the ones
# after it are examples all the same.
_EXAMPLE_WORD = lazy_compile(r"\b(?:e\.g\.|eg\.|for example|for instance|such as|like)[,:]?\s+"
                             r"(?:'([^'\n]{1,200})'|\"([^\"\n]{1,200})\"|`([^`\n]{1,200})`|" + _EXAMPLE_TOKEN + ")", re.I)
# The value is quoted, a number with thousands separators ("the default is 2,000"), or a word.
# "Default is 0", "defaults to 'all'", "default: none", and a quoted value or a number right
# after the word ("(Default 1)").
_DEFAULT = lazy_compile(r"\bdefaults?(?:\s+value)?(?:\s+(?:is|to|of)|\s*[:=]|\s+(?=[-\d'\"`]))\s*(?:'([^']*)'|\"([^\"]*)\"|`([^`]*)`|"
                        r"(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|[^\s,;()]+))", re.I)
_GROUPED_NUMBER = lazy_compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?")
# A requirement word answered in the negative, as references label each parameter ("Required:
# No" in AWS's, "required: false", "Required - No", "Required? No", "Mandatory = N"), not the
# answer's first word of a phrase ("Required: no default is applied" stays unread here).
_ANSWERED_NO = (r"\b(?:required|mandatory)[ \t]*(?:[:?=\u2013\u2014-]|\bis\b)[ \t]*(?:no|false|n|optional)\b"
                r"(?![ \t]*[a-z0-9])")
_OPTIONAL = CaselessWords(r"\boptional(?:ly)?\b|\b(?:if|when|unless) (?:not |none )?(?:provided|given|specified|omitted|"
                          r"set|present|empty|absent)\b|\b(?:can|may) be (?:omitted|skipped|left (?:out|empty|blank|unset))"
                          r"\b|\bleave (?:it )?(?:empty|blank|out)\b|\bnot required\b|\bdefaults? (?:is|to|value)\b|"
                          # "We pick the region closest to you if you don't say", "unless you specify one",
                          # "Only needed for international parcels", "You don't need to send this", "Provide
                          # to override the name …", "Set this if the page should live under another",
                          # "Pass nothing for a fresh seed", "Postal code; some countries have none".
                          r"\b(?:if|unless) you (?:(?:don't|do not) )?(?:say|specify|set|pass|give|provide|send|choose|"
                          r"pick|supply|include)\b|\bonly (?:needed|necessary|required|relevant|used) (?:for|when|if|with|"
                          r"by|in)\b|\b(?:don't|do not|doesn't|does not|no) need to (?:send|pass|give|provide|set|include|"
                          r"specify)\b|\bnot (?:needed|necessary)\b|\bto override\b|\b(?:set|pass|give|provide|use|"
                          r"include|add|send|specify) (?:this|it) (?:only )?(?:if|when)\b|\b(?:pass|send|give) nothing\b|"
                          r"\bsome [a-z]+ (?:have|has) (?:none|no [a-z]+)\b|" + _ANSWERED_NO,
                          words=("optional", "if ", "when ", "unless ", "can be ", "may be ", "leave ", "not required",
                                 "default", "required", "mandatory", "only ", "need to", "not needed", "not necessary",
                                 "to override", "this if", "it if", "this when", "it when", "this only", "it only",
                                 "nothing", "some "))
_REQUIRED = CaselessWords(r"\b(?:required|mandatory|must be (?:provided|given|specified|supplied|included|set))\b",
                          words=("required", "mandatory", "must be "))
# A requirement taken back: "not required", "only required when …", "as required", or an
# instruction to leave the field out in some calls ("omit for delete").
_NOT_REQUIRED = CaselessWords(r"\b(?:not|if|when|unless|only|where|as)\s+(?:\w+\s+)?(?:required|mandatory)\b|"
                              r"\bomit\b|\*\s*(?:not|except|unless)\b|\bnot\s+enforced\b|\b(?:can|may)\s+skip\b|"
                              r"\bno\s+for\b|"
                              # Required in the case a sentence before names: "Ignored unless format is 'csv';
                              # required then"; or what a call leaving it out gets: "inferred from the current
                              # directory when omitted", "auto-generated when missing", "falls back to …".
                              r"\b(?:required|mandatory)\s+(?:then|in that case|in those cases)\b|"
                              r"\b(?:when|if)\s+(?:omitted|missing|absent|left out|not\s+(?:provided|given|set|specified|"
                              r"supplied|sent|passed))\b|\bfalls?\s+back\b|\binferred\b|\bauto-?(?:generated|detected|"
                              r"filled)\b")
# A requirement word that says nothing of whether a call sends this field. An adjective of
# another noun ("Required scopes: read:org", "Required fields (id, name) are always
# included", "Minimum required app version"; not "Required field", nor the noun phrase a
# description names its value with, "The required ticket title", "is a mandatory filter",
# which speak of the field itself); what the field's value does to
# something else ("make the question required", "mark the step as mandatory"); and the form
# a value takes ("Must be given as a BCP 47 tag"). After a preposition and an article the
# adjective is another noun's whatever that noun ("The name of the required plugin", "Path to
# the mandatory config file"), and before a plural noun that qualifies another ("The required
# reviewers count": the count is of reviewers). Removed from a sentence before it is read.
_SELF_NOUN = (r"(?:field|parameter|param|argument|arg|property|input|value|attribute|setting|option|key|flag|string|"
              r"integer|number|boolean|array|object|list|id)\b(?!-)")
_NOT_A_NOUN = (r"(?:and|or|but|nor|for|in|on|to|at|by|as|of|if|when|whenever|where|while|unless|until|once|with|"
               r"within|without|during|after|before|based|per|only|except|so|because|since|otherwise|even|from|"
               r"upon|via|is|are|be|also|too|always|here|now|then|though|regardless|between|under|depending|"
               r"whether|than|this|that|it|you|please)\b")
_ABOUT_ANOTHER = lazy_compile(
    r"(?<!\bthe )(?<!\ba )(?<!\ban )\b(?:required|mandatory)\s+(?!" + _SELF_NOUN + r")(?!" + _NOT_A_NOUN + r")(?=[a-z])|"
    r"\b(?:of|for|to|from|with|by|in|on|at|into|about)\s+(?:the|a|an|each|every|any|all)\s+(?:required|mandatory)\s+"
    r"(?=[a-z])|"
    r"\b(?:required|mandatory)\s+(?!" + _NOT_A_NOUN + r")[a-z]+[a-rt-z]s\s+(?!" + _NOT_A_NOUN + r")(?=[a-z])|"
    r"\b(?:make|mark|set|flag|render)(?:s|ing)?\s+(?:[\w-]+\s+){0,3}?(?:as\s+)?(?:required|mandatory)\b|"
    r"\bmust be (?:provided|given|specified|supplied|included|set)\s+(?:as|using|like)\b|"
    # "no token required", "No login is required": of another thing, and waived.
    r"\bno\s+(?:[\w-]+\s+){1,2}?(?:is\s+|are\s+)?(?:required|mandatory)\b", re.I)
_ANSWERED_NO_TEXT = lazy_compile(_ANSWERED_NO, re.I)
_ABOUT_REACH = 200
# What makes a whole sentence's requirement another noun's: a relative clause that holds it
# ("The number of days for which the forecast is required", "City where the car is
# required"; not "Folder where files are saved (required)") or a field that says whether
# something is required ("Whether the question is required").
# Found from the requirement back, within `_RELATIVE_REACH` characters and no parenthesis:
# searched from each relative word forward, a sentence of many of them and no requirement
# costs their number times its length.
_BE_REQUIRED = lazy_compile(r"\b(?:is|are|be|was|were)\s+(?:\w+\s+)?(?:required|mandatory)\b", re.I)
_RELATIVE = lazy_compile(r"\b(?:(?:for|in|on|at|by|with|to) which|where|whether)\b", re.I)
_RELATIVE_REACH = 200
# What makes one sentence's requirement hold only in some calls, or not be the field's at
# all: a condition or a purpose right after the word or its noun ("Required for updates",
# "Required field for API v1", "required in create mode", "REQUIRED when type='old'", and
# the "memory required for the instance" of a noun), but every case ("Required for all actions"); or a condition, an alternative
# or a choice anywhere in the sentence ("Either id or full_path is required", "If
# `dynamic` is false, this is required", "required unless mode is 'off'"); or a case the
# sentence opens with ("For recurring events this field is required", "On create, …").
_QUALIFIED_REQUIREMENT = CaselessWords(
    r"\b(?:required|mandatory|must be (?:provided|given|specified|supplied|included|set))(?:\s+" + _SELF_NOUN + r")?"
    r"\s*(?::\s*)?(?:for\b(?!\s+(?:all|every)\b)|in|on|to|where|while|once|with|by|during|after|before|based|per)\b|"
    r"\b(?:if|when|whenever|unless|except|other than|besides|apart from|only|either|one of|at least one|otherwise|instead|"
    r"depending|in case|conditional(?:ly)?|"
    r"ignored|not needed)\b|" + r"^\s*(?:for|in|on|during|after|before)\s+(?!(?:all|each|every|any)\b)"
    # An API reference's label answered for one case: "Required: Yes (for create)".
    r"|\byes\s*[(,]\s*(?:for|when|if|on|in|only|except)\b")
# A value the description gives for "no setting" ("-1 for no limit", "0 = unlimited", "null
# for all", "0 to disable", "empty for none"): the field has a neutral state, which a call
# may just as well reach by leaving it out. A number is read from its first digit only: from
# each of a run of 20,000 digits, the search took 19 s.
_UNSET_VALUE = CaselessWords(
    r"(?:(?<!\d)[-\u2212]?\d+|\bnull|\bnone|\bempty|\bblank|\bzero|\*|'[^'\n]{0,20}'|\"[^\"\n]{0,20}\"|`[^`\n]{0,20}`)\s*(?:\)\s*)?"
    r"(?:for|to mean|means?|=|:|is|to)\s+(?:no\s+(?:limit|max(?:imum)?|min(?:imum)?|filter(?:ing)?|cap|restriction|"
    r"timeout|preference)\b|unlimited\b|unrestricted\b|infinite\b|all\b|any\b|everything\b|none\b|"
    r"disabled?\b|off\b|turn (?:it )?off\b)",
    words=("limit", "max", "min", "filter", "cap", "restrict", "timeout", "preference", "infinite", "all", "any",
           "everything", "none", "disable", "off"))
# A number as a description writes it, with its sign: 0, -1, 10,000, 0.5 (not part of a word
# such as `v2`, `2FA` or `24h`, nor the end of a range such as the `100` of `1-100`'s sign).
# Word characters around a number are ASCII's: "v2" and "2FA" hold no number, but one glued to
# Chinese or Japanese text does ("传入-1返回全部", "0を指定すると全件").
_NUMBER = lazy_compile(r"(?<![A-Za-z0-9_.])([-\u2212](?=[0-9]))?([0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+(?:\.[0-9]+)?)"
                       r"(?![A-Za-z0-9_]|\.[0-9])")
# What makes a number no value the description offers: an exclusive bound, a value it rules
# out, or the step of a multiple ("any multiple of 1 MB").
# Screened by its words: it is tried in the few characters before each number of a
# description, and a description may write a hundred thousand numbers.
_EXCLUDED_BEFORE = Screened(r"(?:(?:greater|more|less|fewer|larger|smaller|higher|lower|other)\s+than|above|"
                            r"below|over|under|exceed(?:s|ing)?|[<>]|\bnot|\bno|non-?|\bnever|\bexcept|"
                            r"\bexcluding|\bmultiple of)\s*(?:be\s+|equal\s+to\s+)?[-\u2212]?$",
                            words=("than", "above", "below", "over", "under", "exceed", "<", ">", "no", "never",
                                   "except", "excluding", "multiple of"))
# A description offering the empty string as a value, as "Use 0 for no preference" offers 0
# (not "must not be empty", "cannot be empty", "non-empty for replies"): "Pass an empty string
# to remove it", "3 to 20 characters; empty clears it", "If empty, one is generated from the
# title" (not "If empty, an error is returned"), "an empty answer skips the question", "blank
# if the person has none", "empty otherwise", "Empty is allowed", "it need not be
# non-empty", "non-empty unless allow_empty is set". A `minLength` would refuse it.
_NOT_NEGATED = r"(?<!non-)(?<!non )(?<!not be )(?<!never be )"
_OFFERS_EMPTY = CaselessWords(
    r"\bempty string\s*(?:=|(?:to|for|means|clears|removes|resets|disables|will)\b)|"
    r"\bleave (?:it |this |the field )?(?:empty|blank)\b|"
    r"\b(?:pass|use|send|set (?:it |this )?to|provide|give)\s+(?:an?\s+)?(?:empty|blank)\b|"
    r"\bor (?:empty|blank)\b|\b(?:can|may) be (?:left )?(?:empty|blank)\b|(?:^|\s)(?:\"\"|'')(?=\s|$|[.,;:)])|"
    + _NOT_NEGATED + r"\b(?:empty|blank)\b(?:\s+[a-z]+){0,3}?\s+(?:clears?|removes?|resets?|unsets?|deletes?|"
    r"disables?|means|keeps?|leaves?|turns? off|lists|returns|matches|selects|shows|skips?)\b|"
    r"\"\"\s+(?:clears?|removes?|resets?|means)\b|"
    r"\b(?:if|when)\s+(?:left\s+|it\s+is\s+)?(?:empty|blank)\b,?\s+(?!(?:an?\s+|the\s+)?"
    r"(?:error|request|call)\b|(?:it\s+)?(?:fails|is\s+rejected|returns\s+an?\s+error)\b)|"
    + _NOT_NEGATED + r"\b(?:empty|blank)\s+(?:if|when|for|otherwise)\b|"
    + _NOT_NEGATED + r"\b(?:empty|blank)(?:\s+(?:strings?|values?|input))?\s+(?:is|are)\s+(?:also\s+)?"
    r"(?:allowed|accepted|fine|ok|okay|valid|permitted)\b|"
    r"\b(?:need not|needn't|does not have to|doesn't have to|do not have to|don't have to)\s+be\s+non-?\s?empty\b|"
    r"\bnon-?\s?empty\s+(?:unless|except)\b",
    words=("empty", "blank", '""', "''"))


def offers_empty(description: Any) -> bool:
    """Whether the words offer the empty string as a value (`_OFFERS_EMPTY`)."""
    return isinstance(description, str) and _OFFERS_EMPTY.occurs_in(description)


_DIGIT = lazy_compile(r"\d")
# Characters of a description read for the unit its value is in: said up front ("Amount in
# cents", "Timeout (milliseconds)"), and a manual past this would be read for nothing.
_UNIT_REACH = 4_000
# Date and time layouts written with letters: MM/DD/YYYY, dd-mm-yyyy, YYYY-MM-DD HH:mm:ss, mm-yyyy …
# Also a layout written without separators ("YYYYMMDD", "DDMMYYYY") or a year alone ("If only the
# year is known, pass YYYY"): values no date `format` takes.
_LAYOUT = lazy_compile(r"\b(?:(?:[YyMDdHhms]{1,4}[-/.: T]){1,5}[YyMDdHhms]{1,4}|(?:YYYY|yyyy)(?:MM(?:DD|dd)?)?|"
                       r"(?:DD|dd)MM(?:YYYY|yyyy)|MM(?:DD|dd)(?:YYYY|yyyy))\b")
_ISO_NAMED = CaselessWords(r"\biso[- ]?8601\b|\brfc[- ]?3339\b")
_OFFSET_REQUIRED = CaselessWords(r"\brfc[- ]?3339\b|\b(?:with|including|includes?|must have|requires?)\b[^.]{0,40}"
                                 r"\b(?:offset|time ?zone)\b")
# A time written as a count from the epoch ("Unix timestamp in seconds", "epoch milliseconds",
# "seconds since 1970"; Slack's message `ts`, "1503435956.000247"): a number, in no date layout.
# A date's words that take a time after it: "A time part, if given, is ignored".
_TIME_PART = CaselessWords(r"\btime\s+(?:part|portion|component)\b")
_EPOCH_NAMED = CaselessWords(r"\b(?:unix|epoch|posix)\b|\b(?:milli|micro|nano)?seconds? since\b")
_EPOCH_NUMBER = lazy_compile(r"\d{9,}(?:\.\d+)?")
_OPEN_VALUES = CaselessWords(r"\b(?:free[- ]?(?:text|form)\b|any (?:text|string|value)\b|arbitrary\b|"
                             r"natural language\b|e\.g\.|eg\.|for example\b|for instance\b|such as\b)")
_PHYSICAL = CaselessWords(r"\b(?:coulombs?|volts?|voltage|amperes?|amps?|joules?|newtons?|kelvin|celsius|fahrenheit|"
                          r"degrees?|meters?|metres?|kilograms?|grams?|watts?|ohms?|pascals?|tesla|hertz|moles?|"
                          r"electrons?|protons?|particles?|velocity|acceleration|temperature|latitude|longitude|"
                          r"coordinates?|altitude|elevation|offset|delta|difference|change in|integral)\b")
_MONEY = CaselessWords(r"\b(?:price|prices|fee|fees|cost|costs|pay|paid|payment|payments|bill|billed|billing|"
                       r"invoice|currency|usd|eur|gbp|dollars?|cents?|euros?|card)\b|"
                       r"[$\u20ac\u00a3]")
# A description saying its number may be below zero: "negative to remove", "use a negative
# amount for a credit", "can be negative", "positive or negative", "a signed offset" (not
# "non-negative", "must not be negative", "negative values are rejected").
_SIGNED = CaselessWords(r"(?<!non-)(?<!non)(?<!non )(?<!\bnot )(?<!\bno )(?<!\bnever )(?<!not be )(?<!can't be )"
                        r"(?<!never be )\bnegative\b(?![^.;]{0,40}\b(?:not (?:be )?(?:allowed|accepted|permitted|"
                        r"supported|valid)|rejected|invalid|disallowed|forbidden|errors?|fails?)\b)|(?<!un)\bsigned\b|"
                        r"\b(?:below|under|less than|fewer than) (?:zero|0)\b(?![^.;]{0,40}\b(?:not (?:be )?(?:allowed|accepted|"
                        r"permitted|supported|valid)|rejected|invalid|disallowed|forbidden|errors?|fails?)\b)|"
                        r"\bplus or minus\b|\u00b1|"
                        # "returns are recorded as minus quantities", "Income minus expenses", "flip the sign",
                        # "the opposite sign", "How many seats to add or remove", "overspend shows as a deficit".
                        r"\bminus\b|\b(?:flip|flipped|opposite|reverse|reversed|invert|inverted)\s+(?:the\s+)?sign\b|"
                        r"\b(?:add|increase|raise)\s+or\s+(?:remove|decrease|lower|subtract)\b|\bsubtract\b|"
                        r"\bdeficit\b",
                        words=("negative", "signed", "below zero", "below 0", "under zero", "under 0", "less than zero",
                               "less than 0", "fewer than", "minus", "sign", "remove", "decrease", "lower",
                               "subtract", "deficit"))
# A number applied to a balance or a ledger ("The amount in cents to apply to the customer's
# credit balance", "to adjust the stock by", "credit or debit"), where a credit or a
# correction is negative (a credit card is no credit, and "the price before adjustments"
# is no adjustment).
_ADJUSTS_BALANCE = CaselessWords(r"\bbalances?\b|\bledgers?\b|\badjust(?:s|ing)?\b|"
                                 r"\b(?:credit|debit)(?:s|ed|ing)?\b(?![- ]?cards?\b)",
                                 words=("balance", "ledger", "adjust", "credit", "debit"))
# What a git remote is called: git takes `git@host:owner/repo.git` (scp-like), no RFC 3986 URI.
_GIT_REMOTE = CaselessWords(r"\bgit\b|\bclon(?:e|ed|ing)\b|\bssh\b|\bscp\b|\.git\b")

# Words offering a field's values as a list in one string: any format refuses "a@x.com,b@y.com"
# ("For a list of country codes, see …" points to a reference, it offers no list).
_MANY_IN_ONE = CaselessWords(r"\bcomma[- ]?(?:separated|delimited)\b|\b(?:semicolon|space|newline|pipe)[- ]?"
                             r"(?:separated|delimited)\b|\b(?:separated|delimited|joined) (?:by|with)\b|"
                             r"\b(?:separate|join)\s+(?:\w+\s+){0,2}?with\b|(?<!\bfor )\ba list of\b|"
                             r"\b(?:several|multiple|more than one|one or more)\b",
                             words=("separate", "delimited", "join", "list of", "several", "multiple", "more than one",
                                    "one or more"))
# Words offering dates no date format holds: "or today / tomorrow", "or a relative date",
# "also accepts now", "natural language dates".
_RELATIVE_DATES = CaselessWords(r"\b(?:or|and/or|accepts?|also|supports?)\s+(?:the words?\s+)?(?:today|tomorrow|"
                                r"yesterday|now|never)\b|\b(?:today|tomorrow|yesterday|now)\s*(?:/|,|or)\s*(?:today|"
                                r"tomorrow|yesterday|now)\b|\brelative (?:dates?|times?|values?|expressions?|offsets?|"
                                r"durations?|terms?|keywords?)\b|\bnatural[- ]language\b|\bhuman[- ]readable\b|"
                                r"\b(?:or|and/or)\s+(?:an?\s+)?(?:relative|duration|offset|number of days)\b|"
                                # "Weekday names (monday … sunday) mean the next such day"
                                r"\b(?:week)?day[- ]names?\b|\bnames? of (?:the )?(?:week)?days\b|"
                                r"\bmonday\s*(?:…|\.\.\.|-|–|through|thru)\s*sunday\b",
                                words=("today", "tomorrow", "yesterday", "now", "never", "relative", "natural", "human",
                                       "duration", "offset", "day"))
# Words saying a value holds a time of day: ISO 8601 named for it means a date-time, or
# either, not a `date` ("Start time for sprint (ISO 8601 format)"). A time zone, range or
# span is no time of the value.
_TIME_OF_VALUE = CaselessWords(r"\btimestamps?\b|\bdate-?times?\b|\bdate ?(?:/|and|&) ?time\b|"
                               r"(?<!any )(?<!the )(?<!this )(?<!each )(?<!every )(?<!first )(?<!of )\btimes?\b"
                               r"(?![- ]?(?:zones?|range|period|frame|window|span|line|out|limit))",
                               words=("time",))

ISO_LAYOUTS = {"date": {"yyyy-mm-dd"}, "date-time": {"yyyy-mm-ddthh:mm:ss", "yyyy-mm-ddthh:mm", "yyyy-mm-ddthh"},
               "time": {"hh:mm:ss"}}


# A value a description offers unquoted, as one word: "The special value me can be used to
# indicate the authenticated user", "Possible values include last_edited_time", "Use
# unassigned to clear the owner", "an email address, or me for yourself". No pronoun or
# article ("Use this to …", "or the …").
_OFFERED_WORD = Screened(
    r"\b(?:special|possible|allowed|accepted|valid|reserved|supported|permitted|magic)\s+(?:values?|keywords?)"
    r"(?:\s+(?:include|includes|are))?(?:\s*:)?\s*([a-z_][\w.-]*)|"
    r"\b(?:use|pass|send|specify|enter|or|set (?:it |this |the field )?to)\s+([a-z_][\w.-]*)\s+(?:to|for)\b|"
    # A clause of its own: "Email address of the owner; me for the signed-in user".
    r";\s*([a-z_][\w.-]*)\s+for\s+(?:the|a|an)\b",
    words=("value", "keyword", "use", "pass", "send", "specify", "enter", "or", "set ", ";"))
# Nor a JSON literal ("can be set to null"): a `null` is no string, which a format leaves alone.
_NO_VALUE_WORDS = frozenset({"a", "an", "the", "this", "that", "these", "those", "it", "its", "them", "their", "your",
                             "our", "his", "her", "one", "each", "not", "no", "only", "also", "either", "both",
                             "null", "true", "false"})


def offered_words(description: Any) -> list[str]:
    """Values the description offers unquoted, as words (see `_OFFERED_WORD`): a format
    such a word is not in is not the format of every value."""
    if not isinstance(description, str):
        return []
    found = (match.group(1) or match.group(2) or match.group(3) for match in _OFFERED_WORD.finditer(description))
    return [word.rstrip(".") for word in found if word.lower() not in _NO_VALUE_WORDS]


def quoted_values(description: Any) -> list[str]:
    """Values the description quotes or gives as examples: `'dontcare'`, `"null"`, e.g. 2024-01-31."""
    if not isinstance(description, str):
        return []
    return list(_quoted_values(description))


@lru_cache(maxsize=1024)
def _quoted_values(description: str) -> tuple[str, ...]:
    """Cached: a description a format is read from is asked for its values up to four times
    (whether they are in the format, refute it, support it), each a pass of two patterns."""
    found = [next(group for group in match.groups() if group is not None) for match in _QUOTED.finditer(description)]
    for match in _EXAMPLE_WORD.finditer(description):
        if match.group(4) is not None:  # a quoted first example is among `_QUOTED`'s already
            found.append(match.group(4).rstrip("."))
        end = match.end()
        for _ in range(_MORE_EXAMPLES_READ):  # "e.g. 1.2.3 or 1.2.3-beta.1 or v1.2.3": each is an example
            more = _MORE_EXAMPLE.match(description, end)
            if more is None:
                break
            found.append(more.group(1).rstrip("."))
            end = more.end()
    return tuple(found)


# The examples after the first, joined to it by a comma, "or" or "and" (a few: a list past
# that is a list of values, read as such elsewhere), each a whole item: the first word of a
# phrase is none ("e.g. 'https://example.com/page' or Confluence page URL").
_MORE_EXAMPLE = lazy_compile(r"(?<!\.)(?:\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+)" + _EXAMPLE_TOKEN
                             + r"(?=\s*(?:[,;)\]]|\.(?:\s|$)|$)|\s+(?:or|and)\s)")
_MORE_EXAMPLES_READ = 4


def described_defaults(description: Any) -> list[Any]:
    """What "Default is 0", "defaults to 'all'" or "default: none" name, as text and as JSON when it parses."""
    if not isinstance(description, str):
        return []
    if description.isascii() and "default" not in description.lower():
        return []  # what every match starts with; the case-insensitive search costs more
    values: list[Any] = []
    for match in _DEFAULT.finditer(description):
        text = next(group for group in match.groups() if group is not None).rstrip(".")
        values.append(text)
        try:
            values.append(json.loads(text.replace(",", "") if _GROUPED_NUMBER.fullmatch(text) else text))
        except ValueError:
            pass
    return values


def described_values(description: Any) -> tuple[Any, ...]:
    """Values the description names, which a fix must not reject where the schema accepts them:
    the numbers it writes ("between 10 and 50 (0 = server default)", "or 0 for any year"),
    but those it states as an exclusive bound or excludes ("greater than 0", "not 0") and
    those written in another unit than the one it says the value is in ("$1.00" of an
    amount "in the smallest currency unit", "5 seconds" of a timeout in milliseconds), what
    it quotes or gives as an example ("or 'auto'"), and the empty string where it offers it
    ("leave empty for no CC", "an empty string clears it"). Read wide on purpose: a value
    read that the description does not offer costs a fix, one missed breaks working calls."""
    if not isinstance(description, str):
        return ()
    return _described_values(description)


# Digits read as an int. A longer run stands for a number larger than any a fix states in
# practice, yet one that Python still converts to text and back: it refuses more than
# `sys.get_int_max_str_digits()` digits (4,300 by default; a process may lower it to 640) both
# ways, and a gate's message shows the value it would reject.
_INT_DIGITS = 600
_HUGE = 10 ** _INT_DIGITS


@lru_cache(maxsize=1024)
def _described_values(description: str) -> tuple[Any, ...]:
    description = without_markup(description)
    values: list[Any] = [value for value in _quoted_values(description) if not _LAYOUT.fullmatch(value)]
    if holds_digit(description):
        lowered = description.lower() if description.isascii() else None
        units: frozenset[str] | None = None  # the value's, read once a number is written in one
        for match in _NUMBER.finditer(description):
            start = max(0, match.start() - 24)
            if _EXCLUDED_BEFORE.screens(None if lowered is None else lowered[start:match.start()]) \
                    and _EXCLUDED_BEFORE.pattern.search(description, start, match.start()):
                continue
            written = written_unit(description, match.start(), match.end())
            if written is not None:
                units = value_units(description[:_UNIT_REACH]) if units is None else units
                if units and written not in units:
                    continue  # "$1.00" of an amount in cents, "5 seconds" of one in milliseconds: no value of it
            text = match.group(2).replace(",", "")
            number = float(text) if "." in text else int(text) if len(text) <= _INT_DIGITS else _HUGE
            values.append(-number if match.group(1) else number)
    zero = _ZERO.search(description) if "zero" in description.lower() else None
    if zero is not None and not _EXCLUDED_BEFORE.pattern.search(description, max(0, zero.start() - 24), zero.start()):
        values.append(0)  # "a limit of zero means no limit", "Zero returns everything": 0 spelled out
    if offers_empty(description):
        values.append("")
    return tuple(values)


# Zero spelled as a word, not "non-zero" nor part of another ("zeroes out", "zero-based").
_ZERO = lazy_compile(r"(?<![\w-])zero(?![\w-])", re.I)


def values_given_for(words: Any, name: str) -> tuple[Any, ...]:
    """The values words above a field (the tool's, an enclosing object's) give it by its
    name, read as `described_values` reads the field's own words, in each clause that names
    it: "Pass page_size=0 to stream every row", "A limit of 0 returns all invoices", "The
    filter also accepts status 'archived'", "export accepts a limit of up to 10000", a count
    right before it ("Enterprise plans may have up to 500 seats"), an empty string given it
    ("Pass an empty string as `cursor`", `cursor=""`); or in the whole of a
    docstring's entry for it ("Args:" / "Attributes:" entries,
    `:param page_size: … Pass 0 to stream every row.`). A fix read from the field's own words
    ("Rows per page, 1-500") must not refuse them either."""
    if not isinstance(words, str) or not name or not words or len(name) > _NAME_READ:
        return ()
    return _values_given_for(words[:_WORDS_READ], name)


def _mentions(words: str, name: str, plural: bool = False) -> Iterator[re.Match]:
    """The first few places words name a field (as `page_size`, `page size`, `page-size`, and,
    with `plural`, `page sizes`), each with a quote closing the name ("If optional 'root_type'
    is 'real'": the quote is the name's, not a value's)."""
    lowered, key = _lowered(words), name.lower()
    if key not in lowered and key.replace("_", " ") not in lowered:
        return iter(())
    spelled = r"[\s_-]".join(re.escape(part) for part in key.split("_")) + (r"(?:e?s)?" if plural else "")
    mentions = re.finditer(r"(?<![\w-])" + spelled + r"(?![\w-])['\"`\u2019\u201d]?", words, re.I)
    return itertools.islice(mentions, _MENTIONS_READ)


def lengths_given_for(words: Any, name: str) -> tuple[int, ...]:
    """The lengths words above a string field give it by its name, or its plural, in a clause
    that names it ("Titles may be up to 300 characters in Pro workspaces", "In Pro workspaces
    `title` may be up to 300 characters"): a length the field's own words ("Title, up to 100
    characters") do not cover, which a `maxLength` read from them would refuse."""
    if not isinstance(words, str) or not name or not words or len(name) > _NAME_READ:
        return ()
    return _lengths_given_for(words[:_WORDS_READ], name)


@lru_cache(maxsize=1024)
def _lengths_given_for(words: str, name: str) -> tuple[int, ...]:
    return tuple(length for mention in _mentions(words, name, plural=True)
                 for length in named_lengths(words[mention.end():_said_until(words, mention)]))


_LENGTH_IN_WORDS = lazy_compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d{1,6})[- ](?:digits?|characters?|chars?|letters?)\b",
                                re.I)


def named_lengths(text: str) -> list[int]:
    """The lengths the words name in characters or digits ("16 digits", "an 8-digit code",
    "64 characters"): of the field's values, or of another kind of them."""
    return [int(named.group(1).replace(",", "")) for named in _LENGTH_IN_WORDS.finditer(text)] if holds_digit(text) else []


@lru_cache(maxsize=1024)
def _values_given_for(words: str, name: str) -> tuple[Any, ...]:
    values: list[Any] = []
    for mention in _mentions(words, name):
        # A count of the field's own things, right before its name: "up to 500 seats".
        before = max(0, mention.start() - _COUNT_REACH)
        counted = _COUNT_BEFORE_NAME.search(words, before, mention.start())
        if counted is not None:
            values += [value for value in described_values(counted.group(1)) if not isinstance(value, str)]
        # An empty string given it: "Pass an empty string as `cursor`", "Start with cursor=''".
        if _EMPTY_BEFORE_NAME.search(words, before, mention.start()) or _EMPTY_AFTER_NAME.match(words, mention.end()):
            values.append("")
        values += described_values(words[mention.end():_said_until(words, mention)])
    return tuple(values)


@lru_cache(maxsize=8)
def _lowered(words: str) -> str:
    """The words lowered once, however many fields' names are looked for in them."""
    return words.lower()


def _said_until(words: str, mention: re.Match) -> int:
    """Where what the words say of the field named at `mention` ends: its docstring entry's
    end (the next line no deeper than the entry's, or a blank one), else its clause's."""
    reach = max(0, mention.start() - _ENTRY_HEAD_REACH)
    line_start = words.rfind("\n", reach, mention.start()) + 1 or (0 if reach == 0 else -1)
    entry = _ENTRY_HEAD.fullmatch(words, line_start, mention.start()) if line_start >= 0 else None
    if entry is not None and _ENTRY_AFTER_NAME.match(words, mention.end()):
        indent = len(entry.group(1).expandtabs())
        for line_end in _LINE_END.finditer(words, mention.end(), mention.end() + _ENTRY_REACH):
            following = words[line_end.end():line_end.end() + _ENTRY_REACH]
            blanks = len(following) - len(following.lstrip(" \t"))
            if not following.strip(" \t") or following[blanks] == "\n" or blanks <= indent:
                return line_end.start()
        return min(len(words), mention.end() + _ENTRY_REACH)
    clause_end = _CLAUSE_END.search(words, mention.end(), mention.end() + _CLAUSE_REACH)
    return clause_end.start() if clause_end else mention.end() + _CLAUSE_REACH


# What of the words `values_given_for` reads, the longest name it looks for, and the mentions
# of one name it reads (a name written thousands of times would cost as many readings).
_WORDS_READ = 20_000
_NAME_READ = 64
_MENTIONS_READ = 32
# How far a clause that names the field is read for its values, at most, and an entry of a docstring.
_CLAUSE_REACH = 200
_ENTRY_REACH = 600
_CLAUSE_END = lazy_compile(r"[.;!?](?:\s|$)|\n")
# A number, then at most one word, right before the name ("500 seats", "500 more seats").
_COUNT_BEFORE_NAME = lazy_compile(r"(?<![\w.,-])(-?[0-9][0-9,]*(?:\.[0-9]+)?)\s+(?:[A-Za-z-]+\s+)?\Z")
_COUNT_REACH = 40
_EMPTY_BEFORE_NAME = lazy_compile(r"\bempty\s+(?:string|value|text)\s+(?:as|for|to|in)\s+(?:the\s+)?[`'\"]?\Z", re.I)
_EMPTY_AFTER_NAME = lazy_compile(r"\s*[:=]\s*(?:\"\"|''|``)")
# A docstring entry's start before the name: its indentation, then `:param ` (Sphinx, with a
# type or not), a bullet, or a backtick; after the name, a type in parentheses and a colon.
_ENTRY_HEAD_REACH = 80
_ENTRY_HEAD = lazy_compile(r"([ \t]*)(?::param\s+(?:[\w\[\], .|]+\s+)?|[-*\u2022]\s+)?`?")
_ENTRY_AFTER_NAME = lazy_compile(r"`?\s*(?:\([^()\n]{0,60}\))?\s*:")
_LINE_END = lazy_compile(r"\n")


# Numbers of three or more parts: a date, a time, a version, an address ("2026-01-31",
# "10:30:00", "1.2.3"), whose parts count nothing.
_DATE_LIKE = lazy_compile(r"(?<!\d)\d+(?:[-/:.]\d+){2,}")


def largest_number(description: Any) -> float | None:
    """The largest number the description writes (`1,000` read as 1000; `50k`, `2M` and
    `1e5` at their size), or None. A conventional bound below it would contradict words that
    may state a larger one the readers leave unread ("Constraints: Up to 1000 resource IDs",
    "batches of 50k+ rows")."""
    return max((*(abs(number) for number in _written_numbers(description)), *_scaled_numbers(description)),
               default=None)


def unquoted(description: Any) -> Any:
    """The description with the values it quotes taken out: the field's values written as
    examples (`["80:8080", "443:8443"]` of an array of port pairs), whose digits count
    nothing. A quoted number alone stays ("up to `500` items")."""
    if not isinstance(description, str) or not holds_digit(description):
        return description
    return _QUOTED.sub(_unless_a_number, description)


def _unless_a_number(quoted: re.Match) -> str:
    value = next(group for group in quoted.groups() if group is not None)
    return quoted.group(0) if _LONE_NUMBER.fullmatch(value.strip()) else " "


_LONE_NUMBER = lazy_compile(r"[-+]?\d[\d,]*(?:\.\d+)?")


def _scaled_numbers(description: Any) -> Iterator[float]:
    """The numbers the description writes with their size after them, at that size."""
    if not isinstance(description, str) or not holds_digit(description):
        return
    for match in _SCALED_NUMBER.finditer(description):
        number, size = match.groups()
        yield float(number) * (10 ** int(size[1:]) if size.startswith("e") else _SCALE[size])


# A number with its size after it: "50k", "2M", "1e5" (not "24h", "2FA", "10m", which may be minutes).
_SCALED_NUMBER = lazy_compile(r"(?<![\w.])(\d{1,6}(?:\.\d{1,3})?)(k|K|M|e[1-9]\d?)(?![A-Za-z])")
_SCALE = {"k": 1_000, "K": 1_000, "M": 1_000_000}


def names_only(description: Any) -> bool:
    """Whether a description only names the value ("The customer's email address", "Invoice
    currency", none at all), as against one that goes on to say when it is sent, what stands
    in for it, what leaving it out gets or how much it may hold ("Cc recipients, if any",
    "Most pickups need none", "Detected from the text when missing", "paste whole email
    threads"). Recorded calls show what a model sent when shown the field; only of a field so
    named are they evidence of what every call sends, holds or leaves out. Read as a closed
    set, not as the open set of ways words can say more: one clause, a few words, no
    condition, alternative or example."""
    if not isinstance(description, str):
        return True
    text = description.strip().removesuffix(".")
    return (len(text) <= _LABEL_CHARACTERS and len(text.split()) <= _LABEL_WORDS
            and _MORE_THAN_A_NAME.search(text) is None)


_LABEL_CHARACTERS = 100
_LABEL_WORDS = 12
# Punctuation that opens another clause, a parenthesis or an example, and the words of a
# condition, an alternative or a quantity.
_MORE_THAN_A_NAME = lazy_compile(r"[.;:,()\[\]{}!?\n\u2013\u2014]| - |"
                                 r"\b(?:if|when|whenever|unless|until|without|otherwise|except|instead|or|default|"
                                 r"defaults|optional|optionally|any|each|every|only|whether|where|most|some|none|no|not|"
                                 r"never|also|etc|may|can|should|up|least|more|fewer|less|many|all|whole|entire|long|"
                                 r"large)\b", re.I)


def allows_more_than(description: Any, bound: float) -> str:
    """Why the words may allow values above `bound`, a bound the recorded calls bear out, or
    "": they offer no limit ("there is no limit", "unlimited", "any number of IDs"), say
    values may be long or large ("may be long (logs, stack traces)"), name a larger number
    ("Exports of up to 5000 rows"), or one in words ("up to ten thousand", "a million
    rows"), which no reader takes as a bound. The calls show what was sent so far; such
    words say what may be sent next."""
    if not isinstance(description, str):
        return ""
    if _NO_UPPER_LIMIT.occurs_in(description):
        return "the words offer no limit or long values"
    named = largest_number(description)
    if named is not None and named > bound:
        return f"the words name {named:,g}"
    if _LARGE_NUMBER_WORD.occurs_in(description):
        return "the words name a number in words"
    return ""


_NO_UPPER_LIMIT = CaselessWords(
    r"\b(?:no|without (?:a |any )?)\s*(?:upper |length |size )?(?:limit|maximum|cap)\b|\bunlimited\b|\bunbounded\b"
    r"|\bany (?:number|amount|length)\b|\b(?:may|can|could|might) (?:be|get|grow) (?:very |quite |arbitrarily )?"
    r"(?:long|large|big|lengthy|huge)\b|\barbitrar(?:y|ily) (?:long|large|many)\b"
    r"|\bas (?:many|long|high|large|big|much) as (?:you|needed|necessary|required|desired)\b"
    # "very large limits (100k rows and more) are fine", "paste whole email threads", "address
    # your entire audience", "Complex analytical queries", "and more".
    r"|\b(?:large|big|high|long)\s+[\w-]+\s+(?:\([^)]{0,60}\)\s+)?(?:are|is)\s+(?:fine|ok|okay|allowed|accepted|supported)\b"
    r"|\b(?:entire|whole)\b(?!\s+numbers?\b)|\bcomplex\b|\band more\b",
    ("limit", "maximum", "cap", "unbounded", "any ", "long", "lengthy", "large", "big", "huge", "arbitrar", "as many",
     "as long", "as high", "as large", "as big", "as much", "high", "entire", "whole", "complex", "and more"))
_LARGE_NUMBER_WORD = CaselessWords(r"\b(?:hundreds?|thousands?|millions?|billions?)\b",
                                   ("hundred", "thousand", "million", "billion"))


def smallest_number(description: Any) -> float | None:
    """The smallest number the description writes, its sign included, or None: a lower bound
    taken from a field's name above it would refuse a value the words may offer ("0 returns
    only the total", "-1 for no limit")."""
    return min(_written_numbers(description), default=None)


def _written_numbers(description: Any) -> Iterator[float]:
    """The numbers the description writes, dates aside, each with its sign. Read as floats: a
    run of thousands of digits is no int Python converts."""
    if not isinstance(description, str) or not holds_digit(description):
        return
    for match in _NUMBER.finditer(_DATE_LIKE.sub(" ", description)):
        yield (-1 if match.group(1) else 1) * float(match.group(2).replace(",", ""))


def without_markup(text: str) -> str:
    """The text with its HTML tags taken out: an inline one (`<code>1</code>`) as nothing, one
    that breaks a line or a block (`<br>`, `<p>`, `<li>`, a table's cell) as a line break.
    Descriptions carried over from HTML API references keep their markup, and a tag's `>`
    before a number read as "greater than": `<b>Max:</b> 100` gave `minimum: 101`. Markdown's
    bold goes too: "**Required.** The page to open" says "Required." as the plain words do,
    and "**URL** of the page" names a URL."""
    if "**" in text:
        text = _BOLD.sub(r"\1", text)
    if "<" not in text:
        return text
    return _TAG.sub(_tag_replaced, text)


_BOLD = lazy_compile(r"\*\*(?=\S)([^*\n]{1,200}?)(?<=\S)\*\*")


def _tag_replaced(tag: re.Match) -> str:
    name = tag.group(1).lower()
    return "\n" if name in _BLOCK_TAGS else "" if name in _INLINE_TAGS else tag.group()


# A tag: `<`, an optional `/`, a name, attributes, `>`: one of HTML's, as a placeholder
# (`preview-<branch>`, `<version>`) is not, nor `<=` or `< 5`.
_TAG = lazy_compile(r"</?([A-Za-z][A-Za-z0-9]{0,9})\b[^<>]{0,200}/?>")
_INLINE_TAGS = frozenset({"a", "b", "i", "u", "s", "em", "strong", "code", "span", "small", "sub", "sup", "kbd", "var",
                          "samp", "tt", "mark", "del", "ins", "abbr", "cite", "q"})
_BLOCK_TAGS = frozenset({"p", "br", "li", "ul", "ol", "div", "tr", "td", "th", "table", "thead", "tbody", "dl", "dt", "dd",
                         "pre", "blockquote", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "summary", "details"})


def holds_digit(text: str) -> bool:
    """Whether `text` holds a digit. ASCII text is looked through for each of the ten at C
    speed: `re` tests every character against the digit category, at twice the cost."""
    if not text.isascii():
        return _DIGIT.search(text) is not None
    for digit in "0123456789":
        if digit in text:
            return True
    return False


def answers_omission(description: Any) -> bool:
    """Whether the words say what a call that leaves the field out gets, as a default does:
    "Omit to use the default recipient", "If you leave it out, the team inbox is used", "if
    not provided, falls back to the owner", "inferred from the repository when omitted"."""
    return isinstance(description, str) and _ANSWERS_OMISSION.occurs_in(description)


# A clause that does not refuse the call: what the tool does without the field.
_NO_REFUSAL = (r"(?![^.;]{0,80}?\b(?:fail(?:s|ed)?|errors?|rejected|refused|invalid|required|must|cannot|can't|"
               r"exceptions?|raise[sd]?|denied|abort(?:s|ed)?)\b)")
_ANSWERS_OMISSION = CaselessWords(
    r"\bomit(?:ted)?\b[^.;]{0,40}?\b(?:to use|uses?|is used|defaults?|falls? back)\b|"
    r"\b(?:leave|omit)\s+(?:it|this(?: field)?)\s+(?:out\s+)?to\s+(?:use|get|keep)\b|"
    r"\b(?:if|when)\s+(?:you\s+)?(?:leave|omit)\s+(?:it|this(?: field)?)(?:\s+out)?,?\s+[^.;]{0,60}?"
    r"\b(?:is|are)\s+used\b|"
    # What happens then, whatever it is, unless it is a refusal: "If not provided, the remaining
    # balance is refunded", "When omitted, all projects are searched" (not "…, the call fails").
    r"\b(?:if|when)\s+(?:omitted|missing|absent|left out|not\s+(?:provided|given|set|specified|supplied|sent|passed))"
    r",?\s+" + _NO_REFUSAL + r"(?:the|a|an|all|every|no|nothing|it|we|they|its|their)\b|"
    r"\bfalls?\s+back\b|\binfer(?:s|red)\b|\bauto-?(?:generated|detected|filled)\b|"
    # "Omitting it means the link never expires", "(absent → the plan's retention)", "If you
    # leave this out, the base currency applies", "a sensible default is used otherwise".
    r"\b(?:omitting|skipping|leaving out) (?:it|this|that)\b|\b(?:absent|omitted|missing|unset)\s*(?:→|->|=>|means\b)|"
    r"\b(?:if|when) you (?:leave|omit|skip) (?:it|this|that)\b|\b(?:is|are) used otherwise\b|"
    r"\b(?:if|when) left out\b|\b(?:if|when|unless) you (?:don't|do not) (?:send|pass|give|provide|set|specify)\b|"
    # "a comma is used when absent", "Without it a name is generated from the title", "Org
    # admins may leave it out", "inherited from the current checkout", "If the keychain holds
    # one for this host it is used".
    r"\b(?:is|are)\s+used\s+(?:when|if)\s+(?:absent|omitted|missing|left out|not\s+(?:given|provided|set|sent))\b|"
    r"\bwithout it,?\s+" + _NO_REFUSAL + r"(?:the|a|an|all|every|no|nothing|it|we|they|its|their)\b|"
    r"\b(?:may|can)\s+(?:leave\s+it\s+out|omit\s+it|skip\s+it)\b|\binherit(?:s|ed)?\s+(?:it\s+)?from\b|"
    r"\bif\b[^.;]{0,60}?\b(?:holds|has|finds|knows)\s+one\b[^.;]{0,40}?\b(?:it|that one)\s+is\s+used\b",
    ("omit", "leav", "if", "when", "unless", "fall", "infer", "auto", "skip", "absent", "missing", "unset",
     "otherwise", "without", "inherit"))


# A sentence of the object's own words that offers its fields as choices ("give an email, a
# phone number, or both", "at least one of"), or that leaves one out ("Products without sizes
# simply omit size").
_CHOICE_OR = lazy_compile(r"\bor\b", re.I)
_LET_GO_CHOICE = lazy_compile(r"\bor both\b|\beither\b|\bat least one\b|\b(?:one|any) of\b", re.I)
_LEFT_OUT = lazy_compile(r"\b(?:omits?|omitting|leave out|skips?|skipping)\s+(?:the\s+)?[`'\"]?([A-Za-z_][\w-]*)")
_FIELD_NAME_WORD = lazy_compile(r"[A-Za-z_][\w-]*")


@lru_cache(maxsize=256)
def fields_let_go(description: object, tool_description: object, properties: frozenset[str]) -> frozenset[str]:
    """The properties an object's words (`tool_description`: the tool's, for its arguments)
    offer as choices by name ("give an email, a phone number, or both", "by customer_id or by
    phone"), leave out ("Products without sizes simply omit size"), say may be left out
    ("`region` may be omitted"), or waive for some calls ("only po_box and country are
    needed"): none of them is needed by every call."""
    text = "\n".join(words for words in (description, tool_description) if isinstance(words, str))
    found: set[str] = set()
    for words in sentences(text[:_LET_GO_READ]):
        named = [name for name in _FIELD_NAME_WORD.findall(words) if name in properties]
        # Two of them named with an "or" between ("by customer_id or, failing that, by phone").
        if _LET_GO_CHOICE.search(words) or len(set(named)) > 1 and _CHOICE_OR.search(words):
            found.update(named)
        found.update(match.group(1) for match in _LEFT_OUT.finditer(words) if match.group(1) in properties)
        if _ALL_WAIVED.search(words):
            found.update(properties)  # "Arguments marked required may be omitted when template_id is given"
        elif _ONLY_NEEDED.search(words):
            found.update(properties.difference(named))  # "For PO boxes only po_box and country are needed"
        for clause in _LET_GO_CLAUSE.split(words):
            # "`region` may be omitted", "If `region` is left out, the default region is used"
            if says_optional(clause) or _OMITTED.search(clause):
                found.update(name for name in _FIELD_NAME_WORD.findall(clause) if name in properties)
    return frozenset(found)


# Words that waive what the schema or the words call required, for some calls; and words
# that name the few properties some calls need.
_ALL_WAIVED = lazy_compile(r"\b(?:arguments|parameters|params|fields|properties)\s+(?:marked\s+|listed\s+)?(?:as\s+)?"
                           r"required\b[^.;\n]{0,40}\b(?:may|can)\s+be\s+(?:omitted|left\s+out|skipped)\b", re.I)
_ONLY_NEEDED = lazy_compile(r"\bonly\b[^.;\n]{0,80}\b(?:is|are)\s+(?:needed|required)\b", re.I)
_OMITTED = lazy_compile(r"\b(?:is|are)\s+(?:left\s+out|omitted|not\s+(?:given|provided|set|specified|passed|sent))\b",
                        re.I)
_LET_GO_CLAUSE = lazy_compile(r"[;,]\s")


# How much of an object's words is read for names: a description is read once per object.
_LET_GO_READ = 20_000


def says_optional(description: Any) -> bool:
    return isinstance(description, str) and _OPTIONAL.occurs_in(description)


def offers_unset_value(description: Any) -> bool:
    """The description gives a value that stands for no setting: "Use -1 for no limit",
    "0 = unlimited", "null for all", "0 to disable"."""
    return isinstance(description, str) and _UNSET_VALUE.occurs_in(description)


def offers_substitute(description: Any) -> bool:
    """Whether the words let another field, or another spelling of this one, be sent in its
    place: "You may pass the deprecated `query` parameter instead", "(Formerly `userName`,
    which is still accepted.)", "(or pass contact_id instead)", "Deprecated alias of subject;
    accepted in its place". A requirement of the field is then one of either."""
    return isinstance(description, str) and _SUBSTITUTE.occurs_in(description)


# ("instead" of another field's, not "instead of": "When using a name instead of a GUID, …" is
# another form of the value.)
# Also another field offered as the alternative: "Alternatively, set interval_minutes", "Or use
# interval_minutes.", "; interval_minutes works as well".
_SUBSTITUTE = CaselessWords(r"\binstead\b(?!\s+of\b)|\bin (?:its|their) place\b|\bformerly\b|\bstill accepted\b|"
                            r"\b(?:deprecated )?alias (?:of|for)\b|\balternatively\b|(?:^|[.;(\u2013\u2014]\s*|\s-\s+)or (?:use|set|pass|"
                            r"give|send|provide|specify)\b|"
                            # A field's name (a word with `_`), taken whole: from each start in a word,
                            # or at each `_` of one, a plain `[\w.-]*_` scanned the rest again.
                            r"(?<![\w.-])(?=[a-z][\w.-]*_)(?=([\w.-]+))\1 (?:works|work|is accepted|is fine) "
                            r"(?:as well|too)\b")


def offered_in_place(name: str, description: Any, stand_ins: Mapping[str, frozenset[str]]) -> bool:
    """Whether the words offer something in the place of the field `name`: its own
    `description` (`offers_substitute`), or the description of a sibling that makes it another
    spelling of the field ("Deprecated alias of subject", "Sent in place of `jql`"; `stand_ins`,
    from `stand_ins_of`). A requirement of the field is then one of either."""
    return offers_substitute(description) or bool(stand_ins.get(name, frozenset()) - {name})


def stand_ins_of(descriptions: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    """For each name an object's fields' words stand in for, the fields whose words do:
    `descriptions` maps each field to its description, each read once for all of them (asked
    field by field, an object of 3,000 fields read nine million descriptions)."""
    found: dict[str, set[str]] = {}
    for other, text in descriptions.items():
        if isinstance(text, str):
            for match in _STANDS_IN_FOR.finditer(text):
                found.setdefault(match.group(1), set()).add(other)
    return {name: frozenset(others) for name, others in found.items()}


# The name after it, a dotted path's inner dots kept, a sentence's full stop not ("instead of user_id.").
_STANDS_IN_FOR = lazy_compile(r"\b(?:alias\s+(?:of|for)|in\s+place\s+of|instead\s+of)\s+[`'\"]?([\w-]+(?:\.[\w-]+)*)", re.I)


def says_required(description: Any) -> bool:
    """The description calls the field required or mandatory, and not conditionally or
    optionally: "Required.", "Display name (required)", "REQUIRED: base commit SHA", but
    not "Required for updates; omit when creating", "Required if channel is 'email'",
    "Either id or full_path is required". A requirement in some calls is no evidence that
    every call sends the field (SL102 reads which ones)."""
    # The requirement word first: most descriptions have none, and then nothing else is read.
    if not isinstance(description, str) or not _REQUIRED.occurs_in(description):
        return False
    if says_optional(description) or _NOT_REQUIRED.occurs_in(description):
        return False
    stated = requirement_sentences(description)
    return bool(stated) and not any(_QUALIFIED_REQUIREMENT.occurs_in(sentence) for sentence in stated)


def mentions_requirement(description: Any) -> bool:
    """The description calls the field required, conditionally or not (a requirement word
    about another noun, "Required scopes: read:org", is none)."""
    return isinstance(description, str) and _REQUIRED.occurs_in(description) and bool(
        requirement_sentences(description))


def requirement_sentences(description: str) -> tuple[str, ...]:
    """The sentences (or clauses) of `description` whose requirement word speaks of this
    field, not of another noun (see `_ABOUT_ANOTHER`) nor answered no ("Required? No", read
    before the question mark splits the sentence)."""
    return tuple(sentence for sentence in sentences(_ANSWERED_NO_TEXT.sub(" ", description))
                 if _requires_this_field(sentence))


def _requires_this_field(sentence: str) -> bool:
    """Whether a requirement word of `sentence` is said of the field the description is of."""
    spans = list(_REQUIRED.spans(sentence))
    if not spans or _required_of_another(sentence):
        return False
    # Only the words near a requirement word can take it away: a long sentence is not read
    # through, each character tried by `_ABOUT_ANOTHER`'s many openings.
    near = sentence[max(0, spans[0][0] - _ABOUT_REACH):spans[-1][1] + _ABOUT_REACH]
    return _REQUIRED.occurs_in(_ABOUT_ANOTHER.sub(" ", near))


def _required_of_another(sentence: str) -> bool:
    """Whether a relative clause holds the sentence's requirement (see `_BE_REQUIRED`)."""
    lowered = sentence.lower()
    if "which" not in lowered and "where" not in lowered and "whether" not in lowered:
        return False
    for requirement in _BE_REQUIRED.finditer(sentence):
        start = max(0, requirement.start() - _RELATIVE_REACH)
        before = sentence[start:requirement.start()]
        after_parenthesis = max(before.rfind("("), before.rfind(")")) + 1
        if _RELATIVE.search(before, after_parenthesis):
            return True
    return False


def layouts(description: Any) -> list[str]:
    """Date and time layouts the description spells out, lower-cased (`mm/dd/yyyy`)."""
    if not isinstance(description, str):
        return []
    return [match.group().lower() for match in _LAYOUT.finditer(description)
            if any(c in match.group().lower() for c in "ymd")]


def counts_from_epoch(schema: dict) -> bool:
    """Whether the schema's words or values give its time as a count from the epoch (a Unix
    timestamp, "1503435956.000247"), which no date or date-time `format` takes."""
    if isinstance(schema.get("description"), str) and _EPOCH_NAMED.occurs_in(schema["description"]):
        return True
    stated = stated_strings(schema)
    return bool(stated) and all(_EPOCH_NUMBER.fullmatch(value) for value in stated)


def names_iso(description: Any) -> bool:
    return isinstance(description, str) and _ISO_NAMED.occurs_in(description)


def says_open_values(description: Any) -> bool:
    """Whether the description calls the values free text, or gives examples of them: either
    way the values recorded so far are a sample of an open set, not the set."""
    return isinstance(description, str) and _OPEN_VALUES.occurs_in(description)


def physical(description: Any) -> bool:
    """The description speaks of a physical quantity or a signed difference: no natural lower bound."""
    return isinstance(description, str) and _PHYSICAL.occurs_in(description)


def says_signed(description: Any) -> bool:
    """The description says the number may be negative: no lower bound follows from its name."""
    return isinstance(description, str) and _SIGNED.occurs_in(description)


def adjusts_balance(description: Any) -> bool:
    """The description applies the number to a balance, a ledger or a credit: it may be
    negative though the words do not say so ("to apply to the customer's credit balance")."""
    return isinstance(description, str) and _ADJUSTS_BALANCE.occurs_in(description)


def monetary(description: Any) -> bool:
    """The description speaks of money: an amount word that has other senses ("charge") means money."""
    return isinstance(description, str) and _MONEY.occurs_in(description)


def names_git_remote(description: Any) -> bool:
    """The description speaks of a git remote or clone URL, or of SSH: its values may be
    `git@github.com:owner/repo.git` (what `git remote get-url` gives for an SSH clone),
    which `format: uri` refuses."""
    return isinstance(description, str) and _GIT_REMOTE.occurs_in(description)


def offers_values_outside(description: Any, fmt: str) -> bool:
    """Whether the words offer values `fmt` refuses besides those in it: several values in
    one string ("Pass a comma-separated list for several"), another kind of identifier some
    callers have ("legacy accounts have numeric IDs"), a value in its place ("The project's
    slug is accepted in its place", "or * for all workspaces"), for an IP address the other
    family named ("IPv6 address (plain IPv4 accepted for dual-stack hosts)": accepted or
    refused, the words speak of values the format leaves out), or for a date words no date
    format holds ("YYYY-MM-DD, or today / tomorrow", "or a relative date")."""
    if not isinstance(description, str):
        return False
    if holds_several(description) or _FORMAT_OR_ANOTHER.search(description) or offers_other_forms(description) \
            or _ANOTHER_IDENTIFIER.search(description) or offers_substitute(description) \
            or _WILDCARD_OFFERED.search(description):
        return True
    if fmt in _OTHER_IP_FAMILY:
        return _OTHER_IP_FAMILY[fmt].search(description) is not None
    if fmt == "date-time" and _NO_OFFSET_TAKEN.search(description):
        return True
    if fmt in ("email", "idn-email"):  # "Google Groups are given as group:eng@acme.com"
        return "@" in description and any(not valid_in(fmt, token.rstrip("."))
                                          for token in _MAILBOX_TOKEN.findall(description))
    if fmt in ("uri", "iri"):  # "For local testing use 127.0.0.1:8080/cb"
        return _SCHEMELESS_ADDRESS.search(description) is not None
    return fmt in ISO_LAYOUTS and (_RELATIVE_DATES.occurs_in(description)
                                   or any(not valid_in(fmt, token) for token in _DATE_TOKEN.findall(description)))


# A value written unquoted in the words with an `@` in it: an address, or what stands for one.
# (Tried only where a token starts: from inside one, each start would scan the token again.)
_MAILBOX_TOKEN = lazy_compile(r"(?<![^\s'\"`()<>,;@])[^\s'\"`()<>,;@]+@[^\s'\"`()<>,;@]+")
# An address written with no scheme, which `uri` refuses: an IP or `localhost` (a port or a
# path may follow), a host with a port or a path (`acme.io/feed`), or a `www.` host. Not one
# inside a URL (after `//`, `@`, a dot or a letter).
_SCHEMELESS_ADDRESS = lazy_compile(r"(?<![\w/:@.-])(?:(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?![\w.]|\.\w)|"
                                   r"www\.(?:[a-z0-9-]+\.)+[a-z]{2,}\b|"
                                   r"(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d{1,5}\b|/[\w/.%~-]*))", re.I)
_FORMAT_NOUN = r"(?:e-?mail(?:\s+address)?|urls?|uris?|links?|websites?|web\s+address|uuids?|guids?|hostnames?)"
# The value named as a format's kind or another ("Email address or username", "a URL or a
# local file path", "username or email"): the other's values are no values of the format.
# "URL or ID" and "URL, or the video ID" too: an id is the other word most often named.
_FORMAT_OR_ANOTHER = lazy_compile(r"\b" + _FORMAT_NOUN + r",?\s+(?:or|and/or)\s+(?:by\s+)?(?:an?\s+|the\s+|its\s+|their\s+)?(?!"
                                  + _FORMAT_NOUN
                                  + r"\b)(?:[a-z]{3,}|ids?\b)|\b(?!" + _FORMAT_NOUN
                                  + r"\b)(?:[a-z]{3,}|ids?),?\s+(?:or|and/or)\s+(?:an?\s+|the\s+)?"
                                  + _FORMAT_NOUN + r"\b", re.I)


# The other family's name, beside an IP address format.
_OTHER_IP_FAMILY = {"ipv4": lazy_compile(r"\bIPv6\b", re.I), "ipv6": lazy_compile(r"\bIPv4\b", re.I)}
# A wildcard for every value: "Workspace UUID, or * for all workspaces", "Use * to search all days".
_WILDCARD_OFFERED = lazy_compile(r"\b(?:or|use|pass|send)\s+['\"`]?\*(?!\w)", re.I)
# Another kind of identifier some callers have: "legacy accounts have numeric IDs", "Accounts
# created before 2020 sign in with a username".
_ANOTHER_IDENTIFIER = lazy_compile(r"\b(?:legacy|numeric|integer|older)\s+(?:[\w-]+\s+)?(?:ids?|identifiers?|keys?)\b|"
                                   r"\blegacy\s+(?:users?|accounts?|clients?|customers?|members?)\b|"
                                   r"\b(?:sign|log)\s+in\s+(?:with|using)\s+(?:an?\s+|their\s+)?(?!e-?mail)[a-z]", re.I)


def offers_other_forms(description: Any) -> bool:
    """Whether the words take values of another form too: "A bare hostname is also fine",
    "with or without hyphens", "Also accepts an account ID", "ICAO codes are also accepted",
    "ZIP+4 is accepted"."""
    return isinstance(description, str) and (_OTHER_FORMS_FINE.occurs_in(description)
                                             or _accepted_unrestricted(description))


def _accepted_unrestricted(description: str) -> bool:
    """Whether a clause says something is accepted ("ZIP+4 is accepted", "Pre-release
    suffixes are allowed") without restricting what is ("Only corporate addresses are
    accepted", "nothing else is allowed") or naming a side of a bound ("Longer names are
    accepted", which `handled.handled_sides` reads). The clause is read back a short way from
    the verb, so a text of many verbs costs no square."""
    for said in _ACCEPTED.finditer(description):
        start = max(0, said.start() - _CLAUSE_BACK)
        start = max([start] + [description.rfind(stop, start, said.start()) + 1 for stop in ".;:\n("])
        if _NO_OTHER_FORM.search(description, start, said.start()) is None:
            return True
    return False


_ACCEPTED = lazy_compile(r"\b(?:is|are)\s+(?:accepted|allowed|permitted)\b", re.I)
_NO_OTHER_FORM = lazy_compile(r"\b(?:only|nothing|no|not|never|none|longer|shorter|larger|smaller|higher|lower|more|"
                              r"fewer|less|above|below|over|under)\b", re.I)
_CLAUSE_BACK = 120


# Also "Their user ID is accepted too", "A local file path also works", "You may also pass
# their username", "The scheme may be omitted", "…, or their username", "…, or a group alias".
# Each alternative after one word boundary: Python's `re` then tries them at word starts only
# (a hostile text of 60,000 "Email address or" took 0.34 s with a boundary in each, 0.08 s so).
_OTHER_FORMS_FINE = CaselessWords(r"\b(?:(?:is|are)\s+also\s+(?:fine|ok|okay|accepted|allowed|supported|valid)\b|"
                                  # "A bare domain is fine", "three-letter codes are converted", "a space instead
                                  # of T is accepted".
                                  r"(?:is|are)\s+(?:fine|ok|okay|converted|normali[sz]ed|translated|folded|lower-?cased|"
                                  r"upper-?cased)\b(?!-)|"
                                  r"instead\s+of\b[^.;]{0,30}\b(?:is|are)\s+(?:accepted|allowed)\b|"
                                  r"also\s+(?:accept(?:s|ed)?|takes?|allows?)\b|with or without\b|"
                                  r"(?:is|are)\s+(?:fine|ok|okay|accepted|allowed|supported|valid)\s+(?:too|as well)\b|"
                                  r"(?:also|too)\s+works?\b|works?\s+(?:too|as well)\b|"
                                  r"(?:may|can)\s+also\s+(?:pass|use|give|send|enter|provide|specify)\b|"
                                  # "Alternatively, their Slack handle", "For guests, pass their phone number",
                                  # "can also be addressed by their Slack handle".
                                  r"alternatively\b|(?:pass|give|use|provide|send|enter)\s+(?:their|his|her|its)\s+"
                                  r"(?!e-?mail|urls?\b|links?\b|address)|(?:addressed|identified|reached)\s+by\b|"
                                  r"(?:scheme|protocol|prefix|domain|host)\b[^.;]{0,20}\b(?:may|can)\s+be\s+"
                                  r"(?:omitted|left (?:out|off)|dropped)\b|"
                                  # "Quarters may be given as 2024-Q2", "a bare date means end of day", "Spaces are
                                  # encoded for you", "append :port", "You may use {id}
                                  # placeholders", "send the year alone", "JIRA-42 or its URL".
                                  r"(?:may|can)\s+(?:also\s+)?be\s+(?:given|passed|sent|written|entered|specified|supplied)"
                                  r"\s+(?:as|with|without)\b|bare\s+[\w-]+\s+(?:means?|is|are|works?|gets?|will)\b|"
                                  r"(?<![\w-])[\w-]+e[dn]\s+for\s+you\b|"  # from a word's start: else each letter scans on
                                  r"(?:ap|pre)pend(?:s|ed)?\b|placeholders?\b|"
                                  r"(?:send|pass|give|use)\s+(?:just\s+|only\s+)?(?:the\s+)?[\w-]+\s+alone\b|"
                                  r"or\s+(?:their|his|her|its)\s+(?:full\s+|complete\s+)?[a-z]|"
                                  r"for\s+(?:[\w-]+[\s,]+){1,6}?(?:pass|put|use|send|enter|give)\s+(?:the|their|its|a|an)\s+"
                                  r"(?!(?:[\w-]+\s+){0,2}?(?:e-?mail|urls?\b|links?\b|address))[a-z])|"
                                  r",\s*or\s+(?:an?|their|his|her|its|your)\s+[a-z]|"
                                  # A part left off or filled in ("If no scheme is given, https is assumed",
                                  # "Dashes are optional", "the first 8 hex digits are enough"), spellings
                                  # undone ("Spaces and dashes are stripped", "Formatting characters are
                                  # ignored", "Team aliases (#sales) are expanded", "may be left unencoded"),
                                  # another notation ("CIDR notation allowed"), "You can also paste the
                                  # browser link", "Just a host name works", "Bare domains … are auto-discovered".
                                  r"if\s+no\s+(?:scheme|protocol|prefix|suffix|domain|host|port|year|time\s?zone|offset|"
                                  r"extension|country\s+code|area\s+code)\s+is\s+(?:given|specified|included|present)\b|"
                                  r"(?:is|are)\s+(?:enough|expanded)\b|unencoded\b|"
                                  r"(?:spaces|dashes|hyphens|whitespace|formatting|punctuation|separators)\b[^.;]{0,30}?"
                                  r"\b(?:is|are)\s+(?:stripped|ignored|removed|trimmed)\b|"
                                  # "Trims surrounding whitespace", "strips leading and trailing spaces" (what the
                                  # server does; not "Trim whitespace first", which asks it of the caller).
                                  r"(?:trims|strips|trimmed|stripped)\s+(?:(?:any|all|the|leading|trailing|surrounding|"
                                  r"outer|extra|and)\s+){0,4}(?:whitespace|spaces)\b|"
                                  r"(?:prefix|suffix|scheme|protocol|dashes|hyphens|spaces|separators|port|"
                                  r"(?:leading|trailing)\s+[^\s]+)\s+(?:(?:is|are)\s+)?optional\b|"
                                  r"(?:notation|syntax)\s+(?:is\s+)?(?:also\s+)?(?:allowed|accepted|supported)\b|"
                                  r"(?:may|can)\s+also\s+paste\b|(?:just|only)\s+(?:a|an|the)\s+[a-z][\w -]{0,30}?\s+works?\b|"
                                  r"bare\s+[a-z]+s\b[^;\n]{0,40}?\b(?:are|is)\b")
# A time the words take without an offset: "Times without an offset are read as UTC", "Naive
# timestamps are interpreted in UTC".
_NO_OFFSET_TAKEN = lazy_compile(r"\bnaive\b|\b(?:without|with no|no)\s+(?:an?\s+)?(?:time ?zone|offset|'z'|z)\b|"
                                r"\b(?:offset|time ?zone)\s+is\s+optional\b", re.I)
def is_date_text(value: str) -> bool:
    """Whether `value` is a date or date-time laid out as ISO 8601 does (`_DATE_TOKEN`)."""
    return _DATE_TOKEN.fullmatch(value.strip()) is not None


# A date or date-time written in the words, quoted or not ("Month-end reports may be
# requested as 2024-01", "e.g. 2024-12-31 17:00"): a value of the field's, which a date
# format must hold.
_DATE_TOKEN = lazy_compile(r"(?<![\w.:-])\d{4}-\d{2}(?:-\d{2}(?:(?:T|\s)\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?"
                           r"(?:Z|[+-]\d{2}:?\d{2})?)?)?(?![\w:-])")


def holds_several(description: Any) -> bool:
    """Whether the words offer several values in one string ("A comma-separated list of
    spaces", "Pass several separated by commas", "one or more"): no format holds such a
    string, nor does a list of the single values, nor one exact length."""
    return isinstance(description, str) and _MANY_IN_ONE.occurs_in(description)


def speaks_of_time(description: Any) -> bool:
    """Whether the description calls the value a time or timestamp ("Start time for sprint",
    "date and time"): then ISO 8601 named is no evidence of a bare `date`."""
    return isinstance(description, str) and _TIME_OF_VALUE.occurs_in(description)


def supports_format(schema: dict, fmt: str) -> bool:
    """Whether the schema's own words and values show its strings are in ``fmt``.

    Evidence for: a default, example or quoted value that is valid in ``fmt``, or for a
    date the ISO layout spelled out (`YYYY-MM-DD`), for a date-time RFC 3339 named or an
    offset the words require. ISO 8601 or RFC 3339 named alone is none for a date: both
    write a date-time too ("Due date in ISO 8601 format" takes "2024-05-01T17:00:00Z",
    which `date` refuses). Evidence against, which wins: see `refutes_format`.
    """
    if refutes_format(schema, fmt):
        return False
    if stated_strings(schema):
        return True
    description = schema.get("description")
    if fmt == "date-time":
        # ISO 8601 and a layout such as `YYYY-MM-DDTHH:mm:ss` take a time with no offset
        # ("2024-07-01T10:00"), which `date-time` (RFC 3339) refuses: only an offset the words
        # require, or RFC 3339 named, says every value has one.
        return isinstance(description, str) and _OFFSET_REQUIRED.occurs_in(description)
    return fmt in ISO_LAYOUTS and bool(layouts(description))


WHOLE_READ_LIMIT = 100_000
"""Characters of a description read for values a format refuses (`refutes_format`): all of
a field's words, where the constraint reader stops at `READ_LIMIT`, since another form
offered may stand anywhere; the longest in the shared corpus has 35,000. Past this a
description is a dump or hostile: reading it costs about a second a megabyte, for no fix
(words not read cannot clear one)."""


def too_long_to_read_whole(description: Any) -> bool:
    return isinstance(description, str) and len(description) > WHOLE_READ_LIMIT


def refutes_format(schema: dict, fmt: str) -> bool:
    """Whether the schema's own words or values show its strings are not all in ``fmt``:
    a default, example or quoted value that is not valid in it (`"null"`, `"dontcare"`,
    `"05/12/2023"`) or offered as a word ("The special value me", `offered_words`), another layout spelled out (`MM/DD/YYYY`, `YYYY-MM-DD HH:mm:ss`
    for a date-time), values offered besides (`offers_values_outside`), a count from the
    epoch named beside, or a `date` whose words call it a time with no layout spelled out
    or take a time part after it. Words too long to read whole count as refuting
    (`WHOLE_READ_LIMIT`)."""
    description = schema.get("description")
    if too_long_to_read_whole(description):
        return True
    spelled = layouts(description)
    if fmt in ISO_LAYOUTS and any(layout not in ISO_LAYOUTS[fmt] for layout in spelled):
        return True
    if offers_values_outside(description, fmt) or fmt == "date" and not spelled and speaks_of_time(description):
        return True
    # "RFC 3339, or Unix epoch seconds as a string"; "(YYYY-MM-DD). A time part, if given, is ignored".
    if fmt in ISO_LAYOUTS and isinstance(description, str) and (
            _EPOCH_NAMED.occurs_in(description) or fmt == "date" and _TIME_PART.occurs_in(description)):
        return True
    return any(not valid_in(fmt, value) for value in [*stated_strings(schema), *offered_words(description)])


def stated_strings(schema: dict) -> list[str]:
    """The string values a schema states: its default, examples, and what its description
    quotes, gives as examples or names as default (layouts aside)."""
    description = schema.get("description")
    examples: list = schema["examples"] if isinstance(schema.get("examples"), list) else []
    candidates = [schema.get("default"), *examples, *quoted_values(description), *described_defaults(description)]
    return [value for value in candidates if isinstance(value, str) and not _LAYOUT.fullmatch(value)]


@lru_cache(maxsize=None)
def _format_validator(fmt: str) -> jsonschema_rs.Validator:
    import jsonschema_rs

    return jsonschema_rs.validator_for({"type": "string", "format": fmt}, validate_formats=True)


# What no address of the `email` format (an RFC 5321 mailbox, `local@domain`) holds outside a
# quoted local part, and a mail header's address may: "Full Name <sender@example.com>",
# "a@example.com, b@example.com". jsonschema-rs accepts the first as an email; validators that
# follow the format's definition (ajv's) refuse it, as a provider's strict mode does.
_NOT_A_MAILBOX = frozenset(" \t\n<>(),;")


def valid_in(fmt: str, value: str) -> bool:
    if fmt in ("email", "idn-email") and not _NOT_A_MAILBOX.isdisjoint(value):
        return False
    try:
        return _format_validator(fmt).is_valid(value)
    except ValueError:
        return False


# A clause that goes on to refuse what it named: "Additional properties are not allowed".
_NOT_REFUSED = r"(?![^.;\n]{0,40}?\b(?:not|never|rejected|refused|forbidden|disallowed|errors?|fails?)\b)"
# Words saying the object takes keys it does not declare: "Any other fields are passed through
# to the API", "Additional custom keys are allowed", "Properties not listed here are set as
# custom properties", "any option the requests library accepts".
_OTHER_KEYS_TAKEN = Screened(
    r"\b(?:any|all)\s+(?:other|extra|additional|further|unlisted|custom)\s+(?:[\w-]+\s+){0,2}?(?:fields?|keys?|"
    r"properties|options?|parameters?|arguments?|attributes?)\b[^.;\n]{0,60}?\b(?:passed|forwarded|sent|accepted|"
    r"allowed|kept|stored|set|supported|included)\b|"
    r"(?<!\bno )(?<!\bnot )\b(?:other|extra|additional|custom|unlisted|arbitrary|unknown)\s+(?:custom\s+)?"
    r"(?:fields?|keys?|properties|options?|parameters?|arguments?|attributes?)\s+(?:are|is|may be|can be)\s+"
    r"(?:also\s+)?(?:passed|forwarded|sent|accepted|allowed|kept|stored|included|given|added|supported)\b|"
    r"\bnot listed here\b|\barbitrary\s+(?:keys?|fields?|properties|key-value)\b|"
    r"\bany\s+(?:option|field|key|parameter|setting)s?\s+(?:that\s+)?(?:the\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+"
    r"(?:accepts|supports|takes|declares|defines|expects)\b|"
    # Keys given as arguments: "Pass the template's variables as additional arguments".
    r"\bas\s+(?:additional|extra|other)\s+(?:arguments?|parameters?|fields?|keys?|properties)\b|"
    # Keys of a kind beyond those declared, unless the clause refuses them ("Additional
    # properties are not allowed", "no other fields"): "Arbitrary additional properties are
    # attached", "custom fields by their API name", "Extra keyword arguments become columns",
    # "Other event properties from the Google Calendar API", "Unknown keys are ignored".
    r"(?<!\bno )(?<!\bnot )(?<!\bwithout )\b(?:other|extra|additional|further|arbitrary|custom|unknown|unlisted)\s+"
    r"(?:[\w.-]+\s+){0,3}?(?:fields|keys|properties|options|parameters|arguments|attributes|kwargs|columns|"
    r"variables|headers|labels|settings)\b" + _NOT_REFUSED + r"|"
    # "plus any other profile attribute", "Every other argument is a template variable", "send
    # any others as needed", "any Chart.js option may be set", "any keys you like", "pass any
    # column name as a key".
    r"(?<!\bno )\b(?:any|every|each)\s+other\s+(?:[\w.-]+\s+){0,3}?(?:fields?|keys?|propert(?:y|ies)|options?|"
    r"parameters?|arguments?|attributes?|columns?|variables?|headers?|labels?|settings?)\b" + _NOT_REFUSED + r"|"
    r"\bany\s+others\b" + _NOT_REFUSED + r"|"
    r"\bany\s+(?:[\w.-]+\s+){0,2}?(?:fields?|keys|options?|columns?|headers?|labels?|variables?|settings?)\s+"
    r"(?:[\w.-]+\s+){0,4}?(?:can|may|you|as\s+a\s+key)\b" + _NOT_REFUSED + r"|"
    # A map written out: "header name to value", "as NAME: value pairs", "Key-value metadata",
    # "a set of key-value pairs";
    # and keys a function takes as they come: "**kwargs", "Its parameters are dynamic".
    r"\b(?:header\s+|variable\s+|field\s+)?names?\s*(?::|=|to)\s*values?\b|\bkey[- ]value\b|\bkwargs\b|"
    r"\b(?:parameters|arguments|keys|fields|properties)\s+are\s+dynamic\b|\bkeys\s+and\s+values\b|"
    # A map named ("as a map from label key to label value", "keyed by field name", "keys are
    # locale codes", "SKU -> quantity", "name/value pairs", "Free-form JSON", "which keys apply
    # depends on", "The keys vary"), keys of the caller's ("or your own", "feel free to add your
    # own", "any field of the collection", "Keys we don't recognise are forwarded", "Columns
    # that do not exist yet are created"), or arguments of their own ("Pass each option as its
    # own argument", "the remaining arguments are the record's fields").
    r"\b(?:a|as|an)\s+(?:[\w-]+\s+)?(?:map|mapping|dict|dictionary|hash)\b(?!\s+(?:of|to)\s+(?:the\s+)?(?:\w+\s+)?"
    r"(?:location|area|region|route)s?\b)|\bkeyed\s+by\b|(?<!\bapi )\bkeys\s+are\s+" + _NOT_REFUSED + r"[a-z]|\beach\s+key\s+is\b|"
    r"\w\s*(?:->|\u2192|=>)\s*\w|\b(?:key|name)\s*/\s*value\b|\bfree[- ]form\b|\byour own\b|"
    r"\bany\s+(?:field|property|column|key|attribute|qualifier|option|parameter)s?\s+(?:of|from|in)\b|"
    r"\b(?:don't|do not|doesn't|does not)\s+(?:recogni[sz]e|know)\b|\bunknown\s+ones\b|"
    r"\b(?:don't|do not|doesn't|does not)\s+exist\s+(?:yet\s+)?(?:are|is|get|will be)\s+(?:created|added)\b|"
    r"\bwhich\s+keys\b|\bkeys\s+(?:vary|differ|depend)\b|\bas\s+(?:its|their)\s+own\s+(?:arguments?|parameters?|keys?)\b|"
    r"\b(?:remaining|other)\s+(?:arguments|parameters)\s+are\b",
    "any|all|other|extra|additional|further|custom|unlisted|arbitrary|unknown|not listed|key|every|each|value|kwargs"
    "|dynamic|map|dict|hash|->|\u2192|=>|free|your own|n't|not|which|own|remaining")


def takes_other_keys(*texts: Any, name: str | None = None) -> bool:
    """Whether an object's words say it takes keys it does not declare (`_OTHER_KEYS_TAKEN`),
    or its `name` is one for a map (`names_a_map`): calls that sent none so far are no evidence
    that none is taken, nor that a key each sent is one every call needs. "e.g." and "i.e."
    are read as words: their dots end no sentence."""
    return names_a_map(name) or any(
        isinstance(text, str) and _OTHER_KEYS_TAKEN.search(text.replace("e.g.", "eg").replace("i.e.", "ie"))
        for text in texts)


def names_a_map(name: str | None) -> bool:
    """Whether a property's name is one for pairs whose keys are data, not a record's fields
    (`labels`, `resource_tags`, `customHeaders`, `env_vars`): the keys a schema declares for
    it are the usual ones, never all."""
    if not name:
        return False
    words = _NAME_PARTS.findall(name)
    return bool(words) and words[-1].lower() in _MAP_NAMES


# A name's words: `custom_fields`, `customFields`, `query-params`, `HTTPHeaders`.
_NAME_PARTS = lazy_compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
# Names of maps in HTTP, cloud, CRM, analytics and template APIs: their keys are chosen by
# whoever fills them in. So are those of arguments passed on (`args`, `parameters`): their keys
# are what the procedure, query or workflow they go to takes, which the schema rarely lists whole.
_MAP_NAMES = frozenset({"labels", "tags", "headers", "annotations", "metadata", "meta", "attributes", "attrs",
                        "traits", "variables", "vars", "params", "parameters", "args", "arguments", "kwargs",
                        "dimensions", "env", "environment", "extras",
                        "cookies", "fields", "props", "properties", "placeholders", "substitutions",
                        "macros", "translations", "localizations", "overrides"})
