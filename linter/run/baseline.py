"""Accept today's findings, fail only on new ones: `--write-baseline` and `--baseline`.

A repository that adopts the linter has findings already; a gate that fails on all of
them gets switched off. A baseline records today's findings and a later run reports only
the ones not in it. An entry is keyed by what survives edits elsewhere in the file: the
file (relative to the working directory, or, in the baseline a configuration names, to the
folder its paths are relative to, so that a run from a subfolder finds them), the tool, the rule and the JSON pointer, with a
fingerprint of the finding's message, its numbers and quoted names left out: moving lines
keeps an entry, and so do counts and lists in the message that edits elsewhere change ("3
properties have no description: `a`, `b`, `c`", "takes 3,162 characters"), while a
finding that says something else is new.

A run may lint some files only (pre-commit passes the staged ones): an entry of a file
the run did not lint says nothing about that file. Entries of the files the run linted
that it no longer finds are stale (fixed): the run says how many, and `--baseline-strict`
fails on them so the baseline shrinks as fixes land. So too entries of files not there any
more. `--write-baseline` rewrites the entries of the files it linted and keeps the others.
Parse errors (`SL000`) are never baselined.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from schema_lint.sources import watch
from schema_lint.model import Diagnostic
from schema_lint.text.display import clip

# Version 1 fingerprinted the whole message; its baselines are still read.
VERSION = 2
_NEVER = {"SL000"}
_FIELDS = ("path", "tool", "code", "pointer", "fingerprint")
# What a message says that edits elsewhere change: numbers as messages write them (3, 3,162,
# 0.5, -1) and the names and values it quotes (the pointer already says where it is).
_VOLATILE = re.compile(r"`[^`]*`|-?\d[\d,]*(?:\.\d+)?")
# Where a finding is not in a file: a live server's tools (`mcp:<server>/<tool>`), a
# `--python` target's (`python:<module>:<attr>/<tool>`), standard input (`-`).
_NOT_FILES = ("mcp:", "python:")


def _key(diagnostic: Diagnostic, start: str | None = None, version: int = VERSION) -> tuple:
    message = diagnostic.message if version == 1 else _VOLATILE.sub("#", diagnostic.message)
    fingerprint = hashlib.sha256(f"{diagnostic.code}\0{message}".encode("utf-8", "surrogatepass"))
    return _where(diagnostic, start), diagnostic.tool or "", diagnostic.code, diagnostic.pointer, \
        fingerprint.hexdigest()[:16]


def _where(diagnostic: Diagnostic, start: str | None = None) -> str:
    """The path an entry names: a file relative to ``start`` (by default the working directory)."""
    if diagnostic.path == "-" or diagnostic.live:
        return diagnostic.path
    return os.path.relpath(diagnostic.path, start).replace(os.sep, "/")


def linted_paths(documents, start: str | None = None) -> frozenset[str]:
    """The paths, as entries name them, of what a run linted (its documents' paths): the
    entries naming anything else are outside the run."""
    return frozenset(os.path.relpath(path, start).replace(os.sep, "/") if _is_file(path) else path
                     for path in documents)


def _is_file(path: str) -> bool:
    return path != "-" and not path.startswith(_NOT_FILES)


def _in_run(path: str, linted: frozenset[str]) -> bool:
    """Whether the entry naming ``path`` is of something the run linted: the file itself, or the
    server or `--python` target whose tool it names (`mcp:<server>` for `mcp:<server>/<tool>`)."""
    if path in linted:
        return True
    if _is_file(path) or path == "-":
        return False
    return any(path[:index] in linted for index, char in enumerate(path) if char == "/")


def write(path: str, diagnostics: list[Diagnostic], linted: frozenset[str] = frozenset(),
          start: str | None = None) -> tuple[int, int]:
    """Record the findings in ``path`` (atomically), their paths relative to ``start`` (by
    default the working directory), keeping the entries the baseline there holds of what this
    run did not lint (``linted``, see `linted_paths`) and is still there; returns how many
    findings were recorded, and how many entries were kept."""
    entries = [_key(d, start) for d in diagnostics if d.code not in _NEVER]
    recorded = len(entries)
    for key, count in _kept(path, linted, start).items():
        entries += [key] * count
    entries.sort()
    body = {"version": VERSION, "findings": [dict(zip(_FIELDS, entry)) for entry in entries]}
    from schema_lint.fixes.files import write_output

    write_output(path, json.dumps(body, indent=1, ensure_ascii=False) + "\n")
    return recorded, len(entries) - recorded


class BaselineError(ValueError):
    pass


@dataclass
class Applied:
    hidden: int
    stale: int
    # Stale entries naming a file that is not there from this working directory: the baseline
    # was most likely written from another folder, not fixed.
    elsewhere: int = 0


def read(path: str, max_bytes: int) -> bytes:
    """The baseline named on the command line, read up to ``max_bytes``: a pipe too (``--baseline
    <(git show main:.schema-lint-baseline.json)``), and `/dev/zero` ends there. One a
    configuration names is read as `configured_files` says."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise BaselineError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise BaselineError(f"{path}: larger than the {max_bytes:,}-byte limit (setting `max-file-size`)")
    return raw


def parse(path: str, raw: bytes) -> Counter[tuple]:
    """The entries of the baseline ``raw`` (read from ``path``), each with how many findings it
    records. A baseline may hold entries of both versions: one rewritten over some files keeps
    the others' entries as an earlier version wrote them."""
    try:
        body = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BaselineError(f"{path}: not a schema-lint baseline (not UTF-8)") from None
    except json.JSONDecodeError as exc:
        raise BaselineError(f"{path}:{exc.lineno}:{exc.colno}: not a schema-lint baseline (invalid JSON: "
                            f"{exc.msg})") from None
    except (ValueError, RecursionError):  # an integer past Python's digits, nesting past its stack
        raise BaselineError(f"{path}: not a schema-lint baseline (not JSON it can read)") from None
    return Counter(_entries(path, body))


def _entries(path: str, body: Any) -> Iterator[tuple]:
    """Each entry of a baseline's JSON as a key, or the error saying, in the file's own terms,
    what is not a baseline's."""
    def refused(why: str) -> BaselineError:
        return BaselineError(f"{path}: not a schema-lint baseline ({why})")

    if not isinstance(body, dict) or not isinstance(body.get("findings"), list):
        raise refused("no `findings` list")
    version = body.get("version", 1)
    if version not in (1, VERSION):
        raise refused(f"version {clip(repr(version))}; this schema-lint reads 1 and {VERSION}")
    for number, entry in enumerate(body["findings"], 1):
        if not isinstance(entry, dict):
            raise refused(f"finding {number:,} is no object")
        for field in _FIELDS:
            if field not in entry:
                raise refused(f"finding {number:,} has no `{field}`")
            if not isinstance(entry[field], (str, int, float, bool, type(None))):
                raise refused(f"the `{field}` of finding {number:,} is no text")
        yield tuple(entry[field] for field in _FIELDS)


def _kept(path: str, linted: frozenset[str], start: str | None) -> Counter[tuple]:
    """The entries of the baseline at ``path`` that a new one keeps: those of what the run did
    not lint, where that is still there, as they were written (`unrecorded` matches either
    version's fingerprint). None of an unreadable baseline: what it holds is not known."""
    try:
        with open(path, "rb") as handle:
            entries = parse(path, handle.read())
    except (OSError, BaselineError):
        return Counter()
    return Counter({key: count for key, count in entries.items()
                    if not _in_run(key[0], linted) and (not _is_file(key[0]) or _exists(key[0], start))})


def unrecorded(entries: Counter[tuple], diagnostics: list[Diagnostic], start: str | None = None) -> list[Diagnostic]:
    """The findings ``entries`` does not record, each one it does taken off ``entries``. Their
    paths are matched relative to ``start``, the folder the baseline was written from (by
    default the working directory, as `check` writes and reads it); their fingerprints as this
    version writes them, else as version 1 did."""
    kept = []
    for diagnostic in diagnostics:
        if diagnostic.code in _NEVER:
            kept.append(diagnostic)
            continue
        key = _key(diagnostic, start)
        if entries[key] <= 0:
            key = _key(diagnostic, start, 1)
        if entries[key] > 0:
            entries[key] -= 1
        else:
            kept.append(diagnostic)
    return kept


def apply(path: str, raw: bytes, result, start: str | None = None) -> Applied:
    """Drop from ``result`` the findings the baseline ``raw`` (read from ``path``, its paths
    relative to ``start``) records; count the stale entries: those of what the run linted,
    and those of files not there any more."""
    entries = parse(path, raw)
    kept = unrecorded(entries, result.diagnostics, start)
    hidden = len(result.diagnostics) - len(kept)
    result.diagnostics = kept
    linted = linted_paths(result.documents, start)
    left = +entries
    fixed = sum(count for key, count in left.items() if _in_run(key[0], linted))
    elsewhere = sum(count for key, count in left.items()
                    if not _in_run(key[0], linted) and _is_file(key[0]) and not _exists(key[0], start))
    return Applied(hidden, fixed + elsewhere, elsewhere)


def _exists(path: str, start: str | None = None) -> bool:
    """Whether the file an entry names (relative to ``start``) is there."""
    path = os.path.join(start or "", path)
    watch.note(path)  # the note a recorded run prints depends on it
    return os.path.exists(path)
