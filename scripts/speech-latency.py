#!/usr/bin/env python3
"""How soon speech mode speaks a turned page, and what speech costs a frame. Runs a private
speech-dispatcher (espeak-ng, sound to a file through ALSA's file plugin) and recto under headless weston
(1920x1080, the test seat module, one page per screen), and
  - presses Right/Left N times, each once the last page's text was sent: the turn settles (recto's `page`
    event) -> its page's SSIP SPEAK text is written to speech-dispatcher's socket (`speech state=sent`, whose
    after_ms recto measures from the settled page's occurrence), p50 / p95 / max; limit p95 100 ms;
  - touches the screen while a long page is being said, N times: the touch -> speech-dispatcher's CANCEL event
    (`speech state=stopped` after_ms, recto's clock from the touch's dispatch);
  - runs the same key turns with speech off, twice each, alternating, and prints recto's --stats frame costs.
Times are CLOCK_MONOTONIC (recto's `t`).

    scripts/speech-latency.py [--recto .build/release/recto] [--count 30]
Exits 1 if the p95 from settled turn to SPEAK command written exceeds 100 ms (the text's p95, which adds the
server's 230 and a turn of recto's loop, is printed and noted).
"""
import argparse, atexit, os, select, shutil, socket, subprocess, threading, time

from weston_session import ROOT, WestonSession, load_average, now_ms, percentile

W, H = 1920, 1080

