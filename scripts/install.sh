#!/usr/bin/env bash
# Builds recto in release mode and installs it with its demo book under a prefix:
#   PREFIX/bin/recto, PREFIX/share/recto/DemoBook/, PREFIX/share/applications/recto.desktop
# The installed binary finds the demo book relative to itself; it needs nothing from this checkout.
# Usage: scripts/install.sh [--prefix DIR]   (default: $PREFIX, else ~/.local)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${PREFIX:-$HOME/.local}"
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    *) echo "usage: scripts/install.sh [--prefix DIR]" >&2; exit 2 ;;
  esac
done
swift build -c release --product recto
bin="$(swift build -c release --show-bin-path)/recto"
install -d "$prefix/bin" "$prefix/share/recto/DemoBook" "$prefix/share/applications"
install -m 0755 "$bin" "$prefix/bin/recto"
install -m 0644 Assets/DemoBook/*.png "$prefix/share/recto/DemoBook/"
[ -f Assets/DemoBook/README.md ] && install -m 0644 Assets/DemoBook/README.md "$prefix/share/recto/DemoBook/"
if [ -f Assets/recto.desktop ]; then
  sed "s|^Exec=.*|Exec=$prefix/bin/recto|" Assets/recto.desktop > "$prefix/share/applications/recto.desktop"
fi
echo "installed $prefix/bin/recto and the demo book in $prefix/share/recto/DemoBook"
