"""Fixes as edits of the Python that generates a schema (`schema_lint.fixes.python_source`).

The law: for a parameter or model field written in any of the usual ways, applying the
source edit and letting pydantic generate the schema again gives the schema that applying
the JSON fix to the generated one gives, and nothing else in the file changes."""

from __future__ import annotations

import ast
import copy
import difflib
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schema_lint.fixes.python_source import FIELD_ARGUMENTS, Target, edit, keywords_by_member, python_literal

pydantic = pytest.importorskip("pydantic")
pytest.importorskip("libcst")

HEADER = '''"""A tool module, as its author wrote it."""
from typing import Annotated, Optional  # typing first

from pydantic import BaseModel, Field


'''

NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]
BASES = {
    "str": (["minLength", "maxLength", "pattern", "description"], ["a", "b c"]),
    "int": (NUMBER_KEYWORDS + ["description"], [1, 7]),
    "float": (NUMBER_KEYWORDS + ["description"], None),
    "list[str]": (["minItems", "maxItems", "description"], None),
}


def value_for(keyword: str):
    if keyword == "pattern":
        return st.just("^[a-z]+$")
    if keyword == "description":
        return st.text("abc .,'\"\\é", min_size=1, max_size=12)
    if keyword == "multipleOf":
        return st.integers(1, 5)
    return st.integers(0, 100)


@st.composite
def declarations(draw):
    """A parameter or field declaration, and the keywords a fix sets on its property."""
    base = draw(st.sampled_from(sorted(BASES)))
    allowed, literal_values = BASES[base]
    optional = draw(st.booleans())
    written = draw(st.sampled_from(["plain", "annotated", "field-default"]))
    annotation = f"Optional[{base}]" if optional and draw(st.booleans()) else (f"{base} | None" if optional else base)
    default = " = None" if optional else ""
    if written == "annotated":
        annotation = f'Annotated[{annotation}, Field(title="T")]'
    elif written == "field-default":
        default = ' = Field(default=None, title="T")' if optional else ' = Field(title="T")'
    chosen = draw(st.lists(st.sampled_from(allowed), unique=True, min_size=0, max_size=3))
    keywords = {keyword: draw(value_for(keyword)) for keyword in chosen}
    if literal_values and written != "field-default" and draw(st.booleans()):
        keywords["enum"] = literal_values
    if not keywords:
        keywords["description"] = "set by a fix"
    return annotation, default, keywords, optional


def function_schema(namespace: dict, name: str = "tool") -> dict:
    """The arguments schema of the function `name`, generated as the MCP SDK and fastmcp do:
    a pydantic model of its parameters."""
    import inspect

    parameters = inspect.signature(namespace[name]).parameters.values()
    fields = {p.name: (p.annotation, ... if p.default is inspect.Parameter.empty else p.default) for p in parameters}
    return pydantic.create_model("Arguments", **fields).model_json_schema()


def run(source: str) -> dict:
    namespace: dict = {}
    exec(compile(source, "<tool module>", "exec", dont_inherit=True), namespace)  # noqa: S102 -- the test's own module
    return namespace


def with_json_fix(schema: dict, member: str, keywords: dict, optional: bool) -> dict:
    fixed = copy.deepcopy(schema)
    node = fixed["properties"][member]
    if "description" in keywords:
        node["description"] = keywords["description"]  # pydantic describes the property, not a branch
    if optional:
        node = next(branch for branch in node["anyOf"] if branch != {"type": "null"})
    node.update({keyword: value for keyword, value in keywords.items() if keyword != "description"})
    return fixed


def changed_lines(before: str, after: str) -> set[int]:
    """Lines of `before` (1-based) that the edit changed, import lines aside."""
    changed = set()
    matcher = difflib.SequenceMatcher(a=before.splitlines(), b=after.splitlines(), autojunk=False)
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag != "equal":
            changed.update(range(i1 + 1, max(i2, i1 + 1) + 1))
    return {line for line in changed if not before.splitlines()[line - 1:line] or
            not before.splitlines()[line - 1].startswith(("from ", "import "))}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declarations(), st.booleans())
