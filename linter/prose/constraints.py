"""What a description states about its field's values, as the schema keywords that carry it.

One reader for every rule that fixes from words. A description says "1 to 120
characters", "Up to 5 tags", "between 0 and 360", "(1-50)", "must be greater than 0",
"either 'asc' or 'desc'", "Options: get, wiql", "Email address of the reporter", "in the
format 'YYYY-MM-DD'"; `stated` turns each into a `Stated` (keyword, value, and the phrase
it was read from, which the fix quotes as its evidence).

The unit decides the keyword: characters bound a string's length, any count bounds an
array's items, and a plain number a number's value; a bound in another unit ("730 days"
of a value in seconds, see `units`; "16 characters" of an integer's meaning) is left
alone where it does not fit the field.
It reads conservatively, because a fix built on a misreading rejects correct calls:

- a hedge in the same sentence ("typically ranges from 1 to 8", "recommended: 6",
  "e.g.", "such as", or right after: "(1 to 100 suggested)") means no bound;
- a bound must be the value's number and a rule on it: none is read from a number with a
  magnitude ("up to 8K", `units.multiplies`), a precision ("up to 3 decimal places"), a
  ratio of another quantity ("Minimum 1/15 of volume", "at most 0.5x the scale-up
  threshold"), a remark on what values do ("more than 10
  is slow", "at most 25 results are returned per call"; "up to 10 are allowed" is a
  rule), what something else holds or may do ("Each page holds up to 100 results", "Free
  plans can notify at most 3 users", "Rows, each a list of up to 20 values"), things a
  number is not said to count ("Page number (up to 100 results per page)", "Results per
  label. Up to 5 labels may be requested"), a length
  in characters of a number, a string's length stated for a part of it ("72
  characters for the subject line", "80 characters per line", "The name segment …
  must be 63 characters or less") or counted otherwise than in its characters ("each
  URL counts as 23 characters", "after entities parsing"); "2 to 3 letter code" is a
  range, not 3 letters, and "8 characters long or more" a minimum, not 8 letters;
  nor a side past which the words say values are taken and handled ("Larger values are
  capped at 50", "longer titles are truncated", "longer messages are split", `handled`);
- a negation before a strict comparison states the other side ("must not be greater
  than 100", "can never be larger than 2500" a maximum, "must not be less than 1" a
  minimum), any other negation of the bound's clause leaves it unread ("is not limited
  to 100"); a bound in a condition ("If more than 100 results match, use the cursor"),
  values past it offered for a case ("Enter a value less than 0 to model a discount line")
  or picked out for what becomes of them ("Queries shorter than 3 characters return no
  results"), a number values are rounded to ("may round it up to 60"), a bound of another
  thing the clause names ("Image width; the height is at most 512"),
  advice ("for faster responses", "for compatibility with …", "Keep the summary line to
  72 characters"), a setting's default ("by default at least 8 characters"), with an
  exception after it ("unless you have a Pro
  plan") or of one plan ("Free plans get at most 3 days") is no rule, nor an upper bound
  the sentence gives another case a larger value than ("Up to 512 characters (1024 for
  Pro access)"), nor a bound another sentence loosens in its unit ("Windows: 1-15
  characters. Linux: 1-64 characters."), nor the upper end of an open range ("from 0 to
  21+") or of an exact count words after it allow more than ("Exactly 2 numbers …
  Optionally a third", "exactly 4 numbers …, or 6"); an upper bound another case gets more
  than, or no limit ("Maximum 50 (Enterprise: unlimited)", "(Business: 1,000)", "Up to 10
  files; Pro accounts up to 50", in another sentence in no unit), is one case's; `<<`, `>>`, `=>`, `->` are no comparisons; and an index whose negative
  values the words allow ("1-based. Negative values count back from the end") has no
  lower bound at or above zero;
- an open list ("values include …", "e.g.", "ex.:", "such as", "etc.", "your org may add
  more", "saturday is accepted for locales that use it", a list with a
  form that is not a value such as `YYYY-MM-DD`, "or a team name" after it or "a user ID
  or" before it, "Other codes work too", "may also use internal", "other values fall back
  to json", "Case-insensitive", "Known values are", another value named beside it: "(week)
  is in beta") is never an enum, nor a list
  that is not all of the field's values: several of them in one string ("a
  comma-separated list", "video,channel", "fast+cache"), bare words after "can be"
  (adjectives and participles: "absolute or relative", "omitted") or joined by "and"
  after a bare "values are" ("case-sensitive and accept"), another noun's
  ("when type is one of …", "content — either text or html — will override", "The
  token. The scope can be …") or
  values ruled out ("must not be one of");
- an exact length ("two-letter code") is none where the words give values of another
  length or form ("such as en or zh_cn", "or the full name", "or one of the named
  colors red, green, blue");
- a value the description itself names as usable ("Use 0 for no preference", "a value
  of -1 indicates CPU", a stated default) widens the bound to admit it, and an empty
  string so named ("3 to 20 characters; empty clears it") leaves no minimum length;
- a format is read only when the stated form is exactly what the JSON Schema format
  accepts (`YYYY-MM-DD` for `date`; a date-time only with its offset), and any value the
  description quotes or gives as an example that the format rejects (`"null"`,
  `'dontcare'`, `'14:45'`) means no format; alternatives ("hostname or IP address",
  "username, phone number, or email address", "YYYY-MM-DD, or today") and several values
  in one string ("comma-separated") mean none either, and ISO 8601 named for a time
  ("Start time (ISO 8601)", "date and time") no `date`.

Layouts that only a `pattern` could carry (`HH:MM`, "City, State") are not read.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from functools import lru_cache
from itertools import accumulate, pairwise
from typing import Any, NamedTuple

from schema_lint.model import EVIDENCE_NONE, EVIDENCE_WORDS, Evidence, Fix, FixSafety, Operation
from schema_lint.prose.field_prose import (described_defaults, holds_digit, holds_several, is_date_text, named_lengths,
                                           names_git_remote, offered_words, offers_empty, offers_other_forms,
                                           offers_substitute, offers_values_outside, quoted_values, says_signed,
                                           speaks_of_time, valid_in, without_markup)
from schema_lint.prose.handled import LOWER, UPPER, handled_sides, takes_other_values
from schema_lint.prose.units import bounds_value, multiplies, named_unit, unit_of
from schema_lint.schema.pointer import join
from schema_lint.text.display import clip
from schema_lint.text.lazy_pattern import Screened, lazy_compile


class Stated(NamedTuple):
    """One constraint a description states: the keyword, its value, and the words it was read from."""

    keyword: str
    value: Any
    phrase: str


LENGTH, COUNT, VALUE = "length", "count", "value"
_BOUNDS = {LENGTH: ("minLength", "maxLength"), COUNT: ("minItems", "maxItems"), VALUE: ("minimum", "maximum")}
_EXCLUSIVE = ("exclusiveMinimum", "exclusiveMaximum")

# A number, read whole: not the base of a power ("10^6", "10**6", "10\u2076", "2\u00b3\u00b9\u22121"), nor a
# piece of one whose groups are dotted ("1.000.000") or of a version ("1.2.3"): read as 10, 2 or 1,
# each made a bound a thousandth or less of the one stated. Nor a ratio of another quantity
# ("Minimum 1/15 of volume", "at most 0.5x the scale-up threshold"): no bound of the value's own.
_SUPERSCRIPTS = "\u2070\u00b9\u00b2\u00b3\u2074-\u2079"
# Digit groups may also be set apart by a space, a no-break or narrow no-break space or an
# apostrophe ("10 000", "10'000"): read whole, and never a group alone ("Max 10 000 rows" is
# no "Max 10"). A dot between groups ("1.000", German for a thousand) is read by no
# reader the same way: a number of one to three digits, a dot and exactly three more is none.
_GROUP_MARK = "[ \u00a0\u202f'\u2019]"
_N = (r"(?<![\d^*" + _SUPERSCRIPTS + r"])(?<![\d.,]\.)(?<!\d,)(?<!\d[\u00a0\u202f'\u2019])(?!(?<=\d )\d{3}(?!\d))"
      r"(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d{1,3}(?:" + _GROUP_MARK + r"\d{3})+(?![\d.,]\d)"
      r"|[-\u2212]?(?![1-9]\d{0,2}\.\d{3}(?!\d))\d+(?:\.\d+)?)"
      r"(?![.,]?\d|[\u00a0\u202f'\u2019]\d| \d{3}(?!\d)|\s?(?:\^|\*\*)|[" + _SUPERSCRIPTS + r"]|\s?/\s?\d"
      r"|\s?[x\u00d7]\s+(?:the|of|that|this|your|its|their)\b)")
# A unit after a number ("100 characters", "35 \u00b0C", and pi: "2\u03c0" is no bound of 2); a
# conjunction there ("at least 50 and no more than 99") is the next clause's, no unit: read as
# one, it made the bound no count's.
_UNIT = r"(?:\s*(?!(?:and|or|but|nor)\b)(\u00b0?[a-z]+|\u03c0))?"
_NOTE = r"(?:\s*\([^()\n]{1,40}\))?"
_TO = _NOTE + r"\s*(?:-|\u2013|\u2014|to|through|and)\s*"
# Each pattern: (regex, what it states). Groups are numbered as in each regex.
_RANGES = Screened(
    r"\bbetween\s+" + _N + _UNIT + _NOTE + r"\s+(?:and|to|-|\u2013)\s+" + _N + _UNIT
    + r"|\b(?:from|ranging from|ranges? from|range of|in the range(?: of)?|range|scale (?:of|from)|scale)\s+"
    + _N + _UNIT + _TO + _N + _UNIT
    + r"|\(\s*" + _N + r"\s*(?:-|\u2013|to)\s*" + _N + _UNIT + r"\s*(?=[,;)])"
    + r"|(?:^|(?<=[\s(:,]))" + _N + r"\s*(?:-|\u2013|to)\s*" + _N + r"\s+(characters?|chars?|letters?|items?|entries|"
    r"elements?|tags?|labels?|values?|stars?)\b"
    # A range that is the whole of its clause: "Number of forecast days, 1-16.", "Width: 1 to 4096",
    # "15 to 240, in steps of 15" (the step narrows the values between its ends, not the ends).
    + r"|(?:^|(?<=[,:]))\s*" + _N + r"\s*(?:-|\u2013|to)\s*" + _N + _UNIT
    + r"(?=\s*(?:$|[.;)\n]|,?\s*(?:both\s+)?(?:in|ex)clusive\b|,?\s*in\s+(?:steps|increments)\s+of\b))"
    # Or ends a clause of a few words that name the value: "Retry count 0-5", "Star rating 1-5."
    # (Words of a range are the forms above: "ranging from 0 to 255".)
    + r"|(?:^|(?<=[,:]))\s*(?:(?!(?:between|from|ranging|ranges?|scale|in)\b)[a-z][a-z'-]*\s+){1,3}"
    + _N + r"\s*(?:-|\u2013|to)\s*" + _N + _UNIT
    + r"(?=\s*(?:$|[.;)\n]))",
    words=("between", "from", "range", "scale", "(", "char", "letter", "item", "entries", "element", "tag", "label",
           "value", "star", "-", "\u2013", "to"), lowered=True)
_YEAR = lazy_compile(r"(?:19|20)\d\d")
_UPPER = Screened(
    r"\b(?:at most|up to|no[t]? (?:more|greater|larger|higher|bigger|longer) than|maximum(?: (?:value|length|size|count|number))?(?: of| is|:)?|max(?:imum)?\.?:?|cannot exceed|"
    r"can ?not exceed|must not exceed|should not exceed|may not exceed|not (?:to )?exceed|limited to|limit(?: of| is)|"
    r"less than or equal to)\s*:?\s*`?" + _N + r"`?" + _UNIT + r"|(?:<=|\u2264)\s*" + _N + _UNIT,
    words=("at most", "up to", "more than", "greater than", "larger than", "higher than", "bigger than", "longer than",
           "max", "exceed", "limit", "equal to", "<=", "\u2264"), lowered=True)
_LOWER = Screened(
    r"\b(?:at least|no[t]? (?:less|fewer|smaller|lower|shorter) than|minimum(?: (?:value|length|size|count|number))?(?: of| is|:)?|min\.?:?|greater than or equal to)\s*:?\s*"
    + _N + _UNIT + r"|(?:>=|\u2265)\s*" + _N + _UNIT,
    words=("at least", "less than", "fewer than", "smaller than", "lower than", "shorter than", "min", "equal to", ">=",
           "\u2265"), lowered=True)
_ABOVE = Screened(r"(?<!\bno )(?<!\bnot )\b(?:greater than|larger than|more than|higher than|longer than)\s+" + _N + _UNIT
                  + r"|>\s*" + _N + _UNIT, words=("than", ">"), lowered=True)
_BELOW = Screened(r"(?<!\bno )(?<!\bnot )\b(?:less than|fewer than|smaller than|lower than|shorter than)\s+" + _N + _UNIT
                  + r"|<\s*" + _N + _UNIT, words=("than", "<"), lowered=True)
# "5 or more items"; after a unit, "8 characters long or more", "3 characters at least" (at
# the end of its clause: "3 reminders, at least one of which …" bounds the one).
_LONG = r"(?:\s+(?:long|in length))?\s+"
_COUNTED = r"\s*(characters?|chars?|letters?|digits?|bytes?|items?|entries|elements?|tags?|labels?|values?|words?)"
_CLAUSE_ENDS = r"(?=\s*(?:[.;,)]|$))"
_OR_MORE = Screened(r"\b" + _N + r"\s+or more" + _UNIT + r"|\b" + _N + _COUNTED + _LONG
                    + r"(?:or (?:more|longer)\b|at least" + _CLAUSE_ENDS + ")", words=("or more", "or longer", "at least"),
                    lowered=True)
# "Must be 100 characters or fewer" (GitHub's wording of a label's description), "50 or less",
# "2,048 characters long or less", "1,000 characters long at most".
_OR_FEWER = Screened(r"\b" + _N + _UNIT + _LONG + r"or (?:fewer|less|shorter)\b|\b" + _N + _COUNTED + _LONG
                     + r"at most" + _CLAUSE_ENDS, words=("or fewer", "or less", "or shorter", "at most"), lowered=True)
_BASED = Screened(r"\b(\d)-based\b|\bstart(?:s|ing)? (?:from|at)\s+" + _N, words=("-based", "start"))
# A number that picks a place counted from 0 (an offset, a point to seek to, items to skip):
# there "positive" is as often said of 0 as not.
_ZERO_A_PLACE = lazy_compile(r"\b(?:offsets?|seek|skip|zero-based|0-based)\b", re.I)
_SIGN = Screened(r"\b(non-?negative|positive)\s+(?:integer|number|whole number)s?\b|"
                 r"\bmust be (non-?negative|positive)\b", words=("negative", "positive"))
# "3-letter currency code", "5-digit ZIP code": a string of exactly that length. The size may
# be spelled ("a two-letter country code", as ISO codes are often described), but only as
# a compound before the unit: a bare "between two" or "one of" is no size.
_EXACT_SIZE = (r"[- ](?:character|char|letter|digit)s?\s+(?:[a-z]+\s+){0,2}?"
               r"(?:codes?|strings?|ids?|identifiers?|keys?|tokens?|values?|long)\b")
# The size read whole: not the digits after a thousands separator ("1,024 characters long"
# is no length of 24).
_EXACT_LENGTH = lazy_compile(r"(?<![\d,.])\b(\d{1,4})" + _EXACT_SIZE, re.I)
_SPELLED_SIZES = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_SPELLED_EXACT_LENGTH = Screened(r"\b(" + "|".join(_SPELLED_SIZES) + ")" + _EXACT_SIZE,
                                 words=("-char", "-letter", "-digit", " char", " letter", " digit"))
# A bound word, or the first end of a range ("2 to 3 letter code", "two or three letter
# code", "2-3 characters"), before a length: the length is then no exact one.
_BOUND_WORD_BEFORE = lazy_compile(r"\b(?:at (?:least|most)|up to|max(?:imum)?|min(?:imum)?|(?:more|less|greater|larger|higher|fewer|smaller|lower|"
                                  r"longer|shorter) than|over|under|above|below|within|exceed\w*|between|from|limit(?:ed)? to)\W*$|"
                                  r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine))\s*-?\s*(?:-|\u2013|to|or|and|through|"
                                  r"thru)\s*$", re.I)  # "4- or 6-digit": two lengths
# A bound word after a length ("8 characters long or more", "1,000 characters long at most",
# "255 characters maximum"): the length is then a bound, not an exact one.
_BOUND_WORD_AFTER = lazy_compile(r"[ ,(]{0,3}(?:or (?:less|fewer|shorter|more|longer|greater|above|below|under|over|so)|"
                                 r"at (?:most|least)|max(?:imum)?|min(?:imum)?|and (?:up|over|above|under|below))\b|\s*\+",
                                 re.I)
# "exactly 3 letters", "exactly two items": a length or count of exactly that size.
_EXACTLY = Screened(r"\bexactly\s+(\d{1,4}|" + "|".join(_SPELLED_SIZES) + r")\s+([a-z]+)\b", words=("exactly",),
                    lowered=True)
_MULTIPLE = Screened(r"\b(?:a )?multiple of\s+" + _N, words=("multiple of",), lowered=True)
# "must not be empty", never "must be empty" (which says the opposite, or of something else:
# "the area must be empty").
_NON_EMPTY = lazy_compile(r"\bnon-?empty\b|\b(?:(?:must|should|may)\s+(?:not|never)|cannot|can ?not)\s+be\s+"
                          r"empty\b|\bat least one (?:character|item|element|entry|value)\b", re.I)
# A range's upper end left open: "from 0 to 21+", "from 1 to 10 or more".
_OPEN_ENDED = lazy_compile(r"\+|\s*(?:and|or)\s+(?:up|above|higher|more|over|beyond|greater|larger)\b", re.I)
_EXCLUSIVE_AFTER = lazy_compile(r"\s*[,(]?\s*(?:both\s+)?(?:exclusive|non-?inclusive)\b", re.I)
# "strictly between 0 and 1": neither end is a value.
_STRICTLY_BEFORE = lazy_compile(r"\bstrictly\s+$", re.I)
# What follows a bound that makes it a remark on the value's effect, not a rule ("more than
# 10 is slow", "at most 25 results are returned per call", "(1 to 100 suggested)",
# "1-50 is recommended"): a verb whose subject is the bound, its word after it (`_ACCEPTED`
# words state the rule: "up to 10 are allowed"), or a hedge right after it.
_REMARK_AFTER = lazy_compile(r"\)?\s*(?:(?!(?:if|when|unless|and|or|but|while|because|since|where|which|that|so|per)\b)"
                             r"[A-Za-z]+\s+)?(?:(?:is|are|will|would|may|might|can|could|gets?|becomes?|seems?|tends?|"
                             r"makes?|causes?|costs?|needs?|requires?|slows?|incurs?|triggers?|leads?|indicates?|"
                             r"suggests?|signals?|denotes?|counts?|works?)\b(?:\s+(?:be|get|"
                             r"become|to be))?(\s+(?:not|never)\b)?\s*([A-Za-z]*)|\(?\s*(?:suggested|recommended|typical|"
                             r"ideal|preferred|advised|advisable|usual|normal|optimal)\b)", re.I)
# What values past a bound are for, after it: "Enter a value less than 0 to model a discount
# line" offers them for a case, as "Use 0 for no preference" names 0; it rules nothing out.
_PURPOSE_AFTER = lazy_compile(r"\s*(?:[a-z]+\s+)?to\s+(?:model|indicate|represent|denote|mean|mark|signal|request|"
                              r"select|choose|get|apply|disable|enable|clear|remove|reset|skip|turn)\b", re.I)
# A rate after a number's bound ("Rate limited to 100 requests per minute", of a `limit` of
# results): how often something else may happen, not the field's values. (A field that is
# itself a rate loses a fix, never a call.)
_RATE_AFTER = lazy_compile(r"\s*(?:[a-z]+\s+)?(?:per|an?|every|each)\s+(?:second|minute|hour|day|week|month|year)s?\b",
                           re.I)
_ACCEPTED = frozenset({"allowed", "accepted", "supported", "permitted", "valid", "possible", "acceptable", "allowable",
                       "ok", "okay", "fine", "the", "specified", "requested", "provided", "passed", "given", "set",
                       "used", "selected", "included", "sent", "entered", "chosen", "required", "needed",
                       "mandatory", "expected", "enforced"})
# A verb of holding or returning before a bound: the bound is what something else holds
# ("Each page holds up to 100 results", "The API returns at most 50", "returns a maximum of
# 250,000 rows", "truncates messages containing more than 40,000 characters"), not the value ("the number of results to return (1-20)" is).
_HELD_BEFORE = lazy_compile(r"(?<!\bto )\b(?:holds?|holding|contains?|containing|having|returns?|shows?|displays?|lists?|includes?|has|have|fetch(?:es)?|"
                            r"yields?|gives?|covers?|produces?|loads?|retrieves?)\s+(?:an?\s+|the\s+)?$", re.I)
# A participle that picks out the values past a strict comparison ("Slack will truncate
# messages containing more than 40,000 characters", "lists having fewer than 2 items are
# padded"): those values are a case the words go on to speak of, not a rule ("up to 5 tags",
# inclusive, still is one).
_SUBSET_BEFORE = lazy_compile(r"\b(?:containing|having|holding|exceeding)\s+$", re.I)
# A strict comparison after its clause's subject, with a verb after it: "Queries shorter than
# 3 characters return no results", "Offsets less than 0 count from the end", "A value less
# than 0 means retry forever", "Values less than 1 disable the cache". The values it picks out
# are a case the sentence says what becomes of, as a participle's are; "Names shorter than 64
# characters." says no more of them, and is a rule, as "Must be less than 100" is.
_SUBJECT_BEFORE = lazy_compile(r"(?:^\s*|[.;:(,]\s*)(?:(?:a|an|the|any|all)\s+)?(?!(?:must|should|shall|be|is|are|it|"
                               r"this|that|can|may|will|would|not|no|only|use|set|pass|enter|give|send|keep|length|"
                               r"size)\b)[a-z][\w-]*(?:\s+(?!(?:must|should|be|is|are|can|may|will)\b)[a-z][\w-]*)?\s+$",
                               re.I)
_CASE_VERB_AFTER = lazy_compile(r"\s*(?!(?:per|in|of|for|and|or|but|nor|long|each|to|with|at|on|by|as|than|total|"
                                r"is|are|be|will|would|may|can|must|should|inclusive|exclusive|only|"
                                + "|".join(sorted(_ACCEPTED)) + r")\b)[a-z]+\b", re.I)
# A clause whose subject is another thing than the field: "Port to listen on. The service
# restarts at most 3 times", "Image width in pixels; the height is at most 512", "Max tokens to
# generate. The prompt itself may be up to 4000 tokens". The subject is the field's own when
# the description's opening words name it ("The title of the issue. The title must be at most
# 100 characters") or it is a word for any value ("the value", "the text", "the limit").
_THE_SUBJECT_BEFORE = lazy_compile(r"(?:^\s*|[.;:(,]\s*)(?:the|its|their|this|that)\s+([a-z][\w-]*)"
                                   r"(?:\s+(?!itself\b)([a-z][\w-]*))?(?:\s+itself)?\s+(?:is|are|must|should|shall|"
                                   r"can|cannot|can't|may|might|will|would|[a-z]+s)\b[^.;:,()]{0,40}$", re.I)
# The same, with neither article nor capital: a clause opening with a name as code spells it
# ("Start offset. end may be at most 1000").
_NAME_SUBJECT_BEFORE = lazy_compile(r"(?:^\s*|[.;:]\s+)(?-i:([a-z][a-z0-9_]*))()\s+(?:is|are|must|should|shall|can|"
                                    r"cannot|can't|may|might|will)\b[^.;:,()]{0,40}$", re.I)
# The same, with no article: a sentence opening with a plural noun and a verb that gives a
# range: "Boost weight. Cosine scores are between -1 and 1", "Item prices range from 1 to 500",
# "Prices in the catalogue range from 1 to 999", "Products cost between 5 and 500 EUR".
_PLURAL_NOUN = (r"\s*(?!(?:these|those|they|values|options|choices|items|results|entries|numbers|ids|valid|allowed|"
                r"accepted|possible|supported)\b)([a-z][\w-]*)(?:\s+([a-z][\w-]*s))?"
                r"(?:\s+(?:in|of|on|at)\s+(?:the\s+|a\s+)?[a-z][\w-]*)?\s+")
_PLURAL_SUBJECT_BEFORE = lazy_compile(_PLURAL_NOUN + r"(?:(?:are|lie|cost|weigh)\s+)?$", re.I)
# Or a bound of any form after such a subject and "are": "Age of the patient. Children are 0
# to 17", "Issue title. Labels are at most 50 characters".
_PLURAL_ARE_BEFORE = lazy_compile(_PLURAL_NOUN + r"are\s+$", re.I)
# Another thing's own: "Request timeout. The server's own timeout is between 30 and 60 seconds".
_OWN_OF_ANOTHER_BEFORE = lazy_compile(r"\b[a-z][\w-]*(?:'s|s'|\u2019s)\s+own\b[^.;]*$", re.I)
_RANGE_WORD = lazy_compile(r"(?:ranges?|runs?|var(?:y|ies)|between|from)\b", re.I)
_VALUE_WORDS = frozenset({"value", "text", "string", "input", "content", "field", "parameter", "argument", "number",
                          "limit", "maximum", "max", "minimum", "min", "length", "size", "count", "total", "amount",
                          "list", "array", "entry", "name", "id", "it", "result", "item", "query", "default",
                          "range", "sum", "body", "data", "payload", "one", "former", "latter", "first", "last"})
_HEAD_END = lazy_compile(r"[.;:,(\n]")
_WORD = lazy_compile(r"[a-z][\w-]*", re.I)
# "The server may round it up to 60", "rounded up to a multiple of 4096": values are taken and
# rounded, the number is where they end up.
_ROUNDED_BEFORE = lazy_compile(r"\bround(?:s|ed|ing)?(?:\s+(?:it|them|this|the\s+\w+))?\s+(?:(?:up|down)\s+)?"
                               r"(?:to\s+(?:the\s+)?(?:nearest\s+)?)?$", re.I)
# The clause of a bound that speaks of each member ("Rows, each a list of up to 20 values",
# "Each page holds up to 100 results"), or of what another subject can do ("Free plans can
# notify at most 3 users"; "You can pass", "It must be", "Values may be" speak of the field).
# So is a clause whose subject is made from the field ("The internal name derived from it is
# limited to 32 characters") or one that shows it ("The UI shows at most 500 characters"). Not
# "each" after a preposition, which says what the value counts per thing ("Number of
# subpages to crawl from each result (1-10)").
_OTHER_SUBJECT_BEFORE = lazy_compile(
    r"(?<!\bfrom )(?<!\bfor )(?<!\bper )(?<!\bin )(?<!\bon )(?<!\bof )\b(?:each|every)\b[^,;:()]*$|(?:^|(?<=[,;:(]))\s*(?!(?:it|this|that|which|you|we|values?|the values?|the fields?|"
    r"fields?|parameters?|arguments?|inputs?|lists?|arrays?|strings?|numbers?|the list|the array|the string)\s)"
    r"[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}\s+(?:(?:can|may|will|could|might|cannot|can't|should)\s+(?:only\s+)?"
    r"(?!be\b|have\b|contain\b|hold\b|range\b|vary\b|span\b)[a-z]+|(?:shows?|displays?|renders?|previews?|prints?)"
    r"(?:\s+only)?)\s+$"
    r"|\b(?:derived|generated|computed|built|created|made|produced|taken)\s+(?:from|out\s+of)\s+(?:it|this(?:\s+\w+)?)\b"
    r"[^,;:()]*$", re.I)
# A quantity of other things, then a bound with no word of its own after a comma: "Page number.
# The API returns 30 items per page, max 100" bounds the items per page. Of a field that counts
# those things ("Items per page"), or counts at all ("Limit"), the bound is the field's.
_QUANTITY_BEFORE = lazy_compile(r"\b\d[\d,.]*\s+([a-z][\w-]*s)(?:\s+(?:per|a|an|each|every)\s+[a-z][\w-]*)?\s*,\s*"
                                r"(?:(?:and|but)\s+)?(?:at\s+)?$", re.I)
# Things, in the plural, doing something with values past the bound: a remark on some values,
# not a rule ("overcommitted hosts report more than 100", "most teams pick more than 3",
# "Good passwords have more than 12 characters", "over-delivery shows as more than 100"). Of the
# field's own things ("Names have at most 64 characters" of a name) only with a word that picks
# some out (`most`, `good`).
_PLURAL_VERB_BEFORE = lazy_compile(r"(?:^\s*|[.;:,(]\s*)(?:the\s+)?(?:(most|many|some|few|good|strong|weak|bad|faulty|"
                                   r"typical|popular|common|busy|large|small|big|slow|fast)\s+)?(?:[a-z][\w-]*\s+){0,2}?"
                                   r"([a-z][\w-]*s)\s+(?:report|have|pick|choose|rate|score|see|send|show|read|reach|hit|"
                                   r"get|use|need|want|take|tend to have|usually have|often have)\s+$|"
                                   # "over-delivery shows as more than 100".
                                   r"\b(?:shows?|appears?|displays?|is shown|is reported)\s+as\s+$|"
                                   # Most of some things, whatever they do: "Most callers ask for more than 20",
                                   # "Most organisers allow at least 2", "most people use at least 2".
                                   r"(?:^\s*|[.;:,(]\s*)(?:most|many|some|few)\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*\s+"
                                   r"(?!(?:must|should|shall|be|is|are)\b)[a-z]+(?:\s+(?:for|to|on|with|about))?\s+$", re.I)
_CLAUSE_REACH = 160
# A negation in a bound's clause (up to a conjunction, after which it is of another part),
# and what may stand between it and a comparison it turns around ("must not be greater than 100", "can never be larger than 2500", "never more than
# 5", "cannot have fewer than 2"): auxiliaries and verbs of giving, at most three.
_NEGATION = lazy_compile(r"\b(?:not|never|no|cannot|nor|neither)\b|n['\u2019]t\b", re.I)
_CONJUNCTION = lazy_compile(r"\b(?:and|or|but|then|while|whereas)\b", re.I)
_NEGATED_VERBS = lazy_compile(r"\s*(?:(?:be|ever|set|to|have|contain|hold|include|use|pass|send|specify|request|"
                              r"select|take|accept|allow|go|get)\s+){0,3}", re.I)
# A condition the bound's clause opens with ("If the body contains more than 160 characters,
# …", "If more than 100 results match, use the cursor"): what happens past a threshold, no rule.
_CONDITION = lazy_compile(r"\b(?:if|when|whenever|once|unless|in case)\b", re.I)
# An exception after the bound ("max 30 days unless you have a Pro plan", "Up to 50 per
# request, except for enterprise accounts"): the bound is not every call's.
# ... or a bound the words call a setting: "30000-32767 by default (configurable with
# --service-node-port-range)", "max 50 in v2", "up to 100 on older versions".
_EXCEPTION_AFTER = lazy_compile(r"\b(?:unless|except|excepting|save for|by default|configurable|"
                                r"soft\s+(?:limit|cap|max\w*)|at your own risk|contact\s+(?:support|us|sales)|"
                                r"(?:admins?|administrators?|owners?|you)\s+can\s+(?:change|raise|increase|adjust)|"
                                r"can be (?:changed|"
                                r"raised|increased|configured)|in v\d|in version|on (?:older|newer|earlier|later) "
                                r"versions?)\b", re.I)
# A bound a setting gives by default, said before it: "the password policy (by default at
# least 8 characters …)".
_DEFAULT_BEFORE = lazy_compile(r"\bby default\b|\bthe default (?:max\w*|min\w*|limit)\b", re.I)
# Another form of the value offered right after the bound: "Username (3 to 30 characters) or
# the email address on the account": the bound is of the first form.
_ALTERNATIVE_AFTER_BOUND = lazy_compile(r"\)?\s*,?\s*(?:or|and/or)\s+(?:an?|the|your|its|their)\s+\w", re.I)
# A clause after a bound that gives a thing's own, with the verb left out: "; paragraph
# fields to 32,768", ", and custom fields up to 500" (`_another_case_after`).
_ANOTHER_CASE_AFTER = lazy_compile(r"\s*[;,]\s*(?:and\s+|but\s+|while\s+|whereas\s+)?((?:[A-Za-z][\w-]*\s+){1,3}?)"
                                   r"(?:to|up\s+to|at\s+most)\s+\d", re.I)
# The clause after a bound that speaks of the other cases: "The search API allows at most 10
# pages; other list endpoints have no page limit".
_OTHER_CASES_AFTER = lazy_compile(r"\s*[;,]\s*(?:and\s+|but\s+|while\s+|whereas\s+)?(?:for\s+)?(?:all\s+)?other\b",
                                  re.I)
# The clause after a bound that gives some callers another: "Up to 32 characters; Nitro users
# get 64", "3 to 50 characters. Bot accounts may use a single character", "legacy accounts may
# have 2 or 3".
_SOME_CALLERS_AFTER = lazy_compile(
    r"\s*[.;,]?\s*(?:but\s+|while\s+|whereas\s+)?(?:[A-Za-z][\w-]*\s+){0,3}?(?:users?|accounts?|members?|admins?|"
    r"administrators?|owners?|customers?|bots?|organi[sz]ations?|orgs?|workspaces?|teams?|plans?|tiers?|subscribers?|"
    r"guests?|instances?|projects?|clients?|apps?)\s+(?:may|can|could|get|gets|are allowed|is allowed|keep|have|has)\b"
    r"[^.;]{0,40}?(?:\d|\b(?:shorter|longer|more|fewer|less|single|higher|lower|larger|smaller|unlimited|no limit)\b)",
    re.I)
# A sentence that advises ("Use a value less than 60 for faster responses", "For best
# performance, use less than 20", "Keep it small (5-10) to save tokens") or speaks of one plan ("Free plans get at most 3 days",
# "Free accounts: max 24", "(1024 for Pro access)"): its bounds are no rule on every call.
_ADVICE_OR_PLAN = lazy_compile(
    r"\b(?:for|to get|gives?|yields?)\s+(?:the\s+)?(?:better|best|faster|quicker|optimal|improved)\b|"
    r"\b(?:better|best|optimal)\s+(?:performance|results)\b|\bfor\s+(?:better\s+|best\s+)?compatibility\b|"
    # "Keep the summary line to 72 characters or less": advice, and of a part.
    r"\bkeep\s+(?:the|each|every|your)\s+(?:[\w-]+\s+){0,3}?(?:to|under|below|within)\s+\d|"
    r"\bto\s+(?:save|reduce|cut|minimi[sz]e|lower)\s+(?:on\s+)?(?:tokens?|time|costs?|latency|bandwidth|memory|money|"
    r"load|context)\b|\bkeep\s+(?:it|this|them|the\s+\w+)\s+(?:small|short|low|brief|modest)\b|"
    r"\b(?:free|paid|pro|premium|basic|standard|enterprise|business|trial|starter|team|plus|professional|developer|"
    r"sandbox|beta|test|production|live|demo)[- ](?:plans?|tiers?|accounts?|users?|subscriptions?|subscribers?|customers?|editions?|licen[cs]es?|"
    r"access|keys?|workspaces?|organi[sz]ations?)\b|\b(?:on|with|for|in)\s+(?:the|a|an|your|their)\s+[\w-]+\s+"
    r"(?:plans?|tiers?|subscriptions?)\b", re.I)
# A number after an upper bound that gives another case a larger one: "(1024 for Pro
# access)", "… and 4000 characters for dall-e-3", "(0-4096 characters for GUILD_FORUM …)",
# "max 99 for voice channels and 10,000 for stage channels".
_LATER_NUMBER = lazy_compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?)(?:\s*([A-Za-z]+))?")
_CASE_WORDS = frozenset({"for", "with", "on", "in", "if", "when", "under", "via", "using"})
# Words that make a number a count of things ("Number of results", "Limit", "Results per
# page", "How many rows"): of such a number, "up to 100 results" bounds the value.
_COUNT_OF = lazy_compile(r"\b(?:number of|count|limit|max(?:imum)?|size|amount|total|quantity|how many|top|per)\b",
                         re.I)
# The rest of a bound's clause: "up to 100 results| per page)".
_CLAUSE_REST = lazy_compile(r"[^.;,()]*")
# A length stated for a part of the string: "72 characters for the subject line", "per
# line", "in each item" ("in length", "in total" are of the whole).
# A range right after what a count counts is the range of those things, not of the count: "How
# many random integers between 1 and 10 to generate" (a count of 25 is fine). Not a range in
# figures alone: "Number of results (1-20)" is the count's.
_COUNTED_BEFORE = lazy_compile(r"\b(?:how many|number of|count of)\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*s\s+$", re.I)
# A case the clause opens with, its subject after: "for JPY (a zero-decimal currency) it must be a
# multiple of 100", "For Windows hosts, the value must be at most 15".
_CASE_BEFORE = lazy_compile(r"(?:^\s*|[;:]\s*)for\s+(?!(?:example|instance|each|every|all|any|best|better|most)\b)"
                            r"[^,;:()]{1,40}(?:\([^)]{0,60}\)\s*)?,?\s*(?:it|they|the value|values?|this)\s+"
                            r"(?:must|should|has to|have to|needs? to|is|are|can|may)\b", re.I)
# A bound said of some calls only, right after it: "at most 63 characters for DNS-compatible
# buckets", "at most 2000 characters in public channels", "at least 8 characters when creating
# a user", "from 0 to 1 for cosine similarity", "a multiple of 5 when currency is CHF", "in
# percent (0-100) or, when `type` is `fixed`, an amount in cents" (not "in
# length", "in total", "in UTF-8", "in steps of 15", "per request", nor the field's own presence:
# "if provided").
_ONE_CASE_AFTER = lazy_compile(r"\)?\s*,?\s*(?:or\b\s*,?\s*)?(?:(?:when|while|if|unless)\b"
                               r"(?!\s+(?:it\s+is\s+|one\s+is\s+)?(?:provided|given|set|present|specified|supplied|passed|"
                               r"sent|used|included|any|available|omitted|left\s+out|absent|missing|unset|"
                               r"not\s+(?:given|set|provided|specified|sent|passed))\b)|"
                               r"(?:for|in|on)\s+(?!(?:length|total|size|all|"
                               r"characters?|bytes?|utf|unicode|the|a|an|one|each|every|any|its|this|that|single|"
                               r"practice|(?:steps|increments)\s+of)\b)[a-z])", re.I)
# A count of each item's own parts: "Labels are limited to 5 words apiece".
_APIECE_AFTER = lazy_compile(r"\s*(?:apiece\b|each\b(?!\s+[a-z]))", re.I)
_PART_AFTER = lazy_compile(r"\s*(?:per\b|(?:for|in|on|within)\s+(?:the|each|every|a|an|one|any|its)\b)", re.I)
# A part of the string named before its length, in the bound's sentence: "The name segment
# … must be 63 characters or less" (of a Kubernetes label key "prefix/name"), "the local
# part", "each component", "Label keys and values can be no longer than 63 characters" (of
# a list of pairs).
# So is a line of it or its first piece: "The first line should be at most 72 characters" (a
# commit message's), "the subject line must not exceed 50", "the first tweet is limited to 280".
_PART_BEFORE = lazy_compile(r"\b(?:segments?|components?|portions?|prefix(?:es)?|suffix(?:es)?|"
                            r"(?:local|domain|first|last|user(?:name)?|host) parts?|keys\s+(?:and|or)\s+values|"
                            r"(?:first|subject|summary|title|header|heading|opening|top|last|each|every|any)\s+lines?|"
                            r"(?:first|opening|leading|lead|summary)\s+(?:tweet|post|message|paragraph|sentence|chunk|"
                            r"page|part|word|block))\b", re.I)
_HEDGE = lazy_compile(r"\b(?:soft|typical(?:ly)?|usually|recommend\w*|generally|often|rarely|seldom|sometimes|occasionally|"
                      r"approximate(?:ly)?|approx|roughly|"
                      r"ideal(?:ly)?|suggest\w*|e\.g|eg|for example|for instance|such as|i\.e|like|around|about)\b|"
                      # Some of the values only: "Most items are limited to 10 per order" (not "at most").
                      r"(?<!\bat )\bmost\s+(?!values\b|numbers\b)[a-z]+s\b", re.I)
# Values the description names as meaningful: "Use 0 to …", "-1 indicates CPU", "set to 0 …".
_SENTINEL = lazy_compile(r"\b(?:use|set (?:it )?to|value of|values? of|pass|enter)\s+" + _N + r"\b|"
                         r"(?:^|(?<=[\s('\"]))" + _N + r"['\"]?\s+(?:means|indicates|represents|stands for|is for|"
                         r"for no|to (?:indicate|disable|mean|include|use)|disables)\b", re.I)

_LENGTH_UNITS = ("character", "char", "letter")
_COUNT_WORDS = ("item", "element", "entr", "value", "tag", "label", "id", "result", "object", "record", "row", "file",
                "recipient", "address", "association", "input", "url", "keyword", "name", "per", "quer", "request",
                "call", "page", "message", "event", "document", "user", "job", "task")


# The three parts of a reading, each stating its own keywords: a rule that needs one part
# reads only that one (SL304 only a string's format, SL303 only a number's bounds).
BOUNDS, FORMAT, ENUM = "bounds", "format", "enum"
_PARTS = (BOUNDS, FORMAT, ENUM)


def stated(description: Any, types: Any, part: str | None = None, name: str | None = None,
           neighbours: frozenset[str] = frozenset()) -> tuple[Stated, ...]:
    """Every constraint the description states that fits a field of the given JSON types
    (of one `part` of the reading, when given). The field's `name` may say the unit of its
    number (`timeout_ms`), which a bound in a unit must be in; `neighbours`, the lower-cased
    names of the properties beside it (`SchemaNode.neighbour_names`), are those a clause may
    speak of instead ("page_size is at most 100" of `page`)."""
    if not isinstance(description, str) or not description:
        return ()
    kind = _kind(types if isinstance(types, frozenset) else frozenset([types] if isinstance(types, str) else types or ()))
    if kind is None:
        return ()
    if part is not None:
        if not _may_state(description, kind, part):
            return ()
        return _read_part(description, kind, part, named_unit(name), False,
                          _neighbours_of(description, part, neighbours, name))
    return tuple(found for each in _PARTS if _may_state(description, kind, each)
                 for found in _read_part(description, kind, each, named_unit(name), False,
                                         _neighbours_of(description, each, neighbours, name)))


def _neighbours_of(description: str, part: str, neighbours: frozenset[str], name: str | None) -> frozenset[str]:
    """The neighbours the description names, for the part of the reading that weighs them (bounds)."""
    return _named_neighbours(description, neighbours, name) if neighbours and part == BOUNDS else _NO_NAMES


def stated_keyword(description: Any, types: Any, keyword: str, neighbours: frozenset[str] = frozenset(),
                   name: str | None = None) -> Stated | None:
    part = keyword if keyword in (FORMAT, ENUM) else BOUNDS
    for found in stated(description, types, part, name, neighbours):
        if found.keyword == keyword:
            return found
    return None


_OFFERED = lazy_compile(r"(?:use|choose|select|pick|specify)\s", re.I)
# Words that say the value may be a number: "Port name or number", "an ID or a number".
_OR_A_NUMBER = lazy_compile(r"\bor\s+(?:an?\s+)?(?:number|numeric|integer)\b|\b(?:number|numeric|integer)\s+or\b", re.I)


def offered_values(found: Stated, description: str) -> bool:
    """Whether an `enum` reading's values are offered by a verb ("Use 'me' for the current
    user or 'none' for unassigned tasks", "Use 'HEAD' or 'main'"): as often special values
    beside the field's others (IDs, names, dates) as its whole list ("Use 'asc' or 'desc'"),
    so a fix from them is for a person to confirm. So are words with no number among them
    where the description says the value may be one ("Port name or number. Can be 'http' or
    'https'"): the numbers are values the list leaves out."""
    if found.keyword != "enum":
        return False
    return _OFFERED.match(found.phrase) is not None or (
        _OR_A_NUMBER.search(description) is not None
        and not any(isinstance(value, (int, float)) or str(value).strip().isdigit() for value in found.value))


def escaped_values(found: Stated) -> list[str]:
    """The values of an `enum` reading written with a backslash escape ("one of ',', ';' or
    '\\t'"): the writer may mean the character the escape stands for (a tab) or the characters
    as written, and a model may send either. An `enum` of the wrong one rejects correct
    calls, so such a list is for a person to confirm."""
    if found.keyword != "enum":
        return []
    return [value for value in found.value if isinstance(value, str) and _ESCAPE.search(value)]


_ESCAPE = lazy_compile(r"\\[\\/'\"0abfnrtvux]")


def said(found: Stated) -> str:
    """How a fix names its evidence: the phrase it was read from, quoted."""
    return f'the description says "{clip(found.phrase.lstrip(":;,. "), 80)}"'


def evidence_of(found: Stated) -> Evidence:
    return Evidence(EVIDENCE_WORDS, found.phrase)


def bounds_fix(found: list[Stated], pointer: str) -> Fix:
    """One fix adding every bound read at `pointer`, quoting the first one's words. A
    suggestion where one is a `multipleOf` that is no whole number: validators that divide in
    binary floating point (Python's jsonschema; ajv by default) refuse values it divides, as
    1.13 / 0.01 is 112.99999999999999 there."""
    shown = ", ".join(f"`{s.keyword}: {s.value}`" for s in found)
    inexact = any(s.keyword == "multipleOf" and not float(s.value).is_integer() for s in found)
    note = ("; a `multipleOf` that is no whole number fails values it divides where a validator divides in "
            "floating point: confirm it" if inexact else "")
    return Fix(f"add {shown} ({said(found[0])}{note})", FixSafety.SUGGESTION if inexact else FixSafety.UNSAFE,
               tuple(Operation("add", join(pointer, s.keyword), s.value) for s in found), evidence_of(found[0]))


def handled_suggestion(found: Stated, pointer: str) -> Fix:
    """A suggestion, never applied by `--fix`, of a bound the words state and also say
    values past are taken and handled (`handled_bounds`): as a fix it would refuse them."""
    return Fix(f"add `{found.keyword}: {found.value}` ({said(found)}, but also that values past it are taken, "
               "not refused: confirm it)", FixSafety.SUGGESTION, (Operation("add", join(pointer, found.keyword),
                                                                            found.value),), Evidence(EVIDENCE_NONE))


@lru_cache(maxsize=64)
def _kind(types: frozenset) -> str | None:
    """string, array, integer or number: the one kind of value the field holds (null aside).
    Cached: a node's types are one of a few sets, asked of by several rules for each node."""
    named = {t for t in types if isinstance(t, str)} - {"null"}
    if named == {"integer"}:
        return "integer"
    if named and named <= {"number", "integer"}:
        return "number"
    return next(iter(named)) if len(named) == 1 and named <= {"string", "array"} else None


def _may_state(description: str, kind: str, part: str) -> bool:
    """False only where the part of the reading states nothing, told by what every reading
    of it holds: a digit or one of a few words. Asked before the reading is looked up: nearly
    every description holds none, and then neither the cache (a miss, an eviction) nor the
    readers are asked (text not ASCII is always read). Asked of the
    description's own prose, as the readers are: joining the lines around a bullet can make
    what the whole text does not hold (`use` and, below the bullet, `'a'`)."""
    if part == FORMAT and kind != "string" or part == ENUM and kind == "array":
        return False
    lowered, digit = _screened(description)
    if lowered is None:
        return True
    if part == BOUNDS:
        # Every bound is a number; besides, a string or array may be said not empty, a number
        # signed, a string's exact length spelled ("two-letter code"), and "exactly two items".
        if digit:
            return True
        if kind == "string" and _SPELLED_EXACT_LENGTH.screens(lowered):
            return True
        if kind in ("string", "array"):
            return "empty" in lowered or "at least one" in lowered or "exactly" in lowered
        return _SIGN.screens(lowered)
    if part == FORMAT:
        return _holds_format_word(lowered)
    return _ENUM_LIST.screens(lowered) or _ONLY.screens(lowered) or _INTRO.screens(lowered)


@lru_cache(maxsize=4096)
def _screened(description: str) -> tuple[str | None, bool]:
    """What `_may_state` looks through: the description's own prose lowered, or None when it
    is not ASCII, and whether it holds a digit. Cached: each description is asked of two or
    three parts, by as many rules (SL403 a field's bounds and values, SL304 its format,
    SL303 a number's bounds again)."""
    prose = own_prose(_within_limit(description))
    if not prose.isascii():
        return None, True
    return prose.lower(), holds_digit(prose)


READ_LIMIT = 4_000
"""Characters of a description the reader reads: a field's constraints are stated up front,
and past this a description is a manual (a hostile one would cost time for nothing)."""
LIST_STARTS = 32
"""Places a closed list could start ("one of", a colon before a quote …) tried per description."""


def handled_bounds(description: Any, types: Any, name: str | None = None,
                   neighbours: frozenset[str] = frozenset()) -> tuple[Stated, ...]:
    """The bounds the description states that it also says values past are taken and
    handled ("max 256 characters; longer titles are truncated", "(1-50). Larger values are
    capped at 50", `handled.handled_sides`): left out of `stated`, since a fix of them
    refuses calls the tool runs, and given here for a rule to name in a suggestion."""
    if not isinstance(description, str) or not description:
        return ()
    kind = _kind(types if isinstance(types, frozenset) else frozenset([types] if isinstance(types, str) else types or ()))
    if kind is None or not _may_state(description, kind, BOUNDS):
        return ()
    return _read_part(description, kind, BOUNDS, named_unit(name), True,
                      _neighbours_of(description, BOUNDS, neighbours, name))


_SIDE_OF = {"maximum": UPPER, "exclusiveMaximum": UPPER, "maxLength": UPPER, "maxItems": UPPER,
            "minimum": LOWER, "exclusiveMinimum": LOWER, "minLength": LOWER, "minItems": LOWER}


_NO_NAMES: frozenset[str] = frozenset()
# A description's words that may name a property: an identifier as code writes it, and two
# words in a row (read as `end_index` for "the end index").
_NAME_WORD = lazy_compile(r"[A-Za-z_][\w]*")


@lru_cache(maxsize=4096)
def _named_neighbours(description: str, neighbours: frozenset[str], name: str | None) -> frozenset[str]:
    """The neighbours (lower-cased property names) the description names, the field's own
    aside: each word, and each two words joined by `_`, looked up in the set. Most name none,
    and the reading is then cached as any other. Asked only of a description that may state
    a bound, and once for the several rules that ask (a set's hash is kept with it)."""
    words = [word.lower() for word in _NAME_WORD.findall(description[:READ_LIMIT])]
    own = name.lower() if isinstance(name, str) else None
    found = {word for word in words if word in neighbours}
    found.update(joined for first, second in pairwise(words) if (joined := f"{first}_{second}") in neighbours)
    found.discard(own)
    return frozenset(found) if found else _NO_NAMES


def _of_a_neighbour(sentence: str, bound: _Bound, neighbours: frozenset[str]) -> bool:
    """Whether the bound's clause speaks of a neighbouring property it names: written as code
    ("; page_size is at most 100", "(per_page max 100)", "use with `limit` (1-100)"), as the
    sentence's label ("Height: 1-4096"), after "with" ("Combine with limit (max 100)"), or as
    the subject of a verb ("end may be at most 1000"). A plain word that only starts a phrase
    ("Page size (1-100)" beside a `page`) is no name of it."""
    before = sentence[:bound.start]
    start = max(before.rfind(mark) for mark in ".;")
    clause = before[start + 1:]
    for match in _CODE_WORD.finditer(clause):
        if (match.group(1) or match.group(2) or match.group(3)).lower() in neighbours:
            return True
    named = _NAMED_IN_CLAUSE.search(clause)
    if named is None:
        return False
    if named.group(4) is not None:  # two words as a subject: one name ("the end index" of `end_index`)
        return f"{named.group(3)}_{named.group(4)}".lower() in neighbours
    return (named.group(1) or named.group(2) or named.group(3)).lower() in neighbours


# A name as code writes it: quoted, or with `_` or a capital inside ("page_size", "pageSize").
_CODE_WORD = lazy_compile(r"[`'\"]([A-Za-z_][\w.-]*)[`'\"]|\b([A-Za-z]\w*_\w+)\b|\b([a-z]+[A-Z]\w*)\b")
# A plain name as a label, after "with", or as the subject of a verb that a bound follows.
_NAMED_IN_CLAUSE = lazy_compile(r"^\s*([A-Za-z]\w*)\s*:|\bwith\s+(?:the\s+)?([A-Za-z]\w*)\s*\(?\s*$|"
                                r"^\s*(?:the\s+)?([A-Za-z]\w*)(?:\s+([A-Za-z]\w*))?\s+"
                                r"(?:is|are|must|may|can|should|shall|will|cannot)\b",
                                re.I)


@lru_cache(maxsize=4096)
def _read_part(description: str, kind: str, part: str, unit: str | None = None,
               handled: bool = False, neighbours: frozenset[str] = frozenset()) -> tuple[Stated, ...]:
    """One part of the reading; each states keywords of its own, so the parts together are
    the whole reading. Cached: several rules ask of each description (SL301, SL305, SL403
    of one string). A bound on a side the words say values past are handled on is left
    out (`handled`: only those are given)."""
    whole = description
    description = own_prose(_within_limit(description))
    found: list[Stated] = []
    if part == BOUNDS:
        text = description.replace("\u2212", "-")
        if kind in ("string", "array"):
            found += _bounds(text, LENGTH if kind == "string" else COUNT, neighbours)
        else:
            found += _number_bounds(text, kind, unit, neighbours)
        if found:
            sides = handled_sides(whole)
            found = [each for each in found if (_SIDE_OF.get(each.keyword) in sides) is handled]
    elif part == FORMAT:
        if kind == "string":
            found += _formats(description)
    elif kind in ("string", "integer", "number") and not _cut_inside_sentence(whole):
        values = _closed_values(description, numeric=kind != "string")
        if values is not None and not takes_other_values(whole):  # "other values fall back to json": open
            found.append(Stated("enum", values[0], values[1]))
    return tuple(_first_of_each(found))


def _within_limit(description: str) -> str:
    """The first `READ_LIMIT` characters, to the end of the last sentence in them: a
    sentence cut at the limit may cut a bound from its unit ("at most 5" of "at most 5
    days")."""
    if len(description) <= READ_LIMIT:
        return description
    cut = description[:READ_LIMIT]
    return cut[:max(cut.rfind(". "), cut.rfind("; "), cut.rfind("\n")) + 1] or cut


def _cut_inside_sentence(description: str) -> bool:
    """Whether the limit cuts a long description inside a sentence (no sentence ends before
    it): a list running past it ("One of v0, v1, … v1999") would be read as the values
    before the cut, and an `enum` of them rejects the rest."""
    return len(description) > READ_LIMIT and _within_limit(description) == description[:READ_LIMIT]


# Words (in lower case) that every reading of a format holds, looked for with `in` (an
# alternation of them stops at every character one starts with: twice the instructions);
# or a layout's letters before a separator (`MM/DD`, `HH:mm`), not inside a word
# ("command", "address").
_FORMAT_WORDS = ("yyyy", "iso", "rfc", "mail", "uuid", "guid", "url", "uri", "link", "host", "ipv")
_LAYOUT_START = lazy_compile(r"(?:mm|dd|hh)[-/:.]")


def _holds_format_word(lowered: str) -> bool:
    """Whether lowered prose holds what every reading of a format holds."""
    for word in _FORMAT_WORDS:
        if word in lowered:
            return True
    return ("mm" in lowered or "dd" in lowered or "hh" in lowered) and _LAYOUT_START.search(lowered) is not None


def own_prose(description: str) -> str:
    """The description less what documents other things: bullet lines (`- name (required):
    …`, the fields of an object passed as a string), everything from the first Markdown
    heading on (usage notes of a whole tool) or from a docstring's "Returns:" section on,
    and its HTML markup (`without_markup`)."""
    description = without_markup(description)
    heading = _HEADING.search(description) if "#" in description else None
    if heading is not None:
        description = description[:heading.start()]
    output = _OUTPUT_SECTION.search(description) if "\n" in description else None
    if output is not None:
        description = description[:output.start()]
    output = _OUTPUT_LABEL.search(description) if ":" in description else None
    if output is not None:  # the same section run into one line, as a generator flattens a docstring
        description = description[:output.start()]
    if "\n" not in description:
        return description
    return "\n".join(line for line in description.splitlines() if not _BULLET.match(line))


_HEADING = lazy_compile(r"^\s{0,3}#{1,6}\s", re.M)
# A docstring's section on what the tool gives back ("Returns:", NumPy's "Returns" over a rule
# of dashes, "Raises:"): "At most 25 items per call" there bounds the answer, not the field.
_OUTPUT_SECTION = lazy_compile(r"^[ \t]{0,8}(?:returns?|yields?|raises)[ \t]*(?::[ \t]*$|\n[ \t]{0,8}-{3,}[ \t]*$)",
                               re.M | re.I)
# Its label inline, after a sentence: "Number of results. Returns: list of up to 25 items".
_OUTPUT_LABEL = lazy_compile(r"(?<=[.;!?])[ \t]+(?:returns?|yields?):[ \t]", re.I)
_BULLET = lazy_compile(r"\s*(?:[-*\u2022]|\d+[.)])\s")


def _first_of_each(found: list[Stated]) -> list[Stated]:
    seen: set[str] = set()
    kept = []
    for item in found:
        if item.keyword not in seen:
            seen.add(item.keyword)
            kept.append(item)
    return kept


# ----------------------------------------------------------------------------- bounds

class _Bound(NamedTuple):
    side: str  # "min", "max", "xmin", "xmax", "multiple"
    value: int | float
    unit: str | None
    start: int
    end: int
    phrase: str
    ranged: bool = False  # read from a range ("from 1 to 5"), which a scale of values often is


_GROUP_MARKS = str.maketrans("", "", ", \u00a0\u202f'\u2019")


def _number(text: str) -> int | float:
    cleaned = text.translate(_GROUP_MARKS).replace("\u2212", "-")
    return float(cleaned) if "." in cleaned else int(cleaned)


def _sentences(text: str) -> list[str]:
    """The text split at a full stop, semicolon or line break followed by space ("e.g." and
    decimals end no sentence)."""
    out, start = [], 0
    for match in _BOUNDARY.finditer(text):
        out.append(text[start:match.end()])
        start = match.end()
    out.append(text[start:])
    return out


def _bound_matches(sentence: str) -> list[_Bound]:
    """The bounds the sentence states, overlapping ones included. Found in the sentence
    lowered (`Screened.finditer_lowered`, lowered once for every pattern), their words and
    numbers taken from the sentence itself."""
    found: list[_Bound] = []
    lowered = sentence.lower() if sentence.isascii() else None

    def take(side: str, value: str, unit: str | None, match: re.Match, ranged: bool = False,
             start: int | None = None) -> None:
        start = match.start() if start is None else start
        phrase = sentence[start:match.end()].strip()
        if phrase.startswith("(") and sentence[match.end():match.end() + 1] == ")":
            phrase += ")"
        found.append(_Bound(side, _number(value), unit, start, match.end(), phrase, ranged))

    for match in _RANGES.finditer_lowered(sentence, lowered):
        g = _groups(match, sentence)
        if g[0] is not None:
            low, high, unit = g[0], g[2], g[3] or g[1]
        elif g[4] is not None:
            low, high, unit = g[4], g[6], g[7] or g[5]
        elif g[8] is not None:
            low, high, unit = g[8], g[9], g[10]
        elif g[11] is not None:
            low, high, unit = g[11], g[12], g[13]
        elif g[14] is not None:
            low, high, unit = g[14], g[15], g[16]
        else:
            low, high, unit = g[17], g[18], g[19]
            if _YEAR.fullmatch(low) and _YEAR.fullmatch(high):
                continue  # "Fiscal year 2023-2024": a name for a span of years, no bound on the value
        # The range starts at its first number: the words naming the value before it are no part
        # of it (a hedge among them, "typically ranges from 1 to 8", still hedges it).
        start = match.start(18) if g[17] is not None else match.start()
        if _number(low) >= _number(high):
            continue  # a date (2023-04), an identifier or a span backwards: no range
        # "between 0 and 100 exclusive": the word after the number, read as its unit, is none.
        said = unit.lower() if unit is not None and unit.lower() in ("exclusive", "inclusive") else None
        unit = None if said else unit
        exclusive = said == "exclusive" or _EXCLUSIVE_AFTER.match(sentence, match.end()) is not None \
            or _STRICTLY_BEFORE.search(sentence, max(0, start - 12), start) is not None
        take("xmin" if exclusive else "min", low, unit, match, ranged=True, start=start)
        if _OPEN_ENDED.match(sentence, match.end(g.index(high) + 1)) is None:
            take("xmax" if exclusive else "max", high, unit, match, ranged=True, start=start)
    for pattern, side in ((_UPPER, "max"), (_LOWER, "min"), (_ABOVE, "xmin"), (_BELOW, "xmax"), (_OR_MORE, "min"),
                          (_OR_FEWER, "max")):
        for match in pattern.finditer_lowered(sentence, lowered):
            groups = _groups(match, sentence)
            value = next(g for g in groups if g is not None)
            unit = groups[groups.index(value) + 1] if groups.index(value) + 1 < len(groups) else None
            take(side, value, unit, match)
    for match in _MULTIPLE.finditer_lowered(sentence, lowered):
        take("multiple", _groups(match, sentence)[0], None, match)
    return found


def _groups(match: re.Match, text: str) -> tuple[Any, ...]:
    """The match's groups as `text` spells them, for a match found in `text` lowered (None
    for a group that took no part, as `groups()` gives; typed as loosely)."""
    spans = map(match.span, range(1, match.re.groups + 1))
    return tuple(None if start < 0 else text[start:end] for start, end in spans)


def _overlaps(bound: _Bound, kept: list[_Bound]) -> bool:
    return any(bound.start < other.end and other.start < bound.end and bound.side[-3:] == other.side[-3:]
               for other in kept)


def _hedged(sentence: str, start: int) -> bool:
    """Whether a hedge stands before `start`: the sentence's first hedge ends by then. Looked
    up once per sentence: searched again for each bound, a sentence of many bounds ("1 to
    9, 1 to 9, …") cost their square."""
    first = _first_hedge_end(sentence)
    return first is not None and first <= start


@lru_cache(maxsize=256)
def _first_hedge_end(sentence: str) -> int | None:
    hedge = _HEDGE.search(sentence)
    return hedge.end() if hedge is not None else None


def _head(text: str) -> frozenset[str]:
    """The words of the description's opening clause, which name the field ("Port to listen
    on", "Image width in pixels"), singular."""
    return frozenset(_opening_words(text))


def _head_phrase(text: str) -> tuple[str, ...]:
    """The noun phrase the opening clause names the field with, singular, its noun last:
    ("score", "threshold") of "Score threshold", ("description",) of "Description of the
    label", ("max", "price", "filter") of "Max price filter, in EUR"."""
    words = []
    for word in _opening_words(text):
        if word in _PHRASE_ENDS:
            break
        if word not in _DETERMINERS and len(word) > 1:  # nor the `s` of "User's age"
            words.append(word)
    return tuple(words)


@lru_cache(maxsize=256)
def _opening_words(text: str) -> tuple[str, ...]:
    """Cached: `_head` and `_head_phrase` read each description's."""
    stripped = text.lstrip()
    end = _HEAD_END.search(stripped)
    return tuple(_singular(word) for word in _WORD.findall(stripped[:end.start() if end else 200]))


# What ends the noun phrase of the opening words: a preposition, a relative word, a verb form
# a description opens a clause with.
_PHRASE_ENDS = frozenset({"of", "for", "to", "in", "on", "at", "by", "with", "from", "per", "that", "which", "who",
                          "used", "when", "where", "if", "as", "between", "into", "about", "under", "over", "after",
                          "before", "and", "or", "is", "are", "must", "should", "can", "may", "will"})
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "its", "their", "your", "our", "my", "his", "her"})


