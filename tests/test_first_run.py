"""What a newcomer types first and gets wrong: a mistyped command, and a command whose extra is
not installed. Each is one line on stderr and exit 2, never a traceback or a file reported missing."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import REPO

from schema_lint.cli import main

# Runs the console script with the fuzz and mcp extras' modules missing, as in an install without them.
_WITHOUT_EXTRAS = """
import sys

class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("hypothesis", "hypothesis_jsonschema", "mcp"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, Missing())
sys.argv[0] = "schema-lint"
from schema_lint.console import main
main()
"""


@pytest.mark.parametrize(("word", "said"), [
    ("chek", "unknown command `chek`, did you mean `check`? (nor is it a file or folder)"),
    ("lint", "unknown command `lint`, did you mean `check`? (nor is it a file or folder)"),
    ("config", "unknown command `config`, did you mean `check --show-settings`? (nor is it a file or folder)"),
    ("publish", "unknown command `publish` (nor is it a file or folder); commands: check, compat, diff, fuzz, "),
])
def test_a_mistyped_command_is_one_line_and_exit_2(tmp_path, monkeypatch, word, said):
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(main, [word, "--select", "SL201"])
    assert done.exit_code == 2
    assert done.output.startswith(f"schema-lint: error: {said}") and done.output.count("\n") == 1


def test_a_word_that_names_a_path_or_looks_like_one_is_still_linted(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chek").mkdir()
    (tmp_path / "chek" / "t.json").write_text('{"name": "get_x", "inputSchema": {"type": "object"}}')
    assert "chek/t.json:1:1: SL401" in CliRunner().invoke(main, ["chek"]).output
    missing = CliRunner().invoke(main, ["tools.json"])
    assert missing.exit_code == 2 and "tools.json:1:1: SL000 [error] cannot read file" in missing.output


@pytest.mark.parametrize(("args", "extra"), [(["fuzz", "examples/create_ticket.json"], "fuzz"),
                                             (["fuzz", "--help"], "fuzz")])
def test_a_missing_extra_is_one_line_naming_it_and_exit_2(args, extra):
    done = subprocess.run([sys.executable, "-c", _WITHOUT_EXTRAS, *args], capture_output=True, text=True, cwd=REPO)
    if args[-1] == "--help":  # the command's help needs none of its dependencies
        assert (done.returncode, done.stderr) == (0, "")
        return
    assert done.returncode == 2
    assert done.stderr == (f"schema-lint: error: this command needs `hypothesis`, which the `{extra}` extra "
                           f"installs: install schema-lint[{extra}] (pip install '.[{extra}]' in a checkout)\n")
