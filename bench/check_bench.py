"""Wall time, CPU and peak memory of `schema-lint check` next to two peers, on the same schemas.

    python bench/check_bench.py [--runs 5] [--files 1000] [--big-tools 20000] [--corpus DIR]

Peers: `check-jsonschema --check-metaschema` (pure Python, pip) and `jsonschema lint`
from the `@sourcemeta/jsonschema` npm package, run as the native binary the package
ships (not through its node wrapper, which would add node's start-up). schema-lint is
installed from this checkout as a regular (non-editable) install, the way pre-commit
installs it, and runs five times per measurement round: cold (`--no-cache`; the regular
expressions the warm-up compiled are kept in the user's cache folder, as after any first run
of an install, see docs/performance.md); the same as the first run of an install (an empty
user cache folder: every pattern compiled, then written); warm (a cache
the warm-up filled, nothing changed since, so the command's recorded output is printed);
warm from the per-file cache alone (the same, but each run under a new environment
variable, so no command is ever the same twice: what a run costs when one file of many
changed, less that file's linting); and with the cache on after one file was edited (in a
copy of the case, a different file each run, older than the few seconds a cache waits to
trust it): what pre-commit pays on each commit, where the named files changed, and what an
editor's or CI's run over a folder pays. Everything is installed under `bench/.work/`.

Cases: one small file; one file that needs a validator (the first corpus tool with a
default that only a validator can judge: one under a `format` or `pattern`); `--files`
raw JSON Schema files written from the shared corpus
(`bench/corpus_files.py raw`); and one file of `--big-tools` tools (the corpus's argument
schemas repeated under new names), which schema-lint reads as an MCP `tools/list` and the
peers as one schema holding the same subschemas under `$defs`. The big case runs once per
round (it takes seconds). Every command runs in the temporary folder that holds the cases,
as pre-commit runs in the project it checks: run from this checkout, schema-lint would take
the checkout's own `pyproject.toml` (which names schema-lint, so it is parsed) for the
project's configuration file. Each command runs `--runs` times, interleaved so that load
on the machine hits every tool alike; the table shows the median wall and CPU time and the
largest peak RSS of the child (from GNU time; the CPU time, to the microsecond, from `wait4`). Then the imports that cost schema-lint's
start-up most on one file (`-X importtime`), and the issue's targets.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
WORK = BENCH / ".work"
# The user's cache folder (`XDG_CACHE_HOME`) of every schema-lint run: where the caches' key and
# the compiled regular expressions live. Emptied at the start, filled by the warm-up.
USER_CACHE = WORK / "user-cache"
CHECK_JSONSCHEMA = "check-jsonschema==0.39.0"
SOURCEMETA = "@sourcemeta/jsonschema@16.11.0"
# Longer than schema-lint trusts a file's stat to (`schema_lint.run.stamps.SETTLE_NS`, 3 s).
SETTLE_SECONDS = 3.5
# Exit codes that mean "ran to the end" (findings or not) for each tool.
FINISHED = {0, 1, 2}

sys.path.insert(0, str(BENCH))
from corpus_files import (CORPUS_TOOLS, DEFAULT_DIALECT, argument_schema, raw_schema_text, records,  # noqa: E402
                          repeated_schemas, tool_listing, write)
from timing import GNU_TIME, Sample, timed_run  # noqa: E402


@dataclass
class Tool:
    label: str
    argv: list[str]
    takes_directory: bool
    # Each run under an environment variable of its own: no run's recorded output can answer another.
    new_command_each_run: bool = False
    # Each run on a copy of the case in which one file (another each time) was just edited.
    edits_a_file: bool = False
    # Each run with an empty user cache folder: no regular expression compiled by an earlier run.
    first_of_an_install: bool = False


def run(argv: list[str]) -> None:
    """Run an installer step quietly; show its output only when it fails."""
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{' '.join(argv)} failed:\n{done.stdout}{done.stderr}")


def venv_with(name: str, requirement: str) -> Path:
    """The bin folder of a venv under WORK holding `requirement`.

    pip reinstalls a local directory every time, so schema-lint is always the current checkout.
    """
    venv = WORK / name
    python = venv / "bin" / "python"
    if not python.exists():
        run([sys.executable, "-m", "venv", str(venv)])
        run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run([str(python), "-m", "pip", "install", "--quiet", requirement])
    return venv / "bin"


def sourcemeta_binary() -> Path:
    """The native binary inside the npm package (the package's cli.js picks the same one)."""
    prefix = WORK / "npm"
    package = prefix / "node_modules" / "@sourcemeta" / "jsonschema"
    if not package.exists():
        prefix.mkdir(parents=True, exist_ok=True)
        run(["npm", "install", "--prefix", str(prefix), "--no-audit", "--no-fund", "--silent", SOURCEMETA])
    system = platform.system().lower()
    machine = {"amd64": "x86_64", "aarch64": "arm64"}.get(platform.machine().lower(), platform.machine().lower())
    musl = system == "linux" and platform.libc_ver()[0] != "glibc"
    name = f"jsonschema-{system}-{machine}{'-musl' if musl else ''}{'.exe' if system == 'windows' else ''}"
    binary = package / "build" / "github-releases" / name
    if not binary.exists():
        sys.exit(f"no sourcemeta binary for this platform: {binary}")
    return binary


def schema_lint_source() -> Path:
    """A copy of the checkout to install from: building in place would leave `build/` behind."""
    copy = WORK / "schema-lint-source"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(REPO, copy, ignore=shutil.ignore_patterns(
        ".git", ".work", "build", "*.egg-info", "__pycache__", ".hypothesis", ".pytest_cache"))
    return copy


COLD, WARM = "schema-lint check", "schema-lint check (warm cache)"
FIRST = "schema-lint check (first run of the install)"
WARM_FILES = "schema-lint check (warm, per-file cache only)"
EDITED = "schema-lint check (cache on, one file edited)"
SOURCEMETA_LABEL = "jsonschema lint (sourcemeta)"


def tools() -> list[Tool]:
    schema_lint = venv_with("venv-schema-lint", str(schema_lint_source())) / "schema-lint"
    check_jsonschema = venv_with("venv-check-jsonschema", CHECK_JSONSCHEMA) / "check-jsonschema"
    check = [str(schema_lint), "check", "--output-format", "concise"]
    return [
        Tool(COLD, [*check, "--no-cache"], True),
        Tool(FIRST, [*check, "--no-cache"], True, first_of_an_install=True),
        Tool(WARM, [*check, "--cache-dir", str(WORK / "cache")], True),
        Tool(WARM_FILES, [*check, "--cache-dir", str(WORK / "cache")], True, new_command_each_run=True),
        Tool(EDITED, [*check, "--cache-dir", str(WORK / "cache-edited")], True, edits_a_file=True),
        Tool("check-jsonschema --check-metaschema", [str(check_jsonschema), "--check-metaschema"], False),
        Tool(SOURCEMETA_LABEL, [str(sourcemeta_binary()), "lint"], True),
    ]


@dataclass
class Case:
    label: str
    folder: Path  # what schema-lint reads
    peer_folder: Path  # the same schemas as the peers read them
    tools: int
    runs: int | None = None  # None: --runs


def cases(data: Path, files: int, big_tools: int, corpus: Path = CORPUS_TOOLS) -> list[Case]:
    """The inputs, written under `data` (outside the checkout: it is not git-ignored there)."""
    one, validated, many = data / "one", data / "validated", data / f"raw{files}"
    write("raw", one, limit=1, corpus_tools=corpus)
    validated.mkdir()
    (validated / "tool.json").write_text(raw_schema_text(needs_a_validator(corpus)), encoding="utf-8")
    write("raw", many, limit=files, corpus_tools=corpus)
    big, big_peer = data / "big", data / "big-peer"
    big.mkdir()
    big_peer.mkdir()
    chosen = repeated_schemas(big_tools, corpus)
    (big / "tools.json").write_text(json.dumps(tool_listing(chosen), indent=1), encoding="utf-8")
    holder = {"$schema": DEFAULT_DIALECT, "$defs": {f"tool_{index}": schema for index, schema in enumerate(chosen)}}
    (big_peer / "tools.json").write_text(json.dumps(holder, indent=1), encoding="utf-8")
    count = len(list(many.iterdir()))
    # Files written this instant are "racy" (see `schema_lint.run.stamps`): no cache trusts their
    # stat for a few seconds. Edits before a real run are older than that.
    time.sleep(SETTLE_SECONDS)
    return [Case("1 file", one, one, 1), Case("1 file needing a validator", validated, validated, 1),
            Case(f"{count:,} files", many, many, count),
            Case(f"1 file of {big_tools:,} tools", big, big_peer, big_tools, runs=1)]


def needs_a_validator(corpus: Path) -> dict:
    """The first corpus record whose schema has a default under a `format` or `pattern`: the
    default is checked (SL008) by a validator, which loads jsonschema-rs."""
    for record in records(corpus):
        pending = [argument_schema(record)]
        while pending:
            node = pending.pop()
            if isinstance(node, dict):
                if "default" in node and ("format" in node or "pattern" in node):
                    return record
                pending.extend(node.values())
            elif isinstance(node, list):
                pending.extend(node)
    sys.exit("no corpus tool has a default under a format or a pattern")


_RUN_NUMBERS = itertools.count()


def measure(argv: list[str], cwd: Path, new_command: bool = False, first_of_an_install: bool = False) -> Sample:
    """Run `argv` once in `cwd` (see `timing`); a run that did not finish ends the benchmark."""
    number = next(_RUN_NUMBERS)
    env = dict(os.environ, XDG_CACHE_HOME=str(USER_CACHE))
    if new_command:
        env["BENCH_RUN"] = str(number)
    if first_of_an_install:
        env["XDG_CACHE_HOME"] = str(WORK / f"user-cache-first-{number}")
    with open(WORK / "last-output.txt", "wb") as out:
        sample = timed_run(argv, cwd, WORK / "last-time.txt", out, env)
    if first_of_an_install:
        shutil.rmtree(env["XDG_CACHE_HOME"], ignore_errors=True)
    if sample.returncode not in FINISHED:
        tail = (WORK / "last-output.txt").read_text(errors="replace")[-2000:]
        sys.exit(f"{argv[0]} exited {sample.returncode}:\n{tail}")
    return sample


def arguments(tool: Tool, case: Case) -> list[str]:
    folder = case.folder if tool.label.startswith("schema-lint") else case.peer_folder
    if tool.edits_a_file:
        folder = edited_copy(case.folder)
    return [*tool.argv, *([str(folder)] if tool.takes_directory else sorted(map(str, folder.iterdir())))]


def edited_copy(folder: Path) -> Path:
    """A copy of the case's folder, so that its edits never change what the warm runs read."""
    copy = folder.with_name(folder.name + "-edited")
    if not copy.exists():
        shutil.copytree(folder, copy)
    return copy


_EDITS = itertools.count()


def edit_one_file(folder: Path) -> None:
    """Change the bytes of one file of `folder` (the next one each time: a trailing newline
    added or taken away), then wait until a cache may trust its stat, as it may a file
    edited before a commit."""
    files = sorted(folder.iterdir())
    path = files[next(_EDITS) % len(files)]
    text = path.read_bytes()
    path.write_bytes(text[:-1] if text.endswith(b"\n") else text + b"\n")
    time.sleep(SETTLE_SECONDS)


def bench(tools: list[Tool], case: Case, runs: int) -> dict[str, list[Sample]]:
    samples: dict[str, list[Sample]] = {tool.label: [] for tool in tools}

    def one_run(tool: Tool) -> Sample:
        argv = arguments(tool, case)
        if tool.edits_a_file:
            edit_one_file(edited_copy(case.folder))
        return measure(argv, case.folder.parent, tool.new_command_each_run, tool.first_of_an_install)

    for tool in tools:  # warm-up: bytecode compiled, files in the page cache, the warm cache filled
        one_run(tool)
    for _ in range(case.runs or runs):
        for tool in tools:
            samples[tool.label].append(one_run(tool))
    return samples


# `-X importtime` logs only `import` statements: the rule modules, which `load_rules` loads
# with `importlib.import_module`, would be missing. This child times those calls itself and
# logs them in importtime's format, one line for all of them (what they import is also listed
# on its own: importtime sees those imports as top-level ones).
_IMPORTS_CHILD = """
import importlib, sys, time
load, spent, count = importlib.import_module, [0], [0]
def timed(name, package=None):
    start = time.perf_counter_ns()
    try:
        return load(name, package)
    finally:
        spent[0] += time.perf_counter_ns() - start
        count[0] += 1
importlib.import_module = timed
sys.argv = ["schema-lint", *sys.argv[1:]]
from schema_lint.cli import main
try:
    main()
except SystemExit:
    pass
print(f"import time: {spent[0] // 1000} | {spent[0] // 1000} | the rule modules ({count[0]}, with what they import)", file=sys.stderr)
"""


def top_imports(tool: Tool, case: Case, count: int = 10) -> str:
    """The imports that cost one cold run most (cumulative `-X importtime`, top level only)."""
    python = Path(tool.argv[0]).parent / "python"
    done = subprocess.run([str(python), "-X", "importtime", "-c", _IMPORTS_CHILD, *tool.argv[1:], str(case.folder)],
                          capture_output=True, text=True, cwd=case.folder.parent)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and not line.rsplit("|", 1)[-1].startswith("  "):
            _, cumulative, name = line.split("|")
            if cumulative.strip().isdigit():  # not the header line
                rows.append((int(cumulative), name.strip()))
    rows.sort(reverse=True)
    return "top imports, one cold run: " + ", ".join(f"{name} {micros / 1000:.0f} ms" for micros, name in rows[:count])


def table(results: dict[str, dict[str, list[Sample]]], runs: int) -> str:
    """Medians of wall and CPU time, the largest peak RSS, and each as a ratio to schema-lint.

    CPU time (user + system) is shown too: on a shared machine, wall time also counts
    the waits for a core that other work holds.
    """
    lines = [f"| case | tool | wall (median of {runs}) | CPU | peak RSS | wall / schema-lint | CPU / schema-lint "
             f"| RSS / schema-lint |", "|---|---|---:|---:|---:|---:|---:|---:|"]
    for case, samples in results.items():
        wall = {label: statistics.median(s.wall for s in runs_) for label, runs_ in samples.items()}
        cpu = {label: statistics.median(s.cpu for s in runs_) for label, runs_ in samples.items()}
        rss = {label: max(s.peak_rss_kb for s in runs_) for label, runs_ in samples.items()}
        base = COLD
        for label in samples:
            lines.append(f"| {case} | {label} | {wall[label] * 1000:,.0f} ms | {_cpu_text(cpu[label])} "
                         f"| {rss[label] / 1024:,.0f} MB | {wall[label] / wall[base]:.2f}x "
                         f"| {cpu[label] / max(cpu[base], 1e-6):.2f}x | {rss[label] / rss[base]:.2f}x |")
    return "\n".join(lines)


def _cpu_text(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms" if seconds < 0.01 else f"{seconds * 1000:,.0f} ms"


def targets(results: dict[str, dict[str, list[Sample]]], cases_: list[Case]) -> str:
    """The issue's targets: one file under 100 ms, one that needs a validator too; 1,000 files
    within 2x of sourcemeta's CPU time (the wall time's ratio moves with the load on the
    machine; CPU's holds); a warm run 10x faster than a cold one; CPU per tool as low on the
    big file."""
    def median(case: str, label: str, attribute: str = "wall") -> float:
        return statistics.median(getattr(s, attribute) for s in results[case][label])

    one, validated, many, big = (case.label for case in cases_)
    one_wall, one_edited, validated_wall = median(one, COLD), median(one, EDITED), median(validated, COLD)
    one_cpu, validated_cpu = median(one, COLD, "cpu"), median(validated, COLD, "cpu")
    ratio = median(many, COLD) / median(many, SOURCEMETA_LABEL)
    cpu_ratio = median(many, COLD, "cpu") / max(median(many, SOURCEMETA_LABEL, "cpu"), 1e-6)
    first_ratio = median(many, FIRST, "cpu") / max(median(many, SOURCEMETA_LABEL, "cpu"), 1e-6)
    warm = {case: median(case, COLD) / median(case, WARM) for case in (one, many, big)}
    files_only = median(many, COLD) / median(many, WARM_FILES)
    per_tool = (median(big, COLD, "cpu") / cases_[3].tools) / (median(many, COLD, "cpu") / cases_[2].tools)
    return (f"targets: 1 file {one_wall * 1000:,.0f} ms wall, {_cpu_text(one_cpu)} CPU "
            f"(under 100 ms: {'yes' if one_wall < 0.100 else 'no'}; "
            f"{one_edited * 1000:,.0f} ms edited with the cache on, as pre-commit runs it; "
            f"{validated_wall * 1000:,.0f} ms wall, {_cpu_text(validated_cpu)} CPU for the file needing a validator: "
            f"{'yes' if validated_wall < 0.100 else 'no'}); "
            f"{many} {cpu_ratio:.2f}x sourcemeta's CPU time (within 2x: {'yes' if cpu_ratio <= 2 else 'no'}), "
            f"{ratio:.2f}x its wall time ({first_ratio:.2f}x its CPU time on an install's first run); "
            f"warm {warm[many]:.1f}x faster than cold on {many} (10x: {'yes' if warm[many] >= 10 else 'no'}; "
            f"{warm[one]:.1f}x on {one}, {warm[big]:.1f}x on {big}; {files_only:.1f}x from the per-file cache alone); "
            f"CPU per tool on the big file {per_tool:.2f}x that on {many} (linear: {'yes' if per_tool <= 1.5 else 'no'}); "
            f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--files", type=int, default=1000, help="raw schema files from the corpus")
    parser.add_argument("--big-tools", type=int, default=20_000, help="tools in the one big file")
    parser.add_argument("--corpus", type=Path, default=CORPUS_TOOLS.parent, help="the shared corpus's folder")
    args = parser.parse_args()
    corpus = args.corpus / "tools.jsonl"
    if not corpus.is_file():
        sys.exit(f"the shared corpus is missing: {corpus}")
    load_at_start = os.getloadavg()
    if not Path(GNU_TIME).exists():
        sys.exit(f"GNU time is needed to measure peak memory: {GNU_TIME} is missing")
    chosen = tools()
    for cache in ("cache", "cache-edited", USER_CACHE.name):
        shutil.rmtree(WORK / cache, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="schema-lint-bench-") as data:
        chosen_cases = cases(Path(data), args.files, args.big_tools, corpus)
        results = {case.label: bench(chosen, case, args.runs) for case in chosen_cases}
        imports = top_imports(chosen[0], chosen_cases[0])
    print(f"{platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
          f"{CHECK_JSONSCHEMA}, {SOURCEMETA}")
    print(table(results, args.runs))
    print(imports)
    print(targets(results, chosen_cases))
    print("load average (1, 5, 15 min) at the start " + ", ".join(f"{load:.2f}" for load in load_at_start)
          + "; at the end " + ", ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
