"""`module:attr` → the object it names, imported as `python -m` would find it.

Importing runs the user's code, and anything may happen there: the module is missing,
raises, calls `sys.exit`, is interrupted. Every failure that leaves the process standing
becomes one `TargetError` that names the target and says what went wrong in one line,
never a traceback. This runs in `worker`'s child process, which has already pointed fd 1
(and so what the module prints) at stderr, and which `child` watches for the failures
that do not leave it standing.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import NamedTuple


class TargetError(Exception):
    """The object cannot be had, or is not one schema-lint reads; the message says why."""


class Target(NamedTuple):
    module: str
    attribute: str

    @property
    def spec(self) -> str:
        return f"{self.module}:{self.attribute}"

    @property
    def path(self) -> str:
        """Where its findings are: `python:<module>:<attr>`, then `/<tool>`."""
        return f"python:{self.spec}"


def parse(spec: str) -> Target:
    module, colon, attribute = spec.strip().partition(":")
    names = attribute.split(".")
    if not colon or not all(part.isidentifier() for part in module.split(".")) \
            or not all(name.isidentifier() for name in names):
        raise TargetError(f"`{spec}`: expected module:attribute, e.g. tickets.server:mcp")
    return Target(module, attribute)


def load(target: Target) -> object:
    """The object, with the working directory first on `sys.path` (as `python -m` puts it)."""
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    try:
        module = importlib.import_module(target.module)
    except (Exception, SystemExit, KeyboardInterrupt) as exc:
        raise TargetError(f"cannot import `{target.module}`: {describe(exc)}") from None
    value: object = module
    for name in target.attribute.split("."):
        try:
            value = getattr(value, name)
        except AttributeError:
            raise TargetError(f"`{target.module}` has no attribute `{target.attribute}`") from None
        except Exception as exc:  # a property or module __getattr__ of the user's
            raise TargetError(f"reading `{target.attribute}` raised {describe(exc)}") from None
    return value


def describe(exc: BaseException) -> str:
    """`Kind: first line` of what user code raised."""
    if isinstance(exc, SystemExit):
        return f"it called sys.exit({exc.code!r})"
    text = (str(exc).splitlines() or [""])[0][:300]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
