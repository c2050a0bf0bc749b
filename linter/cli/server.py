"""`schema-lint server`: the language server, over stdin and stdout (see `schema_lint.lsp`)."""

from __future__ import annotations

import click

from schema_lint.run import run_cache


@click.command()
def server() -> None:
    """Run the language server over stdio, for an editor to start: diagnostics, fixes and
    rule documentation for the tool files it opens (needs the `lsp` extra)."""
    # stdout is the protocol's channel from here on: nothing may copy or record it.
    run_cache.abandon()
    from schema_lint.lsp.server import serve  # without the `lsp` extra: the group's one line naming it, exit 2

    serve()
