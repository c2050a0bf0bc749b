"""anthropic-strict's recursion check: which references lead back into themselves.

It asked each reference to walk every other (the cube of a `$ref` chain's length: 400
links took `compat` 50 s, 5,000 never finished). The law: the one pass over strongly
connected components names exactly the references the walk from each named.
"""

from __future__ import annotations

import json
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from schema_lint.profiles.checks.anthropic_strict import _recursive
from schema_lint.schema.walk import SchemaNode

POSITIONS = st.lists(st.sampled_from(["$defs", "a", "b", "properties", "x", "items"]), max_size=4).map(tuple)


def _walked(start, goal, edges):
    """The walk as it was: from `start`, through the targets of the references below each."""
    seen, stack = set(), [start]
    while stack:
        current = stack.pop()
        if goal[:len(current)] == current:
            return True
        if current in seen:
            continue
        seen.add(current)
        stack += [target for here, target in edges if here[:len(current)] == current]
    return False


def _node(here):
    return SchemaNode(schema={}, pointer="/input_schema" + "".join(f"/{token}" for token in here),
                      keyword=None, parent=None)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(POSITIONS, POSITIONS), max_size=8))
def test_the_components_name_the_references_the_walk_names(pairs):
    edges = [(_node(here), target) for here, target in pairs]
    found = {id(node) for node, _ in _recursive(edges, 1)}
    assert found == {id(node) for (node, target), (here, _) in zip(edges, pairs) if _walked(target, here, pairs)}


def test_compat_reads_a_chain_of_five_thousand_references_in_linear_time(tmp_path):
    from click.testing import CliRunner

    from schema_lint.cli import main

    links = 5_000
    definitions = {f"D{i}": {"$ref": f"#/$defs/D{i + 1}"} for i in range(links)}
    definitions[f"D{links}"] = {"type": "string"}
    tool = {"name": "get_item", "description": "Get an item.", "input_schema": {
        "type": "object", "properties": {"id": {"$ref": "#/$defs/D0", "description": "Id."}}, "required": ["id"],
        "additionalProperties": False, "$defs": definitions}}
    (tmp_path / "chain.json").write_text(json.dumps(tool))
    started = time.process_time()
    result = CliRunner().invoke(main, ["compat", str(tmp_path / "chain.json")])
    assert time.process_time() - started < 10, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "refers back into itself" not in result.output
