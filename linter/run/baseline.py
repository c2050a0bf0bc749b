"""Accept today's findings, fail only on new ones: `--write-baseline` and `--baseline`.

A repository that adopts the linter has findings already; a gate that fails on all of
them gets switched off. A baseline records today's findings and a later run reports only
the ones not in it. An entry is keyed by what survives edits elsewhere in the file: the
file (relative to the working directory), the tool, the rule and the JSON pointer, with a
fingerprint of the finding's message, so moving lines keeps an entry and changing what
the finding is about does not. Entries no run finds any more are stale (fixed): the run
says how many, and `--baseline-strict` fails on them so the baseline shrinks as fixes land.
Parse errors (`SL000`) are never baselined.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass

from schema_lint.sources import watch
from schema_lint.model import Diagnostic

VERSION = 1
_NEVER = {"SL000"}


def _key(diagnostic: Diagnostic, start: str | None = None) -> tuple:
    fingerprint = hashlib.sha256(f"{diagnostic.code}\0{diagnostic.message}".encode("utf-8", "surrogatepass"))
    path = diagnostic.path if diagnostic.path == "-" or diagnostic.live else os.path.relpath(diagnostic.path, start)
    return path.replace(os.sep, "/"), diagnostic.tool or "", diagnostic.code, diagnostic.pointer, \
        fingerprint.hexdigest()[:16]


def write(path: str, diagnostics: list[Diagnostic]) -> int:
    """Record the findings in ``path`` (atomically); returns how many were recorded."""
    entries = sorted(_key(d) for d in diagnostics if d.code not in _NEVER)
    body = {"version": VERSION, "findings": [dict(zip(("path", "tool", "code", "pointer", "fingerprint"), entry))
                                             for entry in entries]}
    from schema_lint.fixes.files import write_output

    write_output(path, json.dumps(body, indent=1, ensure_ascii=False) + "\n")
    return len(entries)


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
    records."""
    try:
        body = json.loads(raw.decode("utf-8"))
        return Counter(tuple(entry[k] for k in ("path", "tool", "code", "pointer", "fingerprint"))
                       for entry in body["findings"])
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        raise BaselineError(f"{path}: not a schema-lint baseline ({exc})") from None


def unrecorded(entries: Counter[tuple], diagnostics: list[Diagnostic], start: str | None = None) -> list[Diagnostic]:
    """The findings ``entries`` does not record, each one it does taken off ``entries``. Their
    paths are matched relative to ``start``, the folder the baseline was written from (by
    default the working directory, as `check` writes and reads it)."""
    kept = []
    for diagnostic in diagnostics:
        key = _key(diagnostic, start)
        if diagnostic.code not in _NEVER and entries[key] > 0:
            entries[key] -= 1
        else:
            kept.append(diagnostic)
    return kept


def apply(path: str, raw: bytes, result) -> Applied:
    """Drop from ``result`` the findings the baseline ``raw`` (read from ``path``) records; count
    the stale entries."""
    entries = parse(path, raw)
    kept = unrecorded(entries, result.diagnostics)
    hidden = len(result.diagnostics) - len(kept)
    result.diagnostics = kept
    stale = +entries
    return Applied(hidden, sum(stale.values()), sum(count for key, count in stale.items() if not _exists(key[0])))


def _exists(path: str) -> bool:
    watch.note(path)  # the note a recorded run prints depends on it
    return os.path.exists(path)
