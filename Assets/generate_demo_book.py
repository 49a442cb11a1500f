#!/usr/bin/python3
# Generates Recto's demo book, "A Paper Garden": 14 original pages (cover, title and contents, ten letter
# pages A–J with an engraved drop capital and a procedurally drawn plate, a garden map, back cover with
# colophon) as 1600×2240 PNGs in Assets/DemoBook/page-01.png … page-14.png.
#
# Run:  /usr/bin/python3 Assets/generate_demo_book.py [OUTDIR]   (Debian: python3-pil, fonts-urw-base35,
# fonts-dejavu-core). Output is deterministic: every page draws with its own fixed seed. CI does not run
# this; the PNGs are committed. Pages are quantised to 256 colours to stay small (0.15–0.85 MB each).
# Then demobook_extras.py writes the book's ComicInfo.xml, notes, texts and narration beside the pages (it
# runs alone too, without Pillow: /usr/bin/python3 Assets/demobook_extras.py).
import math
import os
import random
import sys

from PIL import Image

sys.dont_write_bytecode = True   # keep __pycache__ out of Assets/ when the helpers are imported

from demobook_extras import build as build_extras
from demobook_lib import W, H, Canvas, columns, drop_cap, mix, page_furniture, paragraph
from demobook_map import draw_map
from demobook_pages import draw_back_cover, draw_cover, draw_title
from demobook_plates_a import plate_allium, plate_bracken, plate_fir
from demobook_plates_b import plate_dandelion, plate_espalier, plate_florets, plate_ginkgo
from demobook_plates_c import plate_gravel, plate_honeycomb, plate_ivy
from demobook_texts import TEXTS

INK = (38, 34, 30)
BARK = (120, 84, 52)

# (letter, plate function, paper colour, accent colour). Papers differ enough that each page's dominant
# colour identifies it (tests look for it in screenshots).
LETTERS = [
    ("A", plate_allium, (236, 226, 244), (118, 70, 150)),
    ("B", plate_bracken, (224, 238, 208), (62, 112, 48)),
    ("C", plate_fir, (214, 228, 242), (40, 88, 70)),
    ("D", plate_dandelion, (248, 242, 196), (196, 150, 20)),
    ("E", plate_espalier, (244, 216, 212), (150, 62, 44)),
    ("F", plate_florets, (252, 224, 186), (150, 90, 20)),
    ("G", plate_ginkgo, (216, 242, 230), (160, 150, 30)),
    ("H", plate_honeycomb, (240, 226, 156), (170, 110, 20)),
    ("I", plate_ivy, (208, 218, 204), (44, 84, 52)),
    ("J", plate_gravel, (226, 224, 222), (96, 110, 88)),
]
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
PLATE = (120, 560, 1480, 1750)


def letter_page(number, index):
    letter, plate, paper, accent = LETTERS[index]
    t = TEXTS[letter]
    rng = random.Random(1000 + index)
    c = Canvas(paper)
    pal = {"ink": INK, "accent": accent, "paper": paper, "green": (70, 110, 50), "bark": BARK}
    page_furniture(c, number, "A Paper Garden", t["name"], INK, accent)
    drop_cap(c, letter, 120, 150, 360, INK, accent, paper)
    c.text((530, 238), t["name"], "bold", 84, INK)
    c.text((532, 290), t["latin"], "italic", 31, mix(INK, accent, 0.5))
    paragraph(c, t["intro"], 532, 352, 948, 31, INK, leading=1.38)
    x0, y0, x1, y1 = PLATE
    c.rect(x0, y0, x1, y1, outline=INK, w=1.6)
    c.rect(x0 + 7, y0 + 7, x1 - 7, y1 - 7, outline=INK, w=0.5)
    plate(c, (x0 + 10, y0 + 10, x1 - 10, y1 - 10), rng, pal)
    c.text((800, y1 + 36), "Plate %s.  %s" % (ROMAN[index], t["caption"]), "italic", 23, INK, anchor="ms")
    columns(c, t["body"], 120, y1 + 96, 1360, 56, 29, INK, leading=1.45)
    return c


def build(outdir):
    os.makedirs(outdir, exist_ok=True)
    pages = [lambda n: draw_cover(n), lambda n: draw_title(n, LETTERS)]
    pages += [(lambda i: (lambda n: letter_page(n, i)))(i) for i in range(len(LETTERS))]
    pages += [lambda n: draw_map(n, LETTERS), lambda n: draw_back_cover(n)]
    only = set(int(a) for a in os.environ.get("PAGES", "").split(",") if a)   # PAGES=3,4 redraws a few
    total, dominant = 0, {}
    for n, make in enumerate(pages, start=1):
        if only and n not in only:
            continue
        img = make(n).finish()
        # 256 colours without dithering: flat paper stays flat, hairlines keep their anti-aliasing ramps.
        q = img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        path = os.path.join(outdir, "page-%02d.png" % n)
        q.save(path, optimize=True)
        rgb = q.convert("RGB")
        count, colour = max(rgb.getcolors(W * H))
        dominant[n] = colour
        total += os.path.getsize(path)
        print("%s  %d×%d  %7d bytes  dominant %s (%.0f%%)" % (path, W, H, os.path.getsize(path), colour, 100 * count / (W * H)))
    gaps = [(math.dist(dominant[a], dominant[b]), a, b) for a in dominant for b in dominant if a < b]
    print("total %d bytes; closest dominant colours: %s" % (total, min(gaps, default=None)))


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "DemoBook")
    build(outdir)
    build_extras(outdir)
