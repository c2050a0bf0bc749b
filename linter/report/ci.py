"""Pieces shared by the formats that CI services read (github, sarif, gitlab).

Those services match a finding to a file of the checkout, so paths are given relative
to the working directory (where CI runs the linter) with forward slashes; and they
track a finding across runs by a fingerprint, so it must not depend on anything that
changes when unrelated lines move (no line numbers, no message wording).
"""

from __future__ import annotations

import collections
import functools
import hashlib
import os

from schema_lint.model import source_place


def github_workspace() -> str | None:
    """The checkout's root in a GitHub Actions job (`$GITHUB_WORKSPACE`): GitHub places an
    annotation, and code scanning an alert, by a path from there, whatever folder the step
    ran in (`working-directory:`), as GitLab does from `$CI_PROJECT_DIR`."""
    return os.environ.get("GITHUB_WORKSPACE") or None


def root_uri(root: str | None) -> str:
    """The folder paths are given from (`root`, else the working directory) as a `file:` URI
    ending in a slash, as SARIF's `originalUriBaseIds` anchors relative paths."""
    from pathlib import Path

    folder = Path(os.path.normpath(os.path.join(os.getcwd(), root))) if root else Path.cwd()
    return folder.as_uri().rstrip("/") + "/"


def shown_path(diagnostic, root: str | None = None) -> str:
    """The finding's path as a CI service matches it: a file of the checkout (see
    `checkout_path`), or as is for a tool of a live MCP server (`mcp:<server>/<tool>`),
    which is no file."""
    return diagnostic.path if diagnostic.live else checkout_path(diagnostic.path, root)


def source_position(diagnostic, root: str | None = None) -> tuple[str, int, int | None] | None:
    """File (as `checkout_path` gives it), line and column (when given) of the Python
    definition a `--python` tool's finding was generated from: where a CI service should
    annotate it. `source` is `file:line` or `file:line:col`."""
    place = source_place(diagnostic.source)
    return None if place is None else (checkout_path(place[0], root), place[1], place[2])


def checkout_path(path: str, root: str | None = None) -> str:
    """`path` relative to `root` (by default the working directory) when it lies below it,
    else absolute."""
    cwd = os.getcwd()
    return _checkout_path(path, cwd, os.path.normpath(os.path.join(cwd, root)) if root else cwd)


@functools.lru_cache(maxsize=4096)
def _checkout_path(path: str, cwd: str, root: str) -> str:
    """Cached: a report names the same few files thousands of times."""
    if path == "-":
        return path
    absolute = os.path.normpath(os.path.join(cwd, path))  # join keeps an absolute `path` as is
    relative = os.path.relpath(absolute, root) if _below(absolute, root) else absolute
    return relative.replace(os.sep, "/")


def _below(absolute: str, directory: str) -> bool:
    try:
        return os.path.commonpath([absolute, directory]) == directory
    except ValueError:  # another drive on Windows
        return False


def fingerprints(diagnostics, root: str | None = None) -> list[str]:
    """One fingerprint per diagnostic, from its file, rule, tool and JSON pointer.

    Two findings of one rule at the same node are numbered in report order, so every
    fingerprint in a report is unique (GitLab merges findings that share one).
    """
    seen: collections.Counter = collections.Counter()
    out = []
    for diagnostic in diagnostics:
        key = (shown_path(diagnostic, root), diagnostic.code, diagnostic.tool or "", diagnostic.pointer)
        occurrence = seen[key]
        seen[key] += 1
        text = "\0".join([*key, str(occurrence)])
        # surrogateescape: a file name that is not UTF-8 hashes as its own bytes.
        out.append(hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:32])
    return out
