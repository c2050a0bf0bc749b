"""Units of time, size, distance, mass and a few other measures (rates, frequency, power,
energy, voltage, volume, pressure, temperature scales) in a field's name and description,
and whether a bound stated in one of them bounds the field's number.

"The duration, in seconds. Must not exceed 730 days and 12 hours." states no `maximum:
730`: the bound is in days (and hours), the value in seconds, and a fix that read it as
the number's bound would refuse a day (86400). A bound with a unit of time or size is
taken only where the value is in that same unit, as its name (`timeout_ms`,
`retention_days`) or description ("in seconds", "(milliseconds)", "number of days") says.
Where neither says, "Timeout, at most 30 seconds" may bound a value in seconds or in
milliseconds (as many timeouts are): a guess either way, so no bound; so too "Search
radius in meters (max 50 km)", or a radius whose unit is not said. A bound written with no
unit is the value's, unless the words let the value come in another unit too ("Delay in
seconds (0-60); milliseconds if ms=true"): then it is one unit's. A compound ("730
days and 12 hours", "1 hour 30 minutes") is a bound on no one number. Conversions are
not made: the figures of a converted bound would be the reader's, not the description's.
For the same reason a number with a magnitude ("up to 8K", "10k", "2 million", "1e6") is
no bound: 8K tokens may be 8000 or 8192, and the figure written is neither.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from schema_lint.prose.field_kinds import words
from schema_lint.text.lazy_pattern import lazy_compile

# canonical unit → its spellings (lower case). Single letters ("5s", "1h") are units only
# right after a number; `min` names a minute only there too (in a name it is a minimum).
_SPELLINGS: dict[str, tuple[str, ...]] = {
    "nanosecond": ("nanosecond", "nanoseconds", "nanos", "ns"),
    "microsecond": ("microsecond", "microseconds", "micros", "us", "\u00b5s"),
    "millisecond": ("millisecond", "milliseconds", "millis", "msec", "msecs", "ms"),
    "second": ("second", "seconds", "sec", "secs", "s"),
    "minute": ("minute", "minutes", "mins", "min"),
    "hour": ("hour", "hours", "hr", "hrs", "h"),
    "day": ("day", "days"),
    "week": ("week", "weeks", "wk", "wks"),
    "month": ("month", "months"),
    "year": ("year", "years", "yr", "yrs"),
    "bit": ("bit", "bits"),
    "byte": ("byte", "bytes"),
    "kilobyte": ("kilobyte", "kilobytes", "kb"),
    "kibibyte": ("kibibyte", "kibibytes", "kib"),
    "megabyte": ("megabyte", "megabytes", "mb"),
    "mebibyte": ("mebibyte", "mebibytes", "mib"),
    "gigabyte": ("gigabyte", "gigabytes", "gb"),
    "gibibyte": ("gibibyte", "gibibytes", "gib"),
    "terabyte": ("terabyte", "terabytes", "tb"),
    "tebibyte": ("tebibyte", "tebibytes", "tib"),
    "petabyte": ("petabyte", "petabytes", "pb"),
    # Rates, frequencies, power, energy, voltage, volume and pressure: a bound in one of these
    # is in no unit of time or size the field's may be ("Bandwidth in Mbps, up to 10 Gbps").
    "bit per second": ("bps",),
    "kilobit per second": ("kbps",),
    "megabit per second": ("mbps",),
    "gigabit per second": ("gbps",),
    "hertz": ("hertz", "hz"),
    "kilohertz": ("kilohertz", "khz"),
    "megahertz": ("megahertz", "mhz"),
    "gigahertz": ("gigahertz", "ghz"),
    "watt": ("watt", "watts", "w"),
    "kilowatt": ("kilowatt", "kilowatts", "kw"),
    "megawatt": ("megawatt", "megawatts"),
    "watt-hour": ("wh",),
    "kilowatt-hour": ("kwh",),
    "megawatt-hour": ("mwh",),
    "volt": ("volt", "volts", "v"),
    "millivolt": ("millivolt", "millivolts", "mv"),
    "kilovolt": ("kilovolt", "kilovolts", "kv"),
    "liter": ("liter", "liters", "litre", "litres", "l"),
    "milliliter": ("milliliter", "milliliters", "millilitre", "millilitres", "ml"),
    "pascal": ("pascal", "pascals", "pa"),
    "kilopascal": ("kilopascal", "kilopascals", "kpa"),
    "bar": ("bar", "bars"),
    "psi": ("psi",),
    "celsius": ("celsius", "\u00b0c"),
    "fahrenheit": ("fahrenheit", "\u00b0f"),
    "kelvin": ("kelvin", "\u00b0k"),
    "millimeter": ("millimeter", "millimeters", "millimetre", "millimetres", "mm"),
    "centimeter": ("centimeter", "centimeters", "centimetre", "centimetres", "cm"),
    "meter": ("meter", "meters", "metre", "metres", "m"),
    "kilometer": ("kilometer", "kilometers", "kilometre", "kilometres", "km", "kms"),
    "foot": ("foot", "feet", "ft"),
    "yard": ("yard", "yards", "yd", "yds"),
    "mile": ("mile", "miles", "mi"),
    "gram": ("gram", "grams", "g"),
    "kilogram": ("kilogram", "kilograms", "kg", "kgs"),
    "pound": ("pound", "pounds", "lb", "lbs"),
    "ounce": ("ounce", "ounces", "oz"),
}
UNITS = {spelling: unit for unit, spellings in _SPELLINGS.items() for spelling in spellings}
# Spellings that in a name or in prose without a number mean something else: a minimum, the
# US, a namespace, a letter (a name's last `s` is seconds: `timeout_s`).
_ONLY_AFTER_NUMBER = frozenset({"min", "us", "ns", "s", "h", "m", "g", "mi", "w", "v", "l", "pa", "bar", "bars"})
# Words after a number that multiply it: the figure written is not the value.
_MAGNITUDES = frozenset({"k", "b", "bn", "mn", "mil", "mio", "e", "thousand", "thousands", "million", "millions",
                         "billion", "billions", "trillion", "trillions", "lakh", "lakhs", "crore", "crores",
                         "\u03c0", "pi"})
# Spellings that name a unit on their own, in a name or in prose without a number.
_WORD_SPELLINGS = frozenset(UNITS) - _ONLY_AFTER_NUMBER
# How a description says what unit the value is in: "in seconds", "(milliseconds)",
# "number of days", "unit: bytes"; and what turns a bound into a compound: "… and 12
# hours", ", 30 minutes", " 30 minutes". A word stands where the unit does, looked up among
# the spellings afterwards (`_Spellings`): an alternation of the sixty spellings, written
# three times into these patterns, took a tenth of all the time a run spent compiling
# regular expressions.
_VALUE_IN = lazy_compile(r"\b(?:in|number of|count of|amount of)\s+(?:whole\s+)?(\u00b0?\w+)|\(\s*(?:in\s+)?(\u00b0?\w+)\s*\)"
                         r"|\bunits?\s*(?:is|:)\s*(\u00b0?\w+)", re.I)
_COMPOUND = lazy_compile(r"\s*(?:,\s*|and\s+|\+\s*)?\d+(?:\.\d+)?\s*(\u00b0?\w+)", re.I)


class _Spellings:
    """Spellings of units, asked whether a whole word is one of them, case aside, as an
    alternation of them followed by a word boundary would find it."""

    def __init__(self, spellings: frozenset[str]):
        self._spellings = spellings
        # For a word beyond ASCII: `re` without case matches more than lowering does (the
        # long s matches `s`, the Kelvin sign `k`, a Greek mu `µ`). Rare: compiled only then.
        self._caseless = lazy_compile("|".join(sorted(spellings)), re.I, rare=True)

    def __contains__(self, word: str) -> bool:
        if word.isascii():
            return word.lower() in self._spellings
        return self._caseless.fullmatch(word) is not None


_NAMING = _Spellings(_WORD_SPELLINGS)
_ANY = _Spellings(frozenset(UNITS))


def multiplies(word: str | None) -> bool:
    """Whether the word after a number is a magnitude that multiplies it (`8K`, `10k`, `2
    million`, `1e6`): the number written is then not the value, and no bound."""
    return word is not None and word.lower() in _MAGNITUDES


def unit_of(word: str | None) -> str | None:
    """The unit of time or size a word after a number names (`days` → day, `MB` → megabyte), or None."""
    return UNITS.get(word.lower()) if word else None


@lru_cache(maxsize=4096)
def named_unit(name: str | None) -> str | None:
    """The unit a field's name says its value is in (`timeout_ms`, `retention_days`,
    `sizeInBytes`, `delay_s`), or None when it says none, or more than one. A singular
    word is no unit in a name: `birth_year`, `start_day` and `second_value` are no durations."""
    parts = words(name or "")
    said = {UNITS[part] for part in parts if part in UNITS and part not in _ONLY_AFTER_NUMBER and part != UNITS[part]}
    if len(parts) > 1 and parts[-1] == "s":
        said.add("second")
    return next(iter(said)) if len(said) == 1 else None


def bounds_value(unit: str | None, following: str, description: str, named: str | None) -> bool:
    """Whether a bound read with the word `unit` after its number, and `following` after
    that, bounds the number itself: a bound with no unit of time or size does ("at most
    100", "up to 5 retries") unless the words offer the value in more than one unit
    (`offers_other_unit`), and one in money's major unit not where the value is in its
    minor one ("Price in cents; at most 100 dollars"); one in a unit of time or size only
    when the value is said to be in the same one, and only in that one; a compound never."""
    measure = unit_of(unit)
    if measure is None:
        lowered = unit.lower() if unit else ""
        if lowered in _MAJOR_WORDS and _MINOR_UNIT.search(description):
            return False
        return not offers_other_unit(description, named)
    compound = _COMPOUND.match(following)
    if compound is not None and compound.group(1) in _ANY:
        return False
    value_units = _described_units(description) | ({named} if named is not None else set())
    return value_units == {measure}


@lru_cache(maxsize=1024)
def offers_other_unit(description: str, named: str | None = None) -> bool:
    """Whether the words let the value be given in more than one unit: said to be in two
    ("In GB, 1-100; or in MB when unit is 'MB'"), or offering another than the one the
    value is in, under a switch ("Delay in seconds; milliseconds if ms=true", "Use unit='F'
    to pass Fahrenheit", "Set radians=true to pass radians instead"). A bound written with
    no unit ("(0-60)") is then the bound of one of them, and no bound of every call. Cached:
    asked once per bound written bare, and a description may write several."""
    said = _described_units(description) - {None}
    if named is not None:
        said |= {named}
    if len(said) > 1:
        return True
    return any(unit not in said for unit in _offered_units(description))


def _offered_units(description: str) -> Iterator[str]:
    """The units the words offer the value in under a switch or instead (`_OFFERED`)."""
    if not _OFFERED_SCREEN.search(description):
        return  # nearly every description: no switch, no "instead"
    for match in _OFFERED.finditer(description):
        word = next(group for group in match.groups() if group is not None).lower()
        unit = _OFFERED_ONLY.get(word) or (UNITS.get(word) if word in _NAMING else None)
        if unit is not None:
            yield unit


# A unit the value may be sent in instead: "to pass Fahrenheit", "to send the value in
# milliseconds", "milliseconds if ms=true", "or as bytes when raw is set", "pass radians
# instead". Angles and percentages count here, though no bound in them is read as one in a unit.
_OFFERED = lazy_compile(
    r"\bto\s+(?:pass|send|give|provide|specify|enter|use)\s+(?:(?:it|them|the\s+value|values?)\s+)?(?:in\s+|as\s+)?"
    r"(\u00b0?\w+)|\bor\s+(?:in|as)\s+(\u00b0?\w+)|(?<![\w\u00b0])(\u00b0?\w+)\s+(?:if|when|unless|instead)\b", re.I)
_OFFERED_SCREEN = lazy_compile(r"\b(?:to|or|if|when|unless|instead)\b", re.I)
_OFFERED_ONLY = {"radian": "radian", "radians": "radian", "degree": "degree", "degrees": "degree",
                 "percent": "percent", "percentage": "percent", "percentages": "percent"}


@lru_cache(maxsize=256)
def _described_units(description: str) -> frozenset[str | None]:
    """The units the description says the value is in. Cached: asked once per bound with a
    unit, and a description may state many."""
    return frozenset(unit_of(word) for word in units_said(description))


def value_units(description: str) -> frozenset[str]:
    """The units the description says the value is in, money's minor unit among them ("in
    cents", "in the smallest currency unit": `cent`)."""
    said = frozenset(unit for unit in _described_units(description) if unit is not None)
    return said | {"cent"} if _MINOR_UNIT.search(description) else said


def written_unit(text: str, start: int, end: int) -> str | None:
    """The unit the number written at `text[start:end]` is in, where one is written with it:
    of time or size after it ("5 seconds"), a currency's minor unit ("100 cents") or its
    major one ("$1.00", "1.00 USD"); None for a bare number."""
    before = text[max(0, start - 2):start].rstrip(" ")
    if before and before[-1] in _CURRENCY_SIGNS:
        return "currency"
    if text[end:end + 1] not in _WORD_STARTS:
        return None  # most numbers: a quote, a stop or a bracket after them (asked of each, in a long text)
    after = _WORD_AFTER.match(text, end)
    if after is None:
        return None
    word = after.group(1).lower()
    if word in _MINOR_WORDS:
        return "cent"
    return "currency" if word in _MAJOR_WORDS else unit_of(word)


# Money's minor unit named as the value's ("Amount in the smallest currency unit", "in cents",
# "(pence)"), and how a figure in another unit is written: the major unit's symbol before it
# or its name after it ("$1.00", "1.00 USD", "5 euros"), the minor one's name ("100 cents").
_MINOR_UNIT = lazy_compile(r"\b(?:smallest|minor|lowest|base)\s+(?:currency\s+)?(?:units?|denominations?)\b|"
                           r"\bin\s+(?:cents|pence|minor units?)\b|\(\s*(?:in\s+)?(?:cents|pence)\s*\)", re.I)
_CURRENCY_SIGNS = "$\u20ac\u00a3\u00a5\u20b9"
_WORD_STARTS = frozenset(" ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_WORD_AFTER = lazy_compile(r"\s?([A-Za-z]+)\b")
_MINOR_WORDS = frozenset({"cent", "cents", "pence", "penny", "pennies"})
_MAJOR_WORDS = frozenset({"usd", "eur", "gbp", "jpy", "dollar", "dollars", "euro", "euros"})


def units_said(text: str) -> Iterator[str]:
    """The words naming a unit where `_VALUE_IN` places one, as `finditer` of it with the
    spellings in place of its words would find them: after a word that is none, the next
    match is looked for from the character after where that one started."""
    at = 0
    while (match := _VALUE_IN.search(text, at)) is not None:
        word = next(group for group in match.groups() if group is not None)
        if word in _NAMING:
            yield word
            at = match.end()
        else:
            at = match.start() + 1
