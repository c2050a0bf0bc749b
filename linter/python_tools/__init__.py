"""Tools taken from Python objects (`check --python module:attr`): the schemas a team's
code generates, linted without a dump script and without starting a server.

It imports user code, so it runs only when asked, and then in a child process, in the
interpreter of the user's project (`interpreter`), so that what the code does on import
(exit, crash, hang, write to fd 1) cannot end, hang or corrupt the run, and so that the
frameworks read are the project's own. `child` sends that process `worker`, a script of
the standard library alone, which imports the object and reads its tools through the
framework that made them (the mcp SDK of either line, fastmcp, openai-agents,
pydantic-ai, langchain, pydantic), with the source position of each tool and parameter;
back here `lint` lints them as `schema_lint.live` lints a server's listing,
`frameworks` fits the findings to what each framework can express, and `source_fixes`
makes their fixes in the Python source, checked by importing it again.

May import: model, schema, sources, config, fixes, live.
"""
