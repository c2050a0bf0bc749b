"""A tool or a parameter without a description.

## What it does
Flags a tool whose definition has no `description` (or only whitespace), as a warning,
and, once per tool for information, the property schemas with none, named in one finding
at the first of them (as a reviewer writes one comment, "describe these parameters",
not one per field: a finding per property made most of some servers' findings). A
property whose local `$ref` leads to a described schema counts as described, and so does an
argument the tool's description documents in a docstring's entries (a Google `Args:` or
`Attributes:` block, a NumPy `Parameters` section, Sphinx `:param name:`; the mcp SDK
copies the docstring into the description whole); one in a
`$defs` entry nothing references is left to SL017 (unused-definition).

## Why is this bad
The description is all the model reads to decide when to call a tool and what to put
in each argument. Without it the model guesses from names: `limit` in items or pages?
`date` in which time zone? Wrong guesses become failed or, worse, wrong calls.

## Example
```json
{"name": "create_ticket", "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}}}}
```
Use instead:
```json
{"name": "create_ticket", "description": "Open a support ticket in the helpdesk.",
 "inputSchema": {"type": "object", "properties": {"title": {"type": "string", "description": "One-line summary."}}}}
```

## Fix safety
No automatic fix: only a person can say what a tool or parameter is for.
"""

from __future__ import annotations

from schema_lint.prose.conditional_prose import documented_arguments
from schema_lint.text.display import clip
from schema_lint.model import Severity
from schema_lint.rule import Finding
from schema_lint.schema.definitions import DEFINITION_KEYWORDS
from schema_lint.schema.refs import REF_KEYWORDS
from schema_lint.schema.walk import label, refines_a_field

CODE = "SL401"
NAME = "missing-description"
SEVERITY = Severity.WARNING
FIXABLE = False
SHOWN = 5


def check(ctx):
    if not _described(ctx.tool.definition):
        yield Finding(ctx.definition_pointer, f"tool `{clip(ctx.tool.name)}` has no description")
    # A reference can describe a property only in a tool that has one: most tools have none,
    # told from their keywords, and then no reference index is built for them.
    refs = None if ctx.keywords.isdisjoint(REF_KEYWORDS) else ctx.refs
    # Whether it is described first: nearly every property is, and then its parents need no walk.
    bare = [node for node in ctx.properties()
            if isinstance(node.schema, dict) and not _described(node.schema)
            and not refines_a_field(node)
            and not (refs is not None and any(_described(target.schema) for target in refs.targets(node)))]
    if bare:
        bare = _left_undocumented(bare, ctx.tool.definition.get("description"))
    if bare and not ctx.keywords.isdisjoint(DEFINITION_KEYWORDS):
        # Nothing is reported inside an unused definition: the finding, placed at the first
        # property, would vanish with every other property it names.
        bare = [node for node in bare if not ctx.definitions.in_unused(node.pointer)]
    if bare:
        # Each name once: a property of each branch of a union (`location.kind` of two shapes) is one to the reader.
        labels = list(dict.fromkeys(label(node) for node in bare))
        names = ", ".join(f"`{name}`" for name in labels[:SHOWN])
        more = f" and {len(labels) - SHOWN:,} more" if len(labels) > SHOWN else ""
        said = f"property {names} has" if len(labels) == 1 else f"{len(labels):,} properties have"
        listed = "" if len(labels) == 1 else f": {names}{more}"
        yield Finding(bare[0].pointer, f"{said} no description{listed}", at_key=True, severity=Severity.INFO)


def _left_undocumented(bare: list, tool_description) -> list:
    """`bare` less the arguments the tool's description documents in a docstring's `Args:`
    block: the model reads them there (the mcp SDK, fastmcp 2 and langchain copy a function's
    docstring into the description whole)."""
    documented = documented_arguments(tool_description)
    if not documented:
        return bare
    return [node for node in bare if not (node.name in documented and node.parent is not None and node.parent.is_root)]


def _described(schema) -> bool:
    description = schema.get("description") if isinstance(schema, dict) else None
    return isinstance(description, str) and bool(description.strip())
