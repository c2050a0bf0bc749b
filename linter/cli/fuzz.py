"""`schema-lint fuzz PATH...`: near-miss calls through the boundary, as a report and a CI gate.

Exit codes: 0, or 1 when a near miss reaches `--fail-on` (`accepted`: any near miss the
schema let through; `rejected`: any that was not repaired either); 2 when an input could
not be read (reported as `file:line:col: message`; the other files are still fuzzed), or
when the generator failed: on a tool (the report says which), or on every tool because
the installed hypothesis does not fit hypothesis-jsonschema (one line naming the versions
that work, nothing fuzzed), or when `--fail-on` is set and no near miss was tried (no tool
found, or none that could be fuzzed). A gate must not pass on a run that fuzzed nothing.
"""

from __future__ import annotations

import sys

import click

from schema_lint.cli.common import Positive
from schema_lint.cli.targets import target_files, target_options

from schema_lint.fuzz.model import DEFAULT_BUDGET, DEFAULT_EXAMPLES
from schema_lint.fuzz.report import FORMATS
from schema_lint.run.progress import START_AFTER, Progress

# Tools between two progress lines in a log (a usual tool takes a tenth of a second or so).
PROGRESS_EVERY = 10
# --fail-on → the outcomes that fail the run.
_FAILING = {"accepted": ("accepted",), "rejected": ("accepted", "rejected"), "never": ()}


@click.command()
# readable=False: an unreadable file is a finding of its own, not the end of the run.
@click.argument("paths", nargs=-1, type=click.Path(allow_dash=True, readable=False))
@click.option("--examples", type=click.IntRange(min=1), default=DEFAULT_EXAMPLES, show_default=True,
              help="Valid calls to generate per tool; near misses are made from each.")
@click.option("--seed", type=int, default=0, show_default=True, help="Generator seed: same input and seed, same report.")
@click.option("--policy", default="scalar-for-array", show_default=True,
              help="Comma-separated canonicalization repairs the boundary applies (`none` for none).")
@click.option("--budget", type=Positive(), default=DEFAULT_BUDGET, show_default=True,
              help="CPU seconds of generation per tool; a tool over it is reported and the run goes on.")
@click.option("--fail-on", type=click.Choice(list(_FAILING)), default="never", show_default=True,
              help="Exit 1 when a near miss is accepted (or, with `rejected`, not repaired).")
@click.option("--output-format", type=click.Choice(sorted(FORMATS)), default="table", show_default=True,
              help="`table` for people, `json` for machines, `markdown` for a pull-request comment.")
@click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Configuration file to use.")
@click.option("--stdin-filename", help="The name (and so the format) of what `-` reads from stdin.")
@click.option("--progress/--no-progress", default=None,
              help=f"Progress on stderr (default: once the run has taken {START_AFTER:g} s): one line redrawn on a terminal, "
                   f"a line every {PROGRESS_EVERY} tools elsewhere.")
@target_options
def fuzz(paths, examples, seed, policy, budget, fail_on, output_format, config_path, stdin_filename, progress,
         python_targets, **live):
    """Fuzz the tools in PATHS (and of --python objects, --mcp servers) with near-miss calls:
    canonicalized, rejected or accepted."""
    from schema_lint.fuzz import storage

    storage.keep_out_of_the_project()
    from schema_lint.cli.common import load_config_or_exit, use_color
    from schema_lint.fuzz.inputs import read_inputs
    from schema_lint.fuzz.model import FuzzOptions, FuzzResult, ToolReport
    from schema_lint.fuzz.report import near_miss_counts, render, summary
    from schema_lint.fuzz.run import fuzz_tools

    options = FuzzOptions(examples=examples, seed=seed, policy=_policy(policy), budget=budget)
    config = load_config_or_exit(config_path)
    with target_files(python_targets, live, config) as targets:
        inputs = read_inputs([*paths, *targets.paths] or ["."], config, stdin_filename)
    inputs.tools = [(targets.shown(path), tool) for path, tool in inputs.tools]
    for problem in inputs.problems:
        click.echo(problem, err=True)
    finished: list[ToolReport] = []

    def so_far() -> str:
        return f"{len(finished)}/{len(inputs.tools)} tools, {near_miss_counts(summary(FuzzResult(finished, options)))}"

    shown = Progress("schema-lint fuzz", so_far, PROGRESS_EVERY, progress)

    def on_tool(report: ToolReport) -> None:
        finished.append(report)
        shown.advance()

    from schema_lint.fuzz.generate import GeneratorUnusable

    try:
        with shown:
            reports = fuzz_tools(inputs.tools, options, on_tool=on_tool, frameworks=targets.frameworks)
    except GeneratorUnusable as exc:
        click.echo(f"schema-lint: error: {exc}", err=True)
        sys.exit(2)
    result = FuzzResult(reports, options, inputs.problems)
    color = output_format == "table" and use_color(sys.stdout)
    click.echo(render(output_format, result, color), nl=False, color=color)
    failed = [report.name for report in reports if report.failed]
    if failed:
        click.echo(f"schema-lint: error: the generator failed on {len(failed)} tool{'s' if len(failed) != 1 else ''} "
                   f"({', '.join(failed[:5])}{', …' if len(failed) > 5 else ''}): not fuzzed", err=True)
    if inputs.problems or failed:
        sys.exit(2)
    if _FAILING[fail_on] and not any(report.checked for report in reports):
        # No tool, or none a near miss could be made for (each unsupported, or over `--budget`):
        # a gate that passed here would say the tools hold when nothing was tried.
        why = (f"none of the {len(reports)} tool{'s' if len(reports) != 1 else ''} found could be fuzzed (see the report)"
               if reports else "no tool was found")
        click.echo(f"schema-lint: error: nothing was fuzzed: {why}; `--fail-on {fail_on}` checked nothing", err=True)
        sys.exit(2)
    sys.exit(1 if any(result.count(outcome) for outcome in _FAILING[fail_on]) else 0)


def _policy(text: str):
    from schema_lint.boundary import Policy

    names = [] if text.strip().lower() in ("", "none") else [name.strip() for name in text.split(",") if name.strip()]
    try:
        return Policy.from_names(names)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--policy") from None