def test_a_source_edit_generates_the_schema_the_json_fix_makes(declaration, in_a_model):
    annotation, default, keywords, optional = declaration
    if in_a_model:
        body = f'''class Arguments(BaseModel):
    """The arguments."""

    other: int = 3  # stays as it is
    value: {annotation}{default}
'''
        target = Target(7, "value")
    else:
        body = f'''def tool(
    value: {annotation}{default},
    other: int = 3,  # stays as it is
) -> str:
    """The tool."""
    return "done"
'''
        target = Target(7, "value")
    source = HEADER + body
    schema_of = (lambda ns: ns["Arguments"].model_json_schema()) if in_a_model else function_schema
    before = schema_of(run(source))
    edited = edit(source, [(target, keywords)])
    if "enum" in keywords and set(keywords) - {"enum", "description"}:
        assert edited is None  # pydantic has no constraint on a Literal but its values
        return
    assert edited is not None
    assert schema_of(run(edited)) == with_json_fix(before, "value", keywords, optional)
    value_line = 11 if in_a_model else 8
    assert changed_lines(source, edited) <= {value_line}
    assert edit(edited, [(target, keywords)]) == edited  # a second fix changes nothing


def definition_lines(source: str) -> dict[str, int]:
    """The line of each top-level function's or class's `def` or `class`, by name."""
    return {node.name: node.lineno for node in ast.parse(source).body
            if isinstance(node, (ast.FunctionDef, ast.ClassDef))}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(declarations(), min_size=2, max_size=4), st.booleans())
def test_the_fixes_of_every_function_of_a_file_are_made_in_one_edit_and_made_again_change_nothing(
        functions, closed_model_first):
    """One edit makes each function's fix (those pydantic has words for), though a
    `model_config` line added above moves them; made again in the result, they change nothing."""
    source = HEADER + ("class Closed(BaseModel):\n    city: str\n\n\n" if closed_model_first else "")
    for index, (annotation, default, _, _) in enumerate(functions):
        source += f'def tool{index}(\n    value: {annotation}{default},\n) -> str:\n    return "done"\n\n\n'
    # (name, member, keywords): the fixes, each of which can be made alone
    fixes = [("Closed", None, {"additionalProperties": False})] if closed_model_first else []
    fixes += [(f"tool{index}", "value", keywords) for index, (_, _, keywords, _) in enumerate(functions)]
    lines = definition_lines(source)
    fixes = [fix for fix in fixes if edit(source, [(Target(lines[fix[0]], fix[1]), fix[2])]) is not None]

    edited = edit(source, [(Target(lines[name], member), keywords) for name, member, keywords in fixes])
    assert edited is not None
    before, after = run(source), run(edited)
    for name, member, keywords in fixes:
        if member is None:
            assert after[name].model_json_schema()["additionalProperties"] is False
        else:
            optional = functions[int(name[len("tool"):])][3]
            assert function_schema(after, name) == with_json_fix(function_schema(before, name), member, keywords,
                                                                 optional)
    moved = definition_lines(edited)
    assert edit(edited, [(Target(moved[name], member), keywords) for name, member, keywords in fixes]) == edited


def test_closing_a_model_adds_its_config_once_after_the_docstring():
    source = HEADER + textwrap.dedent('''\
        class Arguments(BaseModel):
            """The arguments."""

            city: str
        ''')
    edited = edit(source, [(Target(7, None), {"additionalProperties": False})])
    assert 'model_config = ConfigDict(extra="forbid")' in edited
    assert "from pydantic import BaseModel, ConfigDict, Field" in edited
    assert run(edited)["Arguments"].model_json_schema()["additionalProperties"] is False
    again = edit(edited, [(Target(7, None), {"additionalProperties": False})])
    assert again == edited


def test_an_existing_config_is_extended_not_repeated():
    source = HEADER + textwrap.dedent('''\
        class Arguments(BaseModel):
            model_config = {"title": "Args"}

            city: str
        ''')
    edited = edit(source, [(Target(7, None), {"additionalProperties": False})])
    assert edited.count("model_config") == 1
    schema = run(edited)["Arguments"].model_json_schema()
    assert schema["additionalProperties"] is False and schema["title"] == "Args"


