#!/usr/bin/env bash
# The test command: protocol glue up to date, then the whole suite (pure cores, decoders, offscreen
# renderer, and the real binary under headless weston).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/gen-protocols.sh
if ! git diff --quiet -- Sources/CWaylandProtocols || [ -n "$(git status --porcelain -- Sources/CWaylandProtocols)" ]; then
  echo "error: Sources/CWaylandProtocols differs from what scripts/gen-protocols.sh generates from Protocols/:" >&2
  git status --short -- Sources/CWaylandProtocols >&2
  git diff --stat -- Sources/CWaylandProtocols >&2
  exit 1
fi
# Every shader as GLSL ES 1.00 with the mediump preamble (and the check's own failing fixtures).
scripts/check-shaders.sh
swift build
swift test
# The rendering, curl, zoom and region tests once more on an emulated small GPU: the "GLES2 minimum" profile
# (docs/gpus.md; Tests/EndToEndTests/Support/GPUProfile.swift).
RECTO_TEST_GPU_PROFILE=gles2-minimum swift test --skip-build \
  --filter 'EndToEndTests\.(SpreadEndToEndTests|SinglePageEndToEndTests|GestureEndToEndTests|TouchPathEndToEndTests|PDFEndToEndTests|HiDPIEndToEndTests)'
