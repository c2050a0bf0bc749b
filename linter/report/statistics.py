"""`--statistics`: how many findings each rule produced, most first (as ruff prints it).

A rule is marked fixable (`[*]`) as ruff marks it: when `--fix` in this run would fix at least
one of its findings, so a rule with only unsafe fixes is marked only with `--unsafe-fixes`."""

from __future__ import annotations

import collections
import json

from schema_lint.fixes.summary import applicable


def render(result, json_output: bool = False, unsafe_fixes: bool = False) -> str:
    counts = collections.Counter((d.code, d.name) for d in result.diagnostics)
    fixable = {d.code for d in result.diagnostics if applicable(d, unsafe_fixes)}
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))
    if json_output:
        return json.dumps([{"code": code, "name": name, "count": count, "fixable": code in fixable}
                           for (code, name), count in rows], indent=2) + "\n"
    width = max((len(str(count)) for _, count in rows), default=1)
    lines = [f"{count:>{width}}  {code}  {'[*] ' if code in fixable else '    '}{name}" for (code, name), count in rows]
    return "".join(line + "\n" for line in lines)
