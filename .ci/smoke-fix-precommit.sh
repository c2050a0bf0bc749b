#!/usr/bin/env bash
# The `schema-lint-fix` pre-commit hook, the way a user meets it: `pre-commit try-repo`
# against this checkout in a throwaway repository holding a tool whose one-value enum
# has a safe fix. The first run must rewrite the file (only that node) and fail, as
# fixers do; the second must pass and leave the file alone.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/pre-commit-home"

mkdir "$work/project"
cd "$work/project"
git init --quiet .
cat > tool.yaml <<'YAML'
# Ticket desk.
name: create_ticket
description: Open a support ticket.
inputSchema:
  type: object
  properties:
    kind: {type: string, enum: [bug]}  # only bugs for now
  required: [kind]
  additionalProperties: false
YAML
git add tool.yaml

fail() { echo "smoke-fix-precommit: $1"; echo "--- output ---"; cat "$work/out.txt"; exit 1; }

echo "-- first run: the hook fixes the file and fails"
if pre-commit try-repo "$repo" schema-lint-fix --all-files >"$work/out.txt" 2>&1; then
  fail "expected the hook to fail after changing tool.yaml"
fi
grep -q "files were modified by this hook" "$work/out.txt" || fail "expected pre-commit to say the hook modified files"
grep -qx "    kind: {type: string, const: bug}  # only bugs for now" tool.yaml \
  || { cat tool.yaml; fail "expected the enum turned into a const, comment kept"; }
head -1 tool.yaml | grep -qx "# Ticket desk." || fail "expected the header comment kept"

echo "-- second run: nothing left to fix, the hook passes"
cp tool.yaml "$work/after-first-run.yaml"
pre-commit try-repo "$repo" schema-lint-fix --all-files >"$work/out.txt" 2>&1 \
  || fail "expected the hook to pass on the fixed file"
cmp -s tool.yaml "$work/after-first-run.yaml" || fail "expected the second run to leave tool.yaml unchanged"
echo "smoke-fix-precommit: ok"