def test_what_pydantic_cannot_say_is_refused():
    source = HEADER + "def tool(when: str, count=3):\n    return when\n"
    assert edit(source, [(Target(7, "when"), {"format": "date"})]) is None
    assert edit(source, [(Target(7, "count"), {"maximum": 3})]) is None  # no annotation to constrain
    assert edit(source, [(Target(7, "when"), {"enum": ["a", 1]})]) is None  # not all strings
    assert edit(source, [(Target(7, None), {"additionalProperties": False})]) is None
    assert edit(source, [(Target(8, "when"), {"maxLength": 3})]) is None
    assert edit("def tool(:\n", [(Target(1, "x"), {"maxLength": 3})]) is None


def test_imports_already_bound_are_not_added_again():
    source = textwrap.dedent('''\
        from typing_extensions import Annotated
        import pydantic
        from pydantic import Field as Field

        def tool(name: str):
            return name
        ''')
    edited = edit(source, [(Target(5, "name"), {"maxLength": 8})])
    assert edited.count("import") == source.count("import")
    assert "name: Annotated[str, Field(max_length=8)]" in edited


def test_operations_are_read_per_member_and_nested_ones_refused():
    assert keywords_by_member([("add", "/properties/q/maxLength", 80), ("add", "/properties/q/anyOf/0/minLength", 1),
                               ("add", "/additionalProperties", False)]) == {
        "q": {"maxLength": 80, "minLength": 1}, None: {"additionalProperties": False}}
    assert keywords_by_member([("remove", "/properties/q/maxLength", None)]) is None
    assert keywords_by_member([("add", "/properties/q/items/maxLength", 3)]) is None
    assert keywords_by_member([("add", "/properties/q/format", "date")]) is None


def test_a_parenthesized_import_keeps_its_layout():
    source = textwrap.dedent('''\
        from pydantic import (
            BaseModel,
            Field,
        )


        class Arguments(BaseModel):
            city: str
        ''')
    edited = edit(source, [(Target(7, None), {"additionalProperties": False})])
    assert edited.startswith("from pydantic import (\n    BaseModel,\n    ConfigDict,\n    Field,\n)\n")


@pytest.mark.parametrize(("imports", "declaration", "keywords", "written"), [
    ("from pydantic import Field as F", 'q: str = F(description="Terms.")', {"maxLength": 8},
     'q: str = F(description="Terms.", max_length=8)'),
    ("import typing as t\nfrom pydantic import Field as F", 'n: t.Annotated[int, F(description="N.")]',
     {"maximum": 9}, 'n: t.Annotated[int, F(description="N.", le=9)]'),
    ("import typing\nimport pydantic", "name: str", {"maxLength": 8},
     "name: typing.Annotated[str, pydantic.Field(max_length=8)]"),
    ("import typing as t\nimport pydantic as p", "order: str", {"enum": ["asc", "desc"]},
     'order: t.Literal["asc", "desc"]'),
    ("try:\n    from typing import Annotated, Literal\nexcept ImportError:\n"
     "    from typing_extensions import Annotated, Literal\nfrom pydantic import Field", "name: str", {"maxLength": 8},
     "name: Annotated[str, Field(max_length=8)]"),
])
def test_an_edit_uses_the_names_the_module_imports_and_adds_no_import(imports, declaration, keywords, written):
    source = f"{imports}\n\n\ndef tool({declaration}):\n    return 1\n"
    line = imports.count("\n") + 4
    member = declaration.split(":")[0]
    edited = edit(source, [(Target(line, member), keywords)])
    assert written in edited
    assert edited.count("import") == source.count("import")
    schema = pydantic.TypeAdapter(run(edited)["tool"]).json_schema()["properties"][member]
    assert all(schema[keyword] == value for keyword, value in keywords.items())


@pytest.mark.parametrize(("written", "pattern", "rewritten"), [
    (r'Field(pattern=r"\d{4}-\d{2}")', r"^\d{4}-\d{2}$", r'Field(pattern=r"^\d{4}-\d{2}$")'),
    (r"Field(pattern=R'[a-z]+\.txt')", r"^[a-z]+\.txt$", r"Field(pattern=R'^[a-z]+\.txt$')"),
    # No raw string of these quotes says it: written as any other string.
    (r'Field(pattern=r"\w+")', '^\\w+"$', 'Field(pattern="^\\\\w+\\"$")'),
])
def test_a_raw_string_stays_raw_when_its_value_changes(written, pattern, rewritten):
    """SL306's anchoring of `r"\\d+"` was written `"^\\\\d+$"`: the same pattern, in the spelling
    nobody writes a regular expression in."""
    source = f"from pydantic import Field\n\n\ndef tool(code: str = {written}):\n    return 1\n"
    edited = edit(source, [(Target(4, "code"), {"pattern": pattern})])
    assert rewritten in edited
    assert pydantic.TypeAdapter(run(edited)["tool"]).json_schema()["properties"]["code"]["pattern"] == pattern


