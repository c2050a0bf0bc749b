"""Read a file into a parsed document, or into a positioned parse error.

Parsing uses the fast parser (the C `json` module; ruamel's safe composer for YAML).
Positions are not computed here: `Document.locate` finds a pointer in the text only
when a finding needs it.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from schema_lint.model import FieldwiseRecord, Span
from schema_lint.sources import json_scan
from schema_lint.sources.jsonc import blank_comments_and_trailing_commas, is_jsonc

DEFAULT_MAX_BYTES = 32 * 1024 * 1024
# Deeper than this no tool schema goes; deeper input is an attack or a bug, and
# refusing it early keeps every recursive consumer (validators, rules) safe.
MAX_DEPTH = 256
# A YAML alias bomb expands to billions of nodes from a few lines.
MAX_YAML_NODES = 1_000_000

SUFFIX_KINDS = {".json": "json", ".yaml": "yaml", ".yml": "yaml", ".jsonl": "jsonl", ".ndjson": "jsonl"}
# Line breaks as JSON, YAML and editors count them. Not `str.splitlines()`, which also
# breaks at U+2028, form feed and others that may stand raw inside a JSON string.
LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """The lines of `text` as an editor numbers them (a final line break ends the last line)."""
    lines = LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()
    return lines


class ParseError(NamedTuple):
    message: str
    line: int = 1
    column: int = 1


@dataclass(eq=False, repr=False)
class Document(FieldwiseRecord):
    """A parsed file. For JSONL, `data` is a list with one entry per line."""

    path: str
    text: str
    kind: str
    data: Any = None
    errors: list[ParseError] = field(default_factory=list)
    # (pointer of the object, key) for every key that appears twice.
    duplicate_keys: list[tuple[str, str]] = field(default_factory=list)
    _locator: Any = None
    # (pointer, at_key) → Span: a node with a finding often has several (SL301 and SL305 on
    # one string), and each costs a walk down the text.
    _spans: dict[tuple[str, bool], Span] = field(default_factory=dict, repr=False, compare=False)
    _yaml_root: Any = None
    # JSONC: the text with comments and trailing commas blanked out, which the JSON parser
    # and locator read (same offsets as `text`, which edits and reports use).
    json_text: str | None = None
    # YAML: how many documents the stream holds; several are read as a list of them.
    yaml_documents: int = 1

    def locate(self, pointer: str, at_key: bool = False) -> Span:
        span = self._spans.get((pointer, at_key))
        if span is None:
            if self._locator is None:
                from schema_lint.sources.locate import locator_for

                self._locator = locator_for(self)
            span = self._spans[pointer, at_key] = self._locator.locate(pointer, at_key)
        return span

    @cached_property
    def lines(self) -> list[str]:
        return split_lines(self.text)

    def source_line(self, number: int) -> str | None:
        """The text of 1-based line `number`, or None past either end."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else None


def kind_for(path: str) -> str | None:
    return SUFFIX_KINDS.get(os.path.splitext(path)[1].lower())


def read_document(path: str, raw: bytes | None = None, kind: str | None = None,
                  max_bytes: int = DEFAULT_MAX_BYTES) -> Document:
    """Read and parse `path` (or `raw` bytes standing for it); never raises on bad input."""
    kind = kind or kind_for(path) or "json"
    if raw is None:
        raw = read_regular_file(path, max_bytes)
        if isinstance(raw, str):
            return _failed(path, kind, raw)
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


# How much a read asks for once a file has given all it said it held (see `_read_up_to`).
_GROWTH_CHUNK = 64 * 1024


