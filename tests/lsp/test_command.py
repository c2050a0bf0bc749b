"""`schema-lint server` as a command: listed with the others, and plain about a missing extra."""

from __future__ import annotations

import subprocess
import sys

WITHOUT_PYGLS = """
import sys
sys.modules["pygls"] = None  # as in an environment without the `lsp` extra
sys.argv = ["schema-lint", "server"]
from schema_lint.console import run
run()
"""


def test_the_server_is_listed_among_the_commands():
    done = subprocess.run([sys.executable, "-m", "schema_lint", "--help"], capture_output=True, text=True, timeout=60)
    assert "server " in done.stdout and "Run the language server over stdio" in done.stdout


def test_without_the_lsp_extra_the_server_names_it():
    done = subprocess.run([sys.executable, "-c", WITHOUT_PYGLS], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2  # as every command whose extra is missing
    assert done.stderr.startswith("schema-lint: error: this command needs `pygls`, which the `lsp` extra installs")
    assert "Traceback" not in done.stderr
