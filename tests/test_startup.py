"""The `check` path imports only what `check` uses: pre-commit starts it on every commit.

Measured by what lands in `sys.modules` of a fresh interpreter, not by timings (those
flake on a busy machine); `-X importtime` names the importer when the test fails.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from schema_lint.report import FORMATS

# An editable install's finder, loaded as the interpreter starts, imports `urllib.parse` (through
# `pathlib`): forgotten first, so that the run is seen to import it or not.
CHECK_SMALL_FILE = """
import json, sys
for name in ("urllib", "urllib.parse", "ipaddress"):
    sys.modules.pop(name, None)
from schema_lint.cli import main
try:
    main(["check", "--output-format", "concise", sys.argv[1]])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""
# Not needed to lint a JSON file: the fuzzer and its hypothesis, the boundary library,
# replay, the pure-Python validator (jsonschema_rs is the one `check` uses), YAML, and
# the fix machinery (planning and editing run only with --fix or --diff), and the `mcp`
# SDK with the live-server modules that use it (only --mcp or --mcp-url asks a server; the
# server specs load only when those or an `mcp-servers` table name one), and pickle, which
# only workers' results travel in (a run of a few files forks none). The run writes its
# cache without `hashlib` (which loads OpenSSL) and `tempfile` (which imports `shutil` and
# the compression modules): `digest` and `scratch_file` do their part. Nor `tomllib`: the
# project's `pyproject.toml` does not configure schema-lint. Nor the parser of `--python`
# targets, when none is named, nor `pkgutil` to list the rule modules. Nor what only some
# schemas need: the ECMA-262 parser (`regress`) without a `pattern`, `unicodedata` for ASCII
# text, a profile's checks when no tool is checked for that profile, or the worker pool
# for one file; nor jsonschema-rs (with the `decimal` and `email` it imports), when the
# schema is plain enough for `metaschema_shortcut` and the values it states for
# `scalar_shortcut`. Nor the language server (`schema-lint server`) and its pygls. Nor
# `urllib.parse` (with `ipaddress`): a reference within the schema is split without it.
UNUSED = ("pickle", "hypothesis", "hypothesis_jsonschema", "jsonschema", "schema_lint.boundary", "schema_lint.fuzz",
          "schema_lint.replay", "ruamel", "schema_lint.run.fix_session", "schema_lint.fixes.plan",
          "mcp", "anyio", "schema_lint.live.lint", "schema_lint.live.document", "schema_lint.config.servers",
          "hashlib", "_hashlib", "tempfile", "shutil", "tomllib", "schema_lint.python_tools.target",
          "pkgutil", "regress", "unicodedata", "schema_lint.run.parallel", "schema_lint.profiles.checks.anthropic_strict",
          "schema_lint.profiles.checks.best_effort", "schema_lint.profiles.checks.gemini",
          "schema_lint.profiles.checks.gemini_json_schema", "jsonschema_rs", "decimal", "email",
          "schema_lint.lsp", "schema_lint.cli.server", "pygls", "lsprotocol", "urllib", "ipaddress")


def _importers(importtime: str, module: str) -> list[str]:
    """The `-X importtime` lines from the outermost import down to `module`'s first import."""
    lines = [line for line in importtime.splitlines() if line.startswith("import time:")]
    for index, line in enumerate(lines):
        name = line.rsplit("|", 1)[-1]
        if name.strip() == module:
            depth, chain = len(name) - len(name.lstrip()), [name.strip()]
            for later in lines[index + 1:]:  # importtime prints a module after what it imported
                later_name = later.rsplit("|", 1)[-1]
                later_depth = len(later_name) - len(later_name.lstrip())
                if later_depth < depth:
                    chain.append(later_name.strip())
                    depth = later_depth
            return chain
    return []


