"""Laws of the edit layer, on random documents and random operations.

For any JSON layout and any add / replace / remove: the edited text parses to exactly
`apply_operations` on the parsed original, and every edit lies inside the text of the
node that holds the changed member (nothing around it moves). The same for YAML
written in block style with comments.
"""

from __future__ import annotations

import io
import json
import os

from hypothesis import given
from hypothesis import strategies as st
from ruamel.yaml import YAML

from schema_lint.fixes.json_editor import JsonEditor
from schema_lint.fixes.jsonl_editor import JsonLinesEditor
from schema_lint.schema.operations import apply_operations, same_json
from schema_lint.fixes.textedit import apply_edits, edits_between
from schema_lint.fixes.yaml_editor import YamlEditor
from schema_lint.model import Operation
from schema_lint.schema.pointer import join, split

keys = st.text(st.sampled_from("abcxyz_~/é"), min_size=1, max_size=6)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.text("ab é\"\\\n", max_size=8))
documents = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                          st.dictionaries(keys, inner, max_size=4)), max_leaves=20)
new_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                           st.dictionaries(keys, inner, max_size=3)), max_leaves=6)
layouts = st.sampled_from([
    {"indent": 2}, {"indent": 4}, {"indent": "\t"}, {}, {"separators": (",", ":")},
    {"indent": 2, "separators": (",", ":")}, {"indent": 1, "ensure_ascii": False},
])


def containers(data, pointer=""):
    """Every object and array in `data`, with its pointer."""
    if isinstance(data, (dict, list)):
        yield pointer, data
        items = data.items() if isinstance(data, dict) else enumerate(data)
        for key, value in items:
            yield from containers(value, join(pointer, key))


@st.composite
def operations(draw, data):
    pointer, container = draw(st.sampled_from(list(containers(data))))
    value = draw(new_values)
    if isinstance(container, dict):
        existing = list(container)
        choices = ["add-new"] + (["replace", "remove", "add-existing"] if existing else [])
        kind = draw(st.sampled_from(choices))
        if kind == "add-new":
            key = draw(keys.filter(lambda k: k not in container))
            return Operation("add", join(pointer, key), value)
        key = draw(st.sampled_from(existing))
        return Operation("remove" if kind == "remove" else "add" if kind == "add-existing" else "replace",
                         join(pointer, key), value)
    kind = draw(st.sampled_from(["append", "insert", "replace", "remove"] if container else ["append"]))
    if kind == "append":
        return Operation("add", join(pointer, "-"), value)
    index = draw(st.integers(0, len(container) - 1))
    return Operation("add" if kind == "insert" else kind, join(pointer, index), value)


@given(st.data(), st.dictionaries(keys, documents, min_size=1, max_size=4), layouts, st.booleans())
def test_json_edits_reproduce_the_operation_and_stay_inside_the_parent(data, document, layout, crlf):
    text = json.dumps(document, **layout)
    if crlf:
        text = text.replace("\n", "\r\n")
    operation = data.draw(operations(document))
    editor = JsonEditor(text)
    edits = editor.edits(operation)
    edited = apply_edits(text, edits)
    assert same_json(json.loads(edited), apply_operations(document, [operation]))
    parent_start, parent_end = editor.locator.find(split(operation.path)[:-1])
    assert all(parent_start < edit.start and edit.end < parent_end for edit in edits)
    if crlf or "indent" not in layout:
        assert "\n" not in edited.replace("\r\n", "")


def _yaml_text(document) -> str:
    yaml = YAML(typ="rt")
    yaml.width = 1 << 30
    out = io.StringIO()
    yaml.dump(document, out)
    return "# generated\n" + out.getvalue() + "# end\n"


block_keys = st.text(st.sampled_from("abcxyz_"), min_size=1, max_size=6)
block_scalars = st.one_of(st.booleans(), st.integers(-1000, 1000),
                          st.text("ab ", min_size=1, max_size=5).map(str.strip).filter(bool))
# Lists hold scalars or mappings: a list directly in a list is `- - x` on one line, which
# the YAML edit layer declines to edit (no tool schema is written that way).
block_mappings = st.deferred(lambda: st.dictionaries(block_keys, block_values, min_size=1, max_size=3))
block_values = st.one_of(block_scalars, block_mappings,
                         st.lists(st.one_of(block_scalars, block_mappings), min_size=1, max_size=3))


