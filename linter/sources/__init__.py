"""Input, from the paths named to the tools in each file, and a position for a pointer.

Files found under the paths named (`files`, with `.gitignore` and globs matched in linear
time), read as regular files within a limit (`reading`), parsed as JSON, JSONC, YAML or
JSON Lines into a `Document` (`documents`, `document`), the tools found in it in every
published shape (`tools`), a JSON pointer located as line:col only when a finding needs
it (`locate`), and whether a stretch of text is a comment as the format's parser reads
it, never a string (`comments`).

What a run depends on is said as it is read (`watch`), for the run's recorder to listen.
Where schema-lint keeps its own files outside any project, the user's cache folder
(`user_cache`): here, not in `config`, whose import a replayed run could not afford.

May import: model, text, schema, prose.
"""
