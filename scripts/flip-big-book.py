#!/usr/bin/env python3
"""Stress: read a large book (scripts/make-big-book.sh) through N quick page turns under headless
weston and report recto's peak RSS (VmHWM), the longest frame cost and the frame-callback intervals.

    scripts/flip-big-book.py BOOK [--turns 1000] [--interval 0.05] [--recto .build/release/recto] [--cache-mb MB]
                             [--memory-map] [--drag SECONDS]

Key turns pressed faster than the pages decode wait for them, at most four (recto's TurnGate.bound); a press
beyond that is carried by the last waiting turn, which then lands a spread further (turns_carried; its leaf skips
the spreads between): spreads moved = presses, unless the book ends first.
--drag: instead of keys, finger drags from the right page's corner across the left page, one after another for
SECONDS, each onto a spread never shown before; a drag onto pages not decoded yet waits under the finger
(drags_held), and no frame may show a page without its image (frames_missing_pages).

Without --cache-mb recto runs with its default page budget (the issue's "default settings"). Resident size is
also sampled 20 times a second, to tell a steady level from a short peak; --memory-map prints where the
resident memory lies (by mapping: anonymous, the GL driver, the binary) after the first page and at the end.
"""
import argparse, os, subprocess, sys, threading, time

from weston_session import ROOT, WestonSession

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("book")
    ap.add_argument("--turns", type=int, default=1000)
    ap.add_argument("--interval", type=float, default=0.05, help="seconds between key presses")
    ap.add_argument("--recto", default=os.path.join(ROOT, ".build/release/recto"))
    ap.add_argument("--cache-mb", type=int, default=None, help="page budget (default: recto's own default)")
    ap.add_argument("--memory-map", action="store_true", help="print resident memory by mapping")
    ap.add_argument("--drag", type=float, metavar="SECONDS", help="corner drags for SECONDS instead of key presses")
    ap.add_argument("--settle", type=float, default=1.5, help="seconds recto runs on after the last press")
    ap.add_argument("--events", action="store_true", help="print the turn and page events")
    args = ap.parse_args()
    with WestonSession("flip", debug=True) as session:
        cmd = session.cmd
        budget = [] if args.cache_mb is None else ["--cache-mb", str(args.cache_mb)]
        recto = session.start_recto([args.recto, args.book, "--log-events", "--no-config", "--stats", "--disk-cache-mb", "0"]
                                    + budget)
        events = recto.events
        if recto.wait_for(lambda e: e["event"] == "shown", 0, 30) is None:
            raise SystemExit("recto showed no page: " + recto.stop())
        def status(key):
            for l in open(f"/proc/{recto.pid}/status"):
                if l.startswith(key): return int(l.split()[1])
        samples = []
        sampling = threading.Event()
        def sample():
            while not sampling.wait(0.05):
                try: samples.append((time.time() - started, status("VmRSS")))
                except (OSError, TypeError): return
        first = status("VmRSS")
        if args.memory_map: print("after the first page:\n" + resident_by_mapping(recto.pid))
        started = time.time()
        sampler = threading.Thread(target=sample, daemon=True); sampler.start()
        presses = 0
        if args.drag:
            presses = drag_sweep(cmd, args.drag)
        else:
            for i in range(args.turns):
                cmd("key 106 1"); cmd("key 106 0")
                time.sleep(args.interval)
                presses += 1
        elapsed = time.time() - started
        time.sleep(args.settle)
        peak = status("VmHWM")
        sampling.set(); sampler.join()
        if args.memory_map: print("at the end:\n" + resident_by_mapping(recto.pid))
        err = recto.stop()
        pages = [e for e in events if e["event"] == "page"]
        if args.events:
            for e in events:
                if e["event"] in ("page", "flip", "turn-waits", "turn-carried", "turn-refused", "turns-cleared"):
                    print(" ", {k: v for k, v in e.items() if k != "t"}, f"t={e['t'] - events[0]['t']:.0f}")
        stats = [e for e in events if e["event"] == "stats"]
        last = stats[-1] if stats else {}
        counted = lambda name: sum(1 for e in events if e["event"] == name)
        print(f"{'drags' if args.drag else 'turns'} sent {presses} in {elapsed:.1f} s; page events {len(pages)}; "
              f"last page {pages[-1]['page'] if pages else '-'}; turns that waited for their pages {counted('turn-waits')}, "
              f"carried by the last waiting turn {counted('turn-carried')}, refused {counted('turn-refused')}, "
              f"cleared {counted('turns-cleared')}; "
              f"drags held for their pages {counted('drag-held')}, lifted while held {counted('drag-lifted')}")
        print(f"peak RSS (VmHWM) {peak/1024:.1f} MiB; exit status {recto.process.returncode}")
        if samples:
            top = max(samples, key=lambda s: s[1])
            tenths = [samples[min(len(samples) - 1, len(samples) * k // 10)][1] / 1024 for k in range(1, 11)]
            print(f"RSS after the first page {first/1024:.1f} MiB; sampled max {top[1]/1024:.1f} MiB at {top[0]:.1f} s; "
                  "at each tenth of the run " + " ".join(f"{v:.0f}" for v in tenths) + " MiB")
        print(f"frame cost p50 {last.get('frame_p50')} ms, p99 {last.get('frame_p99')} ms, max {last.get('frame_max')} ms; "
              f"frames {last.get('frames')} / callbacks {last.get('callbacks')}; textures {last.get('textures')}; GL errors {last.get('gl_errors')}; "
              f"frames showing a page not yet decoded {last.get('frames_missing_pages')}")
        print(err.strip().splitlines()[-14:] and "\n".join(err.strip().splitlines()[-14:]))

def drag_sweep(cmd, seconds, width=1920, height=1080, page_w=2000, page_h=2800, margin=0.02):
    """Forward drags, one after another for `seconds`: down 10 px inside the right page's bottom corner, across
    to the left page in 16 ms steps (about a quarter of a second), up. Returns how many."""
    m = round(margin * min(width, height))
    s = min((height - 2 * m) / page_h, (width / 2 - m) / page_w)
    w, h = page_w * s, page_h * s
    top, spine = (height - h) / 2, width / 2
    x0, y0 = spine + w - 10, top + h - 10
    x1, y1 = spine - w + 40, top + h - 80
    drags, end = 0, time.time() + seconds
    while time.time() < end:
        cmd(f"touch-down 0 {x0:.1f} {y0:.1f}"); cmd("touch-frame")
        for k in range(1, 17):
            time.sleep(0.016)
            f = k / 16
            cmd(f"touch-motion 0 {x0 + (x1 - x0) * f:.1f} {y0 + (y1 - y0) * f:.1f}"); cmd("touch-frame")
        cmd("touch-up 0"); cmd("touch-frame")
        drags += 1
        time.sleep(0.05)
    return drags

def resident_by_mapping(pid):
    """Resident KiB by mapping name from /proc/PID/smaps, largest first ([anon] = heap, mmap'd buffers, stacks)."""
    totals, name = {}, None
    for line in open(f"/proc/{pid}/smaps"):
        fields = line.split()
        if "-" in fields[0] and not fields[0].endswith(":"):
            name = fields[5] if len(fields) > 5 else "[anon]"
            if name.startswith("[stack"): name = "[stack]"
        elif fields[0] == "Rss:":
            totals[name] = totals.get(name, 0) + int(fields[1])
    rows = sorted(totals.items(), key=lambda kv: -kv[1])
    return "\n".join(f"  {kb/1024:8.1f} MiB  {name}" for name, kb in rows[:12] if kb >= 1024)

if __name__ == "__main__":
    main()
