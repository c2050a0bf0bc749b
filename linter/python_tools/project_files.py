"""Whether a Python file a tool is defined in is the project's own, for `--fix` to edit.

A `--python` target may serve tools an installed library defines (`mcp.add_tool(acme.search)`,
a tool a framework ships). Its file is not the project's: an edit there is lost on the next
`pip install`, invisible to the project's version control, and changes what every other
project on that interpreter runs. So a file is edited only when it is under the working
directory (where `--python` imports the project from) and not where an interpreter keeps
its libraries: a `site-packages` or `dist-packages` folder, or one of the interpreter's
prefixes (`sys.prefix`, `sys.base_prefix`: a venv, the system's Python) that the working
directory is not itself in (a `.venv` inside the project is the interpreter's, not the
project's).
"""

from __future__ import annotations

import os

_LIBRARY_FOLDERS = ("site-packages", "dist-packages")


def not_the_projects(file: str, installed: list[str]) -> str | None:
    """Why `file` is not the project's to edit, or None when it is; `installed`: the
    prefixes of the interpreter that imported it."""
    path = os.path.realpath(file)
    here = os.path.realpath(os.getcwd())
    shown = os.path.relpath(path, here) if _under(path, here) else path
    parts = path.split(os.sep)
    library = next((folder for folder in _LIBRARY_FOLDERS if folder in parts), None)
    if library is not None:
        return f"{shown} is not the project's: it is an installed library's, in {library}"
    for prefix in map(os.path.realpath, installed):
        if _under(path, prefix) and not _under(here, prefix):
            return f"{shown} is not the project's: it is under the interpreter's prefix {prefix}"
    if not _under(path, here):
        return f"{shown} is not the project's: it is outside the working directory"
    return None


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
