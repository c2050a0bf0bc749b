"""One document's findings, under one configuration: what the rules find, nothing more.

The selected rules over each tool (`document`), suppressions in comments and configuration
(`suppressions`), one finding per problem where a provider's rule and a general one meet
(`supersession`), a finding in a definition several tools share reported once
(`definition_findings`), and the limits that count across the files of a configured
request (`request_groups`).

Nothing here decides which fixes may be offered (`gate`) or applies them (`fixes`).

May import: model, text, schema, prose, profiles, profiles.checks, sources, config, rule.
"""
