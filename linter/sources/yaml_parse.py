"""YAML to plain JSON data, keeping the node tree for positions.

ruamel's composer gives every node its marks; we build the data ourselves so that
YAML behaves like JSON where tool schemas care: the last duplicate key wins (and is
reported), timestamps stay strings, and aliases are expanded under a node budget so
an alias bomb is refused instead of walked.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

from schema_lint.schema.pointer import join
from schema_lint.sources.document import Document, MAX_DEPTH, MAX_YAML_NODES, ParseError
from schema_lint.sources.json_scan import int_digits_limit, out_of_range

_PLAIN_TAGS = {
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_MERGE = "tag:yaml.org,2002:merge"
# `\uD83D` or `\U0000D83D`: an escape of a UTF-16 surrogate, the only way one gets in.
_SURROGATE_ESCAPE = re.compile(r"\\(?:u|U0000)[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Refused(Exception):
    def __init__(self, message: str, node: Any):
        super().__init__(message)
        self.node = node


class _TooDeep(Exception):
    def __init__(self, mark: Any):
        super().__init__(f"nesting deeper than {MAX_DEPTH} levels")
        self.mark = mark


def _depth_bounded_scanner():
    """ruamel's scanner, refusing a flow collection (`[`, `{`) that opens level MAX_DEPTH + 1.

    Each open flow collection keeps a possible simple key that the scanner re-examines
    at every token, so 200 kB of `[[[[…` took seconds before the composer's recursion
    limit refused it. Counted here, the open block collections (the indentation stack)
    and flow collections give the depth as the composer sees it; an indentless sequence
    (`key:` then `- item` at the same indentation) is not on that stack, so under one the
    refusal comes a level later, and `_check_size` still holds the exact limit.
    """
    from ruamel.yaml.scanner import Scanner

    class DepthBoundedScanner(Scanner):
        def fetch_flow_collection_start(self, TokenClass: Any, to_push: str) -> None:
            if len(self.indents) + len(self.flow_context) >= MAX_DEPTH:
                raise _TooDeep(self.reader.get_mark())
            super().fetch_flow_collection_start(TokenClass, to_push)

    return DepthBoundedScanner


def yaml_loader():
    from ruamel.yaml import YAML

    loader = YAML(typ="safe", pure=True)
    loader.Scanner = _depth_bounded_scanner()
    return loader


def parse_yaml(doc: Document) -> None:
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    loader = yaml_loader()
    roots: list = []
    try:
        for root in loader.compose_all(doc.text):  # one document at a time: those before a broken one are kept
            if root is not None:
                roots.append(root)
    except _TooDeep as exc:
        doc.errors.append(ParseError(str(exc), exc.mark.line + 1, exc.mark.column + 1))
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        doc.errors.append(ParseError(f"invalid YAML: {exc.problem or exc.context}", line, column))
    except RecursionError:
        doc.errors.append(ParseError(f"nesting deeper than {MAX_DEPTH} levels", *_first_too_deep(doc.text)))
    except (YAMLError, ValueError) as exc:
        doc.errors.append(ParseError(f"invalid YAML: {exc}"))
    if not roots:
        if not doc.errors:
            doc.errors.append(ParseError("empty file"))
        return
    # A stream broken after its first document is still read as a stream: its documents keep
    # the pointers (`/0` …) they have once it is mended.
    doc.yaml_documents = len(roots) + len(doc.errors)
    root = _documents(roots, stream=doc.yaml_documents > 1)
    try:
        _check_size(root)
        if _SURROGATE_ESCAPE.search(doc.text):
            _join_surrogate_pairs(root)
        doc.data = _Builder(loader.constructor, doc).build(root, "")
    except _Refused as exc:
        mark = exc.node.start_mark
        doc.errors.append(ParseError(str(exc), mark.line + 1, mark.column + 1))
        return
    doc._yaml_root = root


def _documents(roots: list, stream: bool) -> Any:
    """One document's root, or, for a stream of several (`---`), a sequence of their roots:
    the file is then read as a list of documents (tools at `/0`, `/1` …), every node keeping
    its own position in the file."""
    if not stream:
        return roots[0]
    from ruamel.yaml.nodes import SequenceNode

    return SequenceNode("tag:yaml.org,2002:seq", roots, roots[0].start_mark, roots[-1].end_mark, flow_style=False)


def _first_too_deep(text: str) -> tuple[int, int]:
    """Line and column of the collection that opens level MAX_DEPTH + 1.

    Asked only after the (recursive) composer gave up; the parser beneath it keeps its
    own stack, so its events reach any depth.
    """
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent

    depth = 0
    try:
        for event in yaml_loader().parse(text):
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return event.start_mark.line + 1, event.start_mark.column + 1
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except _TooDeep as exc:
        return exc.mark.line + 1, exc.mark.column + 1
    except YAMLError:
        pass
    return 1, 1


def _join_surrogate_pairs(root: Any) -> None:
    """Read `"\\ud83d\\ude00"` as JSON does (one character), and refuse a lone half.

    YAML's escapes name UTF-16 code units one by one; a string holding half a pair
    has no UTF-8 form, so nothing downstream (validators, reports) could handle it.
    """
    for node in scalar_nodes(root):
        if _SURROGATE.search(node.value):
            try:
                node.value = node.value.encode("utf-16", "surrogatepass").decode("utf-16")
            except UnicodeDecodeError:
                raise _Refused("invalid YAML: half a UTF-16 surrogate pair (no UTF-8 for it)", node) from None


def scalar_nodes(root: Any) -> Iterator[Any]:
    """Every scalar node under `root`, each once (an alias repeats a node), without recursion."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if node.id == "mapping":
            stack.extend(part for pair in node.value for part in pair)
        elif node.id == "sequence":
            stack.extend(node.value)
        else:
            yield node


