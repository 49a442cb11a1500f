#!/usr/bin/env bash
# Installs the Debian 12 packages Recto builds, runs and tests with. Idempotent; run as root (or via sudo).
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
packages=(
  pkg-config libwayland-dev wayland-protocols libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri
  libxkbcommon-dev xkb-data libpng-dev libturbojpeg0-dev libwebp-dev libavif-dev
  # IIIF books: manifests, info.json and tiles over HTTP(S)
  libcurl4-openssl-dev
  # tests: WebP and AVIF pages made from the demo book's
  webp libavif-bin
  # the PDF helper recto-pdf (GPL, a separate program): poppler-glib, cairo, libseccomp, fontconfig
  libpoppler-glib-dev libcairo2-dev libseccomp-dev libfontconfig-dev fonts-dejavu-core
  # its CMaps: CJK text in fonts a PDF names but does not embed
  poppler-data
  # the EPUB helper recto-epub (AGPL, a separate program): MuPDF's HTML engine, a static library in Debian,
  # and the libraries it was built against
  libmupdf-dev libmujs-dev libgumbo-dev libopenjp2-7-dev libjbig2dec0-dev libjpeg-dev libharfbuzz-dev libfreetype-dev
  # tests: encrypting a PDF, poppler's reference rasteriser
  qpdf poppler-utils
  # text: Pango/Cairo to shape and draw; DejaVu covers Latin, Greek, Cyrillic, Hebrew and Arabic, WenQuanYi
  # Micro Hei (5 MB) Chinese, Japanese kana and Korean
  libpango1.0-dev fonts-wqy-microhei
  # tests: the headless compositor, its module headers, the screenshot tool
  weston libweston-10-dev util-linux
  # the kiosk compositor recto-cage runs (cage 0.1.4 will not start without Xwayland), tested headless
  cage xwayland
  # the Debian package (scripts/build-deb.sh) and its test in a clean root (scripts/test-deb.sh)
  dpkg-dev python3 debootstrap lintian
  # scripts/measure.py's start-up comparison: other image viewers under the same headless weston
  swayimg imv
  # tests: every shader validated as GLSL ES 1.00 (scripts/check-shaders.sh)
  glslang-tools
  # the metrics test parses the reader's metrics file with Prometheus' own text parser
  python3 python3-prometheus-client
  # CBZ books: recto's own ZIP reader inflates with zlib (Pages/ZipArchive.swift, CZlibSystem)
  zlib1g-dev
  # CBR and CB7 books through libarchive (Pages/LibArchiveSource.swift); the tests make CB7s with 7-Zip and
  # compare RAR entries with bsdtar's
  libarchive-dev p7zip-full libarchive-tools
  # `recto bake` tiles scans into IIIF pyramids with libvips' vips program (LGPL, run as a helper)
  libvips-tools
  # visit statistics in SQLite; the report's test opens it in headless Chromium
  libsqlite3-dev chromium
  # scripts/stress-flaky.sh: the formerly flaky end-to-end suites with both cores busy
  stress-ng
  # narration: libsndfile decodes the recordings, libpulse plays them (libasound where no sound server runs); the tests run a PulseAudio of their own
  # with a null sink and record it (parec), and make recordings with opusenc, oggenc and flac
  libsndfile1-dev libpulse-dev libasound2-dev pulseaudio pulseaudio-utils opus-tools vorbis-tools flac
  # speech mode: speech-dispatcher, the speech service recto talks SSIP to over its socket, with the
  # espeak-ng voice; its end-to-end test runs a private one whose sound goes to a file (ALSA's file plugin)
  speech-dispatcher speech-dispatcher-espeak-ng
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# apt-get update first, always: apt-cache and install need fresh lists.
$SUDO apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
