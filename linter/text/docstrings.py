"""The argument entries of a docstring, which frameworks copy whole into a tool's description
(the mcp SDK's `@mcp.tool()`, langchain's `@tool` without `parse_docstring`, google-genai's
functions, a Pydantic model's class docstring) and leave each argument's schema without words
of its own: those words then speak of the argument as its `description` would ("memo: Note
on the statement, at most 140 characters").

Three styles are read, as the docstring parsers frameworks use read them (griffe, which
pydantic-ai and openai-agents call; docstring_parser):

- Google: an `Args:` block (or `Arguments:`, `Parameters:`, `Keyword Args:`, `Attributes:`
  of a model's fields), each entry `name: text` or `name (type): text`, indented under it;
- NumPy: a `Parameters` (or `Other Parameters`, `Attributes`) heading underlined with
  dashes, each entry `name : type` at the heading's depth, its text indented below;
- Sphinx: `:param name: text` or `:param type name: text`, anywhere.
"""

from __future__ import annotations

import re

from schema_lint.text.lazy_pattern import lazy_compile

# A Google heading, on a line of its own.
_HEADING = lazy_compile(r"^[ \t]*(?:Args|Arguments|Parameters|Keyword Args|Keyword Arguments|Kwargs|Attributes):[ \t\r]*$",
                        re.MULTILINE)
# A Google entry: `name: text` or `name (type): text`, indented under the heading.
_ENTRY = lazy_compile(r"([ \t]+)\*{0,2}(\w+)(?:[ \t]*\([^)\n]*\))?[ \t]*:[ \t]*(\S.*)")
# A NumPy heading: its name, then a line of dashes.
_NUMPY_HEADING = lazy_compile(r"^([ \t]*)(?:Parameters|Other Parameters|Attributes)[ \t\r]*\n[ \t]*-{3,}[ \t\r]*$",
                              re.MULTILINE)
# A NumPy entry's line: `name`, `name : type`, `*args : str`.
_NUMPY_ENTRY = lazy_compile(r"\*{0,2}(\w+)(?:[ \t]*:.*)?")
# A Sphinx field: `:param name: text`, `:param int name: text`.
_SPHINX = lazy_compile(r"([ \t]*):param[ \t]+(?:[^:\n]*?[ \t]+)?\*{0,2}(\w+)[ \t]*:[ \t]*(.*)")
# How much of a description is read for the entries: docstrings are short.
MAX_READ = 20_000


def argument_words(description: object) -> dict[str, str]:
    """Each argument's words in the description's docstring entries, by name: the entry's text
    and the lines indented further below it. Empty without such entries."""
    if not isinstance(description, str):
        return {}
    text = description[:MAX_READ]
    words: dict[str, str] = {}
    for read in (_google, _numpy, _sphinx):
        for name, said in read(text).items():
            if said and name not in words:
                words[name] = said
    return words


class _Entries:
    """Entries read line by line: an entry's first line, then the lines that go on with it."""

    def __init__(self) -> None:
        self.words: dict[str, str] = {}
        self.current: str | None = None

    def start(self, name: str, text: str) -> None:
        self.current = name
        self.words.setdefault(name, text.strip())

    def go_on(self, line: str) -> None:
        if self.current is not None:
            self.words[self.current] = f"{self.words[self.current]} {line.strip()}".strip()


def _depth(line: str) -> int:
    return len(line) - len(line.lstrip())


def _google(text: str) -> dict[str, str]:
    heading = _HEADING.search(text)
    if heading is None:
        return {}
    entries, indent = _Entries(), 0
    block_depth = _depth(heading.group())
    for line in text[heading.end():].splitlines():
        if not line.strip():
            continue
        depth = _depth(line)
        if depth <= block_depth:
            break  # the block ends where a line is indented no further than its heading (`Returns:`)
        entry = _ENTRY.fullmatch(line.rstrip("\r"))
        if entry is not None and (entries.current is None or depth <= indent):
            entries.start(entry.group(2), entry.group(3))
            indent = depth
        elif entries.current is not None and depth > indent:
            entries.go_on(line)
        else:
            entries.current = None
    return entries.words


def _numpy(text: str) -> dict[str, str]:
    if "---" not in text:
        return {}
    entries = _Entries()
    for heading in _NUMPY_HEADING.finditer(text):
        depth, entries.current = _depth(heading.group(1)), None
        for line in text[heading.end():].splitlines()[1:]:
            if not line.strip():
                continue
            if _depth(line) < depth:
                break
            if _depth(line) > depth:
                entries.go_on(line)
                continue
            entry = _NUMPY_ENTRY.fullmatch(line.strip())
            if entry is None:  # the next heading (`Returns`), or its dashes
                break
            entries.start(entry.group(1), "")
    return entries.words


def _sphinx(text: str) -> dict[str, str]:
    if ":param" not in text:
        return {}
    entries, indent = _Entries(), 0
    for line in text.splitlines():
        field = _SPHINX.fullmatch(line.rstrip("\r"))
        if field is not None:
            entries.start(field.group(2), field.group(3))
            indent = _depth(field.group(1))
        elif line.strip() and _depth(line) > indent and not line.lstrip().startswith(":"):
            entries.go_on(line)
        else:
            entries.current = None
    return entries.words
