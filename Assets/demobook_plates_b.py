# Plates D–G of the demo book: dandelion clock, espalier pear, sunflower florets, ginkgo leaves.
import math

from demobook_lib import ellipse_pts, hatch, mix
from demobook_plates_a import GOLDEN, fib_sphere, ground, label, rot_x, tangent_frame


def seed(c, ax, ay, ang, scale, ink, pale, rng):
    """One dandelion seed lying at angle `ang`: ribbed achene, long beak, umbrella pappus."""
    ca, sa = math.cos(ang), math.sin(ang)

    def P(u, v):
        return (ax + u * ca - v * sa, ay + u * sa + v * ca)
    ach = [P(-26 * scale, 0), P(-18 * scale, 4 * scale), P(0, 2.5 * scale), P(3 * scale, 0),
           P(0, -2.5 * scale), P(-18 * scale, -4 * scale)]
    c.polygon(ach, fill=mix(pale, (140, 100, 50), 0.7), outline=ink, w=0.5)
    for k in range(1, 7):
        u = -24 * scale + k * 3.2 * scale
        c.line([P(u, -3 * scale), P(u + 1.5 * scale, 3 * scale)], ink, 0.3)
    tip = P(95 * scale, 0)
    c.line([P(3 * scale, 0), tip], ink, 0.5)
    for k in range(26):
        a = -1.25 + 2.5 * k / 25 + rng.uniform(-0.03, 0.03)
        L = 42 * scale * (1 - 0.15 * abs(math.sin(a)))
        end = P(95 * scale + L * math.cos(a) * 0.55, L * math.sin(a))
        c.line([tip, end], ink, 0.3)
        # Barbs: the filaments are feathered, visible only close up.
        for b in range(1, 4):
            t = b / 4
            bx, by = tip[0] + (end[0] - tip[0]) * t, tip[1] + (end[1] - tip[1]) * t
            c.line([(bx, by), (bx + (end[0] - tip[0]) * 0.08 + 1.5, by + (end[1] - tip[1]) * 0.08)], ink, 0.25)
    return P(-10 * scale, 0), P(50 * scale, 0), P(108 * scale, 7 * scale)


