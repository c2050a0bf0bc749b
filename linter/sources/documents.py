"""Read a file into a parsed document, or into a positioned parse error.

Parsing uses the fast parser (the C `json` module; ruamel's safe composer for YAML).
Positions are not computed here: `Document.locate` finds a pointer in the text only
when a finding needs it (see `document`).
"""

from __future__ import annotations

import json
import os
from typing import Any

from schema_lint.sources import json_scan
from schema_lint.sources.document import MAX_DEPTH, Document, ParseError
from schema_lint.sources.jsonc import blank_comments_and_trailing_commas, is_jsonc
from schema_lint.sources.locate import json_line
from schema_lint.sources.reading import DEFAULT_MAX_BYTES, read_regular_file, size_limit

SUFFIX_KINDS = {".json": "json", ".yaml": "yaml", ".yml": "yaml", ".jsonl": "jsonl", ".ndjson": "jsonl"}


def kind_for(path: str) -> str | None:
    return SUFFIX_KINDS.get(os.path.splitext(path)[1].lower())


def read_document(path: str, raw: bytes | None = None, kind: str | None = None,
                  max_bytes: int = DEFAULT_MAX_BYTES) -> Document:
    """Read and parse `path` (or `raw` bytes standing for it); never raises on bad input."""
    if kind is None and path.endswith(".py"):
        return _failed(path, "json", _python_file(path))
    kind = kind or kind_for(path) or "json"
    if raw is None:
        content = read_regular_file(path, max_bytes)
        if isinstance(content, str):
            return _failed(path, kind, content)
        raw = content
    elif len(raw) > max_bytes:
        return _failed(path, kind, f"input is larger than {size_limit(max_bytes)}")
    binary = _binary(raw)
    if binary is not None:
        return _failed(path, kind, *binary)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return _failed(path, kind, f"not valid UTF-8: byte 0x{raw[exc.start]:02x} cannot be decoded",
                       *_byte_position(raw, exc.start))
    doc = Document(path=path, text=text, kind=kind)
    if not text.strip():
        doc.errors.append(ParseError("empty file"))
        return doc
    if kind == "yaml":
        from schema_lint.sources.yaml_parse import parse_yaml

        parse_yaml(doc)
    elif kind == "jsonl":
        _parse_jsonl(doc)
    elif is_jsonc(path):
        doc.json_text = blank_comments_and_trailing_commas(text)
        doc.data = _parse_json(doc, doc.json_text, 0, "")
    else:
        doc.data = _parse_json(doc, text, 0, "")
    return doc


def _python_file(path: str) -> str:
    """What to do with a Python file named on the command line: its tools are what the
    framework makes of the code, read only by importing it (an opt-in, `--python`), and its
    text is no schema (it would fail as "invalid JSON", which says nothing useful)."""
    module = os.path.splitext(os.path.normpath(path))[0].replace(os.sep, ".").lstrip(".")
    return (f"a Python file: tools defined in Python are linted with `--python {module}:ATTR` (ATTR the "
            "server, agent, tool or model object; the module is imported), not read as a schema")


def _failed(path: str, kind: str, message: str, line: int = 1, column: int = 1) -> Document:
    return Document(path=path, text="", kind=kind, errors=[ParseError(message, line, column)])


