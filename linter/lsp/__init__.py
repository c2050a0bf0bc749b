"""The language server (`schema-lint server`): findings, fixes and rule documentation in the
editor, from the same engine and configuration as `check`.

What one open document lints to under its configuration, reloaded when that file changes
(`linting`); its findings as the editor's diagnostics, in the position encoding the editor
chose (`positions`, `diagnostics`); quick fixes, fix-all and "ignore this finding" as
verified text edits (`edits`); a rule's documentation on hover (`diagnostics`); and the
protocol itself over stdio, on pygls (`server`, with `protocol` answering every request;
`diagnostics` builds its records).

Linting starts no server and imports no Python target a configuration names: opening a
cloned repository in an editor must not run its code. The configured servers are started
only by an explicit command (`servers`).

May import: model, text, schema, sources, config, rule, lint, fixes, live, run.
"""
