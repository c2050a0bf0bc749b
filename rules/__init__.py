"""The built-in rules, one module per rule (see `schema_lint.rule` for what a rule module defines).

May import: model, text, schema, prose, profiles, profiles.checks, traffic, rule.
"""

