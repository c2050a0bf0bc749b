"""The `schema-lint` command. Thin: parse flags, build a Config, call the engine, print.

`schema-lint PATH...` is `schema-lint check PATH...`, as with ruff. Commands other than
`check` (fuzz, replay) import their modules only when invoked, so that the `check` path
pre-commit runs on every commit stays fast.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path

import click

from schema_lint import __version__
from schema_lint.cli.live_options import limits_from, server_options, servers_from
from schema_lint.profiles import PROFILES
from schema_lint.cli.python_option import python_option
from schema_lint.report import FORMATS

# Subcommands living in their own modules, imported only when invoked.
LAZY_COMMANDS = {
    "fuzz": ("schema_lint.cli.fuzz", "fuzz"),
    "replay": ("schema_lint.cli.replay", "replay"),
    "compat": ("schema_lint.cli.compat", "compat"),
    "snapshot": ("schema_lint.cli.snapshot", "snapshot"),
    "diff": ("schema_lint.cli.diff", "diff"),
    "infer": ("schema_lint.cli.infer", "infer"),
}
# The extra that brings a lazy command's optional dependency, by the dependency's top module.
_EXTRAS = {"hypothesis": "fuzz", "hypothesis_jsonschema": "fuzz", "mcp": "mcp", "anyio": "mcp"}


class SchemaLintGroup(click.Group):
    """Routes `schema-lint PATH...` to `check`, and loads lazy commands on demand."""

    def list_commands(self, ctx):
        return sorted([*self.commands, *LAZY_COMMANDS])

    def get_command(self, ctx, name):
        if name in LAZY_COMMANDS and name not in self.commands:
            import importlib

            module_name, attribute = LAZY_COMMANDS[name]
            try:
                return getattr(importlib.import_module(module_name), attribute)
            except ModuleNotFoundError as exc:
                if exc.name and exc.name.startswith("schema_lint"):
                    return None
                extra = _EXTRAS.get((exc.name or "").split(".")[0], "fuzz")
                raise click.ClickException(f"`{name}` needs an optional dependency: {exc.name} (install "
                                           f"schema-lint with its `{extra}` extra, e.g. pip install '.[{extra}]' "
                                           "in a checkout)") from None
        return super().get_command(ctx, name)

    def parse_args(self, ctx, args):
        if args and args[0] not in self.list_commands(ctx) and args[0] not in ("--help", "-h", "--version"):
            args = ["check", *args]
        return super().parse_args(ctx, args)


@click.group(cls=SchemaLintGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="schema-lint")
def main() -> None:
    """Lint and tighten the JSON Schemas of LLM tools (OpenAI, Anthropic, MCP, Gemini, BFCL)."""
    _escape_unencodable_output()


def _escape_unencodable_output() -> None:
    """A file name that is not valid UTF-8 reaches us holding surrogates (PEP 383); a
    strict UTF-8 stdout would crash on printing it. Print such characters escaped."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _codes(values: tuple[str, ...]) -> list[str]:
    return [code.strip().upper() for value in values for code in value.split(",") if code.strip()]


def use_color(stream) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stream.isatty()


def _exit_on_unknown_selectors(config) -> None:
    """A typo in a rule selector must not pass silently (`--select SL99` selecting nothing):
    every unknown one, from the flags and the configuration, is named at once, exit 2."""
    from schema_lint.config.selection import rule_codes, unknown_selectors

    selectors = [*(config.select or []), *config.extend_select, *config.ignore, *config.severity,
                 *(code for codes in config.per_file_ignores.values() for code in codes),
                 *(code for codes in config.per_tool_ignores.values() for code in codes)]
    unknown = unknown_selectors(selectors, rule_codes())
    if unknown:
        click.echo(f"schema-lint: error: unknown rule selector{'s' if len(unknown) > 1 else ''}: "
                   f"{', '.join(unknown)}", err=True)
        sys.exit(2)


def load_config_or_exit(config_path: str | None):
    from schema_lint.config import load_config

    with _config_errors_exit():
        return load_config(Path(config_path) if config_path else None)


@contextmanager
def _config_errors_exit():
    """A configuration error is its message and exit 2: the run's own configuration's, and a
    nested one's, found as a run starts (`Linter.resolve_configs`)."""
    from schema_lint.config import ConfigError

    try:
        yield
    except ConfigError as exc:
        click.echo(f"schema-lint: error: {exc}", err=True)
        sys.exit(2)


