from schema_lint.console import main

main()
