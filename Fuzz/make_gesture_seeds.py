#!/usr/bin/env python3
"""Writes the GestureStream seed corpus (Corpus/GestureStream/*.bin): short, hand-made gestures in the byte
format that Fuzz/GestureStream/StreamRun.swift decodes, so libFuzzer starts from streams that already reach
curls, flicks, pans, pinches, wheel, keys and cancels. Deterministic; rerun after changing that format."""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Corpus", "GestureStream")

DOWN, MOTION, UP, FRAME, CANCEL = 0, 3, 9, 12, 13
ENTER, LEAVE, PMOTION, BUTTON, AXIS, PFRAME = 14, 15, 16, 18, 20, 21
PINCH_BEGIN, PINCH_UPDATE, PINCH_END, KEY, MODS, CONTEXT, TICK = 22, 23, 25, 26, 28, 29, 30
KEYS = ["space", "plus", "minus", "zero", "equal", "Q", "q", "BackSpace", "Home", "Left", "Up", "Right", "Down",
        "Page_Up", "Page_Down", "End"]  # first entries of Scenes.keysyms
LEFT, RIGHT_BTN, SIDE, EXTRA = 0, 3, 5, 6


class Stream:
    def __init__(self, context=0, cleanup_by_cancel=False):
        self.b = bytearray([context, 1 if cleanup_by_cancel else 0])

    def op(self, kind, dt=4):
        """dt in ms: 0, 4, 8, 12, 16 are one byte; up to 255 adds a byte; more adds a byte of seconds."""
        if dt in (0, 4, 8, 12, 16):
            self.b.append(kind | (dt // 4) << 5)
        elif dt < 256:
            self.b += bytes([kind | 5 << 5, dt])
        else:
            self.b += bytes([kind | 7 << 5, min(255, dt // 1000)])
        return self

    def pos(self, x, y):
        self.b += struct.pack(">HH", int((x + 60) * 40), int((y + 60) * 40))

    def fixed(self, v):
        self.b += struct.pack(">i", int(round(v * 256)))

    def down(self, i, x, y, dt=4): self.op(DOWN, dt); self.b.append(i); self.pos(x, y); return self
    def move(self, i, x, y, dt=8): self.op(MOTION, dt); self.b.append(i); self.pos(x, y); return self
    def up(self, i, dt=8): self.op(UP, dt); self.b.append(i); return self
    def frame(self): return self.op(FRAME, 0)
    def wait(self, dt): return self.op(TICK, dt)

    def drag(self, i, a, b, steps, dt=8):
        for k in range(1, steps + 1):
            t = k / steps
            self.move(i, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, dt).frame()
        return self

    def button(self, index, pressed, dt=4):
        self.op(BUTTON, dt); self.b.append(index | (8 if pressed else 0)); return self

    def key(self, name, pressed=True, ctrl=False):
        self.op(KEY, 16); self.b += bytes([KEYS.index(name) << 3 | (1 if pressed else 0) | (2 if ctrl else 0), 0])
        return self

    def write(self, name):
        with open(os.path.join(OUT, name + ".bin"), "wb") as f:
            f.write(self.b)


def main():
    os.makedirs(OUT, exist_ok=True)
    Stream().down(0, 1100, 400).frame().up(0, 60).wait(255).wait(255).write("tap_right")
    Stream().down(0, 640, 400).up(0, 60).down(0, 650, 405, 120).up(0, 60).write("double_tap")
    s = Stream().down(0, 1230, 750).frame()
    s.drag(0, (1230, 750), (300, 600), 24).up(0).write("curl_corner")
    s = Stream(cleanup_by_cancel=True).down(0, 1235, 400)
    s.drag(0, (1235, 400), (800, 380), 10).op(CANCEL, 8).write("curl_edge_cancel")
    s = Stream().down(0, 900, 400)
    s.drag(0, (900, 400), (500, 410), 5, dt=8).up(0, 4).write("flick")
    s = Stream().down(0, 500, 400).down(1, 700, 400).frame()
    for k in range(12):
        s.move(0, 500 - 10 * k, 400 + 3 * k).move(1, 700 + 10 * k, 400 - 3 * k, 0).frame()
    s.up(0).move(1, 900, 300).up(1).write("pinch_then_pan")
    s = Stream().down(0, 400, 400).down(1, 600, 400).down(2, 800, 400).frame()
    s.move(1, 620, 420).up(0).move(2, 760, 380).up(2).up(1).write("three_fingers")
    s = Stream(context=1).down(0, 600, 400)
    s.drag(0, (600, 400), (400, 300), 8).up(0).write("zoomed_pan")
    s = Stream()
    s.op(ENTER, 0); s.pos(1230, 760)
    s.button(LEFT, True)
    for k in range(1, 10):
        s.op(PMOTION, 8); s.pos(1230 - 90 * k, 760 - 10 * k)
    s.button(LEFT, False).button(EXTRA, True).button(EXTRA, False).button(SIDE, True)
    s.op(AXIS, 8); s.b.append(1); s.b.append(8); s.fixed(15)  # one wheel notch (8 * 15 = 120)
    s.op(MODS, 0); s.b.append(1)  # ctrl
    s.op(AXIS, 8); s.b.append(1); s.b.append(0xF8); s.fixed(-15)
    s.op(AXIS, 8); s.b.append(0); s.fixed(60)  # continuous scroll
    s.op(LEAVE, 0)
    s.write("pointer_drag_wheel")
    s = Stream(context=32)
    s.op(ENTER, 0); s.pos(640, 400)
    s.op(PINCH_BEGIN, 4); s.b.append(2)
    for k in range(1, 8):
        s.op(PINCH_UPDATE, 8); s.fixed(3); s.fixed(-2); s.fixed(1 + 0.1 * k); s.fixed(2.5)
    s.op(PINCH_END, 8); s.b.append(0)
    s.write("touchpad_pinch")
    s = Stream()
    for name in ["Right", "space", "Page_Down", "Left", "Home", "End", "plus", "minus", "zero"]:
        s.key(name).key(name, pressed=False)
    s.key("plus", ctrl=True).key("q", ctrl=True)
    s.op(CONTEXT, 0); s.b.append(2)  # right-to-left
    s.key("Right").write("keys")
    s = Stream().down(0, 1230, 750)
    s.drag(0, (1230, 750), (900, 700), 5)
    s.op(CONTEXT, 0); s.b.append(13)
    s.down(1, 300, 300).move(1, 320, 330).up(0).up(1).write("context_change_mid_curl")


if __name__ == "__main__":
    main()