@main.command()
# readable=False: an unreadable file is a finding of its own, not the end of the run.
@click.argument("paths", nargs=-1, type=click.Path(allow_dash=True, readable=False))
@click.option("--output-format", type=click.Choice(sorted(FORMATS)), default=None,
              help="Report format (default: full on a terminal, concise otherwise).")
@click.option("--select", multiple=True, help="Rule codes or prefixes to enable (comma-separated); replaces the configured set.")
@click.option("--extend-select", multiple=True, help="Rule codes or prefixes to enable on top of the selection.")
@click.option("--ignore", multiple=True, help="Rule codes or prefixes to disable.")
@click.option("--profile", "profiles", multiple=True,
              type=click.Choice(PROFILES),
              help="Also check what this provider, MCP version or client refuses or drops (repeatable).")
@click.option("--fail-on", type=click.Choice(["info", "warning", "error", "never"]), default=None,
              help="Lowest severity that makes the exit code 1 (default: warning, so infos do not fail).")
@click.option("--output-file", type=click.Path(dir_okay=False, writable=True),
              help="Write the report to this file instead of stdout (for SARIF or rdjson upload steps).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings (still 2 on unreadable input).")
@click.option("--statistics", is_flag=True, help="Print counts per rule instead of the findings.")
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Configuration file to use.")
@click.option("--stdin-filename", help="The name (and so the format) of what `-` reads from stdin.")
@click.option("-v", "--verbose", is_flag=True, help="Also list files that hold no tool, and links a walk does not read.")
@click.option("-q", "--quiet", is_flag=True, help="Print the findings and nothing else (no summary).")
@click.option("--show-settings", is_flag=True, help="Print the resolved configuration and where it came from, then exit.")
@click.option("--show-files", is_flag=True, help="Print the files that would be linted, then exit.")
@click.option("--no-cache", is_flag=True, envvar="SCHEMA_LINT_NO_CACHE",
              help="Lint every file again instead of reusing results for unchanged ones (env SCHEMA_LINT_NO_CACHE=1).")
@click.option("--cache-dir", type=click.Path(file_okay=False), envvar="SCHEMA_LINT_CACHE_DIR",
              help="Where results are kept (default: .schema_lint_cache beside the configuration; env SCHEMA_LINT_CACHE_DIR).")
@click.option("--fix/--no-fix", default=False, help="Apply the enabled fixes (safe ones; tightening ones too with --unsafe-fixes), then report what remains.")
@click.option("--unsafe-fixes/--no-unsafe-fixes", default=False,
              help="Enable tightening fixes: they count as fixable, --fix applies them, --diff shows them.")
@click.option("--diff", is_flag=True, help="Print the enabled fixes as a unified diff and write nothing; exit 1 when there is a change.")
@click.option("--show-fixes", is_flag=True, help="With --fix: list what was fixed, per file and rule (on stderr).")
@click.option("--exit-non-zero-on-fix", is_flag=True, help="Exit 1 when --fix changed a file, even if nothing remains.")
@click.option("--fix-only", is_flag=True,
              help="Apply the enabled fixes and report only what was fixed, not the remaining findings (as ruff).")
@click.option("--write-baseline", type=click.Path(dir_okay=False),
              help="Record today's findings in this file (a later --baseline run reports only new ones).")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False),
              help="Report only findings not recorded in this baseline file (config: `baseline`).")
@click.option("--baseline-strict", is_flag=True, help="With --baseline: exit 1 when baseline entries are stale (fixed).")
@click.option("--calls", "calls", multiple=True, type=click.Path(allow_dash=True), metavar="FILE",
              help="Recorded calls (any shape replay reads; repeat for several files, - for stdin): tightening "
                   "fixes take their values from them, and no fix is offered that would reject one that passes today.")
@python_option(help="Import this object (it runs your code, in a child process) and lint the tools it defines: "
                   "an MCP server, a Pydantic model, a function, function tools or a list of them (repeatable).")
