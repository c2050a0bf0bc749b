"""A server's `tools/list` answer as a document the engine lints like a file.

The same holds for tools taken from Python objects (`--python`, see `schema_lint.python_tools`):
whatever has no file is put in this shape, under a path of its own (`mcp:<server>`,
`python:<module>:<attr>`), and its findings are moved onto `<path>/<tool>`.

The listing is put in one canonical form (tools sorted by name, a tool's keys sorted, its
schemas as the server wrote them), the same
text `schema-lint snapshot` writes, so linting a server live and linting its snapshot
see the same document and report the same findings. A live document has no lines:
after the lint, each finding is moved from the listing (`/tools/3/inputSchema/...`) to
its tool (`mcp:<server>/<tool>`, pointer `/inputSchema/...`), and its fix, which no
file can take, keeps only the operations on that tool, to be shown as JSON Patch. A tool
whose Python definition was found (`sources`) carries its `file:line` too.
"""

from __future__ import annotations

import json
from typing import Any

from schema_lint.text.display import MESSAGE_LIMIT, clip
from schema_lint.model import Diagnostic, Severity
from schema_lint.schema.pointer import split
from schema_lint.sources.document import Document, ParseError


class LiveDocument(Document):
    """A document with no text: nothing in it has a line and column."""

    def locate(self, pointer: str, at_key: bool = False) -> None:
        return None


# A tool's schemas, written as the server wrote them: the order of `properties` is what a
# model reads, and a reordering is a change a snapshot must show.
_SCHEMAS = frozenset({"inputSchema", "outputSchema"})


def listing_text(tools: list[dict[str, Any]]) -> str:
    """The canonical `tools/list` result: pretty, tools by name, final newline; the keys of
    each tool sorted (the SDK's model of a tool orders them by its own version) but its
    schemas' keys in the server's order."""
    ordered = [_sorted_keys(tool) for tool in sorted(tools, key=lambda tool: str(tool.get("name", "")))]
    return json.dumps({"tools": ordered}, indent=2, ensure_ascii=False) + "\n"


def _sorted_keys(value: Any, depth: int = 0) -> Any:
    """`value` with its objects' keys sorted, a tool's schemas left as they are (and anything
    deeper than a tool's own fields go, which nothing but a schema reaches)."""
    if isinstance(value, dict) and depth < 8:
        return {key: value[key] if key in _SCHEMAS and depth == 0 else _sorted_keys(value[key], depth + 1)
                for key in sorted(value, key=str)}
    if isinstance(value, list) and depth < 8:
        return [_sorted_keys(item, depth + 1) for item in value]
    return value


def live_document(path: str, tools: list[dict[str, Any]]) -> LiveDocument:
    """The listing of `tools` under `path` (`mcp:<server>`, `python:<module>:<attr>`)."""
    return LiveDocument(path=path, text="", kind="mcp", data=json.loads(listing_text(tools)))


def failed_document(path: str, message: str) -> tuple[LiveDocument, Diagnostic]:
    """A server or object whose tools could not be had: an SL000 finding naming it (exit 2)."""
    from schema_lint.lint.document import PARSE_ERROR_CODE, PARSE_ERROR_NAME

    message = clip(message, MESSAGE_LIMIT)
    document = LiveDocument(path=path, text="", kind="mcp", errors=[ParseError(message)])
    return document, Diagnostic(code=PARSE_ERROR_CODE, name=PARSE_ERROR_NAME, severity=Severity.ERROR,
                                message=message, path=path, pointer="", live=True)


def relocate(document: LiveDocument, diagnostics: list[Diagnostic], sources: dict[str, str] | None = None) -> list[Diagnostic]:
    """The document's findings moved onto their tools; `sources` maps a tool's name to the
    `file:line` of its definition, when it has one."""
    return [_relocated(document, diagnostic, sources or {}) for diagnostic in diagnostics]


def _relocated(document: LiveDocument, diagnostic: Diagnostic, sources: dict[str, str]) -> Diagnostic:
    if diagnostic.path != document.path or diagnostic.live:
        return diagnostic
    tokens = split(diagnostic.pointer)
    if len(tokens) < 2 or tokens[0] != "tools" or not tokens[1].isdigit():
        return diagnostic._replace(live=True)  # about the listing as a whole
    index = int(tokens[1])
    prefix = f"/tools/{index}"
    tool_name = document.data["tools"][index].get("name", index)
    fix = diagnostic.fix
    if fix is not None:
        fix = fix._replace(operations=tuple(op._replace(path=op.path[len(prefix):]) for op in fix.operations
                                            if op.path == prefix or op.path.startswith(prefix + "/")))
    return diagnostic._replace(live=True, path=f"{document.path}/{tool_name}", source=sources.get(tool_name),
                               pointer=diagnostic.pointer[len(prefix):], fix=fix)
