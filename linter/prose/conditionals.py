"""Find optional fields of an object that are needed only for some values of a sibling
enum or boolean field (the discriminator), and that nothing in the schema says so of.

Evidence, strongest first:

1. prose that states a requirement and its condition, in the field's own description
   (or a condition on a boolean sibling with no requirement word: "When schedule is
   true, the time at which to post" — a field defined for one state of a flag)
   (or its entry in a docstring-style tool description), in the discriminator's
   description ("requires bypassReason when true"), or in the object's description;
2. a field "used for close/select" that the prose then lets go for some of those values
   ("If omitted for close, …"): the values it keeps are the ones that need it;
3. an address field that is the value: a `format: email` recipient next to
   `channel: [console, email]`, a `url` next to `type: [url, back, reload]`, when no other
   field of the object holds that kind of address and it is no copy, sender or spare
   (`cc`, "Extra address to copy");
4. two weak signals that agree on one value: the field's name contains the value
   (`insert_values` next to `INSERT`) and its prose names that value as a value (quoted,
   an upper-case constant) or ties the field to it ("values: to show").

Weak signals never count for a boolean field, a field with a default, a field its prose
calls optional, an alternative ("either", "instead of") or a filter, or a field whose
prose already ties it to a different discriminator. Precision matters more than recall
here: a linter that cries wolf gets switched off.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache, cached_property, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from schema_lint.prose.conditional_prose import (APPLIES, COMMON_WORDS, EXEMPT, REQUIRED, Clause, Discriminator,
                                           field_clauses, flag_conditions, mentioned_requirements, parameter_notes,
                                           unread_exemption, word_pattern)
from schema_lint.prose.field_kinds import kind_of, words
from schema_lint.prose.field_prose import answers_omission, described_defaults, offered_in_place, stand_ins_of
from schema_lint.prose.units import offers_other_unit
from schema_lint.schema.dialect import standard_type
from schema_lint.text.lazy_pattern import CaselessWords, lazy_compile
from schema_lint.schema.refs import REF_KEYWORDS
from schema_lint.schema.walk import SchemaNode

if TYPE_CHECKING:
    from schema_lint.rule import ToolContext

# Keywords through which an object can already state conditions on its fields.
_CONDITIONAL_KEYWORDS = ("if", "then", "else", "allOf", "anyOf", "oneOf", "not", "dependentSchemas")
_DEPENDENCY_KEYWORDS = ("dependentRequired", "dependencies", "dependentSchemas")
# Values a field of that kind stands for: a `format: email` recipient is the `email` channel's.
_ADDRESS_VALUES = {"email": frozenset({"email", "e-mail", "mail"}), "url": frozenset({"url", "uri", "link", "webhook"})}
_OPTIONAL_WORDS = ("optional(?:ly)?", r"if\s+(?:omitted|unset|not\s+(?:provided|specified|given|set|supplied))",
                   r"when\s+omitted", r"defaults?\s+(?:to|is)", "either", r"instead\s+of", "alternative", "filters?",
                   "filtering")
_OPTIONAL_PROSE = CaselessWords(word_pattern(_OPTIONAL_WORDS))
# An address that is not the one a message goes to (a copy, a sender, a reply-to): that the
# channel is its kind says nothing of whether it is needed.
_SECONDARY_ADDRESS_WORDS = frozenset({"cc", "bcc", "copy", "copies", "extra", "additional", "reply", "from", "sender",
                                      "secondary", "alternate", "alternative", "backup", "fallback"})
_SECONDARY_ADDRESS_PROSE = CaselessWords(word_pattern(("copy", "copies", "cc", "bcc", "extra", "additional",
                                                       "reply-to", "sender", "secondary", "backup", "fallback")))
# What `_default` returns for a discriminator with no default (`None` is a value).
_NO_DEFAULT = object()
_DEFAULT_PROSE = lazy_compile(r"\bdefaults?\s*(?:is|to|:)?\s*[`'\"]?(?P<value>[\w.-]+)|"
                              r"[`'\"](?P<marked>[\w.-]+)[`'\"][^.;,]{0,40}\((?:the\s+)?default\)", re.I)


# What makes a property's schema more than one dict: branches, and references to follow.
_UNIONS = frozenset({"anyOf", "oneOf"})
_BRANCHING = _UNIONS | frozenset(REF_KEYWORDS)


class ConditionalField(NamedTuple):
    """`field` is needed when `discriminator` is one of `values`; `evidence` says who says so."""

    field: str
    discriminator: str
    values: tuple
    evidence: str
    # The discriminator's default is among `values`: an absent discriminator counts too.
    by_default: bool
    # Why an `if`/`then` on the discriminator would say more than the words, or "": they
    # set a further condition ("unless a default number is configured"), or tie the field to
    # a flag's state without calling it required then.
    unsure: str = ""
    # `values` are every value the discriminator takes, and every call sends one (it is
    # required): the field is needed in every call ("required for cordon, drain, uncordon"
    # of the three operations there are).
    always: bool = False


class _Sibling:
    """A property, seen through its schema, its branches and what their `$ref`s lead to.

    Its alternatives (the schemas and their `anyOf`/`oneOf` branches), its description and
    whether it is a boolean are worked out once, as the object's fields are gathered: every
    other field of the object asks again.
    """

    __slots__ = ("name", "schemas", "alternatives", "description", "boolean")

    def __init__(self, name: str, schemas: tuple[dict, ...]):
        self.name = name
        self.schemas = schemas
        self.alternatives = _alternatives(schemas)
        text = self.get("description")
        self.description = text if isinstance(text, str) else ""
        self.boolean = False
        for schema in self.alternatives:  # a loop, not `any`: built for each property of an object read
            if _declares_boolean(schema.get("type")):
                self.boolean = True
                break

    def get(self, key: str) -> Any:
        for schema in self.schemas:
            if key in schema:
                return schema[key]
        return None


def _declares_boolean(declared: Any) -> bool:
    if isinstance(declared, str):  # the usual `type`: one name
        return standard_type(declared) == "boolean"
    return isinstance(declared, list) and any(isinstance(n, str) and standard_type(n) == "boolean" for n in declared)


MAX_DISCRIMINATORS = 64
"""Properties of one object read as what may decide whether another is needed (an `enum` or a
flag), the first in the object's order: each field is weighed against each of them, so an
object of 6,000 such properties took a quarter of an hour. Real objects have a handful."""


def conditional_fields(node: SchemaNode, siblings: dict[str, SchemaNode],
                       schemas_of: Callable[[SchemaNode], Sequence[dict]], tool_description: str = "",
                       nullable_is_optional: bool = False) -> list[ConditionalField]:
    """What `node`'s optional properties need, read from the schema and its prose.

    `siblings` maps property names to their nodes; `schemas_of(node)` gives a property's
    schema with what its `$ref`s (and its branches' `$ref`s) lead to; `tool_description`
    is read for docstring-style parameter notes and, at the root, for sentences naming a
    field; `nullable_is_optional` counts a required field that accepts null as optional
    (openai-strict spells optional so).
    """
    required = node.required_names
    if len(siblings) < 2 or (not nullable_is_optional and all(name in required for name in siblings)):
        return []
    # Only a property `may_discriminate` passes can be one: most objects have none, and then
    # not one of their fields is read.
    possible = [name for name, child in siblings.items() if may_discriminate(child.schema)]
    if not possible:
        return []
    members = {name: _Sibling(name, tuple(schemas_of(child))) for name, child in siblings.items()}
    discriminators = [d for d in (_discriminator(members[name]) for name in possible) if d][:MAX_DISCRIMINATORS]
    if not discriminators:
        return []
    notes = parameter_notes(tool_description, list(members)) if tool_description else {}
    stated = _already_conditional(node.schema)
    defaults: dict[str, Any] = {}  # each discriminator's default, read once for all the fields
    # What the fields' words offer in another's place: read once for all the fields, and only
    # if a field's condition is stated (most objects' are not).
    stand_ins = cache(lambda: stand_ins_of({name: member.description for name, member in members.items()}))
    # Each discriminator's own prose (its description and its docstring entry), joined once for all the fields.
    spoken = {d.name: " ".join(t for t in (members[d.name].description, notes.get(d.name, "")) if t)
              for d in discriminators}
    found: list[ConditionalField] = []
    for member in members.values():
        if member.name in stated or not _optional(member, required, nullable_is_optional):
            continue
        others = [d for d in discriminators if d.name != member.name and d.name not in stated]
        if not others:
            continue
        context = _Context(member, others, members, notes, spoken, node.get("description"),
                           tool_description if node.is_root else "", defaults, stand_ins, required)
        found.extend(context.conditions())
    return found


class _Context:
    """Everything read about one optional field."""

    def __init__(self, member: _Sibling, discriminators: list[Discriminator], members: dict[str, _Sibling],
                 notes: dict[str, str], spoken: dict[str, str], object_description: Any, tool_description: str,
                 defaults: dict[str, Any], stand_ins: Callable[[], dict[str, frozenset[str]]],
                 required: frozenset[str] = frozenset()):
        self.member = member
        self.required = required  # the object's required names: a discriminator there has a value in every call
        self.defaults = defaults
        self.stand_ins = stand_ins
        self.discriminators = discriminators
        self.members = members
        self.notes = notes
        self.spoken = spoken
        self.object_description = object_description if isinstance(object_description, str) else ""
        self.tool_description = tool_description
        # Its docstring entry: most tools have none, and then neither it nor its clauses are read.
        self.note = note = notes.get(member.name, "")
        description = member.description
        self.prose = f"{description} {note}" if description and note else description or note
        # (clause, where it was read): the field's description, or its docstring entry.
        self.read = [(c, "its description says so") for c in field_clauses(description, discriminators)]
        if note:
            self.read += [(c, "the tool description says so") for c in field_clauses(note, discriminators)]
        self.clauses = [clause for clause, _ in self.read] if self.read else []
        # Per discriminator, why its stated condition is not the whole of it (`ConditionalField.unsure`).
        self.unsure: dict[str, str] = {}

    @cached_property
    def says_optional(self) -> bool:
        """The field's prose calls it optional, an alternative or a filter (asked twice)."""
        return _OPTIONAL_PROSE.occurs_in(self.prose)

    def conditions(self) -> Iterator[ConditionalField]:
        stated = self._stated()
        if not stated:
            stated = self._kept_after_exemption() or self._agreeing_weak_signals()
            self._let_go(stated)  # as `_stated` does for what the words state
        if not stated:
            return  # nearly every field: nothing ties it to a value
        stated = self._beside_requirements(stated)
        by_name = {d.name: d for d in self.discriminators}
        replaceable = self._replaceable()
        if len(stated) > 1:
            # "Required when type is 'old', unless keep is true": the words tie the field to two
            # fields at once, which an `if` on either alone cannot state.
            joint = [name for name in stated if name in self.unsure]
            for name in stated:
                if joint and name not in self.unsure:
                    self.unsure[name] = (f"the words tie it to `{joint[0]}` as well, which an `if` on "
                                         f"`{name}` alone cannot state")
        for name, (evidence, values) in stated.items():
            discriminator = by_name[name]
            ordered = tuple(v for v in discriminator.values if _within(v, values))
            always = len(ordered) == len(discriminator.values)
            if not ordered or always and name not in self.required:
                continue  # every value, of a discriminator a call may leave out: no condition to state
            default = self._default_of(discriminator)
            # A name that is the value, and words that tie the field to it ("Only used when format
            # is 'csv'" of `csv_delimiter`): a finding, but no words say a call must send it then.
            named_only = _NAMED_ONLY if evidence == _NAME_TIES_IT else ""
            yield ConditionalField(self.member.name, name, ordered, evidence, _within(default, ordered),
                                   self.unsure.get(name, "") or replaceable or named_only, always)

    def _replaceable(self) -> str:
        """Why a call may leave the field out under its condition all the same, or "": it has
        a default the tool uses ("Required when format is 'csv'. Defaults to ','"), or the
        words offer something in its place (another field: "Either due_date or days_until_due
        is required", "or pass contact_id instead"; an alias a sibling's words name)."""
        if _fills(self.member.get("default")) or described_defaults(self.prose) or answers_omission(self.prose):
            return "it has a default, which the tool uses when a call leaves it out"
        if _ONE_OF_REQUIRED.occurs_in(self.prose) or offered_in_place(self.member.name, self.prose, self.stand_ins()):
            return "the words offer another field in its place"
        return ""

    def _stated(self) -> dict[str, tuple[str, list]]:
        """Requirements stated in prose, less the values the same prose exempts."""
        stated: dict[str, tuple[str, list]] = {}
        for clause, where in self.read:
            if clause.kind == REQUIRED:
                self._note(stated, clause, where)
        # Prose about other things is weaker evidence: it may speak of a flag or of a
        # field that its default already fills.
        if not self.member.boolean and not _fills(self.member.get("default")):
            for clause, where in self._mentions():
                self._note(stated, clause, where)
            # The flags first: most fields' prose names none, and then it need not be asked whether it says optional.
            conditioned = self._flag_conditions()
            if conditioned and not self.says_optional:
                for clause, where in conditioned:
                    if clause.discriminator not in stated:
                        self.unsure[clause.discriminator] = "the words say what it is then, not that a call must send it"
                    self._note(stated, clause, where)
        if not stated:
            return stated  # nearly every field: then no exemption need be gathered
        self._let_go(stated)
        exempt = self._values(EXEMPT)
        # "Required when type is 'old' but not when keep is true": let go on another field than
        # the one it is needed on, which an `if` on that one alone cannot state.
        elsewhere = [name for name in exempt if name not in stated]
        for name in stated if elsewhere else ():
            self.unsure.setdefault(name, f"the words let it go on `{elsewhere[0]}` too, which an `if` on `{name}` "
                                         "alone cannot state")
        return {name: (where, [v for v in values if not _within(v, exempt.get(name, ()))])
                for name, (where, values) in stated.items()}

    @staticmethod
    def _beside_requirements(stated: dict[str, tuple[str, list]]) -> dict[str, tuple[str, list]]:
        """`stated` without the flags the prose only conditions the field on where it states a
        requirement too: in "Required when type is MX, unless force is set", `force` is the
        requirement's further condition, said with it; a finding of its own says nothing more."""
        flags = {name for name, (where, _) in stated.items() if where in _FLAG_READINGS}
        if not flags or len(flags) == len(stated):
            return stated
        return {name: read for name, read in stated.items() if name not in flags}

    def _let_go(self, stated: dict) -> None:
        """Why each condition in `stated` is not the whole of it, where the field's prose lets it
        go on one that no reading of a sibling carries ("Not required if a default address is
        configured for the account"): whether the condition was read from its words, its name
        or its format."""
        let_go = unread_exemption(self.prose, self.discriminators) if stated else ""
        for name in stated if let_go else ():
            self.unsure.setdefault(name, f'the words let it be left out on a condition an `if` on `{name}` cannot '
                                         f'state ("{_clipped(let_go)}")')

    def _note(self, stated: dict[str, tuple[str, list]], clause: Clause, where: str) -> None:
        """Add a clause's values to what is stated for its discriminator (the first source
        speaks), and the further condition it sets, if any."""
        _add(stated.setdefault(clause.discriminator, (where, []))[1], clause.values)
        if clause.further and clause.discriminator not in self.unsure:
            self.unsure[clause.discriminator] = (f'the words set a further condition ("{clause.further}") that an `if` '
                                                 f"on `{clause.discriminator}` cannot state")

    def _flag_conditions(self) -> list[tuple[Clause, str]]:
        """The field's own prose conditions it on a flag ("When schedule is true, …"). Prose
        that is empty (most fields have no docstring entry) states nothing: not read. Nor is
        prose whose flag switches the value's unit ("Delay in seconds; milliseconds if
        ms=true"): the flag says how the value is read, not whether a call needs it."""
        sources = ((self.member.description, "its description is conditioned on it"),
                   (self.note, "the tool description conditions it on it"))
        found = [(clause, where, text) for text, where in sources if text
                 for clause in flag_conditions(text, self.discriminators)]
        # Asked only of prose a flag conditions: most fields' has none.
        return [(clause, where) for clause, where, text in found if not offers_other_unit(text)]

    def _mentions(self) -> Iterator[tuple[Clause, str]]:
        """Requirements other prose states for the field by name. Prose that does not hold the
        name (nearly all) is passed over here, as `mentioned_requirements` would, a call less."""
        name = self.member.name
        for discriminator in self.discriminators:
            text = self.spoken[discriminator.name]
            if name in text:
                for clause in mentioned_requirements(text, name, self.discriminators, own=discriminator):
                    yield clause, f"`{discriminator.name}`'s description says so"
        for text, where in ((self.object_description, "the object's description says so"),
                            (self.tool_description, "the tool description says so")):
            if name in text:
                for clause in mentioned_requirements(text, name, self.discriminators):
                    yield clause, where

    def _kept_after_exemption(self) -> dict[str, tuple[str, list]]:
        """"Used for close/select. If omitted for close, …": select still needs it."""
        if not self.clauses:
            return {}
        applies, exempt = self._values(APPLIES), self._values(EXEMPT)
        kept = {}
        for name, values in applies.items():
            let_go = [v for v in values if _within(v, exempt.get(name, ()))]
            if let_go and len(let_go) < len(values):
                kept[name] = ("its description uses it for them and lets it go for the rest",
                              [v for v in values if not _within(v, let_go)])
        return kept

    def _agreeing_weak_signals(self) -> dict[str, tuple[str, list]]:
        member = self.member
        if member.boolean or _fills(member.get("default")):
            return {}
        bound = {c.discriminator for c in self.clauses}
        # Most fields' prose states no clause: then none applies it or exempts it.
        applies, exempt = (self._values(APPLIES), self._values(EXEMPT)) if self.clauses else ({}, {})
        kind = kind_of(member.name, member.get("format"))
        name_words = set(words(member.name))
        found: dict[str, tuple[str, list]] = {}
        for discriminator in self.discriminators:
            if discriminator.boolean or (bound and discriminator.name not in bound):
                continue
            if kind not in _ADDRESS_VALUES and not _may_share_a_word(discriminator.values, name_words):
                continue  # no value can be in the name (`_names_value`): the usual field, asked once for all values
            for value in discriminator.values:
                # The signals first: most values have none, and then nothing else is asked.
                if not isinstance(value, str):
                    continue
                if (kind in _ADDRESS_VALUES and value.lower() in _ADDRESS_VALUES[kind] and self._sole(kind)
                        and not self._secondary_address):
                    evidence = f"its {_kind_source(member)} is that value"
                elif _names_value(name_words, value) and (
                        _within(value, applies.get(discriminator.name, ())) or _prose_names(self.prose, value)):
                    evidence = _NAME_TIES_IT
                else:
                    continue
                # A guess that would reject the call leaving out both fields is too bold.
                if _within(value, exempt.get(discriminator.name, ())) or _same(value, self._default_of(discriminator)):
                    continue
                found.setdefault(discriminator.name, (evidence, []))[1].append(value)
        # Asked last: most fields have no signal, and then their prose need not be read for it.
        return {} if found and self.says_optional else found

    def _default_of(self, discriminator: Discriminator) -> Any:
        name = discriminator.name
        if name not in self.defaults:
            self.defaults[name] = _default(self.members[name], self.notes.get(name, ""), discriminator)
        return self.defaults[name]

    @cached_property
    def _secondary_address(self) -> bool:
        """The field is a copy, sender or spare address (`cc`, "Extra address to copy"), not
        the one the value's channel delivers to."""
        return (not _SECONDARY_ADDRESS_WORDS.isdisjoint(words(self.member.name))
                or _SECONDARY_ADDRESS_PROSE.occurs_in(self.prose))

    def _sole(self, kind: str) -> bool:
        """No other field of the object holds the same kind of address."""
        return not any(kind_of(m.name, m.get("format")) == kind for m in self.members.values() if m is not self.member)

    def _values(self, kind: str) -> dict[str, list]:
        values: dict[str, list] = {}
        for clause in self.clauses:
            if clause.kind == kind:
                _add(values.setdefault(clause.discriminator, []), clause.values)
        return values


def _clipped(text: str, most: int = 80) -> str:
    """`text` as a message quotes it: its first `most` characters."""
    return text if len(text) <= most else text[:most - 1] + "…"


def _add(bucket: list, values: Sequence) -> None:
    """Append the values not yet in `bucket`, where `true` is not `1`.

    Strings alone (nearly every enum) are told apart by a set, in one pass: a long enum
    compared value by value costs its length squared."""
    if all(type(v) is str for v in values) and all(type(b) is str for b in bucket):
        seen = set(bucket)
        for value in values:
            if value not in seen:
                seen.add(value)
                bucket.append(value)
        return
    for value in values:
        if not any(_same(value, b) for b in bucket):
            bucket.append(value)


def _same(left: Any, right: Any) -> bool:
    return type(left) is type(right) and left == right


def _within(value: Any, values: Sequence) -> bool:
    """Membership where `true` is not `1`."""
    return any(_same(value, v) for v in values)


def _discriminator(member: _Sibling) -> Discriminator | None:
    """The values a property takes, when they are few and named: an enum, or a boolean."""
    values: list = []
    for schema in member.alternatives:
        enum = schema.get("enum")
        if isinstance(enum, list):
            _add(values, [v for v in enum if v is not None])
        if schema.get("const") is not None:
            _add(values, [schema["const"]])
    if not values and member.boolean:
        return Discriminator(member.name, (True, False), boolean=True)
    if len(values) >= 2 and all(isinstance(v, (str, int, float, bool)) for v in values):
        return Discriminator(member.name, tuple(values))
    return None


def may_discriminate(schema: Any) -> bool:
    """Whether a property with this schema can be a discriminator, told from the schema alone.

    Most objects have none (no enum, no boolean; a `const` alone is one value, no choice),
    and then their fields need not be read at all. This asks only the property's own
    keywords, where `_discriminator` reads all `conditional_objects`' `schemas_of` gives:
    its branches and what its references lead to. A schema with either may lead to one.
    """
    if not isinstance(schema, dict):
        return False  # `schemas_of` gives no schema of it: it has no value to read
    return "enum" in schema or _declares_boolean(schema.get("type")) or not _BRANCHING.isdisjoint(schema)


def _may_discriminate_node(node: SchemaNode) -> bool:
    """`may_discriminate` of a walked node's schema, its boolean told from the types the walk
    already read (asked of every property of every tool)."""
    schema = node.schema
    return isinstance(schema, dict) and ("enum" in schema or "boolean" in node.types
                                         or not _BRANCHING.isdisjoint(schema))


def _alternatives(schemas: tuple[dict, ...]) -> tuple[dict, ...]:
    """A property's schemas and the branches of their `anyOf`/`oneOf` (pydantic writes
    `anyOf: [{enum}, {type: null}]`)."""
    if len(schemas) == 1 and _UNIONS.isdisjoint(schemas[0]):
        return schemas  # the usual property: one schema, no branch
    found = []
    for schema in schemas:
        found.append(schema)
        for keyword in ("anyOf", "oneOf"):
            branches = schema.get(keyword)
            if isinstance(branches, list):
                found.extend(b for b in branches if isinstance(b, dict))
    return tuple(found)


def _default(member: _Sibling, note: str, discriminator: Discriminator) -> Any:
    """The discriminator's default: its schema's, else the one its prose states."""
    default = member.get("default")
    if default is not None:
        return default
    for match in _DEFAULT_PROSE.finditer(" ".join((member.description, note))):
        found, value = discriminator.match(match["value"] or match["marked"], quoted=True)
        if found:
            return value
    return _NO_DEFAULT


_NAME_TIES_IT = "its name is that value and its description ties it to it"
# Where `_flag_conditions` read a condition: the prose says what the field is then.
_FLAG_READINGS = frozenset({"its description is conditioned on it", "the tool description conditions it on it"})
_NAMED_ONLY = "its name and its words tie it to the value, but none says a call must send it then"
# Fields given as alternatives of one requirement: "One of unit_amount, unit_amount_decimal or
# custom_unit_amount is required", "Either due_date or days_until_due is required".
_ONE_OF_REQUIRED = CaselessWords(r"\b(?:one of|either)\b[^.;]{1,120}?\b(?:is|are) (?:required|needed|mandatory)\b")


def _fills(default: Any) -> bool:
    """Whether a default stands in for the field: `null`, `""` and empty containers fill nothing."""
    return default not in (None, "", [], {})


def _optional(member: _Sibling, required: frozenset[str], nullable_is_optional: bool) -> bool:
    if member.name not in required:
        return True
    return nullable_is_optional and _accepts_null(member)


def _accepts_null(member: _Sibling) -> bool:
    for schema in member.alternatives:
        declared = schema.get("type")
        if declared == "null" or (isinstance(declared, list) and "null" in declared) or schema.get("nullable") is True:
            return True
    return False


def _already_conditional(schema: Any) -> set[str]:
    """Names that a conditional keyword of the object already speaks of."""
    names: set[str] = set()
    if not isinstance(schema, dict):
        return names
    for keyword in _DEPENDENCY_KEYWORDS:
        table = schema.get(keyword)
        if isinstance(table, dict):
            for key, value in table.items():
                names.add(key)
                if isinstance(value, list):
                    names.update(v for v in value if isinstance(v, str))
                names |= _named_in(value)
    for keyword in _CONDITIONAL_KEYWORDS:
        value = schema.get(keyword)
        if value is None:
            continue  # nearly every keyword of nearly every object: no branch to read
        for branch in value if isinstance(value, list) else [value]:
            names |= _named_in(branch)
    return names


def _named_in(schema: Any) -> set[str]:
    """Property names a conditional branch requires or constrains, at any depth of
    combinators (not inside nested objects' properties)."""
    names: set[str] = set()
    pending = [schema]
    while pending:
        current = pending.pop()
        if not isinstance(current, dict):
            continue
        required = current.get("required")
        if isinstance(required, list):
            names.update(r for r in required if isinstance(r, str))
        properties = current.get("properties")
        if isinstance(properties, dict):
            names.update(properties)
        for keyword in _CONDITIONAL_KEYWORDS:
            value = current.get(keyword)
            pending.extend(value if isinstance(value, list) else [value])
    return names


def _names_value(field_words: set[str], value: str) -> bool:
    """The field's name (its `words`) contains the value as words: `insert_values` and `INSERT`.

    The name's words come in worked out once, and the value's are cached: this is asked
    for every value of every discriminator next to each optional field.
    """
    value_words = _value_words(value)
    return bool(value_words) and value_words <= field_words


def _may_share_a_word(values: tuple, name_words: set[str]) -> bool:
    """Whether a value may lend a field's name one of its words (`_words_of_values`). A word
    of a value is a piece of its ASCII letters or digits, lowered: each name word is first
    looked for in the values' lowered text, at C speed, and most are in none, so the words of
    a long enum are rarely split out."""
    text = _lowered_text(values)
    for word in name_words:  # a loop, not `any`: asked of each field and discriminator, and it costs a generator
        if word in text:
            return not _words_of_values(values).isdisjoint(name_words)
    return False


@lru_cache(maxsize=1024)
def _lowered_text(values: tuple) -> str:
    """The string values, lowered, apart: a value equal to another of another type (1, True)
    is no string, so the values' equality that the cache keys on gives the same text."""
    return "\x00".join([value for value in values if isinstance(value, str)]).lower()


@lru_cache(maxsize=1024)
def _words_of_values(values: tuple) -> frozenset[str]:
    """Every word that `_names_value` may find of one of `values` in a field's name."""
    return frozenset().union(*(_value_words(value) for value in values if isinstance(value, str)))


@lru_cache(maxsize=4096)
def _value_words(value: str) -> frozenset[str]:
    """The words of a value that a field's name may contain; none for a short or everyday value."""
    if len(value) < 3 or value.lower() in COMMON_WORDS:
        return frozenset()
    return frozenset(words(value))


def _prose_names(prose: str, value: str) -> bool:
    """The prose names the value as a value: quoted, or as an upper-case constant ("the
    values of an INSERT"). A plain word is no evidence, since a field named after the
    value uses that word anyway (`imgDominantColor`: "images with a dominant color")."""
    quoted = re.search(r"[`'\"]" + re.escape(value) + r"[`'\"]", prose, re.I)
    constant = len(value) >= 3 and value.isupper() and re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", prose)
    return bool(quoted or constant)


def _kind_source(member: _Sibling) -> str:
    return "format" if isinstance(member.get("format"), str) else "name"


def conditional_objects(ctx: ToolContext) -> Iterator[tuple[SchemaNode, list[tuple[SchemaNode, ConditionalField]]]]:
    """Each object of a tool with conditional fields, and those fields with their property nodes:
    SL102's analysis, and what `fuzz` drops to show its point."""
    def schemas_of(member: SchemaNode) -> list[dict]:
        """A property's schema, its `anyOf`/`oneOf` branches, and where their `$ref`s lead."""
        if isinstance(member.schema, dict) and _BRANCHING.isdisjoint(member.schema):
            return [member.schema]  # the usual property: no branch, no reference
        branches = [c for c in ctx.children(member) if c.keyword in ("anyOf", "oneOf")]
        found = [s.schema for s in (member, *branches)]
        for source in (member, *branches):
            found.extend(target.schema for target in ctx.refs.targets(source))
        return [schema for schema in found if isinstance(schema, dict)]

    # The objects a property of which may discriminate: one pass over the tool's properties,
    # where most objects (and most tools) have none and were each gathered, field by field.
    candidates = {id(member.parent) for member in ctx.properties() if _may_discriminate_node(member)}
    if not candidates:
        return
    description = ctx.tool.definition.get("description")
    for node in ctx.objects():
        if id(node) not in candidates or node.keyword == "not":
            continue
        members = {c.name: c for c in ctx.children(node) if c.is_property and c.name is not None}
        found = conditional_fields(node, members, schemas_of, description if isinstance(description, str) else "",
                                   nullable_is_optional=ctx.optional_as_nullable)
        if found:
            yield node, [(members[field.field], field) for field in found]
