from schema_lint.cli import main

main()
