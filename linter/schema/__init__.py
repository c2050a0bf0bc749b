"""JSON Schema knowledge, and nothing else: no input or output, no English.

Dialects and keywords, type names, every subschema of a tool with its context (`walk`,
`index`), `$ref`s and `$defs`, JSON pointers, JSON Patch operations, ECMA regular
expressions under a bounded engine, and validators built from the bundled metaschemas
without fetching anything (`offline`).

May import: model, text.
"""
