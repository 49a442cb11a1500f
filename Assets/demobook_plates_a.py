# Plates A–C of the demo book: allium, bracken, fir. Each function draws inside the
# plate box (x0, y0, x1, y1) in page pixels with its own seeded RNG, so every run gives the same picture.
import math

from demobook_lib import SS, ellipse_pts, hatch, mix, text_width

GOLDEN = math.pi * (3 - math.sqrt(5))      # the golden angle in radians (≈ 137.5°)


def fib_sphere(n):
    """n points spread evenly over the unit sphere (z towards the viewer)."""
    pts = []
    for i in range(n):
        z = 1 - 2 * (i + 0.5) / n
        r = math.sqrt(1 - z * z)
        a = i * GOLDEN
        pts.append((r * math.cos(a), r * math.sin(a), z))
    return pts


def rot_x(p, a):
    x, y, z = p
    return (x, y * math.cos(a) - z * math.sin(a), y * math.sin(a) + z * math.cos(a))


def tangent_frame(p):
    x, y, z = p
    u = (-y, x, 0.0) if abs(z) < 0.9 else (0.0, -z, y)
    lu = math.sqrt(sum(k * k for k in u))
    u = tuple(k / lu for k in u)
    v = (y * u[2] - z * u[1], z * u[0] - x * u[2], x * u[1] - y * u[0])
    return u, v


def label(c, x, y, tx, ty, text, ink, size=13, style="italic", bg=None):
    """A hairline leader from (x, y) to a small label at (tx, ty), on a paper patch when `bg` is given."""
    c.line([(x, y), (tx, ty)], ink, 0.4)
    c.dot(x, y, 1.6, ink)
    right = tx >= x
    lx = tx + (4 if right else -4)
    if bg is not None:
        w = text_width(text, style, size)
        bx0 = lx - 4 if right else lx - w - 4
        c.rect(bx0, ty - size * 0.8, bx0 + w + 8, ty + size * 0.55, fill=bg, outline=ink, w=0.4)
    c.text((lx, ty + 4), text, style, size, ink, anchor="ls" if right else "rs")


def inset(c, cx, cy, r, paper, ink, title):
    c.ellipse(cx, cy, r, r, fill=paper, outline=ink, w=1.4)
    c.ellipse(cx, cy, r - 6, r - 6, outline=ink, w=0.5)
    c.text((cx, cy + r + 26), title, "italic", 17, ink, anchor="ms")


def ground(c, x0, x1, y, ink, rng, depth=40):
    c.line([(x0, y), (x1, y)], ink, 1.0)
    hatch(c, [(x0, y), (x1, y), (x1, y + depth), (x0, y + depth)], math.radians(-35), 5, mix(ink, (255, 255, 255), 0.45), 0.45)
    for _ in range(int((x1 - x0) / 5)):
        gx = rng.uniform(x0, x1)
        h = rng.uniform(4, 16)
        c.line([(gx, y), (gx + rng.uniform(-5, 5), y - h)], ink, 0.45)


