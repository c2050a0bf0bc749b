"""The texts behind the server's code actions, without a server: fixes, fix-all and the
ignore comment, each as the engine makes it."""

from __future__ import annotations

from schema_lint.lsp import edits
from schema_lint.lsp.linting import Linting

TOOLS = """\
# A list of MCP tools, as a YAML file keeps them.
- name: open_ticket
  description: Open a ticket.
  inputSchema:
    type: object
    additionalProperties: false
    required: [note, title]
    properties:
      note: {type: string, description: A note.}  # schema-lint: ignore[SL305]
      title: {type: string, description: "A title
        that goes on."}
"""

def _linted(tmp_path, text):
    """The YAML file linted where the workspace's configuration selects the rules off by
    default that these findings come from."""
    (tmp_path / ".schema-lint.toml").write_text('extend-select = ["SL301", "SL305", "SL307"]\n', encoding="utf-8")
    return Linting().lint(str(tmp_path / "tools.yaml"), text)


def _finding(linted, code, pointer_end):
    return next(d for d in linted.findings if d.code == code and d.pointer.endswith(pointer_end))


def test_ignore_adds_the_code_to_the_comment_already_on_the_line(tmp_path):
    linted = _linted(tmp_path, TOOLS)
    silenced = edits.ignored(linted, _finding(linted, "SL301", "/note"))
    assert silenced == TOOLS.replace("ignore[SL305]", "ignore[SL305, SL301]")
    assert not [d for d in _linted(tmp_path, silenced).findings if d.pointer.endswith("/note")]


def test_ignore_is_not_offered_where_the_comment_would_land_inside_a_string(tmp_path):
    linted = _linted(tmp_path, TOOLS)
    assert edits.ignored(linted, _finding(linted, "SL301", "/title")) is None


def test_ignore_adds_a_comment_after_a_string_that_only_reads_like_one(tmp_path):
    text = TOOLS.replace("description: A note.}  # schema-lint: ignore[SL305]",
                         'description: "A note # schema-lint: ignore[SL305]"}')
    linted = _linted(tmp_path, text)
    silenced = edits.ignored(linted, _finding(linted, "SL301", "/note"))
    assert silenced == text.replace('ignore[SL305]"}', 'ignore[SL305]"}  # schema-lint: ignore[SL301]')


def test_fix_all_leaves_tightening_fixes_alone(tmp_path):
    text = TOOLS.replace("{type: string, description: A note.}", "{type: str, enum: [a], description: A note.}")
    linted = _linted(tmp_path, text)
    assert {d.code for d in linted.findings if d.fix is not None} >= {"SL005", "SL307"}
    fixed = edits.all_safe_fixes(linted)
    assert fixed == text.replace("{type: str, enum: [a], description: A note.}", "{type: str, description: A note., const: a}")


def test_only_a_safe_fix_is_preferred_and_a_class_this_version_does_not_know_is_not(tmp_path):
    linted = _linted(tmp_path, TOOLS.replace("A note.}", "A note., enum: [a]}"))
    single = next(d for d in linted.findings if d.code == "SL307")
    assert edits.preferred(single)
    for safety in ("unsafe", "suggestion"):  # `suggestion`: a class a later version may add
        assert not edits.preferred(single._replace(fix=single.fix._replace(safety=safety)))
