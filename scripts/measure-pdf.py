#!/usr/bin/env python3
"""PDF figures under a private headless weston (1920x1080), in one run:

  exec -> first page shown for a 300-page PDF (cold disk cache), against `pdftoppm -scale-to` writing that page at
    the size it is shown (medians, runs interleaved);
  peak RSS of recto plus its recto-pdf helpers over 300 key turns at 20 turns/s, against the same turns of the
    1000-page image book's budget (cache-mb);
  the time for the 8x region to arrive after a pinch settles (the `region` event's wait_ms, and zoom -> region).

  measure-pdf.py [--runs 5] [--recto PATH] [--json FILE] [--image-book DIR]
  measure-pdf.py --write-pdf FILE [--pages N]      only write the generated PDF
Python 3 standard library, weston, pdftoppm. The PDF is generated (text, vector art, an image every 10 pages).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time, zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import measure  # noqa: E402  (Weston, Lines, events, wait_event, mono_ms)

KEY_RIGHT = 106


def make_pdf(path, pages=300):
    """A PDF of `pages` A4 pages: Helvetica body text, a filled and a stroked shape, a small image every 10th."""
    objects = []

    def add(body):
        objects.append(body)
        return len(objects)

    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    pixels = bytes(((x * 7 + y * 3) % 256) for y in range(64) for x in range(64 * 3))
    data = zlib.compress(pixels)
    image = add(b"<< /Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceRGB "
                b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n" % len(data) + data + b"\nendstream")
    tree = len(objects) + 1 + 2 * pages  # the pages object comes last
    kids = []
    for n in range(1, pages + 1):
        lines = "".join(f"(Page {n}, line {i}: the quick brown fox jumps over the lazy dog.) Tj T*\n"
                        for i in range(1, 40))
        ops = (f"BT /F1 11 Tf 14 TL 60 780 Td\n{lines}ET\n"
               f"0.8 0.2 0.1 rg 380 60 150 150 re f 0 0 0.6 RG 3 w 60 80 m 160 220 260 60 360 200 c S\n")
        if n % 10 == 0:
            ops += "q 120 0 0 120 400 300 cm /Im1 Do Q\n"
        content = ops.encode()
        c = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] /Contents %d 0 R "
                        b"/Resources << /Font << /F1 %d 0 R >> /XObject << /Im1 %d 0 R >> >> >>" % (tree, c, font, image)))
    assert add(b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % pages) == tree
    root = add(b"<< /Type /Catalog /Pages %d 0 R >>" % tree)
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, xref)
    Path(path).write_bytes(out)


def rss_kb(pid):
    """VmRSS of `pid` and of its children (the PDF helpers), kB."""
    total = 0
    try:
        total += int(next(l for l in open(f"/proc/{pid}/status") if l.startswith("VmRSS:")).split()[1])
        for task in os.listdir(f"/proc/{pid}/task"):
            for child in open(f"/proc/{pid}/task/{task}/children").read().split():
                total += rss_kb(int(child))
    except (OSError, StopIteration):
        pass
    return total


def startup(w, pdf, runs):
    shown_ms, pdftoppm_ms = [], []
    out = Path(tempfile.mkdtemp(prefix="pdftoppm-", dir=measure.WORK))
    for _ in range(runs):
        cache = tempfile.mkdtemp(prefix="cold-", dir=measure.WORK)  # no decoded page from an earlier run
        t0 = measure.mono_ms()
        p = w.launch([ARGS.recto, pdf, "--log-events", "--no-config", "--kiosk"],
                     env_extra={"XDG_CACHE_HOME": cache, "XDG_STATE_HOME": cache})
        shown = measure.wait_event(p.out, "shown", 30)
        if shown is None:
            raise SystemExit(f"recto showed no page: {p.err.snapshot()[-5:]}")
        shown_ms.append(shown[1]["t"] - t0)
        p.stop()
        t0 = time.monotonic()
        subprocess.run(["pdftoppm", "-png", "-f", "1", "-l", "1", "-scale-to-x", "733", "-scale-to-y", "1037",
                        pdf, str(out / "p")], check=True)
        pdftoppm_ms.append((time.monotonic() - t0) * 1000)
    return statistics.median(shown_ms), statistics.median(pdftoppm_ms), shown_ms, pdftoppm_ms


def turns(w, book, extra=()):
    """Peak RSS (kB, recto + helpers) over 300 turns at 20/s."""
    p = w.launch([ARGS.recto, book, "--log-events", "--no-config", "--kiosk", *extra])
    if measure.wait_event(p.out, "renderer", 30) is None:
        raise SystemExit(f"recto did not start: {p.err.snapshot()[-5:]}")
    peak = rss_kb(p.pid)
    for _ in range(300):
        w.key(KEY_RIGHT)
        time.sleep(0.05)
        peak = max(peak, rss_kb(p.pid))
    for _ in range(40):  # the last decodes and renders land
        time.sleep(0.05)
        peak = max(peak, rss_kb(p.pid))
    pages = [e["page"] for e in measure.events(p.out) if e.get("event") == "page"]
    p.stop()
    return peak, (pages[-1] if pages else 1)


def zoom_region(w, pdf):
    p = w.launch([ARGS.recto, pdf, "--log-events", "--no-config", "--kiosk"])
    measure.wait_event(p.out, "renderer", 30)
    scale = 1036.8 / 842
    cx, cy = 960 + 150 * scale, 21.6 + 80 * scale
    w.send(f"touch-down 0 {cx - 25:.1f} {cy:.1f}")
    w.send(f"touch-down 1 {cx + 25:.1f} {cy:.1f}")
    w.send("touch-frame")
    for i in range(1, 15):
        half = 25 + 175 * i / 14
        w.send(f"touch-motion 0 {cx - half:.1f} {cy:.1f}")
        w.send(f"touch-motion 1 {cx + half:.1f} {cy:.1f}")
        w.send("touch-frame")
        time.sleep(0.016)
    w.send("touch-up 0")
    w.send("touch-up 1")
    w.send("touch-frame")
    zoom = measure.wait_event(p.out, "zoom", 10)
    region = measure.wait_event(p.out, "region", 15)
    p.stop()
    if not zoom or not region:
        return None, None, None
    return zoom[1]["scale"], region[1]["wait_ms"], region[1]["t"] - zoom[1]["t"]


def main():
    global ARGS
    a = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    a.add_argument("--recto", default=str(measure.REPO / ".build/release/recto"))
    a.add_argument("--runs", type=int, default=5)
    a.add_argument("--image-book", help="a 1000-page image book for the RSS comparison (scripts/make-big-book.sh)")
    a.add_argument("--json", metavar="FILE")
    a.add_argument("--write-pdf", metavar="FILE", help="only write the generated PDF (with --pages pages) and exit")
    a.add_argument("--pages", type=int, default=300)
    ARGS = a.parse_args()
    if ARGS.write_pdf:
        make_pdf(ARGS.write_pdf, ARGS.pages)
        return
    measure.ARGS = ARGS
    measure.WORK.mkdir(mode=0o700, exist_ok=True)
    pdf = str(measure.WORK / "book-300.pdf")
    make_pdf(pdf, ARGS.pages)
    result = {}
    with measure.Weston(1920, 1080) as w:
        shown, ppm, all_shown, all_ppm = startup(w, pdf, ARGS.runs)
        result.update(shown_ms=shown, pdftoppm_ms=ppm, ratio=shown / ppm, shown_runs=all_shown, pdftoppm_runs=all_ppm)
        result["pdf_peak_rss_kb"], result["pdf_last_page"] = turns(w, pdf)
        if ARGS.image_book:
            result["image_peak_rss_kb"], result["image_last_page"] = turns(w, ARGS.image_book)
        result["zoom_scale"], result["region_wait_ms"], result["zoom_to_region_ms"] = zoom_region(w, pdf)
    print(f"exec -> first PDF page shown: {shown:.0f} ms (median of {ARGS.runs}); "
          f"pdftoppm of that page at 733x1037: {ppm:.0f} ms; ratio {shown / ppm:.2f}")
    print(f"300 turns at 20/s: peak RSS recto + helpers {result['pdf_peak_rss_kb'] / 1024:.0f} MiB "
          f"(reached page {result['pdf_last_page']})"
          + (f"; image book {result['image_peak_rss_kb'] / 1024:.0f} MiB" if ARGS.image_book else ""))
    print(f"pinch to {result['zoom_scale']}x: region after {result['region_wait_ms']} ms from its request, "
          f"{result['zoom_to_region_ms']} ms after the zoom event")
    if ARGS.json:
        Path(ARGS.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
