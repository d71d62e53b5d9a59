#!/usr/bin/env bash
# Runs both versions of both bundled examples, offline, into a fresh demo store, and checks
# that the gate says what it should: v1 deploys, v2 is blocked with its failing layers named.
set -uo pipefail
cd "$(dirname "$0")/.."
FOURFOLD=${FOURFOLD:-fourfold}
STORE=${FOURFOLD_DEMO_STORE:-.fourfold/demo.db}
rm -f "$STORE" "$STORE-wal" "$STORE-shm"
status=0

run() {  # run SUITE AGENT EXPECTED_EXIT [OPTION...]
  local suite=$1 agent=$2 expected=$3
  shift 3
  echo
  echo "━━━ fourfold run $suite --agent $agent $*"
  "$FOURFOLD" run "$suite" --agent "$agent" --store "$STORE" --no-progress "$@"
  local code=$?
  if [ "$code" -ne "$expected" ]; then
    echo "demo: expected exit code $expected from $suite --agent $agent, got $code" >&2
    status=1
  fi
}

run examples/support/suite.yaml v1 0
run examples/support/suite.yaml v2 1
run examples/shop/suite.yaml v1 0
run examples/shop/suite.yaml v2 1
# The judged suite at the commit cadence (every PR): its judge is not run, so it needs no
# model and no key, and the gate says the policy layer was decided on its checks alone.
run examples/support/suite.judged.yaml v2 1 --cadence commit

echo
echo "━━━ fourfold runs"
"$FOURFOLD" runs --store "$STORE"
if [ "$status" -eq 0 ]; then
  echo "demo: v1 deploys and v2 is blocked in both examples, as expected (store: $STORE)"
fi

# The HTML report of the support example's v2 against v1: one file that works offline.
REPORT=${FOURFOLD_DEMO_REPORT:-.fourfold/demo-report.html}
support_run() {  # the newest run of the support suite by AGENT
  "$FOURFOLD" runs --store "$STORE" --suite support --json |
    "${PYTHON:-python3}" -c 'import json, sys; print(next(r["id"] for r in json.load(sys.stdin) if r["agent_version"] == sys.argv[1]))' "$1"
}
echo
echo "━━━ fourfold report (support v2, baseline v1)"
if ! "$FOURFOLD" report "$(support_run v2)" --baseline "$(support_run v1)" --store "$STORE" -o "$REPORT"; then
  echo "demo: the report could not be written" >&2
  status=1
fi
echo "report: $(cd "$(dirname "$REPORT")" && pwd)/$(basename "$REPORT")"

# Support v2's stored traces graded again with the suite's current checks, without calling
# the agent: after an edit to a check or a rubric's anchor, this is the second grading to
# calibrate and compare (README, "Re-grade a stored run"). Unchanged here, so it blocks again.
echo
echo "━━━ fourfold regrade (support v2's traces, graded again; the agent is not called)"
"$FOURFOLD" regrade "$(support_run v2)" --store "$STORE" --no-progress >/dev/null
code=$?
if [ "$code" -ne 1 ]; then
  echo "demo: expected exit code 1 from the regrade of support v2, got $code" >&2
  status=1
fi
"$FOURFOLD" runs --store "$STORE" --limit 1
exit $status
