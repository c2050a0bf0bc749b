"""English heuristics over names and descriptions.

What kind of field a name says (`field_kinds`), what a description states (`field_prose`),
which fields are needed only for one value of another (`conditional_prose`,
`conditionals`), and whether a tool reads, writes or destroys (`side_effects`).

May import: model, text, schema.
"""
