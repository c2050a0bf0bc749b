"""What `pip install .` installs: every package of the checkout, or the installed tool crashes
on an import that an editable install (as the tests use) would have found."""

from __future__ import annotations

import tomllib

from conftest import REPO


def test_every_subpackage_is_listed_for_the_installed_distribution():
    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    on_disk = {"schema_lint." + init.parent.relative_to(REPO / "linter").as_posix().replace("/", ".")
               for init in (REPO / "linter").rglob("__init__.py") if init.parent != REPO / "linter"}
    assert on_disk - set(setuptools["packages"]) == set()
