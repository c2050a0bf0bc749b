"""`--fix`/`--diff` on `--python` tools: the fix is made in the Python that generates the
schema (`python_tools.source_fixes`), checked by importing the edited module before anything
is shown or written."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES
from livekit import run

pytest.importorskip("pydantic")
pytest.importorskip("libcst")

NOTES = "notes_tools:TOOLS"
# The rules whose fixes carry the stated limits here are off by default.
SELECTED = ("--extend-select", "SL301,SL403")


@pytest.fixture
def project(tmp_path, monkeypatch):
    for module in (FIXTURES / "python_fixes").glob("*.py"):
        shutil.copy(module, tmp_path / module.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def findings(target: str) -> list[dict]:
    return json.loads(run("check", "--python", target, "--output-format", "json", "--unsafe-fixes", *SELECTED).output)


def schemas(project, module: str) -> dict:
    """The schemas the module generates now, read in a fresh interpreter."""
    code = (f"import json, {module} as m; from pydantic import TypeAdapter; "
            "print(json.dumps({'search': TypeAdapter(m.search_notes).json_schema(), "
            "'note': m.NewNote.model_json_schema()}))")
    return json.loads(subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True, text=True,
                                     check=True).stdout)


def test_diff_shows_the_fix_as_an_edit_of_the_python_and_writes_nothing(project):
    before = (project / "notes_tools.py").read_text()
    result = run("check", "--python", NOTES, "--unsafe-fixes", "--diff", *SELECTED)
    assert result.exit_code == 1
    assert "--- notes_tools.py\n+++ notes_tools.py\n" in result.output
    assert '+    query: Annotated[str, Field(description="Text to search for, at most 80 characters.", ' \
           'max_length=80)],' in result.output
    assert '+    title: str = Field(description="The note\'s title, at most 120 characters.", max_length=120)' \
        in result.output
    assert '"op": "add"' not in result.output  # made in the source, not shown as JSON Patch
    assert (project / "notes_tools.py").read_text() == before


def test_fix_writes_the_source_whose_schema_carries_the_fix_and_nothing_else_moves(project):
    path = project / "notes_tools.py"
    before_text, before_schemas = path.read_text(), schemas(project, "notes_tools")
    fixable = [f for f in findings(NOTES) if f["fix"] and f["fix"]["safety"] in ("safe", "unsafe")]
    assert fixable

    result = run("check", "--python", NOTES, "--unsafe-fixes", "--fix", *SELECTED)
    assert result.exit_code in (0, 1)
    after_text, after_schemas = path.read_text(), schemas(project, "notes_tools")
    assert after_schemas["search"]["properties"]["query"]["maxLength"] == 80
    assert after_schemas["note"]["properties"]["title"]["maxLength"] == 120
    assert after_schemas != before_schemas
    changed = [(a, b) for a, b in zip(before_text.splitlines(), after_text.splitlines()) if a != b]
    assert len(before_text.splitlines()) == len(after_text.splitlines())
    assert all(a.lstrip().startswith(("query:", "order:", "title:", "from typing import")) for a, _ in changed)
    assert "# kept" in after_text and "# The note's fields, as the model reads them." in after_text

    remaining = {(f["code"], f["pointer"]) for f in findings(NOTES)}
    assert not {(f["code"], f["pointer"]) for f in fixable} & remaining

    run("check", "--python", NOTES, "--unsafe-fixes", "--fix", *SELECTED)
    assert path.read_text() == after_text  # a second --fix changes nothing


def test_a_fix_the_regenerated_schema_does_not_carry_is_dropped_with_a_note(project):
    before = (project / "rewritten_tools.py").read_text()
    result = run("check", "--python", "rewritten_tools:NewNote", "--unsafe-fixes", "--fix", *SELECTED)
    assert (project / "rewritten_tools.py").read_text() == before
    assert "not made in the Python source: the schema `NewNote` then generates is not the fixed one" in result.output


def test_without_unsafe_fixes_no_tightening_is_written(project):
    before = (project / "notes_tools.py").read_text()
    run("check", "--python", NOTES, "--fix", *SELECTED)
    assert (project / "notes_tools.py").read_text() == before
