"""The `--python MODULE:ATTR` option of `check` and `snapshot`: a target that is not
`module:attribute` is a usage error (exit 2) before anything runs, not a finding."""

from __future__ import annotations

import click


def python_option(help: str):
    return click.option("--python", "python_targets", multiple=True, metavar="MODULE:ATTR", callback=_checked,
                        help=help)


def _checked(context, parameter, specs: tuple[str, ...]) -> tuple[str, ...]:
    if not specs:
        return specs  # as in nearly every run: the parser stays unimported
    from schema_lint.python_tools.target import TargetError, parse

    for spec in specs:
        try:
            parse(spec)
        except TargetError as exc:
            raise click.BadParameter(str(exc), context, parameter) from None
    return specs
