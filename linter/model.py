"""The values that flow from sources through rules to reporters.

Kept free of behaviour so every layer (sources, lint, fixes, reports) can share
them without importing each other.

May import: nothing of schema_lint.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar, overload

if TYPE_CHECKING:
    from dataclasses import Field


_T = TypeVar("_T")


class cached_attribute(Generic[_T]):
    """`functools.cached_property` without its lock: computed on first read, then an
    instance attribute like any other (later reads never call this).

    Python 3.11's `cached_property` takes a lock around every first read, which costs about
    as much as the read itself; every tool's context reads several (its walk, its index,
    the index's keywords), thousands in a run. Two threads reading one object's attribute
    for the first time at once may both compute it (as Python 3.12's `cached_property`
    does): it must be a pure function of the object."""

    def __init__(self, compute: Callable[[Any], _T]) -> None:
        self._compute = compute
        self._name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_attribute[_T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> _T | cached_attribute[_T]:
        if instance is None:
            return self
        value = instance.__dict__[self._name] = self._compute(instance)
        return value


class Severity(enum.IntEnum):
    """Ordered so that `--fail-on warning` means "warning or worse"."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown severity {text!r} (expected info, warning or error)") from None


class SideEffects(str, enum.Enum):
    """What calling a tool does to the world; strict severities follow it."""

    READ = "read"
    WRITE = "write"
    DESTRUCTIVE = "destructive"

    def __str__(self) -> str:
        return self.value


class Span(NamedTuple):
    """1-based line and column (in characters) of a node; the end is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


class Operation(NamedTuple):
    """One JSON-Patch-like change to the parsed document, addressed by JSON pointer.

    `op` is "add" (also sets an existing member), "replace" or "remove".
    """

    op: str
    path: str
    value: Any = None


class FixSafety(str, enum.Enum):
    """`safe` fixes accept and reject exactly the same calls; `unsafe` ones tighten, on
    evidence; a `suggestion` tightens right in kind, with a value only a person can choose,
    so it is shown for review and never applied, whatever the flags or the configuration."""

    SAFE = "safe"
    UNSAFE = "unsafe"
    SUGGESTION = "suggestion"

    def __str__(self) -> str:
        return self.value


class Evidence(NamedTuple):
    """Where a fix's value comes from: `kind` is one of the EVIDENCE_* names below, and
    `detail` what it is (the quoted phrase, the calls' count and extreme, the setting)."""

    kind: str
    detail: str = ""


EVIDENCE_WORDS = "schema-words"        # the description's own words; detail: the phrase
EVIDENCE_CALLS = "recorded-calls"      # --calls; detail: how many and their extreme
EVIDENCE_CONFIG = "configuration"      # a setting; detail: its key
EVIDENCE_NAME = "field-name"           # the field's name alone; detail: the name
EVIDENCE_NONE = "none"                 # a suggestion: nothing states the value


class Fix(NamedTuple):
    description: str
    safety: FixSafety
    operations: tuple[Operation, ...]
    evidence: Evidence | None = None


class Withheld(NamedTuple):
    """Why a finding offers no fix although its rule proposed one: the gate that refused it
    (see `schema_lint.gate`) and the reason, as the end of the finding's message says it."""

    gate: str
    reason: str


class Options:
    """Settings a command gives a run, immutable: each field a class attribute holding its
    default, and an instance built from keyword arguments naming some of them.

    For the records built once a run, where defining a NamedTuple or a dataclass would cost
    more than using it: both compile their methods from source as their module loads (half
    a millisecond for thirty fields), and a one-file run pays that before it reads a byte.
    """

    def __init__(self, **given: Any) -> None:
        unknown = set(given) - set(self.fields())
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        object.__setattr__(self, "__dict__", {**self.fields(), **given})

    @classmethod
    def fields(cls) -> dict[str, Any]:
        """Each field and its default, in the order the classes declare them."""
        return {name: value for klass in reversed(cls.__mro__) for name, value in vars(klass).items()
                if not name.startswith("_") and not callable(value) and not isinstance(value, (property, classmethod))}

    def replace(self, **changes: Any) -> Options:
        return type(self)(**{**self.__dict__, **changes})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} cannot be changed: make another with replace()")

    def __eq__(self, other: object) -> bool:
        return other.__class__ is self.__class__ and other.__dict__ == self.__dict__

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{name}={value!r}' for name, value in self.__dict__.items())})"


