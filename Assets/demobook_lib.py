# Drawing helpers for generate_demo_book.py: a supersampled canvas, analytic hatching, justified text,
# page furniture (frame, running head, folio) and the engraved drop capital.
# Coordinates are in final page pixels (floats); the canvas draws at SS times that and downsamples, which
# is how Pillow's aliased lines become clean hairlines.
import math
import os

from PIL import Image, ImageDraw, ImageFont

W, H = 1600, 2240          # final page size in pixels (1 : 1.4, a book page)
SS = 2                     # supersampling factor

_FONT_DIRS = ["/usr/share/fonts/opentype/urw-base35", "/usr/share/fonts/truetype/dejavu"]
# Preferred face (URW P052, a Palatino design) and the DejaVu fallback, per style.
_FACES = {
    "roman": ["P052-Roman.otf", "DejaVuSerif.ttf"],
    "italic": ["P052-Italic.otf", "DejaVuSerif-Italic.ttf"],
    "bold": ["P052-Bold.otf", "DejaVuSerif-Bold.ttf"],
    "bolditalic": ["P052-BoldItalic.otf", "DejaVuSerif-BoldItalic.ttf"],
    "sans": ["NimbusSans-Regular.otf", "DejaVuSans.ttf"],
}
_font_cache = {}


def font_path(style):
    for name in _FACES[style]:
        for d in _FONT_DIRS:
            p = os.path.join(d, name)
            if os.path.exists(p):
                return p
    raise SystemExit("no font for %s: apt-get install fonts-urw-base35 fonts-dejavu-core" % style)


def font(style, size):
    """A font of `size` final pixels (loaded at the supersampled size)."""
    key = (style, size)
    if key not in _font_cache:
        _font_cache[key] = ImageFont.truetype(font_path(style), max(1, round(size * SS)))
    return _font_cache[key]


