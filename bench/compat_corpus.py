"""The compat matrix over the shared corpus's published tools, as README shows it.

    python bench/compat_corpus.py [../shared/corpus/tools.jsonl]

Prints the markdown README's "Provider profiles" section holds between its
`compat-corpus` markers: per profile, how many tools it accepts, refuses or weakens,
and its five most common reasons (counted once per tool). The corpus is a data set, not
one request, so request-wide limits are left out, and with them the profiles that only
count tools (Cursor, VS Code Copilot); Claude Code's names are counted with the file's
stem, `tools`, as the server name. `tests/test_compat.py` keeps README equal to this
whenever the corpus is beside the checkout.
"""

from __future__ import annotations

import sys
from pathlib import Path

from schema_lint.cli.compat import summary_lines
from schema_lint.profiles import PROFILES
from schema_lint.profiles.checks import CHECKS
from schema_lint.profiles.checks.compat import Matrix, build
from schema_lint.sources.documents import read_document
from schema_lint.sources.tools import find_tools

CORPUS_TOOLS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tools.jsonl"


def matrix(path: Path = CORPUS_TOOLS) -> Matrix:
    doc = read_document(str(path))
    # No requests: the report leaves their limits out.
    return build([(str(path), doc.data, find_tools(doc.data, path.stem), [])], [p for p in PROFILES if p in CHECKS])


def report(found: Matrix) -> str:
    lines = [f"- {line}" for line in summary_lines(found)]
    for profile in found.profiles:
        lines += ["", f"Most common reasons, `{profile}` (tools):", ""]
        top = found.top_reasons(profile)
        lines += [f"{rank}. {reason}: {count:,}" for rank, (reason, count) in enumerate(top, 1)] or ["None."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(report(matrix(Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS_TOOLS)), end="")
