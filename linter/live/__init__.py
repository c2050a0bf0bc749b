"""Tools read from running MCP servers instead of files (`--mcp`, `--mcp-url`, `snapshot`).

Most teams never write their tool schemas down: a server generates them. This package
asks the server (`requested` says which, `fetch` talks to it through the `mcp` SDK) and
turns its `tools/list` answer into a document the engine lints like a file
(`document`), with positions that name the server and tool instead of a line.

May import: model, text, schema, sources, config, lint.
"""