def _singular(word: str) -> str:
    """A noun's singular, near enough to tell two mentions of one thing ("entries", "tokens")."""
    word = word.lower()
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") and len(word) > 3 else word


def _of_another_thing(sentence: str, before: int, bound: _Bound, head: frozenset[str],
                      phrase: tuple[str, ...] = ()) -> bool:
    """Whether the bound's clause has a subject of its own that the opening words do not name
    and that is no word for a value (`_THE_SUBJECT_BEFORE`, `_NAME_SUBJECT_BEFORE`,
    `_PLURAL_SUBJECT_BEFORE`, `_PLURAL_ARE_BEFORE`), or that is another thing's own. The
    opening words may name it and not as the field (`phrase`, `_head_phrase`): only as a word
    before the field's noun ("Score threshold. Scores range from 0 to 100"), or as another
    thing, of which a word for a value follows ("Description of the label. Label names are at
    most 50 characters")."""
    subject = _THE_SUBJECT_BEFORE.search(sentence, before, bound.start) \
        or _NAME_SUBJECT_BEFORE.search(sentence, before, bound.start) or (
        _PLURAL_SUBJECT_BEFORE.match(sentence, 0, bound.start) if bound.ranged and _RANGE_WORD.match(bound.phrase)
        else _PLURAL_ARE_BEFORE.match(sentence, 0, bound.start))
    if subject is None:
        return _OWN_OF_ANOTHER_BEFORE.search(sentence, before, bound.start) is not None
    written = (subject.group(2) or subject.group(1)).lower()
    noun = _singular(written)  # the last word: "item prices" are prices
    if noun not in head and noun not in _VALUE_WORDS:
        return True
    modifier = _singular(subject.group(1)) if subject.group(2) else None
    if phrase and written != noun and noun not in _VALUE_WORDS and phrase[-1] not in _VALUE_WORDS \
            and noun in phrase[:-1]:
        return True  # all of what a word before the field's noun names: "Score threshold. Scores range …"
    if phrase and noun in _VALUE_WORDS and modifier in head and noun not in phrase and modifier not in phrase:
        return True  # "Description of the label. Label names are …": the label's, which the opening words name
    # The field's noun with another word before it: "Start index (0-based). The end index may
    # be at most 1000" speaks of the end's.
    return modifier is not None and noun in head and modifier not in head and modifier not in _VALUE_WORDS


