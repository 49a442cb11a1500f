#!/usr/bin/env python3
"""How soon a turn answers. Runs recto under headless weston (1920x1080, the test seat module) and
  - taps the outer thirds N times (alternately forward and backward, each once the last turn has landed):
    lift -> the turn's `flip begin` event (p50 / p95 / max, against the 60 Hz output's frame time, 16.7 ms);
  - presses Right/Left N times the same way: key press -> the turn's `page` event (the turn has settled);
  - double-taps the middle (must zoom, then zoom back) and a turning zone (must turn twice, never zoom).
Times are CLOCK_MONOTONIC on both sides: the script's just before it sends the lift or press, recto's `t`.

    scripts/turn-latency.py [--recto .build/release/recto] [--book Assets/DemoBook] [--count 20]
Exits 1 if the tap p95 exceeds one frame time, a key turn's p95 exceeds 500 ms, or a double tap does the wrong
thing.
"""
import argparse, os, time

from weston_session import ROOT, WestonSession, load_average, now_ms, percentile

FRAME_MS = 1000 / 60
W, H = 1920, 1080

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recto", default=os.path.join(ROOT, ".build/release/recto"))
    ap.add_argument("--book", default=os.path.join(ROOT, "Assets/DemoBook"))
    ap.add_argument("--count", type=int, default=20)
    args = ap.parse_args()
    failures = []
    with WestonSession("latency", W, H) as session:
        cmd = session.cmd
        recto = session.start_recto([args.recto, args.book, "--log-events", "--no-config", "--disk-cache-mb", "0"])
        events, cv, wait = recto.events, recto.cv, recto.wait_for
        if not wait(lambda e: e["event"] == "shown", 0, 30): raise SystemExit("recto showed no page")
        time.sleep(1.0)  # start-up work (GL, neighbours' decodes) out of the way

        def tap(x, y, hold=0.05):
            cmd(f"touch-down 0 {x} {y}"); cmd("touch-frame")
            time.sleep(hold)
            up = now_ms()
            cmd("touch-up 0"); cmd("touch-frame")
            return up

        taps, keys = [], []
        for i in range(args.count):
            forward = i % 2 == 0
            mark = len(events)
            up = tap(W * 5 / 6 if forward else W / 6, H / 2)
            e = wait(lambda e: e["event"] == "flip" and e["phase"] == "begin", mark)
            if e is None: failures.append(f"tap {i + 1}: no flip begin"); continue
            taps.append(e["t"] - up)
            if not wait(lambda e: e["event"] == "page", mark): failures.append(f"tap {i + 1}: no page event")
            time.sleep(0.3)
        for i in range(args.count):
            code = 106 if i % 2 == 0 else 105
            mark = len(events)
            press = now_ms()
            cmd(f"key {code} 1"); cmd(f"key {code} 0")
            e = wait(lambda e: e["event"] == "page", mark)
            if e is None: failures.append(f"key {i + 1}: no page event"); continue
            keys.append(e["t"] - press)
            time.sleep(0.3)

        # Double taps: the middle zooms (and again for fit); a turning zone turns twice and never zooms.
        def double(x, y):
            mark = len(events)
            tap(x, y); time.sleep(0.1); tap(x + 4, y + 4)
            return mark
        mark = double(W / 2, H / 2)
        zoomed = wait(lambda e: e["event"] == "zoom", mark, 3)
        time.sleep(1.0)
        mark2 = double(W / 2, H / 2)
        unzoomed = wait(lambda e: e["event"] == "zoom", mark2, 3)
        time.sleep(1.0)
        middle_ok = zoomed is not None and zoomed["scale"] > 1.5 and unzoomed is not None and abs(unzoomed["scale"] - 1) < 0.01
        if not middle_ok: failures.append(f"middle double tap: zoom {zoomed}, then {unzoomed}")
        mark = double(W * 5 / 6, H / 2)
        time.sleep(1.5)
        with cv: after = events[mark:]
        begins = [e for e in after if e["event"] == "flip" and e["phase"] == "begin"]
        zooms = [e for e in after if e["event"] == "zoom"]
        if len(begins) != 2 or zooms: failures.append(f"double tap on a turning zone: {len(begins)} turns, {len(zooms)} zooms")

        with cv: waited = sum(1 for e in events if e["event"] == "turn-waits")
        print(f"load {load_average()}; turns that waited for their pages: {waited}")
        print(f"tap lift -> flip begin over {len(taps)} taps: p50 {percentile(taps, 50):.1f} ms, "
              f"p95 {percentile(taps, 95):.1f} ms, max {max(taps):.1f} ms (frame time {FRAME_MS:.1f} ms)")
        print(f"key press -> page over {len(keys)} presses: p50 {percentile(keys, 50):.0f} ms, "
              f"p95 {percentile(keys, 95):.0f} ms, max {max(keys):.0f} ms (limit 500 ms)")
        print(f"double tap in the middle: zoom to {zoomed and zoomed['scale']}, then {unzoomed and unzoomed['scale']}; "
              f"on a turning zone: {len(begins)} turns, {len(zooms)} zooms")
        if taps and percentile(taps, 95) > FRAME_MS: failures.append("tap p95 over one frame time")
        if keys and percentile(keys, 95) > 500: failures.append("key p95 over 500 ms")
    if failures:
        print("FAILED: " + "; ".join(failures)); raise SystemExit(1)

if __name__ == "__main__":
    main()
