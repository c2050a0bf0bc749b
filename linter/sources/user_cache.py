"""The user's own cache folder, outside any project: `$XDG_CACHE_HOME/schema-lint`, else
`~/.cache/schema-lint` (a relative `XDG_CACHE_HOME` is ignored, as the XDG specification says)."""

from __future__ import annotations

import os


def folder() -> str:
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "schema-lint")
