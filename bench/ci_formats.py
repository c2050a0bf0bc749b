"""What the CI formats cost and hold on the corpus, and how long the documentation site takes.

The corpus's tools (`tools.jsonl`, real third-party tool schemas) are linted once; then each
CI format is rendered from that one result, best of a few rounds, and checked against its
schema (SARIF 2.1.0, the JUnit XML schema under tests/fixtures): the time per format, its
size, how many results or test cases it holds and whether it is valid. Last, `mkdocs build`
of the documentation site into a temporary folder, timed. The machine's load average is
printed first: other work on a shared machine moves every figure.

Run: ``python bench/ci_formats.py [CORPUS]`` (default: ../shared/corpus beside the checkout).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
ROUNDS = 3


def best_seconds(function, rounds: int = ROUNDS) -> tuple[float, object]:
    best, value = float("inf"), None
    for _ in range(rounds):
        start = time.perf_counter()
        value = function()
        best = min(best, time.perf_counter() - start)
    return best, value


def main(corpus: Path) -> None:
    import jsonschema
    import xmlschema

    from schema_lint.config import Config
    from schema_lint.report import ReportOptions, render
    from schema_lint.run.linter import Linter

    print(f"load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    start = time.perf_counter()
    result = Linter(Config()).run([str(corpus / "tools.jsonl")])
    print(f"lint {corpus / 'tools.jsonl'}: {len(result.diagnostics):,} findings in "
          f"{time.perf_counter() - start:.2f} s")
    sarif_schema = json.loads((FIXTURES / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    junit_schema = xmlschema.XMLSchema(str(FIXTURES / "junit-10.xsd"))
    print(f"{'format':<8} {'render':>9} {'size':>9}  {'holds':<34} valid")
    for name in ("sarif", "junit", "json", "gitlab"):
        seconds, text = best_seconds(lambda: render(name, result, ReportOptions()))
        assert isinstance(text, str)
        if name == "sarif":
            log = json.loads(text)
            holds = f"{len(log['runs'][0]['results']):,} results"
            valid = not any(True for _ in jsonschema.Draft7Validator(sarif_schema).iter_errors(log))
        elif name == "junit":
            tree = junit_schema.to_dict(text, validation="skip")
            holds = f"{int(tree['@tests']):,} test cases (infos left out)"
            valid = junit_schema.is_valid(text)
        else:
            holds, valid = f"{len(json.loads(text)):,} findings", None
        print(f"{name:<8} {seconds * 1000:>7.0f} ms {len(text.encode()) / 1e6:>6.1f} MB  {holds:<34} "
              f"{'' if valid is None else 'yes' if valid else 'NO'}")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    with tempfile.TemporaryDirectory() as site:
        seconds, _ = best_seconds(lambda: build(load_config(str(REPO / "mkdocs.yml"), site_dir=site)), rounds=1)
        pages = sum(1 for _ in Path(site).rglob("*.html"))
    print(f"mkdocs build: {pages} pages in {seconds:.2f} s")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO.parent / "shared" / "corpus")
