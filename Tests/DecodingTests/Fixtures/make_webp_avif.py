#!/usr/bin/python3
"""Regenerates the WebP and AVIF test fixtures in this directory with Debian's encoders (run from anywhere):
cwebp and img2webp from the `webp` package, avifenc from `libavif-bin`. Encoder output is not bit-for-bit
stable across versions, so the tests check pixels (exactly for lossless files, with a tolerance for lossy ones),
never bytes. Pixel formulas are those of make_fixtures.py and Support.swift.

Inputs are written as PNGs by the small writer below (no Pillow needed).
"""

import os
import struct
import subprocess
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 13, 11


def rgba(x, y):
    return ((x * 17) & 255, (y * 23) & 255, (x * y * 5 + 40) & 255, ((x + y) * 19) & 255)


def png(width, height, pixel):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(s for x in range(width) for s in pixel(x, y)) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def quadrants(colours, size=64):
    half = size // 2
    return lambda x, y: colours[(y // half) * 2 + x // half]


QUADRANTS = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)]
# Lossy colour with alpha: opaque red, half-transparent green, transparent, opaque white.
ALPHA_QUADRANTS = [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 0), (255, 255, 255, 255)]


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def read(name):
    with open(os.path.join(HERE, name), "rb") as f:
        return f.read()


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def main():
    tmp = tempfile.mkdtemp()

    def source(name, width, height, pixel):
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(png(width, height, pixel))
        return path

    pattern = source("pattern.png", W, H, rgba)
    quads = source("quads.png", 64, 64, quadrants(QUADRANTS))
    alpha_quads = source("alpha_quads.png", 64, 64, quadrants(ALPHA_QUADRANTS))
    red = source("red.png", 32, 24, lambda x, y: (255, 0, 0, 255))
    blue = source("blue.png", 32, 24, lambda x, y: (0, 0, 255, 255))
    out = lambda name: os.path.join(HERE, name)

    # WebP: lossless keeps every byte (-exact keeps colour under alpha 0); lossy colour with lossless alpha.
    run("cwebp", "-quiet", "-lossless", "-exact", pattern, "-o", out("lossless.webp"))
    run("cwebp", "-quiet", "-q", "90", quads, "-o", out("lossy.webp"))
    run("cwebp", "-quiet", "-q", "90", "-exact", alpha_quads, "-o", out("lossy_alpha.webp"))
    run("img2webp", "-loop", "0", "-lossless", red, blue, "-o", out("animated.webp"))

    # AVIF: lossless 4:4:4 (identity matrix) round-trips exactly; lossy 4:2:0; a two-frame sequence (avis).
    run("avifenc", "-s", "10", "--lossless", pattern, out("lossless.avif"))
    run("avifenc", "-s", "10", "--min", "10", "--max", "10", "-y", "420", quads, out("lossy.avif"))
    run("avifenc", "-s", "10", "--lossless", red, blue, out("sequence.avif"))

    # Hostile WebP: cut inside the bitstream; the VP8L header's 14-bit sides raised to 16384×16384
    # (268 megapixels, over the 100-megapixel limit); the RIFF form type misspelt.
    lossy = read("lossy.webp")
    write("truncated.webp", lossy[: len(lossy) * 6 // 10])
    lossless = bytearray(read("lossless.webp"))
    vp8l = lossless.index(b"VP8L") + 8
    assert lossless[vp8l] == 0x2F
    bits = struct.unpack("<I", lossless[vp8l + 1:vp8l + 5])[0]
    bits = (bits & ~0x0FFFFFFF) | 16383 | (16383 << 14)
    lossless[vp8l + 1:vp8l + 5] = struct.pack("<I", bits)
    write("huge_header.webp", bytes(lossless))
    write("wrong_magic.webp", lossy[:8] + b"WEBX" + lossy[12:])

    # Hostile AVIF: cut inside the image data; `ispe` raised to 12000×12000 (144 megapixels: over our limit,
    # within libavif's) and to 100000×100000 (beyond libavif's own); the ftyp brands replaced by HEIC's.
    avif = read("lossy.avif")
    write("truncated.avif", avif[: len(avif) * 8 // 10])
    for name, side in [("huge_header.avif", 12000), ("huger_header.avif", 100000)]:
        patched = bytearray(avif)
        ispe = patched.index(b"ispe") + 8
        patched[ispe:ispe + 8] = struct.pack(">II", side, side)
        write(name, bytes(patched))
    size = struct.unpack(">I", avif[:4])[0]
    write("heic_brand.avif", avif[:8] + avif[8:size].replace(b"avif", b"heic").replace(b"avis", b"heic") + avif[size:])


if __name__ == "__main__":
    main()
