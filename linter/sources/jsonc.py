"""JSON with comments and trailing commas (JSONC), as editors and TypeScript write it.

`tsconfig.json`, `.vscode/settings.json`, `devcontainer.json` and `*.jsonc` files are JSON
with `//` and `/* */` comments and trailing commas. They are read as JSON after every
comment and trailing comma is blanked out with spaces (line breaks kept), so every offset,
line and column stays that of the file, and fixes edit the file's own text.
"""

from __future__ import annotations

import os

from schema_lint.sources.globs import Globs

JSONC_NAMES = ("*.jsonc", "tsconfig*.json", "jsconfig*.json", "devcontainer.json", ".devcontainer.json",
               ".eslintrc.json", ".babelrc", "settings.json", "launch.json", "tasks.json", "extensions.json",
               "keybindings.json")
"""File names that are JSONC by convention (the editor-settings names only inside `.vscode/`)."""

_VSCODE_ONLY = {"settings.json", "launch.json", "tasks.json", "extensions.json", "keybindings.json"}
# Asked once per file linted, where 13 fnmatch calls showed.
_JSONC_NAME = Globs(os.path.normcase(name) for name in JSONC_NAMES)


def is_jsonc(path: str) -> bool:
    name = os.path.basename(path)
    if name in _VSCODE_ONLY:
        return os.path.basename(os.path.dirname(os.path.abspath(path))) == ".vscode"
    return _JSONC_NAME.match(os.path.normcase(name))


def blank_comments_and_trailing_commas(text: str) -> str:
    """``text`` with comments and trailing commas replaced by spaces, line breaks kept."""
    out = list(text)
    index, length = 0, len(text)
    last_comma = None  # offset of a comma not yet followed by a value
    while index < length:
        char = text[index]
        if char == '"':
            last_comma = None
            index += 1
            while index < length and text[index] != '"':
                index += 2 if text[index] == "\\" else 1
            index += 1
            continue
        if text.startswith("//", index):
            end = text.find("\n", index)
            end = length if end < 0 else end
            out[index:end] = " " * (end - index)
            index = end
            continue
        if text.startswith("/*", index):
            end = text.find("*/", index + 2)
            end = length if end < 0 else end + 2
            out[index:end] = ["\n" if c == "\n" else " " for c in text[index:end]]
            index = end
            continue
        if char == ",":
            last_comma = index
        elif char in "}]":
            if last_comma is not None:
                out[last_comma] = " "
            last_comma = None
        elif not char.isspace():
            last_comma = None
        index += 1
    return "".join(out)
