"""`schema-lint replay TOOLS CALLS...`: recorded traffic through the boundary."""

from __future__ import annotations

import os
import sys

import click

from schema_lint.cli.targets import named, target_files, target_options


from schema_lint.run.progress import START_AFTER, Progress

# Calls between two progress lines in a log: about a second of replay.
PROGRESS_EVERY = 50_000


@click.command()
@click.argument("tools", required=False, type=click.Path(allow_dash=True))
@click.argument("calls", nargs=-1, type=click.Path(allow_dash=True))
@click.option("--policy", default="scalar-for-array", show_default=True,
              help="Comma-separated canonicalization repairs to apply (`none` for none).")
@click.option("--against", type=click.Path(exists=True),
              help="Tightened tools: list every call that passes today and these would reject (exit 1 if any).")
@click.option("--output-format", type=click.Choice(["table", "json", "jsonl", "markdown"]), default="table",
              show_default=True)
@click.option("--fail-on", type=click.Choice(["newly-rejected", "rejected", "never"]), default="newly-rejected",
              show_default=True,
              help="Exit 1 when a call that passes today is rejected by --against's tools (newly-rejected), "
                   "when any call is rejected or its tool cannot be built (rejected), or never.")
@click.option("--progress/--no-progress", default=None,
              help=f"Progress on stderr (default: once the run has taken {START_AFTER:g} s): one line redrawn on a "
                   f"terminal, a line every {PROGRESS_EVERY:,} calls elsewhere.")
@target_options
def replay(tools, calls, policy, against, output_format, fail_on, progress, python_targets, **live):
    """Replay recorded calls (JSONL or JSON) through the boundary built from TOOLS (or from the
    tools of a --python object or --mcp server, and then every argument is CALLS)."""
    if named(python_targets, live):
        tools, calls = None, tuple(path for path in (tools, *calls) if path is not None)
    elif tools is None:
        raise click.UsageError("Missing argument 'TOOLS' (or --python, --mcp, --mcp-url).")
    elif not os.path.exists(tools):
        raise click.BadParameter(f"Path {tools!r} does not exist.", param_hint="'TOOLS'")
    if not calls:
        raise click.UsageError("Missing argument 'CALLS...'.")
    with target_files(python_targets, live) as targets:
        tools = tools or targets.paths[0]
        # A --python target's tools, and their tightened forms, run behind their framework's adapter.
        _replay(tools, calls, policy, against, output_format, fail_on, progress, targets.frameworks.get(targets.shown(tools)))


def _replay(tools, calls, policy, against, output_format, fail_on, progress, frameworks=None):
    from schema_lint.boundary import Policy
    from schema_lint.config import DEFAULT_EXCLUDE, DEFAULT_INCLUDE
    from schema_lint.text.display import escape, json_text
    from schema_lint.traffic.calls import read_calls
    from schema_lint.replay.report import render_json, render_text, summary
    from schema_lint.replay.run import Tally, Toolset, ToolsUnreadable
    from schema_lint.replay.run import replay as run_replay
    from schema_lint.sources.files import expand_paths

    names = [] if policy.strip().lower() in ("", "none") else [n.strip() for n in policy.split(",") if n.strip()]
    try:
        chosen = Policy.from_names(names)
    except (KeyError, ValueError) as exc:
        raise click.BadParameter(str(exc), param_hint="--policy") from None

    def load(path: str) -> Toolset:
        try:
            return Toolset.load(expand_paths([path], DEFAULT_INCLUDE, [], DEFAULT_EXCLUDE), chosen, frameworks)
        except ToolsUnreadable as exc:
            click.echo(f"schema-lint: error: {exc}", err=True)
            sys.exit(2)

    toolset = load(tools)
    tightened = load(against) if against else None

    tally = Tally()

    def so_far() -> str:
        outcomes = tally.outcomes
        return (f"{tally.calls + tally.not_replayed:,} calls, {outcomes['valid']:,} valid, "
                f"{outcomes['canonicalized']:,} canonicalized, {outcomes['rejected']:,} rejected")

    shown = Progress("schema-lint replay", so_far, PROGRESS_EVERY, progress)

    def on_result(result):
        if output_format == "jsonl":
            sys.stdout.write(json_text(result.as_record()) + "\n")
        shown.advance()

    with shown:
        run_replay(read_calls(calls), toolset, tightened, on_result=on_result, tally=tally)
    for broken in tally.broken:
        click.echo(escape(f"{broken.where}: {broken.reason}"), err=True)
    if tally.broken_count > len(tally.broken):
        click.echo(f"… and {tally.broken_count - len(tally.broken):,} more lines without a call", err=True)
    _refuse_nothing_checked(tally, calls)
    for name, reason in sorted(toolset.unusable.items()):
        click.echo(escape(f"{tools}: tool {name}: {reason}; its calls are not replayed"), err=True)
    for name, reason in sorted(tightened.unusable.items() if tightened else ()):
        click.echo(escape(f"{against}: tool {name}: {reason}; every call to it counts as newly rejected"), err=True)
    data = summary(tally, toolset, names)
    if output_format == "json":
        click.echo(render_json(data), nl=False)
    elif output_format != "jsonl":
        click.echo(render_text(data, markdown=output_format == "markdown"), nl=False)
    # A call to a tool that cannot be built is checked by nothing and refused by every validator.
    failed = {"newly-rejected": bool(tally.regressions),
              "rejected": tally.outcomes["rejected"] > 0 or tally.not_replayed > 0, "never": False}
    sys.exit(1 if failed[fail_on] else 0)


def _refuse_nothing_checked(tally, calls) -> None:
    """Exit 2, as `infer` and `check --calls` do, when a calls file cannot be read, or when
    no line held a call (an empty file too): a gate that replayed none of the traffic it was
    given has checked nothing, and must not pass (`0 calls ... would be rejected`)."""
    from schema_lint.text.display import escape

    replayed_none = not (tally.calls or tally.not_replayed)
    if not (tally.unreadable or replayed_none):
        return
    for line in tally.unreadable:
        click.echo(escape(f"schema-lint: error: {line.file}: {line.reason}"), err=True)
    if replayed_none and not tally.unreadable:
        click.echo(escape(f"schema-lint: error: no recorded call found in {', '.join(calls)}: "
                          "nothing was replayed"), err=True)
    sys.exit(2)
