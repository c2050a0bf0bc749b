"""New YAML text for fixed nodes, written by ruamel.yaml's round-trip emitter in the
document's own indentation (guessed by ruamel from the file), line breaks and quoting, so an
inserted member reads like the ones around it, and reads the same to YAML 1.1 and 1.2
loaders (`yaml_scalars`)."""

from __future__ import annotations

import io
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.util import load_yaml_guess_indent

from schema_lint.fixes.yaml_scalars import Representer, ScalarStyles

# Long strings stay on one line: folding them would change lines nobody asked to change.
_NO_WRAP = 1 << 30


class YamlRenderer:
    def __init__(self, text: str, newline: str, inline_scalar_lists: bool = False, styles: ScalarStyles | None = None,
                 mapping_indent: int | None = None):
        try:
            _, indent, sequence_offset = load_yaml_guess_indent(text)
        except Exception:  # the text parsed already; a failed guess only costs the default style
            indent, sequence_offset = None, None
        self.indent = indent or 2
        self.sequence_offset = sequence_offset or 0
        # ruamel's guess is a sequence's (`- name` at 2, its members at 4: 4), which a document
        # may not indent its mappings by (`properties:` then its members 2 further in).
        self.mapping_indent = mapping_indent or self.indent
        self.newline = newline
        # Whether the document writes lists of scalars in flow style (`required: [a, b]`).
        self.inline_scalar_lists = inline_scalar_lists
        self.styles = styles or ScalarStyles()

    def _dump(self, value: Any, flow: bool) -> str:
        yaml = YAML(typ="rt")
        yaml.Representer = Representer
        yaml.width = _NO_WRAP
        yaml.default_flow_style = flow
        yaml.indent(mapping=self.mapping_indent, sequence=self.indent, offset=self.sequence_offset)
        out = io.StringIO()
        yaml.dump(self.styles.styled(value), out)
        return out.getvalue()

    def flow(self, value: Any) -> str:
        """`value` on one line: a plain or quoted scalar, or a flow collection."""
        if isinstance(value, (dict, list)):
            return self._dump(value, flow=True).rstrip("\n")
        return self._dump([value], flow=True).rstrip("\n")[1:-1]

    def block_member(self, key: str, value: Any, indent: str, block: bool = False) -> str:
        """`key: value` as block lines, each starting with `indent` and ending in a line break;
        a list of scalars in flow style where the document writes them so, unless `block` (the
        member replaced was written in block style: it keeps its own)."""
        inline = self.inline_scalar_lists and not block and _scalar_list(value)
        if not isinstance(value, (dict, list)) or not value or inline:
            return indent + self.flow(key) + ": " + self.flow(value) + self.newline
        return self._indented(self._dump({key: value}, flow=False), indent)

    def block_item(self, value: Any, indent: str) -> str:
        """`- value` as block lines, each starting with `indent` and ending in a line break."""
        if not isinstance(value, (dict, list)) or not value:
            return indent + "- " + self.flow(value) + self.newline
        return self._indented(self._dump([value], flow=False), indent)

    def _indented(self, block: str, indent: str) -> str:
        return "".join(indent + line + self.newline for line in block.splitlines())


def _scalar_list(value: Any) -> bool:
    return isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value)
