"""A default on a field that decides where money, messages or rights go.

## What it does
Flags a property with a `default` when its name (or, for a generic name, its
description) says it holds an amount, price or currency; a recipient, destination or
account; a permission, role or scope; or who may see what it creates (`visibility`,
`privacy`). A default that grants the least (`read`, `read_only`, `viewer`, `private`,
`none`) chooses nothing anyone could regret and is left alone, and so does one that defers
to the server's own setting (`default`, `inherit`). Paging and sorting fields (`page`, `limit`,
`cursor`, `offset`, `sort`…), filter bounds (`price_min`) and a kind of account or payment
(`account_type`, `payment_method`; not `payment_method_id`, which names one) never count, and an empty
default (`null`, `""`, `[]`, `0`, `false`) chooses nothing. Extra name words come from
the `sensitive-names` setting. A credential (a password, secret, API key or access token,
named as SL104 reads names) with a non-blank string default counts too: a secret, or a
placeholder for one, written into the schema.

## Why is this bad
A model that leaves out an argument it was never told is important gets the default:
money goes to the default account, the invite carries the default `admin` role, the
refund is the default amount. On a tool that changes the world such a call should fail
and ask, not guess. On read tools the cost is lower, so it is only info there. A
default password or key is worse than a guess: the schema, secret included, is sent to
the provider with every request, and every call that omits the field logs in with that
one secret (or sends a placeholder that cannot work).

## Example
```json
{"type": "object", "properties": {"amount": {"type": "number", "default": 100},
 "to_account": {"type": "string"}}, "required": ["to_account"]}
```
Use instead:
```json
{"type": "object", "properties": {"amount": {"type": "number", "exclusiveMinimum": 0},
 "to_account": {"type": "string"}}, "required": ["to_account", "amount"]}
```

## Fix safety
A suggestion, never applied by `--fix`: remove the `default` and add the field to
`required`. Every call that leaves the field out, as the schema allows and the tool's own
documentation may say to, is refused afterwards, and nothing in the schema tells which of
those calls were wrong: whether the tool should ask instead of assume is the owner's
decision. A default that defers to the server (`default`, `inherit`, `unspecified`: Google
Calendar's `visibility` of `"default"` is "the calendar's default visibility") chooses
nothing and is left alone, as a least-privilege one is. A credential's finding has no fix:
required, the field would ask the model for a secret it does not have; the secret belongs
in the server's configuration, not among the model's arguments (SL104). Its finding shows
only the default's first two characters and its length.
"""

from __future__ import annotations

import re

from schema_lint.prose.field_kinds import words
from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.model import EVIDENCE_NONE, Evidence, Fix, FixSafety, Operation, Severity
from schema_lint.schema.pointer import join
from schema_lint.rule import Finding, by_side_effects
from schema_lint.rules.sl104_credential_argument import holds_credential
from schema_lint.schema.walk import SchemaNode, label

CODE = "SL103"
NAME = "sensitive-default"
SEVERITY = by_side_effects(read=Severity.INFO, write=Severity.ERROR)
FIXABLE = True
KEYWORDS = ("default",)

# kind → name words that say it
SENSITIVE_WORDS = {
    "money": {"amount", "amounts", "price", "prices", "cost", "fee", "fees", "currency", "currencies",
              "payment", "charge", "refund", "tip", "salary", "budget"},
    "recipient": {"recipient", "recipients", "payee", "beneficiary", "assignee", "assignees", "cc", "bcc"},
    "destination": {"destination", "dest", "iban", "wallet"},
    "account": {"account", "accounts"},
    "permission": {"permission", "permissions", "role", "roles", "scope", "scopes", "privilege", "privileges",
                   "acl", "grant", "grants"},
    "visibility": {"visibility", "privacy", "audience", "sharing"},
}
# Defaults that grant the least: a token that may only read, a post only its author sees.
LEAST_PRIVILEGE = frozenset({"read", "readonly", "read_only", "viewer", "view", "reader", "guest", "none",
                             "private", "only_me", "self"})
