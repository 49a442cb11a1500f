#!/usr/bin/env bash
# Builds the Debian package recto_VERSION_ARCH.deb (in the repository root) from a checkout: a release build
# with the Swift runtime and Foundation linked statically, so the package needs nothing from a Swift toolchain.
#   /usr/bin/recto, /usr/bin/recto-cage             the reader and its kiosk launcher
#   /usr/share/recto/DemoBook/                       the demo book, every file of Assets/DemoBook (recto finds it beside its binary)
#   /usr/share/recto/deploy/                         recto.toml and weston-kiosk.ini, examples for a kiosk
#   /lib/systemd/system/recto-kiosk.service          the kiosk unit (not enabled: see its header)
#   man page, bash/zsh/fish completions              generated from the binary's command-line definitions
#   desktop entry, AppStream metainfo, icon
# The version is the newest entry of packaging/debian/changelog (the binary embeds the same, see
# Plugins/EmbedVersion). Needs dpkg-dev and python3 (scripts/install-deps.sh installs them).
# Usage: scripts/build-deb.sh [--install]
#   --install   then install the package with apt-get (through sudo when not root)
set -euo pipefail
cd "$(dirname "$0")/.."
install_it=false
case "${1:-}" in
  --install) install_it=true ;;
  "") ;;
  *) echo "usage: scripts/build-deb.sh [--install]" >&2; exit 2 ;;
esac

changelog=packaging/debian/changelog
version=$(dpkg-parsechangelog -l "$changelog" -S Version)
maintainer=$(dpkg-parsechangelog -l "$changelog" -S Maintainer)
# Dates come from the changelog, not the clock (man pages, metainfo, dpkg-deb's timestamps).
export SOURCE_DATE_EPOCH
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l "$changelog" -S Timestamp)
day=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)
arch=$(dpkg --print-architecture)

# A scratch path of its own: the static build does not replace the development build in .build/.
# No $ORIGIN RUNPATH: the binary loads nothing from beside itself. Symbols bound at load (-z now), as
# Debian's hardening flags do.
scratch=.build-deb/swift
swift_flags=(-c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now --scratch-path "$scratch")
# The PDF helper is a separate program (it links poppler, GPL; recto links none of it), installed where
# recto looks for it: /usr/lib/recto/recto-pdf; so is the EPUB helper (it links MuPDF, AGPL): recto-epub.
programs=(recto recto-pdf recto-epub)
for p in "${programs[@]}"; do
  swift build "${swift_flags[@]}" --product "$p"
done
bindir=$(swift build "${swift_flags[@]}" --show-bin-path)
# No ICU in the reader, and a small binary: fails the package here, before anything is made.
scripts/check-no-icu.sh "$bindir/recto"
# Libraries recto opens on first use (dlopen; each C shim's RECTO_*_LIBRARY) rather than at every start: they
# must not be linked, and dpkg-shlibdeps cannot see them, so their packages are found here and depended on.
opened_depends=""
needed=$(readelf -d "$bindir/recto" | sed -n 's/.*Shared library: \[\(.*\)\]$/\1/p')
for so in $(sed -n 's/^#define RECTO_[A-Z0-9_]*_LIBRARY "\(.*\)"$/\1/p' Sources/C*/shim.h); do
  if grep -qxF "$so" <<<"$needed"; then
    echo "build-deb: recto links $so, which it should open only on first use" >&2
    exit 1
  fi
  package=$(dpkg-query -S "*/$so" 2>/dev/null | head -1 | cut -d: -f1)
  [ -n "$package" ] || { echo "build-deb: no installed package holds $so" >&2; exit 1; }
  opened_depends+=", $package"
done

work=.build-deb/package
root=$work/root
rm -rf "$work"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/lib/recto" "$root/usr/share/recto/DemoBook" "$root/usr/share/recto/deploy" \
  "$root/lib/systemd/system" "$root/usr/share/doc/recto" "$root/usr/share/man/man1" \
  "$root/usr/share/applications" "$root/usr/share/metainfo" "$root/usr/share/icons/hicolor/scalable/apps" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/lintian/overrides"