def _check_size(root: Any) -> None:
    """Refuse documents whose alias-expanded size or depth is out of bounds."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: Any, depth: int) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if depth > MAX_DEPTH and node.id != "scalar":  # levels are collections, as in JSON
            raise _Refused(f"nesting deeper than {MAX_DEPTH} levels", node)
        if key in active:
            raise _Refused("recursive YAML alias", node)
        active.add(key)
        total = 1
        if node.id == "mapping":
            for k, v in node.value:
                total += size(k, depth + 1) + size(v, depth + 1)
        elif node.id == "sequence":
            for v in node.value:
                total += size(v, depth + 1)
        active.discard(key)
        if total > MAX_YAML_NODES:
            raise _Refused(f"YAML aliases expand to more than {MAX_YAML_NODES:,} nodes (alias bomb?)", node)
        sizes[key] = total
        return total

    size(root, 1)


class _Builder:
    def __init__(self, constructor: Any, doc: Document):
        self.constructor = constructor
        self.doc = doc

    def build(self, node: Any, pointer: str) -> Any:
        if node.id == "scalar":
            if node.tag in _PLAIN_TAGS:
                try:
                    value = self.constructor.construct_object(node, deep=True)
                except ValueError:  # an integer longer than Python converts
                    raise _Refused(f"integer with more than {int_digits_limit():,} digits", node) from None
                if isinstance(value, float) and not math.isfinite(value):
                    raise _Refused(_not_json(node.value), node)
                return value
            return node.value
        if node.id == "sequence":
            return [self.build(v, join(pointer, i)) for i, v in enumerate(node.value)]
        result: dict = {}
        explicit: set[str] = set()  # a key written here overrides a merged one (`<<: *base`): no duplicate
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merged = self.build(value_node, pointer)
                for source in merged if isinstance(merged, list) else [merged]:
                    if isinstance(source, dict):
                        for k, v in source.items():
                            result.setdefault(k, v)
                continue
            key = self.build(key_node, pointer)
            key = key if isinstance(key, str) else _key_text(key)
            if key in explicit:
                self.doc.duplicate_keys.append((pointer, key))
            explicit.add(key)
            result[key] = self.build(value_node, join(pointer, key))
        return result


def _not_json(literal: str) -> str:
    """Why a float YAML reads is refused: `.inf` and `.nan` are YAML's own, a too large
    number (`1e999`) overflows into infinity; tool schemas are JSON, which has neither."""
    if any(character.isdigit() for character in literal):
        return out_of_range(literal)
    return f"`{literal}` is not a JSON value"


def _key_text(key: Any) -> str:
    """YAML allows `1:` or `true:` as keys; JSON Schema sees their text."""
    if key is None:
        return "null"
    if isinstance(key, bool):
        return "true" if key else "false"
    return str(key)
