from schema_lint.console import run

run()
