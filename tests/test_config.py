"""Configuration: where it is found, what each key does, and that mistakes are errors."""

from __future__ import annotations

import os

import json
import re
from pathlib import Path

import pytest
from lintkit import lint_tool

from schema_lint.config import Config, ConfigError, load_config
from schema_lint.run.linter import Linter, lint_text
from schema_lint.model import Severity, SideEffects
from schema_lint.rule import load_rules

LOOSE = {"type": "object", "properties": {"title": {"type": "string"}}}


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def tool_file(path: Path, name: str = "create_ticket") -> Path:
    return write(path, json.dumps({"name": name, "description": "A tool.", "inputSchema": LOOSE}, indent=2))


def codes_found(config: Config, *paths: Path) -> list[tuple[str, str]]:
    result = Linter(config).run([str(p) for p in paths])
    return [(Path(d.path).name, d.code) for d in result.diagnostics]


# --- where the configuration comes from --------------------------------------------------


def test_nearest_pyproject_with_our_table_wins_upward(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.schema-lint]\nignore = ["SL301"]\n')
    write(tmp_path / "pkg" / "pyproject.toml", '[project]\nname = "pkg"\n')
    (tmp_path / "pkg" / "src").mkdir()
    config = load_config(start=tmp_path / "pkg" / "src")
    assert (config.source, config.root, config.ignore) == (str(tmp_path / "pyproject.toml"), str(tmp_path), ["SL301"])


def test_dot_schema_lint_toml_comes_before_pyproject_in_the_same_directory(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.schema-lint]\nignore = ["SL301"]\n')
    write(tmp_path / ".schema-lint.toml", 'ignore = ["SL201"]\n')
    config = load_config(start=tmp_path)
    assert (os.path.basename(config.source), config.ignore) == (".schema-lint.toml", ["SL201"])


def test_plain_schema_lint_toml_is_read_between_the_dot_file_and_pyproject(tmp_path):
    """As ruff reads `.ruff.toml`, then `ruff.toml`, then `pyproject.toml`."""
    write(tmp_path / "pyproject.toml", '[tool.schema-lint]\nignore = ["SL301"]\n')
    write(tmp_path / "schema-lint.toml", 'ignore = ["SL201"]\n')
    assert load_config(start=tmp_path).ignore == ["SL201"]
    write(tmp_path / ".schema-lint.toml", 'ignore = ["SL102"]\n')
    assert load_config(start=tmp_path).ignore == ["SL102"]


def test_a_pyproject_table_spelt_with_an_underscore_is_an_error_not_a_silent_default(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.schema_lint]\nignore = ["SL301"]\n')
    with pytest.raises(ConfigError, match=re.escape("`[tool.schema_lint]` is not read: the table is spelled "
                                                    "`[tool.schema-lint]`")):
        load_config(start=tmp_path)


def test_no_configuration_file_means_the_defaults(tmp_path):
    config = load_config(start=tmp_path)
    assert config.source is None and config == Config(root=config.root)


def test_unknown_key_is_an_error_that_names_it(tmp_path):
    path = write(tmp_path / "pyproject.toml", '[tool.schema-lint]\nselct = ["SL3"]\n')
    with pytest.raises(ConfigError, match="unknown configuration key `selct` \\(did you mean `select`\\?\\)"):
        load_config(path)


def test_unknown_keys_in_a_rule_settings_table_are_errors_that_name_them(tmp_path):
    """A misspelt budget or kind would leave the rule at its default without a word."""
    path = write(tmp_path / ".schema-lint.toml", 'prompt-budget = {tools = 10}\n[max-length]\nnmae = 10\ndefault = 5\n')
    with pytest.raises(ConfigError, match=re.escape("unknown configuration keys `prompt-budget.tools` (did you mean "
                                                    "`tool`?), `max-length.nmae` (did you mean `name`?)")):
        load_config(path)


def test_the_rule_settings_keys_are_those_the_rules_read():
    from schema_lint.config import RULE_SETTING_KEYS
    from schema_lint.prose.field_kinds import DEFAULT_MAX_LENGTH
    from schema_lint.rules.sl404_prompt_budget import DEFAULT_BUDGETS

    assert RULE_SETTING_KEYS == {"max-length": set(DEFAULT_MAX_LENGTH), "prompt-budget": set(DEFAULT_BUDGETS)}