@server_options
def check(paths, output_format, select, extend_select, ignore, profiles, fail_on, exit_zero, statistics,
          config_path, stdin_filename, verbose, fix, unsafe_fixes, diff, show_fixes, exit_non_zero_on_fix,
          output_file, fix_only, write_baseline, baseline_path, baseline_strict, calls, quiet, show_settings,
          show_files, no_cache, cache_dir, python_targets, **live):
    """Lint the tool schemas in PATHS (files, directories, or - for stdin), of the MCP
    servers named by --mcp/--mcp-url (without PATHS or those: also the configured `mcp-servers`)
    and of the Python objects named by --python."""
    from schema_lint.lint.document import PARSE_ERROR_CODE
    from schema_lint.run.linter import Linter
    from schema_lint.run.result import LintResult, exit_code
    from schema_lint.report import ReportOptions, render

    def with_flags(config):
        """The command line over a configuration file: flags win, lists extend."""
        if select:
            config.select = _codes(select)
        config.extend_select += _codes(extend_select)
        config.ignore += _codes(ignore)
        config.profiles = sorted(set(config.profiles) | set(profiles))
        if fail_on:
            config.fail_on = fail_on
        _exit_on_unknown_selectors(config)
        return config

    config = with_flags(load_config_or_exit(config_path))
    # Counts need no positions; anything that edits, records or compares findings does.
    counting_only = statistics and not (fix or fix_only or diff or write_baseline or baseline_path or config.baseline)
    linter = Linter(config, positions=not counting_only, keep_texts=fix or fix_only or diff,
                    nearest_config=None if config_path else lambda source: with_flags(load_config_or_exit(source)))
    named = live["mcp_commands"] or live["mcp_urls"] or python_targets
    linted = paths or ([] if named else ["."])
    if calls:
        linter.traffic = load_traffic(calls, linter.tools_in(linted), tools_from_stdin="-" in paths)
    elif config.calls:
        linter.traffic = load_traffic(config.calls, linter.tools_in(linted), contents=_configured_calls(config))
    if show_settings or show_files:
        _show(linter, paths or ["."], show_settings)
    # A fix run needs every document parsed, and recorded calls change what fixes say.
    if not (no_cache or fix or fix_only or diff or linter.traffic):
        linter.use_cache(cache_dir)
    servers = servers_from(live, config, configured=not (paths or python_targets), python_targets=python_targets)
    if not _may_be_replayed(linter, paths, servers, python_targets, output_file):
        from schema_lint.run import run_cache

        run_cache.abandon()
    with _config_errors_exit():
        result = linter.run(linted, stdin_name=stdin_filename) if linted else LintResult()
    if servers:
        from schema_lint.live.lint import lint_servers

        lint_servers(linter, servers, result, limits_from(live, config))
    if python_targets:
        from schema_lint.python_tools.lint import lint_targets

        lint_targets(linter, python_targets, result, limits_from(live, config))
    from schema_lint.run.fix_flags import run_fix_flags

    fixing = run_fix_flags(linter, result, fix=fix or fix_only, unsafe=unsafe_fixes, diff=diff,
                           show_fixes=show_fixes, from_stdin=list(paths) == ["-"])
    if fixing.exit_code is not None:
        sys.exit(fixing.exit_code)
    if fix_only:
        if result.had_parse_errors:  # what exit 2 is for: a file not read, parsed or written, named
            errors = LintResult([d for d in result.diagnostics if d.code == PARSE_ERROR_CODE])
            click.echo(render("concise", errors, ReportOptions(quiet=True)), nl=False, err=fixing.report_to_stderr)
        fixed = result.fix_summary.fixed or 0
        if fixed or result.had_parse_errors:
            click.echo(f"Fixed {fixed:,} finding{'s' if fixed != 1 else ''}.", err=fixing.report_to_stderr)
        if result.had_parse_errors:
            sys.exit(2)
        sys.exit(1 if exit_non_zero_on_fix and fixing.modified else 0)
    if write_baseline:
        from schema_lint.run import baseline

        try:
            count = baseline.write(write_baseline, result.diagnostics)
        except OSError as exc:
            click.echo(f"schema-lint: error: cannot write {write_baseline}: {exc.strerror or exc}", err=True)
            sys.exit(2)
        click.echo(f"Recorded {count:,} finding{'s' if count != 1 else ''} in {write_baseline}.", err=True)
        sys.exit(2 if result.had_parse_errors else 0)
    stale = _apply_baseline(baseline_path, config, result)
    if stale is not None and not (fix or diff):
        from schema_lint.fixes.summary import FixSummary

        result.fix_summary = FixSummary.of(result.diagnostics, unsafe_fixes)  # of what is still reported
    if verbose:
        from schema_lint.text.display import escape

        for path, why in result.passed_over:
            click.echo(escape(f"{path}: {why}"), err=True)
        for path in result.skipped:
            click.echo(f"{escape(path)}: {_why_skipped(result.documents[path].data)}", err=True)
    if statistics:
        from schema_lint.report.statistics import render as render_statistics

        click.echo(render_statistics(result, json_output=output_format in ("json", "jsonl")), nl=False)
    else:
        format_name = output_format or ("full" if sys.stdout.isatty() and not output_file else "concise")
        stream = sys.stderr if fixing.report_to_stderr else sys.stdout
        color = use_color(stream) and not output_file
        report = render(format_name, result, ReportOptions(color=color, fixing=fix, unsafe_fixes=unsafe_fixes,
                                                           quiet=quiet, verbose=verbose))
        if output_file:
            _write_report(output_file, report)
        else:
            # color= also stops click from stripping the codes when FORCE_COLOR asks for them off a terminal.
            click.echo(report, nl=False, color=color, err=fixing.report_to_stderr)
    code = exit_code(result, config.fail_on)
    if baseline_strict and stale and code == 0:  # stale: None without a baseline, else a count
        code = 1
    if exit_zero and code == 1:
        code = 0
    if _may_be_replayed(linter, paths, servers, python_targets, output_file):
        from schema_lint.run import run_cache

        run_cache.replayable(linter.cache_dir)  # all it read was files, and it wrote none
    sys.exit(1 if exit_non_zero_on_fix and fixing.modified and code == 0 else code)


