"""Where the framework's own validation refuses a call, so its leniency is read per field, not assumed.

A framework's pydantic model is lax or strict field by field (``StrictBool``,
``Field(strict=True)``, a model with ``ConfigDict(strict=True)``, a ``Literal``, a field
without a default that a strict schema lists as required just like one with a default),
and none of that is in the JSON Schema it shows the model. So an adapter that can reach
the model hands its boundary a *judge*: a function that validates a call as the framework
will, with the framework's own validator, and returns the locations of its errors. The
boundary then makes a framework repair (``lax-number``, ``lax-boolean``, ``json-string``,
``absent-default``) only at a location the judge does not refuse: a ``"yes"`` for a
``StrictBool`` stays an error, as it is without the boundary. A call the judge refuses
nowhere is one the framework runs as sent, whatever its schema says (a member sent under a
pydantic alias the schema does not name, a field's own name under ``populate_by_name``):
the boundary hands it on as sent rather than refuse it or repair it into something else.
The judge only runs for a call the schema rejects, so a valid call costs nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

Location = tuple  # instance path steps from the root: keys and indices
Judge = Callable[[Any], "Iterable[Location]"]
"""A call as sent → the locations where the framework's own validation refuses it (none: it runs)."""


def pydantic_judge(validate: Callable[[Any], Any]) -> Judge:
    """A judge from a function that validates a call's arguments the way the framework does, without
    running the tool, raising pydantic's ``ValidationError``; any other exception it raises refuses
    the whole call (a validator the boundary cannot read is not taken as consent)."""
    from pydantic import ValidationError

    def judge(arguments: Any) -> list[Location]:
        try:
            validate(arguments)
        except ValidationError as error:
            return [tuple(item["loc"]) for item in error.errors(include_url=False, include_input=False)]
        except Exception:  # noqa: BLE001 - the framework would raise it too: no repair of its own is made
            return [()]
        return []

    return judge


def refuse_all(arguments: Any) -> list[Location]:
    """The judge of a tool whose validator the adapter cannot reach: no framework repair is made,
    only what the boundary's policy and the JSON Schema allow."""
    return [()]


def arguments_validator(adapter: Any) -> Callable[[Any], Any] | None:
    """The argument validation of a function's pydantic ``TypeAdapter``, without calling the function
    (its ``call`` schema's ``arguments_schema``, with the definitions it refers to); ``None`` for an
    adapter of anything else."""
    from pydantic_core import SchemaValidator

    core = adapter.core_schema
    definitions = None
    if core.get("type") == "definitions":
        definitions, core = core["definitions"], core["schema"]
    if core.get("type") != "call":
        return None
    arguments = core["arguments_schema"]
    if definitions is not None:
        arguments = {"type": "definitions", "schema": arguments, "definitions": definitions}
    return SchemaValidator(arguments).validate_python


def lenient_at(refused: Iterable[Location], arguments: Any) -> Callable[[Location], bool]:
    """Whether the framework takes the value at a location as it was sent, given the locations its
    own validation ``refused`` in ``arguments`` (a judge's answer): no refused location is that one,
    inside it or around it."""
    found = [_in_call(location, arguments) for location in refused]
    return lambda at: not any(_overlap(at, location) for location in found)


def _in_call(location: Sequence[Any], arguments: Any) -> Location:
    """A pydantic error location as the call's own path: steps that name no member or element of the
    value reached (a union branch's tag, ``'int'`` or a model's name) are left out, except a last
    step that names a member the call left out (a ``missing`` field)."""
    value, steps = arguments, []
    for index, step in enumerate(location):
        if isinstance(value, dict):
            if step in value:
                value = value[step]
                steps.append(step)
            elif index == len(location) - 1:
                steps.append(step)
        elif isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
            value = value[step]
            steps.append(step)
        else:
            break
    return tuple(steps)


def _overlap(at: Location, refused: Location) -> bool:
    shorter = min(len(at), len(refused))
    return at[:shorter] == refused[:shorter]