@pytest.mark.parametrize(("text", "message"), [
    ('fail-on = "sometimes"', "`fail-on`: expected one of info, warning, error, never"),
    ('select = "SL3"', "`select`: expected a list of strings"),
    ("[severity]\nSL301 = \"fatal\"", "`severity`: unknown severity 'fatal'"),
    ('[side-effects]\n"*" = "harmless"', "`side-effects`"),
    ("max-file-size = -1", "`max-file-size`: must be a positive number of bytes"),
    ('profiles = ["openai-strickt"]', "`profiles`: unknown profile `openai-strickt` (did you mean `openai-strict`"),
    ('[requests.agent]\nfile = ["*.json"]', "`requests`: a request is a table with one key, `files`"),
    ('[requests.agent]\nfiles = "*.json"', "`requests`: expected a list of strings"),
    # A string crashed SL404 on every tool; a negative budget or `true` flagged every tool.
    ('prompt-budget = {tool = "2500"}', '`prompt-budget.tool` must be a positive whole number, at most 9,007,199,254,740,991, not "2500"'),
    ("prompt-budget = {request = -5}", "`prompt-budget.request` must be a positive whole number, at most 9,007,199,254,740,991, not -5"),
    ("[max-length]\nname = true", "`max-length.name` must be a positive whole number, at most 9,007,199,254,740,991, not true"),
    ("max-items = 0", "`max-items` must be a positive whole number"),
    # Written into schemas by fixes: past 2^53 a JavaScript client reads another number.
    ("max-items = 9007199254740992", "`max-items` must be a positive whole number, at most 9,007,199,254,740,991"),
    ("[max-length]\nname = 9223372036854775807", "`max-length.name` must be a positive whole number, at most"),
    ("max-items = true", "`max-items` has the wrong type"),
    ('sensitive-names = ["pin", 4]', "`sensitive-names` must be a list of strings"),
])
def test_values_of_the_wrong_kind_are_errors_that_name_the_key(tmp_path, text, message):
    with pytest.raises(ConfigError, match=message.replace("(", "\\(")):
        load_config(write(tmp_path / ".schema-lint.toml", text + "\n"))


def test_broken_toml_is_an_error_with_its_position_not_a_silent_default(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.schema-lint]\nselect = ["SL3"]]\n')
    with pytest.raises(ConfigError, match=r"pyproject\.toml:2:17: invalid TOML"):
        load_config(start=tmp_path)


@pytest.mark.parametrize("nested", ["[" * 5000 + "]" * 5000, "{a = " * 3000 + "1" + "}" * 3000])
def test_toml_nested_past_the_parser_s_reach_is_an_error_not_a_crash(tmp_path, nested):
    write(tmp_path / "pyproject.toml", f'[tool.schema-lint]\nselect = ["SL3"]\n[tool.other]\ny = {nested}\n')
    with pytest.raises(ConfigError, match=r"pyproject\.toml: invalid TOML: arrays or tables nested too deeply"):
        load_config(start=tmp_path)


@pytest.mark.parametrize("name", [".schema-lint.toml", "pyproject.toml"])
def test_a_configuration_that_is_not_utf8_is_an_error_with_its_position(tmp_path, name):
    (tmp_path / name).write_bytes(b'[tool.schema-lint]\nselect = ["SL3"]\n# caf\xe9\n')
    with pytest.raises(ConfigError, match=rf"{re.escape(name)}:3:6: invalid TOML: not UTF-8"):
        load_config(start=tmp_path)


