"""`schema-lint diff OLD NEW`: what changed between two versions of a set of tools, and
whether a call that worked before can fail after (`changes` decides, `cli.diff` reports).

May import: schema.
"""