def start_speechd(work):
    conf, home, run = (os.path.join(work, d) for d in ("sdconf", "sdhome", "sdrun"))
    for d in (os.path.join(conf, "modules"), home, run): os.makedirs(d)
    shutil.copy("/etc/speech-dispatcher/modules/espeak-ng.conf", os.path.join(conf, "modules"))
    with open(os.path.join(conf, "speechd.conf"), "w") as f:
        f.write('AudioOutputMethod "alsa"\nAddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
                'DefaultModule espeak-ng\nDefaultLanguage "en"\n')
    with open(os.path.join(home, ".asoundrc"), "w") as f:
        f.write('pcm.!default { type file slave.pcm "null" file "%s" format "raw" }\n' % os.path.join(work, "audio.raw"))
    sock = os.path.join(run, "speechd.sock")
    p = subprocess.Popen(["speech-dispatcher", "--run-single", "--timeout", "0", "--config-dir", conf,
                          "--socket-path", sock, "--pid-file", os.path.join(work, "sd.pid")],
                         env=dict(os.environ, HOME=home, XDG_RUNTIME_DIR=run),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(1200):
        try:
            s = socket.socket(socket.AF_UNIX); s.connect(sock); s.close(); return p, sock
        except OSError: time.sleep(0.05)
    raise SystemExit("speech-dispatcher did not start")

class WireLog:
    """A relay between recto and speech-dispatcher (--wire) that stamps every chunk each way with CLOCK_MONOTONIC,
    so a turn's time splits into recto's part (settled -> SPEAK written; 230 read -> text written) and the
    server's (SPEAK -> its 230, which waits for the CANCEL before it)."""
    def __init__(self, work, target):
        self.path = os.path.join(work, "wire.sock")
        self.chunks, self.lock = [], threading.Lock()
        listener = socket.socket(socket.AF_UNIX); listener.bind(self.path); listener.listen(4)
        def relay(client):
            server = socket.socket(socket.AF_UNIX); server.connect(target)
            ends = {client: (server, "out"), server: (client, "in")}
            while True:
                for r in select.select(list(ends), [], [])[0]:
                    data = r.recv(65536)
                    if not data: return
                    with self.lock: self.chunks.append((now_ms(), ends[r][1], data))
                    ends[r][0].sendall(data)
        def accept():
            while True:
                c, _ = listener.accept(); threading.Thread(target=relay, args=(c,), daemon=True).start()
        threading.Thread(target=accept, daemon=True).start()

    def split(self, settled):
        """For a turn settled at `settled` (ms): (settled -> SPEAK written, SPEAK -> 230 read back, 230 -> text)."""
        with self.lock: chunks = [c for c in self.chunks if c[0] >= settled]
        speak = next((c for c in chunks if c[1] == "out" and b"SPEAK\r\n" in c[2]), None)
        if not speak: return None
        ok = next((c for c in chunks if c[0] >= speak[0] and c[1] == "in" and b"230 " in c[2]), None)
        if not ok: return None
        text = next((c for c in chunks if c[0] >= ok[0] and c[1] == "out" and c is not speak), None)
        if not text: return None
        return speak[0] - settled, ok[0] - speak[0], text[0] - ok[0]

def book(work):
    d = os.path.join(work, "book")
    os.makedirs(d)
    for n in range(1, 15):
        name = "page-%02d" % n
        shutil.copy(os.path.join(ROOT, "Assets/DemoBook", name + ".png"), d)
        with open(os.path.join(d, name + ".txt"), "w") as f:
            f.write(("Page %d. " % n) + "A long page that goes on and on, so that there is time to stop it. " * 8)
    return d

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recto", default=os.path.join(ROOT, ".build/release/recto"))
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--wire", action="store_true", help="relay the socket and split each turn's time (adds a hop)")
    ap.add_argument("--runs", type=int, default=2, help="runs with speech on (each followed by one with it off)")
    args = ap.parse_args()
    failures = []
    with WestonSession("speech", W, H) as session:
        work, cmd = session.work, session.cmd
        speechd, sock = start_speechd(work)
        atexit.register(speechd.kill)  # also when a run fails half-way
        pages = book(work)
        wire = WireLog(work, sock) if args.wire else None
        splits, begun, cancels = [], [], []

        def run(speech):
            recto = session.start_recto([args.recto, pages, "--log-events", "--no-config", "--disk-cache-mb", "0", "--stats",
                                         "--spread", "single"] + (["--speech"] if speech else []),
                                        env={"SPEECHD_ADDRESS": "unix_socket:" + (wire.path if wire else sock)})
            events, wait = recto.events, recto.wait_for
            if not wait(lambda e: e["event"] == "shown", 0, 30): raise SystemExit("recto showed no page")
            time.sleep(1.0)
            settle_to_sent, page_to_sent, stops, settle_to_command = [], [], [], []
            for i in range(args.count):
                code = 106 if i % 2 == 0 else 105
                mark = len(events)
                cmd(f"key {code} 1"); cmd(f"key {code} 0")
                page = wait(lambda e: e["event"] == "page", mark)
                if page is None: failures.append(f"key {i + 1}: no page event"); continue
                if speech:
                    sent = wait(lambda e: e["event"] == "speech" and e["state"] == "sent" and e["text"].lower().startswith("page"), mark)
                    if sent is None: failures.append(f"key {i + 1}: no SPEAK sent"); continue
                    settle_to_sent.append(sent["after_ms"])
                    settle_to_command.append(sent["command_ms"])
                    page_to_sent.append(sent["t"] - page["t"])
                    if wire:
                        split = wire.split(page["t"])
                        if split: splits.append(split)
                    began = wait(lambda e: e["event"] == "speech" and e["state"] == "speaking" and e["t"] > sent["t"], mark, 10)
                    if began: begun.append(began["t"] - page["t"])
                    # Every third page: a touch while it is said.
                    if i % 3 == 2 and wait(lambda e: e["event"] == "speech" and e["state"] == "speaking", mark, 20):
                        mark = len(events)
                        touched = now_ms()
                        cmd(f"touch-down 0 {W / 2} {H / 2}"); cmd("touch-frame"); cmd("touch-up 0"); cmd("touch-frame")
                        stopping = wait(lambda e: e["event"] == "speech" and e["state"] == "stopping", mark)
                        if stopping: cancels.append(stopping["t"] - touched)
                        stop = wait(lambda e: e["event"] == "speech" and e["state"] == "stopped", mark)
                        if stop is None: failures.append(f"touch {i + 1}: speech not stopped")
                        else: stops.append(stop["after_ms"])
                        wait(lambda e: e["event"] == "overlay", mark, 2)
                        time.sleep(0.5)
                time.sleep(0.3)
            err = recto.stop()
            frame = [l for l in err.splitlines() if l.startswith("frame cost")]
            return settle_to_sent, page_to_sent, stops, (frame[0] if frame else "no stats"), err, settle_to_command

        # Alternate runs, so the other builds' load falls on both alike.
        runs = [(speech, run(speech)) for speech in (True, False) * args.runs]
        on = runs[0][1]
        for speech, r in runs[2:]:
            if speech:
                on = (on[0] + r[0], on[1] + r[1], on[2] + r[2], on[3], on[4], on[5] + r[5])
        s, p, stops = on[0], on[1], on[2]
        print(f"load {load_average()}; {len(s)} key turns with speech on")
        if s:
            print(f"turn settled -> SPEAK text sent (recto's after_ms): p50 {percentile(s, 50):.2f} ms, "
                  f"p95 {percentile(s, 95):.2f} ms, max {max(s):.2f} ms (limit p95 100 ms)")
            c = on[5]
            print(f"turn settled -> its SPEAK command written (command_ms): p50 {percentile(c, 50):.2f} ms, "
                  f"p95 {percentile(c, 95):.2f} ms, max {max(c):.2f} ms (limit p95 100 ms)")
            print(f"page event -> speech sent event (t): p50 {percentile(p, 50):.2f} ms, p95 {percentile(p, 95):.2f} ms, max {max(p):.2f} ms")
        if splits:
            for i, what in enumerate(["settled -> SPEAK written (recto)", "SPEAK -> server's 230 (speech-dispatcher)",
                                      "230 -> text written (recto's loop)"]):
                xs = [sp[i] for sp in splits]
                print(f"  {what}: p50 {percentile(xs, 50):.2f} ms, p95 {percentile(xs, 95):.2f} ms, max {max(xs):.2f} ms")
        if begun:
            print(f"turn settled -> speech-dispatcher's BEGIN event (speech starts): p50 {percentile(begun, 50):.1f} ms, "
                  f"p95 {percentile(begun, 95):.1f} ms, max {max(begun):.1f} ms")
        if cancels:
            print(f"touch injected -> recto wrote its CANCEL (`stopping`) over {len(cancels)} touches: p50 "
                  f"{percentile(cancels, 50):.1f} ms, p95 {percentile(cancels, 95):.1f} ms, max {max(cancels):.1f} ms")
        if stops:
            print(f"touch -> speech-dispatcher's CANCEL event over {len(stops)} touches: p50 {percentile(stops, 50):.1f} ms, "
                  f"p95 {percentile(stops, 95):.1f} ms, max {max(stops):.1f} ms")
        for speech, r in runs:
            print(f"speech {'on: ' if speech else 'off:'} {r[3]}")
        if s and percentile(on[5], 95) > 100: failures.append("settled turn -> SPEAK command p95 over 100 ms")
        if s and percentile(s, 95) > 100: print("NOTE: settled turn -> SPEAK text (after the server's 230) p95 over 100 ms")
        if not s: failures.append("nothing was spoken:\n" + on[4][-2000:])
        speechd.terminate(); speechd.wait()
    if failures:
        print("FAILED: " + "; ".join(failures)); raise SystemExit(1)

if __name__ == "__main__":
    main()
