"""The `schema-lint` command: click only, one module per command, each turning its flags into
what the layers below take and their answers into output and an exit code.

`schema-lint PATH...` is `schema-lint check PATH...`, as with ruff. Commands other than
`check` import their modules only when invoked, so that the `check` path pre-commit runs
on every commit stays fast.

May import: every layer below.
"""

from __future__ import annotations

import sys

import click

from schema_lint import __version__
from schema_lint.cli.check import check

# Subcommands living in their own modules, imported only when invoked.
LAZY_COMMANDS = {
    "rule": ("schema_lint.cli.rules", "rule_command"),
    "rules": ("schema_lint.cli.rules", "rules_command"),
    "fuzz": ("schema_lint.cli.fuzz", "fuzz"),
    "replay": ("schema_lint.cli.replay", "replay"),
    "compat": ("schema_lint.cli.compat", "compat"),
    "snapshot": ("schema_lint.cli.snapshot", "snapshot"),
    "diff": ("schema_lint.cli.diff", "diff"),
    "infer": ("schema_lint.cli.infer", "infer"),
    "server": ("schema_lint.cli.server", "server"),
}
# What a user of ruff or Spectral types, and this command line's word for it.
_PEER_WORDS = {"lint": "check", "config": "check --show-settings"}
# The extra that brings a lazy command's optional dependency, by the dependency's top module.
_EXTRAS = {"hypothesis": "fuzz", "hypothesis_jsonschema": "fuzz", "mcp": "mcp", "anyio": "mcp", "pygls": "lsp",
           "lsprotocol": "lsp"}


class SchemaLintGroup(click.Group):
    """Routes `schema-lint PATH...` to `check`, and loads lazy commands on demand."""

    def list_commands(self, ctx):
        return sorted([*self.commands, *LAZY_COMMANDS])

    def get_command(self, ctx, name):
        if name in LAZY_COMMANDS and name not in self.commands:
            import importlib

            module_name, attribute = LAZY_COMMANDS[name]
            try:
                return getattr(importlib.import_module(module_name), attribute)
            except ModuleNotFoundError as exc:
                if exc.name and exc.name.startswith("schema_lint"):
                    return None
                raise MissingExtra.of(exc) or exc
        return super().get_command(ctx, name)

    def invoke(self, ctx):
        """A command whose optional dependency is missing, found on import or when it runs: one
        line naming the extra that brings it, exit 2, as for any input the run cannot use.
        Ctrl-C: one line and 130, a code no finished run has."""
        try:
            return super().invoke(ctx)
        except ModuleNotFoundError as exc:
            raise MissingExtra.of(exc) or exc
        except KeyboardInterrupt:  # click's "Aborted!" exits 1, the code of a run with findings
            click.echo("schema-lint: interrupted", err=True)
            sys.exit(130)  # as a shell reports a process that SIGINT ended

    def parse_args(self, ctx, args):
        if args and args[0] not in self.list_commands(ctx) and args[0] not in ("--help", "-h", "--version"):
            _refuse_unknown_command(ctx, args[0], self.list_commands(ctx))
            args = ["check", *args]
        return super().parse_args(ctx, args)


class MissingExtra(click.ClickException):
    exit_code = 2

    @classmethod
    def of(cls, error: ModuleNotFoundError) -> MissingExtra | None:
        """The error for a module one of the extras brings; None for any other."""
        package = (error.name or "").split(".")[0]
        extra = _EXTRAS.get(package)
        if extra is None:
            return None
        return cls(f"this command needs `{package}`, which the `{extra}` extra installs: "
                   f"install schema-lint[{extra}] (pip install '.[{extra}]' in a checkout)")

    def show(self, file=None) -> None:
        click.echo(f"schema-lint: error: {self.format_message()}", err=True)


def _refuse_unknown_command(ctx, word: str, commands: list[str]) -> None:
    """`schema-lint chek`: a word that is neither a command nor a path, and reads like a
    command (no `/`, `.` or wildcard, as a path on the command line nearly always has), is a
    mistyped command, not a file to report missing. One line and exit 2, as git and ruff do."""
    import os

    if word == "-" or word.startswith("-") or any(c in word for c in "/\\.*?[") or os.path.lexists(word):
        return
    import difflib

    close = _PEER_WORDS.get(word) or next(iter(difflib.get_close_matches(word, commands, n=1, cutoff=0.6)), None)
    hint = (f", did you mean `{close}`? (nor is it a file or folder)" if close
            else f" (nor is it a file or folder); commands: {', '.join(commands)}")
    click.echo(f"schema-lint: error: unknown command `{word}`{hint}", err=True)
    ctx.exit(2)


@click.group(cls=SchemaLintGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="schema-lint")
def main() -> None:
    """Lint and tighten the JSON Schemas of LLM tools (OpenAI, Anthropic, MCP, Gemini, BFCL)."""
    _escape_unencodable_output()


def _escape_unencodable_output() -> None:
    """A file name that is not valid UTF-8 reaches us holding surrogates (PEP 383); a
    strict UTF-8 stdout would crash on printing it. Print such characters escaped."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


main.add_command(check)