def plate_dandelion(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, yellow, paper, green = pal["ink"], pal["accent"], pal["paper"], pal["green"]
    hx, hy, R = x0 + 430, y0 + 400, 300
    gy = y1 - 70
    ground(c, x0 + 60, x0 + 900, gy, ink, rng, 30)
    # Toothed leaves in a rosette: backward-pointing lobes, the "lion's teeth".
    for k, (ang, L) in enumerate([(-2.6, 330), (-0.5, 300), (-2.0, 250), (-1.1, 260)]):
        ca, sa = math.cos(ang), math.sin(ang)
        top, bot = [], []
        for i in range(61):
            t = i / 60
            tooth = 0.55 + 0.45 * ((t * 7) % 1) ** 1.5
            wdt = 34 * math.sin(math.pi * min(1, t * 1.1)) ** 0.8 * tooth
            top.append((t * L, wdt)); bot.append((t * L, -wdt * (0.9 + 0.1 * math.sin(t * 20))))
        pts = [(hx + 15 + u * ca - v * sa, gy + u * sa + v * ca) for u, v in top + bot[::-1]]
        c.polygon(pts, fill=mix(paper, green, 0.55 + 0.1 * k), outline=ink, w=0.7)
        c.line([(hx + 15, gy), (hx + 15 + L * 0.95 * ca, gy + L * 0.95 * sa)], mix(paper, green, 0.2), 1.2)
        hatch(c, pts, ang + 0.9, 4.5, mix(ink, green, 0.5), 0.35)
    stem = [(hx + 15 * math.sin(i / 30 * 2.0), hy + R * 0.25 + (gy - hy - R * 0.25) * i / 30) for i in range(31)]
    c.line(stem, ink, 7.5)
    c.line(stem, mix(paper, green, 0.45), 5.5)
    # The clock: seeds spread over a sphere, drawn back to front; about one in ten already flown.
    seeds = [rot_x(p, 0.3) for p in fib_sphere(170)]
    seeds = sorted((p for p in seeds if rng.random() > 0.1), key=lambda p: p[2])
    for p in seeds:
        depth = (p[2] + 1) / 2
        col = mix(paper, ink, 0.15 + 0.6 * depth)
        base = (hx + p[0] * R * 0.12, hy - p[1] * R * 0.12)
        top = (hx + p[0] * R * 0.78, hy - p[1] * R * 0.78)
        c.line([base, top], col, 0.45)
        u, v = tangent_frame(p)
        for k in range(22):
            a = 2 * math.pi * k / 22 + rng.uniform(-0.08, 0.08)
            d = [p[i] + 0.95 * (math.cos(a) * u[i] + math.sin(a) * v[i]) for i in range(3)]
            ln = math.sqrt(sum(q * q for q in d))
            end = (top[0] + d[0] / ln * R * 0.24, top[1] - d[1] / ln * R * 0.24)
            c.line([top, end], col, 0.3)
    c.ellipse(hx, hy, R * 0.13, R * 0.13, fill=mix(paper, (150, 120, 80), 0.7), outline=ink, w=0.6)
    for i in range(70):
        a, r = i * GOLDEN, R * 0.12 * math.sqrt(i / 70)
        c.dot(hx + r * math.cos(a), hy + r * math.sin(a), 1.0, ink)
    # Seeds adrift towards the upper right, and the key.
    parts = None
    for k, (sx, sy, ang, sc) in enumerate([(x1 - 470, y0 + 170, -0.5, 1.5), (x1 - 300, y0 + 380, -0.25, 1.9),
                                          (x1 - 520, y0 + 560, -0.8, 1.2), (x1 - 180, y0 + 120, -1.0, 1.0),
                                          (x1 - 330, y0 + 760, -0.35, 2.3)]):
        got = seed(c, sx, sy, ang, sc, ink, paper, rng)
        if k == 4:
            parts = got
    (ax, ay), (bx, by), (px, py) = parts
    label(c, ax, ay, ax - 40, ay + 90, "achene (the fruit)", ink, 14)
    label(c, bx, by, bx + 20, by + 110, "beak", ink, 14)
    label(c, px, py, px - 30, py + 150, "pappus of feathered hairs", ink, 14)
    label(c, hx + R * 0.55, hy - R * 0.55, hx + R + 20, hy - R + 10, "clock of c. 150 seeds", ink, 14)
    label(c, stem[20][0], stem[20][1], stem[20][0] + 110, stem[20][1] - 30, "hollow scape", ink, 14)
    label(c, hx + 200, gy - 60, hx + 330, gy - 120, "leaves with backward teeth", ink, 14)


def brick_wall(c, x0, y0, x1, y1, rng, paper, brick, ink):
    mortar = mix(paper, (200, 190, 170), 0.5)
    c.rect(x0, y0, x1, y1, fill=mortar)
    course, stretcher, header, joint = 22, 52, 24, 3.5
    y = y0
    row = 0
    while y < y1:
        # Flemish bond: stretcher, header, stretcher … with the pattern offset on alternate courses.
        x = x0 - (0 if row % 2 == 0 else (stretcher + header) / 2 + joint)
        k = 0
        while x < x1:
            wlen = stretcher if k % 2 == 0 else header
            bx0, bx1 = max(x, x0), min(x + wlen, x1)
            by1 = min(y + course - joint, y1)
            if bx1 - bx0 > 2 and by1 - y > 2:
                tone = rng.uniform(-0.12, 0.12) + (0.15 if k % 2 else 0)
                col = mix(brick, (255, 255, 255) if tone > 0 else (0, 0, 0), abs(tone))
                poly = [(bx0, y), (bx1, y), (bx1, by1), (bx0, by1)]
                c.polygon(poly, fill=col)
                hatch(c, poly, math.radians(20), 3.0, mix(col, ink, 0.25), 0.3, phase=rng.uniform(0, 3))
                if rng.random() < 0.25:
                    for _ in range(6):
                        c.dot(rng.uniform(bx0, bx1), rng.uniform(y, by1), 0.7, mix(col, ink, 0.5))
            x += wlen + joint
            k += 1
        y += course
        row += 1


def plate_espalier(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, paper, bark = pal["ink"], pal["paper"], pal["bark"]
    brick = (176, 92, 64)
    wall_bottom = y1 - 70
    brick_wall(c, x0, y0, x1, wall_bottom, rng, paper, brick, ink)
    c.rect(x0, wall_bottom, x1, y1, fill=mix(paper, (110, 80, 50), 0.5))
    for _ in range(1400):
        c.dot(rng.uniform(x0, x1), rng.uniform(wall_bottom + 3, y1), 0.6, mix(ink, (110, 80, 50), 0.3))
    c.line([(x0, wall_bottom), (x1, wall_bottom)], ink, 1.2)
    tx = (x0 + x1) / 2
    tiers = [wall_bottom - 200 - 230 * k for k in range(4)]
    leaf_col = (78, 120, 58)
    for ty in tiers:
        c.line([(x0 + 40, ty), (x1 - 40, ty)], (90, 90, 96), 0.6)
        for ex in (x0 + 40, x1 - 40):
            c.ellipse(ex, ty, 5, 5, outline=ink, w=1.0)
    # Trunk and arms: drawn as thick strokes with a pale edge and bark ticks.
    trunk = [(tx + 4 * math.sin(i * 0.7), wall_bottom - (wall_bottom - tiers[-1] + 30) * i / 20) for i in range(21)]
    arms = []
    for ty in tiers:
        for s in (-1, 1):
            arm = [(tx + s * 60 * (1 - math.cos(math.pi / 2 * i / 10)), ty + 60 - 60 * math.sin(math.pi / 2 * i / 10)) for i in range(11)]
            arm += [(tx + s * (60 + (560 - 60) * i / 20), ty + 2 * math.sin(i)) for i in range(1, 21)]
            arms.append(arm)
    for stroke, wid in [(trunk, 22)] + [(a, 11) for a in arms]:
        c.line(stroke, ink, wid + 2)
        c.line(stroke, mix(paper, bark, 0.8), wid)
        c.line([(x - wid * 0.2, y - wid * 0.2) for x, y in stroke], mix(paper, bark, 0.45), wid * 0.25)
    for _ in range(300):
        i = rng.randrange(len(trunk) - 1)
        (ax, ay), (bx, by) = trunk[i], trunk[i + 1]
        t = rng.random()
        px, py = ax + (bx - ax) * t, ay + (by - ay) * t
        c.line([(px - rng.uniform(2, 9), py), (px + rng.uniform(2, 9), py + rng.uniform(-1, 1))], ink, 0.35)
    # Spurs with leaves, and pears hanging below some of them.
    for arm in arms:
        for i in range(11, len(arm)):
            x, y = arm[i]
            for s in (-1, 1):
                if rng.random() < 0.75:
                    a = -math.pi / 2 * s + rng.uniform(-0.8, 0.8)
                    L = rng.uniform(30, 46)
                    bx2, by2 = x + math.cos(a) * 6, y + math.sin(a) * 6
                    tipx, tipy = bx2 + math.cos(a) * L, by2 + math.sin(a) * L
                    pts = ellipse_pts((bx2 + tipx) / 2, (by2 + tipy) / 2, L / 2, L / 4.5, 28, a)
                    c.polygon(pts, fill=mix(leaf_col, paper, rng.uniform(0, 0.35)), outline=ink, w=0.5)
                    c.line([(bx2, by2), (tipx, tipy)], mix(leaf_col, paper, 0.6), 0.4)
                    for v in range(1, 5):
                        t = v / 5
                        mx, my = bx2 + (tipx - bx2) * t, by2 + (tipy - by2) * t
                        for side in (-1, 1):
                            c.line([(mx, my), (mx + math.cos(a + side * 0.8) * L * 0.18, my + math.sin(a + side * 0.8) * L * 0.18)],
                                   mix(leaf_col, paper, 0.5), 0.3)
            if rng.random() < 0.14:
                pear(c, x + rng.uniform(-4, 4), y + 8, rng.uniform(0.9, 1.2), ink, paper, rng)
    label(c, tx + 300, tiers[0] + 2, tx + 360, tiers[0] + 90, "arm tied along a wire, first tier", ink, 14, bg=paper)
    label(c, x1 - 40, tiers[2], x1 - 80, tiers[2] - 90, "vine eye", ink, 14, bg=paper)
    label(c, tx, wall_bottom - 60, tx - 150, wall_bottom + 40, "trunk, c. 60 years", ink, 14, bg=paper)


def pear(c, x, y, s, ink, paper, rng):
    body = []
    for i in range(48):
        a = 2 * math.pi * i / 48
        r = 1 - 0.42 * max(0.0, -math.sin(a)) ** 1.4
        body.append((x + 22 * s * r * math.cos(a), y + 34 * s + 30 * s * math.sin(a) * (1.25 if math.sin(a) < 0 else 1)))
    c.line([(x, y - 4), (x + 3, y + 12 * s)], ink, 1.2)
    c.polygon(body, fill=(196, 180, 80), outline=ink, w=0.7)
    hatch(c, body, math.radians(70), 2.6, (150, 130, 50), 0.35, phase=1.0)
    for _ in range(40):
        a, r = rng.uniform(0, 2 * math.pi), rng.uniform(0, 18 * s)
        c.dot(x + r * math.cos(a), y + 40 * s + r * math.sin(a), 0.7, (110, 80, 40))
    c.ellipse(x - 7 * s, y + 36 * s, 4 * s, 7 * s, fill=mix((196, 180, 80), (255, 255, 255), 0.55))


def plate_florets(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, paper = pal["ink"], pal["paper"]
    cx, cy = (x0 + x1) / 2 - 40, (y0 + y1) / 2
    Rd, N = 345, 900
    # Ray petals in two offset rings, veined, behind the disc.
    for ring, (count, L, off, tone) in enumerate([(34, 175, 0.0, 0.75), (34, 160, 0.5, 0.95)]):
        for k in range(count):
            a = 2 * math.pi * (k + off) / count + rng.uniform(-0.03, 0.03)
            ca, sa = math.cos(a), math.sin(a)
            pts = []
            for i in range(25):
                t = i / 24
                wdt = 24 * math.sin(math.pi * t) ** 0.7 * (1 - 0.3 * t)
                pts.append((Rd * 0.92 + L * t, wdt))
            pts += [(u, -v) for u, v in pts[::-1]]
            poly = [(cx + u * ca - v * sa, cy + u * sa + v * ca) for u, v in pts]
            col = mix(paper, (236, 178, 30), tone)
            c.polygon(poly, fill=col, outline=mix(ink, col, 0.3), w=0.6)
            for v in (-10, -5, 0, 5, 10):
                c.line([(cx + (Rd * 0.95) * ca - v * 0.5 * sa, cy + (Rd * 0.95) * sa + v * 0.5 * ca),
                        (cx + (Rd * 0.92 + L * 0.9) * ca - v * sa, cy + (Rd * 0.92 + L * 0.9) * sa + v * ca)],
                       mix(col, ink, 0.35), 0.3)
    c.ellipse(cx, cy, Rd + 6, Rd + 6, fill=(92, 62, 30))
    # Vogel's model: floret n at radius c·√n and angle n·golden angle. Tints mark the 34 and 55 spirals.
    k = Rd / math.sqrt(N + 0.5)
    tones = [(160, 100, 36), (104, 62, 26), (190, 132, 52), (128, 80, 30)]
    for n in range(1, N + 1):
        r, a = k * math.sqrt(n), n * GOLDEN
        fx, fy = cx + r * math.cos(a), cy + r * math.sin(a)
        fr = k * 0.78 * (0.85 + 0.15 * math.sqrt(n / N))
        col = tones[(n % 34) % 2 + 2 * ((n % 55) % 2)]
        c.ellipse(fx, fy, fr, fr, fill=col, outline=(60, 36, 14), w=0.4)
        light = sum(col) > 330
        c.text((fx, fy), str(n), "sans", fr * (0.8 if n < 100 else 0.64), (60, 34, 10) if light else (250, 236, 200), anchor="mm")
    # Two highlighted spirals, one from each family, traced through their florets.
    for fam, col in [(34, (40, 60, 140)), (55, (150, 30, 40))]:
        pts = [(cx + k * math.sqrt(n) * math.cos(n * GOLDEN), cy + k * math.sqrt(n) * math.sin(n * GOLDEN))
               for n in range(21 if fam == 34 else 13, N + 1, fam)]
        c.line(pts, col, 1.2)
        for px2, py2 in pts:
            c.ellipse(px2, py2, k * 0.8, k * 0.8, outline=col, w=1.3)
        lx, ly = pts[-1]
        c.text((lx + (12 if lx > cx else -12), ly + 30), "a %d-spiral" % fam, "italic", 16, col,
               anchor="ls" if lx > cx else "rs")
    # Key: the golden angle drawn as a protractor in the corner.
    px, py, pr = x1 - 150, y0 + 170, 100
    c.ellipse(px, py, pr, pr, fill=mix(paper, (255, 255, 255), 0.4), outline=ink, w=1.0)
    for d in range(360):
        L = 10 if d % 10 == 0 else (6 if d % 5 == 0 else 3)
        a = math.radians(d - 90)
        c.line([(px + pr * math.cos(a), py + pr * math.sin(a)), (px + (pr - L) * math.cos(a), py + (pr - L) * math.sin(a))], ink, 0.3)
        if d % 30 == 0:
            c.text((px + (pr - 20) * math.cos(a), py + (pr - 20) * math.sin(a)), str(d), "sans", 9, ink, anchor="mm")
    g = math.degrees(GOLDEN)
    arc = [(px + 55 * math.cos(math.radians(-90 + g * i / 40)), py + 55 * math.sin(math.radians(-90 + g * i / 40))) for i in range(41)]
    c.polygon([(px, py)] + arc, fill=mix(paper, (236, 178, 30), 0.5), outline=ink, w=0.6)
    c.text((px, py + pr + 26), "137.508\u00b0", "italic", 17, ink, anchor="ms")


def ginkgo_leaf(c, x, y, ang, size, fill, vein, ink):
    """A fan leaf with a notch and dichotomous veins: two from the stalk, each forking five times into
    64 ends that never join."""
    ca, sa = math.cos(ang), math.sin(ang)
    stalk = size * 0.75
    half = math.radians(70)

    def P(r, a):  # polar about the top of the stalk, a = 0 along the stalk
        u, v = stalk + r * math.cos(a), r * math.sin(a)
        return (x + u * ca - v * sa, y + u * sa + v * ca)

    def edge_r(a):
        t = (a + half) / (2 * half)
        notch = 1 - 0.18 * math.exp(-((t - 0.5) / 0.035) ** 2)
        return size * notch * (1 + 0.02 * math.sin(t * 40) + 0.015 * math.sin(t * 13))
    edge = [P(edge_r(-half + 2 * half * i / 100), -half + 2 * half * i / 100) for i in range(101)]
    c.line([(x, y), P(0, 0)], ink, 1.4)
    c.polygon([P(0, 0)] + edge, fill=fill, outline=ink, w=0.7)
    forks = [0.1, 0.24, 0.38, 0.52, 0.65, 0.78]

    def vein_to(level, r0, a0, lo, hi):
        target = (lo + hi) / 2
        r1 = forks[level] * size if level < len(forks) else 0.95 * edge_r(target)
        pts = []
        for i in range(9):
            t = i / 8
            e = t * t * (3 - 2 * t)
            pts.append(P(r0 + (r1 - r0) * t, a0 + (target - a0) * e))
        c.line(pts, vein, 0.35)
        if level < len(forks):
            vein_to(level + 1, r1, target, lo, target)
            vein_to(level + 1, r1, target, target, hi)
    # Two veins enter from the stalk; each forks five times.
    vein_to(1, 0, 0, -half * 0.97, 0)
    vein_to(1, 0, 0, 0, half * 0.97)


def plate_ginkgo(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, paper = pal["ink"], pal["paper"]
    placed = []
    tries = 0
    while len(placed) < 30 and tries < 5000:
        tries += 1
        size = rng.uniform(80, 140)
        x, y = rng.uniform(x0 + 40, x1 - 260), rng.uniform(y0 + 60, y1 - 200)
        cx, cy = x + size * 1.1, y + size * 0.3
        if all(math.hypot(cx - px, cy - py) > (size + ps) * 0.8 for px, py, ps in placed):
            placed.append((cx, cy, size))
    for cx, cy, size in placed:
        ang = rng.uniform(0, 2 * math.pi)
        x, y = cx - math.cos(ang) * size * 1.1, cy - math.sin(ang) * size * 1.1
        t = rng.random()
        fill = mix((150, 170, 60), (238, 200, 60), t)
        ginkgo_leaf(c, x, y, ang, size, fill, mix(fill, ink, 0.4), ink)
    cx, cy, size = min(placed, key=lambda p: math.hypot(p[0] - (x0 + x1) / 2, p[1] - (y0 + y1) / 2))
    label(c, cx, cy, cx + size + 50, cy - 20, "veins fork, never join", ink, 14, bg=paper)
