"""Near-miss fuzzing of tool schemas through the boundary (`schema-lint fuzz`)."""
