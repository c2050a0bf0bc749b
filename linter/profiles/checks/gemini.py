"""What the Gemini API refuses in a function declaration's `parameters`.

Each problem names its entry in `sources`. The function-name rule and the 128
declarations are quoted from the Vertex AI reference; the string formats (once an error
text, "only 'enum' and 'date-time'", which the reference no longer bears out), the keyword
subset of `parameters`
(no `$ref`, `oneOf`, `allOf`, `additionalProperties`, one type name, never a list), the
parameter-name rule, and whether Gemini refuses or ignores the rest are entries marked
unverified: the current Schema reference lists more fields than this profile allows.
`parametersJsonSchema` takes full JSON Schema instead and is not checked here.
"""

from __future__ import annotations

from collections.abc import Iterator

from schema_lint.text.lazy_pattern import lazy_compile
from schema_lint.schema.pointer import join
from schema_lint.profiles import GEMINI, GEMINI_REFUSED, GEMINI_STRING_FORMATS
from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.rule import ToolContext

PROFILE = GEMINI
MAX_NAME = 64
_FUNCTION_NAME = lazy_compile(r"[A-Za-z_][A-Za-z0-9_.:\-]*")
_PARAMETER_NAME = lazy_compile(r"[A-Za-z_][A-Za-z0-9_]*")


def function_name(ctx: ToolContext, profile: str = PROFILE) -> Iterator[Problem]:
    """The declaration's name, which `parameters` and `parametersJsonSchema` share."""
    name = ctx.tool.name
    if len(name) > MAX_NAME or not _FUNCTION_NAME.fullmatch(name):
        yield Problem(source("gemini/function-name"), join(ctx.tool.pointer, "name"), f"{profile}: function name "
                      f"`{name}` must start with a letter or `_`, use letters, digits, `_`, `.`, `:` or `-`, at most "
                      f"{MAX_NAME} characters")


def _problem(entry: str, pointer: str, message: str, at_key: bool = False) -> Problem:
    return Problem(source(entry), pointer, f"{PROFILE}: {message}", at_key=at_key)


def check(ctx: ToolContext) -> Iterator[Problem]:
    yield from function_name(ctx)
    for node in ctx.walk():
        if not isinstance(node.schema, dict):
            continue
        for keyword in node.schema:
            if keyword in GEMINI_REFUSED:
                yield _problem("gemini/openapi-subset", join(node.pointer, keyword),
                               f"`parameters` (the subset of an OpenAPI 3.0 schema Gemini takes) has no `{keyword}`")
        fmt = node.get("format")
        if isinstance(fmt, str) and "string" in node.types and fmt not in GEMINI_STRING_FORMATS:
            yield _problem("gemini/format", join(node.pointer, "format"),
                           f"format `{fmt}` on a string; only `enum`, `date-time`, `email` and `byte` are known to be supported")
        if isinstance(node.get("type"), list):
            yield _problem("gemini/type-list", join(node.pointer, "type"),
                           "a type is one name; use `nullable: true` instead of a list")
        if node.is_property and node.name is not None and node.parent is not None and node.parent.is_root:
            if len(node.name) > MAX_NAME or not _PARAMETER_NAME.fullmatch(node.name):
                yield _problem("gemini/parameter-name", node.pointer, f"parameter name `{node.name}` must start with "
                               f"a letter or `_`, use letters, digits and `_`, at most {MAX_NAME} characters",
                               at_key=True)
