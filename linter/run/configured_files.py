"""Files a configuration names (`baseline`, `calls`): read only from inside its repository,
and only as regular files within `max-file-size`.

A configuration comes with the checkout, so whoever opens a pull request writes it:
`baseline = "/dev/zero"` would read without end, a FIFO would block the run, and `calls =
["link"]` with `link -> ~/.ssh/id_ed25519` would read a file of the machine running CI. So
such a path must resolve, links followed, inside the configuration's repository (the folder
holding the nearest `.git` above the configuration file, or the file's own folder outside a
repository), and is then read as an input file is (`read_regular_file`). The same path
given on the command line is the user's own choice, and is read as named.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from schema_lint.sources import watch
from schema_lint.config import Config, ConfigError, key_position
from schema_lint.sources.reading import read_regular_file

if TYPE_CHECKING:
    from schema_lint.model import Diagnostic


class ConfiguredFileError(ConfigError):
    """A file the configuration names that is not read: why, at the line of its key."""

    def __init__(self, config: Config, key: str, reason: str) -> None:
        self.source = str(config.source)
        self.line, self.column = key_position(config.source, key)  # type: ignore[arg-type]  # a key read from a file
        self.message = f"`{key}`: {reason}"
        super().__init__(f"{self.source}:{self.line}:{self.column}: {self.message}")

    def finding(self) -> Diagnostic:
        """The refusal as an `SL000` finding at the key, for a run that goes on without the file."""
        from schema_lint.lint.document import PARSE_ERROR_CODE, PARSE_ERROR_NAME
        from schema_lint.model import Diagnostic, Severity, Span
        from schema_lint.report.ci import checkout_path

        return Diagnostic(code=PARSE_ERROR_CODE, name=PARSE_ERROR_NAME, severity=Severity.ERROR,
                          message=self.message, path=checkout_path(self.source), pointer="",
                          span=Span(self.line, self.column, self.line, self.column))


def read_configured(config: Config, key: str, path: str) -> bytes:
    """The bytes of `path`, which `key` of `config` names; ConfiguredFileError when it lies
    outside the repository or is no regular file within `max-file-size`."""
    watch.note(path)  # a refused path is never opened, which would have noted it
    outside = _outside_repository(config, key, path)
    if outside:
        raise ConfiguredFileError(config, key, outside)
    raw = read_regular_file(path, config.max_file_size)
    if isinstance(raw, str):
        raise ConfiguredFileError(config, key, f"{path}: {raw}")
    return raw


def repository_of(config_file: str) -> str:
    """The folder holding the nearest `.git` above `config_file` (links resolved), or the
    file's own folder outside a repository."""
    folder = directory = os.path.realpath(os.path.dirname(os.path.abspath(config_file)))
    while True:
        marker = os.path.join(directory, ".git")
        watch.note(marker)
        if os.path.exists(marker):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return folder
        directory = parent


def _outside_repository(config: Config, key: str, path: str) -> str | None:
    """Why `path` is not read: where it resolves, outside the repository; None inside it."""
    repository = repository_of(str(config.source))
    resolved = os.path.realpath(path)
    try:
        if os.path.commonpath([resolved, repository]) == repository:
            return None
    except ValueError:  # another drive on Windows
        pass
    through = f" (through a link, to {resolved})" if resolved != os.path.abspath(path) else ""
    return (f"{path}{through} is outside the repository {repository}: a configuration names only files "
            f"in its own repository (give it with --{key} to read it)")
