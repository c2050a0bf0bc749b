"""The composite GitHub Action: installs from its own checkout and passes its inputs
through to `schema-lint check` (its run step is executed here as the runner would)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import REPO
from ruamel.yaml import YAML


def _action() -> dict:
    return YAML(typ="safe", pure=True).load((REPO / "action.yml").read_text(encoding="utf-8"))


def test_action_is_composite_with_paths_format_and_args():
    action = _action()
    assert action["runs"]["using"] == "composite"
    assert set(action["inputs"]) == {"paths", "format", "args", "output-file"}
    assert action["inputs"]["format"]["default"] == "github"
    install, _ = action["runs"]["steps"]
    assert 'pip install --quiet "${{ github.action_path }}"' in install["run"]


def test_run_step_passes_inputs_as_arguments(tmp_path):
    _, run = _action()["runs"]["steps"]
    bin_dir = tmp_path / "schema-lint-venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "schema-lint").symlink_to(Path(sys.executable).parent / "schema-lint")
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "a b.json").write_text(json.dumps({"name": "get_x", "inputSchema": {
        "type": "object", "properties": {"q": {"type": "string"}}}}))
    env = {**os.environ, "RUNNER_TEMP": str(tmp_path), "SCHEMA_LINT_PATHS": "tools",
           "SCHEMA_LINT_FORMAT": "json", "SCHEMA_LINT_ARGS": "--select SL201 --exit-zero"}
    done = subprocess.run(["bash", "-c", run["run"]], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert [f["code"] for f in json.loads(done.stdout)] == ["SL201"]
    assert run["env"] == {"SCHEMA_LINT_PATHS": "${{ inputs.paths }}", "SCHEMA_LINT_FORMAT": "${{ inputs.format }}",
                          "SCHEMA_LINT_ARGS": "${{ inputs.args }}", "SCHEMA_LINT_OUTPUT_FILE": "${{ inputs.output-file }}"}


def test_run_step_writes_the_report_to_the_output_file_when_given(tmp_path):
    _, run = _action()["runs"]["steps"]
    bin_dir = tmp_path / "schema-lint-venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "schema-lint").symlink_to(Path(sys.executable).parent / "schema-lint")
    (tmp_path / "t.json").write_text(json.dumps({"name": "get_x", "inputSchema": {
        "type": "object", "properties": {"q": {"type": "string"}}}}))
    env = {**os.environ, "RUNNER_TEMP": str(tmp_path), "SCHEMA_LINT_PATHS": "t.json", "SCHEMA_LINT_FORMAT": "sarif",
           "SCHEMA_LINT_ARGS": "--select SL201 --exit-zero", "SCHEMA_LINT_OUTPUT_FILE": "out.sarif"}
    done = subprocess.run(["bash", "-c", run["run"]], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    log = json.loads((tmp_path / "out.sarif").read_text())
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["SL201"]
