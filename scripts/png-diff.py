#!/usr/bin/env python3
"""Compares two 8-bit PNG images (RGB or RGBA, not interlaced) pixel by pixel. Python standard library only.

Usage: png-diff.py A.png B.png [--max-delta N] [--max-fraction F]
Prints the size, the largest channel difference and how many pixels differ; exits 1 when the sizes differ,
a channel differs by more than N (default 2) or more than F of the pixels differ at all (default 0.001).
"""
import argparse
import struct
import sys
import zlib


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        sys.exit(f"{path}: only 8-bit RGB/RGBA, non-interlaced PNGs are supported")
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(b"".join(idat)), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    # As RGBA, so an RGB and an RGBA image of the same pixels compare equal.
    if bpp == 3:
        rows = [bytearray(b for i in range(0, stride, 3) for b in (*row[i:i + 3], 255)) for row in rows]
    return width, height, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--max-delta", type=int, default=2)
    parser.add_argument("--max-fraction", type=float, default=0.001)
    args = parser.parse_args()
    with open(args.a, "rb") as fa, open(args.b, "rb") as fb:
        if fa.read() == fb.read():
            print("identical files")
            return 0
    wa, ha, ra = decode(args.a)
    wb, hb, rb = decode(args.b)
    if (wa, ha) != (wb, hb):
        print(f"sizes differ: {wa}x{ha} and {wb}x{hb}")
        return 1
    delta, differing = 0, 0
    for row_a, row_b in zip(ra, rb):
        if row_a == row_b:
            continue
        for x in range(0, len(row_a), 4):
            d = max(abs(row_a[x + k] - row_b[x + k]) for k in range(4))
            if d:
                differing += 1
                delta = max(delta, d)
    fraction = differing / (wa * ha)
    print(f"{wa}x{ha}: {differing} pixels differ ({fraction:.4%}), largest channel difference {delta}")
    return 0 if delta <= args.max_delta and fraction <= args.max_fraction else 1


if __name__ == "__main__":
    sys.exit(main())
