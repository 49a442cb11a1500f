#!/usr/bin/env python3
"""What hostile control clients cost the frame loop. Runs recto under headless weston (1920x1080, the test seat
module) and
  - drags a held corner back and forth (strokes of 40 moves 16 ms apart), first quiet, then while threads send
    garbage, 10 MB lines and bursts of 1000 `status` requests over and over: frames committed per move (from
    `status`'s `frames`), with clients against without, alternating rounds so load drifts hit both alike;
  - lets a client fire 5000 requests and hang up after the first answer: the CPU ticks recto uses in each of the
    next 5 seconds (a loop left polling the closed client spins a core: 100 ticks a second).
Per move, not per second: this script's own hostile threads slow the moves it sends, which lowers the rate without
recto falling behind; recto falling behind shows as moves taken together into one frame.

    scripts/control-load.py [--recto .build/release/recto] [--book Assets/DemoBook] [--rounds 3]
Exits 1 if the drag with hostile clients draws under 0.9 of its quiet frames a move, or no second after the
hang-up is quiet (at most 15 ticks).
"""
import argparse, os, socket, threading, time

from weston_session import ROOT, WestonSession, load_average

W, H = 1920, 1080
def corner():
    """10 px in from the bottom right of the right-hand page of the demo book's spread (pages 1600 x 2240, a margin
    of 2 % of the window's smaller side)."""
    m = 0.02 * min(W, H)
    scale = min((H - 2 * m) / 2240, (W / 2 - m) / 1600)
    w, h = round(1600 * scale), round(2240 * scale)
    return W // 2 + w - 10, (H - h) // 2 + h - 10

def request(path, line):
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(path); s.sendall(line.encode() + b"\n")
        return s.makefile().readline()

def frames(path):
    import json
    return json.loads(request(path, "status"))["frames"]

def hostile(path, stop):
    """Three threads that attack until `stop` is set; returns them and their counts of rounds."""
    counts = {"garbage": 0, "10 MB line": 0, "burst": 0}
    def garbage():
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(path); s.sendall(b"\xff\x00\x1b\x01garbage\nstatus please\nstatus\n")
            f = s.makefile("rb")
            for _ in range(3): f.readline()
    def long_line():
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(path); s.settimeout(10)
            try: s.sendall(b"x" * (10 << 20))
            except OSError: pass
    def burst():
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(path); s.sendall(b"status\n" * 1000)
            f = s.makefile("rb")
            for _ in range(1000):
                if not f.readline(): break
    def loop(name, attack):
        while not stop.is_set():
            try: attack()
            except OSError: pass
            counts[name] += 1
    threads = [threading.Thread(target=loop, args=(n, a), daemon=True)
               for n, a in (("garbage", garbage), ("10 MB line", long_line), ("burst", burst))]
    for t in threads: t.start()
    return threads, counts

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recto", default=os.path.join(ROOT, ".build/release/recto"))
    ap.add_argument("--book", default=os.path.join(ROOT, "Assets/DemoBook"))
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    failures = []
    with WestonSession("control-load", W, H) as session:
        cmd = session.cmd
        recto = session.start_recto([args.recto, args.book, "--log-events", "--no-config", "--disk-cache-mb", "0"])
        ready = recto.wait_for(lambda e: e["event"] == "ready", 0, 30)
        if not ready or not recto.wait_for(lambda e: e["event"] == "shown", 0, 30): raise SystemExit("recto showed no page")
        path = ready["control"]
        time.sleep(1.0)
        x, y = corner()
        cmd(f"touch-down 0 {x} {y}"); cmd("touch-frame")

        def stroke(i):
            a, b = (x - 100, x - 700) if i % 2 == 0 else (x - 700, x - 100)
            for k in range(1, 41):
                cmd(f"touch-motion 0 {a + (b - a) * k / 40} {y - 50 - 100 * k / 40}"); cmd("touch-frame")
                time.sleep(0.016)

        def per_move(strokes):
            start = frames(path)
            for i in range(strokes): stroke(i)
            return (frames(path) - start) / (strokes * 40)

        quiet, loaded = [], []
        for _ in range(args.rounds):
            quiet.append(per_move(4))
            stop = threading.Event()
            threads, counts = hostile(path, stop)
            loaded.append(per_move(4))
            stop.set()
            for t in threads: t.join(30)
        cmd("touch-up 0"); cmd("touch-frame")
        q, l = sum(quiet) / len(quiet), sum(loaded) / len(loaded)
        print(f"frames a move: quiet {' '.join(f'{v:.2f}' for v in quiet)} (mean {q:.2f}), "
              f"hostile {' '.join(f'{v:.2f}' for v in loaded)} (mean {l:.2f}), ratio {l / q:.2f}")
        if l < 0.9 * q: failures.append(f"hostile clients cost frames: {l:.2f} a move against {q:.2f}")

        s = socket.socket(socket.AF_UNIX); s.connect(path); s.sendall(b"status\n" * 5000)
        s.makefile("rb").readline(); s.close()
        def ticks():
            with open(f"/proc/{recto.pid}/stat") as f: fields = f.read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])
        seconds = []
        for _ in range(5):
            before = ticks(); time.sleep(1.0); seconds.append(ticks() - before)
        print(f"after a client hung up mid-burst, ticks a second: {seconds}")
        if min(seconds) > 15: failures.append(f"the loop never went quiet: {seconds} ticks a second")
        print(f"load average {load_average()}")
        recto.stop()
    for f in failures: print("FAIL:", f)
    raise SystemExit(1 if failures else 0)

if __name__ == "__main__":
    main()
