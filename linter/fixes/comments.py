"""Whether a fix's edits would delete a YAML comment.

Comments are a reviewer's notes (`# only open tickets for now`). As ruff refuses a fix
that would delete one, so do the fixes here: every caller of `editor.fix_edits` (`--fix`,
`--diff`, the reports' edits and suggestions, an editor's quick fix) sees the same refusal.
"""

from __future__ import annotations

import re

from schema_lint.fixes.textedit import TextEdit
from schema_lint.model import Operation

_COMMENT = re.compile(r"(?<!\S)#[^\r\n]*")


def lost_comment(doc, operations: tuple[Operation, ...], edits: list[TextEdit]) -> str | None:
    """A YAML comment inside the text an edit replaces that the new text does not carry,
    when the fix rewrites a node. A `#` inside a quoted string is taken for a comment
    too: the check can only refuse too much, never lose a note."""
    if doc.kind != "yaml" or not _rewrites(operations):
        return None
    for edit in edits:
        for comment in _COMMENT.findall(doc.text[edit.start:edit.end]):
            if comment.strip() not in edit.content:
                return comment.strip()
    return None


def _rewrites(operations: tuple[Operation, ...]) -> bool:
    """Whether the fix rewrites a node rather than only dropping one: a replaced value, or a
    member removed and a sibling added (`enum: [x]` → `const: x`). A comment on what is
    rewritten still describes the new text, so losing it loses a note; a comment on a
    member that is only removed (an unused definition) goes with that member."""
    parents_removed = {op.path.rsplit("/", 1)[0] for op in operations if op.op == "remove"}
    return any(op.op == "replace" or op.op == "add" and op.path.rsplit("/", 1)[0] in parents_removed
               for op in operations)
