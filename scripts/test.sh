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
swift build
swift test
