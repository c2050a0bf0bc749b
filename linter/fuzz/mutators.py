"""The near misses models really send, one small function each.

A mutator looks at one site of a valid call (a value and the schemas that govern it),
decides whether it applies there, and returns the bends it would make: which values to
change or drop, the path to report, and the rule that would have caught the near miss
if the boundary lets it through. Mutators start from the value a valid call holds, so
"a number is wanted here" is known from the call itself, whatever `anyOf` or `$ref`
the schema says it with.

Each accepted near miss names a rule so that the fuzz report and the lint report point
at the same fix: a union that admits both shapes is SL202's loose union, a value no
`type` constrains is SL203's untyped property.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from schema_lint.boundary.paths import format_path
from schema_lint.boundary.walk import json_type
from schema_lint.prose.field_kinds import implied_format, kind_of
from schema_lint.fuzz.conditions import Needs
from schema_lint.fuzz.sites import Site

OVERLONG = 10_000
# JSON strings, numbers and booleans (bool is an int in Python).
_SCALARS = (str, int, float)
UNKNOWN_KEY = "extra_field"
_DROP = object()


@dataclass(frozen=True)
class Change:
    """One edit as a report shows it: the value now at `path`, or that the member was left out."""

    path: str
    value: Any = None
    dropped: bool = False


@dataclass(frozen=True)
class Bend:
    """One near miss to make: `edits` are (steps, new value or _DROP), reported at `at`."""

    at: tuple[str | int, ...]
    edits: tuple[tuple[tuple[str | int, ...], Any], ...]
    rule: str

    @property
    def path(self) -> str:
        return format_path(self.at)

    @property
    def changes(self) -> tuple[Change, ...]:
        return tuple(Change(format_path(steps), None, True) if value is _DROP else Change(format_path(steps), value)
                     for steps, value in self.edits)

    def apply(self, call: Any) -> Any:
        """`call` with the edits made; the input is never modified."""
        for steps, value in self.edits:
            call = _put(call, steps, value)
        return call


@dataclass(frozen=True)
class Mutator:
    name: str
    bends: Callable[[Site, Needs], Iterator[Bend]]


def _replace(site: Site, value: Any, rule: str) -> Bend:
    return Bend(site.steps, ((site.steps, value),), rule)


def _drop(site: Site, key: str, rule: str, *also: tuple[tuple[str | int, ...], Any]) -> Bend:
    return Bend((*site.steps, key), (*also, ((*site.steps, key), _DROP)), rule)


def _loose(site: Site) -> str:
    """Who should have refused a wrong shape here: SL203 when nothing is typed, SL202 where a
    value or an array of it is admitted (its loose union); no rule where the schema names both
    shapes some other way (`["boolean", "string"]`): none of `check`'s would say it, and the
    report must not point at a fix `check` never offers."""
    types = site.admitted_types
    if not types:
        return "SL203"
    return "SL202" if "array" in types and types - {"array", "null"} else ""


def _is_member(site: Site) -> bool:
    """Anything but the root: a call's arguments object is never sent as another shape."""
    return bool(site.steps)


def scalar_for_array(site: Site, needs: Needs) -> Iterator[Bend]:
    """`"a"` where `["a"]` is wanted: the commonest near miss of all."""
    if isinstance(site.value, list) and site.value and isinstance(site.value[0], _SCALARS):
        yield _replace(site, site.value[0], _loose(site))


def array_for_scalar(site: Site, needs: Needs) -> Iterator[Bend]:
    """`["a"]` where `"a"` is wanted."""
    if _is_member(site) and isinstance(site.value, _SCALARS) and "array" not in site.admitted_types:
        yield _replace(site, [site.value], _loose(site))


def missing_required(site: Site, needs: Needs) -> Iterator[Bend]:
    """A needed field left out: `required` ones, and those SL101's fix would require."""
    if not isinstance(site.value, dict):
        return
    names = [name for listed in site.keyword("required") if isinstance(listed, list) for name in listed]
    names += [name for pointer in sorted(site.pointers) for name in needs.fields.get(pointer, ())]
    for name in dict.fromkeys(names):
        if name in site.value:
            yield _drop(site, name, "SL101")


