"""Input that cannot be read, parsed or trusted: the run cannot judge it.

## What it does
Reports, at its `file:line:col`, a file that cannot be read (permissions, a FIFO or
device named on the command line, larger than `max-file-size`), that is not valid UTF-8,
JSON, JSONC or YAML, that nests deeper than a tool schema ever goes, or a suppression
comment naming a rule code that does not exist. The engine reports it, not a check over
a tool, so it cannot be deselected: the exit code is 2 whatever `--fail-on` says.

## Why is this bad
A file the linter cannot read is a file nobody checked. Passing it silently would let a
broken tool definition (or a typo in a suppression comment) through the gate.

## Example
```json
{"name": "create_ticket", "inputSchema": {"type": "object",}}
```
Use instead:
```json
{"name": "create_ticket", "inputSchema": {"type": "object"}}
```
(or name the file `.jsonc`, where trailing commas and comments are allowed).

## Fix safety
No fix: what the author meant cannot be read from a file that does not parse.
"""

from schema_lint.model import Severity

CODE = "SL000"
NAME = "parse-error"
SEVERITY = Severity.ERROR


def check(ctx):
    """Reported by the engine while reading files; there is nothing to check per tool."""
    return ()
