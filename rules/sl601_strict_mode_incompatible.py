"""A schema that the provider it is sent to, in strict mode, will refuse.

## What it does
For each provider profile a tool is checked for, reports every part of its schema that
provider refuses, with the provider's own limit. Profiles come from `--profile`, the
`profiles` setting, `"strict": true` on an OpenAI or Anthropic tool, and a Gemini
declaration's `parameters`:

- `openai-strict`: the root is an object, not `anyOf`; every object sets
  `additionalProperties: false`; every property is `required` (optional ones as
  `[T, "null"]`); no `allOf`, `not`, `dependentRequired`, `dependentSchemas`, `if`,
  `then`, `else`; `format` only date-time, time, date, duration, email, hostname, ipv4,
  ipv6, uuid; at most 5,000 properties, 10 levels of nesting, 1,000 enum values and
  120,000 characters of names, enum values and consts.
- `anthropic-strict`: no recursive schemas, no external `$ref`, `additionalProperties`
  only `false`, at most 16 union-typed and 24 optional parameters, `format` from its
  list (the OpenAI list plus `uri`); bounds it does not enforce (`minimum`, `maxLength`,
  `maxItems`…) are reported as info, since they move into the description.
- `gemini`: the OpenAPI 3.0 subset of `parameters`: no `$ref`, `oneOf`, `allOf`,
  `additionalProperties` (nor `const`, `not`, `if`…), one type name per schema;
  function and parameter names of at most 64 characters.

Sources: OpenAI Structured Outputs "Supported schemas"; Claude "Structured outputs → JSON
Schema limitations" and "Strict tool use"; Gemini/Vertex AI `FunctionDeclaration`
reference (see `schema_lint.providers` for the quoted limits).

## Why is this bad
The provider rejects the whole request (HTTP 400) the first time the tool is sent, or
accepts it and silently enforces less than the schema says. Either way the schema you
tested is not the one that runs.

## Example
With `--profile openai-strict`:
```json
{"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["C", "F"]}},
 "required": ["city"]}
```
Use instead:
```json
{"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": ["string", "null"], "enum": ["C", "F", null]}},
 "required": ["city", "unit"], "additionalProperties": false}
```

## Fix safety
Unsafe (tightening), and only where the change is mechanical: openai-strict's
"every property required, optional ones nullable" (a call that left a key out must now
send `null`) and `additionalProperties: false` (undeclared keys are rejected). Everything
else needs a person.
"""

from __future__ import annotations

from schema_lint.model import Severity
from schema_lint.providers import ANTHROPIC_STRICT, GEMINI, OPENAI_STRICT, anthropic_strict, gemini, openai_strict

CODE = "SL601"
NAME = "strict-mode-incompatible"
SEVERITY = Severity.ERROR
FIXABLE = True
_CHECKS = {OPENAI_STRICT: openai_strict.check, ANTHROPIC_STRICT: anthropic_strict.check, GEMINI: gemini.check}


def check(ctx):
    for profile in sorted(ctx.profiles):
        if profile in _CHECKS:
            yield from _CHECKS[profile](ctx)