# Defaults that defer to the server's own setting: Google Calendar's `visibility` of
# "default" is "the default visibility for events on the calendar". They choose nothing.
DEFERRING = frozenset({"default", "inherit", "inherited", "unspecified", "unset", "use_default", "system_default"})
# Exact names that are sensitive on their own but too short to match as words.
SENSITIVE_NAMES = {"to": "recipient"}
# Paging, sorting and filtering words: `page_size`, `sort_by_price`, `price_min` shape a
# listing, they move nothing.
NEUTRAL_WORDS = frozenset({"page", "pages", "limit", "cursor", "offset", "sort", "order", "per", "size", "skip",
                           "top", "min", "max", "range", "filter", "results", "direction", "asc", "desc", "format",
                           "unit", "units", "language", "locale", "timezone"})
# Words that make a sensitive name a kind of the thing: `account_type`, `payment_method`.
_A_KIND = frozenset({"type", "kind", "category", "method", "class", "tier"})
# What the default does, said in the finding: for a credential, and for every other kind.
CREDENTIAL_SENT = "a secret (or a placeholder for one) written into the schema, which every call that omits it sends"
CHOSEN = "a call that omits it gets a value nobody chose"
# Descriptions that name a sensitive kind outright, for fields whose names are generic.
_DESCRIPTION = lazy_compile(r"\b(amount of money|amount to (?:pay|charge|transfer|send|refund)|recipient|"
                            r"destination account|permission level|access role)\b", re.I)


def check(ctx):
    extra = {w.lower() for w in ctx.settings.get("sensitive-names", [])}
    for node in ctx.properties():
        default = node.get("default")
        if not default or node.parent is None:
            continue
        kind = "credential" if _credential(node, default) else sensitive_kind(node, extra)
        if kind is None or _defers(default) or (kind in ("permission", "visibility") and _least(default)):
            continue
        if kind == "credential":  # no fix: required, it would ask the model for a secret it does not have (SL104)
            yield Finding(join(node.pointer, "default"),
                          f"`{label(node)}` ({kind}) defaults to {_masked(default)}: {CREDENTIAL_SENT}")
            continue
        yield Finding(join(node.pointer, "default"), f"`{label(node)}` ({kind}) defaults to {_show(default)}: {CHOSEN}",
                      fix=_fix(node, node.parent))


def sensitive_kind(node: SchemaNode, extra: set[str]) -> str | None:
    name = node.name or ""
    if name.lower() in SENSITIVE_NAMES:
        return SENSITIVE_NAMES[name.lower()]
    parts = set(words(name))
    if parts & NEUTRAL_WORDS:
        return None
    for kind, names in SENSITIVE_WORDS.items():
        if parts & names:
            # `account_type`, `payment_method`: which kind of account or payment, a product's
            # choice, not which account the money reaches (`payment_method_id` is which one); a
            # role's kind is still a grant.
            kind_only = parts & _A_KIND and not parts & {"id", "ids"}  # `payment_method_id` names one
            return None if kind_only and kind not in ("permission", "visibility") else kind
    if parts & extra:
        return "configured"
    description = node.get("description")
    if isinstance(description, str) and _DESCRIPTION.search(description):
        return "by its description"
    return None


def _credential(node: SchemaNode, default) -> bool:
    return isinstance(default, str) and bool(default.strip()) and holds_credential(node)


def _least(default) -> bool:
    """A default that grants the least."""
    return _spelled(default) in LEAST_PRIVILEGE


def _defers(default) -> bool:
    """A default that defers to the server's own setting, of whatever kind (`"default"` of an
    account is the account's default one): it chooses nothing."""
    return _spelled(default) in DEFERRING


def _spelled(default) -> str | None:
    return default.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(default, str) else None


def _fix(node: SchemaNode, parent: SchemaNode) -> Fix:
    required = parent.get("required")
    names = [*required] if isinstance(required, list) else []
    operations = [Operation("remove", join(node.pointer, "default"))]
    if node.name not in names:
        operations.append(Operation("add", join(parent.pointer, "required"), [*names, node.name]))
    # A suggestion: required, the field refuses every call that leaves it out, which the schema
    # allows (Google Calendar documents `visibility` as optional), and nothing says which were wrong.
    return Fix(f"remove the default and require `{node.name}` (calls that leave it out, as the schema allows, "
               "are refused afterwards: confirm it)", FixSafety.SUGGESTION, tuple(operations), Evidence(EVIDENCE_NONE))


def _masked(secret: str) -> str:
    """A secret as a report may repeat it: its first characters and its length, as secret
    scanners show one (reports travel to CI logs and code scanning)."""
    return f'"{secret[:2]}…" ({len(secret)} characters)'


def _show(value) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."