def _remark(sentence: str, bound: _Bound, target: str, head: frozenset[str] = frozenset(),
            phrase: tuple[str, ...] = ()) -> bool:
    """Whether the words around the bound make it no rule on the field: a remark on what the
    value does ("more than 10 is slow"), a hedge after it ("(1 to 100 suggested)"), what
    something else holds ("Each page holds up to 100 results", of a page number), a
    string's length stated for a part of it ("72 characters for the subject line"), a
    condition it is part of ("If more than 100 results match, use the cursor"), an
    exception after it ("max 30 days unless you have a Pro plan"), or a sentence of advice
    or of one plan ("For best performance, use less than 20", "Free plans get at most 3
    days")."""
    after = sentence[bound.end:]
    # From the number's end: the word read as its unit may begin what follows ("max 50 in v2",
    # "from 0 to 1 for cosine similarity").
    number_end = _number_end(sentence, bound)
    if target == LENGTH and _PART_AFTER.match(after) or target == COUNT and _APIECE_AFTER.match(after) \
            or _ONE_CASE_AFTER.match(after) \
            or _ONE_CASE_AFTER.match(sentence, number_end):
        return True
    # The clause before the bound, as far back as a subject and its verb go: looked through
    # once per bound, a sentence of many bounds would otherwise cost their square.
    before = max(0, bound.start - _CLAUSE_REACH)
    if target == VALUE and _HELD_BEFORE.search(sentence, before, bound.start) \
            or target == LENGTH and _of_a_part(sentence, before, bound, head):
        return True
    if bound.side in ("xmin", "xmax") and not bound.ranged and (
            _SUBSET_BEFORE.search(sentence, before, bound.start)
            or _SUBJECT_BEFORE.search(sentence, before, bound.start)
            and _CASE_VERB_AFTER.match(sentence, bound.end if _names_a_unit(bound.unit) else _number_end(sentence, bound))):
        return True
    if _ROUNDED_BEFORE.search(sentence, before, bound.start + _leading_up(sentence, bound)) \
            or bound.ranged and bound.phrase[:1].isalpha() and _COUNTED_BEFORE.search(sentence, before, bound.start):
        return True
    said = _PLURAL_VERB_BEFORE.search(sentence, before, bound.start)
    if said is not None and (said.group(2) is None or said.group(1) is not None
                             or _singular(said.group(2)) not in head and _singular(said.group(2)) not in _VALUE_WORDS):
        return True
    counted = _QUANTITY_BEFORE.search(sentence, before, bound.start)
    if counted is not None and _of_other_things(counted.group(1), head):
        return True
    if _OTHER_SUBJECT_BEFORE.search(sentence, before, bound.start) \
            or _CONDITION.search(sentence, _clause_before(sentence, bound, ",;:("), bound.start) \
            or _CASE_BEFORE.search(sentence, _clause_before(sentence, bound, ";:"), bound.start) \
            or head and _of_another_thing(sentence, before, bound, head, phrase):
        return True
    if _EXCEPTION_AFTER.search(sentence, number_end, number_end + _CLAUSE_REACH) or _advice_or_one_plan(sentence) \
            or _DEFAULT_BEFORE.search(sentence, _clause_before(sentence, bound, ",;:("), bound.start):
        return True
    if target in (VALUE, COUNT) and _RATE_AFTER.match(sentence, number_end) or _PURPOSE_AFTER.match(sentence, number_end):
        return True
    if _ALTERNATIVE_AFTER_BOUND.match(sentence, bound.end) or _of_one_alternative(sentence, bound):
        return True
    if bound.unit and sentence.endswith(bound.unit, 0, bound.end):
        after = sentence[bound.end - len(bound.unit):]  # the word read as a unit may be the verb ("10 is slow")
    remark = _REMARK_AFTER.match(after)
    return remark is not None and (remark.group(1) is not None or (remark.group(2) or "").lower() not in _ACCEPTED)


