"""A tool with side effects that cannot be retried safely.

## What it does
Flags a tool that makes something new each time it is called, by the verb of its name
or description (`create`, `send`, `post`, `submit`, `book`, `order`, `pay`, `transfer`,
`refund` …), whose top-level parameters include no idempotency key:
`idempotency_key`, `request_id`, `client_token`, `dedupe_key`, `client_request_id`
(any spelling: `idempotencyKey`, `Idempotency-Key`…), plus the names in the
`idempotency-keys` setting. A tool whose MCP annotations say `idempotentHint: true` is
idempotent by its own account and is skipped. Info, and a warning where the verb moves
money (`pay`, `transfer`, `refund`, `charge`, `order`, `buy` …). A `transfer` that moves no
money (a handoff such as the OpenAI Agents SDK's `transfer_to_billing_agent`, a call's or a
file's transfer) is not one: no finding.

Tools that set, edit, move, label or delete are left alone: calling them twice leaves
the world as calling them once does (`update_event`, `add_label`, `delete_file`), and
on published tools such findings were wrong (`bench/read_sample.py`). So is a tool with
no known verb.

## Why is this bad
Agents retry: after a timeout, a dropped connection, a model that calls twice. Without
a key the executor cannot tell the retry from a second request, and the customer is
charged twice or two tickets are opened. schema-lint's boundary never retries a
side-effecting tool on a non-validation error without one.

## Example
```json
{"type": "object", "properties": {"amount": {"type": "number"}}, "required": ["amount"]}
```
Use instead:
```json
{"type": "object", "properties": {"amount": {"type": "number"},
 "idempotency_key": {"type": "string", "maxLength": 64, "description": "Same key, same effect: retries are safe."}},
 "required": ["amount", "idempotency_key"]}
```

## Fix safety
No fix: a key the executor ignores protects nothing, so adding one is the executor
owner's change.
"""

from __future__ import annotations

import re
from functools import lru_cache

from schema_lint.text.display import clip
from schema_lint.model import Severity, SideEffects
from schema_lint.prose.field_kinds import words
from schema_lint.prose.side_effects import tool_verb
from schema_lint.rule import Finding
from schema_lint.text.lazy_pattern import lazy_compile

CODE = "SL501"
NAME = "missing-idempotency-key"
SEVERITY = Severity.INFO
# Verbs whose second call makes a second thing: a second ticket, message, booking or payment.
CREATING_VERBS = frozenset({"create", "send", "post", "submit", "book", "reserve", "order", "buy", "pay",
                            "transfer", "refund", "charge", "withdraw", "deposit", "rent", "invite", "publish",
                            "schedule", "initiate", "insert", "append", "comment", "reply", "upload"})
MONEY_VERBS = frozenset({"order", "buy", "pay", "transfer", "refund", "charge", "withdraw", "deposit", "rent"})
KEY_NAMES = ("idempotency_key", "idempotency_token", "idempotence_key", "request_id", "client_request_id",
             "client_token", "dedupe_key", "dedup_key", "deduplication_key", "deduplication_id", "dedupe_id")
_NOT_ALPHANUMERIC = lazy_compile(r"[^a-z0-9]")


def check(ctx):
    verb = tool_verb(ctx.tool)
    if verb not in CREATING_VERBS or ctx.side_effects is SideEffects.READ or _declared_idempotent(ctx.tool.definition) \
            or verb == "transfer" and not _moves_money(ctx.tool):
        return
    accepted = _accepted(tuple(ctx.settings.get("idempotency-keys", ())))
    properties = ctx.tool.schema.get("properties") if isinstance(ctx.tool.schema, dict) else None
    names = properties if isinstance(properties, dict) else {}
    if not any(normalized(name) in accepted for name in names):
        yield Finding(ctx.tool.schema_pointer, f"{ctx.side_effects} tool `{clip(ctx.tool.name)}` has no idempotency key "
                      "parameter: a retry cannot be told from a second request",
                      severity=Severity.WARNING if verb in MONEY_VERBS else None)


def _moves_money(tool) -> bool:
    """Whether a `transfer` tool moves money: its name, a parameter's name or its description
    speaks of money or funds (`transfer_funds`, `amountCents`, "Send money"). A handoff
    (`transfer_to_billing_agent`, the OpenAI Agents SDK's name for one), a phone call's or a
    file's transfer makes nothing new when called twice."""
    properties = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    parameters = [str(name) for name in properties] if isinstance(properties, dict) else []
    named = {word for name in (tool.name, *parameters) for word in words(name)}
    description = tool.definition.get("description")
    return not _MONEY_WORDS.isdisjoint(named) or isinstance(description, str) and _MONEY_SAID.search(description) is not None


_MONEY_WORDS = frozenset({"money", "fund", "funds", "amount", "amounts", "payment", "payments", "pay", "balance",
                          "currency", "cash", "wire", "usd", "eur", "gbp", "dollar", "dollars", "cent", "cents",
                          "iban", "bic", "swift"})
_MONEY_SAID = lazy_compile(r"\b(?:money|funds?|amounts?|payments?|balances?|currency|cash|wire|usd|eur|gbp|dollars?|"
                           r"cents?|euros?|iban)\b|[$\u20ac\u00a3]", re.I)


def normalized(name: str) -> str:
    """`Idempotency-Key`, `idempotencyKey` and `idempotency_key` are one name."""
    return _NOT_ALPHANUMERIC.sub("", name.lower())


@lru_cache(maxsize=16)
def _accepted(configured: tuple[str, ...]) -> frozenset[str]:
    """The key names, normalized once per configuration rather than for every tool."""
    return frozenset(normalized(name) for name in (*KEY_NAMES, *configured))


def _declared_idempotent(definition: dict) -> bool:
    annotations = definition.get("annotations")
    return isinstance(annotations, dict) and annotations.get("idempotentHint") is True
