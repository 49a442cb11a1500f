#!/usr/bin/python3
"""Regenerates the Decoding test fixtures in this directory (deterministic; run from anywhere).

PNGs are written by the small writer below rather than Pillow, because Pillow cannot write 16-bit colour,
sub-byte palettes or Adam7 interlacing; Pillow then reads back every 8-bit PNG as a cross-check of the writer.
JPEGs come from Pillow (Debian python3-pil). The pixel formulas must match PixelPatterns.swift.
"""

import io
import os
import random
import struct
import zlib

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 13, 11  # odd sizes so rows and Adam7 passes do not line up with bytes or 8×8 blocks


def rgb(x, y):
    return ((x * 17) & 255, (y * 23) & 255, (x * y * 5 + 40) & 255)


def alpha(x, y):
    return ((x + y) * 19) & 255


def grey(x, y):
    return (x * 17 + y * 7) & 255


def palette_index(x, y, count):
    return (x + y * 3) % count


PALETTE = [((i * 37) & 255, (i * 71 + 10) & 255, (255 - i * 13) & 255) for i in range(16)]
TRNS = [0, 64, 128, 200, 255, 30]  # shorter than the palette: later entries are opaque


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(samples, depth):
    """Packs one row of samples (already channel-interleaved) at the given bit depth."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png(width, height, colour_type, depth, pixel, interlace=False, extra=b"", ihdr=None):
    """pixel(x, y) returns the tuple of samples for one pixel."""
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for (x0, y0, dx, dy) in passes:
        xs = list(range(x0, width, dx))
        if not xs:
            continue
        for y in range(y0, height, dy):
            samples = [s for x in xs for s in pixel(x, y)]
            raw += b"\x00" + pack_row(samples, depth)
    header = ihdr or struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 1 if interlace else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def scale16(v):
    return v * 257


def quadrants(mode, colours, size=64):
    img = Image.new(mode, (size, size))
    half = size // 2
    for i, c in enumerate(colours):
        img.paste(c, ((i % 2) * half, (i // 2) * half, (i % 2) * half + half, (i // 2) * half + half))
    return img


def strip_adobe(jpeg):
    """Removes the APP14 'Adobe' segment so the CMYK data reads as plain (non-inverted) CMYK."""
    out, i = bytearray(jpeg[:2]), 2
    while i < len(jpeg):
        marker, length = jpeg[i + 1], struct.unpack(">H", jpeg[i + 2:i + 4])[0]
        if marker == 0xDA:
            out += jpeg[i:]
            break
        if not (marker == 0xEE and jpeg[i + 4:i + 9] == b"Adobe"):
            out += jpeg[i:i + 2 + length]
        i += 2 + length
    return bytes(out)


def patch_sof(jpeg, width, height):
    i = jpeg.index(b"\xff\xc0")
    return jpeg[:i + 5] + struct.pack(">HH", height, width) + jpeg[i + 9:]


def main():
    pal = b"".join(bytes(c) for c in PALETTE)
    fixtures = {
        "rgb8.png": png(W, H, 2, 8, rgb),
        "rgba8.png": png(W, H, 6, 8, lambda x, y: rgb(x, y) + (alpha(x, y),)),
        "rgb16.png": png(W, H, 2, 16, lambda x, y: tuple(scale16(v) for v in rgb(x, y))),
        "rgba16.png": png(W, H, 6, 16, lambda x, y: tuple(scale16(v) for v in rgb(x, y) + (alpha(x, y),))),
        "grey8.png": png(W, H, 0, 8, lambda x, y: (grey(x, y),)),
        "grey16.png": png(W, H, 0, 16, lambda x, y: (scale16(grey(x, y)),)),
        "grey1.png": png(W, H, 0, 1, lambda x, y: ((x + y) & 1,)),
        "greyalpha8.png": png(W, H, 4, 8, lambda x, y: (grey(x, y), alpha(x, y))),
        "palette8.png": png(W, H, 3, 8, lambda x, y: (palette_index(x, y, 16),),
                            extra=chunk(b"PLTE", pal) + chunk(b"tRNS", bytes(TRNS))),
        "palette4.png": png(W, H, 3, 4, lambda x, y: (palette_index(x, y, 16),),
                            extra=chunk(b"PLTE", pal) + chunk(b"tRNS", bytes(TRNS))),
        "adam7_rgb8.png": png(W, H, 2, 8, rgb, interlace=True),
        "adam7_palette4.png": png(W, H, 3, 4, lambda x, y: (palette_index(x, y, 16),), interlace=True,
                                  extra=chunk(b"PLTE", pal) + chunk(b"tRNS", bytes(TRNS))),
    }
    for name, data in fixtures.items():
        write(name, data)

    # Cross-check the writer against Pillow for every 8-bit-or-less file.
    for name in ["rgb8.png", "rgba8.png", "adam7_rgb8.png"]:
        img = Image.open(os.path.join(HERE, name)).convert("RGBA")
        for y in range(H):
            for x in range(W):
                want = rgb(x, y) + ((alpha(x, y),) if name == "rgba8.png" else (255,))
                assert img.getpixel((x, y)) == want, (name, x, y)
    for name in ["palette4.png", "adam7_palette4.png"]:
        img = Image.open(os.path.join(HERE, name)).convert("RGBA")
        for y in range(H):
            for x in range(W):
                i = palette_index(x, y, 16)
                assert img.getpixel((x, y)) == PALETTE[i] + (TRNS[i] if i < len(TRNS) else 255,), (name, x, y)

    # Hostile PNGs.
    good = fixtures["rgb8.png"]
    write("truncated.png", good[: len(good) * 6 // 10])
    write("empty.png", b"")
    write("wrong_magic.png", b"GIF89a" + good[6:])
    write("bad_signature.png", good[:7] + b"\x00" + good[8:])
    huge = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
    write("huge_header.png", png(1, 1, 6, 8, lambda x, y: (0, 0, 0, 0), ihdr=huge))
    write("zero_width.png", png(1, 1, 2, 8, rgb, ihdr=struct.pack(">IIBBBBB", 0, 1, 8, 2, 0, 0, 0)))
    ihdr_end = 8 + 8 + 13
    write("bad_crc.png", good[:ihdr_end] + bytes([good[ihdr_end] ^ 0xFF]) + good[ihdr_end + 1:])
    garbage = random.Random(7).randbytes(200)
    write("idat_garbage.png", good[:ihdr_end + 4] + chunk(b"IDAT", garbage) + chunk(b"IEND", b""))
    noise = random.Random(1234).randbytes(512)
    assert noise[:2] not in (b"\x89P", b"\xff\xd8")
    write("random.bin", noise)

    # JPEGs: flat 32×32 quadrants so the centre of each quadrant survives compression almost exactly.
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    quadrants("RGB", colours).save(os.path.join(HERE, "baseline.jpg"), quality=92)
    quadrants("RGB", colours).save(os.path.join(HERE, "progressive.jpg"), quality=92, progressive=True)
    quadrants("L", [0, 85, 170, 255]).save(os.path.join(HERE, "grey.jpg"), quality=92)
    cmyk = [(0, 0, 0, 0), (255, 0, 0, 0), (0, 0, 0, 255), (0, 0, 0, 128)]
    quadrants("CMYK", cmyk).save(os.path.join(HERE, "cmyk.jpg"), quality=92)
    # Pillow stores inverted inks behind an Adobe marker; pre-inverting and dropping the marker leaves plain
    # inks that must decode to the same colours.
    plain = io.BytesIO()
    quadrants("CMYK", [tuple(255 - v for v in c) for c in cmyk]).save(plain, "JPEG", quality=92)
    write("cmyk_no_adobe.jpg", strip_adobe(plain.getvalue()))
    Image.new("RGB", (37, 23), (10, 200, 30)).save(os.path.join(HERE, "odd_size.jpg"), quality=92)
    with open(os.path.join(HERE, "baseline.jpg"), "rb") as f:
        base = f.read()
    sos = base.index(b"\xff\xda")
    write("truncated.jpg", base[: sos + (len(base) - sos) // 2])  # inside the entropy-coded data
    write("huge_header.jpg", patch_sof(base, 60000, 60000))
    assert base.endswith(b"\xff\xd9")
    write("extraneous_bytes.jpg", base[:-2] + b"\x00\x11\x22" + base[-2:])  # a benign libjpeg warning
    write("garbage_after_soi.jpg", b"\xff\xd8" + random.Random(99).randbytes(300))


if __name__ == "__main__":
    main()
