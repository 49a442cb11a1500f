#!/usr/bin/env bash
# Runs the test suites of the pure cores and the decoders under AddressSanitizer and ThreadSanitizer.
#
#   scripts/sanitizers.sh [--asan-only | --tsan-only] [extra swift test arguments, e.g. --filter Storm]
#
# Suites: GeometryTests CurlTests GesturesTests BookTests ReaderTests (the pure cores), DecodingTests and
# PagesTests (the decoders and the page cache's decode workers); override with SUITES="A B".
# They are built in a scratch package generated under .build-sanitizers/ from the main manifest
# (Fuzz/subpackage.py: the wanted test targets and what they depend on, sources symlinked), so the GPU,
# Wayland and app modules are not compiled, and with separate scratch paths .build-asan and .build-tsan:
#
#   swift test --package-path .build-sanitizers/pkg --scratch-path .build-asan --sanitize=address
#   swift test --package-path .build-sanitizers/pkg --scratch-path .build-tsan --sanitize=thread
#
# --disable-xctest: the suites are Swift Testing only, and XCTest's empty run leaks a few hundred bytes of its
# own bookkeeping at exit, which LeakSanitizer would report against us.
# Environment: ASAN_OPTIONS defaults to detect_leaks=1:abort_on_error=0 (LeakSanitizer included), with
# LSAN_OPTIONS naming Fuzz/lsan.supp (known leaks in ZIPFoundation and TOMLKit, not in Recto);
# TSAN_OPTIONS defaults to halt_on_error=1:second_deadlock_stack=1:suppressions=Fuzz/tsan.supp, so the first
# race fails the run. The suppressions cover Synchronization.Mutex, whose contended hand-over happens in the
# kernel where TSan cannot see it (false "Swift access race" reports inside withLock; see Fuzz/tsan.supp).
# Exits non-zero if either run reports an error or a test fails.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
modes=(address thread)
case "${1:-}" in
    --asan-only) modes=(address); shift ;;
    --tsan-only) modes=(thread); shift ;;
esac
suites=${SUITES:-"GeometryTests CurlTests GesturesTests BookTests ReaderTests DecodingTests PagesTests"}

pkg=$root/.build-sanitizers/pkg
(cd "$root" && swift package --scratch-path "$root/.build-sanitizers/manifest" dump-package 2>/dev/null) |
    python3 "$root/Fuzz/subpackage.py" --root "$root" --out "$pkg" --name RectoSanitized --want "${suites// /,}" \
    > /dev/null

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Fuzz/lsan.supp:print_suppressions=0}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$root/Fuzz/tsan.supp}

results=()
status=0
for mode in "${modes[@]}"; do
    short=${mode:0:1}san  # asan / tsan
    log=$root/.build-sanitizers/$short.log
    echo "== $short: swift test --sanitize=$mode ($suites), log $log"
    start=$(date +%s)
    rc=0
    swift test --package-path "$pkg" --scratch-path "$root/.build-$short" --sanitize="$mode" \
        --disable-xctest "$@" > "$log" 2>&1 || rc=$?
    secs=$(( $(date +%s) - start ))
    reports=$(grep -c -E '^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread|Leak)Sanitizer)' "$log" || true)
    summary=$(grep -E '^(✔|✘|􁁛|􀢄).*Test run with|Test run with [0-9]+ tests' "$log" | tail -1 || true)
    line="$short: exit $rc in ${secs}s, $reports sanitizer report lines; ${summary:-no Swift Testing summary}"
    echo "$line"
    results+=("$line")
    if [ $rc -ne 0 ] || [ "$reports" -ne 0 ]; then
        status=1
        grep -m5 -E 'ERROR: |WARNING: ThreadSanitizer|SUMMARY:|✘' "$log" || tail -20 "$log"
    fi
done
echo
printf '%s\n' "${results[@]}"
exit $status
