"""Compile schemas without ever fetching anything.

jsonschema-rs retrieves what a schema points at: an unknown `$schema` is downloaded to
learn its vocabularies (`meta.is_valid` too), a remote `$ref` is downloaded, over http(s)
or from a `file://` path. A schema under lint is untrusted input (anyone can open a pull
request), so a fetch would let it make CI connect to internal addresses, hang on a
server that never answers, or read a local file into the report. Every validator the
linter builds comes from here instead: metaschemas only from the ones jsonschema-rs
bundles, a retriever that refuses every URI, and the bounded `pattern` engine.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from schema_lint.schema.keywords import declared_draft
from schema_lint.schema.metaschema_shortcut import verdict
from schema_lint.schema.patterns import regex_options

if TYPE_CHECKING:
    import jsonschema_rs

DEFAULT_DIALECT = "https://json-schema.org/draft/2020-12/schema"
# The metaschemas jsonschema-rs ships, as each draft spells its URI (with and without
# the empty fragment). Any other `$schema` would have to be fetched.
BUNDLED_DIALECTS = frozenset(
    uri + fragment
    for uri in ("http://json-schema.org/draft-04/schema", "http://json-schema.org/draft-06/schema",
                "http://json-schema.org/draft-07/schema", "https://json-schema.org/draft/2019-09/schema",
                DEFAULT_DIALECT)
    for fragment in ("", "#")
)


class NotFetched(ValueError):
    """A schema referred to something outside itself; nothing was fetched."""


def refuse(uri: str) -> Any:
    """The retriever of every validator: no URI is ever fetched or read."""
    raise NotFetched(f"{uri} is not fetched")


def dialect_of(schema: Any) -> str:
    """The schema's `$schema`; 2020-12 when it has none, or one that is no string (which
    the 2020-12 metaschema then reports)."""
    dialect = schema.get("$schema", DEFAULT_DIALECT) if isinstance(schema, dict) else DEFAULT_DIALECT
    return dialect if isinstance(dialect, str) else DEFAULT_DIALECT


def is_bundled(dialect: str) -> bool:
    return dialect in BUNDLED_DIALECTS


def bundled_spelling(dialect: str) -> str | None:
    """The bundled URI that `dialect` misspells by scheme or a trailing `#`, if one."""
    bare = dialect.rstrip("#")
    for scheme_swapped in (bare, bare.replace("https://", "http://", 1), bare.replace("http://", "https://", 1)):
        if scheme_swapped in BUNDLED_DIALECTS:
            return scheme_swapped
    return None


def with_bundled_dialect(schema: Any) -> Any:
    """``schema`` with a ``$schema`` a validator can use offline.

    A metaschema that is not bundled would have to be fetched, and a validator that
    refused to compile would fail every call of a tool that ``check`` only warns about
    (SL001). So a misspelled bundled URI (``https://json-schema.org/draft-07/schema``)
    is read as that draft, and any other unknown ``$schema`` as the default, 2020-12.
    """
    dialect = schema.get("$schema") if isinstance(schema, dict) else None
    if not isinstance(dialect, str) or is_bundled(dialect):
        return schema
    spelled = bundled_spelling(dialect)
    if spelled is not None:
        return {**schema, "$schema": spelled}
    return {key: value for key, value in schema.items() if key != "$schema"}


@lru_cache(maxsize=None)
def metaschema_validator(dialect: str) -> jsonschema_rs.Validator:
    """The validator of a bundled metaschema (`is_bundled(dialect)` must hold)."""
    import jsonschema_rs

    return jsonschema_rs.validator_for({"$schema": dialect, "$ref": dialect}, retriever=refuse)


def is_valid_schema(schema: Any) -> bool | None:
    """Whether `schema` is valid against its metaschema; None when that metaschema is not bundled.

    Most schemas are answered by `metaschema_shortcut`, without loading jsonschema-rs."""
    dialect = dialect_of(schema)
    if not is_bundled(dialect):
        return None
    certain = verdict(schema, declared_draft(schema) or "2020-12")
    if certain is not None:
        return certain
    import jsonschema_rs

    try:
        # jsonschema-rs keeps a compiled validator of each metaschema it ships: asking it
        # costs nothing, where compiling one of our own (`metaschema_validator`, which
        # SL001 still needs to list the errors) costs every run about 5 million instructions.
        return jsonschema_rs.meta.is_valid(schema)
    except ValueError:  # a string with a lone surrogate has no JSON form
        return None


def validator(schema: Any, **options: Any) -> jsonschema_rs.Validator:
    """A validator for `schema` that fetches nothing; raises ValueError or
    `jsonschema_rs.ReferencingError` when the schema needs something it cannot have, or would
    take too long to validate a value against (`evaluation_cost`)."""
    import jsonschema_rs

    from schema_lint.schema.evaluation_cost import too_costly

    reason = too_costly(schema)
    if reason is not None:
        raise ValueError(f"not validated: {reason}")
    return jsonschema_rs.validator_for(schema, retriever=refuse, pattern_options=regex_options(), **options)
