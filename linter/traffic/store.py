"""Recorded calls, read once into per-tool summaries, and read again for the gate.

Reading streams: memory holds a :class:`ToolSummary` per tool of the tool files, and
their calls while each tool's fit in :data:`CALLS_KEPT` calls and all tools' in
:data:`KEPT_BYTES`. Calls to other tools are only counted (:mod:`.other_tools`): a log
naming a million tools takes no more memory than one naming ten. The gate must see every
call, so the calls of a tool that has more are written, as the first reading meets them,
to an unnamed temporary file (:class:`_Spill`), from which the gate reads that tool's
alone: reading the files again for each such tool made `--calls` quadratic (77 s for
200,000 calls). Past :data:`SPOOL_LIMIT` bytes there, a tool's calls are read again
from the files, as the tools given only later (`cover`) are. A pipe
(or `-`, stdin) cannot be read twice: what the first reading consumes is copied to an
unnamed temporary file as it goes (gone with the process, however it ends), up to
:data:`SPOOL_LIMIT` bytes, so an endless stream neither hangs the run nor fills the disk.
The files a configuration names are read whole, once, within `max-file-size` (see
`configured_files`), and kept for the gate.

A call is the evidence of exactly the tool it names: the tool its inline `tool_def` holds
(matched by name and schema), the record its `tool_uid` cites, or else the tools of its name.
A call citing a uid none of the tools has (a dataset's calls, linted against a folder of tool
files) is the tool of its name's when only one tool has that name, as `replay` takes it: the
gate must see it, or a fix would reject it unseen.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, BinaryIO

from schema_lint.traffic.calls import BrokenLine, RecordedCall, Repeats, read_calls
from schema_lint.traffic.other_tools import OtherTools
from schema_lint.traffic.summary import ToolSummary

if TYPE_CHECKING:
    from schema_lint.traffic.traffic_summary import TrafficSummary

CALLS_KEPT = 2_000
"""Calls kept in memory per tool, so that the gate of a tool with few calls reads no file."""

KEPT_BYTES = 32 * 1024 * 1024
"""Memory the kept calls of all tools may take, held as JSON text (a parsed call can take
twenty times its text); a tool whose calls do not all fit is read again, as one past
:data:`CALLS_KEPT` is."""

PROBLEMS_KEPT = 20
"""Unreadable files and lines without a call shown; the rest are only counted."""

SPOOL_LIMIT = 256 * 1024 * 1024
"""Bytes of a pipe copied for the second reading; past them the pipe is read no further."""

Key = tuple[str, ...]


class Traffic:
    """Recorded calls by tool, with what went wrong reading them."""

    def __init__(self, contents: Mapping[str, bytes] | None = None) -> None:
        # path → the bytes of a file read already, which both readings take from here.
        self._contents: Mapping[str, bytes] = contents or {}
        self.summaries: dict[Key, ToolSummary] = {}
        # The keys summarised: those of the tools given to `load` and `cover`.
        self._wanted: set[Key] = set()
        # name → the schema keys of the tools given of that name: a call citing an unknown uid
        # is taken for the tool of its name only where that is one tool.
        self._definitions: dict[str, set[Key]] = {}
        # The kinds of key ("name", "uid", "schema") the calls read are recorded under.
        self._kinds_read: set[str] = set()
        # A tool's calls as JSON text while every one of them is kept; SPILLED once they go to
        # the spill; None once they are read again from the files.
        self._kept: dict[Key, list[str] | None] = {}
        self._keeping = True
        self._kept_bytes = 0
        self._spill = _Spill()
        # Calls to the tools `load` was not given.
        self.other = OtherTools()
        # (name shown, the file read the second time: a path, or the copy of a pipe)
        self._sources: list[tuple[str, str | BinaryIO]] = []
        self.calls = 0
        self.not_objects = 0
        # By key of a tool given, the calls whose arguments are no object (not summarised): their
        # tool was called.
        self.not_objects_by_key: dict[Key, int] = {}
        self.problems: list[BrokenLine] = []
        self.problem_count = 0
        self.unreadable: list[BrokenLine] = []
        # Summaries merged in (`--calls-summary`): their calls cannot be read again for the gate.
        self.from_summaries = False

    @classmethod
    def load(cls, paths: Iterable[str], tools: Iterable, contents: Mapping[str, bytes] | None = None) -> Traffic:
        """The calls in `paths`, summarised for `tools`; a call to any other tool is counted by name."""
        traffic = cls(contents)
        traffic._wanted = traffic._keys_of(tools)
        traffic._take(traffic._first_reading(list(paths)))
        return traffic

    @classmethod
    def of_calls(cls, items: Iterable[RecordedCall | BrokenLine], tools: Iterable, shown: str) -> Traffic:
        """Calls read already (those of a Spark partition, named `shown`), summarised for
        `tools` as `load` does; none is kept, since no gate reads them."""
        traffic = cls()
        traffic._wanted = traffic._keys_of(tools)
        traffic._keeping = False
        traffic._take(traffic._calls(items, shown))
        return traffic

    def _take(self, calls: Iterator[tuple[Key, Any]]) -> None:
        for key, arguments in calls:
            self._kinds_read.add(key[0])
            if key in self._wanted:
                self._summarise(key, arguments)
            else:
                self.other.add(key[1])
            self.calls += 1

    def summary(self) -> TrafficSummary:
        """What was read, as the value `infer --emit-summary` writes."""
        from schema_lint.traffic.traffic_summary import TrafficSummary

        summary = TrafficSummary()
        summary.calls, summary.not_objects, summary.broken_lines = self.calls, self.not_objects, self.problem_count
        summary.tools, summary.other = dict(self.summaries), self.other
        return summary

    def add_summary(self, summary: TrafficSummary) -> None:
        """Merge in calls summarised elsewhere: every tool's, whichever tools were given."""
        self.calls += summary.calls
        self.not_objects += summary.not_objects
        self.problem_count += summary.broken_lines
        self.other.merge(summary.other)
        for key, theirs in summary.tools.items():
            if key not in self.summaries:
                self.summaries[key] = ToolSummary()
                self._kept[key] = None
            self.summaries[key].merge(theirs)
        self.from_summaries = True

    def cover(self, tools: Iterable, exact: bool = False) -> None:
        """Summaries for the tools `load` was not given (those of standard input, of an MCP
        server, of a Python target), by one more reading of the calls; none when every tool
        was given. A tool counts as given by its name and uid: one a fix has edited has a
        new schema, and no call of its own. `exact`: only by every key, its schema's too, as
        `load` would have been given it (an editor's text, whose schema changes as it is
        typed, may come to hold the definition some calls were recorded with)."""
        new = self._keys_of([tool for tool in tools if exact or not self._covers(tool)]) - self._wanted
        if not new:
            return
        self._wanted |= new
        if not any(key[0] in self._kinds_read for key in new):
            return  # no call is recorded under a key of their kinds (none carries its tool's definition)
        for key, arguments in self._read_again():
            if key in new:
                self._summarise(key, arguments)

    def _keys_of(self, tools: Iterable) -> set[Key]:
        """Every key a call of one of `tools` may be recorded under, each tool's definition
        noted under its name."""
        keys: set[Key] = set()
        for tool in tools:
            own = tool_keys(tool)  # its name's, its schema's, its uid's
            keys.update(own)
            self._definitions.setdefault(tool.name, set()).add(own[1])
        return keys

    def _key(self, call: RecordedCall) -> Key:
        """The key `call` is summarised under (`call_key`), or its name's when it cites a uid
        none of the tools has and one tool alone has its name."""
        key = call_key(call)
        if key[0] == "uid" and key not in self._wanted and len(self._definitions.get(call.tool, ())) == 1:
            return ("name", call.tool)
        return key

    def _covers(self, tool) -> bool:
        return ("name", tool.name) in self._wanted and (not tool.uid or ("uid", tool.uid) in self._wanted)

    def _summarise(self, key: Key, arguments: dict) -> None:
        summary = self.summaries.get(key)
        if summary is None:
            summary = self.summaries[key] = ToolSummary()
            self._kept[key] = [] if self._keeping else None
        summary.add(arguments)
        self._keep(key, arguments)

    def _keep(self, key: Key, arguments: dict) -> None:
        """Keep the call while all of the tool's calls fit; once one does not, move the
        tool's to the spill (or, past its limit, drop them: the gate reads them again) and
        give their memory to the other tools."""
        kept = self._kept[key]
        if kept is None:
            return
        text = _text(arguments)
        if kept is _SPILLED:
            if text is None or not self._spill.add(key, text):
                self._kept[key] = None
            return
        if text is not None and len(kept) < CALLS_KEPT and self._kept_bytes + sys.getsizeof(text) <= KEPT_BYTES:
            kept.append(text)
            self._kept_bytes += sys.getsizeof(text)
            return
        self._kept_bytes -= sum(map(sys.getsizeof, kept))
        # A call too deep to be written is only in the files.
        moved = text is not None and all(self._spill.add(key, kept_text) for kept_text in [*kept, text])
        self._kept[key] = _SPILLED if moved else None

    def key_of(self, tool) -> Key:
        for key in (("uid", tool.uid or ""), schema_key(tool.name, tool.schema)):
            if key in self.summaries:
                return key
        return ("name", tool.name)

    def summary_for(self, tool) -> ToolSummary | None:
        return self.summaries.get(self.key_of(tool))

    def elsewhere(self, tools: Iterable) -> dict[str, int]:
        """Calls to a tool of `tools` (by name) that were summarised under another definition of
        it, and so are no evidence for it: a summary made with other tool files (which counted
        them as a tool's not listed there), or before the tool changed (under its old schema)."""
        tools = list(tools)
        names, keys = {tool.name for tool in tools}, {self.key_of(tool) for tool in tools}
        found: dict[str, int] = {}
        for key, summary in self.summaries.items():
            if key not in keys and key[1] in names:
                found[key[1]] = found.get(key[1], 0) + summary.calls
        for name, calls in self.other.names.items():
            if name in names:
                found[name] = found.get(name, 0) + calls
        return dict(sorted(found.items()))

    def calls_for(self, tool) -> Iterator[dict]:
        """Every recorded call of the tool, from memory when all of them are kept."""
        key = self.key_of(tool)
        if key not in self.summaries:
            return iter(())
        kept = self._kept[key]
        if kept is _SPILLED:
            return _parsed(self._spill.texts(key))
        if kept is not None:
            return _parsed(kept)
        return (arguments for other, arguments in self._read_again() if other == key)

    def _read_again(self) -> Iterator[tuple[Key, Any]]:
        """Every call read again as the first reading read it (a call a later file logs again,
        once), with nothing reported a second time."""
        repeats = Repeats()
        for shown, source in self._sources:
            yield from self._calls(_read_source(source, self._contents, repeats), shown, report=False)

    def _first_reading(self, paths: list[str]) -> Iterator[tuple[Key, Any]]:
        """Each file's calls, read one file at a time (a pipe is copied for a second reading) but
        with one record of the calls read, so that a call a later file logs again (the next
        day's request history) is read once, as `replay` reads the same files."""
        repeats = Repeats()
        for path in paths:
            if path in self._contents or (path != "-" and (os.path.isfile(path) or not os.path.exists(path))):
                self._sources.append((path, path))
                yield from self._calls(read_calls([path], contents=self._contents, repeats=repeats), path)
                continue
            try:
                source = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115 - closed below
            except OSError as exc:
                self._problem(BrokenLine(path, 0, f"cannot read: {exc.strerror or exc}"))
                continue
            spool = tempfile.TemporaryFile(prefix="schema-lint-calls-")  # noqa: SIM115 - lives as long as the run
            self._sources.append((path, spool))
            with source:
                yield from self._calls(read_calls(["-"], stdin=_Tee(source, spool, path, self), repeats=repeats), path)

    def _calls(self, items, shown: str, report: bool = True) -> Iterator[tuple[Key, Any]]:
        for item in items:
            if isinstance(item, BrokenLine):
                if report:
                    self._problem(dataclasses.replace(item, file=shown))
                continue
            arguments = _arguments(item)
            if arguments is None:
                if report:
                    self.not_objects += 1
                    key = self._key(item)
                    if key in self._wanted:  # the tools given only: a log may name millions of others
                        self.not_objects_by_key[key] = self.not_objects_by_key.get(key, 0) + 1
                continue
            yield self._key(item), arguments

    def _problem(self, line: BrokenLine) -> None:
        if line.reason.startswith("cannot read"):
            self.unreadable.append(line)
            return
        self.problem_count += 1
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(line)


