"""Findings per rule on the shared corpus's published tools, as the README table shows them.

    python bench/corpus_statistics.py [../shared/corpus/tools.jsonl]

Prints the markdown table that README's "Findings on published tools" section holds
between its `corpus-statistics` markers; `tests/test_readme.py` keeps the two equal
whenever the corpus is beside the checkout.
"""

from __future__ import annotations

import sys
from pathlib import Path

from schema_lint.config import Config
from schema_lint.config.selection import OFF_BY_DEFAULT
from schema_lint.run.linter import Linter
from schema_lint.rule import load_rules

CORPUS_TOOLS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tools.jsonl"
COLUMNS = 3


def counts(path: Path = CORPUS_TOOLS) -> dict[str, int]:
    """Findings per rule code, every rule selected, in the default configuration."""
    result = Linter(Config()).run_serially([str(path)])
    found = {code: 0 for code in load_rules()}
    for diagnostic in result.diagnostics:
        found[diagnostic.code] = found.get(diagnostic.code, 0) + 1
    return found


def table(found: dict[str, int]) -> str:
    """Rules with findings, most first, in `COLUMNS` pairs of columns; then the zeros."""
    ranked = sorted(((count, code) for code, count in found.items() if count), key=lambda item: (-item[0], item[1]))
    rows = -(-len(ranked) // COLUMNS)
    lines = ["| " + " | ".join(["rule | count"] * COLUMNS) + " |",
             "|" + "---|---:|" * COLUMNS]
    for row in range(rows):
        cells = [ranked[row + column * rows] if row + column * rows < len(ranked) else None
                 for column in range(COLUMNS)]
        lines.append("| " + " | ".join(f"{code} | {count:,}" if cell else " | "
                                       for cell in cells for count, code in [cell or (0, "")]) + " |")
    zeros = sorted(code for code, count in found.items() if not count and code not in OFF_BY_DEFAULT)
    return ("\n".join(lines) + "\n\nNo findings: " + ", ".join(zeros) + ".\n\nOff by default, so not run: "
            + ", ".join(sorted(OFF_BY_DEFAULT)) + ".\n")


if __name__ == "__main__":
    print(table(counts(Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS_TOOLS)), end="")
