"""Which Python imports a `--python` target: the one the target's project runs on.

schema-lint may be installed apart from the project it lints (pipx, a tools venv, a
pre-commit hook's environment), and the framework that generates the schemas is the one
in the project's environment, at the version the project pins; importing the target
anywhere else reads another framework, or fails on a missing package. So the child runs
in, first found: `--python-interpreter PATH`; the active virtual environment
(`$VIRTUAL_ENV`); a `.venv` or `venv` in the working directory (where the target is
imported from, as `python -m` would); else this process's own interpreter.
"""

from __future__ import annotations

import os
import sys

_BIN = ("Scripts", "python.exe") if os.name == "nt" else ("bin", "python")


def interpreter_for(named: str | None) -> str:
    if named:
        return named
    candidates = [os.environ.get("VIRTUAL_ENV", ""), ".venv", "venv"]
    for root in candidates:
        if root:
            python = os.path.join(root, *_BIN)
            if os.path.isfile(python):
                return os.path.abspath(python)
    return sys.executable
