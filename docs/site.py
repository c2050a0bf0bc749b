"""The documentation site: one page per rule, from the rule's docstring, and one page per
topic, from README's sections, built by mkdocs (`mkdocs.yml` at the checkout's root).

    python docs/site.py            # write docs/rules/ from the rules
    python docs/site.py --check    # exit 1 if docs/rules/ is not what the rules say
    mkdocs build                   # the site, into site/, offline (`pip install mkdocs`)

The rule pages are committed: reports link to them (SARIF's `helpUri`), and by default the
link is `docs/rules/SL301.md` in the repository, which the repository host shows as it is.
Each page is what `schema-lint rule SL301` prints.

The topic pages are not committed. As an mkdocs hook (`hooks:` in mkdocs.yml), this module
makes each page that `nav` lists and `docs/` lacks from README's `## ` section of the same
title: a heading level up, and links to README's anchors pointed at the page that now holds
them. A page written in `docs/` wins over the README section. So moving a section out of
README is mechanical: move its text to `docs/<page>.md` (headings a level up), leave a link
in README; the site does not change. The home page is README's introduction and the
`HOME` sections, the ones a newcomer reads first.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
RULES = DOCS / "rules"
README = REPO / "README.md"
# README's sections that the home page holds: what a newcomer needs before anything else.
HOME = ("Quick start", "Install", "pre-commit", "Continuous integration")
_TOC = re.compile(r"<!-- toc:start -->.*?<!-- toc:end -->\n*", re.S)
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_RULE_ROW = re.compile(r"^\| (SL\d{3}) \|", re.M)  # a row of README's rule index


# --- rule pages ---------------------------------------------------------------------------


def rule_pages() -> dict[str, str]:
    """Every rule's page and the index that lists them, by path under docs/."""
    from schema_lint.cli.rules import explanation
    from schema_lint.rule import load_rules

    rules = [rule for rule in load_rules().values() if rule.check.__module__.startswith("schema_lint.rules.")]
    pages = {f"rules/{rule.code}.md": explanation(rule) + "\n" for rule in rules}
    rows = [f"| [{rule.code}]({rule.code}.md) | {rule.name} | {rule.default_severity_text} | "
            f"{'yes' if rule.fixable else ''} |" for rule in rules]
    pages["rules/index.md"] = ("# Rules\n\nEach rule's page is also what `schema-lint rule CODE` prints.\n\n"
                               "| code | name | default severity | fix |\n|---|---|---|---|\n"
                               + "\n".join(rows) + "\n")
    return pages


def stale_rule_pages() -> list[str]:
    """The paths under docs/rules/ that differ from what the rules say, or should not be there."""
    expected = rule_pages()
    on_disk = {f"rules/{path.name}" for path in RULES.glob("*.md")}
    return sorted(path for path in expected.keys() | on_disk
                  if path not in expected or not (DOCS / path).is_file()
                  or (DOCS / path).read_text(encoding="utf-8") != expected[path])


def write_rule_pages() -> None:
    RULES.mkdir(exist_ok=True)
    expected = rule_pages()
    for path in stale_rule_pages():
        if path in expected:
            (DOCS / path).write_text(expected[path], encoding="utf-8")
        else:
            (DOCS / path).unlink()


# --- topic pages from README --------------------------------------------------------------


def slug(title: str) -> str:
    """A heading's anchor, as GitHub and mkdocs' table of contents make it."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def sections(text: str) -> tuple[str, dict[str, str]]:
    """README's introduction (before the first `## `), and each `## ` section by title (without
    the blank lines that separate it from the next)."""
    intro, found, title, fenced = [], {}, None, False
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("## "):
            title = line[3:].strip()
            found[title] = ""
        if title is None:
            intro.append(line)
        else:
            found[title] += line
    return "".join(intro), {title: text.rstrip("\n") + "\n" for title, text in found.items()}


def anchors(pages: dict[str, str]) -> dict[str, str]:
    """Each heading's anchor, by the page that holds it."""
    where = {}
    for page, text in pages.items():
        fenced = False
        for line in text.splitlines():
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced and line.startswith("#"):
                where.setdefault(slug(line.lstrip("#").strip()), page)
    return where


def relinked(text: str, page: str, where: dict[str, str], homepage: str) -> str:
    """README's links as they must read on `page`: an anchor on the page that holds it, a file
    under docs/ relative to the site, any other file of the repository on the repository host."""
    def link(match: re.Match) -> str:
        target = match.group(1)
        if target.startswith("#"):
            holder = where.get(target[1:], page)
            return f"]({target})" if holder == page else f"]({holder}{target})"
        if "://" in target or target.startswith("mailto:"):
            return match.group(0)
        if target.startswith("docs/"):
            return f"]({target[len('docs/'):]})"
        return f"]({homepage}/blob/main/{target})"
    return _LINK.sub(link, text)


def promoted(section: str) -> str:
    """A README section as a page: each heading a level up, outside code blocks."""
    out, fenced = [], False
    for line in section.splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        out.append(line[1:] if not fenced and line.startswith("##") else line)
    return "".join(out)


def topic_pages(readme: str, nav_pages: dict[str, str], written: dict[str, str], homepage: str) -> dict[str, str]:
    """The pages to make from README: `index.md` (its introduction and the `HOME` sections), and
    each page `nav_pages` (path: title) names that is not `written` in docs/ (path: text), from
    the section with its title."""
    intro, by_title = sections(readme)
    pages = {"index.md": _TOC.sub("", intro) + "\n".join(by_title[title] for title in HOME if title in by_title)}
    for path, title in nav_pages.items():
        if path not in written and title in by_title:
            pages[path] = promoted(by_title[title])
    where = anchors({**written, **pages})
    return {path: rule_links(relinked(text, path, where, homepage)) for path, text in pages.items()}


def rule_links(text: str) -> str:
    """Each row of the rule index with its code linked to the rule's page."""
    return _RULE_ROW.sub(r"| [\1](rules/\1.md) |", text)


# --- the mkdocs hooks ---------------------------------------------------------------------


def nav_pages(nav) -> dict[str, str]:
    """The pages mkdocs.yml's `nav` names with a title, path: title."""
    found: dict[str, str] = {}
    for entry in nav or []:
        if isinstance(entry, dict):
            for title, value in entry.items():
                if isinstance(value, str):
                    found[value] = title
                else:
                    found.update(nav_pages(value))
    return found


def on_files(files, config):
    """Add the topic pages README holds and docs/ does not."""
    from mkdocs.structure.files import File

    from schema_lint.report.links import homepage

    written = {file.src_uri: Path(file.abs_src_path).read_text(encoding="utf-8")
               for file in files if file.is_documentation_page() and file.abs_src_path}
    readme = README.read_text(encoding="utf-8")
    for path, text in topic_pages(readme, nav_pages(config["nav"]), written, homepage()).items():
        if path not in written:
            files.append(File.generated(config, path, content=text))
    return files


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        stale = stale_rule_pages()
        for path in stale:
            print(f"docs/{path} is stale: run python docs/site.py", file=sys.stderr)
        return 1 if stale else 0
    write_rule_pages()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