def test_checking_a_json_file_imports_nothing_it_does_not_use(tmp_path):
    # Defaults of the usual kind, which `scalar_shortcut` judges without jsonschema-rs.
    tool = {"name": "get_weather", "description": "Weather for a city.",
            "inputSchema": {"type": "object", "properties": {
                "city": {"type": "string"}, "days": {"type": "integer", "minimum": 1, "maximum": 14, "default": 3},
                "unit": {"type": "string", "enum": ["C", "F"], "default": "C"}}}}
    (tmp_path / "tool.json").write_text(json.dumps(tool), encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "weather-tools"\n', encoding="utf-8")
    cache_on = {name: value for name, value in os.environ.items() if name != "SCHEMA_LINT_NO_CACHE"}
    run = subprocess.run([sys.executable, "-X", "importtime", "-c", CHECK_SMALL_FILE, "tool.json"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120, env=cache_on)
    modules = json.loads(run.stdout.strip().splitlines()[-1])
    assert "schema_lint.rules.sl001_invalid_schema" in modules  # the rules did run
    assert list((tmp_path / ".schema_lint_cache").glob("*/*.json")), "the run wrote its cache"
    unused_formats = {module for name, module in FORMATS.items() if module != FORMATS["concise"]}
    loaded = sorted(m for m in modules if m in unused_formats or any(m == u or m.startswith(u + ".") for u in UNUSED))
    assert loaded == [], {m: " <- ".join(_importers(run.stderr, m)) for m in loaded}
    assert "importlib.metadata" not in modules, "no rule pack is installed: nothing to look up"


def test_references_within_the_schema_resolve_without_urllib(tmp_path):
    tool = {"name": "get_weather", "description": "Weather for a city.",
            "inputSchema": {"type": "object", "properties": {"unit": {"$ref": "#/$defs/unit"},
                                                             "missing": {"$ref": "#/$defs/gone"}},
                            "$defs": {"unit": {"type": "string", "enum": ["C", "F"]}}}}
    (tmp_path / "tool.json").write_text(json.dumps(tool), encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", CHECK_SMALL_FILE, "tool.json"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert "SL002" in run.stdout  # the references were resolved: one leads nowhere
    assert "urllib.parse" not in json.loads(run.stdout.strip().splitlines()[-1])


def test_the_importer_chain_reads_importtime_output():
    importtime = ("import time: 1 | 1 |       leaf\n"
                  "import time: 1 | 2 |     middle\n"
                  "import time: 1 | 1 |     sibling\n"
                  "import time: 1 | 4 |   top\n")
    assert _importers(importtime, "leaf") == ["leaf", "middle", "top"]
    assert re.fullmatch(r"leaf <- middle <- top", " <- ".join(_importers(importtime, "leaf")))


def test_a_run_the_cache_answers_imports_no_rule(tmp_path):
    tool = {"name": "get_weather", "description": "Weather for a city.",
            "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}
    (tmp_path / "tool.json").write_text(json.dumps(tool), encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if key != "SCHEMA_LINT_NO_CACHE"}
    runs = [subprocess.run([sys.executable, "-c", CHECK_SMALL_FILE, "tool.json"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=120) for _ in range(2)]
    cold, warm = (set(json.loads(run.stdout.strip().splitlines()[-1])) for run in runs)
    assert "schema_lint.rules.sl001_invalid_schema" in cold
    heavy = {"schema_lint.rule", "schema_lint.prose.conditionals", "schema_lint.gate.stated_values", "jsonschema_rs"}
    assert sorted(m for m in warm if m in heavy or m.startswith("schema_lint.rules.")) == []
    assert runs[0].stdout.splitlines()[:-1] == runs[1].stdout.splitlines()[:-1]


def test_the_console_script_exits_as_check_does_with_its_output_complete(tmp_path):
    """`run` tunes the collector around `cli.main`, and the script ends the process without
    tearing it down: the exit code and every line must survive both."""
    from importlib.metadata import entry_points

    [script] = [entry for entry in entry_points(group="console_scripts") if entry.name == "schema-lint"]
    assert script.value == "schema_lint.console:main"
    tools = [{"name": f"create_{index}", "description": "A tool.",
              "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}} for index in range(300)]
    (tmp_path / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--no-cache", "tools.json"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    lines = run.stdout.splitlines()
    summary = next(index for index, line in enumerate(lines) if line.startswith("Found "))
    assert run.returncode == 1
    assert summary >= 300 and lines[summary].startswith(f"Found {summary} findings")


def test_a_run_without_docstrings_lints_as_one_with_them(tmp_path):
    """`python -OO` drops docstrings, which rules document themselves with: linting must not need them."""
    (tmp_path / "tool.json").write_text(json.dumps({"name": "create_ticket", "description": "Open a ticket.",
                                                    "inputSchema": {"type": "object"}}), encoding="utf-8")
    runs = [subprocess.run([sys.executable, *flags, "-m", "schema_lint", "check", "--no-cache", "tool.json"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120) for flags in ([], ["-OO"])]
    # SL201 (the arguments declare no parameter) and SL501.
    assert runs[0].returncode == runs[1].returncode and "Found 2 findings" in runs[0].stdout
    assert runs[1].stdout == runs[0].stdout and runs[1].stderr == ""


CHECK_THEN_LIST_DATACLASSES = """
import dataclasses, json, sys
from schema_lint.cli import main
try:
    main(["check", "--no-cache", "--output-format", "concise", sys.argv[1]])
except SystemExit:
    pass
made = {f"{value.__module__}.{value.__qualname__}" for name, module in list(sys.modules.items())
        if name.startswith("schema_lint") for value in vars(module).values()
        if isinstance(value, type) and dataclasses.is_dataclass(value)}
print(json.dumps({"rules_ran": "schema_lint.rules.sl001_invalid_schema" in sys.modules, "dataclasses": sorted(made)}))
"""
# The dataclasses that stay: rule packs and tests build, copy and compare them.
KEPT_DATACLASSES = {"schema_lint.model.Tool", "schema_lint.sources.document.Document", "schema_lint.config.Config"}


def test_checking_a_json_file_generates_no_dataclass_beyond_the_kept_ones(tmp_path):
    """Each dataclass compiles its methods from source as its module loads (half a millisecond
    here): a record on the check path is a NamedTuple or a plain class instead."""
    (tmp_path / "tool.json").write_text(json.dumps({"name": "create_ticket", "description": "Open a ticket.",
                                                    "inputSchema": {"type": "object"}}), encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", CHECK_THEN_LIST_DATACLASSES, "tool.json"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    assert seen["rules_ran"]
    assert set(seen["dataclasses"]) - KEPT_DATACLASSES == set()



def test_the_console_script_ends_at_once_only_when_nothing_waits_for_the_usual_exit():
    """Freeing every object one by one at exit costs 15 ms of a 1,000-file run, for nothing;
    but coverage, a temporary directory's cleanup or a worker thread waits for Python's exit."""
    probe = ("import atexit, sys, threading, time\n"
             "from schema_lint.console import _may_end_now\n"
             "answers = [_may_end_now(0), _may_end_now(None), _may_end_now('a message')]\n"
             "thread = threading.Thread(target=time.sleep, args=(0.3,)); thread.start()\n"
             "answers.append(_may_end_now(0)); thread.join()\n"
             "atexit.register(print)\n"
             "answers.append(_may_end_now(0))\n"
             "print(answers)\n")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert run.stdout.splitlines()[0] == "[True, True, False, False, False]", run.stderr


def test_an_exit_handler_registered_before_the_console_script_still_runs(tmp_path):
    tools = [{"name": f"create_{index}", "description": "A tool.",
              "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}} for index in range(60)]
    (tmp_path / "tools.json").write_text(json.dumps({"tools": tools}), encoding="utf-8")
    script = ("import atexit, sys\n"
              "atexit.register(lambda: open('handler-ran', 'w').close())\n"
              "sys.argv = ['schema-lint', 'check', '--no-cache', 'tools.json']\n"
              "from schema_lint.console import main\nmain()\n")
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and run.stdout.rstrip().splitlines()[-1].startswith("Found 240 findings")
    assert (tmp_path / "handler-ran").exists()
