#!/usr/bin/env bash
# Tests the Debian package the way a kiosk gets it: builds recto_VERSION_ARCH.deb, checks it with lintian,
# makes a clean Debian 12 root with debootstrap (no Swift toolchain, no compiler, no -dev package), installs
# the package there with apt-get, and inside that root checks
#   - `recto --version` prints the changelog's version;
#   - `recto render --page 3` (surfaceless EGL, llvmpipe) gives the same pixels as the development (debug) build;
#   - a PDF page renders, and a long PDF page's text comes through the sandboxed helper;
#   - the reader under a headless weston in the root reports `ready` and `shown` (--log-events).
# Then it prints package and binary sizes and measures exec → `ready` of the packaged (static) binary against
# the dynamically linked release build, under one headless weston on the host (scripts/deb-startup.py).
#
# Needs root (debootstrap, chroot, mounts) and the packages debootstrap and lintian; without them it says so
# and exits 0 (skipped). Downloads go through .build-deb/cache (debootstrap) and .build-deb/apt-archives (apt in
# the root), so a second run needs the network only for the package lists.
# Usage: scripts/test-deb.sh [--no-build] [--runs N]
#   --no-build  test the recto_*.deb already built, against the builds already in .build
#   --runs N    start-up runs per binary for the measurement (default 5; 0 skips it and the release build)
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian).
set -euo pipefail
cd "$(dirname "$0")/.."
args=("$@")
build=true
runs=5
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=false; shift ;;
    --runs) runs="$2"; shift 2 ;;
    *) echo "usage: scripts/test-deb.sh [--no-build] [--runs N]" >&2; exit 2 ;;
  esac
done

skip() { echo "test-deb: SKIPPED: $*" >&2; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "needs root for debootstrap, chroot and mounts (run it as root, e.g. in CI)"
for tool in debootstrap lintian unshare chroot; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (scripts/install-deps.sh installs it)"
done
# Everything mounted below lives in a private mount namespace and goes away with this script, however it ends.
if [ -z "${RECTO_TEST_DEB_NS:-}" ]; then
  unshare --mount --propagation private true 2>/dev/null || skip "cannot make a mount namespace here (unshare --mount)"
  RECTO_TEST_DEB_NS=1 exec unshare --mount --propagation private "$0" "${args[@]}"
fi

started=$(date +%s)
step() { echo "== test-deb [$(( $(date +%s) - started )) s]: $*"; }
fail() { echo "test-deb: FAILED: $*" >&2; exit 1; }
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
state=$PWD/.build-deb
version=$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)

if $build; then
  step "building the package and the development build"
  scripts/build-deb.sh
  swift build --product recto
  [ "$runs" -eq 0 ] || swift build -c release --product recto
fi
deb=recto_${version}_$(dpkg --print-architecture).deb
dev=$(swift build --show-bin-path)/recto
release=$(swift build -c release --show-bin-path)/recto
[ -f "$deb" ] || fail "no $deb (run scripts/build-deb.sh)"
[ -x "$dev" ] || fail "no development build at $dev (swift build --product recto)"

step "lintian $deb"
lintian --fail-on error --info "$deb" || fail "lintian reports errors"

# The base root is made once; each run works on a fresh copy of it.
base=$state/bookworm-base
if [ ! -f "$base/.complete" ]; then
  step "debootstrap a Debian 12 base root into $base"
  rm -rf "$base"
  mkdir -p "$state/cache"
  debootstrap --variant=minbase --cache-dir="$state/cache" bookworm "$base" "$mirror" > "$state/debootstrap.log" 2>&1 \
    || { tail -20 "$state/debootstrap.log" >&2; fail "debootstrap (log: $state/debootstrap.log)"; }
  touch "$base/.complete"
fi
root=$state/root
rm -rf "$root"
step "fresh root from the base"
cp -a "$base" "$root"
# The host's suites, so the root gets the same Mesa (and the same pixels) as the host.
printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' \
  "$mirror" "$mirror" > "$root/etc/apt/sources.list"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount -t sysfs sys "$root/sys"
