"""README, and the pages of docs/ its topics moved to, must tell the truth: the rule index
equals the registry, and each example is what a real run prints."""

from __future__ import annotations

import re
import sys

from conftest import REPO, bench_module, documentation, documented

from schema_lint.lint.document import PARSE_ERROR_CODE, PARSE_ERROR_NAME
from schema_lint.rule import load_rules


def _readme_rules() -> dict[str, tuple[str, str]]:
    table = documented("<!-- rules:start -->").split("<!-- rules:end -->", 1)[0]
    rows = re.findall(r"^\| (SL\d{3}) \| ([a-z0-9-]+) \| ([a-z/]+) \|", table, re.M)
    return {code: (name, severity) for code, name, severity in rows}


def test_readme_rule_index_matches_registry():
    expected = {code: (rule.name, rule.default_severity_text) for code, rule in load_rules().items()}
    expected[PARSE_ERROR_CODE] = (PARSE_ERROR_NAME, "error")
    assert _readme_rules() == expected


def _console_block(command: str) -> str:
    """The output shown under `$ command` in README or in a page of the documentation site
    (docs/*.md): a section moved out of README keeps its examples checked."""
    return documented(f"```console\n$ {command}\n", REPO).split("```\n", 1)[0]


def test_console_blocks_are_found_in_the_documentation_pages_too(tmp_path, monkeypatch):
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("# x\n\nSee [Fuzz](docs/fuzz.md).\n")
    (tmp_path / "docs" / "fuzz.md").write_text("# Fuzz\n\n```console\n$ schema-lint fuzz x\nout\n```\n")
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    assert _console_block("schema-lint fuzz x") == "out\n"


def _run(*args: str) -> str:
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "schema_lint", *args], capture_output=True, text=True,
                          cwd=REPO).stdout


def test_readme_check_excerpt_is_the_real_output():
    assert _console_block("schema-lint check examples/ --output-format concise") == \
        _run("check", "examples/", "--output-format", "concise")


def test_readme_fuzz_excerpt_is_the_real_output():
    assert _console_block("schema-lint fuzz examples/create_ticket.json") == \
        _run("fuzz", "examples/create_ticket.json")


def test_readme_corpus_statistics_are_the_real_counts(corpus):
    module = bench_module("corpus_statistics")
    shown = documented("<!-- corpus-statistics:start -->\n").split("<!-- corpus-statistics:end -->", 1)[0]
    assert shown == module.table(module.counts(corpus / "tools.jsonl"))


def test_readme_table_of_contents_lists_every_section_in_order():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    start, end = text.index("<!-- toc:start -->\n"), text.index("<!-- toc:end -->")
    listed = re.findall(r"\[([^\]]+)\]\(#([^)]+)\)", text[start:end])
    sections, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("## "):
            sections.append(line[3:])
    assert [title for title, _ in listed] == sections
    assert all(anchor == re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-") for title, anchor in listed)


def test_readme_terminal_picture_is_the_real_output():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(REPO / "docs" / "render_terminal.py"), "--check"], cwd=REPO)
    assert done.returncode == 0, "docs/check-full.svg is stale: run python docs/render_terminal.py"


def test_readme_recorded_calls_examples_are_the_real_output():
    calls, tools = "docs/traffic/calls.jsonl", "docs/traffic/tools.json"
    assert _console_block(f"schema-lint check --extend-select SL301 --calls {calls} --unsafe-fixes --diff {tools}") == \
        _run("check", "--extend-select", "SL301", "--calls", calls, "--unsafe-fixes", "--diff", tools)
    full = _run("check", "--extend-select", "SL301", "--calls", calls, "--unsafe-fixes", "--output-format", "full", tools)
    assert _console_block(f"schema-lint check --extend-select SL301 --calls {calls} --unsafe-fixes --output-format full {tools} "
                          "| grep help:") == "".join(line + "\n" for line in full.splitlines() if "help:" in line)
    assert _console_block(f"schema-lint infer {calls} --tools {tools}") == _run("infer", calls, "--tools", tools)


def test_readme_python_excerpt_is_the_real_output():
    assert _console_block("schema-lint check --python examples.tickets_mcp:mcp --output-format concise") == \
        _run("check", "--python", "examples.tickets_mcp:mcp", "--output-format", "concise")


def test_configuration_examples_load_as_written(tmp_path):
    """Each `[tool.schema-lint]` example in README and the docs pages is a configuration that loads."""
    from schema_lint.config import load_config

    examples = [block for page in documentation() for block in
                re.findall(r"^```toml\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)
                if block.startswith("[tool.schema-lint")]
    assert len(examples) >= 2
    for number, example in enumerate(examples):
        path = tmp_path / str(number) / "pyproject.toml"
        path.parent.mkdir()
        path.write_text(example, encoding="utf-8")
        load_config(path)