def mix(a, b, t):
    """Colour between a (t = 0) and b (t = 1)."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


class Canvas:
    def __init__(self, paper):
        self.paper = paper
        self.img = Image.new("RGB", (W * SS, H * SS), paper)
        self.d = ImageDraw.Draw(self.img)
        self.da = ImageDraw.Draw(self.img, "RGBA")   # blends translucent fills (insect wings)

    @staticmethod
    def _p(pts):
        return [(x * SS, y * SS) for x, y in pts]

    @staticmethod
    def _w(w):
        return max(1, round(w * SS))

    def polygon_alpha(self, pts, rgba):
        self.da.polygon(self._p(pts), fill=rgba)

    def line(self, pts, fill, w=1.0):
        if len(pts) >= 2:
            self.d.line(self._p(pts), fill=fill, width=self._w(w), joint="curve" if len(pts) > 2 else None)

    def polygon(self, pts, fill=None, outline=None, w=1.0):
        self.d.polygon(self._p(pts), fill=fill)
        if outline is not None:
            self.line(list(pts) + [pts[0]], outline, w)

    def ellipse(self, cx, cy, rx, ry, fill=None, outline=None, w=1.0):
        box = [(cx - rx) * SS, (cy - ry) * SS, (cx + rx) * SS, (cy + ry) * SS]
        self.d.ellipse(box, fill=fill, outline=outline, width=self._w(w) if outline is not None else 0)

    def rect(self, x0, y0, x1, y1, fill=None, outline=None, w=1.0):
        self.d.rectangle([x0 * SS, y0 * SS, x1 * SS - 1, y1 * SS - 1], fill=fill, outline=outline,
                         width=self._w(w) if outline is not None else 0)

    def dot(self, x, y, r, fill):
        self.d.ellipse([(x - r) * SS, (y - r) * SS, (x + r) * SS, (y + r) * SS], fill=fill)

    def points(self, pts, fill):
        """Single device pixels (half a page pixel): the finest mark there is."""
        self.d.point(pts, fill=fill)

    def text(self, xy, s, style, size, fill, anchor="ls", **kw):
        f = font(style, size)
        if "stroke_width" in kw:
            kw["stroke_width"] = self._w(kw["stroke_width"])
        self.d.text((xy[0] * SS, xy[1] * SS), s, font=f, fill=fill, anchor=anchor, **kw)

    def text_rotated(self, xy, s, style, size, fill, angle):
        """Text centred on `xy`, turned clockwise by `angle` radians (y down)."""
        f = font(style, size)
        l, t, r, b = f.getbbox(s, anchor="mm")
        pad = 4
        w, h = r - l + 2 * pad, b - t + 2 * pad
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).text((w / 2, h / 2), s, font=f, fill=255, anchor="mm")
        mask = mask.rotate(-math.degrees(angle), resample=Image.BICUBIC, expand=True)
        x, y = round(xy[0] * SS - mask.width / 2), round(xy[1] * SS - mask.height / 2)
        self.img.paste(Image.new("RGB", mask.size, fill), (x, y), mask)

    def finish(self):
        return self.img.resize((W, H), Image.LANCZOS)


def text_width(s, style, size):
    return font(style, size).getlength(s) / SS


def spaced(s, gap=" "):
    """Letter-spaced capitals for running heads."""
    return gap.join(s.upper())


def ellipse_pts(cx, cy, rx, ry, n=72, rot=0.0):
    cr, sr = math.cos(rot), math.sin(rot)
    out = []
    for i in range(n):
        a = 2 * math.pi * i / n
        x, y = rx * math.cos(a), ry * math.sin(a)
        out.append((cx + x * cr - y * sr, cy + x * sr + y * cr))
    return out


def hatch(c, poly, angle, spacing, fill, w=0.5, phase=0.0):
    """Parallel hatching clipped to a polygon, by scanline intersection (any simple polygon)."""
    ca, sa = math.cos(angle), math.sin(angle)
    # Rotate so the hatch lines are horizontal, intersect, rotate the segments back.
    rp = [(x * ca + y * sa, -x * sa + y * ca) for x, y in poly]
    ys = [p[1] for p in rp]
    y = math.floor(min(ys) / spacing) * spacing + phase % spacing
    n = len(rp)
    while y <= max(ys):
        xs = []
        for i in range(n):
            (x0, y0), (x1, y1) = rp[i], rp[(i + 1) % n]
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        for k in range(0, len(xs) - 1, 2):
            a, b = xs[k], xs[k + 1]
            c.line([(a * ca - y * sa, a * sa + y * ca), (b * ca - y * sa, b * sa + y * ca)], fill, w)
        y += spacing


def wrap(words, style, size, width, first_indent=0.0):
    lines, cur = [], []
    for word in words:
        trial = " ".join(cur + [word])
        limit = width - (first_indent if not lines else 0)
        if cur and text_width(trial, style, size) > limit:
            lines.append(cur)
            cur = [word]
        else:
            cur.append(word)
    if cur:
        lines.append(cur)
    return lines


def paragraph(c, text, x, y, width, size, fill, style="roman", leading=1.42, justify=True, indent=0.0, center=False):
    """Sets `text` from baseline `y` (justified, or centred); returns the baseline after the last line."""
    lines = wrap(text.split(), style, size, width, indent)
    step = size * leading
    for i, words in enumerate(lines):
        x0 = x + (indent if i == 0 else 0)
        avail = width - (indent if i == 0 else 0)
        last = i == len(lines) - 1
        if center:
            line = " ".join(words)
            c.text((x + (width - text_width(line, style, size)) / 2, y), line, style, size, fill)
        elif justify and not last and len(words) > 1:
            total = sum(text_width(w, style, size) for w in words)
            gap = (avail - total) / (len(words) - 1)
            cx = x0
            for w in words:
                c.text((cx, y), w, style, size, fill)
                cx += text_width(w, style, size) + gap
        else:
            c.text((x0, y), " ".join(words), style, size, fill)
        y += step
    return y


def columns(c, paras, x, y, width, gutter, size, fill, ncol=2, leading=1.42):
    """Flows paragraphs (first one un-indented) over `ncol` columns of equal height."""
    colw = (width - gutter * (ncol - 1)) / ncol
    lines = []
    for k, p in enumerate(paras):
        for i, ws in enumerate(wrap(p.split(), "roman", size, colw, size * 1.5 if k > 0 else 0)):
            lines.append((ws, i == 0 and k > 0, False))
        lines[-1] = (lines[-1][0], lines[-1][1], True)
    per = math.ceil(len(lines) / ncol)
    step = size * leading
    for idx, (ws, indented, last) in enumerate(lines):
        col, row = divmod(idx, per)
        lx = x + col * (colw + gutter) + (size * 1.5 if indented else 0)
        avail = colw - (size * 1.5 if indented else 0)
        ly = y + row * step
        if last or len(ws) < 2:
            c.text((lx, ly), " ".join(ws), "roman", size, fill)
        else:
            total = sum(text_width(w, "roman", size) for w in ws)
            gap = (avail - total) / (len(ws) - 1)
            for w in ws:
                c.text((lx, ly), w, "roman", size, fill)
                lx += text_width(w, "roman", size) + gap
    return y + per * step


def page_furniture(c, number, head_left, head_right, ink, accent):
    """Running head with rule, thin double frame, and the folio (page number) at the foot."""
    c.text((120, 92), spaced(head_left), "roman", 19, ink)
    c.text((1480, 92), head_right, "italic", 24, ink, anchor="rs")
    c.line([(120, 110), (1480, 110)], ink, 1.2)
    c.line([(120, 116), (1480, 116)], ink, 0.5)
    c.line([(120, 2120), (1480, 2120)], ink, 0.5)
    folio = str(number)
    c.text((800, 2168), folio, "roman", 30, ink, anchor="ms")
    half = text_width(folio, "roman", 30) / 2 + 22
    for s in (-1, 1):
        x = 800 + s * half
        c.polygon([(x, 2158), (x + s * 9, 2149), (x + s * 18, 2158), (x + s * 9, 2167)], fill=accent)
        c.line([(x + s * 24, 2158), (x + s * 120, 2158)], accent, 0.6)


def drop_cap(c, letter, x, y, size, ink, accent, paper):
    """An engraved initial: a hatched square with a vine border and the capital on top."""
    c.rect(x, y, x + size, y + size, fill=mix(paper, accent, 0.12))
    hatch(c, [(x, y), (x + size, y), (x + size, y + size), (x, y + size)], math.radians(45), 3.2,
          mix(paper, accent, 0.55), 0.5)
    c.rect(x, y, x + size, y + size, outline=ink, w=2.0)
    c.rect(x + 9, y + 9, x + size - 9, y + size - 9, outline=ink, w=0.7)
    # A vine running round the inner border: a sine path with small leaves on alternate sides.
    inner = [(x + 18, y + 18), (x + size - 18, y + 18), (x + size - 18, y + size - 18), (x + 18, y + size - 18)]
    for e in range(4):
        (ax, ay), (bx, by) = inner[e], inner[(e + 1) % 4]
        L = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / L, (by - ay) / L
        nx, ny = -uy, ux
        pts = []
        for i in range(121):
            t = i / 120
            off = 5 * math.sin(t * 6 * math.pi)
            pts.append((ax + ux * L * t + nx * off, ay + uy * L * t + ny * off))
        c.line(pts, ink, 0.8)
        for k in range(6):
            t = (k + 0.25) / 6
            px, py = ax + ux * L * t, ay + uy * L * t
            side = 1 if k % 2 == 0 else -1
            tipx, tipy = px + nx * 13 * side + ux * 8, py + ny * 13 * side + uy * 8
            midx, midy = (px + tipx) / 2, (py + tipy) / 2
            leaf = [(px, py), (midx + ux * 4, midy + uy * 4), (tipx, tipy), (midx - ux * 4, midy - uy * 4)]
            c.polygon(leaf, fill=accent, outline=ink, w=0.5)
    # Offset shadow in the accent colour, then the letter with a paper halo that cuts the hatching.
    c.text((x + size / 2 + 6, y + size * 0.80 + 6), letter, "bold", size * 0.78, accent, anchor="ms",
           stroke_width=5, stroke_fill=paper)
    c.text((x + size / 2, y + size * 0.80), letter, "bold", size * 0.78, ink, anchor="ms",
           stroke_width=2, stroke_fill=paper)