def test_a_pyproject_that_never_names_schema_lint_is_not_read_as_toml(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.black]\nline-length = [88\n')  # broken, and none of ours
    write(tmp_path / "sub" / "pyproject.toml", '[project]\nname = "x"\ndependencies = ["schema-lint"]]\n')
    assert load_config(start=tmp_path).source is None
    with pytest.raises(ConfigError, match=r"sub[/\\]pyproject\.toml:3:\d+: invalid TOML"):
        load_config(start=tmp_path / "sub")  # it names schema-lint: it is parsed, and broken


# --- selection ---------------------------------------------------------------------------


def selected(**kwargs) -> list[str]:
    return [rule.code for rule in Linter(Config(**kwargs)).rules]


def test_select_extend_select_and_ignore_match_prefixes():
    every = list(load_rules())
    assert selected() == [c for c in every if c not in ("SL301", "SL305", "SL307")]
    assert selected(select=["SL3"]) == [c for c in every if c.startswith("SL3")]
    assert selected(select=["SL3"], extend_select=["SL101"]) == ["SL101"] + [c for c in every if c.startswith("SL3")]
    assert selected(select=["ALL"], ignore=["SL3", "SL1"]) == [c for c in every if c[:3] not in ("SL3", "SL1")]


def test_rules_off_by_default_run_only_when_a_selector_names_them():
    # SL301 and SL305 were most of a run's findings on published tools: true, and shrugs.
    assert "SL301" not in selected() and "SL305" not in selected(select=None, extend_select=["SL1"])
    assert "SL301" in selected(extend_select=["SL301"]) and "SL305" in selected(select=["ALL"])
    assert "SL301" in selected(select=["SL30"]) and "SL301" not in selected(select=["SL30"], ignore=["SL301"])


def test_codes_in_the_file_are_case_insensitive_like_the_command_line(tmp_path):
    config = load_config(write(tmp_path / ".schema-lint.toml", 'select = ["sl30"]\n[per-tool-ignores]\n"*" = ["sl301"]\n'))
    assert (config.select, config.per_tool_ignores) == (["SL30"], {"*": ["SL301"]})


# --- suppression and severities ----------------------------------------------------------


def test_per_file_ignores_globs_are_relative_to_the_configuration(tmp_path):
    legacy, fresh = tool_file(tmp_path / "tools" / "legacy" / "a.json"), tool_file(tmp_path / "tools" / "b.json")
    config = load_config(write(tmp_path / ".schema-lint.toml",
                               'select = ["SL201", "SL301"]\n[per-file-ignores]\n"tools/legacy/*.json" = ["SL3"]\n'))
    assert codes_found(config, legacy, fresh) == [("b.json", "SL201"), ("b.json", "SL301"), ("a.json", "SL201")]


def test_a_per_file_ignores_name_without_a_folder_matches_the_file_from_any_folder(tmp_path, monkeypatch):
    """As ruff: a key without a `/` matches the file's name too, so the run's working
    directory does not decide what it silences."""
    legacy = tool_file(tmp_path / "tools" / "legacy" / "old.json")
    config_file = write(tmp_path / ".schema-lint.toml", 'select = ["SL201"]\n[per-file-ignores]\n"old.json" = ["SL201"]\n')
    for folder in (tmp_path, legacy.parent):
        monkeypatch.chdir(folder)
        assert codes_found(load_config(config_file), Path(os.path.relpath(legacy))) == []
    for anchored in ("./old.json", "/old.json"):
        config_file.write_text(f'select = ["SL201"]\n[per-file-ignores]\n"{anchored}" = ["SL201"]\n')
        assert codes_found(load_config(config_file), legacy) == [("old.json", "SL201")]
    config_file.write_text('select = ["SL201"]\n[per-file-ignores]\n"/tools/legacy/old.json" = ["SL201"]\n')
    assert codes_found(load_config(config_file), legacy) == []


def test_a_double_star_in_per_file_ignores_matches_zero_or_more_folders(tmp_path):
    top, nested = tool_file(tmp_path / "tools" / "a.json"), tool_file(tmp_path / "tools" / "legacy" / "old.json")
    config = load_config(write(tmp_path / ".schema-lint.toml",
                               'select = ["SL201"]\n[per-file-ignores]\n"tools/**/*.json" = ["SL201"]\n'))
    assert codes_found(config, top, nested) == []


def test_per_tool_ignores_match_tool_name_globs():
    config = Config(select=["SL201"], per_tool_ignores={"debug_*": ["SL201"]})
    assert lint_tool(LOOSE, name="debug_dump", config=config) == []
    assert [d.code for d in lint_tool(LOOSE, name="create_ticket", config=config)] == ["SL201"]


@pytest.mark.parametrize("table, expected", [
    ({"SL3": Severity.ERROR}, Severity.ERROR), ({"ALL": Severity.ERROR}, Severity.ERROR),
    ({"ALL": Severity.ERROR, "SL30": Severity.INFO}, Severity.INFO),
    ({"SL3": Severity.INFO, "SL301": Severity.ERROR}, Severity.ERROR),
    ({"SL301": Severity.INFO, "SL3": Severity.ERROR}, Severity.INFO),  # the most specific wins, in any order
])
def test_a_severity_key_is_a_selector_the_most_specific_winning(table, expected):
    """`SL3 = "error"` passed the check of selectors, and then changed nothing: the severity was
    looked up by the exact code only."""
    (finding,) = lint_tool(LOOSE, "SL301", name="create_ticket", config=Config(severity=table))
    assert finding.severity is expected


def test_severity_overrides_beat_the_side_effect_default():
    (finding,) = lint_tool(LOOSE, "SL301", name="create_ticket", config=Config(severity={"SL301": Severity.ERROR}))
    assert finding.severity is Severity.ERROR


def test_side_effects_globs_come_before_annotations_and_the_name():
    config = Config(side_effects={"jira_*": SideEffects.READ})
    amount = {"type": "object", "properties": {"amount": {"type": "number"}}}
    (read,) = lint_tool(amount, "SL303", name="jira_create_issue", config=config,
                        annotations={"readOnlyHint": False, "destructiveHint": True})
    (write_,) = lint_tool(amount, "SL303", name="jira_create_issue")
    assert (read.severity, write_.severity) == (Severity.INFO, Severity.WARNING)


# --- YAML suppression comments -----------------------------------------------------------

YAML = """\
name: create_ticket
description: A tool.
inputSchema:
  type: object
  properties:
    title:  # schema-lint: ignore[SL301]
      type: string
    body: {type: string}  # schema-lint: ignore[SL201]
    note: {type: string}  # schema-lint: ignore
    tag: {type: string}
"""


def test_yaml_comment_silences_the_named_codes_on_its_line():
    found = lint_text(YAML, "tool.yaml", Config(select=["SL301"])).diagnostics
    assert [d.pointer.rsplit("/", 1)[1] for d in found] == ["body", "tag"]


# --- include and exclude -----------------------------------------------------------------


def test_exclude_globs_with_a_slash_are_anchored_at_the_project_root(tmp_path, monkeypatch):
    tool_file(tmp_path / "fixtures" / "legacy" / "a.json")
    tool_file(tmp_path / "fixtures" / "current" / "b.json")
    tool_file(tmp_path / "legacy" / "c.json")
    write(tmp_path / ".schema-lint.toml", 'select = ["SL201"]\nexclude = ["fixtures/legacy"]\n')
    monkeypatch.chdir(tmp_path / "fixtures")
    config = load_config()
    files = {Path(d.path).name for d in Linter(config).run([str(tmp_path)]).diagnostics}
    assert files == {"b.json", "c.json"}
    assert Linter(config).run([str(tmp_path / "fixtures" / "legacy" / "a.json")]).diagnostics == []


def test_bare_exclude_names_and_include_globs(tmp_path):
    tool_file(tmp_path / "a.json")
    tool_file(tmp_path / "generated" / "b.json")
    write(tmp_path / "c.yaml", "name: create_c\ninputSchema: {type: object, properties: {x: {type: string}}}\n")
    config = Config(select=["SL201"], include=["*.yaml", "*.json"], exclude=["generated"], root=tmp_path)
    assert sorted(Path(d.path).name for d in Linter(config).run([str(tmp_path)]).diagnostics) == ["a.json", "c.yaml"]
    trailing_slash = Config(select=["SL201"], include=["*.yaml", "*.json"], exclude=["generated/"], root=tmp_path)
    assert sorted(Path(d.path).name for d in Linter(trailing_slash).run([str(tmp_path)]).diagnostics) == \
        ["a.json", "c.yaml"]
    for anchored in ("./generated", "/generated"):
        config = Config(select=["SL201"], include=["*.yaml", "*.json"], exclude=[anchored], root=tmp_path)
        assert sorted(Path(d.path).name for d in Linter(config).run([str(tmp_path)]).diagnostics) == \
            ["a.json", "c.yaml"]
    only_yaml = Config(select=["SL201"], include=["*.yaml"], root=tmp_path)
    assert [Path(d.path).name for d in Linter(only_yaml).run([str(tmp_path)]).diagnostics] == ["c.yaml"]


def test_a_double_star_in_include_and_exclude_matches_zero_or_more_folders(tmp_path):
    """`tools/**/*.json` names `tools/a.json` as ruff, git and Spectral read it, not only the
    files one folder down or more (as `fnmatch` reads it)."""
    for path in ("top.json", "tools/a.json", "tools/legacy/old.json"):
        tool_file(tmp_path / path)

    def linted(**globs: list[str]) -> list[str]:
        config = Config(select=["SL201"], root=tmp_path, **globs)
        return sorted(os.path.relpath(d.path, tmp_path) for d in Linter(config).run([str(tmp_path)]).diagnostics)

    assert linted(include=["tools/**/*.json"]) == ["tools/a.json", "tools/legacy/old.json"]
    assert linted(include=["**/*.json"]) == ["tools/a.json", "tools/legacy/old.json", "top.json"]
    assert linted(exclude=["tools/**/*.json"]) == ["top.json"]
    assert linted(exclude=["**/legacy"]) == ["tools/a.json", "top.json"]
