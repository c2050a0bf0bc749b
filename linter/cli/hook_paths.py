"""`--pre-commit`: the file names pre-commit appends are read as paths, never as flags.

pre-commit runs `entry + args + filenames` with no `--` between the user's `args:` and the
file names (it cannot add one: `args:` may hold anything), and its maintainers leave it to
each tool. A commit that adds a file named `--exit-zero` or `--fail-on=never` would then
switch the hook's gate off, and one named `--unsafe-fixes` would make the safe-fix hook
tighten schemas. The hooks' `entry` names this marker first; after it, an argument that
looks like an option and names an existing path (pre-commit names only files of the
repository, relative to its root, the hook's working directory) is a file, spelt `./NAME`
so that no parser reads it as an option (nor `-` as stdin). The user's own `args:` keep
working; one that happens to be spelt like an existing file is read as that file, which
only makes the hook stricter or a usage error (exit 2), never quieter.
"""

from __future__ import annotations

import os

import click

MARKER = "--pre-commit"


def hook_arguments(args: list[str]) -> list[str]:
    """`args` as the command should parse them: unchanged without the marker (before any
    `--`); with it, the marker dropped and each later option-like argument that names an
    existing path (`--` too: a file may be named so) made a path."""
    end = args.index("--") if "--" in args else len(args)
    if MARKER not in args[:end]:
        return args
    start = args.index(MARKER)
    return [*args[:start],
            *(os.path.join(os.curdir, arg) if arg.startswith("-") and os.path.lexists(arg) else arg
              for arg in args[start + 1:])]


class HookAwareCommand(click.Command):
    """A command whose arguments may carry the marker (`check`, the command the hooks run)."""

    def parse_args(self, ctx, args):
        return super().parse_args(ctx, hook_arguments(list(args)))
