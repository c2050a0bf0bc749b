"""JSON Pointer (RFC 6901) helpers: the one address format every layer shares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def escape(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def join(pointer: str, *tokens: str | int) -> str:
    return pointer + "".join("/" + escape(t) for t in tokens)


def split(pointer: str) -> list[str]:
    if not pointer:
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"not a JSON pointer: {pointer!r}")
    if "~" not in pointer:
        return pointer[1:].split("/")  # nearly every pointer: no token to unescape
    return [unescape(t) for t in pointer[1:].split("/")]


def parent(pointer: str) -> str:
    return pointer[: pointer.rfind("/")] if pointer else ""


def resolve(document: Any, pointer: str) -> Any:
    """The value at `pointer`; raises LookupError when there is none."""
    return resolve_steps(document, split(pointer))


def resolve_steps(document: Any, steps: Sequence[str | int]) -> Any:
    """The value at the pointer `join("", *steps)` names, read without writing the pointer out
    and splitting it again (a validator reports paths as steps); raises LookupError when there is none."""
    node = document
    for step in steps:
        token = str(step)
        if isinstance(node, dict):
            if token not in node:
                raise LookupError(join("", *steps))
            node = node[token]
        elif isinstance(node, list):
            if not token.isdigit() or int(token) >= len(node):
                raise LookupError(join("", *steps))
            node = node[int(token)]
        else:
            raise LookupError(join("", *steps))
    return node