class _Tee:
    """A pipe read line by line that copies what it gives, and ends at :data:`SPOOL_LIMIT`."""

    def __init__(self, source: BinaryIO, spool: BinaryIO, shown: str, traffic: Traffic) -> None:
        self._source, self._spool, self._shown, self._traffic = source, spool, shown, traffic
        self._copied = 0

    def readline(self, limit: int = -1) -> bytes:
        if self._copied >= SPOOL_LIMIT:
            return b""
        line = self._source.readline(limit)
        self._copied += len(line)
        if self._copied >= SPOOL_LIMIT and line:
            self._traffic._problem(BrokenLine(self._shown, 0, f"not read past {SPOOL_LIMIT:,} bytes (a pipe is "
                                                              "copied for the gate, and no further)"))
            return b""
        self._spool.write(line)
        return line


_SPILLED: list[str] = []
"""`Traffic._kept`'s mark for a tool whose calls are in the spill."""


class _Spill:
    """The calls of the tools with more than memory keeps, as JSON lines in an unnamed
    temporary file, each tool's in blocks of its own: the gate reads one tool's calls
    without reading the others'. A tool's calls wait in memory until :data:`BLOCK` bytes
    of them (or :data:`BLOCK` bytes of all tools') are waiting, so a block list grows with
    the bytes spilled divided by :data:`BLOCK`, not with the calls."""

    BLOCK = 64 * 1024

    def __init__(self) -> None:
        self._file: BinaryIO | None = None
        self._size = 0
        self._blocks: dict[Key, list[tuple[int, int]]] = {}  # key → (offset, length) of each block written
        self._waiting: dict[Key, list[bytes]] = {}
        self._waiting_bytes = 0

    def add(self, key: Key, text: str) -> bool:
        """Keep one call of `key`; False once the spill holds :data:`SPOOL_LIMIT` bytes."""
        line = text.encode("utf-8", "surrogatepass") + b"\n"
        if self._size + self._waiting_bytes + len(line) > SPOOL_LIMIT:
            return False
        self._waiting.setdefault(key, []).append(line)
        self._waiting_bytes += len(line)
        if self._waiting_bytes >= self.BLOCK:
            self._write_waiting()
        return True

    def texts(self, key: Key) -> Iterator[str]:
        """The calls of `key`, in the order they were added."""
        self._write_waiting()
        for offset, length in self._blocks.get(key, []):
            assert self._file is not None
            self._file.seek(offset)
            yield from self._file.read(length).decode("utf-8", "surrogatepass").splitlines()

    def _write_waiting(self) -> None:
        if not self._waiting:
            return
        if self._file is None:
            self._file = tempfile.TemporaryFile(prefix="schema-lint-spill-")  # noqa: SIM115 - lives as long as the run
        self._file.seek(self._size)
        for key, lines in self._waiting.items():
            block = b"".join(lines)
            self._file.write(block)
            self._blocks.setdefault(key, []).append((self._size, len(block)))
            self._size += len(block)
        self._waiting, self._waiting_bytes = {}, 0


