"""Helpers for fix tests: lint a text with one rule's fixes enabled and return the bytes
`--fix` would write; write tools in each JSON layout and as commented YAML."""

from __future__ import annotations

import json

from schema_lint.config import Config
from schema_lint.model import FixSafety
from schema_lint.run.linter import lint_text
from schema_lint.fixes.plan import plan_fixes
from schema_lint.fixes.yaml_render import YamlRenderer

JSON_LAYOUTS = {
    "2-space": lambda data: json.dumps(data, indent=2) + "\n",
    "4-space": lambda data: json.dumps(data, indent=4) + "\n",
    "tabs": lambda data: json.dumps(data, indent="\t") + "\n",
    "one-line": lambda data: json.dumps(data),
    "crlf": lambda data: json.dumps(data, indent=2).replace("\n", "\r\n") + "\r\n",
}


def fixed_text(text: str, path: str, code: str, profiles: tuple[str, ...] = (),
               suggestions: bool = False) -> tuple[str, list]:
    """The text with every fix of rule `code` applied, and the findings that were fixed; with
    `suggestions`, those too (what a person who takes one gets written: how a fix offered only
    on recorded calls is written, tested without them)."""
    config = Config()
    config.select = [code]
    config.profiles = list(profiles)
    result = lint_text(text, path, config)
    diagnostics = result.diagnostics
    if suggestions:
        diagnostics = [d._replace(fix=d.fix._replace(safety=FixSafety.UNSAFE)) if d.fix is not None else d
                       for d in diagnostics]
    plan = plan_fixes(result.documents[path], diagnostics)
    return plan.text, plan.applied


def commented_yaml(data: dict, commented: set[str], pointer: str = "", indent: str = "") -> str:
    """`data` as block YAML whose scalar and flow-list members in `commented` (JSON
    pointers) carry a trailing `# key` comment; sequences of mappings stay block."""
    flow = YamlRenderer("", "\n", inline_scalar_lists=True).flow
    out = []
    for key, value in data.items():
        here = f"{pointer}/{key}"
        if isinstance(value, dict) and value:
            out.append(f"{indent}{key}:\n" + commented_yaml(value, commented, here, indent + "  "))
        elif isinstance(value, list) and any(isinstance(item, dict) for item in value):
            out.append(f"{indent}{key}:\n")
            for index, item in enumerate(value):
                block = commented_yaml(item, set(), f"{here}/{index}", indent + "  ")
                out.append(indent + "- " + block[len(indent) + 2:])
        else:
            comment = f"  # {key}" if here in commented else ""
            out.append(f"{indent}{key}: {flow(value)}{comment}\n")
    return "".join(out)


def pointers(data, pointer: str = "") -> set[str]:
    found = {pointer}
    if isinstance(data, dict):
        for key, value in data.items():
            found |= pointers(value, f"{pointer}/{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found |= pointers(value, f"{pointer}/{index}")
    return found
