"""The composite GitHub Action: installs from its own checkout and passes its inputs
through to `schema-lint check` (its run step is executed here as the runner would)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from ruamel.yaml import YAML


def _action() -> dict:
    return YAML(typ="safe", pure=True).load((REPO / "action.yml").read_text(encoding="utf-8"))


def test_action_is_composite_with_paths_format_and_args():
    action = _action()
    assert action["runs"]["using"] == "composite"
    assert set(action["inputs"]) == {"paths", "format", "args", "output-file", "docs-url"}
    assert action["inputs"]["format"]["default"] == "github"
    install, _ = action["runs"]["steps"]
    # With the `mcp` extra: the action's own example lints a server (`args: --mcp "…"`).
    assert 'pip install --quiet "${{ github.action_path }}[mcp]"' in install["run"]


def test_run_step_passes_inputs_as_arguments(tmp_path):
    _, run = _action()["runs"]["steps"]
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "a b.json").write_text(json.dumps({"name": "update_x", "inputSchema": {
        "type": "object", "properties": {"q": {"type": "string"}}}}))
    done = _run_step(tmp_path, paths="tools", format="json", args="--select SL201 --exit-zero")
    assert done.returncode == 0, done.stderr
    assert [f["code"] for f in json.loads(done.stdout)] == ["SL201"]
    assert run["env"] == {"SCHEMA_LINT_PATHS": "${{ inputs.paths }}", "SCHEMA_LINT_FORMAT": "${{ inputs.format }}",
                          "SCHEMA_LINT_ARGS": "${{ inputs.args }}", "SCHEMA_LINT_OUTPUT_FILE": "${{ inputs.output-file }}",
                          "SCHEMA_LINT_DOCS_URL": "${{ inputs.docs-url }}"}


def test_run_step_writes_the_report_to_the_output_file_and_annotations_to_the_log(tmp_path):
    (tmp_path / "t.json").write_text(json.dumps({"name": "update_x", "inputSchema": {
        "type": "object", "properties": {"q": {"type": "string"}}}}))
    done = _run_step(tmp_path, paths="t.json", format="sarif", args="--select SL201",
                     output_file="out.sarif")
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("::error file=t.json,")  # the log shows what failed the step
    log = json.loads((tmp_path / "out.sarif").read_text())
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["SL201"]


@pytest.mark.parametrize(("name", "reads"), [("schema-lint.sarif", lambda text: json.loads(text)["version"]),
                                             ("report.xml", lambda text: text.startswith("<?xml"))])
def test_the_output_file_of_the_default_format_takes_its_format_from_its_extension(tmp_path, name, reads):
    (tmp_path / "t.json").write_text(json.dumps({"name": "update_x", "inputSchema": {
        "type": "object", "properties": {"q": {"type": "string"}}}}))
    done = _run_step(tmp_path, paths="t.json", format="github", args="--select SL201 --exit-zero", output_file=name)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("::error file=t.json,")
    assert reads((tmp_path / name).read_text())


def test_an_output_file_of_no_known_format_stops_the_step(tmp_path):
    done = _run_step(tmp_path, paths=".", format="github", output_file="report.txt")
    assert (done.returncode, done.stdout) == (2, "")
    assert "output-file: name its format in `format` or by its extension" in done.stderr


def _run_step(tmp_path, **inputs) -> subprocess.CompletedProcess:
    """The Action's run step as the runner executes it, with `inputs` as its variables."""
    _, run = _action()["runs"]["steps"]
    bin_dir = tmp_path / "schema-lint-venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "schema-lint").symlink_to(Path(sys.executable).parent / "schema-lint")
    (bin_dir / "python").symlink_to(sys.executable)
    env = {**os.environ, "RUNNER_TEMP": str(tmp_path),
           **{f"SCHEMA_LINT_{name.upper()}": value for name, value in inputs.items()}}
    return subprocess.run(["bash", "-c", run["run"]], env=env, cwd=tmp_path, capture_output=True, text=True)


def test_args_carry_an_mcp_command_with_its_quoting(tmp_path):
    server = REPO / "tests" / "fixtures" / "mcp" / "tickets_server.py"
    done = _run_step(tmp_path, paths="", format="json",
                     args=f'--select SL201 --exit-zero --mcp "{sys.executable} {server}"')
    assert done.returncode == 0, done.stderr
    assert {f["file"] for f in json.loads(done.stdout)} >= {"mcp:tickets_server/create_ticket"}


def test_format_carries_several_formats_and_paths_keep_their_quoting(tmp_path):
    (tmp_path / "a b.json").write_text(json.dumps({"name": "update_x", "inputSchema": {
        "type": "object", "properties": {"q": {"type": "string"}}}}))
    done = _run_step(tmp_path, paths='"a b.json"', format="sarif:out.sarif json", args="--select SL201 --exit-zero")
    assert done.returncode == 0, done.stderr
    assert [f["file"] for f in json.loads(done.stdout)] == ["a b.json"]
    assert json.loads((tmp_path / "out.sarif").read_text())["runs"][0]["results"][0]["ruleId"] == "SL201"


def test_an_unclosed_quote_stops_the_step_before_anything_is_linted(tmp_path):
    done = _run_step(tmp_path, paths=".", format="json", args='--mcp "npx -y server')
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "schema-lint action: SCHEMA_LINT_ARGS: No closing quotation\n"
