"""What the boundary decided about one call."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Literal

from .canonicalize import Repair

Status = Literal["valid", "canonicalized", "rejected"]


@dataclass(slots=True)
class Outcome:
    """One checked call.

    ``status`` is what enforcement decides: ``valid`` (as sent: behind an adapter, also a call
    its schema rejects that the tool's own validator takes as sent), ``canonicalized``
    (repaired; ``repairs`` says how: behind an adapter, an ``absent-default`` repair records what
    the framework's model fills itself, which is not written into ``arguments``) or ``rejected``
    (``envelope`` says why).
    ``received`` is the call as it arrived (decoded, when it came as JSON text that
    parses). ``arguments`` are what to execute and ``proceed`` whether to execute them;
    a rejected call keeps the arguments as received, which its envelope describes, and
    ``repairs`` says what the repairs would have changed (all or nothing: none applied). In ``observe`` mode every call proceeds with the arguments
    as received, while ``status`` records what enforcing would have done. ``attempt``
    is 1 for a first call and counts up through retries (``ToolBoundary.check(previous=...)``).
    ``unread_strings`` counts the strings not read for what they hold because they were past
    the call's budgets (see :class:`~.shape.Shapes`): each was taken as a plain string.
    """

    status: Status
    arguments: Any
    proceed: bool
    received: Any
    repairs: list[Repair] = field(default_factory=list)
    envelope: dict[str, Any] | None = None
    call_id: str | None = None
    attempt: int = 1
    unread_strings: int = 0

    def fingerprint(self) -> str:
        """A digest of the arguments as received: equal digests mean a resubmission changed nothing."""
        try:
            text = json.dumps(self.received, sort_keys=True, default=repr)
        except (ValueError, TypeError, RecursionError):
            # No JSON text for it (5,000 digits, keys of mixed types, nesting past the stack): a
            # digest no other outcome has, so a resubmission of it counts as changed.
            text = f"unreadable {id(self)}"
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