def _of_other_things(things: str, head: frozenset[str]) -> bool:
    """Whether a quantity of `things` (a plural) is of other things than the field: things
    the opening words do not name, of a field they do not make a count (`_COUNT_OF`'s words),
    and no unit of the field's own measure ("30 seconds, max 300")."""
    thing = _singular(things)
    return (thing not in head and head.isdisjoint(_COUNTING_WORDS) and not ("number" in head and "of" in head)
            and unit_of(things) is None and not thing.startswith(_LENGTH_UNITS))


_COUNTING_WORDS = frozenset({"count", "limit", "max", "maximum", "size", "amount", "total", "quantity", "top", "per",
                             "many"})


def _of_a_part(sentence: str, before: int, bound: _Bound, head: frozenset[str]) -> bool:
    """Whether the clause names a part of the string before its length (`_PART_BEFORE`), one
    the opening words do not name as the field itself: "the subject line must not exceed 50" is
    of a commit message's first line, "Subject line, at most 200 characters" of a `subject`."""
    part = _PART_BEFORE.search(sentence, before, bound.start)
    return part is not None and not any(_singular(word) in head for word in part.group(0).split()[:-1])


def _number_end(sentence: str, bound: _Bound) -> int:
    """Where the bound's number ends: before the word read as its unit, which may be no unit."""
    return bound.end - len(bound.unit) if bound.unit and sentence.endswith(bound.unit, 0, bound.end) else bound.end


