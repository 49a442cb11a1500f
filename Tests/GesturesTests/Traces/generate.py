#!/usr/bin/env python3
"""Generates the JSON-lines touch traces replayed by TraceTests.swift.

Motion is modelled on recorded human finger strokes: minimum-jerk position profiles (the classic model of
point-to-point hand motion), a slight sideways bow, 8-12 Hz physiological tremor of a few tenths of a pixel,
digitizer noise, and a 120 Hz report rate whose intervals jitter by about a millisecond. Timestamps are integer
milliseconds in Wayland's wrapping 32-bit clock, as wl_touch delivers them; one trace crosses the 2^32 wrap.
Like weston 10, a wl_touch.frame follows each batch of motion but none follows the last up.

Scene (shared with TraceTests.swift): a 1280x800 window showing a spread, left page (40,40,600,720),
right page (640,40,600,720).

Run from this directory: python3 generate.py   (deterministic: fixed seed per trace)
"""
import json
import math
import random

WRAP = 2 ** 32


class Trace:
    def __init__(self, name, description, seed, t0=10_000):
        self.name = name
        self.rng = random.Random(seed)
        self.t = float(t0)
        self.lines = [{"type": "meta", "description": description, "width": 1280, "height": 800}]
        self.tremor_phase = self.rng.uniform(0, 2 * math.pi)
        self.tremor_hz = self.rng.uniform(8, 12)

    def stamp(self):
        return int(round(self.t)) % WRAP

    def tick(self):
        self.t += 1000 / 120 + self.rng.gauss(0, 0.9)

    def wait(self, ms):
        self.t += ms

    def noisy(self, p):
        a = 0.35 * math.sin(2 * math.pi * self.tremor_hz * self.t / 1000 + self.tremor_phase)
        return (round(p[0] + a + self.rng.gauss(0, 0.25), 2), round(p[1] + 0.7 * a + self.rng.gauss(0, 0.25), 2))

    def emit(self, kind, fid=None, p=None, frame=True):
        line = {"type": kind, "time": self.stamp()}
        if fid is not None:
            line["id"] = fid
        if p is not None:
            line["x"], line["y"] = self.noisy(p)
        self.lines.append(line)
        if frame:
            self.lines.append({"type": "frame"})

    def down(self, fid, p):
        self.emit("down", fid, p)

    def up(self, fid, frame=False):
        self.emit("up", fid, frame=frame)

    def hold(self, positions, ms):
        """Fingers resting: the digitizer still reports tremor-sized motion."""
        end = self.t + ms
        while True:
            self.tick()
            if self.t > end:
                break
            self.batch(positions)

    def batch(self, positions):
        for fid, p in positions.items():
            x, y = self.noisy(p)
            self.lines.append({"type": "motion", "time": self.stamp(), "id": fid, "x": x, "y": y})
        self.lines.append({"type": "frame"})

    def move(self, paths, ms, stop_at=1.0, bow=0.0):
        """Moves fingers along min-jerk paths {id: (start, end)} over `ms`; stops reporting at `stop_at`."""
        start_t = self.t
        while True:
            self.tick()
            tau = (self.t - start_t) / ms
            if tau > stop_at:
                break
            s = 10 * tau ** 3 - 15 * tau ** 4 + 6 * tau ** 5
            positions = {}
            for fid, (a, b) in paths.items():
                dx, dy = b[0] - a[0], b[1] - a[1]
                length = math.hypot(dx, dy) or 1
                off = bow * math.sin(math.pi * s)
                positions[fid] = (a[0] + dx * s - dy / length * off, a[1] + dy * s + dx / length * off)
            self.batch(positions)
        return {fid: self.last_position(fid) for fid in paths}

    def last_position(self, fid):
        for line in reversed(self.lines):
            if line.get("id") == fid and "x" in line:
                return (line["x"], line["y"])
        raise KeyError(fid)

    def write(self):
        with open(self.name + ".jsonl", "w") as f:
            for line in self.lines:
                f.write(json.dumps(line, separators=(",", ":")) + "\n")


