#!/usr/bin/env python3
"""Exec → first frame of several recto binaries under one private headless weston, runs interleaved.

Usage: deb-startup.py [--module recto-test-seat.so] [--runs 5] [--size 1920x1080] NAME=BINARY...
Each run starts `BINARY --no-config --log-events` (its bundled demo book) and takes recto's `ready` and
`shown` stamps (CLOCK_MONOTONIC ms) minus the monotonic time just before the exec. The binaries take turns,
rotating who goes first; one warm-up run each (Mesa's shader cache, the page cache) is not counted.
Prints the medians. scripts/test-deb.sh uses it to compare the packaged (static) binary with the release build.
"""
import argparse, os, shutil, statistics, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from weston_session import WestonSession, load_average, now_ms  # noqa: E402


def run_once(session, binary):
    """One start: {event: ms after exec} for ready and shown."""
    # A cold disk cache of decoded pages each time: the first start after installing.
    cache = tempfile.mkdtemp(prefix="cache-", dir=session.work)
    t0 = now_ms()
    recto = session.start_recto([binary, "--no-config", "--log-events"], {"XDG_CACHE_HOME": cache, "XDG_STATE_HOME": cache})
    try:
        found = {name: recto.wait_for(lambda e, name=name: e["event"] == name, 0, 30) for name in ("ready", "shown")}
    finally:
        recto.stop()
        session.rectos.remove(recto)
        shutil.rmtree(cache, ignore_errors=True)
    if None in found.values():
        raise SystemExit(f"{binary}: no ready/shown events")
    return {name: round(e["t"] - t0, 1) for name, e in found.items()}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--module", help="the tests' weston seat module, built already (kiosk-shell maps nothing without a seat); "
                   "else weston_session builds one")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--size", default="1920x1080")
    p.add_argument("binaries", nargs="+", metavar="NAME=BINARY")
    args = p.parse_args()
    binaries = dict(b.split("=", 1) for b in args.binaries)
    names = list(binaries)
    results = {n: [] for n in names}
    w, h = (int(x) for x in args.size.split("x"))
    with WestonSession("recto-startup", w, h, module=os.path.abspath(args.module) if args.module else None) as session:
        for i in range(-1, args.runs):
            order = names[i % len(names):] + names[:i % len(names)]
            for name in order:
                r = run_once(session, binaries[name])
                if i >= 0:
                    results[name].append(r)
    load = load_average()
    print(f"exec → first frame at {args.size}, demo book, {args.runs} interleaved runs each (load {load}):")
    for name in names:
        ready = [r["ready"] for r in results[name]]
        shown = [r["shown"] for r in results[name]]
        print(f"  {name:8} ready median {statistics.median(ready):6.1f} ms  shown median "
              f"{statistics.median(shown):6.1f} ms   (ready: {' '.join(str(x) for x in ready)})")


if __name__ == "__main__":
    main()
