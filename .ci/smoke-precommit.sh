#!/usr/bin/env bash
# pre-commit, the way a user meets it: `pre-commit try-repo` against this checkout (which
# must be a git repository; CI's fresh clone is) in throwaway repositories. Both hooks
# share one PRE_COMMIT_HOME, so the hook environment is built once.
#
# schema-lint: loose tool files (JSON and JSONL), a tight one and a README; the hook must
# fail on the loose files with their findings in its output and one summary, pass over
# the README, and pass on the tight file alone.
# schema-lint-fix: a tool whose one-value enum has a safe fix; the first run must
# rewrite the file (only that node), say only what it fixed, and fail, as fixers do; the
# second must pass and
# leave the file alone. A committed file named `--unsafe-fixes` is a file, not the flag.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/pre-commit-home"
touch "$work/out.txt"
fail() { echo "smoke-precommit: $1"; echo "--- output ---"; cat "$work/out.txt"; exit 1; }
new_project() { mkdir "$work/$1" && cd "$work/$1" && git init --quiet .; }

new_project check
mkdir tools
cat > tools/loose.json <<'JSON'
{
  "name": "create_ticket",
  "description": "Open a support ticket.",
  "inputSchema": {
    "type": "object",
    "properties": {"title": {"type": "string", "description": "Short summary."}}
  }
}
JSON
cat > tools/tight.yaml <<'YAML'
name: get_weather
description: Current weather for a city.
annotations: {readOnlyHint: true}
inputSchema:
  type: object
  properties:
    city: {type: string, minLength: 1, maxLength: 100, description: City name.}
    units: {type: string, enum: [metric, imperial], description: Unit system.}
  required: [city, units]
  additionalProperties: false
YAML
# pre-commit has no type for .jsonl: the hook must still lint it, and pass over the notes.
echo '{"name": "close_ticket", "description": "Close a ticket.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}' > tools/more.jsonl
printf '# Tools\n\nThe ticket desk.\n' > tools/README.md
git add tools

echo "-- schema-lint, every file: the loose ones must fail the hook"
if pre-commit try-repo "$repo" schema-lint --all-files >"$work/out.txt" 2>&1; then
  fail "expected the hook to fail on tools/loose.json"
fi
grep -q "tools/loose.json:[0-9]*:[0-9]*: SL201" "$work/out.txt" || fail "expected an SL201 finding for tools/loose.json"
grep -q "tools/more.jsonl:1:[0-9]*: SL201" "$work/out.txt" || fail "expected an SL201 finding for tools/more.jsonl"
grep -q "tools/README.md" "$work/out.txt" && fail "expected tools/README.md passed over"
grep -q "tools/tight.yaml:" "$work/out.txt" && fail "expected no finding for tools/tight.yaml"
[ "$(grep -c '^Found [0-9]* finding' "$work/out.txt")" -eq 1 ] || fail "expected one summary for the hook's one run"

echo "-- schema-lint, with committed files named like flags: still read as files, the hook still fails"
for name in --exit-zero --fail-on=never; do echo harmless > "./$name"; done
git add -- ./--exit-zero ./--fail-on=never
if pre-commit try-repo "$repo" schema-lint --all-files >"$work/out.txt" 2>&1; then
  fail "expected files named --exit-zero and --fail-on=never not to silence the hook"
fi
grep -q "tools/loose.json:[0-9]*:[0-9]*: SL201" "$work/out.txt" || fail "expected the findings despite the flag-named files"
git rm --quiet --cached -- ./--exit-zero ./--fail-on=never && rm -- ./--exit-zero ./--fail-on=never

echo "-- schema-lint, the tight file alone must pass"
pre-commit try-repo "$repo" schema-lint --files tools/tight.yaml >"$work/out.txt" 2>&1 \
  || fail "expected the hook to pass on tools/tight.yaml"
grep -q "Passed" "$work/out.txt" || fail "expected pre-commit to report Passed"

new_project fix
cat > tool.yaml <<'YAML'
# Ticket desk.
name: create_ticket
description: Open a support ticket.
inputSchema:
  type: object
  properties:
    kind: {type: string, enum: [bug, task, bug]}  # no features for now
  required: [kind]
  additionalProperties: false
YAML
git add tool.yaml
# A file named like the flag that enables tightening fixes must not enable them.
echo harmless > ./--unsafe-fixes && git add -- ./--unsafe-fixes

echo "-- schema-lint-fix, first run: the hook fixes the file and fails"
if pre-commit try-repo "$repo" schema-lint-fix --all-files >"$work/out.txt" 2>&1; then
  fail "expected the hook to fail after changing tool.yaml"
fi
grep -q "files were modified by this hook" "$work/out.txt" || fail "expected pre-commit to say the hook modified files"
grep -qx "Fixed 1 finding." "$work/out.txt" || fail "expected the fixer to say what it fixed"
grep -q ": SL[0-9]" "$work/out.txt" && fail "expected the fixer to print no findings (the check hook's job)"
grep -qx "    kind: {type: string, enum: \[bug, task\]}  # no features for now" tool.yaml \
  || { cat tool.yaml; fail "expected the repeated enum value removed, comment kept"; }
head -1 tool.yaml | grep -qx "# Ticket desk." || fail "expected the header comment kept"

echo "-- schema-lint-fix, second run: nothing left to fix, the hook passes"
cp tool.yaml "$work/after-first-run.yaml"
pre-commit try-repo "$repo" schema-lint-fix --all-files >"$work/out.txt" 2>&1 \
  || fail "expected the hook to pass on the fixed file"
cmp -s tool.yaml "$work/after-first-run.yaml" || fail "expected the second run to leave tool.yaml unchanged"
echo "smoke-precommit: ok"
