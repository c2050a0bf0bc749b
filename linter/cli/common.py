"""What the commands share: writing through click, and the errors that end a command with
its message and exit 2."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import click


class Positive(click.FloatRange):
    """A number above 0 (seconds, a budget). `click.FloatRange(min=0, min_open=True)` alone lets
    `nan` through, since every comparison with it is false: a deadline of `nan` then raised
    deep in a run, and a timeout of `nan` never ended a hanging import."""

    def __init__(self) -> None:
        super().__init__(min=0, min_open=True)

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if number != number:  # NaN
            self.fail(f"{value!r} is not a number", param, ctx)
        return number


class ClickOutput:
    """A run's `Output` (see `run.check`) on the command's streams, through click: colour
    codes are kept only when asked for (click strips them off a terminal otherwise)."""

    def write(self, text: str, *, err: bool = False, color: bool = False) -> None:
        try:
            click.echo(text, nl=False, err=err, color=color)
        except BrokenPipeError:
            _reader_left(err)

    def line(self, text: str, *, err: bool = False) -> None:
        try:
            click.echo(text, err=err)
        except BrokenPipeError:
            _reader_left(err)


def _reader_left(err: bool) -> None:
    """The pipe's reader left (`| head`): the rest of the report goes nowhere, and the run
    ends with its own exit code (see `run.pipes`)."""
    from schema_lint.run.pipes import drop_rest

    drop_rest(sys.stderr if err else sys.stdout)


def use_color(stream) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stream.isatty()


@contextmanager
def errors_exit() -> Iterator[None]:
    """A configuration error, or what else stops a run before its report, is its message on
    stderr and exit 2."""
    from schema_lint.config import ConfigError
    from schema_lint.run.check import RunError

    try:
        yield
    except (ConfigError, RunError) as exc:
        click.echo(f"schema-lint: error: {exc}", err=True)
        sys.exit(2)


def load_config_or_exit(config_path: str | None):
    """The configuration `--config` names (its paths relative to the working directory, as
    `check` reads it), or the one found from here."""
    from schema_lint.config import load_config

    with errors_exit():
        return load_config(config_path, root=os.getcwd() if config_path else None)


def load_traffic_or_exit(paths, tools, named: str = "--calls ", tools_from_stdin: bool = False, summaries=()):
    """The recorded calls summarised for `tools` (see `run.check.load_traffic`), or exit 2."""
    from schema_lint.run.check import load_traffic

    with errors_exit():
        return load_traffic(ClickOutput(), paths, tools, named, tools_from_stdin, summaries=summaries)
