"""The tools to fuzz, read exactly as `check` reads them.

Same path expansion (include/exclude, `.gitignore`), same parser, same tool discovery
and side-effect classes, so `schema-lint fuzz` accepts every file `schema-lint check`
does. A file that cannot be parsed becomes a `file:line:col: message` line and the
other files are still read; a JSONL file keeps the lines that parse.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from schema_lint.config import DEFAULT_EXCLUDE, Config
from schema_lint.model import Tool
from schema_lint.prose.side_effects import classify
from schema_lint.sources.documents import read_document
from schema_lint.sources.reading import read_stdin
from schema_lint.sources.files import expand_paths
from schema_lint.sources.tools import find_tools


@dataclass
class Inputs:
    """(file, tool) pairs in file order, and the problems met reading the files."""

    tools: list[tuple[str, Tool]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def read_inputs(paths: Iterable[str], config: Config, stdin_name: str | None = None) -> Inputs:
    inputs = Inputs()
    for path in expand_paths(list(paths), config.include, config.exclude, DEFAULT_EXCLUDE, root=config.root):
        if path == "-":
            document = read_document(stdin_name or "-", raw=read_stdin(config.max_file_size),
                                     max_bytes=config.max_file_size)
        else:
            document = read_document(path, max_bytes=config.max_file_size)
        inputs.problems.extend(f"{document.path}:{e.line}:{e.column}: {e.message}" for e in document.errors)
        if document.data is None:
            continue
        stem = os.path.splitext(os.path.basename(document.path))[0]
        for tool in find_tools(document.data, stem):
            inputs.tools.append((document.path, replace(tool, side_effects=classify(tool, config.side_effects))))
    return inputs
