#!/usr/bin/env python3
"""Writes the CBZReader seed corpus (Corpus/CBZReader/*.cbz): small archives covering what the reader must handle
(stored and deflated pages, folders and non-page entries, a symlink entry, a zip bomb, a lying size header,
ZIP64 records, an archive comment, an empty archive, WebP/AVIF pages with a ComicInfo.xml). Page bytes are DecodingTests fixtures. Deterministic."""
import io
import os
import struct
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Corpus", "CBZReader")
FIXTURES = os.path.join(HERE, "..", "Tests", "DecodingTests", "Fixtures")
STAMP = (2024, 1, 1, 0, 0, 0)


COMIC_INFO = b"""<?xml version="1.0" encoding="utf-8"?>
<ComicInfo><Title>T &amp; <![CDATA[x]]></Title><Series>S</Series><Number>1</Number><Manga>YesAndRightToLeft</Manga>
<!-- c --><Pages><Page Image="0" Type="FrontCover"/><Page Image='1' DoublePage="True"/><Page Image="7"/></Pages>
</ComicInfo>
"""


def fixture(name):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


def entry(zf, name, data, compress=zipfile.ZIP_DEFLATED, mode=0o644, zip64=False):
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = compress
    info.external_attr = mode << 16
    if zip64:
        with zf.open(info, "w", force_zip64=True) as f:
            f.write(data)
    else:
        zf.writestr(info, data)


def archive(name, fill, comment=b""):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        fill(zf)
        zf.comment = comment
    data = buf.getvalue()
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    return data


def main():
    os.makedirs(OUT, exist_ok=True)
    archive("two_pages.cbz", lambda zf: (
        entry(zf, "page2.jpg", fixture("baseline.jpg"), zipfile.ZIP_STORED),
        entry(zf, "page10.png", fixture("palette4.png")),
        entry(zf, "page1.png", fixture("rgb8.png"))))
    archive("folders.cbz", lambda zf: (
        entry(zf, "vol 1/", b"", zipfile.ZIP_STORED, 0o40755),
        entry(zf, "vol 1/01.png", fixture("grey8.png")),
        entry(zf, "vol 1/notes.txt", b"not a page\n"),
        entry(zf, ".hidden.png", fixture("grey1.png")),
        entry(zf, "vol 2/01.jpeg", fixture("grey.jpg"))))
    archive("symlink.cbz", lambda zf: (
        entry(zf, "a.png", fixture("rgb8.png")),
        entry(zf, "b.png", b"../../../etc/passwd", zipfile.ZIP_STORED, 0o120777)))
    archive("bomb.cbz", lambda zf: (
        entry(zf, "bomb.png", b"\0" * (1 << 20)),
        entry(zf, "ok.png", fixture("palette8.png"))))
    archive("damaged_pages.cbz", lambda zf: (
        entry(zf, "1.png", fixture("truncated.png")),
        entry(zf, "2.jpg", fixture("huge_header.jpg")),
        entry(zf, "3.png", fixture("wrong_magic.png"))))
    archive("zip64.cbz", lambda zf: entry(zf, "p.png", fixture("rgb8.png"), zip64=True))
    archive("comment.cbz", lambda zf: entry(zf, "p.png", fixture("grey8.png"), zipfile.ZIP_STORED),
            comment=b"PK\x05\x06 looks like a record but is a comment")
    archive("empty.cbz", lambda zf: None)
    # Stored, so that mutations reach the XML scanner.
    archive("comicinfo.cbz", lambda zf: (
        entry(zf, "ComicInfo.xml", COMIC_INFO, zipfile.ZIP_STORED),
        entry(zf, "__MACOSX/._ComicInfo.xml", b"\0\5\26\7"),
        entry(zf, "ch1/p1.webp", fixture("lossless.webp"), zipfile.ZIP_STORED),
        entry(zf, "ch1/p2.avif", fixture("lossless.avif"), zipfile.ZIP_STORED),
        entry(zf, "ch10/p1.webp", fixture("animated.webp"), zipfile.ZIP_STORED)))

    # A header that lies: the entry declares 100 uncompressed bytes but inflates to the whole PNG.
    data = bytearray(archive("lying_size.cbz", lambda zf: entry(zf, "p.png", fixture("rgba8.png"))))
    for sig, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = data.index(sig)
        data[at + offset:at + offset + 4] = struct.pack("<I", 100)
    with open(os.path.join(OUT, "lying_size.cbz"), "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
