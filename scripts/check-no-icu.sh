#!/usr/bin/env bash
# Fails if ICU is linked into a recto binary: its data (icudt*_dat, ~30 MiB), its C++ code
# (namespace icu_NN) or its versioned C API (ucol_open_NN, …). Foundation's internationalization half pulls all
# three in; recto uses FoundationEssentials only, and the check keeps it so. Also fails if the binary, stripped,
# is larger than --max-mib (default 25). Run by scripts/build-deb.sh on the static release binary it packages.
# Usage: scripts/check-no-icu.sh BINARY [--max-mib N]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: scripts/check-no-icu.sh BINARY [--max-mib N]" >&2; exit 2; }
bin=$1; shift
max_mib=25
while [ $# -gt 0 ]; do
  case "$1" in
    --max-mib) max_mib=$2; shift 2 ;;
    *) echo "usage: scripts/check-no-icu.sh BINARY [--max-mib N]" >&2; exit 2 ;;
  esac
done
[ -f "$bin" ] || { echo "check-no-icu: no binary at $bin" >&2; exit 2; }
failed=false
# Symbols, where the binary still has them.
icu_symbols=$(nm "$bin" 2>/dev/null | awk '{print $NF}' \
  | grep -E '^icudt[0-9]+_dat$|^_ZN(K)?6icu_[0-9]+|^u[a-z]*_[A-Za-z0-9]+_[0-9]{2}$' | head -5 || true)
if [ -n "$icu_symbols" ]; then
  echo "check-no-icu: FAILED: ICU symbols in $bin, e.g.:" >&2
  echo "$icu_symbols" | sed 's/^/  /' >&2
  failed=true
fi
# The data's own name, which stays in a stripped binary ("icudt76l" heads its table of contents).
if grep -a -q -E 'icudt[0-9]+[lb]' "$bin"; then
  echo "check-no-icu: FAILED: ICU's data (icudtNN) is in $bin" >&2
  failed=true
fi
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
strip -o "$stripped" "$bin"
bytes=$(stat -c %s "$stripped")
mib=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')
if [ "$bytes" -gt $(( max_mib * 1048576 )) ]; then
  echo "check-no-icu: FAILED: $bin is $mib MiB stripped, more than $max_mib MiB" >&2
  failed=true
fi
if $failed; then
  echo "check-no-icu: look for 'import Foundation' (use FoundationEssentials), String(format:), NSString, NSLock," >&2
  echo "  Thread and localized comparisons in Sources/ and in the dependencies recto links." >&2
  exit 1
fi
echo "check-no-icu: no ICU in $bin; $mib MiB stripped (limit $max_mib MiB)"