# JSON must be UTF-8 (RFC 8259); these byte order marks say the file is not.
_OTHER_ENCODINGS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                    (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def _binary(raw: bytes) -> tuple[str, int, int] | None:
    """Why `raw` is no text to decode as UTF-8, and where; None when it may be.

    A NUL in the first 8 kB marks a binary file, as git decides; a later one is
    left to the parser, which reports it as a control character.
    """
    for mark, encoding in _OTHER_ENCODINGS:
        if raw.startswith(mark):
            return f"{encoding} text (byte order mark): save the file as UTF-8", 1, 1
    nul = raw.find(b"\x00", 0, 8192)
    if nul >= 0:
        return "binary file: NUL byte", *_byte_position(raw, nul)
    return None


def _byte_position(raw: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters, as everywhere else) of byte `offset`."""
    before = raw[:offset].decode("utf-8", "replace")
    return json_scan.line_column(before, len(before))


def _parse_json(doc: Document, text: str, line_offset: int, pointer_prefix: str) -> Any:
    def refused(message: str, offset: int | None) -> None:
        """Record the error at `offset` (the start when unknown); the text yields no data."""
        line, column = json_scan.line_column(text, offset or 0)
        doc.errors.append(ParseError(message, line + line_offset, column))

    if json_scan.opens_too_many(text):
        return refused(f"more than {json_scan.MAX_CONTAINERS:,} objects and arrays (each `{{` and `[` counted)", None)
    reader = _idle_readers.pop() if _idle_readers else _JsonReader()
    try:
        data, duplicates = reader.read(text)
    except json.JSONDecodeError as exc:
        doc.errors.append(ParseError(f"invalid JSON: {exc.msg}", exc.lineno + line_offset, exc.colno))
        return None
    except RecursionError:
        return refused(f"nesting deeper than {MAX_DEPTH} levels", json_scan.first_too_deep(text, MAX_DEPTH))
    except _NonFinite as exc:
        return refused(f"invalid JSON: `{exc}` is not a JSON value", json_scan.first_token(text, json_scan.NON_FINITE))
    except _OutOfRange as exc:
        literal = str(exc)
        return refused(json_scan.out_of_range(literal), json_scan.first_token(text, json_scan.number(literal)))
    except ValueError as exc:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        limit = json_scan.int_digits_limit()
        offset = json_scan.first_token(text, json_scan.long_integer(limit)) if limit else None
        return refused(f"integer with more than {limit:,} digits" if offset is not None else f"invalid JSON: {exc}",
                       offset)
    finally:
        _idle_readers.append(reader)
    # Each level opens a bracket: a text with few of them (nearly every file) needs no walk.
    if text.count("{") + text.count("[") > MAX_DEPTH and _find_too_deep(data):
        return refused(f"nesting deeper than {MAX_DEPTH} levels", json_scan.first_too_deep(text, MAX_DEPTH))
    surrogate = json_scan.first_lone_surrogate(text)
    if surrogate is not None:
        offset, escape = surrogate
        return refused(f"invalid JSON: `{escape}` is half a UTF-16 surrogate pair (no UTF-8 for it)", offset)
    if duplicates:
        for pointer, obj in _walk_objects(data, pointer_prefix):
            for key in duplicates.get(id(obj), ()):
                doc.duplicate_keys.append((pointer, key))
    return data


class _JsonReader:
    """The C decoder, with a pairs hook noting the keys each object repeats (the parser keeps
    the last value; a finding names the others).

    Building a decoder and its scanner cost a third of parsing a typical file, so a reader
    is kept for the next text: `_idle_readers` holds those not in use, each taken and given
    back whole (a list's `pop` and `append` are atomic), so no two threads share one.
    """

    def __init__(self) -> None:
        self._duplicates: dict[int, list[str]] = {}
        self._decoder = json.JSONDecoder(object_pairs_hook=self._object, parse_constant=_refuse_non_finite,
                                         parse_float=_finite_float)

    def read(self, text: str) -> tuple[Any, dict[int, list[str]]]:
        """The value of `text`, and id() of each object with a repeated key → those keys; raises
        what `json.loads` raises."""
        if text.startswith("\ufeff"):  # as `json.loads` refuses it: a second byte order mark
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        duplicates: dict[int, list[str]] = {}
        self._duplicates = duplicates
        return self._decoder.decode(text), duplicates

    def _object(self, pairs: list[tuple[str, Any]]) -> dict:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            seen: set[str] = set()
            repeated = self._duplicates[id(obj)] = []
            for key, _ in pairs:
                if key in seen:
                    repeated.append(key)
                seen.add(key)
        return obj


_idle_readers: list[_JsonReader] = []


def _parse_jsonl(doc: Document) -> None:
    """Each line's value (`json_line`: a byte-order mark may open any line)."""
    values: list[Any] = []
    for index, line in enumerate(map(json_line, doc.lines)):
        values.append(_parse_json(doc, line, index, f"/{index}") if line.strip() else None)
    doc.data = values


def _find_too_deep(data: Any) -> bool:
    """True when `data` nests deeper than MAX_DEPTH (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node if isinstance(v, (dict, list)))
    return False


def _walk_objects(data: Any, prefix: str):
    from schema_lint.schema.pointer import join

    stack = [(data, prefix)]
    while stack:
        node, pointer = stack.pop()
        if isinstance(node, dict):
            yield pointer, node
            stack.extend((v, join(pointer, k)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, join(pointer, i)) for i, v in enumerate(node))


class _NonFinite(ValueError):
    """`NaN`, `Infinity` or `-Infinity`: Python's json module reads them, JSON has none."""


def _refuse_non_finite(name: str) -> None:
    raise _NonFinite(name)


class _OutOfRange(ValueError):
    """A number beyond a double's range (`1e400`): `float` makes it infinity, JSON has none."""


def _finite_float(literal: str) -> float:
    """`float(literal)`, refusing what overflows. Called for the few numbers with a fraction
    or an exponent; integers are exact at any length."""
    value = float(literal)
    if value == _INFINITY or value == -_INFINITY:
        raise _OutOfRange(literal)
    return value


_INFINITY = float("inf")


class DocumentStore(dict):
    """path → Document. A path linted in another process maps to None until a report
    asks for it; it is then read again (the same bytes, unless the file changed meanwhile).
    A run that fixes has the texts of its files with a fix sent back instead (see `parallel`)."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES):
        super().__init__()
        self.max_bytes = max_bytes

    def __getitem__(self, path: str) -> Document:
        document = super().__getitem__(path)
        if document is None:
            document = read_document(path, max_bytes=self.max_bytes)
            super().__setitem__(path, document)
        return document

    def get(self, path: str, default: Any = None) -> Any:
        return self[path] if path in self else default

    def values(self) -> list[Document]:  # type: ignore[override]  # read, as `[]` reads them: no view of Nones
        return [self[path] for path in self]
