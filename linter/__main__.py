from schema_lint.cli import run

run()
