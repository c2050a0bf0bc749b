"""A password, API key or token the model is asked to send as an argument.

## What it does
Flags a property whose name says it holds a credential: a password or passphrase, a
secret, an API key or access key, a private key, an access, auth, bearer or refresh
token (`api_key`, `x_apikey`, `password`, `access_token`, `client_secret`). Tokens that
are no secret are left alone: paging tokens (`page_token`, `next_token`), token counts
and limits (`max_tokens`, `token_count`), a field whose description says it is a
pagination or continuation token, and a field named just `token` whose words say the
tool's own results hand it out (a link or reference token "as it appeared in search
results", one "returned by `list_files`") and say nothing of authentication: the model
read it from an earlier result, and has nothing to keep from it.

## Why is this bad
To send the value, the model has to have it: the secret sits in the conversation, in the
provider's logs and in every trace of the run, and a prompt injection in a web page or an
email can ask the model to send it to another tool. The model also fills what it does
not have: an invented or stale key is sent to the service as readily as the real one.
Credentials belong to the code that runs the tool (its configuration, an environment
variable, the MCP server's auth), never to the model.

## Example
```json
{"type": "object", "properties": {"ip": {"type": "string"}, "x_apikey": {"type": "string"}},
 "required": ["ip", "x_apikey"]}
```
Use instead (the tool reads its key from its own configuration):
```json
{"type": "object", "properties": {"ip": {"type": "string"}}, "required": ["ip"]}
```

## Fix safety
No automatic fix: removing the argument breaks the tool until its code reads the
credential from somewhere else.
"""

from __future__ import annotations

import re

from schema_lint.model import Severity
from schema_lint.prose.field_kinds import words
from schema_lint.rule import Finding
from schema_lint.schema.walk import SchemaNode, label
from schema_lint.text.lazy_pattern import lazy_compile

CODE = "SL104"
NAME = "credential-argument"
SEVERITY = Severity.WARNING
FIXABLE = False

# A name whose last word is one of these holds a secret (`admin_password`, `apiKey`).
SECRET_WORDS = frozenset({"password", "passwd", "passphrase", "secret", "apikey", "credential", "credentials"})
# Two-word names of secrets: `api_key`, `private_key`, `access_token`.
SECRET_PAIRS = frozenset({("api", "key"), ("access", "key"), ("secret", "key"), ("private", "key"),
                          ("auth", "key"), ("client", "secret"), ("access", "token"), ("auth", "token"),
                          ("bearer", "token"), ("refresh", "token"), ("api", "token"), ("session", "token"),
                          ("id", "token"), ("oauth", "token"), ("personal", "token")})
# Words that make a name about something other than the secret: `password_length`, `max_tokens`.
NOT_SECRET_WORDS = frozenset({"page", "next", "previous", "prev", "continuation", "pagination", "cursor", "max",
                              "min", "count", "limit", "length", "num", "number", "tokens", "policy", "hint",
                              "strength", "reset", "name", "type", "expiry", "expires", "ttl"})
_PAGING = lazy_compile(r"\b(?:pagination|paging|continuation|next page|page token)\b", re.IGNORECASE)
# What says a bare `token` is a handle the tool's own results give out.
_HANDED_OUT = lazy_compile(r"\b(?:link|ref|reference|result|handle)\s+token\b|\bref://|"
                           r"\bas\s+it\s+appear(?:s|ed)\s+in\b|\breturned\s+(?:by|from|in)\b|"
                           r"\bfrom\s+(?:the\s+|a\s+|an\s+)?(?:previous\s+|earlier\s+|last\s+|prior\s+)?"
                           r"(?:[\w`-]+\s+)?(?:results?|responses?|listing|output)\b", re.IGNORECASE)
# What says it is about access after all ("the session token returned by `login`").
_AUTH_WORDS = lazy_compile(r"\b(?:auth\w*|log\s*in|sign\s*in|secret|credentials?|password|passwd|bearer|api\s*key|"
                           r"access\s+token|session|oauth|jwt|permissions?)\b", re.IGNORECASE)


def check(ctx):
    for node in ctx.properties():
        if holds_credential(node):
            yield Finding(node.pointer, f"`{label(node)}` takes a credential as an argument: the model must hold "
                                        "the secret to send it; let the tool read it from its own configuration")


def holds_credential(node: SchemaNode) -> bool:
    """Whether a field holds a secret, by its name (SL103 asks too, of a field with a default)."""
    if node.types and not node.types & {"string", "object"}:
        return False  # a count of tokens or a flag is no secret
    name = node.field_name or node.name or ""
    if not names_a_credential(name):
        return False
    description = node.description
    if not isinstance(description, str):
        return True
    if _PAGING.search(description) is not None:
        return False
    return not (words(name) == ["token"] and _HANDED_OUT.search(description) is not None
                and _AUTH_WORDS.search(description) is None)


def names_a_credential(name: str) -> bool:
    parts = words(name)
    if not parts or NOT_SECRET_WORDS & set(parts[:-1]) or parts[-1] in NOT_SECRET_WORDS:
        return False
    if parts[-1] in SECRET_WORDS or (parts[-1] == "token" and len(parts) == 1):
        return True
    return len(parts) > 1 and (parts[-2], parts[-1]) in SECRET_PAIRS
