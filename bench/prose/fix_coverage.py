"""What a check offers on published MCP servers' tools: findings with a fix, with a
suggestion, and with neither, per server.

    python bench/prose/fix_coverage.py [--corpus ../shared/corpus] [--servers N]

The tools each published MCP server lists (`tools.jsonl`, source `mcp`) are written out
as one file per server, as a user would snapshot them, and linted with the default
configuration. A finding's fix is counted as `--fix --unsafe-fixes` would see it: `fix`
(safe or unsafe, applied), `suggestion` (shown, never applied) or `none`.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "corpus")
    parser.add_argument("--servers", type=int, default=0, help="only the first N servers (by package name)")
    args = parser.parse_args()
    servers: dict[str, list] = collections.defaultdict(list)
    for line in (args.corpus / "tools.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["source"] == "mcp" and record["schema_path"] == ["inputSchema"]:
            servers[record["package"]].append(record["tool"])
    names = sorted(servers)[: args.servers or None]
    totals: collections.Counter = collections.Counter()
    print(f"{'server':<48} {'findings':>8} {'fix':>5} {'suggestion':>10} {'none':>5}")
    with tempfile.TemporaryDirectory() as scratch:
        for name in names:
            path = Path(scratch) / (name.replace("/", "_").replace("@", "") + ".json")
            path.write_text(json.dumps({"tools": servers[name]}, indent=2), encoding="utf-8")
            run = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--no-cache", "--output-format", "json",
                                  str(path)], capture_output=True, text=True)
            counts = collections.Counter(_kind(finding["fix"]) for finding in json.loads(run.stdout or "[]"))
            totals.update(counts)
            print(f"{name:<48} {sum(counts.values()):>8} {counts['fix']:>5} {counts['suggestion']:>10} {counts['none']:>5}")
    print(f"{'all ' + str(len(names)) + ' servers':<48} {sum(totals.values()):>8} {totals['fix']:>5} "
          f"{totals['suggestion']:>10} {totals['none']:>5}")


def _kind(fix: dict | None) -> str:
    if fix is None:
        return "none"
    return "suggestion" if fix["safety"] == "suggestion" else "fix"


if __name__ == "__main__":
    main()
