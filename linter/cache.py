"""Results of files linted before, so that a second run over unchanged files re-lints nothing.

As ruff's cache: an entry is the findings of one file, keyed by the file's path and
content, under a directory named by everything else that decides them — the resolved
settings, the selected rules, and schema-lint itself (its version and the size and
modification time of every module it runs, so an edited checkout never reads a stale
entry). Entries are written whole to a temporary file and renamed into place, so runs
at the same time (pre-commit and an editor, two CI jobs) never read half an entry; a
broken or unreadable entry is a miss, never an error.

The cache lives in `.schema_lint_cache/` beside the configuration (or the current
directory), which carries its own `.gitignore`; `--no-cache` turns it off and
`--cache-dir` (or `SCHEMA_LINT_CACHE_DIR`) moves it.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from schema_lint import __version__
from schema_lint.model import diagnostic_from_row, diagnostic_row

DIRECTORY = ".schema_lint_cache"
_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# schema-lint's cache (https://bford.info/cachedir/)\n"


@dataclass
class Entry:
    """What linting one file produced."""

    diagnostics: list
    internal_errors: list
    skipped: bool
    tools_checked: int


class Cache:
    def __init__(self, directory: Path, settings: str):
        self.directory = directory
        self.bucket = directory / hashlib.sha256(settings.encode()).hexdigest()[:24]
        self._ready = False

    def key(self, path: str, content: bytes) -> str:
        digest = hashlib.sha256(os.path.abspath(path).encode("utf-8", "surrogateescape"))
        digest.update(b"\0")
        digest.update(content)
        return digest.hexdigest()

    def load(self, key: str) -> Entry | None:
        try:
            with open(self.bucket / key[:2] / key, encoding="utf-8") as handle:
                data = json.load(handle)
            return Entry([diagnostic_from_row(row) for row in data["diagnostics"]],
                         [diagnostic_from_row(row) for row in data["internal_errors"]],
                         bool(data["skipped"]), int(data["tools_checked"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def store(self, key: str, entry: Entry) -> None:
        """Best effort: a cache that cannot be written costs speed, never the run."""
        data = {"diagnostics": [diagnostic_row(d) for d in entry.diagnostics],
                "internal_errors": [diagnostic_row(d) for d in entry.internal_errors],
                "skipped": entry.skipped, "tools_checked": entry.tools_checked}
        import tempfile

        folder = self.bucket / key[:2]
        try:
            self._prepare()
            folder.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=folder, prefix=".entry-")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle, ensure_ascii=False, separators=(",", ":"))
            os.replace(temporary, folder / key)
        except (OSError, TypeError, ValueError):
            try:
                os.unlink(temporary)
            except (OSError, UnboundLocalError):
                pass

    def _prepare(self) -> None:
        """The directory, marked as a cache for git and backup tools, as ruff marks its own."""
        if self._ready:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", "# Automatically created by schema-lint.\n*\n"), ("CACHEDIR.TAG", _TAG)):
            marker = self.directory / name
            if not marker.exists():
                marker.write_text(text, encoding="utf-8")
        self._ready = True


def open_cache(config: Any, rule_codes: list[str], directory: str | None) -> Cache:
    """The cache of runs with exactly these settings and rules, in `directory` or the default."""
    folder = Path(directory or os.environ.get("SCHEMA_LINT_CACHE_DIR") or Path(config.root) / DIRECTORY)
    return Cache(folder, settings_fingerprint(config, rule_codes))


def settings_fingerprint(config: Any, rule_codes: list[str]) -> str:
    """Everything besides a file's path and bytes that decides its findings."""
    settings = {item.name: repr(getattr(config, item.name)) for item in fields(config) if item.name != "source"}
    return json.dumps({"version": __version__, "code": _code_fingerprint(), "rules": rule_codes,
                       "settings": settings}, sort_keys=True)


def _code_fingerprint() -> str:
    """Size and modification time of every module of schema-lint and its rules."""
    import schema_lint
    import schema_lint.rules

    digest = hashlib.sha256()
    for package in (schema_lint, schema_lint.rules):
        for folder, _, names in sorted(os.walk(os.path.dirname(package.__file__))):
            for name in sorted(names):
                if name.endswith(".py"):
                    status = os.stat(os.path.join(folder, name))
                    digest.update(f"{folder}/{name}:{status.st_size}:{status.st_mtime_ns}\n".encode())
    return digest.hexdigest()