def test_closing_a_model_uses_the_module_s_own_name_for_config_dict():
    source = "import pydantic\n\n\nclass Arguments(pydantic.BaseModel):\n    city: str\n"
    edited = edit(source, [(Target(4, None), {"additionalProperties": False})])
    assert 'model_config = pydantic.ConfigDict(extra="forbid")' in edited and edited.count("import") == 1
    assert run(edited)["Arguments"].model_json_schema()["additionalProperties"] is False


# A `Field(...)` call as formatters write it: on one line, or one argument a line, with or
# without a trailing comma, a comment perhaps after the last argument.
LAYOUTS = ("one line", "trailing comma", "no trailing comma")
WRITTEN_ARGUMENTS = {"title": "T", "description": "A value.", "examples": [3]}


@st.composite
def formatted_field_calls(draw):
    """(source, target, keywords, the call's arguments as written, layout, comment)."""
    base = draw(st.sampled_from(["int", "str"]))
    allowed = ["minimum", "maximum", "multipleOf"] if base == "int" else ["minLength", "maxLength", "pattern"]
    chosen = draw(st.lists(st.sampled_from(allowed), unique=True, min_size=1, max_size=3))
    keywords = {keyword: draw(value_for(keyword)) for keyword in chosen}
    written = draw(st.lists(st.sampled_from(sorted(WRITTEN_ARGUMENTS)), unique=True, min_size=1, max_size=3))
    layout = draw(st.sampled_from(LAYOUTS))
    comment = layout != "one line" and draw(st.booleans())
    in_a_model = draw(st.booleans())
    indent = "    " if in_a_model else "        "  # where the line holding `Field(` starts
    arguments = [f"{name}={python_literal(WRITTEN_ARGUMENTS[name])}" for name in written]
    if layout == "one line":
        call = f"Field({', '.join(arguments)})"
    else:
        lines = [f"{indent}    {argument}," for argument in arguments]
        lines[-1] = lines[-1].rstrip(",") if layout == "no trailing comma" else lines[-1]
        lines[-1] += "  # as the model reads it" if comment else ""
        call = "Field(\n" + "\n".join(lines) + f"\n{indent})"
    if in_a_model:
        body = f'class Arguments(BaseModel):\n    """The arguments."""\n\n    value: {base} = {call}\n'
    else:
        body = (f"def tool(\n    value: Annotated[\n        {base},\n        {call},\n    ],\n) -> str:\n"
                '    return "done"\n')
    return HEADER + body, in_a_model, keywords, written, layout, comment


