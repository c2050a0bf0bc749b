"""What the cache tests share: a loose tool, edits to a tool file that are certain to
move its stat (the premise both caches rest on, which a real edit meets), and a forger."""

from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from pathlib import Path

LOOSE = {"name": "create_ticket", "description": "Open a ticket.", "inputSchema": {
    "type": "object", "properties": {"title": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}}}}


def changed_for_sure(path: Path, write) -> None:
    """Write, and again after a tick if the stat did not move: only a write within the clock
    tick of the last one can fail to move it, and the caches distrust any file that young."""
    before = stamp_of(path)
    write()
    while path.exists() and stamp_of(path) == before:
        time.sleep(0.01)
        write()


def stamp_of(path: Path):
    info = os.stat(path) if path.exists() else None
    return info and (info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_size)


def edit_tool_file(path: Path, action: str, index: int, value: int) -> None:
    """`rewrite` (new findings), `same-size` (new bytes under the old size and modification
    time) or `remove` the tool file `path`, the `index`th of its folder."""
    if action == "rewrite":
        text = json.dumps(dict(LOOSE, name=f"create_{index}_{'x' * value}"))
        changed_for_sure(path, lambda: path.write_text(text))
    elif action == "same-size" and path.exists():
        text, before = path.read_text(), os.stat(path)
        swapped = text.replace('"type": "string"', '"type": "strinG"', 1) if value % 2 else text.replace(
            '"type": "strinG"', '"type": "string"', 1)
        changed_for_sure(path, lambda: path.write_text(swapped))
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    elif action == "remove" and path.exists():
        path.unlink()


@contextmanager
def forging(monkeypatch):
    """Runs inside write what a pull request can commit in `.schema_lint_cache/`: the cache of
    a schema-lint that finds nothing, installed with the same stamps (a container image), in
    the same place, but under a key of its own. The key is gone afterwards: the user's next
    run makes its own."""
    from schema_lint.run.linter import Linter

    original = Linter.lint_document

    def finding_nothing(self, doc, result):
        before = len(result.diagnostics)
        original(self, doc, result)
        del result.diagnostics[before:]

    with monkeypatch.context() as forger:
        forger.setattr(Linter, "lint_document", finding_nothing)
        yield
    Path(os.environ["SCHEMA_LINT_CACHE_KEY_FILE"]).unlink(missing_ok=True)


def tree(folder: Path) -> dict:
    """Every path under `folder` with its type, size and modification time: what a run must
    leave alone there."""
    return {str(path): (path.is_symlink(), path.is_dir(), path.lstat().st_size, path.lstat().st_mtime_ns)
            for path in folder.rglob("*")}