def _names_a_unit(word: str | None) -> bool:
    """Whether the word read as a bound's unit names one: of time or size, a length's, or what
    a count counts ("less than 5 run in the background" read `run`)."""
    return word is not None and word.lower() != "per" and (unit_of(word) is not None
                                                           or word.lower().startswith(_LENGTH_UNITS + _COUNT_WORDS))


def _leading_up(sentence: str, bound: _Bound) -> int:
    """How far "up " opens the bound's phrase ("up to 60" after "round it"): the rounding's verb
    then ends there."""
    return 3 if sentence[bound.start:bound.start + 3].lower() == "up " else 0


def _of_one_alternative(sentence: str, bound: _Bound) -> bool:
    """Whether the bound is said of one of the value's alternatives named before it: in the
    parenthesis after the last of them ("Sender phone number or alphanumeric sender ID (up to
    11 characters)"), or in an "either … or" ("Either a 4-digit PIN or a passphrase of at
    least 12 characters")."""
    opening = sentence.rfind("(", 0, bound.start)
    if opening > sentence.rfind(")", 0, bound.start) and _OR.search(sentence, 0, opening):
        return True
    return _EITHER_OR_BEFORE.search(sentence, 0, bound.start) is not None


_OR = lazy_compile(r"\bor\b", re.I)
_EITHER_OR_BEFORE = lazy_compile(r"\beither\b[^.;]*\bor\b", re.I)


def _another_case_after(sentence: str, bound: _Bound, following: str) -> bool:
    """Whether the clause after the bound (in its sentence or the `following` one, after a
    semicolon) gives another kind of the same thing its own ("Text fields are limited to 255
    characters; paragraph fields to 32,768"): the bound is that of one kind of value, and
    the field takes the others'. A clause of another thing ("Names are limited to 50
    characters, descriptions to 500") leaves it the field's."""
    after = sentence[bound.end:] + following
    if _OTHER_CASES_AFTER.match(after) or _SOME_CALLERS_AFTER.match(after):
        return True
    other = _ANOTHER_CASE_AFTER.match(after)
    if other is None:
        return False
    thing = other.group(1).split()[-1]
    head = sentence[_clause_before(sentence, bound, ",;:("):bound.start]
    return re.search(rf"\b{re.escape(thing)}\b", head, re.I) is not None


@lru_cache(maxsize=256)
def _advice_or_one_plan(sentence: str) -> bool:
    """Whether the sentence advises or speaks of one plan (`_ADVICE_OR_PLAN`). Cached: asked
    once per bound, and a sentence may state many."""
    return _ADVICE_OR_PLAN.search(sentence) is not None


def _as_stated(sentence: str, bound: _Bound) -> _Bound | None:
    """The bound as its clause states it. A negation before a strict comparison turns it
    around: "must not be greater than 100", "can never be larger than 2500", "never more
    than 5" state a maximum of 100, 2500, 5, and "must not be less than 1" a minimum of 1
    (the number itself allowed). Any other negation in the clause ("is not limited to
    100", "not all accounts allow more than 5", "does not have to be at least 3") leaves
    the bound unsure: None."""
    clause = _clause_before(sentence, bound, ",;:(")
    negation = None
    for negation in _NEGATION.finditer(sentence, clause, bound.start):
        pass
    if negation is None or _CONJUNCTION.search(sentence, negation.end(), bound.start):
        return bound  # none, or of another part: "must not be empty and at most 100 characters"
    if bound.side not in ("xmin", "xmax") or bound.ranged \
            or not _NEGATED_VERBS.fullmatch(sentence, negation.end(), bound.start):
        return None
    return bound._replace(side="max" if bound.side == "xmin" else "min",
                          phrase=sentence[negation.start():bound.start] + bound.phrase)


def _clause_before(sentence: str, bound: _Bound, marks: str) -> int:
    """Where the bound's clause starts: after the last of `marks` before it, within
    `_CLAUSE_REACH` (a sentence of many bounds would otherwise cost their square)."""
    reach = max(0, bound.start - _CLAUSE_REACH)
    return max(reach, max(sentence.rfind(mark, reach, bound.start) + 1 for mark in marks))


def _part_of_operator(sentence: str, bound: _Bound) -> bool:
    """Whether the bound's `<` or `>` is part of a shift or an arrow ("SUPPRESS_EMBEDS (1 <<
    2)", "value >> 4", "fast => 1", "0 -> 1", "x <- 5"), not a comparison."""
    if sentence[bound.start] not in "<>":
        return False
    return bound.start > 0 and sentence[bound.start - 1] in "<>=-" or sentence.startswith("<-", bound.start)


def _upper_by_case(sentence: str, bounds: list[_Bound]) -> frozenset[str]:
    """The units (`_unit_key`) in which the sentence gives a larger value than one of its
    upper bounds for another case after it: "Up to 512 characters (1024 for Pro access)",
    "1000 characters for dall-e-2 and 4000 characters for dall-e-3", "max 99 for voice
    channels and 10,000 for stage channels". The larger number is in the bound's unit, or
    names its case ("for", "with", "if" …); then no upper bound of the sentence in that
    unit is every call's ("up to 50 keys, with key names up to 40 characters and values up
    to 500 characters" still bounds the keys)."""
    uppers = [bound for bound in bounds if bound.side in ("max", "xmax")]
    if not uppers:
        return frozenset()
    numbers = [(match.start(), _number(match.group(1)), (match.group(2) or "").lower())
               for match in _LATER_NUMBER.finditer(sentence)]
    starts = [start for start, _, _ in numbers]
    # The largest number from each one on: most bounds have none larger after them, and are
    # passed by at once (a sentence of many bounds would otherwise cost their square).
    largest_after = list(accumulate(reversed([value for _, value, _ in numbers]), max))[::-1]
    split: set[str] = set()
    for bound in uppers:
        if _UNLIMITED.search(sentence, bound.end, bound.end + _CLAUSE_REACH):
            split.add(_unit_key(bound.unit))  # "Maximum 50 (Enterprise: unlimited)"
            continue
        first = bisect_left(starts, bound.end)
        if first == len(numbers) or largest_after[first] <= bound.value:
            continue
        key = _unit_key(bound.unit)
        for start, value, word in numbers[first:]:
            if start > bound.end + _CLAUSE_REACH:
                break
            if value > bound.value and (word in _CASE_WORDS or key != "" and _unit_key(word) == key
                                        or _CASE_LABEL.search(sentence, bound.end, start)
                                        or _CASE_NOUN.search(sentence, bound.end, start)):
                split.add(key)
                break
    return frozenset(split)


# Another case's bound after one: "unlimited" ("Maximum 50 (Enterprise: unlimited)"), or a
# number a label names the case of ("at most 100 (Business: 1,000)").
_UNLIMITED = lazy_compile(r"\b(?:unlimited|no (?:upper )?limit)\b", re.I)
_CASE_LABEL = lazy_compile(r"\b[A-Z][\w-]*(?: [\w-]+){0,2}:\s*$")
# ... or a kind of value in parentheses and its own bound: "8-64 characters (passphrases up to 128)".
_CASE_NOUN = lazy_compile(r"\(\s*(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*s\s+(?:(?:can|may)\s+(?:be|have)\s+)?"
                          r"(?:up to|at most|max(?:imum)?|of up to)\s*$", re.I)


def _by_case(bound: _Bound, split: frozenset[str]) -> bool:
    """Whether the bound is an upper one in a unit the sentence gives other cases larger values in."""
    if not split or bound.side not in ("max", "xmax"):
        return False
    key = _unit_key(bound.unit)
    return key in split or key == "" or "" in split


def _unit_key(word: str | None) -> str:
    """A bound's unit as `_upper_by_case` compares it: every length one, a count word in the
    singular, "" for none (or a word naming a case: "1024 for Pro access")."""
    word = (word or "").lower()
    if word in _CASE_WORDS:
        return ""
    return "character" if word.startswith(_LENGTH_UNITS) else word.rstrip("s")


def _counts_other_things(text: str, sentence: str, bound: _Bound) -> bool:
    """Whether a bound on a number counts things the number is not said to count: "Page
    number (up to 100 results per page)" and "Offset (max 100 items returned per call)"
    state a page's or a call's size. A number the rest of the description makes a count
    ("Number of results, up to 100 results", "Results to return (at most 50 results)"),
    or of which it says nothing else ("Maximum 100 items."), is bounded by it."""
    unit = (bound.unit or "").lower()
    if not unit.startswith(_COUNT_WORDS) or unit.startswith(("value", "per")):
        return False
    clause = sentence[bound.start:_CLAUSE_REST.match(sentence, bound.end).end()]
    rest = text.replace(clause, " ", 1).strip(" \t\n(),;:.-")
    if _per(rest, unit):
        return True  # "Results per label. Up to 5 labels may be requested": 5 labels, not 5 results
    if not rest or _COUNT_OF.search(rest):
        return False  # "Maximum 100 items.": nothing else is said of the number
    head = rest.split(None, 1)[0].lower()
    return not (head.startswith(unit.rstrip("s")) or unit.startswith(head.rstrip("s")))


def _per(text: str, unit: str) -> bool:
    """Whether the text makes the number an amount per one of the bound's things ("per label"
    beside "up to 5 labels"): a bound on how many of them there are is not the number's."""
    words = [word.strip(".,;:()") for word in text.lower().split()]
    single = unit.rstrip("s")
    return any(word == "per" and following.rstrip("s") == single for word, following in pairwise(words))


# A bound that names itself a length, with no unit after its number: AWS's reference states a
# string's limits so ("Length Constraints: Minimum length of 1. Maximum length of 1024."), and
# a string's length is its characters. (A limit in bytes, where an API means bytes, is no
# tighter than the same number of characters: the fix refuses no value the API takes.)
_NAMES_LENGTH = lazy_compile(r"(?:maximum|minimum) length\b", re.I)


_PRECISION_UNITS = ("digit", "decimal", "significant", "fractional")


def _fits(bound: _Bound, target: str) -> bool:
    """Whether the bound, in its unit, bounds the field in the `target` sense: characters (or a
    bound that names itself a length: "maximum length of 1024") a string's length; a count (or no unit, except in a range: "rated from 1 to 5" is a
    scale) an array's items; anything a number's value."""
    unit = (bound.unit or "").lower()
    if target == COUNT and bound.ranged and not unit:
        return False
    is_length = unit.startswith(_LENGTH_UNITS)
    if target == LENGTH:
        return is_length or not unit and _NAMES_LENGTH.match(bound.phrase) is not None
    if target == COUNT:
        return not is_length and not unit.startswith(_DEPTH_UNITS) and (
            not unit or unit.startswith(_COUNT_WORDS) or unit.endswith("s"))
    # "at most 6 characters" is no value of 6, "up to 3 decimal places" a precision, no value of 3.
    return not is_length and not unit.startswith(_PRECISION_UNITS)


# "expand recursively up to 4 levels", "nested up to 3 layers deep": how deep each item goes.
_DEPTH_UNITS = ("level", "layer", "depth", "hop")

MAX_BOUNDS_IN_A_SENTENCE = 32
"""Bounds one sentence may state: each is weighed against those before it and the rest of its
sentence, so a sentence of 2,000 (`1<1<1<…`) took a second. Real sentences state a few."""


def _collect(text: str, target: str, unit: str | None = None, neighbours: frozenset[str] = frozenset()) \
        -> dict[str, _Bound]:
    """The first bound of each side the text states for the target, hedged ones left out,
    and for a number's value those in a unit the value is not in (`unit`: the name's)."""
    sides: dict[str, _Bound] = {}
    if not holds_digit(text):
        return sides  # every bound is a number: most descriptions have none, and then nothing is matched
    read: list[_Read] = []  # every bound of the target read, rules and remarks, by sentence
    sentences = _sentences(text)
    head, phrase = _head(text), _head_phrase(text)
    for index, sentence in enumerate(sentences):
        if not holds_digit(sentence):
            continue
        label = _LABEL.match(sentence)
        labelled = label is not None
        # The one sentence labelled, with another thing than the field ("Width in px. Height:
        # 1-4096"): its bounds are that thing's. (Several labels are cases: `_varies_by_case`.)
        foreign = index > 0 and label is not None and _labels_another_thing(label.group(), head) \
            and sum(_LABEL.match(other) is not None for other in sentences) == 1
        kept: list[_Bound] = []
        matches = _bound_matches(sentence)
        if len(matches) > MAX_BOUNDS_IN_A_SENTENCE:
            return {}  # no statement of a bound: none is read from the text, whose other bounds it may qualify
        by_case = _upper_by_case(sentence, matches)
        for match in matches:
            bound = _as_stated(sentence, match)
            if bound is None or _part_of_operator(sentence, match):
                kept.append(match)  # no bound, nor any other read from its words
                continue
            if _overlaps(bound, kept) or _hedged(sentence, bound.start):
                continue
            if not _fits(bound, target):
                if not bound.unit:  # no bound here, but one in no unit may loosen another's (`_varies_by_case`)
                    read.append(_Read(index, labelled, bound))
                continue
            read.append(_Read(index, labelled, bound))
            if foreign or multiplies(bound.unit) or _remark(sentence, bound, target, head, phrase) or _by_case(bound, by_case) \
                    or neighbours and _of_a_neighbour(sentence, bound, neighbours) \
                    or (target == VALUE and _counts_other_things(text, sentence, bound)) \
                    or _another_case_after(sentence, bound, sentences[index + 1] if index + 1 < len(sentences) else ""):
                kept.append(bound)  # no bound, nor any other read from its words
                continue
            if target == VALUE and not bounds_value(bound.unit, sentence[bound.end:], text, unit):
                continue
            kept.append(bound)
            if bound.side not in sides:
                sides[bound.side] = bound
                read[-1] = read[-1]._replace(rule=True)
    return {side: bound for side, bound in sides.items() if not _varies_by_case(bound, read)}


# Labels that name no thing: a note, or the kind of statement the sentence makes.
_GENERIC_LABELS = frozenset({"note", "important", "warning", "tip", "hint", "constraint", "allowed", "valid",
                             "accepted", "requirement", "rule", "format", "example", "default", "type", "unit",
                             "bound", "validation", "nb", "info", "see", "also", "caution", "remark"})


def _labels_another_thing(label: str, head: frozenset[str]) -> bool:
    """Whether a sentence's label ("Height:") names neither the field (its opening words) nor
    any value, nor is a note's ("Note:")."""
    last = _singular(_WORD.findall(label)[-1]) if _WORD.search(label) else ""
    return bool(last) and last not in head and last not in _VALUE_WORDS and last not in _GENERIC_LABELS


class _Read(NamedTuple):
    """A bound read in the `sentence`-th sentence, which opens with a label ("Windows:")
    or not; `rule`: the first of its side, which `_collect` gives."""
    sentence: int
    labelled: bool
    bound: _Bound
    rule: bool = False


# A sentence that opens with the label of a case: "Windows: 1-15 characters.", "(Standard:
# up to 255 characters; Premium: …)".
_LABEL = lazy_compile(r"\W{0,3}[A-Z][\w-]*(?: [\w-]+){0,2}:\s")
_UPPER_SIDES, _LOWER_SIDES = ("max", "xmax"), ("min", "xmin")


def _varies_by_case(bound: _Bound, read: list[_Read]) -> bool:
    """Whether another sentence states a looser bound of the same side in the same unit
    (both sentences labelled, where no unit is given): then the bound is one case's, not
    every call's. "Windows: 1-15 characters. Linux: 1-64 characters." and "3-63 characters.
    Names containing dots can contain up to 222 characters" state no `maxLength` of 15 or
    63, and "Windows: 3-15. Linux: 1-64." no minimum of 3. Within one sentence,
    `_upper_by_case` tells."""
    sides = _UPPER_SIDES if bound.side in _UPPER_SIDES else _LOWER_SIDES if bound.side in _LOWER_SIDES else ()
    own = next((each for each in read if each.rule and each.bound is bound), None)
    if not sides or own is None:
        return False
    key = _unit_key(bound.unit)
    for other in read:
        if other.sentence == own.sentence or other.bound.side not in sides:
            continue
        # In the same unit, or in none ("Up to 10 files; Pro accounts up to 50", "Up to 4,000
        # characters; workspaces with extended limits may send up to 40,000").
        other_key = _unit_key(other.bound.unit)
        if not (key and other_key in (key, "") or own.labelled and other.labelled):
            continue
        if other.bound.value > bound.value if sides is _UPPER_SIDES else other.bound.value < bound.value:
            return True
    return False


