# Page 13 of the demo book: a surveyor's map of the garden with contours, beds A–J, paths, trees, a pond,
# a compass rose and small lettering throughout (the page most worth zooming into).
import math
import random

from demobook_lib import W, Canvas, ellipse_pts, hatch, mix, page_furniture, paragraph, spaced

INK = (52, 40, 30)
PAPER = (230, 214, 176)
MX0, MY0, MX1, MY1 = 140, 330, 1460, 1880     # the map's neat line


def height(x, y):
    """Ground height in metres: two low hills on a slope falling towards the gate (south)."""
    return (6 * math.exp(-((x - 1100) ** 2 + (y - 600) ** 2) / (2 * 260 ** 2))
            + 4 * math.exp(-((x - 430) ** 2 + (y - 720) ** 2) / (2 * 190 ** 2))
            + 0.004 * (MY1 - y) + 0.4 * math.sin(x / 90) * math.cos(y / 110))


def contours(c, step=8, interval=0.5):
    """Marching squares over the height field; every fifth contour is an index contour, labelled."""
    xs = list(range(MX0, MX1 + 1, step))
    ys = list(range(MY0, MY1 + 1, step))
    h = [[height(x, y) for x in xs] for y in ys]
    lo, hi = min(map(min, h)), max(map(max, h))
    labelled = set()
    level = math.ceil(lo / interval) * interval
    while level < hi:
        index = abs(level / interval % 5) < 1e-6
        col = mix(PAPER, (150, 96, 50), 0.75 if index else 0.5)
        for j in range(len(ys) - 1):
            for i in range(len(xs) - 1):
                a, b, cc, d = h[j][i], h[j][i + 1], h[j + 1][i + 1], h[j + 1][i]
                pts = []
                for (v0, v1, p0, p1) in [(a, b, (xs[i], ys[j]), (xs[i + 1], ys[j])), (b, cc, (xs[i + 1], ys[j]), (xs[i + 1], ys[j + 1])),
                                         (cc, d, (xs[i + 1], ys[j + 1]), (xs[i], ys[j + 1])), (d, a, (xs[i], ys[j + 1]), (xs[i], ys[j]))]:
                    if (v0 < level) != (v1 < level):
                        t = (level - v0) / (v1 - v0)
                        pts.append((p0[0] + (p1[0] - p0[0]) * t, p0[1] + (p1[1] - p0[1]) * t))
                for k in range(0, len(pts) - 1, 2):
                    c.line([pts[k], pts[k + 1]], col, 0.9 if index else 0.45)
                if index and level not in labelled and pts and i == len(xs) // 3 + int(level) * 3 % 40:
                    labelled.add(level)
                    c.text((pts[0][0] + 4, pts[0][1] - 3), "%g m" % level, "italic", 11, col)
        level += interval


def tree(c, x, y, r, rng):
    c.ellipse(x + r * 0.35, y + r * 0.35, r, r * 0.9, fill=mix(PAPER, INK, 0.25))
    pts = []
    for i in range(48):
        a = 2 * math.pi * i / 48
        rr = r * (1 + 0.1 * abs(math.sin(a * 5 + x)))
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    c.polygon(pts, fill=mix(PAPER, (90, 120, 60), 0.55), outline=INK, w=0.6)
    hatch(c, pts, math.radians(45), 2.4, mix(PAPER, (60, 90, 40), 0.8), 0.35, phase=rng.random() * 3)
    c.dot(x, y, 1.2, INK)


