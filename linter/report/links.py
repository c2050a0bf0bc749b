"""Where schema-lint's home is and where each rule is explained: the URLs that SARIF
(`informationUri`, each rule's `helpUri`), rdjson (`source.url`) and junit print.

The home is the repository, as `pyproject.toml`'s `[project.urls]` names it (read from the
installed package's metadata, so a fork changes it in one place). A rule's page is
`docs/rules/SL301.md` in that repository (written by `docs/site.py`), which the repository
host shows as it is: the link works without a published site. `--docs-url` (env
`SCHEMA_LINT_DOCS_URL`) points the links at a published build of the documentation site
instead: a base URL, under which the page of SL301 is `rules/SL301.html` (`mkdocs build`
with `docs/mkdocs.yml`), or any URL with `{code}` (and `{name}`) in it, filled in per rule.
"""

from __future__ import annotations

import functools

DISTRIBUTION = "schema-lint"
# The repository when the package's metadata cannot be read (run from a source folder).
_FALLBACK_HOME = "https://github.com/OWNER/schema-lint"
# The branch whose `docs/` folder the default links show.
_DOCS_BRANCH = "main"


@functools.lru_cache(maxsize=1)
def homepage() -> str:
    """The repository's URL, as the package's metadata gives it (`Project-URL: Repository`)."""
    from importlib import metadata

    try:
        urls = metadata.metadata(DISTRIBUTION).get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return _FALLBACK_HOME
    named = dict(url.split(", ", 1) for url in urls if ", " in url)
    return named.get("Repository", _FALLBACK_HOME).rstrip("/")


def rule_url(code: str, name: str = "", docs_url: str | None = None) -> str:
    """The page that explains rule `code`: under `docs_url` (a base, or a URL with `{code}`),
    else in the repository's `docs/rules/` folder."""
    if not docs_url:
        return f"{homepage()}/blob/{_DOCS_BRANCH}/docs/rules/{code}.md"
    if "{code}" in docs_url or "{name}" in docs_url:
        # `replace`, not `format`: any other brace in the URL stays as it is.
        return docs_url.replace("{code}", code).replace("{name}", name)
    return f"{docs_url.rstrip('/')}/rules/{code}.html"
