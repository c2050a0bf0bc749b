"""A tool definition, or the tools of one request together, too large for the prompt.

## What it does
Measures what a provider puts into the model's context for each tool: its definition
(name, description, argument schema, and whatever else the tool object carries) as
compact JSON. Flags a tool over the per-tool budget, and the tools sent together (one
server's `tools/list`, one request's `tools`, one array of tools; each line of a JSON
Lines file and each document of a YAML stream apart) over the per-request budget, in characters
and in estimated tokens. The estimate is the common rule of thumb of one token per four
characters of English text; JSON's punctuation makes real counts somewhat higher, so
treat it as a floor. No tokenizer is downloaded or run.

Budgets are set in tokens with `prompt-budget = {tool = 2500, request = 25000}`. The
request default follows Claude Code, which warns when the MCP tools it loads exceed
25,000 tokens ("Large MCP tools context (~44,400 tokens > 25,000)", observed in
https://github.com/anthropics/claude-code/issues/12241, 2025-11).

A long description is not flagged by its length alone: OpenAI refused function
descriptions over 1,024 characters in early 2025 (`string_above_max_length`, rusiaaman/wcgw#51)
and has since lifted the check (run-llama/llama_index#18784, May 2025), so a finding resting
on it would rest on a claim its source no longer makes. Its size counts in the budgets.

## Why is this bad
Every tool definition is sent with every request: a 40,000-token tool set costs that
much on every turn, crowds out the conversation, and some clients then drop tools or
refuse to start. The model also chooses worse among many long definitions.

## Example
A tool whose description pastes a whole manual, or a schema with hundreds of enum values.
Use instead: a short description, enum values moved to a lookup tool, shared types
referenced from `$defs` once.

## Fix safety
No automatic fix: what to cut is for a person to decide.
"""

from __future__ import annotations

import json

import orjson
from schema_lint.model import Severity
from schema_lint.rule import Finding
from schema_lint.text.display import clip

CODE = "SL404"
NAME = "prompt-budget"
SEVERITY = Severity.WARNING
FIXABLE = False
DEFAULT_BUDGETS = {"tool": 2_500, "request": 25_000}
CHARACTERS_PER_TOKEN = 4


# How much longer json's text of a value can be than orjson's: a float orjson writes as `null`
# (NaN, an infinity) json writes as `-Infinity` at most, 9 characters for 4; nothing else
# differs more (a small float's exponent: `1e-07` for `1e-7`; escapes and the rest are alike).
_JSON_PER_ORJSON_BYTE = 9 / 4
# orjson refuses, rather than writing its own way, what json would hand to `default=str`
# (dict and list subclasses, datetimes, dataclasses): the exact size is then measured.
_ORJSON_STRICT = orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def check(ctx):
    budgets = {**DEFAULT_BUDGETS, **(ctx.settings.get("prompt-budget") or {})}
    if estimated_tokens(size_at_most(ctx.tool)) > budgets["tool"]:
        yield from _over_tool_budget(ctx, budgets)
    sent = ctx.request_tools
    if len(sent) > 1 and sent[0] is ctx.tool and estimated_tokens(sum(map(size_at_most, sent))) > budgets["request"]:
        yield from _over_request_budget(ctx, budgets)


def _over_tool_budget(ctx, budgets):
    size = definition_size(ctx.tool)
    if estimated_tokens(size) > budgets["tool"]:
        yield Finding(ctx.definition_pointer, f"tool `{clip(ctx.tool.name)}` takes {_amount(size)} of every prompt, "
                                              f"over the {budgets['tool']:,}-token budget for one tool (`prompt-budget`)")


def _over_request_budget(ctx, budgets):
    sent = ctx.request_tools
    total = sum(definition_size(tool) for tool in sent)
    if estimated_tokens(total) > budgets["request"]:
        largest = sorted(sent, key=definition_size, reverse=True)[:3]
        shown = ", ".join(f"`{clip(tool.name)}` ({_amount(definition_size(tool))})" for tool in largest)
        # At the file's start when the request is the whole file, else at its first tool.
        at = "" if len(sent) == len(ctx.group) else ctx.definition_pointer
        yield Finding(at, f"the {len(sent):,} tools of this request take {_amount(total)} of every prompt "
                          f"together, over the {budgets['request']:,}-token budget for one request "
                          f"(`prompt-budget`); the largest: {shown}")


def definition_size(tool) -> int:
    """Characters of the tool as sent: its definition (which holds the schema) as compact JSON."""
    return len(json.dumps(_sent(tool), ensure_ascii=False, separators=(",", ":"), default=str))


def size_at_most(tool) -> int:
    """No less than `definition_size(tool)`, at a tenth of its cost: nearly every tool is far
    under the budgets, which orjson's bytes (never fewer than the characters they encode)
    tell. Where orjson cannot write the definition as json would, the exact size. (An
    `enum.Enum` member, which orjson writes as its value and json as `str()` of it, is no
    JSON value: no reader puts one in a definition.)"""
    try:
        written = orjson.dumps(_sent(tool), option=_ORJSON_STRICT)
    except TypeError:  # keys not strings, integers past 64 bits, lone surrogates, other types
        return definition_size(tool)
    return int(len(written) * _JSON_PER_ORJSON_BYTE) + 1


def _sent(tool):
    return tool.definition if isinstance(tool.definition, dict) and tool.definition else tool.schema


def estimated_tokens(characters: int) -> int:
    return -(-characters // CHARACTERS_PER_TOKEN)


def _amount(characters: int) -> str:
    return f"{characters:,} characters (≈{estimated_tokens(characters):,} tokens)"
