# Cover, title-and-contents page and back cover of the demo book.
import math

from demobook_lib import W, H, Canvas, ellipse_pts, hatch, mix, paragraph, spaced, text_width
from demobook_texts import COLOPHON, TEXTS

INK = (38, 34, 30)
GOLD = (214, 180, 100)


def guilloche_ring(c, cx, cy, r, amp, lobes, strands, col, w=0.45, phase=0.0):
    """A band of interleaved waves around a circle, like the engine-turned ring on a banknote."""
    for k in range(strands):
        ph = phase + 2 * math.pi * k / strands
        pts = []
        for i in range(1441):
            t = 2 * math.pi * i / 1440
            rr = r + amp * math.sin(lobes * t + ph)
            pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
        c.line(pts, col, w)


def rosette(c, cx, cy, R, r, d, copies, col, w=0.45):
    """Hypotrochoid curves turned through `copies` small steps: a moiré flower."""
    turns = r // math.gcd(R, r)
    for k in range(copies):
        rot = 2 * math.pi * k / copies / (R // math.gcd(R, r))
        pts = []
        n = 600 * turns
        for i in range(n + 1):
            t = 2 * math.pi * turns * i / n
            x = (R - r) * math.cos(t) + d * math.cos((R - r) / r * t)
            y = (R - r) * math.sin(t) - d * math.sin((R - r) / r * t)
            pts.append((cx + x * math.cos(rot) - y * math.sin(rot), cy + x * math.sin(rot) + y * math.cos(rot)))
        c.line(pts, col, w)


def wave_border(c, x0, y0, x1, y1, band, col):
    """Three phase-shifted sine strands running round a rectangle, with rosettes hiding the corners."""
    sides = [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))]
    for (ax, ay), (bx, by) in sides:
        L = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / L, (by - ay) / L
        nx, ny = -uy, ux
        for k in range(4):
            pts = []
            for i in range(int(L / 2) + 1):
                s = i * 2
                off = band / 2 * math.sin(2 * math.pi * s / 36 + k * math.pi / 2)
                pts.append((ax + ux * s + nx * off, ay + uy * s + ny * off))
            c.line(pts, col, 0.6)
    for x, y in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]:
        c.ellipse(x, y, band * 1.3, band * 1.3, fill=c.paper, outline=col, w=1.0)
        rosette(c, x, y, 30, 11, 14, 3, col, 0.5)


def ginkgo_emblem(c, cx, cy, size, col, fill=None):
    """A single fan leaf in outline with forking veins (the book's emblem)."""
    pts = [(cx, cy + size * 0.2)]
    for i in range(61):
        a = math.radians(-160 + 140 * i / 60)
        notch = 1 - 0.22 * math.exp(-((i - 30) / 3.0) ** 2)
        r = size * notch * (1 + 0.03 * math.sin(i * 1.3))
        pts.append((cx + r * math.cos(a), cy + size * 0.2 + r * math.sin(a)))
    c.polygon(pts, fill=fill, outline=col, w=1.2)
    for k in range(18):
        a = math.radians(-157 + 134 * (k + 0.5) / 18)
        c.line([(cx, cy + size * 0.2), (cx + size * 0.93 * math.cos(a), cy + size * 0.2 + size * 0.93 * math.sin(a))], col, 0.5)
    c.line([(cx, cy + size * 0.2), (cx + 6, cy + size * 0.9)], col, 1.6)


def draw_cover(n):
    cloth = (44, 70, 52)
    c = Canvas(cloth)
    dark = mix(cloth, (0, 0, 0), 0.25)
    # Blind-stamped frame (darker than the cloth) and the gilt frame inside it.
    c.rect(50, 50, W - 50, H - 50, outline=dark, w=6)
    c.rect(80, 80, W - 80, H - 80, outline=GOLD, w=2.2)
    wave_border(c, 110, 110, W - 110, H - 110, 26, GOLD)
    c.rect(140, 140, W - 140, H - 140, outline=GOLD, w=1.2)
    c.text((W / 2, 430), "A Paper Garden", "bold", 132, GOLD, anchor="ms")
    c.text((W / 2, 520), "an alphabet of plants & patterns", "italic", 50, mix(GOLD, (255, 255, 255), 0.15), anchor="ms")
    c.line([(470, 580), (1130, 580)], GOLD, 0.8)
    c.dot(W / 2, 580, 5, GOLD)
    cx, cy = W / 2, 1180
    c.ellipse(cx, cy, 440, 440, outline=GOLD, w=2.0)
    c.ellipse(cx, cy, 430, 430, outline=GOLD, w=0.6)
    guilloche_ring(c, cx, cy, 400, 18, 48, 6, GOLD, 0.5)
    guilloche_ring(c, cx, cy, 350, 12, 72, 4, mix(GOLD, cloth, 0.3), 0.4, 0.3)
    c.ellipse(cx, cy, 322, 322, outline=GOLD, w=1.0)
    guilloche_ring(c, cx, cy, 268, 22, 30, 3, mix(GOLD, cloth, 0.15), 0.45, 0.7)
    c.ellipse(cx, cy, 232, 232, outline=GOLD, w=0.6)
    rosette(c, cx, cy, 150, 55, 120, 10, GOLD, 0.4)
    c.ellipse(cx, cy, 95, 95, fill=cloth, outline=GOLD, w=1.4)
    ginkgo_emblem(c, cx, cy - 30, 70, GOLD)
    # Tiny engraved legend round the medallion: only legible when zoomed.
    legend = "  \u2022  ".join(["ALLIUM", "BRACKEN", "CONIFER", "DANDELION", "ESPALIER", "FLORETS",
                               "GINKGO", "HONEYCOMB", "IVY", "GRAVEL"]) + "  \u2022  "
    step = 2 * math.pi / len(legend)
    for i, ch in enumerate(legend):
        a = -math.pi / 2 + i * step
        c.text_rotated((cx + 456 * math.cos(a), cy + 456 * math.sin(a)), ch, "roman", 12, GOLD, a + math.pi / 2)
    c.text((W / 2, 1880), spaced("Recto"), "roman", 46, GOLD, anchor="ms")
    c.text((W / 2, 1935), "a demonstration book", "italic", 30, GOLD, anchor="ms")
    return c


