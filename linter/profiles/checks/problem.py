"""What a provider check yields: a finding tied to the table entry that documents it.

Keeping the entry (not just the text) lets SL601 and SL602 cite the provider's words and
lets `schema-lint compat` tell a refusal (✗) from a silent weakening (~) without parsing
messages.
"""

from __future__ import annotations

from typing import NamedTuple

from schema_lint.model import Fix, Severity
from schema_lint.profiles.sources import REFUSED, Source
from schema_lint.rule import Finding


class Problem(NamedTuple):
    source: Source
    pointer: str
    message: str
    fix: Fix | None = None
    at_key: bool = False

    @property
    def refused(self) -> bool:
        return self.source.effect == REFUSED

    @property
    def silent(self) -> bool:
        return self.source.silent

    def finding(self) -> Finding:
        """The finding SL601 (or, for a silent loss, SL602) reports: the message, then the quote
        and the link. A refusal or a silent loss keeps its rule's severity; what a specification
        only discourages is a warning."""
        return Finding(self.pointer, self.message + self.source.cite(), fix=self.fix, at_key=self.at_key,
                       severity=None if self.refused or self.silent else Severity.WARNING,
                       supersedes=self.source.supersedes)
