"""Tools taken from Python objects (`check --python module:attr`): the schemas a team's
code generates, linted without a dump script and without starting a server.

It imports user code, so it runs only when asked. `target` imports the object, `tools`
turns it into MCP tool definitions (a server's own `tools/list`, a Pydantic model's
`model_json_schema()`, function tools' schemas), `source` finds where each was defined,
and `lint` lints them as `schema_lint.live` lints a server's listing.
"""
