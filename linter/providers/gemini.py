"""What the Gemini API refuses in a function declaration's `parameters`.

Source: Gemini / Vertex AI `FunctionDeclaration` reference: the name "must start with a
letter or an underscore", use a-z, A-Z, 0-9, underscores, dots or dashes, "with a maximum
length of 64"; `parameters` "reflects the Open API 3.03 Parameter Object" and its
parameter names use letters, digits and underscores, at most 64 characters. Its `Schema`
is a select subset of OpenAPI 3.0: no `$ref`, no `oneOf`/`allOf`, no
`additionalProperties` (an unknown field is a 400 "Invalid JSON payload"), and a type is
one name, never a list (`nullable: true` says "or null"). `parametersJsonSchema` takes
full JSON Schema instead and is not checked here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from schema_lint.pointer import join
from schema_lint.providers import GEMINI_REFUSED
from schema_lint.rule import Finding, ToolContext

PROFILE = "gemini"
MAX_NAME = 64
_FUNCTION_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
_PARAMETER_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def check(ctx: ToolContext) -> Iterator[Finding]:
    name = ctx.tool.name
    if len(name) > MAX_NAME or not _FUNCTION_NAME.fullmatch(name):
        yield Finding(join(ctx.tool.pointer, "name"), f"{PROFILE}: function name `{name}` must start with a letter "
                      f"or `_`, use letters, digits, `_`, `.` or `-`, at most {MAX_NAME} characters")
    for node in ctx.walk():
        if not isinstance(node.schema, dict):
            continue
        for keyword in node.schema:
            if keyword in GEMINI_REFUSED:
                yield Finding(join(node.pointer, keyword), f"{PROFILE}: `parameters` (OpenAPI 3.0 subset) has no `{keyword}`")
        if isinstance(node.get("type"), list):
            yield Finding(join(node.pointer, "type"),
                          f"{PROFILE}: a type is one name; use `nullable: true` instead of a list")
        if node.is_property and node.parent is not None and node.parent.is_root:
            if len(node.name) > MAX_NAME or not _PARAMETER_NAME.fullmatch(node.name):
                yield Finding(node.pointer, f"{PROFILE}: parameter name `{node.name}` must start with a letter or `_`, "
                              f"use letters, digits and `_`, at most {MAX_NAME} characters", at_key=True)
