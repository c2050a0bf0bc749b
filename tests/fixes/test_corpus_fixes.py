"""Every fix on real published tools: written out as JSON (and a share of them as YAML),
all rules' fixes applied at once must re-parse to `apply_operations` on the original,
no fix may fail, and a second run must not offer the applied fixes again."""

from __future__ import annotations

import io
import json

from ruamel.yaml import YAML

from schema_lint.config import Config
from schema_lint.run.linter import lint_text
from schema_lint.schema.operations import apply_operations, same_json
from schema_lint.fixes.plan import plan_fixes
from schema_lint.sources.documents import read_document

# Every tool as JSON; every YAML_EVERY-th also as YAML (ruamel's pure-Python parser is slow).
YAML_EVERY = 10


def _records(corpus):
    with open(corpus / "tools.jsonl", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _yaml(data) -> str:
    yaml = YAML(typ="rt")
    yaml.width = 1 << 30
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _fix_all(text: str, path: str):
    config = Config()
    config.profiles = ["openai-strict"]
    result = lint_text(text, path, config)
    doc = result.documents[path]
    return doc, plan_fixes(doc, result.diagnostics), config


def _check(text: str, path: str) -> list[str]:
    """Problems found fixing one file (empty: none)."""
    doc, plan, config = _fix_all(text, path)
    problems = [f"{d.code} {d.pointer}: {d.fix_note}" for d in plan.failed]
    reparsed = read_document(path, raw=plan.text.encode("utf-8"))
    if reparsed.errors or not same_json(reparsed.data, apply_operations(doc.data, plan.operations)):
        problems.append("the fixed text does not parse to the intended document")
    applied = {(d.code, d.pointer, repr(d.fix.operations)) for d in plan.applied}
    again = lint_text(plan.text, path, config).diagnostics
    problems += [f"{d.code} {d.pointer}: offered again after it was applied"
                 for d in again if d.fix is not None and (d.code, d.pointer, repr(d.fix.operations)) in applied]
    return problems


def test_every_corpus_tool_fixes_cleanly(corpus):
    problems = {}
    records = _records(corpus)
    for index, record in enumerate(records):
        files = [("tool.json", json.dumps(record["tool"], indent=2, ensure_ascii=False) + "\n")]
        if index % YAML_EVERY == 0:
            files.append(("tool.yaml", _yaml(record["tool"])))
        for path, text in files:
            found = _check(text, path)
            if found:
                problems[f"{record['uid']} ({path})"] = found
    assert len(records) > 1000
    assert not problems, json.dumps(dict(list(problems.items())[:10]), indent=1)
