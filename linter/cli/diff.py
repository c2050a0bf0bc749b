"""`schema-lint diff OLD NEW`: tools added and removed, and each changed tool's schema
changes classified by `changes` (breaking, widening, changed). Exit 1 when something
breaks a call that worked (a removed tool does too), 2 when a file cannot be read.

Both files may be any tool file `check` reads (snapshots included); tools are matched
by name, and pointers are inside each tool's argument schema, or under `/outputSchema`
for an MCP tool's results schema, whose changes break clients the other way round
(`changes.compare_results`), and at `/strict` for the tool's `strict` flag, which changes
which calls reach it (`diff.strict`).
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from schema_lint.cli.targets import target_files, target_options

from schema_lint.diff.changes import BREAKING, CHANGED, NARROWING, WIDENING, Change, compare, compare_results
from schema_lint.diff.strict import compare_strict
from schema_lint.model import Tool
from schema_lint.profiles import STRICT_FLAG_PROFILES


@click.command("diff")
@click.argument("old", type=click.Path(readable=False))
@click.argument("new", type=click.Path(readable=False), required=False)
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text")
@target_options
def diff(old, new, output_format, python_targets, **live):
    """Compare the tools of OLD and NEW (or of the one --python object or --mcp server named,
    e.g. the committed snapshot against the code); exit 1 when a change breaks calls that were valid."""
    with target_files(python_targets, live) as targets:
        if len([*targets.paths, *([new] if new else [])]) != 1:
            raise click.UsageError("name what OLD is compared with: NEW, or one --python, --mcp or --mcp-url")
        before, after = _tools(old), _tools(new or targets.paths[0])
    before, after = _paired_bare_schemas(before, after)
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = {}
    for name in sorted(set(before) & set(after)):
        (old_tool, old_results, old_data), (new_tool, new_results, new_data) = before[name], after[name]
        found = (compare(old_tool.schema, new_tool.schema) + _strict(old_tool, old_data, new_tool, new_data)
                 + compare_results(old_results, new_results))
        if found:
            changed[name] = found
    breaking = bool(removed) or any(c.kind == BREAKING for found in changed.values() for c in found)
    if output_format == "json":
        from schema_lint.text.display import json_text

        click.echo(json_text({"breaking": breaking, "added": added, "removed": removed, "changed": [
            {"tool": name, "kind": _verdict(found), "changes": [vars(c) for c in found]}
            for name, found in changed.items()]}, indent=2))
    else:
        click.echo(_text(added, removed, changed, breaking), nl=False)
    sys.exit(1 if breaking else 0)


def _tools(path: str) -> dict:
    """name → (tool, results schema or None, the file's data) of every tool in the file; exit
    2 when it cannot be read."""
    from schema_lint.text.display import escape
    from schema_lint.sources.documents import read_document
    from schema_lint.sources.tools import find_tools, result_schemas

    document = read_document(path)
    if document.errors:
        error = document.errors[0]
        click.echo(escape(f"{path}:{error.line}:{error.column}: SL000 {error.message}"), err=True)
        sys.exit(2)
    stem = os.path.splitext(os.path.basename(path))[0]
    # A bare schema named to be compared is one tool's arguments, even one `check` passes over
    # as no tool's (an `$id`, a document's title): else adding an `$id` "removes" the tool.
    tools = find_tools(document.data, stem, raw_schemas=True)
    results = {tool.name: tool.schema for tool in result_schemas(tools)}
    return {tool.name: (tool, results.get(tool.name), document.data) for tool in tools}


def _paired_bare_schemas(before: dict, after: dict) -> tuple[dict, dict]:
    """A bare JSON Schema file's one tool is named after its `title` or the file, neither of
    which a call sees: `git show main:tools.json > /tmp/base.json` then diffed against
    `tools.json` is one schema, not one removed and one added. Two such files are compared
    as one tool, under the new name."""
    if len(before) == len(after) == 1:
        (old_name, old_entry), (new_name, new_entry) = next(iter(before.items())), next(iter(after.items()))
        if old_name != new_name and old_entry[0].format == new_entry[0].format == "json_schema":
            return {new_name: old_entry}, after
    return before, after


def _strict(old: Tool, old_data: Any, new: Tool, new_data: Any) -> list[Change]:
    """The change of the tool's `strict` flag (`diff.strict`), with the check of the profile it
    switches on saying whether that profile refuses the schema. Nothing is checked for a
    tool strict neither before nor after (most)."""
    old_profile, new_profile = (STRICT_FLAG_PROFILES.get(tool.format) if tool.strict else None for tool in (old, new))
    if old_profile is None and new_profile is None:
        return []
    new_refusals, old_refused = [], False
    if new_profile is not None:
        new_refusals = _refusals(new, new_data, new_profile)
        # Refused before as well, the tool was no more callable then: nothing new breaks.
        old_refused = bool(new_refusals) and old_profile == new_profile and bool(_refusals(old, old_data, new_profile))
    return compare_strict(old_profile, new_profile, old_refused, new_refusals)


def _refusals(tool: Tool, data: Any, profile: str) -> list[str]:
    """What `profile` refuses in the tool's schema, by the subject of its table entry."""
    from schema_lint.profiles.checks.compat import REFUSED, cell

    verdict = cell(tool, data, profile)
    return verdict.reasons if verdict.mark == REFUSED else []


def _verdict(found) -> str:
    kinds = {c.kind for c in found}
    if BREAKING in kinds or CHANGED in kinds:
        return BREAKING if BREAKING in kinds else CHANGED
    return WIDENING if kinds == {WIDENING} else NARROWING if kinds == {NARROWING} else f"{WIDENING}, {NARROWING}"


def _summary(changed, breaking: bool) -> str:
    """The verdict; never "nothing breaks" while a change could not be classified."""
    unsure = sum(c.kind == CHANGED for found in changed.values() for c in found)
    if breaking:
        return "breaking"
    if unsure:
        changes = "1 change" if unsure == 1 else f"{unsure} changes"
        return f"nothing shown to break a call or a client, but {changes} could not be classified: read them"
    return "nothing breaks a call or a client that worked"


def _text(added, removed, changed, breaking: bool) -> str:
    from schema_lint.text.display import escape

    lines = [f"+ {name}: added" for name in added]
    lines += [f"- {name}: removed (breaking: a call to it now fails)" for name in removed]
    for name, found in changed.items():
        lines.append(f"~ {name}: {_verdict(found)}")
        lines += [f"    {c.pointer or '/'}: {c.kind}: {c.what}" for c in found]
    if not lines:
        return "No changes to what the tools accept or return.\n"
    lines.append(f"{len(added)} added, {len(removed)} removed, {len(changed)} changed: {_summary(changed, breaking)}.")
    return "".join(escape(line) + "\n" for line in lines)
