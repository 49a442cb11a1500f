#!/usr/bin/env bash
# Generates the issue-6 stress book: COUNT (default 1000) distinct 2000×2800 RGB PNG pages in DIR, named
# page-0001.png ... Each page has a big seven-segment page number, a page-specific tint, ruled "text" lines and
# a grainy plate, so every decode does real work and no two pages are alike. Deterministic; about 2 MB a
# page (2 GB for 1000), like a real scan.
# Needs /usr/bin/python3 with Pillow (Debian: apt-get install python3-pil). Uses every core.
#   scripts/make-big-book.sh DIR [COUNT]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 DIR [COUNT]" >&2; exit 2; }
dir=$1
count=${2:-1000}
python=/usr/bin/python3
"$python" -c 'import PIL' 2>/dev/null || { echo "$0: needs Pillow for $python (apt-get install python3-pil)" >&2; exit 2; }
mkdir -p "$dir"
"$python" - "$dir" "$count" <<'PY'
import os, random, sys, time
from multiprocessing import Pool
from PIL import Image, ImageDraw

W, H = 2000, 2800
out, count = sys.argv[1], int(sys.argv[2])

# Seven-segment digits: segments a b c d e f g.
SEGMENTS = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd",
            "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg"}

def digit(draw, x, y, w, h, t, ch, fill):
    boxes = {"a": (x, y, x + w, y + t), "g": (x, y + h // 2 - t // 2, x + w, y + h // 2 + t // 2),
             "d": (x, y + h - t, x + w, y + h), "f": (x, y, x + t, y + h // 2), "b": (x + w - t, y, x + w, y + h // 2),
             "e": (x, y + h // 2, x + t, y + h), "c": (x + w - t, y + h // 2, x + w, y + h)}
    for s in SEGMENTS[ch]:
        draw.rectangle(boxes[s], fill=fill)

def page(n):
    rng = random.Random(n * 7919)
    tint = (236 + rng.randrange(16), 228 + rng.randrange(20), 212 + rng.randrange(24))
    img = Image.new("RGB", (W, H), tint)
    d = ImageDraw.Draw(img)
    # A grainy plate: noise at a tenth of the resolution, blown up, so it costs the decoder real work.
    gw, gh = W // 10, 700 // 10
    grain = Image.frombytes("L", (gw, gh), bytes(rng.randrange(256) for _ in range(gw * gh)))
    grain = grain.resize((W - 300, 700), Image.BILINEAR)
    plate = Image.merge("RGB", (grain, grain.point(lambda v: v * 3 // 4 + rng.randrange(32)), grain.point(lambda v: 255 - v)))
    img.paste(plate, (150, 260))
    # Ruled text lines with ragged ends.
    y = 1050
    while y < H - 700:
        words = 150
        while words < W - 300:
            length = rng.randrange(40, 220)
            d.rectangle((words, y, min(words + length, W - 150), y + 22), fill=(60, 55, 50))
            words += length + 24
        y += 58 if rng.random() > 0.12 else 110
    # The big page number.
    text = str(n)
    dw, dh, gap = 260, 460, 70
    x = (W - (len(text) * (dw + gap) - gap)) // 2
    for ch in text:
        digit(d, x, H - 620, dw, dh, 56, ch, (150, 30, 40))
        x += dw + gap
    d.rectangle((60, 60, W - 61, H - 61), outline=(120, 100, 80), width=8)
    img.save(os.path.join(out, "page-%04d.png" % n), compress_level=1)
    return n

start = time.time()
with Pool(os.cpu_count()) as pool:
    for done in pool.imap_unordered(page, range(1, count + 1), chunksize=4):
        pass
size = sum(os.path.getsize(os.path.join(out, f)) for f in os.listdir(out) if f.endswith(".png"))
print("%d pages of %dx%d in %s: %.1f MB on disk, %.0f s" % (count, W, H, out, size / 1e6, time.time() - start))
PY