def _field_call(source: str) -> ast.Call:
    [call] = [node for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Field"]
    return call


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(formatted_field_calls())
def test_an_argument_added_to_a_field_call_follows_the_call_s_layout(case):
    """A call written one argument a line (black's and ruff's layout once it is too long for
    one) gets each new argument on a line of its own, at the same indentation, with the
    trailing comma the call had; a call on one line stays on one."""
    source, in_a_model, keywords, written, layout, comment = case
    target = Target(7, "value")
    edited = edit(source, [(target, keywords)])
    assert edited is not None
    call = _field_call(edited)  # it parses
    assert [(k.arg, ast.literal_eval(k.value)) for k in call.keywords] == [
        *((name, WRITTEN_ARGUMENTS[name]) for name in written),
        *((FIELD_ARGUMENTS[keyword], value) for keyword, value in keywords.items())]
    lines = edited.splitlines()
    if layout == "one line":
        assert call.lineno == call.end_lineno
    else:
        rows = [k.value.lineno for k in call.keywords]
        assert rows == list(range(call.lineno + 1, call.lineno + 1 + len(call.keywords)))  # one a line, in turn
        assert {k.col_offset for k in call.keywords} == {_field_call(source).keywords[0].col_offset}
        text = [lines[row - 1].split("  #")[0] for row in rows]
        assert all(line.endswith(",") for line in text[:-1])
        assert text[-1].endswith(",") == (layout == "trailing comma")
        assert lines[call.end_lineno - 1].strip().startswith(")")  # the closing line as it was
        if comment:  # the comment stays with the argument it was written after
            [row] = [row for row in rows if "# as the model reads it" in lines[row - 1]]
            assert lines[row - 1].lstrip().startswith(f"{written[-1]}=")
    assert edited.count("\n") == source.count("\n") + (0 if layout == "one line" else len(keywords))
    schema_of = (lambda ns: ns["Arguments"].model_json_schema()) if in_a_model else function_schema
    assert schema_of(run(edited)) == with_json_fix(schema_of(run(source)), "value", keywords, False)
    assert edit(edited, [(target, keywords)]) == edited  # a second fix changes nothing


def test_a_new_argument_of_a_call_written_one_a_line_is_written_so():
    source = HEADER + textwrap.dedent('''\
        class Arguments(BaseModel):
            limit: int = Field(
                default=5,
                description="How many.",  # shown to the model
            )
        ''')
    edited = edit(source, [(Target(7, "limit"), {"minimum": 1, "maximum": 50})])
    assert edited == HEADER + textwrap.dedent('''\
        class Arguments(BaseModel):
            limit: int = Field(
                default=5,
                description="How many.",  # shown to the model
                ge=1,
                le=50,
            )
        ''')


@pytest.mark.parametrize(("imports", "placed"), [
    # No standard library import yet: a group of its own, first, as isort and ruff keep it.
    ("from pydantic import Field", "from typing import Literal\n\nfrom pydantic import Field"),
    ("# the tool's imports\nfrom pydantic import Field",
     "# the tool's imports\nfrom typing import Literal\n\nfrom pydantic import Field"),
    # After the module's last standard library import, before the third-party group.
    ("from __future__ import annotations\n\nimport os\n\nfrom pydantic import Field",
     "from __future__ import annotations\n\nimport os\nfrom typing import Literal\n\nfrom pydantic import Field"),
])
def test_a_new_typing_import_joins_the_standard_library_group(imports, placed):
    source = f"{imports}\n\n\ndef tool(order: str):\n    return 1\n"
    line = imports.count("\n") + 4
    edited = edit(source, [(Target(line, "order"), {"enum": ["asc", "desc"]})])
    assert edited.startswith(placed + "\n")
    assert run(edited)["tool"]


@pytest.mark.parametrize(("head", "placed"), [
    ('"""Tools."""', '"""Tools."""\n\nfrom typing import Annotated\n\nfrom pydantic import Field'),
    ('"""Tools."""\n\nfrom __future__ import annotations',
     '"""Tools."""\n\nfrom __future__ import annotations\n\nfrom typing import Annotated\n\nfrom pydantic import Field'),
    ("# Tools.", "# Tools.\n\n\nfrom typing import Annotated\n\nfrom pydantic import Field"),  # the header's lines kept
])
def test_the_first_imports_of_a_module_come_in_isort_s_groups(head, placed):
    """A module that imports nothing gets the standard library's group first, then pydantic's,
    a blank line between and after its docstring, as isort and ruff order them."""
    source = f"{head}\n\n\ndef tool(query: str):\n    return 1\n"
    line = head.count("\n") + 4
    edited = edit(source, [(Target(line, "query"), {"maxLength": 80})])
    assert edited.startswith(placed + "\n\n\ndef tool(query: Annotated[str, Field(max_length=80)]):")
    assert {"Annotated", "Field", "tool"} <= run(edited).keys()  # the names the edit uses are bound


@pytest.mark.parametrize(("imports", "placed"), [
    ("import json\nimport os", "import json\nimport os\nfrom typing import Annotated\n\nfrom pydantic import Field"),
    ("from __future__ import annotations\n\nimport os",
     "from __future__ import annotations\n\nimport os\nfrom typing import Annotated\n\nfrom pydantic import Field"),
])
def test_pydantic_gets_a_group_of_its_own_after_the_standard_library_s(imports, placed):
    source = f"{imports}\n\n\ndef tool(query: str):\n    return 1\n"
    line = imports.count("\n") + 4
    edited = edit(source, [(Target(line, "query"), {"maxLength": 80})])
    assert edited.startswith(placed + "\n\n\ndef tool(query: Annotated[str, Field(max_length=80)]):")
