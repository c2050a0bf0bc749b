"""Write the shared corpus's tools out as files, the way people keep them on disk.

Two shapes, for two jobs:

- `published`: each record's `tool`, exactly as it was published (OpenAI, MCP, BFCL …),
  one JSON file per tool. The corpus test and `schema-lint check` read these.
- `raw`: each tool's argument schema alone, with `$schema` set (2020-12 unless the
  schema names its own dialect), so that plain JSON Schema tools (check-jsonschema,
  sourcemeta's `jsonschema`) can read the same files in the benchmark.

    python bench/corpus_files.py published OUT_DIR [--limit N]
    python bench/corpus_files.py raw OUT_DIR [--limit N]
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator
from pathlib import Path

CORPUS_TOOLS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "tools.jsonl"
DEFAULT_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_UNSAFE_IN_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def records(corpus_tools: Path = CORPUS_TOOLS) -> list[dict]:
    with open(corpus_tools, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def evenly(items: list, limit: int | None) -> list:
    """`limit` items spread over the whole list (the corpus is grouped by source)."""
    if limit is None or limit >= len(items):
        return items
    return [items[index * len(items) // limit] for index in range(limit)]


def file_name(index: int, record: dict) -> str:
    return f"{index:04d}_{_UNSAFE_IN_NAME.sub('_', record['uid'])[:80]}.json"


def argument_schema(record: dict):
    node = record["tool"]
    for key in record["schema_path"]:
        node = node[key]
    return node


def published_text(record: dict) -> str:
    return json.dumps(record["tool"], indent=2, ensure_ascii=False) + "\n"


def raw_schema_text(record: dict) -> str:
    schema = argument_schema(record)
    if isinstance(schema, dict) and "$schema" not in schema:
        schema = {"$schema": DEFAULT_DIALECT, **schema}
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def repeated_schemas(count: int, corpus_tools: Path = CORPUS_TOOLS) -> list:
    """`count` argument schemas: the corpus's, in order, over and over (defaults,
    descriptions, enums, nesting: whatever the published tools hold)."""
    schemas = [argument_schema(record) for record in records(corpus_tools)]
    return [schemas[index % len(schemas)] for index in range(count)]


def tool_listing(schemas: list) -> dict:
    """An MCP `tools/list` result holding `schemas` as the tools `tool_0`, `tool_1`, …"""
    return {"tools": [{"name": f"tool_{index}", "description": f"Tool number {index}.", "inputSchema": schema}
                      for index, schema in enumerate(schemas)]}


SHAPES = {"published": published_text, "raw": raw_schema_text}


def documents(shape: str, limit: int | None = None,
              corpus_tools: Path = CORPUS_TOOLS) -> Iterator[tuple[str, str, dict]]:
    """(file name, file text, record) for each selected record, in corpus order."""
    render = SHAPES[shape]
    for index, record in enumerate(evenly(records(corpus_tools), limit)):
        yield file_name(index, record), render(record), record


def write(shape: str, out_dir: Path, limit: int | None = None, corpus_tools: Path = CORPUS_TOOLS) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text, _ in documents(shape, limit, corpus_tools):
        path = out_dir / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("shape", choices=sorted(SHAPES))
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--limit", type=int, default=None, help="this many tools, spread over the corpus")
    parser.add_argument("--corpus", type=Path, default=CORPUS_TOOLS, help="path of tools.jsonl")
    args = parser.parse_args()
    paths = write(args.shape, args.out_dir, args.limit, args.corpus)
    print(f"wrote {len(paths)} files to {args.out_dir}")


if __name__ == "__main__":
    main()