class FieldwiseRecord:
    """`==` and `repr` over a dataclass's fields, as `@dataclass` writes them, for the
    dataclasses every run builds, declared `@dataclass(eq=False, repr=False)`.

    `@dataclass` compiles both methods from source for each class whenever its module
    loads: half of what defining such a class costs a run (about 0.7 ms of 1.3 ms for a
    record of a dozen fields here), for methods only tests and rule packs call.
    """

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]  # mutable and compared by value, as with `@dataclass`'s own `==`
    if TYPE_CHECKING:  # what `fields` asks of its argument: every subclass is a dataclass
        __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _compared(self) == _compared(other)

    def __repr__(self) -> str:
        shown = ", ".join(f"{item.name}={getattr(self, item.name)!r}" for item in fields(self) if item.repr)
        return f"{self.__class__.__qualname__}({shown})"


def _compared(record: FieldwiseRecord) -> tuple:
    return tuple(getattr(record, item.name) for item in fields(record) if item.compare)


class SetOnce(FieldwiseRecord):
    """A FieldwiseRecord whose fields, once `__init__` has set them, cannot be changed.

    What `@dataclass(frozen=True)` promises, without its cost: a frozen dataclass compiles
    two more methods from source as its module loads (0.4 ms of every start-up). Changed
    copies are made with `dataclasses.replace`, as for any dataclass.
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        # Called for each field as `__init__` sets it. A field is a plain class attribute at
        # most (its default), never a descriptor, so it is set in the instance's dict itself:
        # through `object.__setattr__` a record of ten fields took 60% longer to build.
        fields = self.__dict__
        if name in fields or name not in self.__dataclass_fields__:
            raise FrozenInstanceError(f"cannot assign to {name!r}: make a changed copy with dataclasses.replace")
        fields[name] = value

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


@dataclass(eq=False, repr=False)
class Tool(SetOnce):
    """One tool found in a document.

    `pointer` addresses the tool object in the document, `schema_pointer` its
    argument schema; both are JSON pointers ("" is the document root).
    """

    name: str
    schema: Any
    pointer: str
    schema_pointer: str
    format: str
    side_effects: SideEffects = SideEffects.WRITE
    definition: dict = field(default_factory=dict)
    strict: bool = False
    # The `uid` of the dataset record that holds the tool, which recorded calls may cite
    # (`tool_uid`) where names repeat across records.
    uid: str | None = None
    # Which of the tool's schemas `schema` is: its "arguments", or the "results" an MCP
    # tool declares (`outputSchema`), linted by the rules that apply to results.
    part: str = "arguments"

    def with_side_effects(self, side_effects: SideEffects) -> Tool:
        """This tool, classed as `side_effects` (as the linter classes every tool it lints): a
        copy of its fields, without running `__init__` and its guard again for each."""
        if side_effects is self.side_effects:
            return self
        copy = object.__new__(Tool)
        object.__setattr__(copy, "__dict__", {**self.__dict__, "side_effects": side_effects})
        return copy


class Diagnostic(NamedTuple):
    """One finding, as reports show it: the rule, where, what, and the fix if any.

    Immutable, as every record the stages pass on: a stage that changes a finding (the fix
    gate withholding its fix, the fix layer noting why a fix failed) makes a new one with
    `_replace`, so no stage sees another's change behind its back. A NamedTuple, which costs
    what a mutable dataclass costs to build (a run builds hundreds of thousands), where a
    frozen dataclass costs four times as much."""

    code: str
    name: str
    severity: Severity
    message: str
    path: str
    pointer: str
    tool: str | None = None
    fix: Fix | None = None
    span: Span | None = None
    # Findings about a property *name* (not its schema) point at the key.
    at_key: bool = False
    # Why the fix could not be applied, when the fix layer tried and failed, or from the lint
    # on, in a file whose text is not edited (see `fixes.editable`).
    fix_note: str | None = None
    # On a tool that is in no file (served by a running MCP server, or built from a Python
    # object): `path` is `mcp:<server>/<tool>` or `python:<module>:<attr>/<tool>` and
    # `pointer` is inside that tool; there is no line or text edit.
    live: bool = False
    # `file:line` of the Python definition (function, model) such a tool was generated from.
    source: str | None = None
    # Codes of findings at this node that this one replaces (see `lint.supersession`).
    supersedes: tuple[str, ...] = ()
    # Set by the fix gate when it withheld the fix a rule proposed.
    withheld: Withheld | None = None

    def __eq__(self, other: object) -> bool:
        """Equal to a finding of the same values, never to a plain tuple (or any other record)
        that holds them: value semantics, as the dataclass it was. Unhashable, as that was.
        (Python asks a subclass first, so `tuple == finding` is answered here too.)"""
        return other.__class__ is self.__class__ and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    @property
    def sort_key(self) -> tuple:
        """By file and place, then code: a generated tool's findings (no span) by the place
        of the Python code each was generated from, as a file's are by theirs."""
        span = self.span
        if span is None:
            return (self.path, *_source_place(self.source), self.code, self.pointer)
        return (self.path, span.line, span.column, self.code, self.pointer)


