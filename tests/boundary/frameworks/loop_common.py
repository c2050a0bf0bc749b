"""What every framework's loop script does: the calls the bare framework runs still run behind
the adapter, a near miss is repaired, and a scripted model follows an envelope to a call that runs.

Each script runs in a virtual environment of its own framework and prints one JSON object.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, StrictBool, StrictInt

RECEIVED: list[dict] = []


def search(query: str, limit: int = 10, exact: bool = False, tags: list[str] | None = None) -> str:
    """Search the documents for a query."""
    RECEIVED.append({"query": query, "limit": limit, "exact": exact, "tags": tags})
    return f"found {limit} pages"


CANDIDATES: list[dict] = [
    {"query": "q"}, {"query": "q", "limit": 5}, {"query": "q", "limit": "5"}, {"query": "q", "limit": " 7 "},
    {"query": "q", "limit": 5.0}, {"query": "q", "limit": "5.0"}, {"query": "q", "limit": "1_000"},
    {"query": "q", "limit": True}, {"query": "q", "exact": "yes"}, {"query": "q", "exact": "False"},
    {"query": "q", "exact": 1}, {"query": "q", "exact": "off"}, {"query": "q", "tags": ["a", "b"]},
    {"query": "q", "tags": None}, {"query": "q", "tags": '["a", "b"]'}, {"query": "q", "limit": "5.5"},
    {"query": "q", "limit": "five"}, {"query": 5}, {},
]
"""Calls a model sends; the bare framework runs some of them (which ones depends on the framework)."""



def schedule(at: datetime, on: date | None = None, user: Annotated[str, Field(pattern=r"^\w+$")] = "x",
             note_id: Annotated[str, Field(pattern=r"^n_\d+$")] = "n_1") -> str:
    """Schedule a meeting."""
    RECEIVED.append({"at": at.isoformat(), "on": on and on.isoformat(), "user": user, "note_id": note_id})
    return "scheduled"


DATED = [
    {"at": "2024-05-01T09:00:00"}, {"at": "2024-05-01"}, {"at": "2024-05-01 10:00"}, {"at": 1714557600},
    {"at": "2024-05-01T09:00:00Z", "on": "2024-05-01T00:00:00"}, {"at": "2024-05-01T09:00:00Z", "on": 1714521600},
    {"at": "2024-05-01T09:00:00Z", "user": "jürgen"}, {"at": "2024-05-01T09:00:00Z", "note_id": "n_١٢"},
    {"at": "2024-05-01T09:00:00Z"}, {"at": "tomorrow"}, {"at": "2024-05-01T09:00:00Z", "note_id": "x"},
]
"""Dates, times and patterns: the first eight run on pydantic but fail RFC 3339 or an ECMA ``\\w``/``\\d``,
the ninth runs everywhere, the last two nowhere."""

class Spec(BaseModel):
    model_config = ConfigDict(strict=True)
    qty: int = 1


def deploy(confirm: StrictBool, note: str | None, replicas: StrictInt = 1, tier: Literal[1, 2, 3] = 1,
           ratio: Annotated[float, Field(strict=True)] = 0.5, live: Literal[True] = True, spec: Spec | None = None,
           count: int = 1, dry_run: bool = False) -> str:
    """Deploy the service: the author chose strict types so that only a JSON `true` confirms."""
    RECEIVED.append({"confirm": confirm, "note": note, "replicas": replicas, "tier": tier, "ratio": ratio,
                     "live": live, "spec": spec and spec.qty, "count": count, "dry_run": dry_run})
    return "deployed"


STRICT = [
    {"confirm": "yes", "note": None}, {"confirm": 1, "note": None}, {"confirm": "true", "note": None},
    {"confirm": True, "note": None, "replicas": "3"}, {"confirm": True, "note": None, "replicas": 3.0},
    {"confirm": True, "note": None, "tier": "2"}, {"confirm": True, "note": None, "ratio": "0.5"},
    {"confirm": True, "note": None, "live": "true"}, {"confirm": True, "note": None, "live": 1},
    {"confirm": True, "note": None, "spec": {"qty": "2"}}, {"confirm": True},
    {"confirm": True, "note": None, "count": "3"}, {"confirm": True, "note": None, "dry_run": "yes"},
    {"confirm": True, "note": None, "count": "3", "replicas": "3"}, {"confirm": True, "note": None},
]
"""Calls to ``deploy``: the strict fields refuse text and numbers for their type, and ``note`` (no default,
though it takes ``None``) must be sent; the lax fields (``count``, ``dry_run``) read them, and pydantic takes
``1`` as equal to ``Literal[True]``. Behind the adapter exactly the calls the bare framework runs may run."""

class Recipient(BaseModel):
    """A model written for a camelCase API: the schema names `emailAddress` and `display_name` only."""

    model_config = ConfigDict(populate_by_name=True)
    email_address: str = Field(alias="emailAddress")
    display_name: str | None = Field(None, validation_alias=AliasChoices("display_name", "displayName"))


class StrictRecipient(Recipient):
    model_config = ConfigDict(populate_by_name=True, extra="forbid")


def invite(recipient: Recipient, cc: StrictRecipient | None = None, tags: list[str] | None = None) -> str:
    """Send an invite: what it was sent, as a model dumped for a partial update sees it (members set only)."""
    RECEIVED.append({"recipient": recipient.model_dump(exclude_unset=True),
                     "cc": cc and cc.model_dump(exclude_unset=True), "tags": tags})
    return "sent"


ALIASED = [
    {"recipient": {"emailAddress": "a@x.org"}}, {"recipient": {"email_address": "a@x.org"}},
    {"recipient": {"emailAddress": "a@x.org", "displayName": "Ana"}},
    {"recipient": {"emailAddress": "a@x.org", "display_name": "Ana"}},
    {"recipient": {"email_address": "a@x.org", "displayName": "Ana"}, "cc": {"emailAddress": "b@x.org",
                                                                             "displayName": "Bo"}},
    {"recipient": {"emailAddress": "a@x.org", "displayName": "Ana", "limit": "5"},
     "cc": {"email_address": "b@x.org", "display_name": "Bo"}},
    {"recipient": {"displayName": "Ana"}}, {"cc": {"emailAddress": "b@x.org"}},
    {"recipient": {"emailAddress": "a@x.org"}, "cc": {"emailAddress": "b@x.org", "nick": "Bo"}},
]
"""Calls to ``invite`` under the names pydantic reads besides the schema's (a field's name under
``populate_by_name``, every ``AliasChoices``), the last three refused (no e-mail address, no recipient,
a member ``extra="forbid"`` refuses): behind the adapter exactly the first six run, each with what
the bare framework gives the tool."""

NEAR_MISS = {"query": "q", "tags": "a"}
BROKEN = {"limit": 3, "tags": ["a"]}

Runner = Callable[[dict], "tuple[dict | None, str | None]"]
"""Runs one call: (what the tool received, or None) and the error text the model would read, if any."""


def compare(bare: Runner, guarded: Runner, candidates: list[dict] = CANDIDATES) -> dict[str, Any]:
    """Every candidate through both; the ones the bare framework ran must run the same behind the adapter."""
    ran, differ, looser = [], [], []
    for call in candidates:
        received, _ = bare(call)
        behind, error = guarded(call)
        if received is None:
            if behind is not None:
                looser.append({"call": call, "guarded": behind})
            continue
        ran.append(call)
        if behind != received:
            differ.append({"call": call, "bare": received, "guarded": behind, "error": error})
    return {"ran_bare": len(ran), "differ": differ, "looser": looser}


def model_loop(guarded: Runner, first: dict) -> dict[str, Any]:
    """A scripted model: it sends ``first``, reads the envelope, adds each missing field it names and
    resubmits, up to three times."""
    call, seen = dict(first), []
    for _ in range(3):
        received, error = guarded(call)
        if received is not None:
            return {"ran": received, "attempts": len(seen) + 1, "errors": seen}
        envelope = json.loads(error)
        seen.append(envelope)
        call = apply(call, envelope)
    return {"ran": None, "attempts": len(seen), "errors": seen}


def apply(call: dict, envelope: dict) -> dict:
    fixed = dict(call)
    for error in envelope["error"]["errors"]:
        name = error["path"].removeprefix("$.")
        if error["reason"] == "required":
            fixed[name] = "q" if name == "query" else None
    return fixed


LOW_LEVEL_SCHEMA = {"type": "object", "properties": {"query": {"type": "string"}, "limit": {"type": "integer"},
                                                   "tags": {"type": "array", "items": {"type": "string"}}},
                    "required": ["query"], "additionalProperties": False}
"""A low-level server's tool: its handler takes the arguments as they come, so a call is correct when it
matches the schema (which the handler checks itself, as a careful one does)."""


def low_level_handler(arguments: dict) -> str | None:
    """The tool behind a low-level server: records a call that matches its schema; else the error text."""
    import jsonschema

    errors = [e.message for e in jsonschema.Draft202012Validator(LOW_LEVEL_SCHEMA).iter_errors(arguments)]
    if errors:
        return json.dumps(errors)
    RECEIVED.append(dict(arguments))
    return None


def scenario(runner: Callable[[bool], Runner]) -> dict[str, Any]:
    """The three checks for one way of serving the tool; ``runner(guarded)`` builds it bare or guarded."""
    guarded = runner(True)
    return {**compare(runner(False), guarded), "near_miss": guarded(NEAR_MISS)[0], "loop": model_loop(guarded, BROKEN)}


def dated(runner: Callable[[bool], Runner]) -> dict[str, Any]:
    """:data:`DATED` through ``schedule`` served bare and guarded (``runner(guarded)``)."""
    return compare(runner(False), runner(True), DATED)


def strict(runner: Callable[[bool], Runner]) -> dict[str, Any]:
    """:data:`STRICT` through ``deploy`` served bare and guarded (``runner(guarded)``)."""
    return compare(runner(False), runner(True), STRICT)


def aliased(runner: Callable[[bool], Runner]) -> dict[str, Any]:
    """:data:`ALIASED` through ``invite`` served bare and guarded (``runner(guarded)``), and a call the
    framework refuses only for a lone tag, which the boundary wraps: the name it gave under an alias is
    what the tool gets, not a default written over it."""
    wrapped = {"recipient": {"emailAddress": "a@x.org", "displayName": "Ana"}, "tags": "a"}
    return {**compare(runner(False), runner(True), ALIASED), "wrapped": runner(True)(wrapped)[0]}


def answer(is_error: bool, text: str) -> tuple[dict | None, str | None]:
    """What the tool received, for a call that ran; else the error text the model reads."""
    return (None, text) if is_error or not RECEIVED else (RECEIVED[-1], None)


def report(result: dict[str, Any]) -> None:
    print(json.dumps(result, default=repr))
