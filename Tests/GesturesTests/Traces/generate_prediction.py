#!/usr/bin/env python3
"""Generates extra single-finger traces for TouchPredictionTests.swift: motions where extrapolating the
finger is hardest (curves, an abrupt stop, a reversal), beside the straight strokes of generate.py.

Same finger model as generate.py (its Trace class is reused: tremor, digitizer noise, 120 Hz reports with
jitter, integer wrapping millisecond stamps), but these paths are not straight min-jerk segments, so they
are driven here sample by sample.

Run from this directory: python3 generate_prediction.py   (deterministic: fixed seed per trace)
"""
import math

from generate import Trace


def min_jerk(tau):
    tau = min(max(tau, 0.0), 1.0)
    return 10 * tau ** 3 - 15 * tau ** 4 + 6 * tau ** 5


def drive(tr, fid, position_at, ms):
    """Reports finger `fid` at position_at(elapsed ms) every tick for `ms`; returns the last true position."""
    start = tr.t
    while True:
        tr.tick()
        elapsed = tr.t - start
        if elapsed > ms:
            break
        tr.batch({fid: position_at(elapsed)})
    return position_at(ms)


def curved_drag():
    """A corner pulled round a quarter circle (radius 420 px) in 650 ms: the direction keeps turning."""
    tr = Trace("curved_drag", "bottom-right corner dragged along a quarter circle, released while moving", seed=21)
    centre, radius = (1228 - 420, 742), 420.0

    def at(elapsed):
        angle = (math.pi / 2) * min_jerk(elapsed / 650) * 0.92   # released before the end of the arc
        return (centre[0] + radius * math.cos(angle), centre[1] - radius * math.sin(angle))

    tr.down(0, at(0))
    tr.hold({0: at(0)}, 40)
    drive(tr, 0, at, 600)
    tr.tick()
    tr.up(0)
    tr.write()


def drag_abrupt_stop():
    """A brisk drag (about 1800 px/s) that stops within 35 ms, rests 250 ms, then lifts."""
    tr = Trace("drag_abrupt_stop", "fast drag across the right page that stops abruptly, rests, then lifts",
               seed=22)
    a, b = (1200, 500), (760, 470)
    ramp, cruise, brake = 80.0, 170.0, 35.0
    # Ramp and brake are halves of min-jerk profiles whose peak speed is the cruise speed v; a whole
    # min-jerk profile of duration T and peak v covers v*T/1.875.
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    v = length / (ramp / 1.875 + cruise + brake / 1.875)

    def s(elapsed):
        if elapsed < ramp:   # speed rises as the first half of a min-jerk profile of length 2*ramp
            return v * 2 * ramp / 1.875 * min_jerk(elapsed / (2 * ramp))
        d = v * ramp / 1.875
        if elapsed < ramp + cruise:
            return d + v * (elapsed - ramp)
        d += v * cruise
        e = min(elapsed - ramp - cruise, brake)   # second half of a min-jerk profile of length 2*brake
        return d + v * 2 * brake / 1.875 * (min_jerk(0.5 + e / (2 * brake)) - 0.5)

    def at(elapsed):
        f = s(elapsed) / length
        return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)

    tr.down(0, a)
    tr.hold({0: a}, 30)
    end = drive(tr, 0, at, ramp + cruise + brake)
    tr.hold({0: end}, 250)
    tr.tick()
    tr.up(0)
    tr.write()


def drag_reversal():
    """A curl pulled halfway, then taken back without a pause: the motion reverses at speed zero."""
    tr = Trace("drag_reversal", "corner pulled left to mid-page, then pushed back right without pausing",
               seed=23)
    a, b, c = (1225, 735), (820, 640), (1150, 700)
    out, back = 420.0, 380.0

    def at(elapsed):
        if elapsed < out:
            f, p, q = min_jerk(elapsed / out), a, b
        else:
            f, p, q = min_jerk((elapsed - out) / back), b, c
        return (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)

    tr.down(0, a)
    tr.hold({0: a}, 30)
    drive(tr, 0, at, out + back * 0.85)
    tr.tick()
    tr.up(0)
    tr.write()


if __name__ == "__main__":
    for make in (curved_drag, drag_abrupt_stop, drag_reversal):
        make()
