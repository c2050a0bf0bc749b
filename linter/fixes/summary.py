"""What the report's summary line says about fixes, without the fix machinery.

Every `check` reports how many findings `--fix` (or `--unsafe-fixes`) would fix; only
`--fix` and `--diff` need the planning and editing modules, so this stays apart from
them and the plain `check` pre-commit runs does not import them.
"""

from __future__ import annotations

from typing import NamedTuple

from schema_lint.model import Diagnostic, FixSafety

# Read once: on Python 3.11 each read of a member from its enum class costs about 250 ns (the
# enum's metaclass has a `__getattr__`), and these are read for every finding with a fix.
_SAFE, _UNSAFE, _SUGGESTION = FixSafety.SAFE, FixSafety.UNSAFE, FixSafety.SUGGESTION


def enabled(diagnostic: Diagnostic, unsafe: bool) -> bool:
    """Whether the flags enable this finding's fix: safe ones always, unsafe ones on request,
    a suggestion never (its value is for a person to choose)."""
    fix = diagnostic.fix
    return fix is not None and bool(fix.operations) and (
        fix.safety is _SAFE or (unsafe and fix.safety is _UNSAFE))


def applicable(diagnostic: Diagnostic, unsafe: bool) -> bool:
    """Whether `--fix` can apply this finding's fix: enabled, on a file (a live MCP server's
    tools are shown as JSON Patch by `--diff`, never edited), and not noted as one that
    cannot be applied: in a file whose text is not edited (see `editable`), or once `--fix`
    tried it and failed, which another run would too."""
    return not diagnostic.live and diagnostic.fix_note is None and enabled(diagnostic, unsafe)


class FixSummary(NamedTuple):
    """What the report's summary says about fixes."""

    fixed: int | None
    available: int
    hidden: int
    deferred: int = 0

    @classmethod
    def of(cls, diagnostics: list[Diagnostic], unsafe: bool, fixed: int | None = None, deferred: int = 0) -> FixSummary:
        with_fix = [d for d in diagnostics if d.fix is not None and d.fix.operations and not d.live
                    and d.fix_note is None and d.fix.safety is not _SUGGESTION]
        available = sum(applicable(d, unsafe) for d in with_fix)
        return cls(fixed, available, len(with_fix) - available, deferred)

    def lines(self) -> list[str]:
        out = []
        if self.deferred == 1:
            out.append("1 fix overlapped another fix and waits for the next `--fix` run.")
        elif self.deferred:
            out.append(f"{self.deferred} fixes overlapped other fixes and wait for the next `--fix` run.")
        hidden = (f"{self.hidden} hidden fix{'es' if self.hidden != 1 else ''} can be enabled with "
                  "the `--unsafe-fixes` option") if self.hidden else ""
        if self.available:
            line = f"[*] {self.available} fixable with the `--fix` option"
            out.append(line + (f" ({hidden})." if hidden else "."))
        elif hidden:
            out.append(f"No fixes available ({hidden}).")
        return out
