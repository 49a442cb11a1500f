# Plates H–J of the demo book: honeycomb frame, ivy on a column, raked gravel.
import math

from demobook_lib import ellipse_pts, hatch, mix
from demobook_plates_a import label


def wood_frame(c, x0, y0, x1, y1, bw, ink, rng):
    wood = (178, 134, 84)
    for poly, horizontal in [([(x0, y0), (x1, y0), (x1 - bw, y0 + bw), (x0 + bw, y0 + bw)], True),
                             ([(x0, y1), (x1, y1), (x1 - bw, y1 - bw), (x0 + bw, y1 - bw)], True),
                             ([(x0, y0), (x0 + bw, y0 + bw), (x0 + bw, y1 - bw), (x0, y1)], False),
                             ([(x1, y0), (x1 - bw, y0 + bw), (x1 - bw, y1 - bw), (x1, y1)], False)]:
        c.polygon(poly, fill=wood, outline=ink, w=1.0)
        # Grain: long wavy lines along the bar.
        for k in range(9):
            off = bw * (k + 0.5) / 9
            ph, amp = rng.uniform(0, 6), rng.uniform(0.6, 1.8)
            if horizontal:
                top = poly[0][1] < poly[2][1]
                y = (y0 + off) if top else (y1 - off)
                pts = [(x, y + amp * math.sin(x / 37 + ph)) for x in range(int(x0 + off + 2), int(x1 - off - 2), 4)]
            else:
                left = poly[0][0] < poly[2][0]
                x = (x0 + off) if left else (x1 - off)
                pts = [(x + amp * math.sin(y / 41 + ph), y) for y in range(int(y0 + off + 2), int(y1 - off - 2), 4)]
            c.line(pts, mix(wood, ink, 0.35), 0.4)


def hexagon(cx, cy, s):
    return [(cx + s * math.cos(math.radians(60 * k + 30)), cy + s * math.sin(math.radians(60 * k + 30))) for k in range(6)]


def bee(c, x, y, ang, s, ink):
    ca, sa = math.cos(ang), math.sin(ang)

    def P(u, v):
        return (x + (u * ca - v * sa) * s, y + (u * sa + v * ca) * s)
    # Legs: front, middle and hind pairs from the thorax, each bent at the knee.
    for side in (-1, 1):
        for k in range(3):
            root = (2 - 3 * k, side * 3)
            knee = (root[0] + (6, 0, -6)[k], side * 12)
            foot = (knee[0] + (8, -2, -12)[k], side * (18 + 2 * k))
            c.line([P(*root), P(*knee), P(*foot)], ink, 0.7)
    abdomen = ellipse_pts(*P(-22, 0), 17 * s, 10 * s, 36, ang)
    c.polygon(abdomen, fill=(206, 150, 40), outline=ink, w=0.7)
    for k in range(4):
        band = ellipse_pts(*P(-13 - 7 * k, 0), 2.2 * s, 9.6 * s * (1 - 0.12 * k * k / 3), 16, ang)
        c.polygon(band, fill=(60, 40, 20))
    c.ellipse(*P(-2, 0), 8 * s, 8 * s, fill=(120, 90, 50), outline=ink, w=0.6)
    for k in range(40):
        a = 2 * math.pi * k / 40
        px, py = P(-2 + 7.5 * math.cos(a), 7.5 * math.sin(a))
        c.line([(px, py), (px + math.cos(a) * 2.5 * s, py + math.sin(a) * 2.5 * s)], ink, 0.3)
    c.ellipse(*P(9, 0), 5 * s, 5.5 * s, fill=(70, 50, 30), outline=ink, w=0.6)
    for side in (-1, 1):
        c.ellipse(*P(10, side * 3.5), 2 * s, 3 * s, fill=(30, 24, 20))
        c.line([P(13, side * 2), P(20, side * 6), P(25, side * 11)], ink, 0.5)
    # Wings: translucent, veined; fore and hind wing on each side.
    for side in (-1, 1):
        for (L, wd, sweep) in [(30, 9, 0.5), (20, 6, 0.85)]:
            a = math.pi + side * sweep
            root = P(-2, side * 4)
            tip = (root[0] + math.cos(ang + a) * L * s, root[1] + math.sin(ang + a) * L * s)
            mid = ((root[0] + tip[0]) / 2, (root[1] + tip[1]) / 2)
            wing = ellipse_pts(mid[0], mid[1], L * s / 2, wd * s / 2, 30, ang + a)
            c.polygon_alpha(wing, (255, 255, 255, 120))
            c.line(wing + [wing[0]], ink, 0.4)
            for k in range(1, 5):
                t = k / 5
                px, py = root[0] + (tip[0] - root[0]) * t, root[1] + (tip[1] - root[1]) * t
                c.line([root, (px + math.sin(ang + a) * wd * s * 0.3, py - math.cos(ang + a) * wd * s * 0.3)], ink, 0.25)
                c.line([(px, py), (px - math.sin(ang + a) * wd * s * 0.35, py + math.cos(ang + a) * wd * s * 0.35)], ink, 0.25)