def read_regular_file(path: str, max_bytes: int) -> bytes | str:
    """The bytes of `path`, or why they are not read.

    Only a regular file is read: a FIFO would block the run until something writes to
    it, and a device such as `/dev/zero` never ends. The file is opened without
    blocking and checked again once open (it may have been swapped meanwhile), and the
    size limit holds while reading, whatever the file claimed to be.
    """
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            os.scandir(path).close()  # raises what kept a directory walk out of it
            from schema_lint.sources.files import why_not_walked  # (files imports this module)

            return why_not_walked(path) or "is a directory"
        if not stat.S_ISREG(info.st_mode):
            return f"not a regular file ({_file_type(info.st_mode)}): only regular files are read"
        if info.st_size > max_bytes:
            return _too_large(info.st_size, max_bytes)
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            opened = os.fstat(descriptor)
            if not stat.S_ISREG(opened.st_mode):
                return f"not a regular file ({_file_type(opened.st_mode)}): only regular files are read"
            raw = _read_up_to(descriptor, opened.st_size, max_bytes)
        finally:
            os.close(descriptor)
    except OSError as exc:
        what = "directory" if os.path.isdir(path) else "file"
        return f"cannot read {what}: {exc.strerror or exc}"
    if len(raw) > max_bytes:
        return f"file is larger than {size_limit(max_bytes)}"
    return raw


def _read_up_to(descriptor: int, size: int, max_bytes: int) -> bytes:
    """Up to `max_bytes + 1` bytes: as much as the file says it holds and one byte more, to
    see whether it grew. Past what it said, reads are of `_GROWTH_CHUNK` at most: `os.read`
    allocates what it is asked for before reading, so asking for the rest of the limit
    would allocate (and give back) 32 MiB for every file just to learn that it ended.
    Plain `os.read`: a buffered file object costs more than the read."""
    chunks = []
    wanted, total = min(size, max_bytes) + 1, 0
    while total <= max_bytes:
        chunk = os.read(descriptor, wanted)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        wanted = min(max_bytes + 1 - total, _GROWTH_CHUNK) if total >= size else size - total + 1
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def read_stdin(max_bytes: int) -> bytes:
    """Standard input, up to one byte past the limit (so that `read_document` refuses it)."""
    return sys.stdin.buffer.read(max_bytes + 1)


def _file_type(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a file"


def _failed(path: str, kind: str, message: str, line: int = 1, column: int = 1) -> Document:
    return Document(path=path, text="", kind=kind, errors=[ParseError(message, line, column)])


def _too_large(size: int, max_bytes: int) -> str:
    return f"file is {_bytes(size)}, over {size_limit(max_bytes)}"


def size_limit(max_bytes: int) -> str:
    """The limit as every message about it names it, whatever went over it: a file, stdin,
    a live server's listing."""
    return f"the {_bytes(max_bytes)} limit (setting `max-file-size`)"


def _bytes(count: int) -> str:
    return f"{count / 2**20:.3g} MiB" if count >= 2**20 else f"{count:,} bytes"


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
    duplicates: dict[int, list[str]] = {}

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            seen: set[str] = set()
            duplicates[id(obj)] = [k for k, _ in pairs if k in seen or seen.add(k)]
        return obj

    def refused(message: str, offset: int | None) -> None:
        """Record the error at `offset` (the start when unknown); the text yields no data."""
        line, column = json_scan.line_column(text, offset or 0)
        doc.errors.append(ParseError(message, line + line_offset, column))

    try:
        data = json.loads(text, object_pairs_hook=pairs_hook, parse_constant=_refuse_non_finite)
    except json.JSONDecodeError as exc:
        doc.errors.append(ParseError(f"invalid JSON: {exc.msg}", exc.lineno + line_offset, exc.colno))
        return None
    except RecursionError:
        return refused(f"nesting deeper than {MAX_DEPTH} levels", json_scan.first_too_deep(text, MAX_DEPTH))
    except _NonFinite as exc:
        return refused(f"invalid JSON: `{exc}` is not a JSON value", json_scan.first_token(text, json_scan.NON_FINITE))
    except ValueError as exc:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        limit = json_scan.int_digits_limit()
        offset = json_scan.first_token(text, json_scan.long_integer(limit)) if limit else None
        return refused(f"integer with more than {limit:,} digits" if offset is not None else f"invalid JSON: {exc}",
                       offset)
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


def _parse_jsonl(doc: Document) -> None:
    values: list[Any] = []
    for index, line in enumerate(doc.lines):
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

    def values(self) -> list[Document]:
        return [self[path] for path in self]
