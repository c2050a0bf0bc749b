"""Tools taken from Python objects (`check --python module:attr`): the schemas a team's
code generates, linted without a dump script and without starting a server.

It imports user code, so it runs only when asked, and then in a child process (`child`
starts `worker`), so that what the code does on import (exit, crash, hang, write to fd 1)
cannot end, hang or corrupt the run. There, `target` imports the object, `tools` turns it
into MCP tool definitions (a server's own `tools/list`, a Pydantic model's
`model_json_schema()`, function tools' schemas; `servers` tells servers and server
factories apart), and `source` finds where each was defined; back here `lint` lints them
as `schema_lint.live` lints a server's listing.

May import: sources, config, live.
"""
