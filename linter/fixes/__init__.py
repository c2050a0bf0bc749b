"""Fixes as verified edits of a file's own text, written atomically, or shown for review.

A fix's JSON Patch operations become the smallest edits of the text in its own style (JSON,
YAML, JSON Lines: `editor` and one editor per format; none that would delete a YAML comment:
`comments`), planned per file so that fixes never
collide and every edited text re-parses to exactly the patched data (`plan`), written only
over the text linted (`files`, `scratch_file`), shown as diffs and review suggestions
(`line_diff`, `review`), with where each value came from (`evidence`), and as JSON Patch
for tools that are in no file (`patches`).

May import: model, text, schema, sources.
"""
