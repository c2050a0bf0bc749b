"""A suppression comment that silences nothing.

## What it does
Reports a `# schema-lint: ignore[...]` or `ignore-file[...]` comment (`//` or `/* */` in
JSONC) under which no finding of the codes it names was reported, when every code it names
was checked in this run (a comment naming a rule that `--select` left out is not judged).

## Why is this bad
A suppression outlives the finding it was written for: once the schema is fixed, the
comment stays and silently hides the next, different finding of that rule on the same
line. ruff reports such comments as RUF100 for the same reason.

## Example
```yaml
title:  # schema-lint: ignore[SL301]
  type: string
  maxLength: 200
```
Use instead:
```yaml
title:
  type: string
  maxLength: 200
```

## Fix safety
No fix yet: remove the comment, or narrow its codes to those it still silences.
"""

from schema_lint.model import Severity

CODE = "SL900"
NAME = "unused-suppression"
SEVERITY = Severity.INFO


def check(ctx):
    """Reported by the engine once every tool of a file is linted; nothing to check per tool."""
    return ()
