"""What a restructuring of the code must not change, pinned byte for byte.

Each case runs a command in process, from the checkout's root, and compares what it printed
and its exit code with the file kept under `tests/pins/golden/`. The cases cover every output
format, every command and its flags, the rule catalogue, the configuration keys, the public
Python names and the hook and Action interfaces. A change that means to alter one of them
regenerates the files (`SCHEMA_LINT_UPDATE_PINS=1 pytest tests/pins`) and shows the change in
its diff, where a reviewer sees it; a change that does not mean to, fails here.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from schema_lint.cli import main

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("golden")
UPDATE = os.environ.get("SCHEMA_LINT_UPDATE_PINS") == "1"

FORMATS = ["full", "concise", "json", "jsonl", "github", "sarif", "gitlab", "rdjson", "markdown", "junit"]
FORMAT_FIXTURES = "tests/fixtures/formats"

COMMANDS = {
    **{f"check-examples-{name}": ["check", "--output-format", name, "examples/"] for name in FORMATS},
    **{f"check-formats-{name}": ["check", "--output-format", name, "--unsafe-fixes", FORMAT_FIXTURES]
       for name in ("concise", "json", "rdjson")},
    "check-statistics": ["check", "--statistics", "examples/", FORMAT_FIXTURES],
    "check-statistics-json": ["check", "--statistics", "--output-format", "json", "examples/"],
    "check-diff-unsafe": ["check", "--diff", "--unsafe-fixes", "examples/", FORMAT_FIXTURES],
    "check-diff-safe": ["check", "--diff", "examples/", FORMAT_FIXTURES],
    "check-profiles": ["check", "--output-format", "concise", "--profile", "openai-strict", "--profile", "gemini",
                       "--profile", "anthropic-strict", "examples/", "tests/fixtures/profiles"],
    "check-select": ["check", "--output-format", "concise", "--select", "SL3", "--ignore", "SL305", "examples/"],
    "check-fail-on-error": ["check", "--output-format", "concise", "-q", "--fail-on", "error", "examples/"],
    "check-tight": ["check", "--output-format", "concise", "examples/tight"],
    "check-unknown-selector": ["check", "--select", "SL99", "examples/"],
    "rules": ["rules"],
    "rule-SL102": ["rule", "SL102"],
    "rule-SL201": ["rule", "SL201"],
    "compat": ["compat", "examples/", FORMAT_FIXTURES],
    "compat-json": ["compat", "--output-format", "json", "examples/"],
    "diff": ["diff", "examples/create_ticket.json", "examples/tight/get_weather.json"],
}


def _run(args: list[str]) -> str:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    # SARIF names the checkout's folder: the pin holds a placeholder, so it holds in any clone.
    output = result.output.replace(ROOT.as_uri(), "file:///CHECKOUT").replace(str(ROOT), "/CHECKOUT")
    return f"$ schema-lint {' '.join(args)}\n[exit {result.exit_code}]\n{output}"


def _compare(name: str, text: str) -> None:
    path = GOLDEN / f"{name}.txt"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no pin {path.name}: run with SCHEMA_LINT_UPDATE_PINS=1 to record it"
    assert text == path.read_text(encoding="utf-8"), f"{name} changed (SCHEMA_LINT_UPDATE_PINS=1 records a meant change)"


@pytest.fixture(autouse=True)
def _from_the_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("SCHEMA_LINT_NO_CACHE", "1")
    for name in ("NO_COLOR", "FORCE_COLOR", "SCHEMA_LINT_CACHE_DIR", "SCHEMA_LINT_NO_SERVERS", "SCHEMA_LINT_DOCS_URL"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_output(name):
    _compare(name, _run(COMMANDS[name]))


def _commands(group: click.Group) -> dict[str, click.Command]:
    context = click.Context(group)
    return {name: group.get_command(context, name) for name in group.list_commands(context)}


def test_commands_and_their_flags():
    """Every command, every option's names, type, default and whether it is a flag or repeats."""
    lines = []
    for name, command in sorted(_commands(main).items()):
        lines.append(f"{name}")
        for param in command.params:
            kind = "argument" if isinstance(param, click.Argument) else ("flag" if param.is_flag else "option")
            names = "/".join([*param.opts, *param.secondary_opts])
            envvar = getattr(param, "envvar", None)
            lines.append(f"  {kind} {names} type={param.type.name} multiple={param.multiple} "
                         f"default={param.default!r} nargs={param.nargs} envvar={envvar}")
    _compare("commands", "\n".join(lines) + "\n")


def test_configuration_keys():
    from schema_lint.config import Config

    keys = sorted(field.name.replace("_", "-") for field in dataclasses.fields(Config))
    _compare("config-keys", "\n".join(keys) + "\n")


def _public(module) -> list[str]:
    names = getattr(module, "_LAZY", None) or [name for name in vars(module) if not name.startswith("_")]
    return sorted(names)


def test_public_python_names():
    """The names rule packs and agents import: the package's lazy exports, the boundary, the
    rule-pack contract and the records, with the fields of each record and class signature."""
    import schema_lint
    import schema_lint.boundary as boundary
    import schema_lint.model as model
    import schema_lint.rule as rule

    lines = [f"schema_lint: {', '.join(_public(schema_lint))}",
             f"schema_lint.boundary: {', '.join(sorted(boundary.__all__) if hasattr(boundary, '__all__') else _public(boundary))}"]
    for module, names in ((model, ("Severity", "SideEffects", "Span", "Operation", "FixSafety", "Fix", "Tool",
                                   "Diagnostic")),
                          (rule, ("Finding", "Rule", "ToolContext", "by_side_effects", "ARGUMENTS", "RESULTS",
                                  "load_rules", "parse_rule_doc"))):
        for name in names:
            value = getattr(module, name)
            if dataclasses.is_dataclass(value):
                shown = ", ".join(field.name for field in dataclasses.fields(value))
            elif hasattr(value, "_fields"):
                shown = ", ".join(value._fields)
            elif inspect.isclass(value) and issubclass(value, (int, str)) and hasattr(value, "__members__"):
                shown = ", ".join(f"{member}={item.value!r}" for member, item in value.__members__.items())
            elif callable(value):
                shown = str(inspect.signature(value))
            else:
                shown = repr(value)
            lines.append(f"{module.__name__}.{name}: {shown}")
    for name in sorted(boundary.__all__ if hasattr(boundary, "__all__") else _public(boundary)):
        value = getattr(boundary, name)
        if inspect.isclass(value) and dataclasses.is_dataclass(value):
            lines.append(f"schema_lint.boundary.{name}: {', '.join(field.name for field in dataclasses.fields(value))}")
        elif inspect.isfunction(value):
            lines.append(f"schema_lint.boundary.{name}{inspect.signature(value)}")
    _compare("python-api", "\n".join(lines) + "\n")


def test_hooks_and_action_inputs():
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    action = (ROOT / "action.yml").read_text(encoding="utf-8")
    ids = [line.split(":", 1)[1].strip() for line in hooks.splitlines() if line.startswith("- id:")]
    entries = [line.split(":", 1)[1].strip() for line in hooks.splitlines() if line.strip().startswith("entry:")]
    inputs, inside = [], False
    for line in action.splitlines():
        if line.startswith("inputs:"):
            inside = True
        elif inside and line and not line.startswith(" "):
            inside = False
        elif inside and line.startswith("  ") and not line.startswith("   ") and line.rstrip().endswith(":"):
            inputs.append(line.strip().rstrip(":"))
    _compare("hooks-and-action", json.dumps({"hooks": ids, "entries": entries, "action_inputs": inputs}, indent=1) + "\n")