def plate_allium(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, violet, green, paper = pal["ink"], pal["accent"], pal["green"], pal["paper"]
    hx, hy, R = x0 + 470, y0 + 360, 275
    gy = y1 - 90
    # Strap leaves and the scape first: they sit behind the head.
    for dx, lean, length in [(-30, -1.0, 470), (25, 0.85, 520), (-8, -0.3, 430), (12, 0.3, 380)]:
        base = hx + dx
        pts_l, pts_r = [], []
        for i in range(41):
            t = i / 40
            x = base + lean * 260 * t ** 1.8
            y = gy - length * t * (1 - 0.2 * t)
            wdt = 13 * (1 - t) ** 0.7
            pts_l.append((x - wdt, y)); pts_r.append((x + wdt, y))
        leaf = pts_l + pts_r[::-1][1:]
        c.polygon(leaf, fill=mix(paper, green, 0.55), outline=ink, w=0.8)
        hatch(c, leaf, math.radians(80), 4, mix(paper, green, 0.9), 0.4)
    scape = [(hx + 18 * math.sin(i / 30 * 2.4), hy + R * 0.95 + (gy - hy - R * 0.95) * i / 30) for i in range(31)]
    c.line(scape, ink, 9.0)
    c.line(scape, mix(paper, green, 0.7), 6.5)
    c.line([(x + 1.5, y) for x, y in scape], mix(paper, green, 0.95), 1.0)
    ground(c, x0 + 60, x0 + 900, gy, ink, rng)
    # The umbel: pedicels and six-tepalled stars on a tilted sphere, far ones paler (aerial perspective).
    florets = sorted((rot_x(p, 0.35) for p in fib_sphere(230)), key=lambda p: p[2])
    for p in florets:
        depth = (p[2] + 1) / 2
        col = mix(paper, violet, 0.25 + 0.7 * depth)
        line_col = mix(paper, ink, 0.2 + 0.7 * depth)
        fx, fy = hx + p[0] * R, hy - p[1] * R
        c.line([(hx + p[0] * R * 0.12, hy - p[1] * R * 0.12), (fx, fy)], mix(paper, green, 0.3 + 0.5 * depth), 0.6)
        u, v = tangent_frame(p)
        for k in range(6):
            a = k * math.pi / 3 + rng.uniform(-0.1, 0.1)
            d = tuple(math.cos(a) * u[i] + math.sin(a) * v[i] + 0.45 * p[i] for i in range(3))
            s = tuple(-math.sin(a) * u[i] + math.cos(a) * v[i] for i in range(3))
            tip = (fx + d[0] * 26, fy - d[1] * 26)
            mid = (fx + d[0] * 13, fy - d[1] * 13)
            tep = [(fx, fy), (mid[0] + s[0] * 4.5, mid[1] - s[1] * 4.5), tip, (mid[0] - s[0] * 4.5, mid[1] + s[1] * 4.5)]
            c.polygon(tep, fill=col, outline=line_col, w=0.4)
            c.line([(fx, fy), tip], line_col, 0.3)
        c.dot(fx, fy, 2.2, mix(paper, (80, 90, 30), 0.4 + 0.5 * depth))
    label(c, hx + R * 0.7, hy - R * 0.75, hx + R + 60, hy - R - 10, "umbel of c. 230 florets", ink)
    label(c, scape[18][0] + 4, scape[18][1], scape[18][0] + 120, scape[18][1] - 20, "scape (flowering stem)", ink)
    label(c, hx + 120, gy - 300, hx + 260, gy - 260, "strap leaves, withering at flowering", ink)
    # fig. 2: one floret, enlarged, with stamens and a hatched ovary.
    icx, icy, ir = x1 - 250, y0 + 700, 190
    inset(c, icx, icy, ir, mix(paper, (255, 255, 255), 0.4), ink, "fig. 2  a single floret, \u00d78")
    for k in range(6):
        a = k * math.pi / 3 + math.pi / 6
        ca, sa = math.cos(a), math.sin(a)
        tep = []
        for i in range(21):
            t = i / 20
            wdt = 30 * math.sin(math.pi * t) ** 0.8
            tep.append((icx + ca * 150 * t - sa * wdt, icy + sa * 150 * t + ca * wdt))
        for i in range(20, -1, -1):
            t = i / 20
            wdt = 30 * math.sin(math.pi * t) ** 0.8
            tep.append((icx + ca * 150 * t + sa * wdt, icy + sa * 150 * t - ca * wdt))
        c.polygon(tep, fill=mix(paper, violet, 0.45), outline=ink, w=0.8)
        hatch(c, tep, a + 0.05, 3.0, mix(paper, violet, 0.85), 0.35)
        c.line([(icx, icy), (icx + ca * 150, icy + sa * 150)], mix(ink, violet, 0.4), 1.0)
    for k in range(6):
        a = k * math.pi / 3
        ex, ey = icx + math.cos(a) * 95, icy + math.sin(a) * 95
        c.line([(icx, icy), (ex, ey)], ink, 1.2)
        c.ellipse(ex, ey, 9, 6, fill=(214, 186, 80), outline=ink, w=0.6)
    c.ellipse(icx, icy, 26, 26, fill=mix(paper, green, 0.6), outline=ink, w=0.8)
    hatch(c, ellipse_pts(icx, icy, 26, 26), math.radians(30), 2.5, ink, 0.3)
    label(c, icx + 110, icy + 60, icx + 90, icy + 160, "tepal", ink, 12)
    label(c, icx + 95, icy, icx + 175, icy - 120, "stamen", ink, 12)
    label(c, icx - 10, icy + 10, icx - 120, icy + 165, "ovary", ink, 12)


def barnsley(rng, n):
    """The chaos game on four affine maps; returns (x, y, map index) for each step after burn-in."""
    maps = [((0, 0, 0, 0.16, 0, 0), 0.01), ((0.85, 0.04, -0.04, 0.85, 0, 1.6), 0.85),
            ((0.2, -0.26, 0.23, 0.22, 0, 1.6), 0.07), ((-0.15, 0.28, 0.26, 0.24, 0, 0.44), 0.07)]
    x = y = 0.0
    out = []
    for i in range(n + 20):
        r = rng.random()
        acc = 0.0
        for k, (m, p) in enumerate(maps):
            acc += p
            if r <= acc:
                break
        a, b, cc, d, e, f = m
        x, y = a * x + b * y + e, cc * x + d * y + f
        if i >= 20:
            out.append((x, y, k))
    return out


def plate_bracken(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, green, paper = pal["ink"], pal["accent"], pal["paper"]
    gy = y1 - 70
    ground(c, x0 + 40, x1 - 40, gy, ink, rng, 30)
    pts = barnsley(rng, 300000)
    for (bx, lean, scale, mirror, tone) in [(x0 + 470, 0.04, 100.0, 1, 0.95), (x0 + 830, -0.3, 70.0, -1, 0.6)]:
        ca, sa = math.cos(lean), math.sin(lean)
        groups = {0: [], 1: [], 2: []}
        for x, y, k in pts:
            px, py = mirror * x * scale, -y * scale
            rx, ry = px * ca - py * sa, px * sa + py * ca
            groups[min(k, 2)].append((round((bx + rx) * SS), round((gy + ry) * SS)))
        c.points(groups[1], mix(paper, green, tone))
        c.points(groups[2], mix(paper, mix(green, ink, 0.3), tone))
        c.points(groups[0], mix(paper, ink, tone))
    label(c, x0 + 470, y0 + 520, x0 + 330, y0 + 300, "pinna: a small copy of the frond", ink)
    label(c, x0 + 430, y0 + 720, x0 + 300, y0 + 620, "pinnule: a copy of the pinna", ink)
    label(c, x0 + 630, y0 + 900, x0 + 860, y0 + 1000, "rachis", ink)
    # fig. 2: a crozier (fiddlehead) as a logarithmic spiral with hairy scales.
    fcx, fcy = x1 - 250, y0 + 250
    c.ellipse(fcx, fcy, 185, 185, fill=mix(paper, (255, 255, 255), 0.4), outline=ink, w=1.4)
    spiral = []
    for i in range(400):
        th = i / 400 * 5.2 * math.pi
        r = 13 * math.exp(0.13 * th)
        spiral.append((fcx + r * math.cos(th), fcy + r * math.sin(th), 2 + 0.06 * r))
    for i in range(len(spiral) - 1):
        (ax, ay, wa), (bx2, by2, _) = spiral[i], spiral[i + 1]
        c.line([(ax, ay), (bx2, by2)], ink, wa * 2 + 1.2)
        c.line([(ax, ay), (bx2, by2)], mix(paper, green, 0.55), wa * 2)
    for i in range(0, len(spiral) - 1, 3):
        ax, ay, wa = spiral[i]
        bx2, by2, _ = spiral[i + 1]
        nx, ny = -(by2 - ay), bx2 - ax
        ln = math.hypot(nx, ny) or 1
        c.line([(ax + nx / ln * wa, ay + ny / ln * wa), (ax + nx / ln * (wa + 5), ay + ny / ln * (wa + 5))], ink, 0.35)
    c.text((fcx, fcy + 212), "fig. 2  crozier in April", "italic", 17, ink, anchor="ms")
    # fig. 3: the underside of a pinnule with its marginal sori.
    scx, scy = x1 - 250, y0 + 690
    c.ellipse(scx, scy, 170, 170, fill=mix(paper, (255, 255, 255), 0.4), outline=ink, w=1.4)
    lobe = [(scx - 130 + i * 2.6, scy + 60 * math.sin(math.pi * i / 100) ** 0.7) for i in range(101)]
    lobe += [(scx + 130 - i * 2.6, scy - 60 * math.sin(math.pi * i / 100) ** 0.7) for i in range(101)]
    c.polygon(lobe, fill=mix(paper, green, 0.5), outline=ink, w=1.0)
    c.line([(scx - 130, scy), (scx + 130, scy)], ink, 1.2)
    for k in range(1, 12):
        vx = scx - 130 + k * 22
        for s in (-1, 1):
            c.line([(vx, scy), (vx + 14, scy + s * 48 * math.sin(math.pi * k / 12) ** 0.7)], mix(ink, green, 0.4), 0.5)
    for x, y in lobe[5:96] + lobe[106:197]:
        c.dot(x, y + (5 if y < scy else -5), 2.2, (120, 72, 36))
    c.text((scx, scy + 198), "fig. 3  sori along the margin, \u00d720", "italic", 17, ink, anchor="ms")


def fir_branch(c, x, y, ang, length, depth, ink, needle, rng):
    if length < 7 or depth == 0:
        return
    ex, ey = x + math.cos(ang) * length, y + math.sin(ang) * length
    c.line([(x, y), (ex, ey)], ink, max(0.5, length / 45))
    if depth == 1:
        # Needles: short strokes either side along the twig, pointing a little forward.
        n = int(length / 4.2)
        for i in range(n):
            t = (i + 0.5) / n
            px, py = x + (ex - x) * t, y + (ey - y) * t
            for s in (-1, 1):
                a = ang + s * rng.uniform(0.9, 1.3)
                col = needle[rng.random() < 0.3]
                c.line([(px, py), (px + math.cos(a) * 6.5, py + math.sin(a) * 6.5)], col, 0.45)
        return
    steps = max(2, int(length / 16))
    for i in range(1, steps + 1):
        t = i / (steps + 1)
        px, py = x + (ex - x) * t, y + (ey - y) * t
        sub = length * 0.42 * (1 - 0.55 * t)
        for s in (-1, 1):
            fir_branch(c, px, py, ang + s * 0.95 + rng.uniform(-0.1, 0.1), sub, depth - 1, ink, needle, rng)
    fir_branch(c, ex, ey, ang + rng.uniform(-0.08, 0.08), length * 0.22, depth - 1, ink, needle, rng)


def plate_fir(c, box, rng, pal):
    x0, y0, x1, y1 = box
    ink, green, paper, bark = pal["ink"], pal["accent"], pal["paper"], pal["bark"]
    tx, gy, top = x0 + 560, y1 - 80, y0 + 50
    ground(c, x0 + 150, x0 + 980, gy, ink, rng, 34)
    needle = (mix(paper, green, 0.9), mix(paper, green, 0.6))
    twig = mix(green, ink, 0.5)
    # Trunk: a tapered band with engraved bark (short broken strokes across it).
    trunk = [(tx - 22, gy), (tx - 3, top), (tx + 3, top), (tx + 22, gy)]
    c.polygon(trunk, fill=mix(paper, bark, 0.6), outline=ink, w=1.0)
    for i in range(260):
        y = top + 40 + (gy - top - 40) * rng.random()
        half = 3 + 19 * (y - top) / (gy - top)
        xa = tx - half + rng.uniform(0, half)
        c.line([(xa, y), (xa + rng.uniform(3, half), y + rng.uniform(-1.5, 1.5))], mix(bark, ink, 0.6), 0.5)
    hatch(c, [(tx + 8, gy), (tx + 1, top + 40), (tx + 3, top + 40), (tx + 22, gy)], math.radians(95), 2.4, ink, 0.35)
    # Whorls from the bottom up: longer and more drooping below, short at the leader (a cone shape).
    whorls = 17
    for w in range(whorls):
        t = w / whorls
        y = gy - 150 - (gy - 150 - top - 40) * t
        length = 330 * (1 - t) ** 0.9 + 30
        droop = 0.35 * (1 - t)
        for s in (-1, 1):
            ang = droop if s > 0 else math.pi - droop     # y grows downwards: +droop points below level
            fir_branch(c, tx + s * 4, y, ang + rng.uniform(-0.05, 0.05), length, 3, twig, needle, rng)
    # Scale bar: metres up the left, fine ticks every metre, labels every five.
    sx, h_m = x0 + 60, 30
    c.line([(sx, gy), (sx, top)], ink, 1.0)
    for m in range(h_m + 1):
        y = gy - (gy - top) * m / h_m
        c.line([(sx, y), (sx + (14 if m % 5 == 0 else 7), y)], ink, 0.6)
        if m % 5 == 0:
            c.text((sx + 18, y + 5), "%d m" % m, "roman", 14, ink)
    # fig. 2: an upright cone, its scales on interlocking spirals.
    ccx, ccy = x1 - 250, y0 + 300
    c.ellipse(ccx, ccy, 200, 200, fill=mix(paper, (255, 255, 255), 0.4), outline=ink, w=1.4)
    scales = []
    for n in range(140):
        t = n / 140
        yy = ccy + 130 - 260 * t
        rad = 62 * math.sin(math.pi * (0.08 + 0.9 * t)) ** 0.8
        a = n * GOLDEN
        scales.append((math.cos(a), ccx + rad * math.sin(a), yy))
    for z, sx2, sy2 in sorted(scales):
        if z < -0.2:
            continue
        col = mix(paper, (150, 110, 70), 0.35 + 0.55 * (z + 1) / 2)
        sc = ellipse_pts(sx2, sy2, 12, 8, 24)
        c.polygon(sc, fill=col, outline=ink, w=0.5)
        c.line([(sx2 - 6, sy2 + 2), (sx2, sy2 + 6), (sx2 + 6, sy2 + 2)], ink, 0.35)
    c.line([(ccx, ccy + 132), (ccx, ccy + 180)], ink, 2.0)
    c.text((ccx, ccy + 228), "fig. 2  cone, upright, \u00d7\u00bd", "italic", 17, ink, anchor="ms")
    # fig. 3: a needle with its notched tip and two pale stomatal bands.
    ncx, ncy = x1 - 250, y0 + 760
    c.ellipse(ncx, ncy, 170, 170, fill=mix(paper, (255, 255, 255), 0.4), outline=ink, w=1.4)
    nd = [(ncx - 130, ncy - 14), (ncx + 116, ncy - 18), (ncx + 134, ncy - 6), (ncx + 124, ncy),
          (ncx + 134, ncy + 6), (ncx + 116, ncy + 18), (ncx - 130, ncy + 14), (ncx - 142, ncy)]
    c.polygon(nd, fill=mix(paper, green, 0.7), outline=ink, w=0.9)
    for s in (-1, 1):
        for i in range(60):
            c.dot(ncx - 120 + i * 4, ncy + s * 8, 1.1, mix(paper, (255, 255, 255), 0.7))
            c.dot(ncx - 118 + i * 4, ncy + s * 11, 1.1, mix(paper, (255, 255, 255), 0.7))
    c.line([(ncx - 138, ncy), (ncx + 124, ncy)], ink, 0.4)
    c.text((ncx, ncy + 198), "fig. 3  needle from below, \u00d76", "italic", 17, ink, anchor="ms")
    label(c, tx + 3, top + 5, tx + 120, top + 10, "leader", ink)
    label(c, tx - 150, gy - 600, tx - 300, gy - 740, "whorl of the ninth year", ink, bg=paper)