@given(st.data(), st.dictionaries(block_keys, block_values, min_size=1, max_size=4))
def test_yaml_edits_reproduce_the_operation_and_keep_the_comments(data, document):
    text = _yaml_text(document)
    operation = data.draw(operations(document))
    edited = apply_edits(text, YamlEditor(text).edits(operation))
    assert same_json(YAML(typ="safe", pure=True).load(edited), apply_operations(document, [operation]))
    assert edited.startswith("# generated\n") and edited.endswith("# end\n")


def _one_at_a_time(text, operations, style):
    """Each operation edited on the whole text the one before left, in the given style."""
    for operation in operations:
        text = apply_edits(text, JsonEditor(text, style=style).edits(operation))
    return text


@given(st.data(), st.dictionaries(keys, documents, min_size=1, max_size=4), layouts, st.booleans())
def test_json_operations_in_turn_edit_the_node_that_holds_them_as_the_whole_text_would(data, document, layout, crlf):
    """A fix whose edits touch is applied one operation at a time (`editor.fix_edits`); only
    the node that holds them is edited again, with the result editing the whole text gives."""
    text = json.dumps(document, **layout)
    if crlf:
        text = text.replace("\n", "\r\n")
    first = data.draw(operations(document))
    second = data.draw(operations(apply_operations(document, [first])))
    editor = JsonEditor(text)
    [edit] = editor.edits_in_turn([first, second])
    assert apply_edits(text, [edit]) == _one_at_a_time(text, [first, second], editor.style)
    common = os.path.commonprefix([split(first.path)[:-1], split(second.path)[:-1]])
    start, end = editor.locator.find(common)
    assert start <= edit.start and edit.end <= end


def test_operations_in_turn_keep_the_documents_style_as_it_was():
    """Removing the only escaped character first does not make the member added next unescaped."""
    text = json.dumps({"a": "é", "b": {"c": 1}})
    [edit] = JsonEditor(text).edits_in_turn([Operation("remove", "/a"), Operation("add", "/b/d", "é")])
    assert apply_edits(text, [edit]) == '{"b": {"c": 1, "d": "\\u00e9"}}'


@given(st.data(), st.lists(st.dictionaries(keys, documents, min_size=1, max_size=3), min_size=1, max_size=4),
       st.booleans())
def test_jsonl_operations_in_turn_edit_their_line_as_the_whole_line_would(data, lines, crlf):
    """In JSON Lines the operations of such a fix are edited in turn on their line alone."""
    breaks = ["\r\n" if crlf else "\n"] * len(lines)
    texts = [json.dumps(line) for line in lines]
    text = "".join(line + end for line, end in zip(texts, breaks))
    index = data.draw(st.integers(0, len(lines) - 1))
    first = data.draw(operations(lines[index]))
    second = data.draw(operations(apply_operations(lines[index], [first])))
    in_file = [Operation(op.op, join("", index) + op.path, op.value) for op in (first, second)]
    texts[index] = _one_at_a_time(texts[index], [first, second], JsonEditor(texts[index]).style)
    editor = JsonLinesEditor(text)
    [edit] = editor.edits_in_turn(in_file)
    assert apply_edits(text, [edit]) == "".join(line + end for line, end in zip(texts, breaks))
    assert editor.starts[index] <= edit.start and edit.end <= editor.starts[index] + len(editor._line(index))
    elsewhere = Operation("add", join("", (index + 1) % len(lines), "added"), 1)
    assert len(lines) == 1 or editor.edits_in_turn([in_file[0], elsewhere]) is None


line_texts = st.lists(st.text("ab é\t", max_size=6).map(lambda line: line + "\n"), max_size=12)


@given(line_texts, line_texts)
def test_edits_between_two_texts_make_the_second_without_colliding(old, new):
    """`edits_between` (a Python fix as a reviewer sees it): applied, the edits give the new
    text, none collides with another (each can be shown on its own lines), and there are
    none only when nothing changed."""
    before, after = "".join(old), "".join(new)
    edits = edits_between(before, after)
    assert apply_edits(before, edits) == after
    assert not any(a.collides_with(b) for i, a in enumerate(edits) for b in edits[i + 1:])
    assert (edits == []) == (before == after)
