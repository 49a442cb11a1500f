#!/usr/bin/env bash
# Builds recto in release mode and installs it with its demo book and kiosk deployment files under a prefix:
#   PREFIX/bin/recto                          the program
#   PREFIX/bin/recto-cage                     kiosk launcher: cage -- recto --kiosk BOOK
#   PREFIX/lib/recto/recto-pdf                the sandboxed PDF helper (GPL-3: it links poppler; recto does not)
#   PREFIX/lib/recto/recto-epub               the sandboxed EPUB helper (AGPL-3: it links MuPDF; recto does not)
#   PREFIX/share/recto/DemoBook/              the demo book (found by recto relative to its own binary)
#   PREFIX/share/recto/deploy/                recto-kiosk.service (systemd), recto-speech.service (systemd user unit: speech-dispatcher), weston-kiosk.ini, recto.toml (example)
#   PREFIX/share/applications/recto.desktop, PREFIX/share/icons/hicolor/scalable/apps/recto.svg
# The installed files need nothing from this checkout (the Swift runtime comes from the toolchain).
# Usage: scripts/install.sh [--prefix DIR] [--binary FILE]
#   --prefix DIR   default: $PREFIX, else ~/.local
#   --binary FILE  install this recto binary instead of building one (e.g. .build/debug/recto), and the
#                  recto-pdf next to it when there is one
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${PREFIX:-$HOME/.local}"
bin=""
usage() { echo "usage: scripts/install.sh [--prefix DIR] [--binary FILE]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || usage; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --binary) [ $# -ge 2 ] || usage; bin="$2"; shift 2 ;;
    --binary=*) bin="${1#--binary=}"; shift ;;
    *) usage ;;
  esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
if [ -z "$bin" ]; then
  swift build -c release --product recto
  swift build -c release --product recto-pdf
  swift build -c release --product recto-epub
  bin="$(swift build -c release --show-bin-path)/recto"
fi
[ -x "$bin" ] || { echo "install.sh: no executable at $bin" >&2; exit 2; }
share="$prefix/share/recto"
icons="$prefix/share/icons/hicolor/scalable/apps"
install -d "$prefix/bin" "$share/DemoBook" "$share/deploy" "$prefix/share/applications" "$icons"
install -m 0755 "$bin" "$prefix/bin/recto"
# The document helpers, each a separate program beside recto: what is missing without it.
for helper in "recto-pdf:PDF books will not open" "recto-epub:the text pages of EPUBs will be placeholders"; do
  name="${helper%%:*}"
  if [ -x "$(dirname "$bin")/$name" ]; then
    install -d "$prefix/lib/recto"
    install -m 0755 "$(dirname "$bin")/$name" "$prefix/lib/recto/$name"
    install -m 0644 "Helpers/$name/README.md" "$prefix/lib/recto/README-$name.md"
  else
    echo "install.sh: no $name next to $bin: ${helper#*:}" >&2
  fi
done
install -m 0755 Assets/deploy/recto-cage "$prefix/bin/recto-cage"
# Every file of the demo book: its pages, ComicInfo.xml, notes, texts, narration with captions, README.
install -m 0644 Assets/DemoBook/* "$share/DemoBook/"
# The deployment examples name the installed paths.
for f in recto-kiosk.service recto-speech.service weston-kiosk.ini recto.toml; do
  sed "s|@PREFIX@|$prefix|g" "Assets/deploy/$f" > "$share/deploy/$f"
  chmod 0644 "$share/deploy/$f"
done
if [ -f Assets/recto.desktop ]; then
  sed "s|^Exec=recto|Exec=$prefix/bin/recto|" Assets/recto.desktop > "$prefix/share/applications/recto.desktop"
  chmod 0644 "$prefix/share/applications/recto.desktop"
fi
install -m 0644 packaging/recto.svg "$icons/recto.svg"
echo "installed $prefix/bin/recto, $prefix/bin/recto-cage, $prefix/lib/recto/recto-pdf, recto-epub, the demo book in $share/DemoBook and kiosk files in $share/deploy"
