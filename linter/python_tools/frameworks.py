"""What each Python framework can say in a tool's schema, and the findings that follow from it.

A finding on a generated schema is acted on in the framework's code, not in JSON: the
author of an `@mcp.tool()` function cannot add `additionalProperties: false` (the SDK builds
the argument model itself, and pydantic drops undeclared keys before the function runs),
and writes a bound as `Annotated[str, Field(max_length=…)]`, not `maxLength`. So each
finding on a `--python` tool is fitted to the framework that generated it:

- a finding about what the framework cannot express is kept, as `info` (below the default
  `--fail-on warning` gate), saying so and naming the runtime alternative, the boundary;
  so is an open object whose model refuses undeclared keys already (`extra="forbid"`: the
  framework left it out of the schema it offers, as langchain does), and a `$defs` entry
  the framework's own pass left unused (openai-agents' strict schema), with no fix;
- one it can express says how, in its words (`PYTHON_FORMS`, also shown by `schema-lint rule`).
A parameter documented in the docstring's `Args:` block, where the framework copies that
block into the tool's description, is described there for SL401 itself, as on any tool.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from schema_lint.fixes.python_source import applies
from schema_lint.python_tools.child import ARGUMENTS, NO_DEFINITION, inlined, written_in
from schema_lint.model import Diagnostic, Severity

BOUNDARY = "reject them at run time with the boundary (`BoundaryMiddleware`, `ToolBoundary`)"


class Framework(NamedTuple):
    """`closes`: how an argument object is closed in the framework's words (None: it cannot
    be, from the tool's own definition); `enforces`: what it does with undeclared keys
    anyway."""

    name: str
    closes: str | None
    enforces: str


FRAMEWORKS = {
    "mcp": Framework("the mcp SDK", None, "its `tool()` makes the arguments' model, which drops undeclared keys"),
    # 2.x copied the docstring whole; 3.x and later parse `Args:` and close the object themselves.
    "fastmcp": Framework("fastmcp", None, "pydantic drops undeclared keys before the function runs"),
    "openai-agents": Framework("openai-agents", "`@function_tool(strict_mode=True)`, its default",
                               "strict mode closes every object"),
    "pydantic-ai": Framework("pydantic-ai", "a `Tool(..., strict=True)` or an arguments model with "
                             "`model_config = ConfigDict(extra=\"forbid\")`", "pydantic drops undeclared keys"),
    "langchain": Framework("langchain", "an `args_schema` model with `model_config = ConfigDict(extra=\"forbid\")`",
                           "pydantic drops undeclared keys"),
    "pydantic": Framework("pydantic", "`model_config = ConfigDict(extra=\"forbid\")`", ""),
    "python": Framework("pydantic", None, "pydantic ignores undeclared keys of a function's arguments"),
}

# How a rule's finding is acted on in a type-hinted function or a pydantic model.
PYTHON_FORMS = {
    "SL101": "a parameter or field without a default is required",
    "SL201": "`model_config = ConfigDict(extra=\"forbid\")` on the model (a function tool's arguments: see the "
             "framework's strict mode)",
    "SL202": "one type per parameter, or a tagged union: `Annotated[A | B, Field(discriminator=\"kind\")]`",
    "SL203": "a type annotation other than `Any`",
    "SL301": "`Annotated[str, Field(max_length=…)]`, or `Literal[\"a\", \"b\"]` for a closed set",
    "SL302": "`Annotated[list[T], Field(max_length=…)]`",
    "SL303": "`Annotated[int, Field(ge=…, le=…)]`",
    "SL304": "a typed field: `EmailStr`, `AnyUrl`, `datetime`, `UUID`",
    "SL305": "`Annotated[str, Field(min_length=1)]`",
    "SL306": "`Field(pattern=r\"^…$\")`",
    "SL307": "`Literal[\"value\"]`, or no parameter at all",
    "SL401": "`Annotated[T, Field(description=…)]`, or the docstring's `Args:` block where the framework reads it",
}
# The form for a `float` parameter or field (a `number`, where `PYTHON_FORMS` says `int`).
FLOAT_FORMS = {"SL303": "`Annotated[float, Field(ge=…, le=…)]`"}
# The keyword whose `Field` argument a rule's form sets: the form is given only where that
# argument applies to the parameter's type (`python_source.applies`), not `min_length` on a
# `date`, which pydantic accepts in the schema and then fails every call on.
FORM_KEYWORDS = {"SL301": "maxLength", "SL302": "maxItems", "SL303": "minimum", "SL305": "minLength",
                 "SL306": "pattern"}

# Rules whose finding at an object is about the object itself, which its model's class
# decides (not about the parameter holding it: its description, its default).
_OBJECT_RULES = frozenset({"SL201"})

_PROPERTY = re.compile(r"^/inputSchema/properties/([^/]+)")
# A parameter, or a field of a model the arguments hold.
_FIELD = re.compile(r"^(/inputSchema(?:/\$defs/[^/]+)?/properties/[^/]+)")


def fitted(diagnostics: list[Diagnostic], tools: list[dict[str, Any]],
           sources: dict[str, Any]) -> list[Diagnostic]:
    """`diagnostics` of one target's tools, at their parameter's position and fitted to the
    framework each tool was generated by."""
    by_name = {tool.get("name"): tool for tool in tools}
    roots: dict[str | None, dict] = {}  # per tool, where its models are inlined: read once, not per finding
    fitted_ = []
    for diagnostic in diagnostics:
        source = sources.get(diagnostic.tool) if diagnostic.tool is not None else None
        if not isinstance(source, dict):
            fitted_.append(diagnostic)
            continue
        if not isinstance(source.get("at"), str) and diagnostic.fix is not None and diagnostic.fix.operations:
            diagnostic = diagnostic._replace(fix_note=f"not made in the Python source: {NO_DEFINITION}")
        framework = FRAMEWORKS.get(source.get("framework", ""), FRAMEWORKS["python"])
        # A nested model's field, in its class; an object's openness, in its model's config.
        if diagnostic.tool not in roots:
            roots[diagnostic.tool] = {root: model for model, root in
                                      inlined(source, by_name.get(diagnostic.tool, {}).get("inputSchema"))}
        written, pointer = written_in(source, diagnostic.pointer, roots[diagnostic.tool],
                                      whole=diagnostic.code in _OBJECT_RULES)
        parameter = _parameter(pointer)
        fields = written.get("fields")
        where = fields.get(parameter) if isinstance(fields, dict) and parameter is not None else None
        if where is None and written is not source:
            where = written.get("at")
        is_float = parameter is not None and _is_number(by_name.get(diagnostic.tool, {}), diagnostic.pointer)
        kinds = written.get("kinds")
        kind = kinds.get(parameter) if isinstance(kinds, dict) and parameter is not None else None
        if diagnostic.code == "SL017" and isinstance(source.get("at"), str):
            fitted_.append(_left_by_the_framework(diagnostic._replace(source=where or diagnostic.source), framework))
            continue
        if diagnostic.code == "SL201" and pointer == ARGUMENTS and written.get("forbids") is True:
            fitted_.append(_closed_by_the_model(diagnostic._replace(source=where or diagnostic.source), framework))
            continue
        fitted_.append(_advised(diagnostic._replace(source=where or diagnostic.source), framework, is_float, kind))
    return fitted_


def _left_by_the_framework(diagnostic: Diagnostic, framework: Framework) -> Diagnostic:
    """SL017 on a schema generated from a Python definition: pydantic refers to each `$defs`
    entry it makes, so an unused one was left by the framework's own pass over the schema
    (openai-agents' strict schema inlines a `$ref` with a description beside it and keeps
    the entry). No edit of the Python removes it: an `info`, with no fix to make."""
    return diagnostic._replace(severity=min(diagnostic.severity, Severity.INFO), fix=None, message=(
        f"{diagnostic.message}: {framework.name} leaves it in the schema it generates; nothing in the Python "
        "source removes it"))


def _closed_by_the_model(diagnostic: Diagnostic, framework: Framework) -> Diagnostic:
    """SL201 on an object whose model already refuses undeclared keys: the framework left
    `additionalProperties: false` out of the schema it offers (langchain's conversion for a
    model does), and validates with the model, which refuses them; nothing in the Python
    source closes it further."""
    return diagnostic._replace(severity=min(diagnostic.severity, Severity.INFO), message=(
        f"{diagnostic.message}: {framework.name} leaves it out of the schema it offers, though the model "
        "refuses undeclared keys (`extra=\"forbid\"`) when the tool is called"))


def _advised(diagnostic: Diagnostic, framework: Framework, is_float: bool, kind: str | None) -> Diagnostic:
    """`diagnostic` in the framework's words; `kind`: of the parameter's type, where known."""
    if diagnostic.code == "SL201" and diagnostic.pointer == "/inputSchema":
        if framework.closes is None:
            return diagnostic._replace(severity=min(diagnostic.severity, Severity.INFO), message=(
                f"{diagnostic.message}: {framework.name} cannot express this ({framework.enforces}); {BOUNDARY}"))
        return diagnostic._replace(message=f"{diagnostic.message} (in {framework.name}: {framework.closes})")
    form = (is_float and FLOAT_FORMS.get(diagnostic.code)) or PYTHON_FORMS.get(diagnostic.code)
    keyword = FORM_KEYWORDS.get(diagnostic.code)
    if form is None or (keyword is not None and kind is not None and not applies(keyword, kind)):
        return diagnostic
    return diagnostic._replace(message=f"{diagnostic.message} (in Python: {form})")


def _is_number(tool: dict[str, Any], pointer: str) -> bool:
    """Whether the parameter or model field a pointer is at (or in) is a `number` (pydantic's
    `float`), optional or not."""
    match = _FIELD.match(pointer)
    schema: Any = tool
    for part in match.group(1).split("/")[1:] if match else ["-"]:
        schema = schema.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(schema, dict) else None
    if not isinstance(schema, dict):
        return False
    any_of = schema.get("anyOf")
    branches = any_of if isinstance(any_of, list) else [schema]
    return any(isinstance(branch, dict) and branch.get("type") == "number" for branch in branches)


def _parameter(pointer: str) -> str | None:
    match = _PROPERTY.match(pointer)
    return match.group(1).replace("~1", "/").replace("~0", "~") if match else None