def _bounds(text: str, target: str, neighbours: frozenset[str] = frozenset()) -> list[Stated]:
    """A string's length or an array's item count."""
    low_key, high_key = _BOUNDS[target]
    if target == LENGTH and (offers_other_forms(text) or offers_substitute(text)):
        # "Handle, max 15 characters; also accepts a user ID", "at least 12 characters. Kiosk
        # accounts use a 6-digit PIN instead": a length of one form
        return []
    out: list[Stated] = []
    counted_otherwise = target == LENGTH and _COUNTED_OTHERWISE.search(text) is not None
    exactly = _exactly(text, target) if not counted_otherwise else None
    if target == LENGTH and not counted_otherwise:
        exact = _EXACT_LENGTH.search(text) if holds_digit(text) else None
        exact = exact or _SPELLED_EXACT_LENGTH.search(text)
        if exact is not None and (_hedged(text, exact.start()) or _BOUND_WORD_BEFORE.search(text, 0, exact.start())
                                  or _BOUND_WORD_AFTER.match(text, exact.end())):
            exact = None
        exact = exact or exactly
        if exact is not None:
            size = _SPELLED_SIZES.get(exact.group(1).lower()) or int(exact.group(1))
            if not _other_lengths(text, size):
                return [Stated(low_key, size, exact.group()), Stated(high_key, size, exact.group())]
            return []  # the words state a length, and values of others: neither is a bound
    elif exactly is not None:
        size = _SPELLED_SIZES.get(exactly.group(1).lower()) or int(exactly.group(1))
        if _MORE_ALLOWED.search(text, exactly.end()) or _OR_ANOTHER_COUNT.match(text, exactly.end()):
            return [Stated(low_key, size, exactly.group())]  # "Exactly 2 numbers … Optionally a third"
        return [Stated(low_key, size, exactly.group()), Stated(high_key, size, exactly.group())]
    sides = _collect(text, target, None, neighbours) if not counted_otherwise else {}
    if target == LENGTH and _lengths_outside(text, sides):
        return []  # "Codes are 6-12 chars; gift cards 16 digits": the range is one kind of value's
    low = sides.get("min") or _shifted(sides.get("xmin"), 1)
    high = sides.get("max") or _shifted(sides.get("xmax"), -1)
    if low is not None and _whole(low.value) and low.value >= 0:
        if not (target == LENGTH and (offers_empty(text) or _SHORT_VALUE_OFFERED.search(text))):
            out.append(Stated(low_key, int(low.value), low.phrase))
    elif ("empty" in text.lower() or "at least one" in text.lower()) and (non_empty := _non_empty(text)) is not None:
        out.append(Stated(low_key, 1, non_empty.group()))
    if high is not None and _whole(high.value) and high.value >= 1 and (low is None or high.value >= low.value):
        out.append(Stated(high_key, int(high.value), high.phrase))
    return out


def _non_empty(text: str) -> re.Match | None:
    """The first "non-empty" or "must not be empty" the words state as a rule, not as the
    condition its clause opens with ("If non-empty, identifies related messages", "When
    non-empty, must start with a slash"): such words say what a non-empty value means, and
    leave the empty one allowed."""
    for match in _NON_EMPTY.finditer(text):
        reach = max(0, match.start() - _CLAUSE_REACH)
        clause = max(reach, max(text.rfind(mark, reach, match.start()) + 1 for mark in ",;:(.\n"))
        if _CONDITION.search(text, clause, match.start()) is None:
            return match
    return None


# Words that count a length otherwise than in the string's characters: "each URL counts as
# 23 characters", "1-4096 characters after entities parsing", "not counting the
# extension", "weighted length": no length in characters of the value is stated. So do words
# that count it on another form of the value than the one sent: "at most 255 characters before
# encoding", "3-20 characters after lowercasing and removing dots", "spaces between groups are
# ignored", "(spaces are trimmed first)", "a 6-digit hex code, with a leading #".
_COUNTED_OTHERWISE = lazy_compile(r"\bcount(?:s|ed)?\s+as\b|\b(?:after|before|once)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
                                  r"(?:parsing|parsed|rendering|rendered|processing|processed|expansion|expanded|"
                                  r"stripping|stripped|escaping|unescap\w*|decoding|(?:url-?|percent-?)?encoding|"
                                  r"normali[sz]\w*|lowercas\w*|uppercas\w*|trimming|removing)\b|"
                                  r"\b(?:not counting|not counted|not including|excluding|exclusive of|does "
                                  r"not count|doesn't count|don't count|do not count|weighted|graphemes?|visible "
                                  r"characters)\b|"
                                  r"\b(?:spaces?|whitespace|dashes|hyphens|dots|separators?|punctuation)\b[^.;]{0,40}"
                                  r"\b(?:are|is)\s+(?:ignored|trimmed|stripped|removed|dropped)\b|"
                                  r"\b(?:trimmed|stripped)\s+first\b|\b(?:with|plus)\s+(?:a|the)\s+leading\b", re.I)


# Words after an exact count that allow more items: "Exactly 2 numbers: longitude and latitude.
# Optionally a third for altitude", "plus an optional fourth": the count is a least one.
_MORE_ALLOWED = lazy_compile(r"\boptional(?:ly)?\b[^.;]{0,40}?\b(?:second|third|fourth|fifth|another|more|additional|"
                             r"extra|further)\b|\b(?:second|third|fourth|fifth|another|additional|extra|further)\b"
                             r"[^.;]{0,30}?\b(?:is|are|may be)\s+optional\b", re.I)
# Another count offered right after an exact one: "exactly 4 numbers (west, south, east, north),
# or 6 with the altitudes".
_OR_ANOTHER_COUNT = lazy_compile(r"[^.;]{0,60}?,?\s+or\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b", re.I)


def _exactly(text: str, target: str) -> re.Match | None:
    """ "exactly 3 letters" or "6 digits" of a string, "exactly 2 items" of an array, not
    hedged, in a unit that fits the target (`_fits`), not a remark ("exactly 10 are
    returned per page")."""
    for match in _EXACTLY.finditer(text):
        unit = match.group(2)
        bound = _Bound("max", 0, unit, match.start(), match.end(), match.group())
        fits = _fits(bound, target) or target == LENGTH and unit.startswith("digit")  # "exactly 6 digits"
        if fits and not _hedged(text, match.start()) and not multiplies(unit) \
                and not _remark(text, bound._replace(unit=None), target, _head(text), _head_phrase(text)):
            return match
    return None


# A value shorter than a lower bound offered beside it, a symbol or a digit for a case: "3-63
# characters, or * for all buckets", "Use - for none", "; 0 means latest".
_SHORT_VALUE_OFFERED = lazy_compile(
    r"(?:^|[;,.(]\s*|\b(?:or|use|pass|send|enter)\s+)['\"`]?[^\w\s'\"`]['\"`]?\s+(?:for|means|alone|matches|to)\b|"
    r"(?:^|[;,.(]\s*)['\"`]?\d['\"`]?\s+(?:means|for)\b", re.I)


def _other_lengths(text: str, size: int) -> bool:
    """Whether the words offer values of another length than the exact one they state: an
    example of another length ("a two-letter code such as en, fr or zh_cn", "e.g. usd or
    USDC"), another form ("or the full name", "for territories use the full name", "with or
    without the leading '#'", "either a 5-digit ZIP code or ZIP+4", "ICAO codes are also
    accepted"), another length named ("The 6-digit code (8 digits if the workspace uses long
    codes)"), a quoted value of another length ("'red', 'green', or any 6-digit hex code"), a
    shorter value for a case ("or * for all"), or several codes in one string ("a
    comma-separated list of two-letter codes")."""
    if _OTHER_FORM.search(text) or holds_several(text) or offers_other_forms(text) or _SHORT_VALUE_OFFERED.search(text):
        return True
    if any(other != size for other in named_lengths(text)):
        return True
    if any(len(value) != size for value in _quoted(text)):
        return True  # "'red', 'green', or any 6-digit hex code": values offered beside the coded ones
    for opening in _EXAMPLES_START.finditer(text):
        values, end = _examples_at(text, opening.end())
        if opening.group() == "(" and not text.startswith(")", end):
            continue  # "(ISO 3166-1 alpha-2)": a parenthesis of values only is a list of them
        if any(len(value) != size for value in values):
            return True
    return False


# Another form of the value named beside a code: "or the full name", "or its numeric id",
# "use the full name", "a three-letter code or the country name". Examples are listed
# after an example word, in a parenthesis of values only ("(US, GB)"), or quoted after "or"
# or "use" ("or 'auto' to detect it"). Values offered instead ("or one of the named colors
# red, green, blue", "or any of", "or a named color", "or the keyword auto") are of
# another length too.
_OTHER_FORM = lazy_compile(r"\b(?:or|and/or|use)\s+(?:the|a|an|its|their)\s+(?:[\w'\u2019-]+\s+){0,2}?(?:names?|codes?|"
                           r"numbers?|ids?|identifiers?|spellings?|forms?|versions?|abbreviations?|aliases)\b|"
                           r"\b(?:or|and/or)\s+(?:else\s+)?(?:(?:one|any)\s+of|(?:an?\s+|the\s+)?(?:named|special|literal|"
                           r"reserved|predefined|preset|keywords?)\b)"
                           # "either a 5-digit ZIP code or ZIP+4", "for other countries, the region name"
                           # (and `offers_other_forms`: "with or without the leading '#'", "… are also accepted").
                           r"|\beither\b[^.;\n]{0,80}?\bor\b|\bfor (?:all |any )?other\s+\w+", re.I)
def _lengths_outside(text: str, sides: dict[str, _Bound]) -> bool:
    """Whether the words name a length beyond the range they state, as written ("under 50
    characters" allows the 50 it names): values of another kind take it ("Codes are 6-12
    chars; gift cards 16 digits", "up to 280 characters (premium: 4,000 characters)"), and a bound
    of the range would refuse them."""
    if not sides:
        return False
    low, high = sides.get("min") or sides.get("xmin"), sides.get("max") or sides.get("xmax")
    return any(low is not None and length < low.value or high is not None and length > high.value
               for length in named_lengths(text))
_EXAMPLES_START = lazy_compile(r"\b(?:e\.g|eg|exs?|such as|for example|for instance|like|including|examples?)\b\.?:?,?"
                               r"|\((?!\s*(?:e\.g|eg|exs?|such as|for example|for instance|like|including|examples?)\b)"
                               r"|\b(?:or|use|pass|send)\b(?=\s*['\"`\u2018\u201c])", re.I)


def _examples_at(text: str, at: int) -> tuple[list[str], int]:
    """The values listed from `at` ("en, fr or zh_cn", "'US' or 'GB'"), bare filler words
    aside ("such as the US"), and where the list ends."""
    values: list[str] = []
    position = end = at
    while (match := _VALUE_AT.match(text, position)) is not None:
        value = next(g for g in match.groups() if g is not None)
        if match.group(6) is None or value.rstrip(".").lower() not in _FILLER:
            values.append(value if match.group(6) is None else value.rstrip("."))
        end = match.end()
        separator = _SEPARATOR.match(text, end)
        if separator is None:
            break
        position = separator.end()
    return values, end


def _shifted(bound: _Bound | None, by: int) -> _Bound | None:
    if bound is None or not _whole(bound.value):
        return None
    return bound._replace(value=int(bound.value) + by)


def _whole(value: Any) -> bool:
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _number_bounds(text: str, kind: str, unit: str | None, neighbours: frozenset[str] = frozenset()) -> list[Stated]:
    """A number's value bounds, widened to admit every value the description names as usable."""
    sides = _collect(text, VALUE, unit, neighbours)
    # Every match of `_BASED` holds a digit, as every bound `_collect` reads does: most
    # descriptions have none, and then only a sign ("a positive integer") can bound them.
    based = _BASED.search(text) if sides or holds_digit(text) else None
    if "min" not in sides and "xmin" not in sides and based is not None and not _hedged(text, based.start()):
        sides["min"] = _Bound("min", _number(based.group(1) or based.group(2)), None, 0, 0, based.group())
    sign = _SIGN.search(text)
    if "min" not in sides and "xmin" not in sides and sign is not None:
        word = (sign.group(1) or sign.group(2)).lower()
        # "The position to seek to. Must be a positive number": 0, the start, is taken.
        if word != "positive" or not _ZERO_A_PLACE.search(text):
            side = "min" if word.startswith("non") or kind == "integer" else "xmin"
            sides[side] = _Bound(side, 1 if side == "min" and not word.startswith("non") else 0, None, 0, 0,
                                 sign.group())
    if says_signed(text):
        # "1-based. Negative values count back from the last line": a signed index, whose
        # lower bound the words give only where it is itself below zero.
        for side in ("min", "xmin"):
            if side in sides and sides[side].value >= 0:
                del sides[side]
    if not sides:
        return []  # nothing to widen: the values the description names need not be read
    named = _named_values(text)
    out: list[Stated] = []
    for side, keyword in (("min", "minimum"), ("xmin", "exclusiveMinimum"), ("max", "maximum"),
                          ("xmax", "exclusiveMaximum"), ("multiple", "multipleOf")):
        bound = sides.get(side)
        if bound is None:
            continue
        value = bound.value
        if side == "multiple":
            if value <= 0 or any(v % value for v in named) or kind == "integer" and value == 1:
                continue  # "any multiple of 1 MB" of an integer: every value is one
        elif side in ("min", "xmin"):
            below = [v for v in named if v < value or (side == "xmin" and v == value)]
            if below:
                value, keyword = min(below), "minimum"
        else:
            above = [v for v in named if v > value or (side == "xmax" and v == value)]
            if above:
                value, keyword = max(above), "maximum"
        if kind == "integer" and keyword in _EXCLUSIVE and _whole(value):
            value, keyword = int(value) + (1 if keyword == "exclusiveMinimum" else -1), \
                ("minimum" if keyword == "exclusiveMinimum" else "maximum")
        out.append(Stated(keyword, int(value) if kind == "integer" and _whole(value) else value, bound.phrase))
    low = next((s.value for s in out if s.keyword in ("minimum", "exclusiveMinimum")), None)
    high = next((s.value for s in out if s.keyword in ("maximum", "exclusiveMaximum")), None)
    if low is not None and high is not None and low >= high:
        return []  # a bound misread: no reading at all
    return out


def _named_values(text: str) -> list[int | float]:
    """Numbers the description names as usable values: sentinels and stated defaults."""
    values = [_number(next(g for g in match.groups() if g is not None)) for match in _SENTINEL.finditer(text)]
    for default in described_defaults(text):
        if isinstance(default, (int, float)) and not isinstance(default, bool):
            values.append(default)
    return values


# ----------------------------------------------------------------------------- closed sets

_QUOTE = "'\"`\u2018\u2019\u201c\u201d"
# A value in quotes (straight, backticks or curly), its text in one of five groups.
_QUOTED_VALUE = (r"""'([^'\n]{1,60})'|"([^"\n]{1,60})"|`([^`\n]{1,60})`|\u2018([^\u2019\n]{1,60})\u2019|"""
                 r"""\u201c([^\u201d\n]{1,60})\u201d""")
_OPENING_QUOTE = "['\"`\u2018\u201c]"
# A listed value: quoted, or a bare word (group 6).
_VALUE_AT = lazy_compile(r"\s*(?:" + _QUOTED_VALUE + r"|([A-Za-z0-9_][\w.+/-]{0,39}))")
# Matched in the description lowered (`finditer_lowered`): only where an intro stands is read.
# The word boundary stands once before the alternatives that need it, so that `re` tests it
# once at each character rather than once for each of them.
_INTRO = Screened(
    r"\b(?:(?:(?:must|should|can|may) be |is )?one of\s*:?\s*(?:the following\s*:?\s*)?"
    r"|(?:possible|allowed|valid|accepted|acceptable|supported|available|permitted)\s+(?:values?|options?|modes?|types?|"
    r"formats?|choices?|units?|levels?)\s*(?:are|is)?\s*:?\s*(?:the following\s*:?\s*)?"
    r"|the following (?:values|options) are (?:supported|allowed|accepted)\s*:\s*"
    r"|(?:options|choices|values|modes)\s*(?:are|:)\s*:?\s*"
    r"|can be (?:either )?|either\s+"
    r"|(?:use|choose|select|pick|specify)\s+(?=['\"`\u2018\u201c]))"
    r"|:\s*(?=['\"`\u2018\u201c])|\((?=['\"`\u2018\u201c])",
    # A quote after a colon, a parenthesis, or a space after one of those or a verb's last
    # letter; the quote looked for first, being rare (the curly ones are not ASCII: such text
    # is not screened).
    screen=r"""['"`](?:(?<=[(:].)|(?<=[\s:ekty]\s.))""",
    # ("the following values are …" holds "values": no word of its own.)
    words=("one of", "possible", "allowed", "valid", "accept", "supported", "available", "permitted",
           "options", "choices", "values", "modes", "can be", "either"), lowered=True)
_ONLY = Screened(r"""\b(?:the )?only (?:accepted |allowed |valid |supported )?(?:value|option) is\s*"""
                 r"""(?:'([^'\n]{1,60})'|"([^"\n]{1,60})"|`([^`\n]{1,60})`)""", words=("only ",))
_ENUM_LIST = Screened(r"\[enum\]\s*:?\s*(\[[^\]\n]{1,2000}\])", words=("[enum]",))
_SEPARATOR = lazy_compile(r"\s*(?:,\s*(?:(?:or|and)\s+)?|\s(?:or|and)\s+|/\s*|\.\s+(?=['\"`\u2018\u201c]))")
# (A dash before "or" starts another value, no explanation: "“asc” or “desc” — or “relevance”".)
_EXPLANATION = lazy_compile(r"\s*(?:\([^()\n]{0,120}\)|(?:for|-|\u2013|\u2014|:|=|means|indicates|to mean)\s"
                            r"(?![ \t]*(?:or|and/or)\b))")
# "Known values are …" is how Azure's REST reference (and the SDKs generated from it) words
# an extensible enum: a string that the service may take other values of.
# A hedge names some of the values ("typically one of", "Some options:", "non-exhaustive"), and
# so do the words for "e.g." of other languages (例, 例如, 比如, 예, "ex." and "z. B.").
_OPEN_BEFORE = lazy_compile(r"\b(?:e\.g|eg|exs?|such as|for example|for instance|like|including|includes?|examples?|"
                            r"e\. g|common(?:ly used)?|typical(?:ly)?|popular|frequent|sample|known|recommended|suggested|"
                            r"preferred|usually|generally|normally|often|mostly|mainly|some|a few|several|"
                            r"non-exhaustive|例如?|比如|예|z\.\s?b)\b", re.I)
_NOT_BOTH = lazy_compile(r"\W*(?:but )?not both\b", re.I)
_OPEN_AFTER = lazy_compile(r"^\W*(?:etc\b|and (?:so on|so forth|more|others)|or (?:others?|similar|any|more)|among others|"
                           r"for (?:instance|example)\b|\.\.\.|\u2026)", re.I)
