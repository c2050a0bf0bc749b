"""Limits that count across the tools sent together, checked once per request.

A provider refuses a whole request when its tools together pass a limit, although no
single tool does: four strict Anthropic tools of six optional parameters each already
reach the 24. The request is the tools sent together (`ToolContext.request_tools`): one
list of tools in a file (a JSON Lines line or a YAML stream's document holds its own), a
live server's listing, or a request the configuration names across files
(`request_groups`); each limit is reported once, at the request's first tool, naming the
tools that contribute. Anthropic counts "after `$ref` expansion": a definition
referenced twice counts twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from schema_lint.model import Tool
from schema_lint.profiles import ANTHROPIC_STRICT, CURSOR, GEMINI, OPENAI, OPENAI_STRICT, VSCODE_COPILOT
from schema_lint.profiles.checks.problem import Problem
from schema_lint.profiles.sources import source
from schema_lint.schema.refs import references
from schema_lint.rule import ToolContext
from schema_lint.schema.walk import SchemaNode, in_branch, walk

MAX_OPENAI_TOOLS = 128
MAX_GEMINI_DECLARATIONS = 128
MAX_STRICT_TOOLS = 20
MAX_OPTIONAL_PARAMETERS = 24
MAX_UNION_PARAMETERS = 16
MAX_CURSOR_TOOLS = 40
MAX_VSCODE_COPILOT_TOOLS = 128
# Expansion stops here: a chain of definitions each used twice doubles at every step, and
# the limits above are passed long before.
MAX_EXPANDED_NODES = 10_000
_DEFINITIONS = frozenset({"$defs", "definitions"})


def check(ctx: ToolContext) -> Iterator[Problem]:
    sent = ctx.request_tools or (ctx.tool,)
    if sent[0] is not ctx.tool or not ctx.checks_request:
        return
    # Every limit counts tools but those of a strict tool's parameters: a request of one
    # tool that is not strict reaches none of them (nearly every file, and every line of a
    # catalogue, holds one).
    if len(sent) == 1 and ANTHROPIC_STRICT not in ctx.profiles:
        return
    yield from _count_tools(ctx, sent, "openai/tools", MAX_OPENAI_TOOLS, "tools",
                            lambda t: t.format.startswith("openai_") or bool({OPENAI, OPENAI_STRICT} & ctx.profiles_of(t)))
    yield from _count_tools(ctx, sent, "gemini/declarations", MAX_GEMINI_DECLARATIONS, "function declarations",
                            lambda t: t.format == "gemini_function_declaration" or GEMINI in ctx.profiles_of(t))
    yield from _count_tools(ctx, sent, "vscode-copilot/tools", MAX_VSCODE_COPILOT_TOOLS, "tools",
                            lambda t: VSCODE_COPILOT in ctx.profiles_of(t))
    yield from _first_sent(ctx, sent)
    # A tool that says `"strict": false` is sent plain whatever the profile: "Non-strict tools
    # don't count toward this limit" (nor toward the parameter limits, which count strict schemas).
    strict = [t for t in sent if ANTHROPIC_STRICT in ctx.profiles_of(t) and t.definition.get("strict") is not False]
    # Asked by identity: `t in strict` compares tools field by field, n² comparisons for n
    # tools (3,000 tools of one file took 40 s).
    strict_ids = {id(t) for t in strict}
    yield from _count_tools(ctx, sent, "anthropic-strict/strict-tools", MAX_STRICT_TOOLS, "strict tools",
                            lambda t: id(t) in strict_ids)
    counts = {id(t): _parameters(ToolContext(t, ctx.document)) for t in strict}
    for entry, index, limit, what in (
            ("anthropic-strict/optional-parameters", 0, MAX_OPTIONAL_PARAMETERS, "optional parameters"),
            ("anthropic-strict/union-parameters", 1, MAX_UNION_PARAMETERS,
             "parameters with union types (type arrays or anyOf)")):
        total = sum(counts[id(t)][index] for t in strict)
        if total > limit:
            shares = [(t, counts[id(t)][index]) for t in strict if counts[id(t)][index]]
            yield _at_first(ctx, entry, f"{ANTHROPIC_STRICT}: {total} {what} across the strict tools of this "
                                        f"request; the limit is {limit}: {_named(shares)}")


def _count_tools(ctx: ToolContext, sent: tuple[Tool, ...], entry: str, limit: int, what: str,
                 counts: Callable[[Tool], bool]) -> Iterator[Problem]:
    counted = [t for t in sent if counts(t)]
    if len(counted) > limit:
        profile = source(entry).profile
        yield _at_first(ctx, entry, f"{profile}: {len(counted)} {what} in this request; the limit is {limit}: "
                                    f"{_named([(t, 1) for t in counted])}")


def _first_sent(ctx: ToolContext, sent: tuple[Tool, ...]) -> Iterator[Problem]:
    """Cursor sends the first 40 tools and drops the rest without a word."""
    reaching = [t for t in sent if CURSOR in ctx.profiles_of(t)]
    if len(reaching) > MAX_CURSOR_TOOLS:
        left = reaching[MAX_CURSOR_TOOLS:]
        yield _at_first(ctx, "cursor/tools", f"{CURSOR}: {len(reaching)} tools; only the first {MAX_CURSOR_TOOLS} reach "
                                             f"the model, not {_named([(t, 1) for t in left])}")


def _at_first(ctx: ToolContext, entry: str, message: str) -> Problem:
    return Problem(source(entry), ctx.tool.pointer, message)


def _named(shares: list[tuple[Tool, int]], shown: int = 5) -> str:
    """The contributing tools, largest share first: `a` (9), `b` (4) and 3 more."""
    ordered = sorted(shares, key=lambda share: -share[1])
    names = ", ".join(f"`{t.name}`" + (f" ({n})" if n > 1 else "") for t, n in ordered[:shown])
    return names + (f" and {len(ordered) - shown} more" if len(ordered) > shown else "")


def _parameters(ctx: ToolContext) -> tuple[int, int]:
    """(optional parameters, union-typed parameters) of one tool, references expanded."""
    optional = unions = 0
    for node in _expanded(ctx):
        optional += node.is_property and not node.required
        declared = node.get("type")
        unions += (isinstance(declared, list) and len(declared) > 1) or isinstance(node.get("anyOf"), list)
    return optional, unions


def _expanded(ctx: ToolContext) -> Iterator[SchemaNode]:
    """The subschemas a call can reach: definitions only where referenced, once per reference.

    A target is expanded where it is referenced, unless it is being expanded already on the
    way there (a cycle). The way is a stack, not a recursion: a chain of 5,000 references
    is no deeper a Python stack, and no copy of the way down is made at each link."""
    budget = MAX_EXPANDED_NODES
    expanding: set[int] = set()  # the targets on the way to the current subschema
    # Each frame: [its walk (made when it is reached), schema, pointer, id of the target or None].
    frames: list[list[Any]] = [[None, ctx.tool.schema, ctx.tool.schema_pointer, None]]
    while frames:
        frame = frames[-1]
        if frame[0] is None:
            frame[0] = walk(frame[1], frame[2])
            if frame[3] is not None:
                expanding.add(frame[3])
        node = next(frame[0], None)
        if node is None:
            frames.pop()
            expanding.discard(frame[3])
            continue
        if in_branch(node, _DEFINITIONS) or budget <= 0:
            continue
        budget -= 1
        yield node
        targets = [resolution.target for resolution in (ctx.refs.resolve(node, ref) for _, ref in references(node))
                   if resolution.found and id(resolution.target) not in expanding]
        frames += [[None, target, node.pointer, id(target)] for target in reversed(targets)]