def unknown_key(site: Site, needs: Needs) -> Iterator[Bend]:
    """An invented key beside the declared ones (`userId`, `force`); not in a map by design,
    whose other keys a schema (`additionalProperties: {...}`, `patternProperties`) describes."""
    declared = site.declared_properties()
    mapped = site.keyword("patternProperties") or any(isinstance(other, dict) for other in site.keyword("additionalProperties"))
    if isinstance(site.value, dict) and declared and not mapped:
        key, number = UNKNOWN_KEY, 1
        while key in declared or key in site.value:
            key, number = f"{UNKNOWN_KEY}_{number}", number + 1
        yield Bend((*site.steps, key), (((*site.steps, key), "x"),), "SL201")


def enum_case(site: Site, needs: Needs) -> Iterator[Bend]:
    """`"HIGH"` where the enum says `"high"`."""
    if not isinstance(site.value, str):
        return
    allowed = {v for values in site.keyword("enum") if isinstance(values, list) for v in values if isinstance(v, str)}
    allowed.update(v for v in site.keyword("const") if isinstance(v, str))
    if site.value not in allowed:
        return
    for variant in (site.value.upper(), site.value.lower(), site.value.title(), site.value.swapcase()):
        if variant != site.value and variant not in allowed:
            yield _replace(site, variant, _loose(site))
            return


def number_as_string(site: Site, needs: Needs) -> Iterator[Bend]:
    """`"5"` where `5` is wanted."""
    if _is_member(site) and isinstance(site.value, (int, float)) and not isinstance(site.value, bool):
        yield _replace(site, json.dumps(site.value), _loose(site))


def boolean_as_string(site: Site, needs: Needs) -> Iterator[Bend]:
    """`"true"` where `true` is wanted."""
    if isinstance(site.value, bool):
        yield _replace(site, json.dumps(site.value), _loose(site))


def null(site: Site, needs: Needs) -> Iterator[Bend]:
    """`null` for a value the schema does not declare nullable."""
    if _is_member(site) and site.value is not None and "null" not in site.admitted_types:
        yield _replace(site, None, _loose(site))


def empty_string(site: Site, needs: Needs) -> Iterator[Bend]:
    """`""` for a string: present, and saying nothing; not where the schema lists `""` itself.
    SL305 speaks of a required string's: elsewhere no rule of `check` would say it."""
    listed = [value for values in site.keyword("enum") if isinstance(values, list) for value in values]
    if isinstance(site.value, str) and site.value and "" not in listed and "" not in site.keyword("const"):
        yield _replace(site, "", "SL305" if site.required else "")


