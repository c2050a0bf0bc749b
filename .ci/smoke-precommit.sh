#!/usr/bin/env bash
# pre-commit, the way a user meets it: `pre-commit try-repo` against this checkout (which
# must be a git repository; CI's fresh clone is) in a throwaway repository holding one
# loose tool file and one tight one. The hook must fail on the loose file with the
# finding in its output, and pass on the tight file alone.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/pre-commit-home"

mkdir "$work/project"
cd "$work/project"
git init --quiet .
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
git add tools

fail() { echo "smoke-precommit: $1"; echo "--- output ---"; cat "$work/out.txt"; exit 1; }

echo "-- every file: the loose one must fail the hook"
if pre-commit try-repo "$repo" schema-lint --all-files >"$work/out.txt" 2>&1; then
  fail "expected the hook to fail on tools/loose.json"
fi
grep -q "tools/loose.json:[0-9]*:[0-9]*: SL201" "$work/out.txt" || fail "expected an SL201 finding for tools/loose.json"
grep -q "tools/tight.yaml:" "$work/out.txt" && fail "expected no finding for tools/tight.yaml"

echo "-- the tight file alone must pass"
pre-commit try-repo "$repo" schema-lint --files tools/tight.yaml >"$work/out.txt" 2>&1 \
  || fail "expected the hook to pass on tools/tight.yaml"
grep -q "Passed" "$work/out.txt" || fail "expected pre-commit to report Passed"
echo "smoke-precommit: ok"