def _source_place(source: str | None) -> tuple[int, int]:
    """Line and column of a `file:line` or `file:line:col` source; (0, 0) without one."""
    place = source_place(source)
    return (0, 0) if place is None else (place[1], place[2] or 0)


def source_place(source: str | None) -> tuple[str, int, int | None] | None:
    """File, line and column (when given) of a `file:line` or `file:line:col` source (the file
    may hold colons: a Windows drive); None for none."""
    if not source:
        return None
    parts = source.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return parts[0], int(parts[1]), int(parts[2])
    file, _, line = source.rpartition(":")
    return (file, int(line), None) if line.isdigit() else None


# Set here, not in the class: mypy reads every assignment in a NamedTuple's body as a field.
Diagnostic.__hash__ = None  # type: ignore[assignment]


def diagnostic_row(d: Diagnostic) -> tuple:
    """A Diagnostic as plain data, for a worker process or the cache: pickling or
    serializing dataclasses and enums costs ten times more. Every field is carried; the
    four that nearly every finding leaves at their defaults only when one is not."""
    fix = None if d.fix is None else (d.fix.description, d.fix.safety.value,
                                      tuple((o.op, o.path, o.value) for o in d.fix.operations),
                                      d.fix.evidence and tuple(d.fix.evidence))
    span = d.span and (d.span.line, d.span.column, d.span.end_line, d.span.end_column)
    row: tuple = (d.code, d.name, int(d.severity), d.message, d.path, d.pointer, d.tool, fix, span, d.at_key, d.fix_note)
    if d.live or d.source is not None or d.supersedes or d.withheld is not None:
        row += (d.live, d.source, tuple(d.supersedes), d.withheld and (d.withheld.gate, d.withheld.reason))
    return row


# Calling an enum to look a member up costs more than building the rest of a Diagnostic.
_SEVERITIES = {int(severity): severity for severity in Severity}
_SAFETIES = {safety.value: safety for safety in FixSafety}
_DEFAULT_TAIL = (False, None, (), None)


def diagnostic_from_row(row: tuple | list) -> Diagnostic:
    code, name, severity, message, path, pointer, tool, fix, span, at_key, fix_note = row[:11]
    live, source, supersedes, withheld = row[11:] or _DEFAULT_TAIL
    return Diagnostic(
        code, name, _SEVERITIES[severity], message, path, pointer, tool,
        fix and Fix(fix[0], _SAFETIES[fix[1]], tuple(Operation(*o) for o in fix[2]), fix[3] and Evidence(*fix[3])),
        span and Span(*span), at_key, fix_note, live, source, tuple(supersedes), withheld and Withheld(*withheld),
    )
