"""Near-miss fuzzing of tool schemas through the boundary (`schema-lint fuzz`).

May import: model, text, schema, prose, boundary, sources, config, rule, report.
"""
