"""`schema-lint check`: the flags, as the `CheckOptions` record the run takes (`run.check`)."""

from __future__ import annotations

import os
import sys

import click

from schema_lint.cli.common import ClickOutput, errors_exit, use_color
from schema_lint.cli.hook_paths import HookAwareCommand
from schema_lint.cli.live_options import options_of, server_options
from schema_lint.cli.python_option import python_option
from schema_lint.profiles import PROFILES
from schema_lint.report import FORMATS

# What `--statistics` prints, as ruff: a table for the text formats, JSON for `json`; no other
# format has a shape for counts. None: the default, a text format.
STATISTICS_FORMATS = (None, "full", "concise", "json")


class FormatDestination(click.ParamType):
    """`FORMAT` or `FORMAT:FILE` (golangci-lint's `--out-format FORMAT:FILE`): a report format,
    and the file it goes to (`-`, or none, for stdout). Split at the first colon, which no
    format's name holds, so a Windows path keeps its own."""

    name = "format"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        format_name, _, path = value.partition(":")
        if format_name not in FORMATS:
            self.fail(f"{format_name!r} is not one of {', '.join(map(repr, sorted(FORMATS)))}", param, ctx)
        return format_name, (None if path in ("", "-") else path)


def destinations(formats: tuple[tuple[str, str | None], ...], output_file: str | None):
    """The format for stdout (or `--output-file`, as ruff's), and the (format, file) pairs
    written besides it; a second format for stdout, or two for one file, is a usage error."""
    to_stdout = [name for name, path in formats if path is None]
    if len(to_stdout) > 1:
        raise click.UsageError(f"--output-format: {' and '.join(to_stdout)} would both go to "
                               f"{output_file or 'stdout'}; give all but one a file (FORMAT:FILE)")
    files = [path for _, path in formats if path is not None] + ([output_file] if output_file and to_stdout else [])
    seen: dict[str, str] = {}
    for path in files:  # one file under two spellings (`./x.sarif`, `x.sarif`, a link) is one file
        key = os.path.normcase(os.path.realpath(path))
        if key in seen:
            raise click.UsageError(f"--output-format: two reports would be written to {seen[key]}"
                                   + (f" (as {path})" if path != seen[key] else ""))
        seen[key] = path
    if output_file and not to_stdout and formats:
        raise click.UsageError("--output-file names the file of the format given without one; every "
                               "--output-format has its own file (FORMAT:FILE)")
    return (to_stdout[0] if to_stdout else None), tuple((name, path) for name, path in formats if path is not None)


def stdin_paths(paths: tuple[str, ...]) -> tuple[str, ...]:
    """What a run given `--stdin-filename` reads: stdin, as ruff reads it whatever PATHS say
    (an editor pipes the buffer, and lints nothing else); a path besides `-` is named as ignored."""
    ignored = [path for path in paths if path != "-"]
    if ignored:
        from schema_lint.text.display import escape

        click.echo(escape(f"schema-lint: warning: ignoring {', '.join(ignored)} in favour of standard input "
                          "(--stdin-filename)"), err=True)
    return ("-",)


@click.command(cls=HookAwareCommand)
# readable=False: an unreadable file is a finding of its own, not the end of the run.
@click.argument("paths", nargs=-1, type=click.Path(allow_dash=True, readable=False))
@click.option("--output-format", "output_formats", multiple=True, type=FormatDestination(), metavar="FORMAT[:FILE]",
              help=f"Report format: {', '.join(sorted(FORMATS))} (default: full on a terminal, concise otherwise). "
                   "Repeat with :FILE to also write other formats to files in the same run, e.g. "
                   "--output-format sarif:schema-lint.sarif --output-format github.")
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
@click.option("--docs-url", envvar="SCHEMA_LINT_DOCS_URL", metavar="URL",
              help="Where reports link each rule's page: a published docs site's base URL, or a URL with {code} "
                   "(default: the repository's docs/rules/; env SCHEMA_LINT_DOCS_URL).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings (still 2 on unreadable input).")
@click.option("--statistics", is_flag=True,
              help="Print counts per rule instead of the findings (a table, or JSON with --output-format json).")
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Configuration file to use.")
@click.option("--stdin-filename",
              help="The name (and so the format) of what is read from stdin; given, stdin is read, as `-`, instead of PATHS.")
@click.option("-v", "--verbose", is_flag=True, help="Also list files that hold no tool, and links a walk does not read.")
@click.option("-q", "--quiet", is_flag=True, help="Print the findings and nothing else (no summary).")
@click.option("--show-settings", is_flag=True, help="Print the resolved configuration and where it came from, then exit.")
@click.option("--show-files", is_flag=True, help="Print the files that would be linted, then exit.")
@click.option("--force-include", is_flag=True,
              help="Lint a file named in PATHS only if `include` matches it, as a directory's files are chosen "
                   "(the pre-commit hooks pass it: pre-commit names every text file of a commit).")
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
@click.option("--calls-summary", "calls_summaries", multiple=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="A summary of recorded calls (`infer --emit-summary`, `schema_lint.spark`; repeatable, merged): "
                   "evidence and gate as --calls, gating only the fixes the summary shows safe.")
@python_option(help="Import this object (it runs your code, in a child process) and lint the tools it defines: "
                   "an MCP server, a Pydantic model, a function, function tools or a list of them (repeatable).")
@server_options
def check(paths, baseline_path, python_targets, output_formats, **flags):
    """Lint the tool schemas in PATHS (files, directories, or - for stdin), of the MCP
    servers named by --mcp/--mcp-url (without PATHS or those: also the configured `mcp-servers`)
    and of the Python objects named by --python."""
    from schema_lint.live.requested import ServerChoiceError, ServerOptions
    from schema_lint.run.check import CheckOptions, run_check

    servers = options_of({name: flags.pop(name) for name in ServerOptions.fields()})
    if flags["stdin_filename"] == "":
        raise click.UsageError("--stdin-filename needs a name: it says what stdin holds (JSON, YAML …); "
                               "read stdin with `-` instead")
    if flags["stdin_filename"] is not None:
        paths = stdin_paths(paths)
    flags["output_format"], flags["outputs"] = destinations(output_formats, flags["output_file"])
    if flags["statistics"] and flags["output_format"] not in STATISTICS_FORMATS:
        raise click.UsageError(f"--statistics counts findings as text or json, not as {flags['output_format']} "
                               "(its findings can go to a file besides: FORMAT:FILE)")
    options = CheckOptions(paths=tuple(paths), baseline=baseline_path, python_targets=tuple(python_targets),
                           servers=servers, terminal=sys.stdout.isatty(), color=use_color(sys.stdout),
                           color_stderr=use_color(sys.stderr), **flags)
    with errors_exit():
        try:
            code = run_check(options, ClickOutput())
        except ServerChoiceError as exc:
            raise click.UsageError(str(exc)) from None
    sys.exit(code)