# Words anywhere that leave a list open: more values work ("Other ISO 639-1 codes work too",
# "custom types are also accepted", "may also use internal", "any other name is passed
# through", "are still accepted"), or other spellings of them ("Case-insensitive": `enum`
# would refuse "DESC").
_OPEN_ANYWHERE = lazy_compile(r"\b(?:not (?:an )?exhaustive|non-exhaustive|among others|(?:full|complete) list|"
                              r"not limited to|or any other|custom\s+[a-z]+|"
                              r"and more\b|etc\b|other\b[^.;\n]{0,40}\b(?:work|works|too|as well|(?:is|are) (?:passed|"
                              r"forwarded|sent|accepted|allowed|kept))\b|"
                              r"(?:are|is|can|may) also (?:be )?(?:accepted|allowed|supported|valid|used|given|passed|"
                              r"sent|provided|specified)\b|"
                              # "Anything pandoc can write is fine too", "Pass any column name to sort by it".
                              r"\b(?:is|are)\s+(?:fine|ok|okay|accepted|allowed|supported|valid)\s+(?:too|as well)\b|"
                              r"\b(?:pass|use|give|send|enter|provide|specify)\s+any\b|"
                              # "(any case)", "Case does not matter", "prod and stage are accepted as aliases",
                              # "Full country names are also recognised".
                              r"\bany case\b|\bcase does(?:n't| not) matter\b|\bas aliases\b|"
                              # "(lower case is fine)", "lowercase is accepted", "(any casing)", "lowercase
                              # codes are normalised", "and so on".
                              r"\b(?:lower|upper|mixed)[- ]?case\b[^.;\n]{0,30}?\b(?:fine|ok|okay|accepted|allowed|works?|"
                              r"too)\b|\bany\s+(?:casing|capitali[sz]ation)\b|\bnormali[sz]e[ds]?\b|\band so (?:on|forth)\b|"
                              r"\b(?:also|are|is)\s+(?:also\s+)?recogni[sz]ed\b|"
                              # "Combine with a comma to match both": several values in one.
                              r"\bcombine[sd]?\b[^.;\n]{0,40}\b(?:commas?|pipes?|spaces?|plus)\b|"
                              # Another parameter's list: "Set its visibility ('public' or 'private') with the
                              # visibility parameter", "Use together with priority ('low' or 'high')".
                              r"\b(?:with|via|using|through)\s+the\s+[\w-]+\s+(?:parameter|field|argument|option)\b|"
                              r"\b(?:combine[sd]?|used?\s+(?:it\s+)?together)\s+with\b|"
                              r"also (?:accepts?|supports?|takes?|allows?|use|pass|send|give|specify|set)\b|"
                              # "is deprecated but still accepted as an alias for closed".
                              r"still (?:be )?(?:accepted|allowed|supported|valid)\b|alias(?:es)? (?:for|of)\b|"
                              # "(your org may add more)", "(saturday is accepted for locales that use it)",
                              # "au is in beta and can be enabled per account".
                              r"(?:may|can|could) add (?:more|others|your own)\b|add your own\b|"
                              r"\b[a-z][\w-]*\s+(?:is|are) (?:accepted|allowed|supported)\s+(?:for|in|on|when|where|with)\b|"
                              r"\bcan be enabled\b|"
                              # Values that depend on the account ("PDF export is available on the Pro plan"),
                              # or are built on a placeholder ("Feature branches deploy to preview-<branch>").
                              r"\b(?:on|with|for|in|requires?)\s+(?:the\s+|a\s+|an\s+|any\s+)?(?:[\w-]+\s+)?"
                              r"(?:plans?|tiers?|editions?|licen[cs]es?|subscriptions?)\b|"
                              r"[\w.]+[-/_:]<[a-z][\w-]*>|"
                              # "Any format pandoc supports also works", "Self-hosted installs accept their
                              # own region names", "plugins can register more", "Additional engines can be
                              # configured by the administrator".
                              r"\b(?:also|too)\s+works?\b|\bworks?\s+(?:too|as well)\b|"
                              r"\bany\s+(?:other\s+)?[a-z][\w-]*\s+(?:that\s+|which\s+)?[^.;\n]{0,40}?\b(?:supports?|"
                              r"accepts?|understands?|recogni[sz]es?|knows?)\b|"
                              r"\b(?:accept|accepts|use|uses|define|defines|register|registers|add|adds|configure|"
                              r"configures|have|has)\s+(?:their|your|its)\s+own\b|"
                              r"\bcan\s+register\s+(?:more|others|additional|new)\b|"
                              r"\badditional\s+[a-z][\w-]*\s+can\s+be\s+(?:configured|added|registered|enabled|installed|"
                              r"defined)\b|"
                              # The list of some setups only: "('staging' or 'production' in most projects)",
                              # "in the default setup"; another clause offering any of a kind: "'USD' or 'EUR' for
                              # cards; any ISO 4217 code for bank transfers"; another value in its place:
                              # "Self-hosted instances pass their base URL here instead".
                              r"\bin\s+(?:most|many|some)\s+(?:cases|projects|setups|installations|installs|"
                              r"deployments|accounts|workspaces|organi[sz]ations|environments|regions|versions)\b|"
                              r"\b(?:in|with)\s+the\s+default\s+(?:setup|configuration|config|install\w*|deployment)\b|"
                              r"(?<=;\s)(?:[a-z][\w-]*\s+){0,3}?any\s+(?!of\b|one\s+of\b)[a-z][\w-]*|"
                              # Spellings built on the values ("Prepend a minus sign to reverse"), or more
                              # values named beside them ("(l2 and ip are experimental)").
                              r"\bprepend\w*\b|\b(?:is|are)\s+experimental\b|"
                              # Other spellings, or values brought onto the list: "asc and desc work as
                              # shorthands", "Numeric ratings 1-4 are mapped onto these".
                              r"\b(?:shorthands?|abbreviations?|synonyms?)\b|\bmapped\s+(?:on)?to\s+(?:these|them|those)\b|"
                              r"\b(?:here|this field)\s+instead\b|"
                              r"case[- ]?insensitive|"
                              r"not case[- ]sensitive|ignor\w* case\b|regardless of case)", re.I)
# An alternative after the list that is no value of it ("'public' or 'private', or a team
# name", "bug, feature, task (or a custom type …)"), read in the rest of the list's sentence.
_OR_ANOTHER = lazy_compile(r"\b(?:or|and/or)\s+(?:an?|any|another|other|some|your own|the)\b", re.I)
_FILLER = frozenset({"the", "a", "an", "these", "those", "following", "them", "it", "this", "that", "any", "all", "etc",
                     "more", "others", "other", "both", "not", "be", "is", "are", "to", "of", "in", "on", "for", "with",
                     "your", "its", "their", "by", "as", "at", "none"})
_LAYOUT_VALUE = lazy_compile(r"YYYY|yyyy|MM[-/.]DD|DD[-/.]MM|dd[-/.]mm|mm[-/.]dd|HH:MM|HH:mm|hh:mm")


def _closed_values(description: str, numeric: bool = False) -> tuple[list, str] | None:
    """The closed list of values the description states, with the phrase; None when it
    states none, or only an open one. `numeric`: values of a number field (bare numbers)."""
    listed = _ENUM_LIST.search(description)
    if listed is not None:
        try:
            values = json.loads(listed.group(1))
        except ValueError:
            values = None
        typed = _typed(values, numeric) if isinstance(values, list) and values else None
        if typed is not None:
            return typed, listed.group()
    only = _ONLY.search(description) if not numeric else None
    if only is not None:
        return [next(g for g in only.groups() if g is not None)], only.group()
    for tried, intro in enumerate(_INTRO.finditer_lowered(description)):
        if tried == LIST_STARTS:
            break
        if _inside_literal(description, intro.start()):
            continue  # a colon or quote inside an example ('{"style": "modern"}'): no list
        start = _clause_start(description, intro.start())
        if _OPEN_BEFORE.search(description, start, intro.start()):
            continue
        parsed = _list_at(description, intro.end(), either=intro.group().lower().strip().startswith("either"))
        if parsed is None:
            continue
        values, end = parsed
        if _NOT_BOTH.match(description, end):
            continue  # "provide either text or regex, not both": two parameters, not two values
        if _ALTERNATIVE_AFTER.match(description, end) or (
                _NUMBER_AFTER.match(description, end) and _GOES_ON.search(description, max(0, end - 8), end)):
            # "One of `me`, `all`; or a user ID": some of the values, the rest another kind's; so
            # too numbers after the list's last "or" ("'high', or 1-5 as a string").
            continue
        if not _of_the_field(description, intro, start, end):
            continue
        typed = _typed(values, numeric)
        if typed is None or not numeric and (_example_outside(description, typed) or _layout_examples(typed) or
                                             _predicate_words(description, intro, typed, end) or
                                             _value_named_beside(description, typed, end)):
            continue
        # Asked only of a list found: most descriptions have none, and the pattern runs long.
        if _OPEN_ANYWHERE.search(description) or not numeric and (holds_several(description) or
                                                                   _joined(description, typed)):
            return None
        return typed, description[intro.start():end].strip()
    return None


def _of_the_field(description: str, intro: re.Match, start: int, end: int) -> bool:
    """Whether the list states the field's values: not values ruled out ("Must not be one
    of: admin, root", "Reserved names: 'admin'"), nor those of another noun, the subject of
    a condition ("Required when type is one of 'email', 'sms'") or of a verb after the list
    ("content — either text or html — will override the subject")."""
    head = description[start:intro.start()]
    verb = _INTRO_VERB.match(intro.group())
    if verb is not None:
        head += verb.group()  # "when type is one of …", "The scope can be …": the intro holds the verb
    return not (_RULED_OUT_BEFORE.search(head) or _CONDITION_BEFORE.search(head) or _ALTERNATIVE_BEFORE.search(head)
                or _SPECIAL_BEFORE.search(head) or _VERB_AFTER.match(description, end)
                or start > 0 and _new_subject(description, head))


def _new_subject(description: str, head: str) -> bool:
    """Whether a later sentence gives its list a subject the first sentence does not name:
    "The token. The scope can be 'read' or 'write'" speaks of the scope ("Temperature
    unit. The unit must be one of …" and "The value can be …" of the field)."""
    subject = _SUBJECT.match(head)
    if subject is None or head.lstrip().lower().startswith("this "):
        return False  # "This param can be …" speaks of the field
    noun = subject.group(1).lower()
    # A part the first clause names as a placeholder of the value's layout is a part, not the
    # field: "Memory limit (format: <number>[<unit>]). Unit can be one of b, k, m, or g."
    first = _PLACEHOLDER.sub(" ", description[:_clause_end(description)]).lower()
    return noun not in _FIELD_WORDS and noun.rstrip("s") not in first


# A clause's subject and the verb before the list: "The scope can be", "the policy's mode
# must be", "Files are".
_SUBJECT = lazy_compile(r"\s*(?:(?:the|a|an|its|their|each|every)\s+)?(?:[\w'\u2019-]+\s+){0,3}?([a-z][\w-]*)\s+"
                        r"(?:(?:must|should|can|may|will|could|might)\s+(?:also\s+)?be\s+|is\s+|are\s+)$", re.I)
_PLACEHOLDER = lazy_compile(r"<[^<>]{1,40}>|\{[^{}]{1,40}\}")
_FIELD_WORDS = frozenset({"value", "values", "field", "parameter", "param", "argument", "arg", "input", "option",
                          "setting", "property", "attribute", "key", "flag", "it", "this", "that", "which"})


_INTRO_VERB = lazy_compile(r"(?:(?:must|should|can|may) be |is )", re.I)
# A negation or a word of refusal right before the list's intro, in its clause (values
# deprecated are some of the values, not all).
_RULED_OUT_BEFORE = lazy_compile(r"\b(?:not|never|cannot|can't|nor|except|excluding|other than|besides|anything but)"
                                 r"\s+(?:be\s+)?$|\b(?:forbidden|disallowed|reserved|prohibited|banned|blocked|"
                                 r"excluded|invalid|unsupported|deprecated|not (?:allowed|accepted|supported|permitted))"
                                 r"\b[^.;\n]*$", re.I)
# An alternative the list is offered beside ("Either a user ID or one of `me`, `all`", "A
# channel ID, or one of …", "An ISO 8601 date; alternatively one of …"): the list is some
# of the values, the rest of another kind.
# A label that calls the quoted values after it special ones, beside the field's other values:
# "Shortcuts: 'now' or 'today'", "Special queries: 'is:open'", "Named colors: 'red'".
_SPECIAL_BEFORE = lazy_compile(r"\b(?:special|shortcuts?|shorthands?|aliases|alias|named|predefined|preset|presets|"
                               r"built-in|magic|keywords?)\b[^.;\n]{0,30}$", re.I)
_ALTERNATIVE_BEFORE = lazy_compile(r"\b(?:or|and/or|alternatively|otherwise|or else|else)\b[\s,:\u2014\u2013-]*"
                                   r"(?:(?:must|should|can|may) be\s+|is\s+|use\s+|pass\s+|give\s+)?$", re.I)
_GOES_ON = lazy_compile(r"\b(?:or|and/or)\s*$", re.I)
_NUMBER_AFTER = lazy_compile(r"\s*[-\u2212]?\d")
_ALTERNATIVE_AFTER = lazy_compile(r"[\s.;,:()\u2014\u2013-]*(?:or|and/or|alternatively|otherwise)\b", re.I)
# A condition on another field whose verb stands right before the list: "when type is",
# "if the mode is set to", "whose body is"; or other things, plural: "templates that are".
_CONDITION_BEFORE = lazy_compile(r"\b(?:if|when|whenever|unless|while|once|where|whose)\b[^,;:()\u2014]{0,60}?"
                                 r"\b(?:is|are|equals?|matches)\s+(?:set to\s+)?$|\b(?:that|which|who)\s+are\s+$", re.I)
# A verb after the list (past a closing dash, parenthesis or comma): the list was part of
# that verb's subject, a noun other than the field.
_VERB_AFTER = lazy_compile(r"\s*(?:[\u2014\u2013),]|--|\s-)?\s*(?:will|would|is|are|was|were|must|should|shall|can|"
                           r"cannot|may|might|has|have|does|overrides?|replaces?|takes)\b", re.I)


def _predicate_words(description: str, intro: re.Match, values: list, end: int) -> bool:
    """Whether bare words follow "can be" or "is either" as what the field may be, not as
    values ("It can be absolute or relative", "can be omitted or left empty", "Multiple
    states can be given"): words there are adjectives and participles as often as values,
    and only quotes or a number say they are values ("can be 'metric' or 'imperial'"; a
    list named as values, "one of", "Options:", is read bare). So are words joined by "and"
    after a bare "values are" ("Tag values are case-sensitive and accept …", "Values are
    lowercase and hyphenated"): a list of values offers a choice ("asc or desc"), a colon
    or a word that names them as values ("Possible values are"). So are verbs of another
    subject, with their object ("Square automatically either completes or cancels the
    payment"; "to either rent or buy the property" names the field's intents)."""
    said = intro.group().lower().strip()
    predicate = said.startswith("can be") and "one of" not in said or said == "either" and \
        (_COPULA_BEFORE.search(description, max(0, intro.start() - 8), intro.start())
         or _OBJECT_AFTER.match(description, end) and not _TO_BEFORE.search(description, max(0, intro.start() - 4),
                                                                            intro.start())) or \
        _BARE_COPULA.fullmatch(said) is not None and _CHOICE.search(description, intro.end(), end) is None
    return bool(predicate) and not _QUOTED_START.match(description, intro.end()) and \
        not all(isinstance(v, (int, float)) or _is_number(v) for v in values)


_COPULA_BEFORE = lazy_compile(r"\b(?:is|are|be|was|were)\s+$", re.I)
_OBJECT_AFTER = lazy_compile(r"\s+(?:the|a|an|this|that|these|those|its|their|your|his|her)\b", re.I)
_TO_BEFORE = lazy_compile(r"\bto\s+$", re.I)
_BARE_COPULA = lazy_compile(r"(?:options|choices|values|modes)\s*are")
_CHOICE = lazy_compile(r"\bor\b|/", re.I)


def _value_named_beside(description: str, values: list, end: int) -> bool:
    """Whether the words after the list name another value of the field in a parenthesis
    ("Either month or year; weekly billing (week) is in beta"): the list is then not all of
    its values. A word there that marks the list or a value (`_ANNOTATIONS`: "(default)",
    "(beta)") names none."""
    reach = min(len(description), end + _CLAUSE_REACH)
    for named in (*_NAMED_IN_PARENTHESES.finditer(description, end, reach), *_GIVEN.finditer(description, end, reach)):
        word = named.group(1)
        if word not in values and word.lower() not in _ANNOTATIONS and word.lower() not in _NO_VALUE and \
                all(word.islower() == value.islower() for value in values):
            return True
    return False


# A value given by a verb, alone in its clause, after the list: "Possible values are open and
# closed. To include both, omit the parameter or pass all."
_GIVEN = lazy_compile(r"\b(?:pass|send|use|specify|enter|set\s+(?:it\s+)?to)\s+[`'\"\u2018\u201c]?([A-Za-z][\w.-]{0,39})"
                      r"[`'\"\u2019\u201d]?(?=\s*(?:[.;,)]|$|\s+(?:to|for|instead)\b))", re.I)
# Words a verb gives that name no value: "use it", "pass nothing", "set to this".
_NO_VALUE = frozenset({"a", "an", "the", "it", "this", "that", "them", "these", "those", "one", "nothing", "either",
                       "both", "any", "another", "instead"})


_NAMED_IN_PARENTHESES = lazy_compile(r"\(\s*[`'\"\u2018\u201c]?([A-Za-z][\w.-]{0,39})[`'\"\u2019\u201d]?\s*\)")
_ANNOTATIONS = frozenset({"default", "optional", "required", "deprecated", "beta", "preview", "experimental", "legacy",
                          "recommended", "obsolete", "new", "alpha", "internal", "read-only", "readonly", "case-sensitive",
                          "case-insensitive", "inclusive", "exclusive", "ascending", "descending", "asc", "desc", "string",
                          "integer", "number", "boolean", "array", "object", "null", "etc", "e.g", "i.e", "s", "es"})