mkdir -p "$state/apt-archives/partial"
mount --bind "$state/apt-archives" "$root/var/cache/apt/archives"
# A clean environment in the root; an array rather than a function, so that `&` gives the program's own pid.
in_root=(chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8)
in_root() { "${in_root[@]}" "$@"; }

step "apt-get install ./$deb (and weston, for the reader test) in the root"
cp "$deb" "$root/tmp/"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "/tmp/$deb" weston \
  > "$state/apt-install.log" 2>&1 || { tail -20 "$state/apt-install.log" >&2; fail "apt-get install"; }

step "the root has no Swift toolchain, no compiler, no -dev package"
[ ! -e "$root/opt/swift" ] || fail "/opt/swift exists in the root"
for tool in swift swiftc cc gcc clang; do
  ! in_root sh -c "command -v $tool" >/dev/null || fail "$tool is installed in the root"
done
devs=$(in_root dpkg-query -W -f '${Package}\n' | grep -- '-dev$' || true)
[ -z "$devs" ] || fail "-dev packages in the root: $devs"
! in_root ldd /usr/bin/recto | grep -E "not found|swift|Foundation" || fail "recto needs libraries the root lacks"
# The GPL stays in the helper: the installed recto links no PDF library (poppler, cairo, mupdf).
! in_root ldd /usr/bin/recto | grep -E "poppler|cairo|mupdf" || fail "the installed recto links a PDF library"
in_root ldd /usr/lib/recto/recto-pdf | grep -q poppler || fail "the installed PDF helper does not link poppler"
! in_root ldd /usr/lib/recto/recto-epub | grep "not found" || fail "the installed EPUB helper needs libraries the root lacks"

step "an EPUB's page of text renders in the root (the sandboxed MuPDF helper)"
python3 scripts/write-test-epub.py "$root/tmp/text.epub"
in_root recto render --no-config /tmp/text.epub --page 1 --size 300x400 --out /tmp/epub1.png 2> "$state/epub.err" \
  || fail "recto render of an EPUB's text page in the root"
# A page that cannot be drawn is rendered as its placeholder, with the reason on stderr.
[ ! -s "$state/epub.err" ] || fail "the EPUB page was not drawn: $(cat "$state/epub.err")"

step "a PDF renders in the root (the sandboxed helper)"
python3 scripts/measure-pdf.py --write-pdf "$root/tmp/book.pdf" --pages 3
in_root recto render --no-config /tmp/book.pdf --page 2 --size 800x600 --out /tmp/pdf2.png \
  || fail "recto render of a PDF in the root"

step "a long PDF page's text in the root (the helper's text path with the root's two font packages)"
# 2000 lines on one page: poppler sorts more than glibc's qsort does in place, which asks the kernel for the
# machine's memory (sysinfo) inside the sandbox; the policy must allow it whatever the warm-up loaded.
python3 - "$root/tmp/long.pdf" <<'EOF'
import sys
lines = [f"line {i:04d} " + "x" * 30 for i in range(2000)]
height = 2000 * 14 + 144
ops = "BT /F1 12 Tf 14 TL 72 %d Td\n" % (height - 72) + "".join(f"({l}) Tj T*\n" for l in lines) + "ET"
objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 {height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(ops)} >>\nstream\n{ops}\nendstream", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
out, offsets = b"%PDF-1.4\n", []
for i, o in enumerate(objs):
    offsets.append(len(out)); out += f"{i+1} 0 obj\n{o}\nendobj\n".encode()
x = len(out)
out += f"xref\n0 {len(objs)+1}\n0000000000 65535 f \n".encode() + b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
out += f"trailer\n<< /Size {len(objs)+1} /Root 1 0 R >>\nstartxref\n{x}\n%%EOF\n".encode()
open(sys.argv[1], "wb").write(out)
EOF
long=$(in_root recto render --no-config /tmp/long.pdf --page 1 --text) || fail "recto render --text in the root"
case "$long" in
  "line 0000 "*"line 1500 "*) ;;
  *) fail "the long page's text in the root is ${#long} bytes: '${long:0:80}'" ;;
