#!/bin/bash
# Issue 26, build item 8: the formerly flaky end-to-end suites, N times in a row with both cores busy
# (stress-ng --cpu 2 beside whatever else runs). Runs the built debug test binary and recto, copied first so that
# a rebuild meanwhile does not change what is tested. Usage: scripts/stress-flaky.sh [RUNS] [LOG]
# STRESS_NICE=19: stress-ng yields to other work on the machine (the cores stay busy either way).
set -u
runs=${1:-20}
log=${2:-/tmp/recto-stress-flaky.log}
root=$(cd "$(dirname "$0")/.." && pwd)
copy=$(mktemp -d /tmp/recto-stress.XXXXXX)
cp "$root/.build/debug/RectoPackageTests.xctest" "$root/.build/debug/recto" "$copy/"
nice -n "${STRESS_NICE:-0}" stress-ng --cpu 2 --timeout 0 >/dev/null 2>&1 &
stress=$!
trap 'kill $stress 2>/dev/null; wait $stress 2>/dev/null; rm -rf "$copy"' EXIT
suites='PresentationEndToEndTests|KioskEndToEndTests|TouchPathEndToEndTests'
passed=0
: > "$log"
for i in $(seq 1 "$runs"); do
    start=$(date +%s)
    if RECTO_BIN="$copy/recto" "$copy/RectoPackageTests.xctest" --testing-library swift-testing \
        --filter "$suites" >"$log.run$i" 2>&1; then
        result=pass; passed=$((passed + 1))
    else
        result=FAIL
    fi
    echo "run $i: $result in $(( $(date +%s) - start )) s, load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$log"
done
echo "$passed of $runs runs passed" | tee -a "$log"
[ "$passed" -eq "$runs" ]
