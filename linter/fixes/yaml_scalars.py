"""Scalars a YAML fix writes, spelled so that every common loader reads back the value the
fix means, in the quoting the document already uses.

schema-lint reads YAML 1.2, where `on`, `off`, `yes`, `y`, `1:30`, `0o17` and `1_000` are
strings; YAML 1.1 loaders (PyYAML's `safe_load`, Go's yaml.v2, SnakeYAML) read the same plain
scalars as booleans and numbers, and ruamel.yaml's emitter, speaking 1.2, writes them plain:
a fix that rewrote `enum: ["on", "off", "on"]` as `enum: [on, off]` gave a 1.1 reader
`[True, False]`, which no string matches. So a string a fix writes keeps the quotes it has
where the document already holds it, and is quoted whenever a YAML 1.1 or 1.2 loader would
resolve it, plain, to anything but a string (a new one in the document's usual quote mark);
a float keeps a decimal point (`1.0e+20`), without which YAML 1.1 reads a string.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.representer import RoundTripRepresenter
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

_STRING = "tag:yaml.org,2002:str"
# The tags schema-lint reads as JSON numbers, booleans and null; every other scalar is a string.
_NON_STRING = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"}
# ruamel's resolvers of both versions: the 1.1 one holds PyYAML's and yaml.v2's implicit
# types (and `y`/`n`, which yaml.v2 reads as booleans), the 1.2 one what 1.2 loaders add
# (`+.5` is a float only there).
_RESOLVERS = [VersionedResolver(version=(1, 1)), VersionedResolver(version=(1, 2))]
_QUOTED = {"'": SingleQuotedScalarString, '"': DoubleQuotedScalarString}


def misread_plain(text: str) -> bool:
    """Whether a YAML 1.1 or 1.2 loader reads `text`, written as a plain scalar, as anything
    but that string (a boolean, number, null, timestamp, merge key or `=`)."""
    return any(str(resolver.resolve(ScalarNode, text, (True, False))) != _STRING for resolver in _RESOLVERS)


class ScalarStyles:
    """The quoting of the document's strings: for each string value, the style of its first
    occurrence, and the quote mark the document uses most."""

    def __init__(self, root: Any = None):
        self.first: dict[str, str | None] = {}
        marks: Counter[str] = Counter()
        stack, seen = [root] if root is not None else [], set()
        while stack:
            node = stack.pop()
            if id(node) in seen:  # an alias: its node is walked once
                continue
            seen.add(id(node))
            if node.id == "scalar":
                if str(node.tag) not in _NON_STRING:
                    self.first.setdefault(node.value, node.style)
                    if node.style in _QUOTED:
                        marks[node.style] += 1
            elif node.id == "mapping":
                stack.extend(part for pair in reversed(node.value) for part in reversed(pair))
            else:
                stack.extend(reversed(node.value))
        self.mark = max(_QUOTED, key=lambda mark: (marks[mark], mark == "'"))

    def styled(self, value: Any) -> Any:
        """`value` with every string in it (keys too) carrying the quotes it is written with."""
        if isinstance(value, dict):
            return {self.styled(key): self.styled(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self.styled(item) for item in value]
        if not isinstance(value, str):
            return value
        style = self.first.get(value)
        if style not in _QUOTED and misread_plain(value):
            style = self.mark
        return _QUOTED[style](value) if style in _QUOTED else value


class Representer(RoundTripRepresenter):
    """ruamel's round-trip representer, writing floats that YAML 1.1 reads as floats too."""

    def represent_float(self, data: Any) -> Any:
        node = super().represent_float(data)
        if "e" in node.value and "." not in node.value:  # `1e+20`: a string to YAML 1.1
            node.value = node.value.replace("e", ".0e", 1)
        return node


Representer.add_representer(float, Representer.represent_float)
