"""`schema-lint server` as an editor uses it, on published tools nobody here wrote.

Each tool of the shared corpus (a spread of `--limit` of them) is written as a file, then
opened in one server started as VS Code starts it (its client capabilities, as pytest-lsp
recorded them). For every file the script checks the server against `check`:

- the diagnostics are `check --output-format json`'s findings, at the same places once
  UTF-16 columns are turned back into characters;
- every quick fix, applied as the editor applies it, removes its finding (a fix that does
  part of what its rule asks, as SL303's lower bound alone, leaves the rest as a narrower
  finding of the same rule, counted apart);
- fix-all gives exactly the text `check --fix` writes (safe fixes only, to the fixed point);

and it times what a person waits for: open → diagnostics, and the code actions at a finding.

    python bench/lsp_corpus.py [--limit 200] [--corpus ../shared/corpus/tools.jsonl]
    python bench/lsp_corpus.py --files ../shared/corpus/openapi/*      # any files, as they are

Prints the counts, every disagreement, and the timings with the load average beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus_files  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("SCHEMA_LINT_CORPUS", REPO.parent / "shared" / "corpus")) / "tools.jsonl"


def utf16_to_characters(line: str, units: int) -> int:
    count = index = 0
    while count < units and index < len(line):
        count += 2 if ord(line[index]) > 0xFFFF else 1
        index += 1
    return index


def applied(text: str, edits: list[types.TextEdit]) -> str:
    """`text` with the edits, their positions read as VS Code reads them (UTF-16)."""
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        lines = text.splitlines(keepends=True)

        def offset(position: types.Position) -> int:
            line = lines[position.line] if position.line < len(lines) else ""
            return sum(len(item) for item in lines[:position.line]) + utf16_to_characters(line, position.character)

        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


def check_json(path: Path) -> list[dict]:
    done = subprocess.run([sys.executable, "-m", "schema_lint", "check", "--no-cache", "--output-format", "json",
                           str(path)], capture_output=True, text=True, cwd=path.parent)
    return json.loads(done.stdout or "[]")


def check_fixed(path: Path, scratch: Path) -> str:
    copy = scratch / path.name
    shutil.copyfile(path, copy)
    subprocess.run([sys.executable, "-m", "schema_lint", "check", "--no-cache", "--fix", "--exit-zero", str(copy)],
                   capture_output=True, text=True, cwd=scratch)
    return copy.read_text(encoding="utf-8")


async def diagnostics_of(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    while uri not in client.diagnostics:
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 60)
    return list(client.diagnostics.pop(uri))


async def run(paths: list[Path], scratch: Path) -> dict:
    config = ClientServerConfig([sys.executable, "-m", "schema_lint", "server"],
                                server_env={**os.environ, "SCHEMA_LINT_NO_CACHE": "1"})
    client = await config.start()

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(ls: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    await client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code"),
                                                           root_uri=paths[0].parent.as_uri()))
    found = {"files": 0, "findings": 0, "placed_as_check": 0, "misplaced": [], "quick_fixes": 0, "fixes_not_applicable": 0,
             "quick_fixes_removing": 0, "quick_fixes_leaving_a_narrower_finding": 0, "quick_fix_failures": [], "fix_all_files": 0, "fix_all_as_check": 0,
             "fix_all_differs": [], "open_seconds": [], "action_seconds": []}
    version = 1
    for path in paths:
        text = path.read_text(encoding="utf-8")
        uri = path.as_uri()
        lines = text.splitlines()
        started = time.perf_counter()
        language = "yaml" if path.suffix in (".yaml", ".yml") else "json"
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, language, 1, text)))
        shown = await diagnostics_of(client, uri)
        found["open_seconds"].append(time.perf_counter() - started)
        found["files"] += 1
        found["findings"] += len(shown)
        expected = sorted((d["code"], d["line"], d["column"]) for d in check_json(path))
        got = sorted((d.code, d.range.start.line + 1,
                      utf16_to_characters(lines[d.range.start.line] if d.range.start.line < len(lines) else "",
                                          d.range.start.character) + 1) for d in shown)
        if got == expected:
            found["placed_as_check"] += 1
        else:
            found["misplaced"].append(path.name)
        for diagnostic in shown:
            if not (diagnostic.data or {}).get("fix"):
                continue
            started = time.perf_counter()
            offered = await client.text_document_code_action_async(types.CodeActionParams(
                types.TextDocumentIdentifier(uri), diagnostic.range, types.CodeActionContext([diagnostic])))
            found["action_seconds"].append(time.perf_counter() - started)
            fix = next((a for a in offered or [] if a.title.startswith(f"Fix {diagnostic.code}")), None)
            if fix is None:
                found["fixes_not_applicable"] += 1  # the fix machinery refused it; the finding says why
                continue
            found["quick_fixes"] += 1
            version += 1
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=version, uri=uri),
                [types.TextDocumentContentChangeWholeDocument(text=applied(text, fix.edit.changes[uri]))]))
            after = await diagnostics_of(client, uri)
            pointer = (diagnostic.data or {}).get("pointer")
            same_place = [d for d in after if d.code == diagnostic.code and (d.data or {}).get("pointer") == pointer]
            if any(d.message == diagnostic.message for d in same_place):
                found["quick_fix_failures"].append(f"{path.name} {diagnostic.code} {pointer}")
            else:
                found["quick_fixes_removing"] += 1
                # A fix that does part of the job (SL303's lower bound) leaves the rest as a new message.
                found["quick_fixes_leaving_a_narrower_finding"] += bool(same_place)
            version += 1
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=version, uri=uri),
                [types.TextDocumentContentChangeWholeDocument(text=text)]))
            await diagnostics_of(client, uri)
        offered = await client.text_document_code_action_async(types.CodeActionParams(
            types.TextDocumentIdentifier(uri), types.Range(types.Position(0, 0), types.Position(0, 0)),
            types.CodeActionContext([], only=["source.fixAll.schema-lint"])))
        fixed_by_check = check_fixed(path, scratch)
        fixed_here = applied(text, offered[0].edit.changes[uri]) if offered else text
        if fixed_by_check != text or offered:
            found["fix_all_files"] += 1
            if fixed_here == fixed_by_check:
                found["fix_all_as_check"] += 1
            else:
                found["fix_all_differs"].append(path.name)
        client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
        await diagnostics_of(client, uri)
    await client.shutdown_session()
    await client.stop()
    return found


def _timing(what: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{what}: none"
    return (f"{what} ({len(seconds)}): median {statistics.median(seconds) * 1000:.1f} ms, "
            f"p95 {seconds[int(len(seconds) * 0.95)] * 1000:.1f} ms, max {seconds[-1] * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=200, help="this many tools, spread over the corpus")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="path of tools.jsonl")
    parser.add_argument("--files", type=Path, nargs="+", help="open these files instead (JSON, JSONC or YAML)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        files, scratch = Path(folder) / "tools", Path(folder) / "scratch"
        scratch.mkdir()
        paths = [path.resolve() for path in args.files] if args.files else corpus_files.write(
            "published", files, args.limit, args.corpus)
        found = asyncio.run(run(paths, scratch))
    opened, actions = sorted(found.pop("open_seconds")), sorted(found.pop("action_seconds"))
    for key, value in found.items():
        print(f"{key}: {value}")

    print(_timing("open → diagnostics", opened))
    print(_timing("code actions at a fixable finding", actions))
    print(f"load average: {' '.join(f'{value:.2f}' for value in os.getloadavg())} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
