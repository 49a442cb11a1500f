#!/usr/bin/env bash
# Regenerates the gallery (docs/gallery.md): curl frames of the demo book rendered offscreen by `recto render`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product recto >/dev/null
recto="$(swift build -c release --show-bin-path)/recto"
out=Assets/Gallery
mkdir -p "$out"
"$recto" render --size 960x640 --page 2 --drag 640,450 --out "$out/spread-forward.png"
"$recto" render --size 960x640 --page 4 --grab bl --drag 420,470 --out "$out/spread-backward.png"
"$recto" render --size 960x640 --page 6 --grab tr --drag 560,180 --radius 40 --out "$out/spread-top-corner.png"
"$recto" render --size 480x640 --spread single --page 1 --drag 250,420 --out "$out/single-cover.png"
"$recto" render --size 480x640 --spread single --page 8 --grab edge --drag 200,300 --radius 60 --out "$out/single-edge.png"
# A single page in a landscape window, turned past its spine: the turned part lies over the background.
"$recto" render --size 1920x1080 --spread single --page 3 --drag 371,996 --out "$out/single-landscape.png"
# The last fifth of its turn: the flap lands on the ground, paper tinted by the page, then fades.
"$recto" render --size 960x540 --spread single --page 2 --drag 75,500 --out "$out/single-landing.png"
"$recto" render --size 960x540 --spread single --page 2 --drag 25,500 --out "$out/single-fading.png"
echo "wrote $(ls "$out" | wc -l) frames to $out"