def overlong_string(site: Site, needs: Needs) -> Iterator[Bend]:
    """The string repeated to 10,000 characters: a pasted document where a title belongs."""
    if isinstance(site.value, str):
        text = site.value or "x"
        yield _replace(site, (text * (OVERLONG // len(text) + 1))[:OVERLONG], "SL301")


def json_string(site: Site, needs: Needs) -> Iterator[Bend]:
    """An object or array sent as its JSON text."""
    if _is_member(site) and isinstance(site.value, (dict, list)):
        yield _replace(site, json.dumps(site.value, ensure_ascii=False), _loose(site))


def python_literal(site: Site, needs: Needs) -> Iterator[Bend]:
    """`"['a', 'b']"`: a list or dict written as a Python literal, as some models send them."""
    if _is_member(site) and isinstance(site.value, (dict, list)) and site.value:
        yield _replace(site, repr(site.value), _loose(site))


def comma_joined(site: Site, needs: Needs) -> Iterator[Bend]:
    """`"a,b"` where `["a", "b"]` is wanted (one element is repeated to make a list)."""
    items = site.value
    if isinstance(items, list) and items and all(isinstance(item, _SCALARS) for item in items):
        items = items if len(items) > 1 else items * 2
        yield _replace(site, ",".join(item if isinstance(item, str) else json.dumps(item) for item in items),
                       _loose(site))


# format → a value of the kind models send when they get that format wrong (asked of None too: no format).
_BAD_VALUES: dict[str | None, str] = {
    "date": "2024-13-45", "date-time": "2024-13-45T25:61:00Z", "time": "25:61:00",
    "uri": "example.com/page", "iri": "example.com/page", "uuid": "123e4567-e89b-12d3-a456",
    "ipv4": "256.1.1.1", "ipv6": "2001:db8::g", "hostname": "-bad-.example.com", "duration": "3 days",
}
_EMAIL_FORMATS = ("email", "idn-email")


def bad_format(site: Site, needs: Needs) -> Iterator[Bend]:
    """An email without `@`, the date `2024-13-45`: for a declared format or one the name implies."""
    if not isinstance(site.value, str):
        return
    known = [f for f in site.keyword("format") if f in _BAD_VALUES or f in _EMAIL_FORMATS]
    wanted = known[0] if known else implied_format(kind_of(site.name))
    if wanted in _EMAIL_FORMATS:
        bad = site.value.replace("@", "") if "@" in site.value else "user.example.com"
    else:
        bad = _BAD_VALUES.get(wanted, site.value)
    if bad != site.value:
        yield _replace(site, bad, "SL304")


# JSON type of a value → a value of another type models confuse it with.
_WRONG_TYPES = {"string": 42, "integer": "forty-two", "number": "forty-two", "boolean": 1, "object": "x", "array": 42}


def wrong_type(site: Site, needs: Needs) -> Iterator[Bend]:
    """An integer where a string is wanted, a string where a number is, and the like."""
    if not _is_member(site) or site.value is None:
        return
    substitute = _WRONG_TYPES[json_type(site.value)]
    if json_type(substitute) not in site.admitted_types:
        yield _replace(site, substitute, "SL203")


def conditional_omitted(site: Site, needs: Needs) -> Iterator[Bend]:
    """The discriminator set to the value that needs a field, and that field left out."""
    if not isinstance(site.value, dict):
        return
    for conditional in needs.conditionals:
        if conditional.pointer in site.pointers:
            setting = ((*site.steps, conditional.discriminator), conditional.value)
            yield _drop(site, conditional.field, "SL102", setting)


MUTATORS: dict[str, Mutator] = {
    mutator.name: mutator
    for mutator in (
        Mutator("scalar-for-array", scalar_for_array),
        Mutator("array-for-scalar", array_for_scalar),
        Mutator("missing-required", missing_required),
        Mutator("unknown-key", unknown_key),
        Mutator("enum-case", enum_case),
        Mutator("number-as-string", number_as_string),
        Mutator("boolean-as-string", boolean_as_string),
        Mutator("null", null),
        Mutator("empty-string", empty_string),
        Mutator("overlong-string", overlong_string),
        Mutator("json-string", json_string),
        Mutator("python-literal", python_literal),
        Mutator("comma-joined", comma_joined),
        Mutator("bad-format", bad_format),
        Mutator("wrong-type", wrong_type),
        Mutator("conditional-omitted", conditional_omitted),
    )
}
"""Every mutator by name, in report order."""


def _put(node: Any, steps: tuple[str | int, ...], value: Any) -> Any:
    """A copy of `node` with `value` at `steps` (or the member dropped), sharing untouched parts."""
    if not steps:
        return value
    head, rest = steps[0], steps[1:]
    if isinstance(node, dict):
        copy = dict(node)
        if not rest and value is _DROP:
            copy.pop(head, None)
        else:
            copy[head] = _put(node.get(head), rest, value)
        return copy
    if isinstance(node, list) and isinstance(head, int) and head < len(node):
        elements = list(node)
        elements[head] = _put(node[head], rest, value)
        return elements
    return node