def wreath(c, cx, cy, r, ink, leaf, paper):
    for side in (-1, 1):
        for i in range(22):
            t = i / 21
            a = math.pi / 2 + side * (0.25 + t * 2.6)
            px, py = cx + r * math.cos(a), cy + r * math.sin(a)
            tang = a + side * math.pi / 2
            for s in (-1, 1):
                la = tang + s * 0.55
                L = 34 - 14 * t
                tip = (px + L * math.cos(la), py + L * math.sin(la))
                pts = ellipse_pts((px + tip[0]) / 2, (py + tip[1]) / 2, L / 2, L / 6, 24, la)
                c.polygon(pts, fill=mix(paper, leaf, 0.5), outline=ink, w=0.5)
                hatch(c, pts, la + 1.2, 2.4, mix(paper, leaf, 0.95), 0.3)
                c.line([(px, py), tip], ink, 0.4)
        arc = [(cx + r * math.cos(math.pi / 2 + side * (0.2 + 2.65 * k / 60)),
                cy + r * math.sin(math.pi / 2 + side * (0.2 + 2.65 * k / 60))) for k in range(61)]
        c.line(arc, ink, 1.4)
    c.ellipse(cx, cy + r, 10, 10, fill=(150, 50, 50), outline=ink, w=0.8)


def draw_title(n, letters):
    paper, accent = (245, 238, 216), (120, 90, 50)
    c = Canvas(paper)
    c.line([(300, 200), (1300, 200)], INK, 1.4)
    c.line([(300, 208), (1300, 208)], INK, 0.5)
    c.text((W / 2, 360), "A Paper Garden", "bold", 120, INK, anchor="ms")
    c.text((W / 2, 440), "An Alphabet of Plants & Patterns", "italic", 48, INK, anchor="ms")
    c.text((W / 2, 500), "drawn by numbers", "italic", 32, accent, anchor="ms")
    wreath(c, W / 2, 760, 170, INK, (70, 110, 50), paper)
    c.text((W / 2, 790), "R", "bolditalic", 110, accent, anchor="ms")
    c.text((W / 2, 1090), spaced("Contents"), "roman", 34, INK, anchor="ms")
    entries = [(l, t) for l, t in zip([x[0] for x in letters], range(3, 3 + len(letters)))]
    rows = [(l, TEXTS[l]["name"], TEXTS[l]["latin"].split(" \u2014 ")[0], p) for l, p in entries]
    rows += [("", "A Map of the Garden", "with its beds and paths", 13), ("", "Colophon", "", 14)]
    y = 1180
    for letter, title, sub, page in rows:
        c.text((330, y), letter, "bold", 36, accent)
        c.text((390, y), title, "roman", 36, INK)
        tw = 60 + text_width(title, "roman", 36)
        if sub:
            c.text((330 + tw + 18, y), sub, "italic", 26, mix(INK, paper, 0.35))
            tw += 18 + text_width(sub, "italic", 26)
        x = 330 + tw + 20
        while x < 1215:
            c.dot(x, y - 5, 1.4, mix(INK, paper, 0.4))
            x += 14
        c.text((1270, y), str(page), "roman", 36, INK, anchor="rs")
        y += 62
    c.line([(300, 2010), (1300, 2010)], INK, 0.5)
    c.text((W / 2, 2070), spaced("Recto demonstration editions"), "roman", 20, INK, anchor="ms")
    return c


def draw_back_cover(n):
    cloth = (98, 38, 44)
    c = Canvas(cloth)
    dark = mix(cloth, (0, 0, 0), 0.3)
    c.rect(50, 50, W - 50, H - 50, outline=dark, w=6)
    c.rect(80, 80, W - 80, H - 80, outline=GOLD, w=2.0)
    c.rect(92, 92, W - 92, H - 92, outline=GOLD, w=0.6)
    for x, y in [(92, 92), (W - 92, 92), (W - 92, H - 92), (92, H - 92)]:
        rosette(c, x, y, 42, 15, 20, 4, GOLD, 0.5)
    ginkgo_emblem(c, W / 2, 420, 120, GOLD, fill=mix(cloth, GOLD, 0.12))
    c.text((W / 2, 720), spaced("Colophon"), "roman", 44, GOLD, anchor="ms")
    y = 820
    cream = (238, 220, 180)
    for p in COLOPHON:
        y = paragraph(c, p, 300, y, 1000, 32, cream, leading=1.45, center=True) + 26
    c.line([(600, y + 30), (1000, y + 30)], GOLD, 0.8)
    guilloche_ring(c, W / 2, 1620, 190, 14, 40, 5, GOLD, 0.45)
    rosette(c, W / 2, 1620, 120, 45, 95, 8, GOLD, 0.4)
    c.ellipse(W / 2, 1620, 215, 215, outline=GOLD, w=1.2)
    c.text((W / 2, 1960), spaced("Recto"), "roman", 40, GOLD, anchor="ms")
    fine = "14 pages \u00b7 1600 \u00d7 2240 pixels \u00b7 each page drawn from its own fixed seed \u00b7 Apache-2.0"
    c.text((W / 2, 2010), fine, "roman", 13, GOLD, anchor="ms")
    return c
