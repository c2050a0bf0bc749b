"""The documentation site: a page per rule, what the rules' docstrings say, and README's
topics as pages, built by mkdocs without the network (docs/site.py, mkdocs.yml)."""

from __future__ import annotations

import re

import pytest
from conftest import REPO, documentation

from schema_lint.rule import load_rules


def _site():
    import importlib.util

    spec = importlib.util.spec_from_file_location("docs_site", REPO / "docs" / "site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rule_pages_in_docs_are_what_the_rules_say():
    assert _site().stale_rule_pages() == [], "docs/rules/ is stale: run python docs/site.py"


@pytest.mark.hostile  # sockets refused: the build must need no network
def test_the_site_builds_offline_with_a_page_per_rule_and_every_readme_section(tmp_path):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    build(load_config(str(REPO / "mkdocs.yml"), site_dir=str(tmp_path), strict=True))
    for code, rule in load_rules().items():
        page = (tmp_path / "rules" / f"{code}.html").read_text(encoding="utf-8")
        assert f"{code} {rule.name}" in page
        assert f'href="{code}.html"' in (tmp_path / "rules" / "index.html").read_text(encoding="utf-8")
    site = _site()
    _, sections = site.sections((REPO / "README.md").read_text(encoding="utf-8"))
    config_nav = site.nav_pages(load_config(str(REPO / "mkdocs.yml"))["nav"])
    for path in config_nav:
        assert (tmp_path / path.replace(".md", ".html")).is_file(), path
    built = [page.read_text(encoding="utf-8") for page in tmp_path.rglob("*.html")]
    for title in sections:  # on the home page, or on a page of its own
        assert any(f'id="{site.slug(title)}"' in page for page in built), f"README's {title} is on no page"
    assert 'href="rules/SL301.html">SL301</a>' in (tmp_path / "rules.html").read_text(encoding="utf-8")
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'id="pre-commit"' in index and 'href="fixes.html' in index
    for page in built:  # nothing the pages load comes from elsewhere
        assert not re.search(r'<(script|link|img)[^>]+(src|href)="(https?:)?//', page)


def test_a_section_moved_to_its_own_page_keeps_the_site_as_it_was():
    site = _site()
    readme = "# x\n\nIntro, see [Fuzz](#fuzz).\n\n## Install\n\npip.\n\n## Fuzz\n\nRun it.\n\n### Budget\n\nB.\n"
    nav = {"fuzz.md": "Fuzz"}
    before = site.topic_pages(readme, nav, {}, "https://h")
    moved_readme = "# x\n\nIntro, see [Fuzz](#fuzz).\n\n## Install\n\npip.\n"
    after = site.topic_pages(moved_readme, nav, {"fuzz.md": before["fuzz.md"]}, "https://h")
    assert before["fuzz.md"] == "# Fuzz\n\nRun it.\n\n## Budget\n\nB.\n"
    assert before["index.md"] == after["index.md"] == "# x\n\nIntro, see [Fuzz](fuzz.md#fuzz).\n\n## Install\n\npip.\n"
    assert "fuzz.md" not in after  # the written page is the page


def test_the_home_page_holds_every_readme_section_that_makes_no_page():
    readme = "# x\n\nIntro.\n\n## Install\n\npip.\n\n## Usage\n\nRun.\n\n## Fuzz\n\nF.\n"
    nav = {"usage.md": "Usage", "fuzz.md": "Fuzz"}
    pages = _site().topic_pages(readme, nav, {"usage.md": "# Usage\n\nThe rest.\n"}, "https://h")
    assert pages["index.md"] == "# x\n\nIntro.\n\n## Install\n\npip.\n\n## Usage\n\nRun.\n"
    assert set(pages) == {"index.md", "fuzz.md"}


def test_a_written_page_links_out_of_docs_to_the_site_and_the_repository_host():
    text = ("See [CI](../README.md#continuous-integration), [Usage](../README.md#usage), [it](../README.md), "
            "[the Action](../action.yml), [Fuzz](fuzz.md#budget) and [PyPI](https://pypi.org/).")
    anchors = {"continuous-integration": "index.md", "usage": "usage.md"}
    assert _site().out_of_docs(text, "output-formats.md", anchors, "https://h") == (
        "See [CI](index.md#continuous-integration), [Usage](usage.md#usage), [it](index.md), "
        "[the Action](https://h/blob/main/action.yml), [Fuzz](fuzz.md#budget) and [PyPI](https://pypi.org/).")
    assert _site().out_of_docs("[CI](../../README.md#ci)", "rules/SL301.md", {}, "https://h") == \
        "[CI](../index.md#ci)"


def test_readme_links_each_page_of_the_site_or_holds_its_section():
    from mkdocs.config import load_config

    site = _site()
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    _, sections = site.sections(readme)
    nav = site.nav_pages(load_config(str(REPO / "mkdocs.yml"))["nav"])
    topics = {path: title for path, title in nav.items() if path != "index.md" and not path.startswith("rules/")}
    unlinked = [path for path, title in topics.items() if f"](docs/{path})" not in readme and title not in sections]
    assert unlinked == [], "README neither links these pages nor holds their sections"


def test_every_link_of_readme_and_the_pages_leads_to_a_file_and_heading_there():
    """As the repository host shows them: a moved section's links, and README's to it, still lead
    somewhere."""
    site = _site()
    broken = []
    for page in documentation():
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.is_file():
                broken.append(f"{page.name}: {target}")
            elif anchor and linked.suffix == ".md" and \
                    anchor not in site.anchors({"": linked.read_text(encoding="utf-8")}):
                broken.append(f"{page.name}: {target} (no such heading)")
    assert broken == []
