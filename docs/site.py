"""The documentation site: one page per rule, from the rule's docstring, and one page per
topic, from README's sections, built by mkdocs (`mkdocs.yml` at the checkout's root).

    python docs/site.py            # write docs/rules/ from the rules
    python docs/site.py --check    # exit 1 if docs/rules/ is not what the rules say
    mkdocs build                   # the site, into site/, offline (`pip install mkdocs`)

The rule pages are committed: reports link to them (SARIF's `helpUri`), and by default the
link is `docs/rules/SL301.md` in the repository, which the repository host shows as it is.
Each page is what `schema-lint rule SL301` prints.

The topics are pages written in `docs/` (`docs/fuzz.md`), which the repository host shows as
they are. As an mkdocs hook (`hooks:` in mkdocs.yml), this module makes each page that `nav`
lists and `docs/` lacks from README's `## ` section of the same title: a heading level up,
and links to README's anchors pointed at the page that now holds them. A page written in
`docs/` wins over the README section. So moving a section out of README is mechanical: move
its text to `docs/<page>.md` (headings a level up), leave a link in README; the site does
not change. The home page is README's introduction and every section left in README that
makes no page: what a newcomer reads first. A written page's links out of `docs/`
(`../README.md#install`, `../action.yml`) are pointed at the home page and the repository
host as the site is built.
"""

from __future__ import annotations

import posixpath
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
RULES = DOCS / "rules"
README = REPO / "README.md"
_TOC = re.compile(r"<!-- toc:start -->.*?<!-- toc:end -->\n*", re.S)
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_RULE_ROW = re.compile(r"^\| (SL\d{3}) \|", re.M)  # a row of the rule index (in README, or docs/rules.md)


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
    """The pages to make from README: each page `nav_pages` (path: title) names that is not
    `written` in docs/ (path: text), from the section with its title, and `index.md`: README's
    introduction and every section that makes no page."""
    intro, by_title = sections(readme)
    made = {path: title for path, title in nav_pages.items() if path not in written and title in by_title}
    home = "\n".join(text for title, text in by_title.items() if title not in made.values())
    pages = {"index.md": _TOC.sub("", intro) + home, **{path: promoted(by_title[title]) for path, title in made.items()}}
    where = anchors({**written, **pages})
    return {path: relinked(text, path, where, homepage) for path, text in pages.items()}


def out_of_docs(text: str, page: str, readme_anchors: dict[str, str], homepage: str) -> str:
    """A written page's links out of docs/ as they must read on the site: README and its anchors
    on the page that holds them (`readme_anchors`, anchor: page), any other file of the
    repository on the repository host. `page` is the page's path under docs/."""
    up = "../" * (page.count("/") + 1)
    here = posixpath.dirname(page) or "."

    def link(match: re.Match) -> str:
        target = match.group(1)
        if not target.startswith(up):
            return match.group(0)
        path, _, anchor = target[len(up):].partition("#")
        if path != "README.md":
            return f"]({homepage}/blob/main/{target[len(up):]})"
        holder = posixpath.relpath(readme_anchors.get(anchor, "index.md"), here)
        return f"]({holder}#{anchor})" if anchor else f"]({holder})"
    return _LINK.sub(link, text)


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


# Where each of README's anchors is on the site, anchor: page; `on_files` fills it for
# `on_page_markdown`, which mkdocs calls after it.
_README_ANCHORS: dict[str, str] = {}


def on_files(files, config):
    """Add the topic pages README holds and docs/ does not."""
    from mkdocs.structure.files import File

    from schema_lint.report.links import homepage

    written = {file.src_uri: Path(file.abs_src_path).read_text(encoding="utf-8")
               for file in files if file.is_documentation_page() and file.abs_src_path}
    readme = README.read_text(encoding="utf-8")
    pages = topic_pages(readme, nav_pages(config["nav"]), written, homepage())
    _README_ANCHORS.clear()
    _README_ANCHORS.update(anchors(pages))
    for path, text in pages.items():
        if path not in written:
            files.append(File.generated(config, path, content=text))
    return files


def on_page_markdown(markdown, page, config, files):
    """Each page's links out of docs/ pointed at the site or the repository host, and each row
    of a rule index at its rule's page."""
    from schema_lint.report.links import homepage

    text = out_of_docs(markdown, page.file.src_uri, _README_ANCHORS, homepage())
    return rule_links(text) if "/" not in page.file.src_uri else text


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
