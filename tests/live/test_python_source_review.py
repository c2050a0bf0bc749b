"""Review formats on `--python` tools: each fix is an edit of the Python that generates the
tool, suggested on the line of its parameter or field (rdjson, markdown), as SARIF
artifact changes and `json` edits of that file; a fix the regenerated schema would not
carry is shown as JSON Patch only."""

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
SELECTED = ("--extend-select", "SL301,SL403")


@pytest.fixture
def project(tmp_path, monkeypatch):
    for module in (FIXTURES / "python_fixes").glob("*.py"):
        shutil.copy(module, tmp_path / module.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def report(target: str, output_format: str) -> str:
    result = run("check", "--python", target, "--output-format", output_format, *SELECTED)
    assert result.exit_code == 1, result.output
    return result.output


def generated(project, text: str) -> dict:
    """The schemas of the module whose text is `text`, imported in a fresh interpreter."""
    (project / "candidate.py").write_text(text)
    code = ("import json, candidate as m; from pydantic import TypeAdapter; "
            "print(json.dumps({'search_notes': TypeAdapter(m.search_notes).json_schema(), "
            "'NewNote': m.NewNote.model_json_schema()}))")
    return json.loads(subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True, text=True,
                                     check=True).stdout)


def replaced(text: str, first: int, last: int, new: str) -> str:
    lines = text.split("\n")
    return "\n".join(lines[:first - 1] + [new] + lines[last:])


def field_of(schemas: dict, finding: dict) -> dict:
    """The generated schema of the parameter or field the finding is on."""
    tool, pointer = finding["tool"], finding["pointer"]
    return schemas[tool]["properties"][pointer.rsplit("/", 1)[1]]


def test_rdjson_suggests_each_fix_on_its_parameters_line_and_accepting_it_carries_the_fix(project):
    text = (project / "notes_tools.py").read_text()
    records = json.loads(report(NOTES, "rdjson"))["diagnostics"]
    findings = json.loads(report(NOTES, "json"))
    assert len(records) == len(findings) == 5
    suggested = 0
    for record, finding in zip(records, findings):
        (suggestion,) = record["suggestions"]
        assert record["location"]["path"] == "notes_tools.py"
        line = int(finding["source"].rsplit(":", 2)[1])  # the parameter's or field's own line
        assert suggestion["range"] == record["location"]["range"] == {"start": {"line": line},
                                                                      "end": {"line": line}}
        accepted = replaced(text, line, line, suggestion["text"])
        if "It also needs line 4 to read:" in record["message"]:  # the import, outside the comment's lines
            accepted = replaced(accepted, 4, 4, record["message"].split("```python\n")[1].split("\n```")[0])
        fixed = field_of(generated(project, accepted), finding)
        (operation,) = finding["fix"]["patch"]
        assert fixed[operation["path"].rsplit("/", 1)[1]] == operation["value"]
        suggested += 1
    assert suggested == 5


def test_sarif_and_json_carry_the_edits_of_the_python_file(project):
    text = (project / "notes_tools.py").read_text()
    lines = text.split("\n")
    results = json.loads(report(NOTES, "sarif"))["runs"][0]["results"]
    findings = json.loads(report(NOTES, "json"))
    for result, finding in zip(results, findings):
        (fix,) = result["fixes"]
        (change,) = fix["artifactChanges"]
        assert change["artifactLocation"] == {"uri": "notes_tools.py", "uriBaseId": "%SRCROOT%"}
        assert finding["fix"]["file"] == "notes_tools.py"
        sarif_edits = [(r["deletedRegion"]["startLine"], r["deletedRegion"]["startColumn"],
                        r["deletedRegion"]["endLine"], r["deletedRegion"]["endColumn"], r["insertedContent"]["text"])
                       for r in change["replacements"]]
        json_edits = [(e["line"], e["column"], e["end_line"], e["end_column"], e["content"])
                      for e in finding["fix"]["edits"]]
        assert sarif_edits == json_edits and json_edits
        edited = list(lines)
        for line, column, end_line, end_column, content in sorted(json_edits, reverse=True):
            assert line == end_line
            edited[line - 1] = edited[line - 1][:column - 1] + content + edited[line - 1][end_column - 1:]
        fixed = field_of(generated(project, "\n".join(edited)), finding)
        (operation,) = finding["fix"]["patch"]
        assert fixed[operation["path"].rsplit("/", 1)[1]] == operation["value"]


def test_markdown_shows_the_python_line_as_a_suggestion_block(project):
    comment = report(NOTES, "markdown")
    assert ('replacing line 10:\n\n```suggestion\n    query: Annotated[str, Field(description="Text to search for, '
            'at most 80 characters.", max_length=80)],\n```') in comment
    assert "It also needs line 4 to read:\n\n```suggestion\nfrom typing import Annotated, Literal\n```" in comment


def test_a_fix_the_regenerated_schema_would_not_carry_is_no_suggestion(project):
    findings = json.loads(report("rewritten_tools:NewNote", "json"))
    assert findings and all("edits" not in f["fix"] and f["fix"]["patch"] for f in findings if f["fix"])
    records = json.loads(report("rewritten_tools:NewNote", "rdjson"))["diagnostics"]
    assert records and not any("suggestions" in record for record in records)
    results = json.loads(report("rewritten_tools:NewNote", "sarif"))["runs"][0]["results"]
    assert results and not any("fixes" in result for result in results)
