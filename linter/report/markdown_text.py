"""Text from the input, written into Markdown that GitHub (or reviewdog, which posts to it)
renders: it shows as the characters it holds, and nothing in it takes effect.

A tool, property or file name is written by whoever opens the pull request. Pasted raw
into a comment, `<details>` or `<img src=…>` is HTML, `[x](http://…)` a link, `@team` a
notification, `#12` a reference on another issue, a backtick ends the code span around
the name and a `|` the table cell. Every Markdown report writes such text through one of:

- `code`: a code span, the way to show a name. Nothing inside one renders (CommonMark
  §6.1), and GitHub links no mention or reference inside `<code>` (its mention filter
  skips `pre`, `code` and `a` elements; the html-pipeline `MentionFilter` it published
  says so in `IGNORE_PARENTS`). The fence is longer than any backtick run inside.
- `text`: running text. What starts inline syntax is backslash-escaped (`\\`, backticks,
  `*`, `[`, `~`, `$` for GitHub's math, `_` but between letters), `<` and `&` are written
  as entities, and a mention or reference is put in a code span: a backslash or an
  entity does not stop one, since GitHub finds them in the rendered text.
- `message`: a finding's message. Rules write names in backticks ("string `title` has
  no maxLength"), so the message's code spans are found as CommonMark pairs them and
  written with `code`, and the rest with `text`: `title` still shows as code, and no
  span can be ended by what it holds, since each gets a fence of its own. A name with
  backticks of its own makes the pairing unclear: a message whose spans are not all as
  rules write them is shown as text throughout, every backtick in sight. (Only a name
  that itself looks like the end and start of spans, "a` `b", can still be split.)
- `cell`: any of those inside a table row, its pipes escaped (GFM takes `\\|` as a pipe
  of the cell, inside code spans too).

Control characters are written out first (`display.escape`), so a name holds no line
break: what is written stays inside its line, after the report's own text on it.
"""

from __future__ import annotations

import re

from schema_lint.text.display import escape
from schema_lint.text.lazy_pattern import lazy_compile

_BACKTICKS = lazy_compile("`+")
# Mentions (`@user`, `@org/team`: GitHub takes them after anything but a letter or digit)
# and issue references (`#12`, `owner/repo#12`, `GH-12`), each with what follows it up to
# a space or punctuation: the code span around `#1` must not leave `@x` of `#1@x` at the
# start of the next text. Then the characters that start Markdown inline syntax.
_SPECIAL = lazy_compile(r"(?:(?<![A-Za-z0-9])@[A-Za-z0-9]|#\d|\bGH-\d)[\w@#-]*|_+|[\\`*\[~$<&]")
_ENTITIES = {"<": "&lt;", "&": "&amp;"}
_OPENS_AFTER = " ([{\"'/"
_CLOSES_BEFORE = " )]}\"'/.,:;!?"


def backtick_fence(text: str, shortest: int = 1) -> str:
    """A run of backticks longer than any in `text`: it can open and close a code span
    (or, with `shortest=3`, a fenced block) that `text` cannot end."""
    longest = max((len(run) for run in _BACKTICKS.findall(text)), default=0)
    return "`" * max(shortest, longest + 1)


def code(content: str) -> str:
    return _code(escape(content))


def text(content: str) -> str:
    return _text(escape(content))


def message(content: str) -> str:
    content = escape(content)
    pieces = _code_spans(content)
    if pieces is None:
        return _text(content)
    return "".join(_code(piece) if is_code else _text(piece) for piece, is_code in pieces)


def cell(markdown: str) -> str:
    """Inline Markdown from the functions above, fit for one cell of a table row."""
    return markdown.replace("|", "\\|")


def _code(content: str) -> str:
    if not content:
        return "\\`\\`"  # what an empty name between backticks looks like as text
    fence = backtick_fence(content)
    # CommonMark strips one space from each end of a span's content when both ends have one
    # and it is not all spaces: padded so, a content that starts or ends with a backtick
    # (which would join the fence) or a space shows whole.
    pad = " " if content.strip(" ") and (content[0] in "` " or content[-1] in "` ") else ""
    return f"{fence}{pad}{content}{pad}{fence}"


def _text(content: str) -> str:
    return _SPECIAL.sub(_escaped, content)


def _escaped(match: re.Match) -> str:
    found = match.group()
    if found[0] in "@#G":
        return f"`{found}`"
    if found[0] == "_":
        # Underscores between letters or digits open no emphasis (`search_issues`).
        before, after = match.string[match.start() - 1:match.start()], match.string[match.end():match.end() + 1]
        return found if before.isalnum() and after.isalnum() else found.replace("_", "\\_")
    return _ENTITIES.get(found) or "\\" + found


def _code_spans(content: str) -> list[tuple[str, bool]] | None:
    """`content` as (piece, is_code) pieces, paired as CommonMark pairs backtick runs: a run
    opens a span that the next run of the same length closes. None unless every span is
    one a rule writes (`_written_by_a_rule`) and every run pairs: then some backticks are a
    name's, and the pairing says nothing about where the names are.

    Each run's closer is found from one pass from the end (the next run of its length), so
    the pairing is linear in the message, whatever runs a name holds."""
    runs = [match.span() for match in _BACKTICKS.finditer(content)]
    closers: list[int | None] = [None] * len(runs)
    next_of_length: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        start, end = runs[index]
        closers[index] = next_of_length.get(end - start)
        next_of_length[end - start] = index
    pieces: list[tuple[str, bool]] = []
    position = index = 0
    while index < len(runs):
        closer = closers[index]
        if closer is None or not _written_by_a_rule(content, runs[index], runs[closer]):
            return None
        pieces += [(content[position:runs[index][0]], False), (content[runs[index][1]:runs[closer][0]], True)]
        position = runs[closer][1]
        index = closer + 1
    pieces.append((content[position:], False))
    return pieces


def _written_by_a_rule(content: str, opening: tuple[int, int], closing: tuple[int, int]) -> bool:
    """Whether a span is as rules write one: single backticks, opening at the start or after
    a space or an opening bracket, closing at the end or before a space or punctuation
    (`(root)`, "`title`: …", "`a`/`b`"). A name's own backtick is rarely so placed: in
    "string `x`<b>`y`" the span `x` would close before `<`."""
    (start, end), (close_start, close_end) = opening, closing
    # An empty slice, at either end of the message, is "in" any string.
    return (end - start == 1 and close_end - close_start == 1 and content[start - 1:start] in _OPENS_AFTER
            and content[close_end:close_end + 1] in _CLOSES_BEFORE)
