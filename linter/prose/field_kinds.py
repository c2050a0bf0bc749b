"""What kind of value a field holds, judged from its name, format and description.

Shared by the rules that bound strings (SL301), ask for a `format` (SL304) and pick a
`maxLength` for their fixes, so they agree on what "an email field" is.
"""

from __future__ import annotations

from functools import lru_cache

from schema_lint.text.lazy_pattern import lazy_compile

# kind → (name words that say it, the JSON Schema format it implies or None)
KINDS: dict[str, tuple[frozenset[str], str | None]] = {
    "email": (frozenset({"email", "emails", "mail", "e_mail"}), "email"),
    "url": (frozenset({"url", "urls", "uri", "uris", "link", "href", "website", "homepage", "endpoint"}), "uri"),
    # A URL named for git (`gitRemoteURL`, `clone_url`, `ssh_url`): git takes `git@host:path`, no URI.
    "git-remote": (frozenset(), None),
    "date-time": (frozenset({"datetime", "timestamp"}), "date-time"),
    "date": (frozenset({"date", "birthday", "dob"}), "date"),
    "uuid": (frozenset({"uuid", "guid"}), "uuid"),
    "identifier": (frozenset({"id", "ids", "key", "slug", "code", "handle", "username", "sku", "ref"}), None),
    "name": (frozenset({"name", "title", "label", "subject", "tag", "filename", "path"}), None),
    "text": (frozenset({"description", "body", "content", "text", "message", "comment", "notes", "note",
                        "prompt", "query", "instructions", "summary", "html", "markdown", "code_snippet"}), None),
}
NAMED_FORMATS = frozenset(fmt for _, fmt in KINDS.values() if fmt is not None)
"""The formats a name can imply, which recorded calls are checked against (`traffic.summary`)."""
# Conventional bounds for the SL301 suggestion's maxLength, by kind: never a fix on their own.
DEFAULT_MAX_LENGTH = {"email": 254, "url": 2048, "git-remote": 2048, "uuid": 36, "date": 10, "date-time": 64,
                      "identifier": 128, "name": 256, "text": 10000, "default": 1024}
_FORMAT_KINDS = {"email": "email", "idn-email": "email", "uri": "url", "url": "url", "iri": "url",
                 "uri-reference": "url", "date": "date", "date-time": "date-time", "uuid": "uuid"}

_GIT_WORDS = frozenset({"git", "clone", "ssh", "scp"})

_SPLIT = lazy_compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def words(name: str) -> list[str]:
    """`recipientEmail`, `recipient_email`, `recipient-email` → ["recipient", "email"]."""
    return list(_words(name))


@lru_cache(maxsize=4096)
def _words(name: str) -> tuple[str, ...]:
    """Cached: several rules ask of the same field names (SL102 for each value of each
    discriminator), and the split costs more than the lookup."""
    return tuple(w.lower() for w in _SPLIT.findall(name))


def kind_of(name: str | None, fmt: str | None = None) -> str | None:
    """The field kind; the last word of the name decides (`email_subject` is a name, not an email)."""
    if isinstance(fmt, str) and fmt in _FORMAT_KINDS:
        return _FORMAT_KINDS[fmt]
    return _named_kind(name) if name else None


@lru_cache(maxsize=4096)
def _named_kind(name: str) -> str | None:
    """Cached: SL304 asks it of every string field, and the same names recur across tools
    (`query`, `id`, `url`)."""
    parts = _words(name)
    if not parts:
        return None
    last = parts[-1]
    if last in KINDS["url"][0] and not _GIT_WORDS.isdisjoint(parts):
        return "git-remote"
    if last == "at" and len(parts) > 1 and parts[-2] in ("created", "updated", "deleted", "modified", "sent", "due", "expires", "starts", "ends"):
        return "date-time"
    for kind, (names, _) in KINDS.items():
        if last in names:
            return kind
    return None


def implied_format(kind: str | None) -> str | None:
    return KINDS[kind][1] if kind in KINDS else None


def max_length_for(kind: str | None) -> int:
    """The conventional bound for a field of this kind, which a suggestion proposes."""
    return DEFAULT_MAX_LENGTH.get(kind or "default", DEFAULT_MAX_LENGTH["default"])
