"""A fix's text edits for a document, whatever its format.

One editor per document is kept for the document's life, so that many fixes in one
file share one scan of its text. The operations of a fix are edited independently when
their edits neither overlap nor touch (`enum` removed, `const` added: two precise
edits); when they do (the only member removed and another added), they are applied one at a time,
each on the text the previous one left, and reported as the single edit that spans
what changed.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from schema_lint.fixes.comments import lost_comment
from schema_lint.fixes.editable import why_not_edited
from schema_lint.fixes.json_editor import JsonEditor
from schema_lint.fixes.jsonl_editor import JsonLinesEditor
from schema_lint.fixes.textedit import EditError, TextEdit, apply_edits, spanning_edit
from schema_lint.model import Fix
from schema_lint.sources.locate import JsonLocator

# Per-document objects (editors, line indexes), dropped when their document is.
_CACHE: dict[tuple[int, str], Any] = {}


def make_editor(kind: str, text: str, data: Any = None, read: JsonLocator | None = None):
    """The editor of a text of `kind`; of a JSON text, reading on from what `read` has read."""
    if kind == "yaml":
        # Imported here: it loads ruamel.yaml, which JSON-only runs never need.
        from schema_lint.fixes.yaml_editor import YamlEditor

        return YamlEditor(text)
    if kind == "jsonl":
        return JsonLinesEditor(text)
    return JsonEditor(text, data, read=read)


def per_document(doc, name: str, factory: Callable[[], Any]) -> Any:
    """`factory()`, made once per document and kept for the document's life."""
    key = (id(doc), name)
    value = _CACHE.get(key)
    if value is None:
        value = _CACHE[key] = factory()
        weakref.finalize(doc, _CACHE.pop, key, None)
    return value


def editor_for(doc) -> Any:
    return per_document(doc, "editor", lambda: make_editor(doc.kind, doc.text, doc.data, _positions_read(doc)))


def _positions_read(doc) -> JsonLocator | None:
    """The locator that placed the document's findings, when the edits can read on from what
    it read (a JSON text, each key read once as the parser reads it): the objects around a
    fix are then read once, and kept once, for both."""
    if doc.kind != "json" or getattr(doc, "json_text", None) is not None or getattr(doc, "duplicate_keys", True):
        return None
    locator = getattr(doc, "locator", None)
    return locator if isinstance(locator, JsonLocator) and locator.text is doc.text else None


def fix_edits(doc, fix: Fix) -> list[TextEdit]:
    """The text edits that carry out `fix` on `doc`; raises EditError when there are none,
    or when they would delete a comment (`comments.lost_comment`)."""
    edits = _edits(doc, fix)
    lost = lost_comment(doc, fix.operations, edits)
    if lost is not None:
        raise EditError(f"its edit would remove the comment `{lost}`")
    return edits


def _edits(doc, fix: Fix) -> list[TextEdit]:
    if not fix.operations:
        raise EditError("the fix has no operations")
    not_edited = why_not_edited(doc)
    if not_edited is not None:
        raise EditError(not_edited)
    try:
        editor = editor_for(doc)
        edits = [edit for operation in fix.operations for edit in editor.edits(operation)]
        if not any(_near(a, b) for i, a in enumerate(edits) for b in edits[i + 1:]):
            return edits
        if isinstance(editor, (JsonEditor, JsonLinesEditor)):  # only the node that holds them is edited again
            in_turn = editor.edits_in_turn(fix.operations)
            if in_turn is not None:
                return in_turn
        text = doc.text
        for operation in fix.operations:
            text = apply_edits(text, make_editor(doc.kind, text).edits(operation))
        return [spanning_edit(doc.text, text)]
    except EditError:
        raise
    except Exception as exc:  # a node the edit layer cannot read: the fix is reported, not applied
        raise EditError(f"{type(exc).__name__}: {exc}") from None


def _near(a: TextEdit, b: TextEdit) -> bool:
    """Whether two edits of one fix share or touch text. Each was computed on the original
    text, so touching ones may each assume what the other removes (a member appended
    after the only member, which is removed): those are applied one after the other."""
    return a.start <= b.end and b.start <= a.end