def corner_drag_commit():
    tr = Trace("corner_drag_commit", "bottom-right corner dragged across the page, released while moving",
               seed=1, t0=WRAP - 300)
    tr.down(0, (1228, 742))
    tr.hold({0: (1228, 742)}, 60)
    tr.move({0: ((1228, 742), (300, 540))}, 700, stop_at=0.8, bow=-30)
    tr.tick()
    tr.up(0)
    tr.write()


def short_slow_drag():
    tr = Trace("short_slow_drag", "corner dragged 80 px slowly, held still, released", seed=2)
    tr.down(0, (1230, 740))
    tr.hold({0: (1230, 740)}, 40)
    end = tr.move({0: ((1230, 740), (1150, 722))}, 900)
    tr.hold({0: end[0]}, 220)
    tr.tick()
    tr.up(0)
    tr.write()


def corner_flick():
    tr = Trace("corner_flick", "short fast flick from the bottom-right corner", seed=3)
    tr.down(0, (1225, 700))
    tr.move({0: ((1225, 700), (1040, 680))}, 110, stop_at=0.75)
    tr.tick()
    tr.up(0)
    tr.write()


def fast_flick():
    tr = Trace("fast_flick", "fast leftward swipe in the middle of the right page", seed=4)
    tr.down(0, (900, 420))
    tr.move({0: ((900, 420), (660, 438))}, 140, stop_at=0.8, bow=6)
    tr.tick()
    tr.up(0)
    tr.write()


def tap():
    tr = Trace("tap", "single tap in the right third, outside the grab zones", seed=5)
    tr.down(0, (1100, 300))
    tr.hold({0: (1100.6, 300.4)}, 70)
    tr.up(0)
    tr.write()


def double_tap():
    tr = Trace("double_tap", "double tap in the right third", seed=6)
    tr.down(0, (1120, 420))
    tr.hold({0: (1120.5, 420.3)}, 65)
    tr.up(0)
    tr.wait(150)
    tr.down(1, (1124, 425))
    tr.hold({1: (1124.4, 425.2)}, 60)
    tr.up(1)
    tr.write()


def pinch():
    tr = Trace("pinch", "two fingers spread to twice their distance, with a little twist and drift", seed=7)
    tr.down(0, (560, 400))
    tr.tick()
    tr.down(1, (720, 404))
    tr.hold({0: (560, 400), 1: (720, 404)}, 30)
    tr.move({0: ((560, 400), (410, 390)), 1: ((720, 404), (726, 440))}, 520)
    tr.tick()
    tr.up(1)
    tr.wait(12)
    tr.up(0)
    tr.write()


def second_finger_during_curl():
    tr = Trace("second_finger_during_curl", "corner drag interrupted by a second finger, then a pinch", seed=8)
    tr.down(0, (1228, 742))
    end = tr.move({0: ((1228, 742), (1060, 690))}, 280, stop_at=0.9)
    tr.tick()
    tr.down(1, (700, 400))
    tr.move({0: (end[0], (1120, 720)), 1: ((700, 400), (620, 380))}, 400)
    tr.tick()
    tr.up(0)
    tr.wait(20)
    tr.up(1)
    tr.write()


def pinch_to_pan():
    tr = Trace("pinch_to_pan", "pinch, one finger lifts, the other keeps moving fast and releases", seed=9)
    tr.down(0, (600, 420))
    tr.tick()
    tr.down(1, (760, 420))
    tr.move({0: ((600, 420), (520, 420)), 1: ((760, 420), (860, 430))}, 400)
    tr.tick()
    tr.up(1, frame=True)
    tr.move({0: ((520, 420), (300, 430))}, 200, stop_at=0.8)
    tr.tick()
    tr.up(0)
    tr.write()


if __name__ == "__main__":
    for make in (corner_drag_commit, short_slow_drag, corner_flick, fast_flick, tap, double_tap, pinch,
                 second_finger_during_curl, pinch_to_pan):
        make()