def compass(c, cx, cy, r):
    c.ellipse(cx, cy, r, r, fill=mix(PAPER, (255, 255, 255), 0.3), outline=INK, w=1.0)
    c.ellipse(cx, cy, r - 16, r - 16, outline=INK, w=0.5)
    for d in range(360):
        a = math.radians(d - 90)
        L = 12 if d % 10 == 0 else (8 if d % 5 == 0 else 4)
        c.line([(cx + r * math.cos(a), cy + r * math.sin(a)), (cx + (r - L) * math.cos(a), cy + (r - L) * math.sin(a))], INK, 0.3)
        if d % 30 == 0:
            c.text_rotated((cx + (r - 24) * math.cos(a), cy + (r - 24) * math.sin(a)), "%03d" % d, "sans", 8, INK, a + math.pi / 2)
    for k in range(8):
        a = math.radians(45 * k - 90)
        L = (r - 34) if k % 2 == 0 else (r - 34) * 0.55
        side = [(cx + 10 * math.cos(a + s * math.pi / 2), cy + 10 * math.sin(a + s * math.pi / 2)) for s in (-1, 1)]
        tip = (cx + L * math.cos(a), cy + L * math.sin(a))
        c.polygon([(cx, cy), side[0], tip], fill=INK)
        c.polygon([(cx, cy), side[1], tip], fill=mix(PAPER, (255, 255, 255), 0.4), outline=INK, w=0.5)
    for k, ch in enumerate("NESW"):
        a = math.radians(90 * k - 90)
        c.text((cx + (r + 18) * math.cos(a), cy + (r + 18) * math.sin(a) + 8), ch, "bold", 22, INK, anchor="ms")


def draw_map(n, letters):
    rng = random.Random(1300)
    c = Canvas(PAPER)
    accent = (150, 96, 50)
    page_furniture(c, n, "A Paper Garden", "The map", INK, accent)
    c.text((W / 2, 215), "A Map of the Paper Garden", "bold", 64, INK, anchor="ms")
    c.text((W / 2, 268), "surveyed by the program, with its beds, paths and contours at half a metre", "italic", 28, INK, anchor="ms")
    c.rect(MX0 - 30, MY0 - 30, MX1 + 30, MY1 + 30, outline=INK, w=2.0)
    c.rect(MX0, MY0, MX1, MY1, fill=mix(PAPER, (255, 255, 255), 0.15), outline=INK, w=0.8)
    # Grid references in the border: letters across, numbers down.
    for i in range(11):
        x = MX0 + (MX1 - MX0) * i / 11
        c.line([(x, MY0 - 30), (x, MY0)], INK, 0.5)
        c.line([(x, MY1), (x, MY1 + 30)], INK, 0.5)
        for yy in (MY0 - 10, MY1 + 22):
            c.text((x + (MX1 - MX0) / 22, yy), "ABCDEFGHJKL"[i], "roman", 15, INK, anchor="ms")
    for j in range(13):
        y = MY0 + (MY1 - MY0) * j / 13
        c.line([(MX0 - 30, y), (MX0, y)], INK, 0.5)
        c.line([(MX1, y), (MX1 + 30, y)], INK, 0.5)
        for xx in (MX0 - 15, MX1 + 15):
            c.text((xx, y + (MY1 - MY0) / 26 + 5), str(j + 1), "roman", 15, INK, anchor="ms")
    contours(c)
    # Pond with water lines and a double shore.
    pond = [(x + 8 * math.sin(i * 0.9), y) for i, (x, y) in enumerate(ellipse_pts(310, 1770, 150, 68, 60, 0.1))]
    c.polygon(pond, fill=(182, 204, 206), outline=INK, w=1.0)
    hatch(c, pond, 0.0, 4.0, (110, 150, 160), 0.4)
    c.line([(x + (x - 310) * 0.08, y + (y - 1770) * 0.14) for x, y in pond + [pond[0]]], mix(PAPER, INK, 0.5), 0.4)
    c.text((310, 1776), "the pond", "italic", 18, (40, 70, 90), anchor="ms")
    # Paths: a loop, a cross walk and the way in from the gate.
    loop = []
    for i in range(181):
        a = 2 * math.pi * i / 180
        ca, sa = math.cos(a), math.sin(a)
        loop.append((800 + 470 * math.copysign(abs(ca) ** 0.6, ca), 1100 + 560 * math.copysign(abs(sa) ** 0.6, sa)))
    walks = [loop, [(330, 1100), (1270, 1100)], [(800, MY1), (800, 540)]]
    for wlk in walks:
        c.line(wlk, INK, 24)
    for wlk in walks:
        c.line(wlk, (222, 206, 170), 21)
    for wlk in walks:
        for k in range(0, len(wlk) - 1):
            (ax, ay), (bx, by) = wlk[k], wlk[k + 1]
            L = math.hypot(bx - ax, by - ay)
            for s in range(0, int(L), 9):
                t = s / L
                c.dot(ax + (bx - ax) * t + rng.uniform(-7, 7), ay + (by - ay) * t + rng.uniform(-7, 7), 0.6, mix(PAPER, INK, 0.5))
    c.ellipse(800, 1100, 46, 46, fill=(222, 206, 170), outline=INK, w=1.0)
    for d in range(0, 360, 15):
        a = math.radians(d)
        c.line([(800 + 30 * math.cos(a), 1100 + 30 * math.sin(a)), (800 + 40 * math.cos(a), 1100 + 40 * math.sin(a))], INK, 0.5)
    c.line([(800, 1100), (800 + 24, 1100 - 14)], INK, 1.4)
    c.text((800, 1168), "sundial", "italic", 13, INK, anchor="ms")
    draw_beds(c, letters, rng)
    return finish_map(c, rng)