# Programs. Stripped as dh_strip does; the Swift metadata sections are allocated and stay.
installed=(usr/bin/recto usr/lib/recto/recto-pdf usr/lib/recto/recto-epub)
for i in "${!programs[@]}"; do
  install -m 0755 "$bindir/${programs[$i]}" "$root/${installed[$i]}"
  strip --remove-section=.comment --remove-section=.note "$root/${installed[$i]}"
done
install -m 0644 Helpers/recto-pdf/README.md "$root/usr/share/doc/recto/README.recto-pdf.md"
install -m 0644 Helpers/recto-epub/README.md "$root/usr/share/doc/recto/README.recto-epub.md"
install -m 0755 Assets/deploy/recto-cage "$root/usr/bin/recto-cage"
recto="$root/usr/bin/recto"

# Data and deployment files, with the installed prefix in the examples.
# Every file of the demo book: its pages, ComicInfo.xml, notes, texts, narration with captions, README.
install -m 0644 Assets/DemoBook/* "$root/usr/share/recto/DemoBook/"
for f in weston-kiosk.ini recto.toml recto-speech.service; do
  sed "s|@PREFIX@|/usr|g" "Assets/deploy/$f" > "$root/usr/share/recto/deploy/$f"
done
sed "s|@PREFIX@|/usr|g" Assets/deploy/recto-kiosk.service > "$root/lib/systemd/system/recto-kiosk.service"
install -m 0644 Assets/recto.desktop "$root/usr/share/applications/recto.desktop"
sed -e "s|@VERSION@|$version|" -e "s|@DATE@|$day|" packaging/recto.metainfo.xml > "$root/usr/share/metainfo/recto.metainfo.xml"
install -m 0644 packaging/recto.svg "$root/usr/share/icons/hicolor/scalable/apps/recto.svg"

# Generated from the binary: the man page and the completions.
"$recto" --experimental-dump-help | packaging/gen-manpage.py "$version" "$day" | gzip -9n > "$root/usr/share/man/man1/recto.1.gz"
packaging/gen-manpage.py --script Assets/deploy/recto-cage "$version" "$day" | gzip -9n > "$root/usr/share/man/man1/recto-cage.1.gz"
# bash-completion sources the file: no #! line.
"$recto" --generate-completion-script bash | sed '1{/^#!/d}' > "$root/usr/share/bash-completion/completions/recto"
"$recto" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_recto"
"$recto" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/recto.fish"

install -m 0644 packaging/debian/copyright "$root/usr/share/doc/recto/copyright"
gzip -9n < "$changelog" > "$root/usr/share/doc/recto/changelog.gz"
install -m 0644 packaging/debian/recto.lintian-overrides "$root/usr/share/lintian/overrides/recto"
find "$root" -type f ! -path "$root/DEBIAN/*" ! -perm /111 -exec chmod 0644 {} +
find "$root" -type d -exec chmod 0755 {} +

# Depends: what dpkg-shlibdeps finds the binaries need, the libraries opened on first use (above), and the Mesa
# EGL and GL drivers, which are loaded at run time (llvmpipe without a GPU, the hardware drivers with one).
mkdir -p "$work/debian"
printf 'Source: recto\n\nPackage: recto\nArchitecture: any\n' > "$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O "${installed[@]/#/root/}" | sed -n 's/^shlibs:Depends=//p')
# The helper renders a PDF's standard fonts with whatever fontconfig finds: at least one font family.
depends="$shlibs$opened_depends, libegl-mesa0, libgl1-mesa-dri, fonts-dejavu-core, fonts-wqy-microhei"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s|@MAINTAINER@|$maintainer|" -e "s|@ARCH@|$arch|" -e "s|@VERSION@|$version|" \
    -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" packaging/debian/control > "$root/DEBIAN/control"
(cd "$root" && find usr lib -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

deb="recto_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "built $deb ($(du -k "$deb" | cut -f1) KiB; Depends: $depends)"

if $install_it; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "./$deb"
fi
