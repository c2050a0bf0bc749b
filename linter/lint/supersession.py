"""One problem, one finding: a provider's rule takes the place of the general rule it restates.

Under `openai-strict` an object without `additionalProperties: false` is both an open object
(SL201) and a refusal (SL601). Reporting both doubles the count and offers two fixes for one
keyword. The provider's finding is the one to keep: it says the request will fail, quotes the
provider and carries the fix. Its table entry names the codes it supersedes; a finding of such
a code at the same node (or at one of that node's keywords, as SL101's `required: []`) is
dropped. The replaced codes are remembered for the whole document, since a tool's results
schema is linted after its arguments: SL601's `outputSchema` refusal under mcp-2025-11-25,
found with the arguments, replaces SL018's, found with the results.

Dropping happens only where the superseding finding was reported: with SL601 ignored or
silenced, SL201 reports the open object as before.
"""

from __future__ import annotations

from schema_lint.schema.keywords import SINGLE_SCHEMA
from schema_lint.model import Diagnostic
from schema_lint.schema.pointer import parent, split


class Supersession:
    """The (code, pointer) pairs one document's findings so far replace."""

    def __init__(self) -> None:
        self.replaced: set[tuple[str, str]] = set()

    def keep(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """``diagnostics`` without those they, or the document's earlier findings, supersede."""
        self.replaced |= {(code, d.pointer) for d in diagnostics for code in d.supersedes}
        if not self.replaced:
            return diagnostics
        return [d for d in diagnostics if (d.code, d.pointer) not in self.replaced
                and ((d.code, parent(d.pointer)) not in self.replaced or _is_subschema(d.pointer))]


def _is_subschema(pointer: str) -> bool:
    """A pointer one step below a node that names a subschema (`/items`), not a keyword's value."""
    tokens = split(pointer)
    return bool(tokens) and (tokens[-1] in SINGLE_SCHEMA or tokens[-1] == "items")
