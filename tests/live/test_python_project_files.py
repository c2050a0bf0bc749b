"""`--fix` on a `--python` target edits only the project's own files: a tool an installed
library defines (in site-packages, under the interpreter's prefix, or anywhere outside the
working directory) keeps its fix as JSON Patch, with a note saying why, and review formats
suggest no edit there; the project's own tools of the same target are still fixed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from livekit import run

from schema_lint.python_tools.project_files import not_the_projects

pytest.importorskip("pydantic")
pytest.importorskip("libcst")

LIBRARY = '''from typing import Annotated

from pydantic import Field


def list_widgets(per_page: Annotated[int, Field(description="Results per page (max 100).")] = 30) -> list:
    """List the widgets."""
    return []
'''
SERVER = '''from typing import Annotated

from pydantic import Field

import acme_tools


def list_orders(per_page: Annotated[int, Field(description="Results per page (max 50).")] = 30) -> list:
    """List the orders."""
    return []


TOOLS = [acme_tools.list_widgets, list_orders]
'''


@pytest.fixture(params=["lib/python3/site-packages", "vendor/dist-packages", "elsewhere"])
def installed(request, tmp_path, monkeypatch) -> Path:
    """A project whose tools include one of a library importable from outside it (where pip
    puts one, or any folder on the path): that library's file."""
    library = tmp_path / request.param
    library.mkdir(parents=True)
    (library / "acme_tools.py").write_text(LIBRARY)
    project = tmp_path / "project"
    project.mkdir()
    (project / "server.py").write_text(SERVER)
    monkeypatch.setenv("PYTHONPATH", str(library))
    monkeypatch.chdir(project)
    return library / "acme_tools.py"


def test_fix_leaves_an_installed_library_s_file_alone_and_says_why(installed):
    result = run("check", "--python", "server:TOOLS", "--unsafe-fixes", "--fix")
    assert installed.read_text() == LIBRARY
    assert 'Field(description="Results per page (max 50).", le=50, ge=1)' in Path("server.py").read_text()
    assert f"not made in the Python source: {installed} is not the project's: " in result.output
    where = "it is outside the working directory" if installed.parent.name == "elsewhere" else \
        f"it is an installed library's, in {installed.parent.name}"
    assert where in result.output


def test_diff_and_review_formats_suggest_no_edit_of_an_installed_library(installed):
    diff = run("check", "--python", "server:TOOLS", "--unsafe-fixes", "--diff").output
    assert f"+++ {installed}" not in diff and "--- server.py" in diff
    assert '"path": "/inputSchema/properties/per_page/maximum", "value": 100' in diff  # as JSON Patch
    findings = json.loads(run("check", "--python", "server:TOOLS", "--output-format", "json").stdout)
    files = {f["tool"]: f["fix"].get("file") for f in findings if f["fix"]}
    assert files == {"list_widgets": None, "list_orders": "server.py"}
    records = json.loads(run("check", "--python", "server:TOOLS", "--output-format", "rdjson").stdout)["diagnostics"]
    suggested = {r["location"]["path"] for r in records if r.get("suggestions")}
    assert suggested == {"server.py"}


def test_a_file_is_the_project_s_only_inside_the_working_directory_and_out_of_the_interpreter_s(tmp_path,
                                                                                              monkeypatch):
    project = tmp_path / "project"
    monkeypatch.chdir(tmp_path)
    os.makedirs(project / ".venv" / "src" / "pkg")
    monkeypatch.chdir(project)
    assert not_the_projects("tools/packages/search.py", [str(tmp_path / "usr")]) is None
    assert not_the_projects(str(project / "site_packages.py"), []) is None  # a name, not the folder
    # A library installed from version control into the project's own venv.
    assert not_the_projects(".venv/src/pkg/tools.py", [str(project / ".venv")]) == (
        f".venv/src/pkg/tools.py is not the project's: it is under the interpreter's prefix {project / '.venv'}")
    # A project kept under the interpreter's prefix (/usr/src/app beside a system Python in /usr).
    assert not_the_projects("app.py", [str(tmp_path)]) is None
    assert "outside the working directory" in not_the_projects(str(tmp_path / "other.py"), [])
    assert "in site-packages" in not_the_projects("lib/site-packages/x.py", [])