def bed_label(c, x, y, letter, name, accent):
    c.text((x, y + 11), letter, "bold", 32, INK, anchor="ms")
    c.text((x, y + 34), name, "italic", 13, mix(INK, accent, 0.4), anchor="ms")


def draw_beds(c, letters, rng):
    acc = {l: a for l, _, _, a in letters}
    names = {"A": "Allium bed", "B": "Bracken bank", "C": "Fir grove", "D": "Dandelion meadow", "E": "Espalier wall",
             "F": "Sunflower circle", "G": "The ginkgo", "H": "Hives", "I": "Ivy column", "J": "Dry garden"}
    # A: round bed of allium heads (tiny stars).
    c.ellipse(420, 560, 80, 80, fill=mix(PAPER, acc["A"], 0.3), outline=INK, w=1.0)
    for k in range(60):
        a, r = k * 2.39996, 72 * math.sqrt((k + 0.5) / 60)
        x, y = 420 + r * math.cos(a), 560 + r * math.sin(a)
        for j in range(6):
            b = j * math.pi / 3
            c.line([(x, y), (x + 4 * math.cos(b), y + 4 * math.sin(b))], acc["A"], 0.5)
    bed_label(c, 420, 560, "A", names["A"], acc["A"])
    # B: an irregular bank of fern, shown by tiny fronds.
    bank = [(600 + 90 * math.cos(a) * (1 + 0.2 * math.sin(3 * a)), 420 + 55 * math.sin(a)) for a in [2 * math.pi * i / 40 for i in range(40)]]
    c.polygon(bank, fill=mix(PAPER, acc["B"], 0.3), outline=INK, w=0.8)
    for _ in range(40):
        x, y = 600 + rng.uniform(-75, 75), 420 + rng.uniform(-40, 40)
        for k in range(5):
            c.line([(x, y - k * 2.5), (x - 4, y - k * 2.5 - 3)], acc["B"], 0.4)
            c.line([(x, y - k * 2.5), (x + 4, y - k * 2.5 - 3)], acc["B"], 0.4)
    bed_label(c, 600, 420, "B", names["B"], acc["B"])
    # C: fir grove, little triangles in plan.
    for _ in range(14):
        x, y = 1000 + rng.uniform(-90, 90), 470 + rng.uniform(-60, 60)
        c.polygon([(x, y - 14), (x + 10, y + 8), (x - 10, y + 8)], fill=mix(PAPER, acc["C"], 0.6), outline=INK, w=0.5)
    bed_label(c, 1000, 600, "C", names["C"], acc["C"])
    # D: meadow, stippled with dandelion clocks.
    c.rect(1180, 700, 1400, 880, fill=mix(PAPER, acc["D"], 0.2), outline=INK, w=0.8)
    for _ in range(90):
        x, y = rng.uniform(1190, 1390), rng.uniform(710, 870)
        c.ellipse(x, y, 3, 3, outline=mix(INK, PAPER, 0.3), w=0.35)
    bed_label(c, 1290, 780, "D", names["D"], acc["D"])
    # E: the espalier wall along the west side, bricks in plan.
    c.rect(170, 760, 200, 1340, fill=mix(PAPER, acc["E"], 0.5), outline=INK, w=0.8)
    for y in range(770, 1340, 12):
        c.line([(170, y), (200, y)], INK, 0.3)
    for y in range(790, 1320, 40):
        c.ellipse(216, y, 7, 7, fill=(110, 150, 70), outline=INK, w=0.4)
    c.text_rotated((246, 1050), "E \u00b7 " + names["E"], "italic", 15, INK, math.pi / 2)
    # F: sunflower circle with a golden-angle planting.
    c.ellipse(560, 930, 70, 70, fill=mix(PAPER, acc["F"], 0.25), outline=INK, w=0.8)
    for k in range(90):
        r, a = 66 * math.sqrt((k + 0.5) / 90), k * 2.39996
        c.dot(560 + r * math.cos(a), 930 + r * math.sin(a), 1.6, mix(acc["F"], (240, 190, 40), 0.5))
    bed_label(c, 560, 930, "F", names["F"], acc["F"])
    # G: the ginkgo, one large crown.
    tree(c, 1040, 920, 80, rng)
    bed_label(c, 1040, 920, "G", names["G"], acc["G"])
    # H: hives, hexagons in a row.
    for k in range(4):
        x = 1150 + k * 48
        hexa = [(x + 18 * math.cos(math.radians(60 * j)), 1260 + 18 * math.sin(math.radians(60 * j))) for j in range(6)]
        c.polygon(hexa, fill=(226, 190, 110), outline=INK, w=0.7)
        hatch(c, hexa, 0.5, 3, INK, 0.3)
    bed_label(c, 1222, 1310, "H", names["H"], acc["H"])
    # I: ivy column, a circle wreathed in leaves.
    c.ellipse(430, 1280, 26, 26, fill=(200, 192, 176), outline=INK, w=1.0)
    for k in range(16):
        a = 2 * math.pi * k / 16
        c.ellipse(430 + 32 * math.cos(a), 1280 + 32 * math.sin(a), 7, 5, fill=mix(PAPER, acc["I"], 0.6), outline=INK, w=0.4)
    bed_label(c, 430, 1340, "I", names["I"], acc["I"])
    # J: the dry garden, rings round two dots.
    c.rect(880, 1330, 1140, 1500, fill=(214, 208, 192), outline=INK, w=1.0)
    for y in range(1338, 1496, 6):
        c.line([(884, y), (1136, y)], mix((214, 208, 192), INK, 0.3), 0.3)
    for sx, sy in [(950, 1400), (1070, 1440)]:
        for r in range(10, 40, 6):
            c.ellipse(sx, sy, r, r, fill=(214, 208, 192) if r == 34 else None, outline=mix((214, 208, 192), INK, 0.4), w=0.3)
        c.ellipse(sx, sy, 9, 7, fill=(140, 136, 126), outline=INK, w=0.5)
    bed_label(c, 1010, 1540, "J", names["J"], acc["J"])


