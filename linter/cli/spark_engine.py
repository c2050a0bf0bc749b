"""`infer --engine spark`: the recorded calls summarised on Spark (`schema_lint.spark`), not here.

The summary Spark returns is merged as a `--calls-summary` is, so every other step of
`infer` (the report, `--emit-summary`) is the same as for calls read here.
"""

from __future__ import annotations

import os
import sys
import tempfile

import click


def summarise_on_spark(calls: tuple[str, ...], tools: list, master: str) -> str:
    """The path of a temporary file holding the summary of `calls` made on Spark at `master`
    (the caller removes it); exit 2 when Spark is not installed or cannot read the calls."""
    if "-" in calls:
        raise click.UsageError("--engine spark reads files, not stdin (-)")
    try:
        from pyspark.errors import PySparkException
        from pyspark.sql import SparkSession
    except ImportError:
        click.echo("schema-lint: error: --engine spark needs the `spark` extra: pip install 'schema-lint[spark]'",
                   err=True)
        sys.exit(2)
    from schema_lint.spark import summarize
    from schema_lint.text.display import escape

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # the workers run this Python, which has schema-lint
    running = SparkSession.getActiveSession()  # a caller's own session is used, and left running
    session = running or (SparkSession.builder.master(master).appName("schema-lint infer")
                          .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    if running is None:
        session.sparkContext.setLogLevel("ERROR")
    try:
        summary = summarize(session.read.text(list(calls)), tools)
    except PySparkException as exc:
        click.echo(escape(f"schema-lint: error: Spark: {str(exc).splitlines()[0]}"), err=True)
        sys.exit(2)
    finally:
        if running is None:
            session.stop()
    handle, path = tempfile.mkstemp(prefix="schema-lint-", suffix=".summary")
    with os.fdopen(handle, "wb") as out:
        out.write(summary.to_bytes())
    return path