_QUOTED_START = lazy_compile(r"\s*" + _OPENING_QUOTE)


def _joined(description: str, values: list) -> bool:
    """Whether the description writes listed values joined into one ("The default value is
    video,channel,playlist", "avoid=tolls|highways", "Use fast+cache"): a value the list
    does not hold, and one string may hold several."""
    for match in _JOINED.finditer(description):
        parts = _JOINER.split(match.group())
        if match.group() not in values and any(part in values for part in parts):
            return True
    return False


_JOINED = lazy_compile(r"(?<![\w.-])[\w.-]+(?:[+|,;][\w.-]+)+")
_JOINER = lazy_compile(r"[+|,;]")


def _example_outside(description: str, values: list) -> bool:
    """Whether the description quotes an example ("for example, "Xi'an" is better…") that
    is none of `values`: then the list is not the field's values, or it would refuse the
    description's own example."""
    for opening in _OPEN_BEFORE.finditer(description):
        clause = description[opening.end():_sentence_end(description, opening.end())]
        if any(found not in values for found in _quoted(clause)):
            return True
    return False


def _quoted(text: str) -> list[str]:
    return [next(g for g in match.groups() if g is not None) for match in _QUOTED.finditer(text)]


_QUOTED = lazy_compile(_QUOTED_VALUE)


def _inside_literal(text: str, at: int) -> bool:
    """Whether `at` is inside braces, brackets or a quoted span opened before it."""
    before = text[:at]
    return before.count("{") > before.count("}") or before.count("[") > before.count("]") or \
        before.count('"') % 2 == 1 or before.count("`") % 2 == 1


def _clause_start(text: str, at: int) -> int:
    """Where the sentence holding `at` starts ("e.g." and "i.e." end none)."""
    start = 0
    for boundary in _BOUNDARY.finditer(text, 0, at):
        start = boundary.end()
    return start


# A stop not after "e.g"/"i.e", or a line break. The stop is matched first and what stands
# before it checked behind it: a pattern that starts with a look-behind is tried at every
# character of the text, one that starts with a class of characters only where one of
# them stands (5x faster; a test holds it to the plain spelling).
_BOUNDARY = lazy_compile(r"[.;!?\n](?:(?<=\n)|(?<!\be\.g.)(?<!\bi\.e.)(?<!\bex.)(?=\s))")


def _list_at(text: str, at: int, either: bool) -> tuple[list[str], int] | None:
    """The values listed from `at` ("a, b or c"; quoted values may each be explained:
    "'asc' for ascending order or 'desc' for descending order"), and where the list ends."""
    values: list[str] = []
    quoted_all = True
    position = last = at
    while True:
        match = _VALUE_AT.match(text, position)
        if match is None:
            break
        quoted = match.group(6) is None
        value = next(g for g in match.groups() if g is not None)
        if not quoted:
            value = value.rstrip(".")
            if values and value.lower() in _FILLER and not quoted_all:
                # A word such as "all" where the list's next value stands: GitHub's "open, closed,
                # or all" lists three values; anything else cut here would drop the last one.
                if value.lower() not in _LAST_VALUE_WORDS or not _CLAUSE_END.match(text, match.end()):
                    return None
                values.append(value)
                position = last = match.end()
                break
            if value.lower() in _FILLER or values and quoted_all:
                break  # a bare word after quoted values starts the next clause ("…, default is 'x'")
        quoted_all = quoted_all and quoted
        values.append(value)
        position = last = match.end()
        explained = _EXPLANATION.match(text, position)
        if explained is not None and (quoted or _is_number(value)):
            # Skip the explanation up to the next separator that is followed by a value of the same kind.
            following = _next_item(text, explained.end(), quoted)
            if following is None:
                position = _sentence_end(text, position)
                break
            position = following
            continue
        separator = _SEPARATOR.match(text, position)
        if separator is None or (not quoted and separator.group().strip() == "."):
            break  # a full stop ends a list of bare words; quoted values may go on after one
        position = separator.end()
    if len(values) < 2 or len(set(values)) != len(values) or (either and len(values) != 2):
        return None
    if not quoted_all and _NOUN_AFTER.match(text, position):
        return None  # "absolute or relative paths": the words qualify a noun, they are not its values
    if _OPEN_AFTER.search(text[position:position + 30]) or \
            _OR_ANOTHER.search(text, last, min(_sentence_end(text, last), last + 80)):
        return None
    if any(_LAYOUT_VALUE.search(value) for value in values):
        return None  # a form such as YYYY-MM-DD among the values: the set is open
    if not quoted_all and any(len(value) > 30 for value in values):
        return None
    return values, position


# Words that end a list of bare values as one of them ("open, closed, or all"; "read, write,
# or both"), where no other word could follow in the clause.
_LAST_VALUE_WORDS = frozenset({"all", "both", "none"})
_CLAUSE_END = lazy_compile(r"\.?\s*(?:$|[.;:)(\n]|,\s*(?:default|defaults|the default)\b)", re.I)


# A word right after a list of bare words that is neither a determiner (the values are verbs
# with an object: "either rent or buy the property") nor followed by a preposition.
_NOUN_AFTER = lazy_compile(r" (?!(?:the|this|that|these|those|your|its|their)\b)[a-z]{3,}\b"
                           r"(?! (?:of|to|for|by|from|with|in|on|at)\b)")


def _next_item(text: str, at: int, quoted: bool) -> int | None:
    """Where the next explained item starts: after a separator followed by a quoted value
    (or a number, for numbered lists), within the same sentence run."""
    match = (_NEXT_QUOTED if quoted else _NEXT_NUMBERED).search(text, at, min(len(text), at + 240))
    return match.end() if match is not None else None


_NEXT_QUOTED = lazy_compile(r"""(?:,\s*(?:(?:or|and)\s+)?|\s(?:or|and)\s+|\.\s+)(?=['"`\u2018\u201c])""")
_NEXT_NUMBERED = lazy_compile(r"(?:,\s*(?:(?:or|and)\s+)?|\s(?:or|and)\s+)(?=\d+\s+(?:for|-|=|:|means)\s)")


def _sentence_end(text: str, at: int) -> int:
    match = _STOP.search(text, at)
    return match.start() if match is not None else len(text)


_STOP = lazy_compile(r"[.;\n](?:\s|$)")


def _is_number(value: str) -> bool:
    return _NUMBER_TEXT.fullmatch(value) is not None


_NUMBER_TEXT = lazy_compile(r"-?\d+(?:\.\d+)?")


def _layout_examples(values: list) -> bool:
    """Whether the values are dates or date-times ("'2024-05-01' for all-day events or
    '2024-05-01T14:00:00Z' for timed ones"): examples of a layout, which no field takes only."""
    return any(is_date_text(value) for value in values)


def _typed(values: list, numeric: bool) -> list | None:
    """The values as the field holds them: numbers for a number field, strings otherwise."""
    if numeric:
        if not all(isinstance(v, (int, float)) or (isinstance(v, str) and _is_number(v)) for v in values):
            return None
        return [v if isinstance(v, (int, float)) else _number(v) for v in values]
    if not all(isinstance(v, str) for v in values):
        return None
    return list(values)


# ----------------------------------------------------------------------------- formats

# Each format's patterns are screened by the word every match of them holds: a description
# that holds a format word at all ("a URL") holds the word of one format, seldom more.
# "an email" alone names the value only where the words say the value is one ("Must be an
# email", "given as an email", or as the description's first words): after a verb or a
# preposition it is a message ("to whom you are sending an email", "the subject of an email").
# Opening the description, "Email of the invitee" or "The user's email." is the value too:
# only where "of", "for the" or the phrase's end follows, since "Email subject", "Email to
# send" and "Welcome email template" are a message or a part of one.
_EMAIL = Screened(r"\be-?mail address(?:es)?\b|(?:\bvalid|(?:^|\b(?:is|be|as)\s)\s*an?) e-?mail\b"
                  r"(?! (?:id|subject|body|message|template))|\be-?mail format\b"
                  r"|^\s*(?:(?:the|your|their)\s+)?(?:[a-z]+'s\s+)?e-?mail(?=\s*$|\s*[.,;:(]|\s+(?:of\b|for (?:the|a|an|this)\b))",
                  words=("mail",))
_UUID = Screened(r"\bUUID(?:v?4)?\b|\bGUID\b", words=("uuid", "guid"))
_URL_HEAD = Screened(r"^\s*(?:the |an? )?(?:(?:full|complete|fully[- ]qualified|absolute|root|remote|public|"
                     r"external|target|source|destination|starting|callback|webhook|redirect|image|page|website|"
                     r"web ?page|api|endpoint|http|https)\s+){0,2}(?:url|uri|link)\b"
                     r"(?!\s*(?:pattern|path|parameter|encoded|-encoded|segment|slug|fragment|prefix|suffix|template|"
                     r"regex|glob|filter|id))", words=("url", "uri", "link"))
_URL_STATED = Screened(r"\b(?:must|should|has to) be an? (?:valid |fully[- ]qualified |full |complete |absolute )*"
                       r"(?:http\(s\) |https? (?:or https )?)?(?:url|uri)\b|\bvalid (?:https? )?(?:url|uri)\b",
                       words=("url", "uri"))
_HOSTNAME = Screened(r"^\s*(?:the )?(?:server'?s? |host )?hostname\b", words=("hostname",))
_IP = Screened(r"\b(IPv4|IPv6) address\b", words=("ipv",))
_ALTERNATIVE = lazy_compile(r"\b(?:or|and/or)\b", re.I)
_HEDGED_FORMAT = lazy_compile(r"\b(?:typically|usually|often|such as|e\.g|for example|like|probably|possibly|"
                              r"sometimes|may be|might be|or)\W+(?:(?:an?|the)\s+)?(?:[\w-]+\s+)?$", re.I)
_EMPTY_ALLOWED = Screened(r"\bleave (?:it |this )?(?:empty|blank)\b|\bempty string\b|\bcan be (?:empty|blank)\b",
                          words=("empty", "blank"))
_ISO_DATE = lazy_compile(r"\b(?:iso[- ]?8601|rfc[- ]?3339|iso)\b[^.]{0,20}\bdate\b(?![- ]?time)|\bdate\b[^.]{0,30}"
                         r"\b(?:iso[- ]?8601|rfc[- ]?3339)\b", re.I)
_OFFSET_WORDS = lazy_compile(r"\brfc[- ]?3339\b|\b(?:with|including|includ\w*)\b[^.]{0,40}\b(?:offset|time ?zone|"
                             r"z suffix|['\"]z['\"])", re.I)
_ISO = Screened(r"\biso[- ]?8601\b|\brfc[- ]?3339\b", words=("iso", "rfc"))
_LAYOUTS = lazy_compile(r"(?<![A-Za-z])(?:YYYY|yyyy)(?:[-/.][A-Za-z]{1,4}){0,2}(?:[T ](?:HH|hh)[A-Za-z:.+\-]{0,20})?"
                        r"(?![A-Za-z])|"
                        r"(?<![A-Za-z])(?:MM|DD|dd|mm|HH|hh)[-/:.][A-Za-z:/.\-]{2,20}(?![A-Za-z])")
_DATE_TIME_LAYOUT = lazy_compile(r"YYYY-MM-DDTHH:MM(?::SS(?:\.S+)?)?(?:Z|[+-]HH:?MM)", re.I)


def _formats(description: str) -> list[Stated]:
    found = _format_stated(description)
    if found is None:
        return []
    fmt, phrase = found
    if any(not valid_in(fmt, value) for value in _given_values(description)):
        return []  # a value the description gives is not in the format: it is no format of this field
    if offers_values_outside(description, fmt):
        return []  # "a comma-separated list", "or today / tomorrow": values the format refuses
    return [Stated("format", fmt, phrase)]


def _given_values(description: str) -> list[str]:
    """The values a description quotes, gives as examples or names as its default, that
    could be values of the field: a layout (`YYYY-MM-DD`) and a one- or two-letter quote
    (`"Z"`, a suffix of the form) are not; an unquoted default word is kept only when it
    is one ("defaults to null"), not the start of a phrase ("defaults to the current time");
    a word it offers unquoted ("The special value me can be used …") is one."""
    values = [v for v in quoted_values(description) if len(v.strip()) > 2 and not _LAYOUTS.fullmatch(v.strip())]
    values += offered_words(description)
    values += [d for d in described_defaults(description) if isinstance(d, str) and (d == "" or d.lower() in _SENTINEL_WORDS)]
    return values


_SENTINEL_WORDS = frozenset({"null", "none", "nil", "dontcare", "any", "all", "n/a", "na", "unknown", "today", "now"})


def _format_stated(description: str) -> tuple[str, str] | None:
    stripped = description.strip()
    first = stripped[:_clause_end(stripped)]
    spelled = list(_LAYOUTS.finditer(description))
    layouts = [match.group() for match in spelled]
    if layouts and any(_hedged_in_sentence(description, match.start()) for match in spelled):
        return None  # "typically a timestamp in the format …": not every value
    if layouts:
        upper = {layout.upper().rstrip(".") for layout in layouts}
        if upper == {"YYYY-MM-DD"}:
            return "date", layouts[0]
        if all(_DATE_TIME_LAYOUT.fullmatch(layout) for layout in upper):
            return "date-time", layouts[0]
        return None  # another layout (MM/DD/YYYY, YYYY-MM-DD HH:MM, HH:MM): a pattern's job
    iso = _ISO.search(description)
    if iso is not None:
        if _ISO_DATE.search(description) and not speaks_of_time(description):
            return "date", iso.group()  # "ISO 8601 date and time", "start time (ISO 8601)": not a bare date
        if _OFFSET_WORDS.search(description):
            return "date-time", iso.group()
        examples = [v for v in quoted_values(description) if isinstance(v, str)]
        if examples and all(valid_in("date-time", v) for v in examples):
            return "date-time", iso.group()
        if examples and all(valid_in("date", v) for v in examples):
            return "date", iso.group()
        return None
    for pattern, fmt in ((_EMAIL, "email"), (_UUID, "uuid")):
        match = pattern.search(description)
        if match is not None and _sole(description, match) and (fmt != "email" or _email_is_the_value(description, match)):
            return fmt, match.group()
    url = _URL_HEAD.search(first) or _URL_STATED.search(description)
    if url is not None and _sole(description, url, strict=False) and not names_git_remote(description):
        return "uri", url.group().strip()
    host = _HOSTNAME.search(first)
    if host is not None and _sole(description, host):
        return "hostname", host.group().strip()
    ip = _IP.search(description)
    if ip is not None and _sole(description, ip) and len({m.group(1).lower() for m in _IP.finditer(description)}) == 1:
        return ip.group(1).lower(), ip.group()
    return None


def _email_is_the_value(description: str, match: re.Match) -> bool:
    """Whether words naming an email address say the value is one, the only form it takes:
    said in the first sentence ("Email address of the reporter") or as a rule ("Must be a
    valid email"); not negated ("This is not the user's email address"), nor what the value
    stands in for ("Name shown in place of the sender's email address"), nor beside another
    form ("an email address for the email channel, or an E.164 phone number", "use the IdP
    username instead", "Also accepts an account ID", "unless the org allows otherwise"). A
    mention elsewhere ("If a user has hidden their email address, …" of a query) is none."""
    start = max(description.rfind(". ", 0, match.start()) + 1, description.rfind("\n", 0, match.start()) + 1, 0)
    end = _clause_end(description[match.end():]) + match.end()
    first = description.strip()[:_clause_end(description.strip())]
    if not (match.start() < len(first) + (len(description) - len(description.lstrip())) or _EMAIL_RULE.search(match.group())):
        return False
    return not (_NOT_THE_VALUE.search(description, start, match.start()) or _ALTERNATIVE.search(description, match.end(), end)
                or _EXCEPTION.search(description) or offers_substitute(description) or offers_other_forms(description))


# A rule that the value is an email ("valid email", "must be an email"), not a mention of one.
_EMAIL_RULE = lazy_compile(r"^(?:valid|is|be|as)\b", re.I)
_NOT_THE_VALUE = lazy_compile(r"\b(?:not|never|in place of|instead of|rather than)\b|n't\b", re.I)
_EXCEPTION = lazy_compile(r"\bunless\b|\bexcept\b", re.I)


def _clause_end(text: str) -> int:
    """Where the first sentence of `text` ends."""
    boundary = _BOUNDARY.search(text)
    return boundary.start() if boundary is not None else len(text)


def _hedged_in_sentence(text: str, at: int) -> bool:
    start = max(text.rfind(". ", 0, at), text.rfind("\n", 0, at)) + 1
    return _HEDGE_FORM.search(text, start, at) is not None


_HEDGE_FORM = lazy_compile(r"\b(?:typical(?:ly)?|usually|often|generally|sometimes|such as|e\.g|like)\b", re.I)


def _sole(description: str, match: re.Match, strict: bool = True) -> bool:
    """Whether the format word names the value outright: not one of alternatives ("hostname
    or IP address"), not hedged ("typically a UUID", "such as a UUID") in its sentence."""
    start = max(description.rfind(". ", 0, match.start()) + 1, description.rfind("\n", 0, match.start()) + 1, 0)
    around = description[max(start, match.start() - 40): min(len(description), match.end() + 25)]
    if _HEDGED_FORMAT.search(description[max(start, match.start() - 40):match.start()]) or \
            _EMPTY_ALLOWED.search(description):
        return False
    if strict and _ALTERNATIVE.search(around):
        return False
    return not _OTHER_KIND.search(around)


# "URL or ID", "or a file path": the value may be of another kind than the format.
_OTHER_KIND = lazy_compile(r"\b(?:url|uri|link|id|name)\s+or\b|\bor\s+(?:an?\s+)?(?:ip|id|name|path|file|phone|"
                           r"username|handle|key)\b", re.I)
