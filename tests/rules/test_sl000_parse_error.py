"""SL000 parse-error, as a suppression comment meets it: a comment naming a code that does not
exist. Files that cannot be read or parsed are tests/test_bad_input.py's, where every kind of
bad input is an SL000 finding and the run goes on."""

from __future__ import annotations

from rulekit import TOOLS_YAML

from schema_lint.config import Config
from schema_lint.run.linter import lint_text
from schema_lint.run.result import exit_code


def test_a_comment_naming_an_unknown_code_is_an_error_with_the_closest_code():
    result = lint_text(TOOLS_YAML.format(name_comment="", title_comment="  # schema-lint: ignore[SL3O1]"),
                       "tools.yaml", Config(select=["SL301"]))
    (error,) = [d for d in result.diagnostics if d.code == "SL000"]
    assert "`SL3O1`" in error.message and "did you mean `SL301`" in error.message
    assert (error.span.line, error.span.column) == (7, 17)
    assert exit_code(result, "never") == 2