def _may_be_replayed(linter, paths, servers, python_targets, output_file) -> bool:
    """Whether all a `check` run reads is files, and all it writes its output and cache
    (see `run_cache`): a run that fixes, asks servers, imports code, reads stdin or writes a
    report file is never answered from a record."""
    return linter.cache is not None and not (servers or python_targets or output_file or "-" in paths)


def load_traffic(paths, tools, named: str = "--calls ", tools_from_stdin: bool = False,
                 contents: dict[str, bytes] | None = None):
    """The recorded calls (`contents`: the bytes of those files read already), summarised for
    `tools`; a file that cannot be read stops the run (exit 2) before anything is fixed:
    without it the gate would pass fixes the missing calls might refute."""
    from schema_lint.text.display import escape
    from schema_lint.traffic.store import Traffic

    if list(paths).count("-") + tools_from_stdin > 1:
        click.echo("schema-lint: error: stdin (-) can be read only once: give the calls or the tools as a file",
                   err=True)
        sys.exit(2)
    traffic = Traffic.load(paths, tools, contents)
    for line in traffic.unreadable:
        click.echo(escape(f"schema-lint: error: {named}{line.file}: {line.reason}"), err=True)
    if traffic.unreadable:
        sys.exit(2)
    for line in traffic.problems:
        click.echo(escape(f"{line.file}:{line.line}: warning: {line.reason}; not used as evidence"), err=True)
    if traffic.problem_count > len(traffic.problems):
        click.echo(f"… and {traffic.problem_count - len(traffic.problems):,} more lines without a call", err=True)
    if traffic.not_objects:
        click.echo(f"schema-lint: warning: {traffic.not_objects:,} recorded call{'s' if traffic.not_objects != 1 else ''}"
                   " whose arguments are not a JSON object, not used as evidence", err=True)
    if not traffic.calls:
        click.echo(escape(f"schema-lint: warning: no recorded call found in {', '.join(paths)}"), err=True)
    return traffic


def _configured_calls(config) -> dict[str, bytes]:
    """The bytes of each `calls` file the configuration names, read as `configured_files` says;
    one refused stops the run (exit 2), as any calls file that cannot be read does."""
    from schema_lint.run.configured_files import ConfiguredFileError, read_configured

    try:
        return {path: read_configured(config, "calls", path) for path in config.calls}
    except ConfiguredFileError as exc:
        from schema_lint.text.display import escape

        click.echo(escape(f"schema-lint: error: {exc}"), err=True)
        sys.exit(2)


