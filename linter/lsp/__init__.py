"""The language server (`schema-lint server`): findings, fixes and rule documentation in the
editor, from the same engine and configuration as `check`.

What one open document lints to under its configuration, reloaded when that file changes
(`linting`); its findings as the editor's diagnostics, in the position encoding the editor
chose (`positions`, `diagnostics`); quick fixes, fix-all and "ignore this finding" as
verified text edits (`actions`); a rule's documentation on hover (`hover`); and the protocol
itself over stdio, on pygls (`server`, the only module that imports it).

Nothing here starts a server or imports a Python target a configuration names: opening a
cloned repository in an editor must not run its code.

May import: model, text, sources, config, rule, lint, fixes, run.
"""
