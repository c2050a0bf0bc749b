"""Instance paths as the model reads them: ``$.filters.regions``, ``$.sections[0].authors``.

The envelope goes back to a model, which knows JSONPath-like notation from documentation
far better than JSON Pointer; keys that are not plain identifiers are bracket-quoted
(``$["content-type"]``) so every path is unambiguous.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

ROOT = "$"

KEY_LIMIT = 64
"""Characters of a key a path echoes: a megabyte-long key sent by a model must not come back whole."""


def child(path: str, step: str | int) -> str:
    """The path of one member (``str`` key) or element (``int`` index) below ``path``."""
    if isinstance(step, int):
        return f"{path}[{step}]"
    if len(step) > KEY_LIMIT:
        return f"{path}[{json.dumps(step[:KEY_LIMIT] + '…', ensure_ascii=False)}]"
    if _IDENTIFIER.match(step):
        return f"{path}.{step}"
    return f"{path}[{json.dumps(step, ensure_ascii=False)}]"


def format_path(steps: Iterable[str | int]) -> str:
    """Render a sequence of keys and indices, as validators report them, from the root."""
    path = ROOT
    for step in steps:
        path = child(path, step)
    return path
