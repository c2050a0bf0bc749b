"""`module:attr`, the spelling of a `--python` target, checked before anything runs; the
child process (`worker`) imports it."""

from __future__ import annotations

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