def _text(arguments: dict) -> str | None:
    """The call as JSON text, or None when it is nested too deeply to be written."""
    try:
        return json.dumps(arguments, ensure_ascii=False)
    except RecursionError:
        return None


def _parsed(texts: Iterable[str]) -> Iterator[dict]:
    """The kept calls. One nested so deep that it cannot be parsed here, deeper in the stack
    than where it was first read, is passed over, as a second reading of the files would."""
    for text in texts:
        try:
            yield json.loads(text)
        except RecursionError:
            continue


def _read_source(source: str | BinaryIO, contents: Mapping[str, bytes], repeats: Repeats):
    """The calls of one source read again: a file, or the copy of a pipe."""
    if isinstance(source, str):
        return read_calls([source], contents=contents, repeats=repeats)
    source.seek(0)
    return read_calls(["-"], stdin=source, repeats=repeats)


def tool_keys(tool) -> list[Key]:
    """Every key a call of `tool` may be recorded under (see :func:`call_key`)."""
    keys = [("name", tool.name), schema_key(tool.name, tool.schema)]
    return keys + [("uid", tool.uid)] if tool.uid else keys


def call_key(call: RecordedCall) -> Key:
    if call.tool_definition is not None:
        from schema_lint.sources.tools import find_tools

        found = find_tools(call.tool_definition, call.tool)
        if found:
            return schema_key(call.tool, found[0].schema)
    return ("uid", call.tool_uid) if call.tool_uid else ("name", call.tool)


def schema_key(name: str, schema: Any) -> Key:
    digest = hashlib.blake2b(json.dumps(schema, sort_keys=True, default=str).encode("utf-8", "surrogatepass"),
                             digest_size=12).hexdigest()
    return ("schema", name, digest)


def _arguments(call: RecordedCall) -> dict | None:
    arguments = call.arguments
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except (ValueError, RecursionError):
            return None
    return arguments if isinstance(arguments, dict) else None
