"""`python -m schema_lint`: the console script.

May import: console.
"""

from schema_lint.console import main

main()