def plate_honeycomb(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, paper = pal["ink"], pal["paper"]
    bw = 40
    c.rect(x0 + bw, y0 + bw, x1 - bw, y1 - bw, fill=(226, 196, 120))
    s = 17.0
    dx, dy = math.sqrt(3) * s, 1.5 * s
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    wall = (236, 212, 150)
    row = 0
    y = y0 + bw + s * 0.6
    while y < y1 - bw - s * 0.6:
        x = x0 + bw + dx * (0.55 if row % 2 == 0 else 1.05)
        while x < x1 - bw - dx * 0.5:
            d = math.hypot((x - cx) / 520, (y - cy) / 400) + rng.uniform(-0.06, 0.06)
            hexa = hexagon(x, y, s - 1.4)
            if d < 0.62:
                col = (204, 160, 96)
                c.polygon(hexa, fill=col)
                hatch(c, hexa, math.radians(35), 2.2, mix(col, ink, 0.3), 0.3)
                for _ in range(5):
                    c.dot(x + rng.uniform(-8, 8), y + rng.uniform(-8, 8), 0.5, mix(col, ink, 0.6))
            elif d < 0.78:
                c.polygon(hexa, fill=(240, 232, 212))
                if rng.random() < 0.75:
                    a0 = rng.uniform(0, 2 * math.pi)
                    arc = [(x + 7 * math.cos(a0 + t / 10 * 4.6), y + 7 * math.sin(a0 + t / 10 * 4.6)) for t in range(11)]
                    c.line(arc, ink, 5.6)
                    c.line(arc, (252, 250, 240), 4.4)
                    for k in range(1, 10):
                        px, py = arc[k]
                        c.line([(px, py), (x + (px - x) * 0.72, y + (py - y) * 0.72)], mix(ink, paper, 0.6), 0.25)
                else:
                    c.line([(x - 1.5, y - 3), (x + 1.5, y + 3)], ink, 1.2)
            elif d < 1.05:
                col = mix((214, 140, 30), (236, 180, 60), rng.random())
                c.polygon(hexa, fill=col)
                c.polygon(hexagon(x - 2, y - 2, s * 0.55), fill=mix(col, (255, 255, 255), 0.25))
                c.line([(x - 8, y - 5), (x - 5, y - 9)], (255, 250, 230), 1.0)
            elif d < 1.25 and rng.random() < 0.6:
                col = (242, 230, 180)
                c.polygon(hexa, fill=col)
                hatch(c, hexa, math.radians(60), 2.6, mix(col, ink, 0.18), 0.3)
                hatch(c, hexa, math.radians(-60), 2.6, mix(col, ink, 0.18), 0.3)
            else:
                c.polygon(hexa, fill=mix(wall, ink, 0.12))
                c.polygon(hexagon(x + 1.5, y + 1.5, s * 0.62), fill=mix(wall, ink, 0.25))
            c.line(hexa + [hexa[0]], mix(wall, ink, 0.45), 0.5)
            x += dx
        y += dy
        row += 1
    wood_frame(c, x0, y0, x1, y1, bw, ink, rng)
    for bx, by, ang, sc in [(x0 + 330, y0 + 300, -0.4, 3.4), (x1 - 380, y0 + 620, 2.5, 3.8), (x0 + 560, y1 - 220, 0.9, 3.2)]:
        bee(c, bx, by, ang, sc, ink)
    label(c, cx - 30, cy, cx + 90, cy - 70, "capped brood", ink, 14, bg=paper)
    label(c, cx + 330, cy + 110, cx + 260, cy + 250, "larva in its cell", ink, 14, bg=paper)
    label(c, cx - 520, cy + 60, cx - 450, cy + 180, "honey, ripening", ink, 14, bg=paper)
    label(c, x0 + 62, y1 - 70, x0 + 140, y1 - 120, "empty cell", ink, 14, bg=paper)
    label(c, x0 + 360, y0 + 290, x0 + 480, y0 + 160, "worker, \u00d73", ink, 14, bg=paper)


def ivy_leaf(c, x, y, ang, size, fill, ink, lobed=True):
    """A palmately lobed ivy leaf (or the plain ovate leaf of a flowering shoot) with pale veins."""

    def P(a, r):
        return (x + r * size * math.cos(ang + a), y + r * size * math.sin(ang + a))
    polar = [(-2.3, 0.12), (-1.5, 0.52), (-1.1, 0.34), (-0.72, 0.74), (-0.36, 0.46), (0, 1.0),
             (0.36, 0.46), (0.72, 0.74), (1.1, 0.34), (1.5, 0.52), (2.3, 0.12)]
    pts = [(x, y)]
    if lobed:
        for i in range(len(polar) - 1):
            (a0, r0), (a1, r1) = polar[i], polar[i + 1]
            for k in range(4):
                t = k / 4
                bulge = 1 + 0.12 * math.sin(math.pi * t)
                pts.append(P(a0 + (a1 - a0) * t, (r0 + (r1 - r0) * t) * bulge))
        pts.append(P(*polar[-1]))
    else:
        # Ovate, entire margin: a smooth polar curve, pointed at the tip.
        for i in range(61):
            a = -1.3 + 2.6 * i / 60
            pts.append(P(a, 0.1 + 0.9 * max(0.0, math.cos(a * 1.2)) ** 3))
    c.polygon(pts, fill=fill, outline=ink, w=0.6)
    vein = mix(fill, (240, 240, 220), 0.55)
    tips = [p for p in polar if p[1] > 0.5] if lobed else [(0, 1.0)]
    for a, r in tips:
        c.line([(x, y), P(a, r * 0.9)], vein, 0.8 if size > 60 else 0.5)
        for k in range(1, 4):
            bx, by = P(a, r * 0.9 * k / 4)
            for s in (-1, 1):
                ex, ey = P(a + s * 0.25, r * 0.9 * (k + 0.8) / 4)
                c.line([(bx, by), (ex, ey)], vein, 0.35)


def plate_ivy(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, paper, green = pal["ink"], pal["paper"], pal["accent"]
    stone = (200, 192, 176)
    cx, r = x0 + 420, 175
    top, base = y0 + 130, y1 - 100
    leafs = [mix(green, paper, 0.15), mix(green, paper, 0.3), mix(green, (30, 50, 30), 0.2)]

    def vine(t):
        return cx + (r + 6) * math.sin(2 * math.pi * 2.2 * t + 0.6), base - (base - top - 40) * t, math.cos(2 * math.pi * 2.2 * t + 0.6)
    path = [vine(i / 400) for i in range(401)]

    def draw_vine(front):
        for i in range(400):
            (ax, ay, za), (bx, by, _) = path[i], path[i + 1]
            if (za > 0) == front:
                c.line([(ax, ay), (bx, by)], ink, 4.2)
                c.line([(ax, ay), (bx, by)], (120, 100, 70), 2.8)
                if front and i % 2 == 0:
                    for _ in range(3):
                        a = rng.uniform(0, 2 * math.pi)
                        c.line([(ax, ay), (ax + 6 * math.cos(a), ay + 6 * math.sin(a))], (110, 80, 50), 0.35)
        for i in range(4, 400, 6):
            x, y, z = path[i]
            if (z > 0) == front:
                side = 1 if (i // 6) % 2 else -1
                a = -math.pi / 2 + side * rng.uniform(0.5, 1.3)
                L = rng.uniform(34, 52)
                lx, ly = x + math.cos(a) * 14, y + math.sin(a) * 14
                c.line([(x, y), (lx, ly)], (100, 90, 50), 1.0)
                ivy_leaf(c, lx, ly, a, L, leafs[i % 3] if front else mix(leafs[i % 3], ink, 0.35), ink)
    draw_vine(False)
    # The column: courses of stone on a cylinder, hatched closer towards the shaded right edge.
    c.rect(cx - r, top, cx + r, base, fill=stone)
    for k in range(1, 60):
        phi = -math.pi / 2 + math.pi * k / 60
        x = cx + r * math.sin(phi)
        if phi > -0.3:
            c.line([(x, top), (x, base)], mix(stone, ink, 0.15 + 0.35 * (phi + 0.3) / 1.9), 0.4)
    hatch(c, [(cx + r * 0.55, top), (cx + r, top), (cx + r, base), (cx + r * 0.55, base)], math.radians(60), 3.0, mix(stone, ink, 0.4), 0.3)
    course = 64
    for k, y in enumerate(range(int(top), int(base), course)):
        c.line([(cx - r, y), (cx + r, y)], mix(stone, ink, 0.6), 0.8)
        for j in range(3):
            phi = -1.2 + 1.2 * j + (0.6 if k % 2 else 0)
            if abs(phi) < 1.45:
                x = cx + r * math.sin(phi)
                c.line([(x, y), (x, min(y + course, base))], mix(stone, ink, 0.6), 0.8)
        for _ in range(14):
            c.dot(cx + r * math.sin(rng.uniform(-1.4, 1.4)), y + rng.uniform(3, course - 3), 0.8, mix(stone, ink, 0.5))
    # Capital: abacus, echinus, necking and astragal slabs, each hatched on its shaded end.
    for yy, h, extra in [(top - 86, 26, 62), (top - 60, 20, 48), (top - 40, 18, 30), (top - 22, 22, 14)]:
        c.rect(cx - r - extra, yy, cx + r + extra, yy + h, fill=mix(stone, paper, 0.3), outline=ink, w=0.9)
        hatch(c, [(cx + r, yy), (cx + r + extra, yy), (cx + r + extra, yy + h), (cx + r, yy + h)],
              math.radians(80), 2.5, ink, 0.3)
    c.rect(cx - r - 50, base, cx + r + 50, base + 34, fill=mix(stone, paper, 0.3), outline=ink, w=0.9)
    c.rect(cx - r - 66, base + 34, cx + r + 66, base + 70, fill=mix(stone, paper, 0.2), outline=ink, w=0.9)
    hatch(c, [(cx + r + 10, base), (cx + r + 50, base), (cx + r + 50, base + 34), (cx + r + 10, base + 34)], math.radians(80), 2.5, ink, 0.3)
    c.line([(cx - r, top), (cx - r, base)], ink, 1.0)
    c.line([(cx + r, top), (cx + r, base)], ink, 1.0)
    draw_vine(True)
    # fig. 2: a climbing leaf, enlarged; fig. 3: a flowering shoot's plain leaf and flower head.
    fx, fy, fr = x1 - 270, y0 + 290, 215
    c.ellipse(fx, fy, fr, fr, fill=mix(paper, (255, 255, 255), 0.4), outline=ink, w=1.4)
    ivy_leaf(c, fx, fy + 150, -math.pi / 2, 240, leafs[0], ink)
    c.text((fx, fy + fr + 28), "fig. 2  climbing leaf, five-lobed, \u00d7\u00bd", "italic", 17, ink, anchor="ms")
    gx, gy, gr = x1 - 270, y1 - 300, 200
    c.ellipse(gx, gy, gr, gr, fill=mix(paper, (255, 255, 255), 0.4), outline=ink, w=1.4)
    c.line([(gx - 120, gy + 150), (gx + 20, gy - 20)], (110, 90, 50), 2.4)
    ivy_leaf(c, gx - 50, gy + 65, math.radians(200), 100, leafs[1], ink, lobed=False)
    for k in range(26):
        a = k * 2.39996
        rr = 9 * math.sqrt(k)
        px, py = gx + 20 + rr * math.cos(a) * 1.1, gy - 60 + rr * math.sin(a)
        c.line([(gx + 20, gy - 20), (px, py)], (110, 120, 60), 0.5)
        c.dot(px, py, 5, (170, 180, 90))
        for j in range(5):
            b = 2 * math.pi * j / 5 + a
            c.line([(px, py), (px + 7 * math.cos(b), py + 7 * math.sin(b))], ink, 0.35)
    c.text((gx, gy + gr + 28), "fig. 3  flowering shoot: plain leaf, flower globe", "italic", 17, ink, anchor="ms")
    label(c, path[110][0], path[110][1], cx - r - 60, path[110][1] - 40, "aerial rootlets", ink, 14, bg=paper)


def intervals(poly, y):
    """x-intervals where the horizontal line at `y` is inside `poly`."""
    xs = []
    n = len(poly)
    for i in range(n):
        (xa, ya), (xb, yb) = poly[i], poly[(i + 1) % n]
        if (ya <= y < yb) or (yb <= y < ya):
            xs.append(xa + (y - ya) * (xb - xa) / (yb - ya))
    xs.sort()
    return [(xs[k], xs[k + 1]) for k in range(0, len(xs) - 1, 2)]


def plate_gravel(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, paper, moss = pal["ink"], pal["paper"], pal["accent"]
    gravel = (214, 208, 192)
    kerb = 34
    c.rect(x0, y0, x1, y1, fill=mix(gravel, ink, 0.25))
    # Kerb stones round the bed.
    for (ax, ay, bx, by) in [(x0, y0, x1, y0 + kerb), (x0, y1 - kerb, x1, y1), (x0, y0, x0 + kerb, y1), (x1 - kerb, y0, x1, y1)]:
        horizontal = bx - ax > by - ay
        p = ax if horizontal else ay
        end = bx if horizontal else by
        while p < end:
            q = min(end, p + rng.uniform(70, 130))
            rect = (p, ay, q, by) if horizontal else (ax, p, bx, q)
            col = mix((180, 174, 160), ink, rng.uniform(0, 0.15))
            c.rect(rect[0] + 1, rect[1] + 1, rect[2] - 1, rect[3] - 1, fill=col, outline=ink, w=0.6)
            for _ in range(8):
                c.dot(rng.uniform(rect[0] + 3, rect[2] - 3), rng.uniform(rect[1] + 3, rect[3] - 3), 0.6, mix(col, ink, 0.5))
            p = q
    gx0, gy0, gx1, gy1 = x0 + kerb, y0 + kerb, x1 - kerb, y1 - kerb
    c.rect(gx0, gy0, gx1, gy1, fill=gravel)
    for _ in range(22000):
        c.dot(rng.uniform(gx0, gx1), rng.uniform(gy0, gy1), 0.5, mix(gravel, ink, rng.uniform(0.1, 0.35)))
    # Stones: noisy outlines; each carries the rake rings up to `reach` pixels out.
    stones = []
    for (sx, sy, size, aspect, reach) in [(x0 + 330, y0 + 300, 95, 0.7, 170), (x0 + 470, y0 + 420, 55, 0.9, 0),
                                          (x1 - 360, y0 + 360, 120, 0.6, 200), (x0 + 560, y1 - 300, 85, 0.8, 190),
                                          (x1 - 300, y1 - 230, 60, 0.85, 130)]:
        ph = [rng.uniform(0, 6.3) for _ in range(3)]
        rot = rng.uniform(0, math.pi)

        def radius(a, size=size, aspect=aspect, ph=ph, rot=rot):
            e = 1 / math.sqrt((math.cos(a - rot)) ** 2 + (math.sin(a - rot) / aspect) ** 2)
            return size * e * aspect ** 0.3 * (1 + 0.12 * math.sin(2 * a + ph[0]) + 0.07 * math.sin(3 * a + ph[1]) + 0.04 * math.sin(5 * a + ph[2]))
        stones.append((sx, sy, radius, reach))
    # Rings first (stones share a zone when they sit close: the small stone rides in the big one's rings).
    zones = []
    for sx, sy, radius, reach in stones:
        if reach == 0:
            continue
        for k in range(int(reach / 30)):
            for tine in (0, 6, 12):
                d = 24 + 30 * k + tine
                ring = [(sx + (radius(a) + d) * math.cos(a), sy + (radius(a) + d) * math.sin(a))
                        for a in [2 * math.pi * i / 360 for i in range(361)]]
                c.line(ring, mix(gravel, ink, 0.45), 0.5)
        zones.append([(sx + (radius(a) + 24 + 30 * int(reach / 30)) * math.cos(a), sy + (radius(a) + 24 + 30 * int(reach / 30)) * math.sin(a))
                      for a in [2 * math.pi * i / 180 for i in range(180)]])
    # Straight furrows, broken where they meet a ring zone.
    y = gy0 + 14
    while y < gy1 - 14:
        for tine in (0, 6, 12):
            yy = y + tine
            cuts = sorted(iv for z in zones for iv in intervals(z, yy))
            x = gx0 + 6
            for a, b in cuts + [(gx1 - 6, gx1 - 6)]:
                if a > x:
                    c.line([(x, yy), (min(a, gx1 - 6), yy)], mix(gravel, ink, 0.45), 0.5)
                x = max(x, b)
        y += 30
    for sx, sy, radius, reach in stones:
        outline = [(sx + radius(a) * math.cos(a), sy + radius(a) * math.sin(a)) for a in [2 * math.pi * i / 120 for i in range(120)]]
        for _ in range(int(radius(0) * 9)):
            a = rng.uniform(0, 2 * math.pi)
            rr = radius(a) * rng.uniform(1.0, 1.16) + 2
            c.dot(sx + rr * math.cos(a), sy + rr * math.sin(a), rng.uniform(0.6, 1.4), mix(moss, paper, rng.uniform(0, 0.4)))
        shadow = [(x + 9, y + 9) for x, y in outline]
        hatch(c, shadow, math.radians(45), 2.2, mix(gravel, ink, 0.6), 0.4)
        c.polygon(outline, fill=(150, 146, 136), outline=ink, w=1.0)
        # Engraved relief: shrinking copies of the outline pulled towards the lit upper left.
        for k in range(1, 7):
            f = 1 - k / 7
            cxs, cys = sx - radius(0) * 0.25 * (1 - f), sy - radius(0) * 0.25 * (1 - f)
            c.line([(cxs + (x - sx) * f, cys + (y - sy) * f) for x, y in outline + [outline[0]]],
                   mix((150, 146, 136), ink, 0.35 + 0.05 * k), 0.45)
        hatch(c, [(x, y) for x, y in outline if x + y > sx + sy], math.radians(-45), 2.6, mix((150, 146, 136), ink, 0.6), 0.35)
    sx, sy, radius, _ = stones[2]
    label(c, sx + radius(0) * 0.3, sy, sx + 60, sy + 250, "stone, \u2018island\u2019", ink, 14, bg=paper)
    sx, sy, radius, _ = stones[3]
    label(c, sx - radius(math.pi) - 6, sy, sx - 320, sy - 40, "moss, stippled", ink, 14, bg=paper)
    label(c, x1 - 200, y0 + kerb + 120, x1 - 120, y0 + kerb + 240, "three tines to a pass", ink, 14, bg=paper)
