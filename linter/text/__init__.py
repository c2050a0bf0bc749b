"""Text as schema-lint shows and matches it.

Input clipped and escaped for reports (`display`), and the regular expressions every layer
uses, compiled on first use (`lazy_pattern`) and, for the command line, kept compiled between
runs (`compiled_patterns`); the `Args:` block of a docstring a framework copied into a tool's
description (`docstrings`).

May import: nothing of schema_lint.
"""
