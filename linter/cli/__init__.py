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
}
# The extra that brings a lazy command's optional dependency, by the dependency's top module.
_EXTRAS = {"hypothesis": "fuzz", "hypothesis_jsonschema": "fuzz", "mcp": "mcp", "anyio": "mcp"}


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
                extra = _EXTRAS.get((exc.name or "").split(".")[0], "fuzz")
                raise click.ClickException(f"`{name}` needs an optional dependency: {exc.name} (install "
                                           f"schema-lint with its `{extra}` extra, e.g. pip install '.[{extra}]' "
                                           "in a checkout)") from None
        return super().get_command(ctx, name)

    def parse_args(self, ctx, args):
        if args and args[0] not in self.list_commands(ctx) and args[0] not in ("--help", "-h", "--version"):
            args = ["check", *args]
        return super().parse_args(ctx, args)


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