def finish_map(c, rng):
    # Trees scattered where nothing else stands (a rough clearance test against the main features).
    keep_clear = [(420, 560, 110), (600, 420, 120), (1000, 480, 130), (1290, 790, 150), (560, 930, 100), (1040, 920, 120),
                  (1222, 1280, 120), (430, 1280, 70), (1010, 1420, 170), (310, 1770, 180), (800, 1100, 80), (1310, 480, 140),
                  (1310, 1610, 100), (1000, 1815, 150), (1290, 1800, 190)]
    placed = 0
    for _ in range(3000):
        if placed >= 34:
            break
        x, y, r = rng.uniform(MX0 + 40, MX1 - 40), rng.uniform(MY0 + 40, MY1 - 40), rng.uniform(16, 30)
        nx = (x - 800) / 470
        ny = (y - 1100) / 560
        on_loop = abs((abs(nx) ** (1 / 0.6) + abs(ny) ** (1 / 0.6)) - 1) < 0.12
        on_walk = abs(y - 1100) < 40 and 300 < x < 1300 or abs(x - 800) < 40
        if on_loop or on_walk or x < 260 and 740 < y < 1360 or any(math.hypot(x - a, y - b) < r + q for a, b, q in keep_clear):
            continue
        tree(c, x, y, r, rng)
        keep_clear.append((x, y, r + 6))
        placed += 1
    compass(c, 1310, 480, 100)
    # Shed with a hatched roof, and the gate.
    c.rect(1250, 1570, 1370, 1650, fill=(190, 160, 120), outline=INK, w=1.0)
    hatch(c, [(1250, 1570), (1370, 1570), (1310, 1610)], math.radians(60), 2.5, INK, 0.35)
    hatch(c, [(1250, 1650), (1370, 1650), (1310, 1610)], math.radians(-60), 2.5, INK, 0.35)
    c.line([(1250, 1570), (1370, 1650)], INK, 0.7)
    c.line([(1370, 1570), (1250, 1650)], INK, 0.7)
    c.text((1310, 1676), "gardener\u2019s shed", "italic", 14, INK, anchor="ms")
    c.line([(770, MY1), (788, MY1 - 14)], INK, 2.0)
    c.line([(830, MY1), (812, MY1 - 14)], INK, 2.0)
    c.text((800, MY1 - 22), "gate", "italic", 14, INK, anchor="ms")
    # Scale bar.
    sx, sy = 880, MY1 - 60
    for k in range(5):
        c.rect(sx + k * 40, sy, sx + (k + 1) * 40, sy + 10, fill=INK if k % 2 == 0 else PAPER, outline=INK, w=0.6)
        c.text((sx + k * 40, sy - 6), str(k * 5), "roman", 12, INK, anchor="ms")
    c.text((sx + 200, sy - 6), "25 m", "roman", 12, INK, anchor="ms")
    c.text((sx, sy + 30), "scale of metres; north is up", "italic", 12, INK)
    # Key.
    kx, ky = MX1 - 330, MY1 - 150
    c.rect(kx, ky, MX1 - 20, MY1 - 20, fill=mix(PAPER, (255, 255, 255), 0.3), outline=INK, w=0.8)
    c.text((kx + 12, ky + 24), spaced("Key"), "roman", 14, INK)
    rows = [("path, gravelled", lambda x, y: c.line([(x, y), (x + 30, y)], INK, 7) or c.line([(x, y), (x + 30, y)], (222, 206, 170), 5)),
            ("contour, every 0.5 m", lambda x, y: c.line([(x, y), (x + 30, y)], mix(PAPER, (150, 96, 50), 0.6), 0.6)),
            ("tree, crown in plan", lambda x, y: c.ellipse(x + 15, y, 8, 8, fill=mix(PAPER, (90, 120, 60), 0.55), outline=INK, w=0.5)),
            ("water", lambda x, y: c.rect(x, y - 6, x + 30, y + 6, fill=(182, 204, 206), outline=INK, w=0.5))]
    for k, (text, sym) in enumerate(rows):
        y = ky + 50 + k * 24
        sym(kx + 14, y)
        c.text((kx + 60, y + 5), text, "italic", 14, INK)
    paragraph(c, "Beds are lettered as in the book. Grid squares are fifteen metres; find the sundial "
                 "at F 7 and the pond at B 13. Zoom in: every tree, fern and dandelion clock is drawn.",
              140, 1990, 1320, 27, INK, leading=1.4)
    return c
