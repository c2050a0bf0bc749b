"""Render a real `schema-lint check` run, colours included, as the SVG picture README shows.

    python docs/render_terminal.py           # rewrite docs/check-full.svg
    python docs/render_terminal.py --check   # exit 1 if the picture is not today's output

The picture is the output of :data:`COMMAND` as a terminal shows it (`FORCE_COLOR`), so
README's screenshot cannot drift from what the tool prints: tests/test_readme.py runs the
check.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PICTURE = REPO / "docs" / "check-full.svg"
COMMAND = ["schema-lint", "check", "--output-format", "full", "--select", "SL1,SL2", "examples/create_ticket.json"]

_SGR = re.compile(r"\x1b\[([0-9;]*)m")
_COLOURS = {"31": "#e06c75", "33": "#e5c07b", "36": "#56b6c2"}
_CHAR_WIDTH, _LINE_HEIGHT, _PAD = 8.4, 18, 14


def terminal_output() -> str:
    env = {**os.environ, "FORCE_COLOR": "1", "NO_COLOR": ""}
    env.pop("NO_COLOR")
    args = [sys.executable, "-m", "schema_lint", *COMMAND[1:]]
    return subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True).stdout


def svg(output: str) -> str:
    lines = [f"$ {' '.join(COMMAND)}", *output.rstrip("\n").split("\n")]
    width = int(max(len(_SGR.sub("", line)) for line in lines) * _CHAR_WIDTH + 2 * _PAD)
    height = len(lines) * _LINE_HEIGHT + 2 * _PAD
    rows = [f'<text x="{_PAD}" y="{_PAD + (n + 1) * _LINE_HEIGHT - 4}" xml:space="preserve">{_spans(line)}</text>'
            for n, line in enumerate(lines)]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" '
            'font-size="14">\n'
            f'<rect width="100%" height="100%" rx="6" fill="#282c34"/>\n<g fill="#dcdfe4">\n'
            + "\n".join(rows) + "\n</g>\n</svg>\n")


def _spans(line: str) -> str:
    """The line's text, each run in the colour and weight its SGR codes set."""
    out, colour, bold, position = [], None, False, 0
    for match in [*_SGR.finditer(line), None]:
        end = match.start() if match else len(line)
        text = html.escape(line[position:end])
        if text:
            style = (f' fill="{_COLOURS[colour]}"' if colour else "") + (' font-weight="bold"' if bold else "")
            out.append(f"<tspan{style}>{text}</tspan>" if style else text)
        if match is None:
            break
        codes = match.group(1).split(";") if match.group(1) else ["0"]
        colour, bold = _apply(codes, colour, bold)
        position = match.end()
    return "".join(out)


def _apply(codes: list[str], colour: str | None, bold: bool) -> tuple[str | None, bool]:
    for code in codes:
        if code == "0":
            colour, bold = None, False
        elif code == "1":
            bold = True
        elif code in _COLOURS:
            colour = code
    return colour, bold


def main() -> int:
    picture = svg(terminal_output())
    if "--check" in sys.argv[1:]:
        return 0 if PICTURE.read_text(encoding="utf-8") == picture else 1
    PICTURE.write_text(picture, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
