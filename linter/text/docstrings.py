"""The `Args:` block of a Google-style docstring, which frameworks copy whole into a tool's
description (the mcp SDK's `@mcp.tool()`, langchain's `@tool` without `parse_docstring`,
google-genai's functions) and leave each argument's schema without words of its own: those
words then speak of the argument as its `description` would ("memo: Note on the statement,
at most 140 characters").
"""

from __future__ import annotations

import re

from schema_lint.text.lazy_pattern import lazy_compile

# The heading, on a line of its own.
_HEADING = lazy_compile(r"^[ \t]*(?:Args|Arguments|Parameters):[ \t]*$", re.MULTILINE)
# An entry: `name: text` or `name (type): text`, indented under the heading.
_ENTRY = lazy_compile(r"([ \t]+)\*{0,2}(\w+)(?:[ \t]*\([^)\n]*\))?[ \t]*:[ \t]*(\S.*)")
# How much of a description is read for the block: docstrings are short.
MAX_READ = 20_000


def argument_words(description: object) -> dict[str, str]:
    """Each argument's words in the description's `Args:` block, by name: the entry's text and
    the lines indented further below it. Empty without such a block."""
    if not isinstance(description, str):
        return {}
    heading = _HEADING.search(description, 0, MAX_READ)
    if heading is None:
        return {}
    words: dict[str, str] = {}
    current, indent = None, 0
    heading_line = heading.group()
    block_depth = len(heading_line) - len(heading_line.lstrip())
    for line in description[heading.end():MAX_READ].splitlines():
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        if depth <= block_depth:
            break  # the block ends where a line is indented no further than its heading (`Returns:`)
        entry = _ENTRY.fullmatch(line)
        if entry is not None and (current is None or depth <= indent):
            current, indent = entry.group(2), depth
            words[current] = entry.group(3).strip()
        elif current is not None and depth > indent:
            words[current] += " " + line.strip()
        else:
            current = None
    return words
