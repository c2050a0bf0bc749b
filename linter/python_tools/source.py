"""Where a tool was defined in Python: the `file:line` shown beside its findings.

A finding on a generated schema is fixed in the code that generated it, so the location
a person needs is the function or model, which `inspect` finds when the source is on
disk (not for a lambda typed at a prompt, a C function or a class built at run time).
"""

from __future__ import annotations

import inspect
import os
from typing import Any


def source_of(definition: Any) -> str | None:
    """`path:line` of `definition` (relative to the working directory when under it), or None.
    Any object: `inspect` refuses one it cannot place with a TypeError."""
    if definition is None:
        return None
    try:
        definition = inspect.unwrap(definition)
        path = inspect.getsourcefile(definition)
        _, line = inspect.getsourcelines(definition)
    except (TypeError, OSError, ValueError):
        return None
    if not path:
        return None
    relative = os.path.relpath(path)
    shown = path if relative.startswith(os.pardir + os.sep) else relative
    return f"{shown}:{max(line, 1)}"
