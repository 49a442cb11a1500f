#!/usr/bin/env bash
# Builds the libFuzzer targets under Fuzz/ and runs each for a number of inputs over its committed seed corpus.
#
#   scripts/fuzz.sh [--runs N] [--max-len BYTES] [--keep-corpus DIR] [target...]
#
# Targets: PNGDecoder JPEGDecoder WebPDecoder AVIFDecoder GestureStream, plus CBZReader, ComicInfoParser and
# ConfigParser when Sources/Pages and Sources/ConfigFiles exist (all present targets when none is named). Default
# 200000 runs each.
#
# The targets are built in a scratch package generated under .build-fuzz/ (symlinks to Sources/<module> and
# Fuzz/<target>), so the main Package.swift never compiles them. Built with Swift's libFuzzer and
# AddressSanitizer: `swift build -c release -Xswiftc -sanitize=fuzzer,address`. Not -parse-as-library: SwiftPM
# links executables with `--defsym main=<Target>_main`, which that flag leaves undefined (swiftlang/swift#75800);
# each target's main.swift calls LLVMFuzzerRunDriver instead (Fuzz/CFuzzDriver).
# The seed corpus is copied to a temporary working corpus, so the repository stays clean; crash inputs are
# written to .build-fuzz/artifacts/<target>/ and the script exits non-zero naming them.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
runs=200000
max_len=""
keep=""
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --max-len) max_len=$2; shift 2 ;;
        --keep-corpus) keep=$2; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done

# target -> modules it needs from the main package (FuzzSupport and CFuzzDriver live under Fuzz/).
declare -A needs=(
    [PNGDecoder]="Decoding FuzzSupport"
    [JPEGDecoder]="Decoding FuzzSupport"
    [WebPDecoder]="Decoding FuzzSupport"
    [AVIFDecoder]="Decoding FuzzSupport"
    [GestureStream]="Geometry Gestures"
    [CBZReader]="Pages FuzzSupport"
    [ComicInfoParser]="Pages FuzzSupport"
    [ConfigParser]="ConfigFiles Config"
)
available=(PNGDecoder JPEGDecoder WebPDecoder AVIFDecoder GestureStream)
for optional in CBZReader ComicInfoParser ConfigParser; do
    module=${needs[$optional]%% *}
    if [ -d "$root/Sources/$module" ] && [ -d "$root/Fuzz/$optional" ]; then
        available+=("$optional")
    else
        echo "fuzz.sh: skipping $optional (needs Sources/$module and Fuzz/$optional)" >&2
    fi
done
[ ${#targets[@]} -gt 0 ] || targets=("${available[@]}")
for t in "${targets[@]}"; do
    [[ " ${available[*]} " == *" $t "* ]] || { echo "fuzz.sh: unknown or unavailable target $t" >&2; exit 2; }
done

# ---- generate the scratch package --------------------------------------------------------------------------
# Declarations of the main package's modules are copied from its manifest (Fuzz/subpackage.py); only the
# modules the chosen targets need are included, so someone's half-written module cannot break the rest.
pkg=$root/.build-fuzz/pkg
extras=(--extra "CFuzzDriver|system|Fuzz/CFuzzDriver|")
for t in "${targets[@]}"; do
    if [[ " ${needs[$t]} " == *" FuzzSupport "* ]]; then
        extras+=(--extra "FuzzSupport|regular|Fuzz/FuzzSupport|Decoding,Geometry")
        break
    fi
done
for t in "${targets[@]}"; do
    deps=CFuzzDriver
    for m in ${needs[$t]}; do deps="$deps,$m"; done
    extras+=(--extra "$t|executable|Fuzz/$t|$deps")
done
(cd "$root" && swift package --scratch-path "$root/.build-fuzz/manifest" dump-package 2>/dev/null) |
    python3 "$root/Fuzz/subpackage.py" --root "$root" --out "$pkg" --name RectoFuzz "${extras[@]}" >/dev/null

build() {
    swift build --package-path "$pkg" --scratch-path "$root/.build-fuzz/build" -c release \
        -Xswiftc -sanitize=fuzzer,address "$@"
}

t0=$(date +%s)
for t in "${targets[@]}"; do build --product "$t" 2>&1 | grep -v '^\[' || true; done
bin=$(build --show-bin-path)
t_build=$(( $(date +%s) - t0 ))
echo "built ${targets[*]} in ${t_build}s"

# ---- run ---------------------------------------------------------------------------------------------------
summary=()
failed=()
total_start=$(date +%s)
for t in "${targets[@]}"; do
    [ -x "$bin/$t" ] || { echo "fuzz.sh: $bin/$t was not built" >&2; exit 1; }
    work=$(mktemp -d "${TMPDIR:-/tmp}/recto-fuzz-$t.XXXXXX")
    cp -R "$root/Fuzz/Corpus/$t/." "$work/"
    artifacts=$root/.build-fuzz/artifacts/$t
    mkdir -p "$artifacts"
    args=(-runs="$runs" -print_final_stats=1 -timeout=10 -rss_limit_mb=1536 -malloc_limit_mb=512
          -artifact_prefix="$artifacts/" -close_fd_mask=1)
    [ -f "$root/Fuzz/$t.dict" ] && args+=(-dict="$root/Fuzz/$t.dict")
    [ -n "$max_len" ] && args+=(-max_len="$max_len")
    log=$root/.build-fuzz/$t.log
    echo "== $t: $runs runs, corpus $(ls "$work" | wc -l) seeds (log $log)"
    start=$(date +%s)
    status=0
    # LeakSanitizer checks every input that allocates more than it frees: a leak is a finding too, except the
    # known third-party ones listed in Fuzz/lsan.supp.
    # SWIFT_BACKTRACE off: Swift's crash backtracer reads foreign memory, which ASan reports as an overflow of
    # its own, hiding the real crash; libFuzzer prints the stack itself.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
    LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Fuzz/lsan.supp:print_suppressions=0} "$bin/$t" "${args[@]}" "$work" > "$log" 2>&1 || status=$?
    secs=$(( $(date +%s) - start ))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    events=$(sed -n 's/^gesture events fed: \([0-9]*\).*/\1/p' "$log" | tail -1)
    line="$t: ${execs:-?} executions in ${secs}s, corpus $(ls "$work" | wc -l) files"
    [ -n "$events" ] && line="$line, $events gesture events"
    if [ $status -ne 0 ]; then
        line="$line — FAILED (status $status): $(grep -m1 -E 'ERROR|invariant|Fatal error' "$log" || true)"
        failed+=("$t")
        grep -E "Test unit written to" "$log" || true
    fi
    echo "$line"
    summary+=("$line")
    if [ -n "$keep" ]; then mkdir -p "$keep/$t" && cp -R "$work/." "$keep/$t/"; fi
    rm -rf "$work"
done

echo
echo "== summary (build ${t_build}s, fuzzing $(( $(date +%s) - total_start ))s)"
printf '%s\n' "${summary[@]}"
[ ${#failed[@]} -eq 0 ] || { echo "findings in: ${failed[*]} (inputs under .build-fuzz/artifacts/)"; exit 1; }