def _show(linter, paths: list[str], settings: bool) -> None:
    """`--show-files` / `--show-settings`: what a run would read, and under which settings."""
    from schema_lint.text.display import escape

    files = linter.files(paths)
    with _config_errors_exit():
        linter.resolve_configs(files)
    if settings:
        from schema_lint.config.show import render as render_settings

        click.echo(render_settings(linter.configs_used()), nl=False)
    else:
        for path in sorted(files):
            click.echo(escape(path))
    sys.exit(0)


def _write_report(path: str, report: str) -> None:
    """The report into ``path``, replaced whole (a reader never sees half a SARIF file)."""
    from schema_lint.fixes.files import write_output

    try:
        write_output(path, report)
    except OSError as exc:
        click.echo(f"schema-lint: error: cannot write {path}: {exc.strerror or exc}", err=True)
        sys.exit(2)


def _apply_baseline(path: str | None, config, result) -> int | None:
    """Hide the baselined findings (of `--baseline`, else of the configuration's `baseline`); say
    how many, and how many entries are stale. Returns the stale count, or None without a
    baseline. A configured one that is refused is an SL000 finding at its key, and every
    finding is reported (see `configured_files`)."""
    if not (path or config.baseline):
        return None
    from schema_lint.run import baseline
    from schema_lint.run.configured_files import ConfiguredFileError, read_configured

    try:
        raw = (baseline.read(path, config.max_file_size) if path
               else read_configured(config, "baseline", config.baseline))
        applied = baseline.apply(path or config.baseline, raw, result)
    except ConfiguredFileError as exc:
        result.diagnostics.append(exc.finding())
        result.diagnostics.sort(key=lambda d: d.sort_key)
        return None
    except baseline.BaselineError as exc:
        click.echo(f"schema-lint: error: {exc}", err=True)
        sys.exit(2)
    note = f"{applied.hidden:,} finding{'s' if applied.hidden != 1 else ''} in the baseline not reported"
    fixed = applied.stale - applied.elsewhere
    if fixed:
        note += (f"; {fixed:,} baseline entr{'ies' if fixed != 1 else 'y'} no longer found "
                 f"(fixed): run --write-baseline to drop {'them' if fixed != 1 else 'it'}")
    if applied.elsewhere:
        note += (f"; {applied.elsewhere:,} baseline entr{'ies name' if applied.elsewhere != 1 else 'y names'} a file "
                 "not found from here (deleted, or the baseline was written from another folder: its paths are "
                 "relative to that folder)")
    click.echo(note + ".", err=True)
    return applied.stale


def _why_skipped(data) -> str:
    from schema_lint.sources.tools import NOT_A_SCHEMA, not_tool_arguments

    why = not_tool_arguments(data)
    if why == NOT_A_SCHEMA:
        return "no tool found, skipped"
    if why is None:
        return "a JSON Schema outside `raw-tool-schemas`, skipped"
    return f"a JSON Schema but not of a tool's arguments ({why}), skipped; list it in `raw-tool-schemas` to lint it"


@main.command("rule")
@click.argument("code")
def rule_command(code):
    """Explain a rule: what it does, why, an example, and its fix's safety."""
    from schema_lint.rule import load_rules

    rules = load_rules()
    found = rules.get(code.upper()) or next((r for r in rules.values() if r.name == code), None)
    if found is None:
        click.echo(f"schema-lint: error: unknown rule `{code}` (see `schema-lint rules`)", err=True)
        sys.exit(2)
    click.echo(f"# {found.code} {found.name}\n")
    severity = found.default_severity_text
    if "/" in severity:
        severity = ", ".join(f"{level} on {kind} tools" for level, kind in
                             zip(severity.split("/"), ("read", "write", "destructive")))
    click.echo(f"Default severity: {severity}. Fix: {'available' if found.fixable else 'none'}.\n")
    click.echo(found.doc)


@main.command("rules")
@click.option("--output-format", type=click.Choice(["text", "json"]), default="text")
def rules_command(output_format):
    """List every rule: code, name, default severity, whether a fix exists."""
    from schema_lint.rule import load_rules

    rules = load_rules().values()
    if output_format == "json":
        import json

        click.echo(json.dumps([{"code": r.code, "name": r.name, "severity": r.default_severity_text,
                                "fixable": r.fixable} for r in rules], indent=2))
        return
    for r in rules:
        click.echo(f"{r.code}  {r.name:<34} {r.default_severity_text:<22} {'fix' if r.fixable else ''}".rstrip())
