"""`schema-lint check` as one run: the options the command line gives (`CheckOptions`), and
the run that takes them (`run_check`): configuration → lint and gate each file → ask servers
and Python targets → fixes → baseline → report → exit code.

The command (`cli.check`) only turns flags into `CheckOptions` and hands an `Output`; what a
run reads, writes and answers is decided here, so the same run serves any caller. The run
writes through that `Output` (the report on stdout, notes and errors on stderr) and knows
nothing of the command line: `cli` hands one that writes through click, which handles
colour and streams that cannot take a character; a test or a language server may hand
another.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from schema_lint.live.requested import ServerOptions
from schema_lint.model import Options

if TYPE_CHECKING:
    from schema_lint.config import Config
    from schema_lint.run.linter import Linter
    from schema_lint.run.result import LintResult
    from schema_lint.traffic.store import Traffic


class Output(Protocol):
    def write(self, text: str, *, err: bool = False, color: bool = False) -> None:
        """Write `text` as it is, to stderr when `err`; `color`: it holds colour codes to keep."""

    def line(self, text: str, *, err: bool = False) -> None:
        """Write `text` and a line break."""


class RunError(Exception):
    """What stops a run before its report, said on stderr as `schema-lint: error: …`, exit 2."""


class CheckOptions(Options):
    """Every flag of `check`, as given (None: not given, the configuration decides)."""

    paths: tuple[str, ...] = ()
    output_format: str | None = None
    select: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    profiles: tuple[str, ...] = ()
    fail_on: str | None = None
    exit_zero: bool = False
    statistics: bool = False
    config_path: str | None = None
    stdin_filename: str | None = None
    verbose: bool = False
    quiet: bool = False
    show_settings: bool = False
    show_files: bool = False
    force_include: bool = False
    no_cache: bool = False
    cache_dir: str | None = None
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False
    show_fixes: bool = False
    exit_non_zero_on_fix: bool = False
    fix_only: bool = False
    output_file: str | None = None
    # Reports written besides the one above, each in its format to its file (`--output-format FORMAT:FILE`).
    outputs: tuple[tuple[str, str], ...] = ()
    docs_url: str | None = None
    write_baseline: str | None = None
    baseline: str | None = None
    baseline_strict: bool = False
    calls: tuple[str, ...] = ()
    calls_summaries: tuple[str, ...] = ()
    python_targets: tuple[str, ...] = ()
    servers: ServerOptions = ServerOptions()
    # Whether stdout is a terminal (the default format is then `full`), and whether colour may be
    # used on stdout and on stderr (where the report goes when `--fix` prints the fixed stdin).
    terminal: bool = False
    color: bool = False
    color_stderr: bool = False

    @property
    def fixing(self) -> bool:
        """Whether the run writes fixes (`--fix`, `--fix-only`)."""
        return self.fix or self.fix_only


def codes(values: tuple[str, ...]) -> list[str]:
    """Rule selectors as the flags give them, comma-separated or repeated."""
    return [code.strip().upper() for value in values for code in value.split(",") if code.strip()]


def with_flags(options: CheckOptions, config: Config) -> Config:
    """The command line over a configuration file: flags win, lists extend; a selector that
    names no rule stops the run. `--select` starts the selection afresh, as in ruff: the
    file's `extend-select` and `ignore` go with its `select` (`--select SL201` printed SL301
    findings a file's `extend-select` named, and a file's `ignore` hid the rule selected)."""
    if options.select:
        config.select = codes(options.select)
        if not config.select:  # `--select "$RULES"` with the variable unset: no rule, a gate that always passes
            raise RunError("`--select` names no rule (it is empty); give rule codes or prefixes, or leave it out")
        config.extend_select, config.ignore = [], []
    config.extend_select += codes(options.extend_select)
    config.ignore += codes(options.ignore)
    config.profiles = sorted(set(config.profiles) | set(options.profiles))
    if options.fail_on:
        config.fail_on = options.fail_on
    _refuse_unknown_selectors(config)
    return config


def load(options: CheckOptions, path: str | None, root: str | None = None) -> Config:
    """The configuration at `path` (or the one found from here), under the flags; its paths
    relative to `root` if given (see `load_config`)."""
    from schema_lint.config import load_config

    return with_flags(options, load_config(path, root=root))


def run_check(options: CheckOptions, output: Output) -> int:
    """The run `options` ask for; its exit code. Raises `RunError`, `config.ConfigError` or
    `live.requested.ServerChoiceError` when it cannot be run."""
    from schema_lint.lint.document import PARSE_ERROR_CODE
    from schema_lint.report import ReportOptions, chunks
    from schema_lint.run.linter import Linter
    from schema_lint.run.result import LintResult, exit_code

    config = load(options, options.config_path, root=os.getcwd() if options.config_path else None)
    if options.baseline_strict and not (options.baseline or config.baseline or options.write_baseline):
        # Else the flag would pass every run for a reason nobody sees: there is nothing to be stale.
        raise RunError("--baseline-strict needs a baseline: --baseline FILE, or `baseline` in the configuration")
    if PARSE_ERROR_CODE in [*config.ignore, *(code for codes in config.per_file_ignores.values() for code in codes)]:
        # Said, not refused: a file that cannot be read is reported whatever the selection,
        # as ruff reports a syntax error, and an ignore that does nothing must not look as if it did.
        output.line(f"schema-lint: warning: {PARSE_ERROR_CODE} cannot be ignored: a file that cannot be read "
                    "is always reported", err=True)
    # Counts need no positions; anything that edits, records, compares or reports findings does.
    counting_only = options.statistics and not (options.fixing or options.diff or options.write_baseline
                                                or options.baseline or config.baseline or options.outputs)
    nearest: Callable[[str], Config] | None = None if options.config_path else lambda source: load(options, source)
    linter = Linter(config, positions=not counting_only, keep_texts=options.fixing or options.diff,
                    nearest_config=nearest)
    named = options.servers.named or bool(options.python_targets)
    given = list(options.paths) or ["."]  # what `--show-files` lists, as a run would lint it
    if options.force_include:
        given = _included(given, config)
    linted = given if options.paths or not named else []
    if options.calls or options.calls_summaries:
        tools = list(linter.tools_in(linted))
        linter.traffic = load_traffic(output, options.calls, tools, tools_from_stdin="-" in options.paths,
                                      summaries=options.calls_summaries)
        if options.calls_summaries:
            _say_elsewhere(output, linter.traffic.elsewhere(tools))
    elif config.calls:
        linter.traffic = configured_traffic(output, config, linter.tools_in(linted))
    if options.show_settings or options.show_files:
        _show(output, linter, given, options.show_settings, options.stdin_filename)
        return 0
    # A fix run needs every document parsed, and recorded calls change what fixes say.
    if not (options.no_cache or options.fixing or options.diff or linter.traffic):
        from schema_lint.run.cache import CacheFolderError

        try:
            linter.use_cache(options.cache_dir)
        except CacheFolderError as exc:
            from schema_lint.text.display import escape

            raise RunError(escape(str(exc))) from None
    from schema_lint.live.requested import limits_from, servers_from

    servers, warning = servers_from(options.servers, config, configured=not (options.paths or options.python_targets),
                                    python_targets=options.python_targets)
    if warning:
        output.line(warning, err=True)
    replayable = linter.cache is not None and not (servers or options.python_targets or options.output_file
                                                    or options.outputs or "-" in options.paths)
    if not replayable:
        from schema_lint.run import run_cache

        run_cache.abandon()
    result = linter.run(linted, stdin_name=options.stdin_filename) if linted else LintResult()
    if linted and not result.documents:
        _say_nothing_was_read(output, linted)
    if servers:
        from schema_lint.live.lint import lint_servers

        lint_servers(linter, servers, result, limits_from(options.servers, config))
    if options.python_targets:
        from schema_lint.python_tools.lint import lint_targets

        lint_targets(linter, options.python_targets, result, limits_from(options.servers, config))
    from schema_lint.run.fix_flags import run_fix_flags

    fixing = run_fix_flags(output, linter, result, fix=options.fixing, unsafe=options.unsafe_fixes, diff=options.diff,
                           show_fixes=options.show_fixes, from_stdin=list(options.paths) == ["-"])
    if fixing.exit_code is not None:  # `--diff`: 1 for a change, which `--exit-zero` makes 0 as ruff does
        if result.had_parse_errors:  # exit 2 says a file was not read: stderr says which, and why
            _name_parse_errors(output, result, to_stderr=True)
        return 0 if options.exit_zero and fixing.exit_code == 1 else fixing.exit_code
    if options.fix_only:
        if result.had_parse_errors:  # what exit 2 is for: a file not read, parsed or written, named
            _name_parse_errors(output, result, to_stderr=fixing.report_to_stderr)
        fixed = result.fix_summary.fixed or 0  # type: ignore[union-attr]  # `run_fix_flags` set it
        if fixed or result.had_parse_errors:
            output.line(f"Fixed {fixed:,} finding{'s' if fixed != 1 else ''}.", err=fixing.report_to_stderr)
        if result.had_parse_errors:
            return 2
        return 1 if options.exit_non_zero_on_fix and fixing.modified else 0
    if options.write_baseline:
        return _write_baseline(output, options.write_baseline, config, result)
    stale = _apply_baseline(output, options.baseline, config, result)
    if stale is not None and not (options.fix or options.diff):
        from schema_lint.fixes.summary import FixSummary

        result.fix_summary = FixSummary.of(result.diagnostics, options.unsafe_fixes)  # of what is still reported
    if options.verbose:
        _list_passed_over(output, result)
    else:
        _warn_unread_tool_lists(output, result, options.paths)
    if not (options.fix or options.statistics):
        from schema_lint.run.source_review import show_fixes_in_source

        show_fixes_in_source(result, [options.output_format, *(name for name, _ in options.outputs)])
    report_options = ReportOptions(fixing=options.fix, unsafe_fixes=options.unsafe_fixes, quiet=options.quiet,
                                   verbose=options.verbose, docs_url=options.docs_url, fail_on=config.fail_on)
    if options.statistics:
        from schema_lint.report.statistics import render as render_statistics

        counts = render_statistics(result, json_output=options.output_format == "json", unsafe_fixes=options.unsafe_fixes)
        if options.output_file:
            _write_report(options.output_file, [counts])
        else:
            output.write(counts)
    else:
        format_name = options.output_format or ("full" if options.terminal and not options.output_file else "concise")
        color = (options.color_stderr if fixing.report_to_stderr else options.color) and not options.output_file
        report = chunks(format_name, result, report_options._replace(color=color))
        if options.output_file:
            _write_report(options.output_file, report)
        else:
            for piece in report:
                output.write(piece, err=fixing.report_to_stderr, color=color)
    for other_format, path in options.outputs:
        _write_report(path, chunks(other_format, result, report_options))
    code = exit_code(result, config.fail_on)
    if options.baseline_strict and stale and code == 0:  # stale: None without a baseline, else a count
        code = 1
    if options.exit_zero and code == 1:
        code = 0
    if replayable and linter.cache_dir is not None:
        from schema_lint.run import run_cache

        run_cache.replayable(linter.cache_dir)  # all it read was files, and it wrote none
    return 1 if options.exit_non_zero_on_fix and fixing.modified and code == 0 else code


def _say_elsewhere(output: Output, elsewhere: dict[str, int]) -> None:
    """A summary's calls to a linted tool counted under another definition of it are no
    evidence for it: said, rather than a tool left with no evidence and no word (`infer`'s
    report says it in its own lines)."""
    if not elsewhere:
        return
    from schema_lint.text.display import escape

    names = ", ".join(f"{name} ({calls:,})" for name, calls in list(elsewhere.items())[:3])
    output.line(escape(f"schema-lint: warning: calls to {names}{', …' if len(elsewhere) > 3 else ''} were "
                       "summarised under another definition of the tool (other tool files, or before it changed): "
                       "not used as evidence"), err=True)


def _refuse_unknown_selectors(config: Config) -> None:
    """A typo in a rule selector must not pass silently (`--select SL99` selecting nothing):
    every unknown one, from the flags and the configuration, is named at once."""
    from schema_lint.config.selection import rule_codes, unknown_selectors

    selectors = [*(config.select or []), *config.extend_select, *config.ignore, *config.severity,
                 *(code for codes in config.per_file_ignores.values() for code in codes),
                 *(code for codes in config.per_tool_ignores.values() for code in codes)]
    unknown = unknown_selectors(selectors, rule_codes())
    if unknown:
        raise RunError(f"unknown rule selector{'s' if len(unknown) > 1 else ''}: {', '.join(unknown)}")


def load_traffic(output: Output, paths, tools, named: str = "--calls ", tools_from_stdin: bool = False,
                 contents: dict[str, bytes] | None = None, summaries=()):
    """The recorded calls (`contents`: the bytes of those files read already), summarised for
    `tools`, merged with the traffic `summaries` (files `infer --emit-summary` wrote); a file
    that cannot be read stops the run (exit 2) before anything is fixed: without it the gate
    would pass fixes the missing calls might refute."""
    from schema_lint.text.display import escape
    from schema_lint.traffic.store import Traffic
    from schema_lint.traffic.traffic_summary import SummaryError, read_summary

    if list(paths).count("-") + tools_from_stdin > 1:
        raise RunError("stdin (-) can be read only once: give the calls or the tools as a file")
    traffic = Traffic.load(paths, tools, contents)
    for path in summaries:
        try:
            traffic.add_summary(read_summary(path))
        except SummaryError as exc:
            raise RunError(escape(f"--calls-summary {path}: {exc}")) from None
    for line in traffic.unreadable[:-1]:
        output.line(escape(f"schema-lint: error: {named}{line.file}: {line.reason}"), err=True)
    if traffic.unreadable:
        last = traffic.unreadable[-1]
        raise RunError(escape(f"{named}{last.file}: {last.reason}"))
    for line in traffic.problems:
        output.line(escape(f"{line.where}: warning: {line.reason}; not used as evidence"), err=True)
    if traffic.problem_count > len(traffic.problems):
        output.line(f"… and {traffic.problem_count - len(traffic.problems):,} more lines without a call", err=True)
    if traffic.not_objects:
        output.line(f"schema-lint: warning: {traffic.not_objects:,} recorded call{'s' if traffic.not_objects != 1 else ''}"
                    " whose arguments are not a JSON object, not used as evidence", err=True)
    if not traffic.calls:
        output.line(escape(f"schema-lint: warning: no recorded call found in {', '.join([*paths, *summaries])}"),
                    err=True)
    return traffic


def configured_traffic(output: Output, config: Config, tools: Iterable) -> Traffic:
    """The recorded calls of the configuration's `calls`, summarised for `tools`, as a run
    without `--calls` reads them (and the language server, for the same fixes): RunError when
    one is refused or cannot be read."""
    return load_traffic(output, config.calls, tools, contents=_configured_calls(config))


def _included(paths: list[str], config: Config) -> list[str]:
    """`paths` less the files `include` does not match (`--force-include`). pre-commit tells a
    file's type by its extension, and knows none for `.jsonl` or `.jsonc`: the hooks take
    every text file, and this keeps those a walk of their folder would lint."""
    from schema_lint.sources.files import walk_reads

    return [path for path in paths if path == "-" or os.path.isdir(path) or walk_reads(path, config.include, [], config.root)]


def _configured_calls(config: Config) -> dict[str, bytes]:
    """The bytes of each `calls` file the configuration names, read as `configured_files` says;
    one refused stops the run (exit 2), as any calls file that cannot be read does."""
    from schema_lint.run.configured_files import ConfiguredFileError, read_configured

    try:
        return {path: read_configured(config, "calls", path) for path in config.calls}
    except ConfiguredFileError as exc:
        from schema_lint.text.display import escape

        raise RunError(escape(str(exc))) from None


def _show(output: Output, linter: Linter, paths: list[str], settings: bool, stdin_name: str | None) -> None:
    """`--show-files` / `--show-settings`: what a run would read, and under which settings."""
    from schema_lint.text.display import escape

    files = linter.files_to_lint(paths, stdin_name)
    if settings:
        from schema_lint.config.show import render as render_settings

        output.write(render_settings(linter.configs_used()))
    else:
        for path in sorted(files):
            output.line(escape(path))


def _say_nothing_was_read(output: Output, paths: list[str]) -> None:
    """A run whose PATHS held no file it reads passes with nothing checked: said on stderr,
    as ruff warns, even with `-q`, since it is more often a mistake (a folder all ignored by a
    `.gitignore`, an `exclude` that matches everything) than a wish."""
    from schema_lint.text.display import escape

    output.line(escape(f"schema-lint: warning: no file to lint under {', '.join(paths)}: what is there is excluded, "
                       "ignored by git or not matched by `include` (`--show-files` lists the files a run reads)"), err=True)


def _write_report(path: str, report: Iterable[str]) -> None:
    """The report into ``path``, replaced whole (a reader never sees half a SARIF file)."""
    from schema_lint.fixes.files import write_output

    try:
        write_output(path, report)
    except OSError as exc:
        raise RunError(f"cannot write {path}: {exc.strerror or exc}") from None


def _entries_start(path: str, config: Config) -> str | None:
    """Where the paths in the baseline at `path` are relative to: the configuration's folder (see
    `load_config`) if it is the configuration's `baseline`, else the working directory (None),
    so that the configured one reads the same from any folder, written or read."""
    return config.root if config.baseline and os.path.realpath(path) == config.baseline else None


def _write_baseline(output: Output, path: str, config: Config, result: LintResult) -> int:
    """Record the findings in the baseline at `path`, keeping its entries of what the run did not
    lint. A file that could not be read is named (its findings are not known, so none are
    recorded): exit 2, as any run."""
    from schema_lint.lint.document import PARSE_ERROR_CODE
    from schema_lint.report import ReportOptions, render
    from schema_lint.run import baseline
    from schema_lint.run.result import LintResult

    try:
        start = _entries_start(path, config)
        count, kept = baseline.write(path, result.diagnostics, baseline.linted_paths(result.documents, start), start)
    except OSError as exc:
        raise RunError(f"cannot write {path}: {exc.strerror or exc}") from None
    if result.had_parse_errors:
        errors = LintResult([d for d in result.diagnostics if d.code == PARSE_ERROR_CODE])
        output.write(render("concise", errors, ReportOptions(quiet=True)), err=True)
    also = f", and kept {kept:,} entr{'ies' if kept != 1 else 'y'} of files this run did not lint" if kept else ""
    output.line(f"Recorded {count:,} finding{'s' if count != 1 else ''} in {path}{also}.", err=True)
    return 2 if result.had_parse_errors else 0


def _apply_baseline(output: Output, path: str | None, config: Config, result: LintResult) -> int | None:
    """Hide the baselined findings (of `--baseline`, else of the configuration's `baseline`); say
    how many, and how many entries are stale. Returns the stale count, or None without a
    baseline. A configured one that is refused is an SL000 finding at its key, and every
    finding is reported (see `configured_files`)."""
    named = path or config.baseline
    if not named:
        return None
    from schema_lint.run import baseline
    from schema_lint.run.configured_files import ConfiguredFileError, read_configured

    try:
        raw = (baseline.read(path, config.max_file_size) if path
               else read_configured(config, "baseline", named))
        applied = baseline.apply(named, raw, result, _entries_start(named, config))
    except ConfiguredFileError as exc:
        result.diagnostics.append(exc.finding())
        result.diagnostics.sort(key=lambda d: d.sort_key)
        return None
    except baseline.BaselineError as exc:
        raise RunError(str(exc)) from None
    note = f"{applied.hidden:,} finding{'s' if applied.hidden != 1 else ''} in the baseline not reported"
    fixed = applied.stale - applied.elsewhere
    if fixed:
        note += (f"; {fixed:,} baseline entr{'ies' if fixed != 1 else 'y'} no longer found "
                 f"(fixed): run --write-baseline to drop {'them' if fixed != 1 else 'it'}")
    if applied.elsewhere:
        note += (f"; {applied.elsewhere:,} baseline entr{'ies name' if applied.elsewhere != 1 else 'y names'} a file "
                 "not found from here (deleted, or the baseline was written from another folder: its paths are "
                 "relative to that folder)")
    output.line(note + ".", err=True)
    return applied.stale


def _list_passed_over(output: Output, result: LintResult) -> None:
    """`-v`: what a walk did not read, and the files that held no tool, each with why."""
    from schema_lint.text.display import escape

    for path, why in result.passed_over:
        output.line(escape(f"{path}: {why}"), err=True)
    for path in result.skipped:
        output.line(f"{escape(path)}: {_why_skipped(result.documents[path].data)}", err=True)


def _name_parse_errors(output: Output, result: LintResult, to_stderr: bool) -> None:
    """The `SL000` findings alone, for a run whose report is its fixes (`--diff`, `--fix-only`):
    what made it exit 2."""
    from schema_lint.lint.document import PARSE_ERROR_CODE
    from schema_lint.report import ReportOptions, render
    from schema_lint.run.result import LintResult

    errors = LintResult([d for d in result.diagnostics if d.code == PARSE_ERROR_CODE])
    output.write(render("concise", errors, ReportOptions(quiet=True)), err=to_stderr)


def _warn_unread_tool_lists(output: Output, result: LintResult, paths: Iterable[str]) -> None:
    """A file named on the command line (as pre-commit names a commit's files) that holds
    what looks like a list of tools, none of them in a shape schema-lint reads, said on
    stderr even without `-v` (other files that hold no tool are passed over without a word:
    most JSON in a project is no tool): it would otherwise pass CI checked by nothing.
    Only named files: a file linted in a worker or taken from the cache is parsed again to
    be looked at, which a walk over every skipped JSON file of a project would pay on each
    run."""
    from schema_lint.lint.document import PARSE_ERROR_CODE
    from schema_lint.sources.tools import unread_tool_list
    from schema_lint.text.display import escape

    named = {os.path.normpath(path) for path in paths if path != "-"}
    # A tool whose arguments are no schema was found, and reported (SL000): no warning says none was.
    reported = {d.path for d in result.diagnostics if d.code == PARSE_ERROR_CODE}
    for path in result.skipped:
        if os.path.normpath(path) not in named or path in reported:
            continue
        key = unread_tool_list(result.documents[path].data)
        if key is not None:
            output.line(f"schema-lint: warning: {escape(path)}: holds `{escape(key)}`, but no tool in a shape "
                        "schema-lint reads (README lists them): nothing in it was checked", err=True)


def _why_skipped(data) -> str:
    from schema_lint.sources.tools import NOT_A_SCHEMA, not_tool_arguments

    why = not_tool_arguments(data)
    if why == NOT_A_SCHEMA:
        return "no tool found, skipped"
    if why is None:
        return "a JSON Schema outside `raw-tool-schemas`, skipped"
    return f"a JSON Schema but not of a tool's arguments ({why}), skipped; list it in `raw-tool-schemas` to lint it"
