"""The documentation site: a page per rule, what the rules' docstrings say, and README's
topics as pages, built by mkdocs without the network (docs/site.py, mkdocs.yml)."""

from __future__ import annotations

import re

import pytest
from conftest import REPO

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
    assert set(sections) <= set(config_nav.values()) | set(site.HOME), "a README section with no page"
    for path in config_nav:
        assert (tmp_path / path.replace(".md", ".html")).is_file(), path
    assert 'href="rules/SL301.html">SL301</a>' in (tmp_path / "rules.html").read_text(encoding="utf-8")
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'id="pre-commit"' in index and 'href="fixes.html#fixes"' in index
    for page in tmp_path.rglob("*.html"):  # nothing the pages load comes from elsewhere
        assert not re.search(r'<(script|link|img)[^>]+(src|href)="(https?:)?//', page.read_text(encoding="utf-8")), page


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