esac

step "recto --version"
got=$(in_root recto --version)
[ "$got" = "$version" ] || fail "recto --version printed '$got', expected '$version'"

step "recto render --page 3 in the root against the development build"
in_root recto render --no-config --page 3 --size 1280x800 --out /tmp/page3.png
"$dev" render --no-config --page 3 --size 1280x800 --out "$state/page3-dev.png"
scripts/png-diff.py "$root/tmp/page3.png" "$state/page3-dev.png" || fail "the packaged render differs from the development build's"

step "the reader under headless weston in the root: ready and shown"
# The headless backend has no seat, and kiosk-shell maps no window without one: the tests' seat module,
# built here on the host (the root has no compiler), adds one.
module=$state/recto-test-seat.so
cc -shared -fPIC -o "$module" Tests/EndToEndTests/Harness/*.c \
  $(pkg-config --cflags --libs libweston-10 wayland-server xkbcommon)
cp "$module" "$root/tmp/recto-test-seat.so"
install -d -m 0700 "$root/tmp/rt"
"${in_root[@]}" XDG_RUNTIME_DIR=/tmp/rt RECTO_TEST_CONTROL=/tmp/rt/control weston --backend=headless-backend.so \
  --use-pixman --shell=kiosk-shell.so --socket=recto-deb --no-config --idle-time=0 --width=1280 --height=800 \
  --modules=/tmp/recto-test-seat.so > "$state/weston.log" 2>&1 &
weston_pid=$!
recto_pid=""
trap 'kill $recto_pid $weston_pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -S "$root/tmp/rt/recto-deb" ] && break; sleep 0.1; done
[ -S "$root/tmp/rt/recto-deb" ] || { tail "$state/weston.log" >&2; fail "weston did not start in the root"; }
"${in_root[@]}" XDG_RUNTIME_DIR=/tmp/rt WAYLAND_DISPLAY=recto-deb recto --no-config --log-events \
  > "$state/events.jsonl" 2> "$state/recto.log" &
recto_pid=$!
for _ in $(seq 300); do grep -q '"event" *: *"shown"' "$state/events.jsonl" && break; sleep 0.1; done
python3 - "$state/events.jsonl" <<'EOF' || { tail "$state/recto.log" >&2; fail "no ready and shown events"; }
import json, sys
events = {}
for line in open(sys.argv[1]):
    e = json.loads(line)
    events.setdefault(e["event"], e)
for name in ("ready", "shown"):
    if name not in events:
        sys.exit(f"no {name} event")
print(f"ready {events['ready']}\nshown {events['shown']}")
EOF
kill "$recto_pid"
wait "$recto_pid" || fail "recto exited with status $? on SIGTERM (expected 0)"
kill "$weston_pid"
wait "$weston_pid" || true
trap - EXIT

step "sizes and start-up: packaged (static) against the release build (dynamic)"
static=$state/extracted
rm -rf "$static"
dpkg-deb -x "$deb" "$static"
echo "package $deb: $(du -k "$deb" | cut -f1) KiB, installed $(dpkg-deb -f "$deb" Installed-Size) KiB"
echo "binary: packaged (static, stripped) $(( $(stat -c %s "$static/usr/bin/recto") / 1024 )) KiB"
if [ "$runs" -gt 0 ]; then
  [ -x "$release" ] || fail "no release build at $release (swift build -c release --product recto)"
  strip -o "$state/recto-release-stripped" "$release"
  echo "binary: release build (dynamic) $(( $(stat -c %s "$release") / 1024 )) KiB," \
    "stripped $(( $(stat -c %s "$state/recto-release-stripped") / 1024 )) KiB, plus the toolchain's Swift libraries"
  scripts/deb-startup.py --runs "$runs" --module "$module" "static=$static/usr/bin/recto" "dynamic=$release"
fi
step "passed"
