"""A keyword or a tool the provider or client accepts and then silently does not honour.

## What it does
For each profile a tool is checked for, reports what that profile takes without an error
but does not enforce or does not send: the constraints (`format`, `pattern`, lengths,
ranges, item bounds) of a tool sent without `strict: true` to OpenAI (`openai`) or
Anthropic (`anthropic`), and the tools past the first 40 that Cursor (`cursor`) leaves out
of the request. Each finding ends with the provider's words and the link, as SL601's do.
`schema-lint compat` marks such a tool `~`.

## Why is this bad
Nothing fails, so nothing tells you: the limit you wrote is a wish the model may ignore,
and a tool past Cursor's 40th is never called. The call the executor gets is not the one
the schema promises, and only a check at the boundary (or strict mode) makes it so.

## Example
With `--profile openai`:
```json
{"type": "object", "properties": {"email": {"type": "string", "format": "email"}}}
```
Send the tool with `"strict": true` (then `openai-strict`'s rules apply), or validate
`email` where the call is executed.

## Fix safety
No fix: what to do (strict mode, a check at the boundary, fewer tools) is a decision.
"""

from __future__ import annotations

from schema_lint.model import Severity
from schema_lint.profiles.checks import problems_of

CODE = "SL602"
NAME = "silent-loss"
SEVERITY = Severity.WARNING


def check(ctx):
    for problem in problems_of(ctx):
        if problem.silent:
            yield problem.finding()
