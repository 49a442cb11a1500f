#!/usr/bin/env python3
"""Measure recto under a private headless weston 10 (pixman, kiosk-shell) with the test seat module.

  measure.py startup [--runs 5] [--size 1920x1080] [--image FILE]   exec -> first frame, recto vs swayimg/imv
                     [--compare OTHER_RECTO]                       (and another build of recto, same runs)
  measure.py drag    [--seconds 10] [--rounds N] [--baseline PATH]   continuous corner drag with --stats
  measure.py idle    [--seconds 5] [--size 1920x1080]               commits and CPU while nothing happens
  measure.py soak    [--turns 10000] [--cache-mb N]                 RSS/fd growth over many page turns
  measure.py peer    [--rounds 5] [--seconds 10] [--compare OTHER]   recto vs StPageFlip in Chromium: cold start,
                                                                   CPU per drag-second, PSS (see cmd_peer)
  measure.py pinch   [--rounds 3] [--seconds 1.5]                   a pinch-out from 1:1 to fit over a 20,000 x
                                                                   28,000 px scan: commits against repaints
Every subcommand prints a table; --json FILE also writes the figures. --recto PATH picks the binary
(default .build/release/recto). Python 3 standard library only; needs weston, cc, pkg-config, libweston-10-dev.

Clocks: recto's event "t" and this script use CLOCK_MONOTONIC. libwayland 1.21's WAYLAND_DEBUG lines carry
"[%7u.%03u]" = (CLOCK_REALTIME in us, mod 2^32) / 1000; they are unwrapped and moved onto CLOCK_MONOTONIC with
one realtime-monotonic offset taken at start (error: microseconds, unless NTP steps the clock mid-run).
Only processes this script starts are stopped, each by its own pid.
"""
import argparse, ctypes, http.server, json, math, os, re, select, shutil, signal, statistics, struct, subprocess
import sys, tempfile, threading, time, urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from weston_session import WestonSession, build_seat_module, now_ms as mono_ms  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
WORK = Path(tempfile.gettempdir()) / f"recto-measure-{os.getuid()}"
KEY_HOME, KEY_LEFT, KEY_RIGHT, KEY_END = 102, 105, 106, 107


# Realtime minus monotonic (us), for WAYLAND_DEBUG stamps.
REAL_OFFSET_US = time.clock_gettime_ns(time.CLOCK_REALTIME) // 1000 - time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
WL_LINE = re.compile(r"^\[\s*(\d+)\.(\d{3})\]\s+(->\s+)?([\w]+)@(\d+)\.(\w+)\((.*)\)\s*$")
# Newer libwayland (Chromium bundles its own) stamps "[HH:MM:SS.uuuuuu]", the local time of day, and writes "#" for "@".
WL_LINE_TOD = re.compile(r"^\[(\d\d:\d\d:\d\d)\.(\d{6})\]\s+(?:\{[^}]*\}\s+)?(->\s+)?(\w+)#(\d+)\.(\w+)\((.*)\)\s*$")


def wl_stamp_to_mono(stamp_us, arrived_ms):
    """A (realtime us mod 2^32) stamp -> monotonic ms, unwrapped against the line's arrival time. A line can arrive
    within a microsecond or two of its stamp, as close as the offset's own error, so the unwrapping allows stamps up
    to 1 s after the arrival (else such a line lands 2^32 us, 71 minutes, early)."""
    arrived_real = int(arrived_ms * 1000) + REAL_OFFSET_US + 1_000_000
    full = arrived_real - ((arrived_real - stamp_us) % (1 << 32))
    return (full - REAL_OFFSET_US) / 1000


def wl_tod_to_mono(hms, micro, arrived_ms):
    """A "HH:MM:SS", "uuuuuu" local-time stamp -> monotonic ms, its day taken from the line's arrival time."""
    arrived = arrived_ms / 1000 + REAL_OFFSET_US / 1e6
    h, m, sec = map(int, hms.split(":"))
    real = time.mktime(time.localtime(arrived)[:3] + (h, m, sec, 0, 0, -1)) + int(micro) / 1e6
    return (real - (86400 if real > arrived + 43200 else 0)) * 1000 - REAL_OFFSET_US / 1000


class Lines:
    """A pipe read line by line on a thread; each line kept with its monotonic arrival time (ms)."""

    def __init__(self, pipe):
        self.items, self.cond, self.closed = [], threading.Condition(), False
        threading.Thread(target=self._read, args=(pipe,), daemon=True).start()

    def _read(self, pipe):
        for raw in iter(pipe.readline, b""):
            with self.cond:
                self.items.append((mono_ms(), raw.decode("utf-8", "replace").rstrip("\n")))
                self.cond.notify_all()
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    def wait(self, pred, timeout, start=0):
        """First index >= start whose (t, line) satisfies pred, or None on timeout / end of output."""
        deadline, i = time.monotonic() + timeout, start
        with self.cond:
            while True:
                while i < len(self.items):
                    if pred(*self.items[i]):
                        return i
                    i += 1
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    return None
                self.cond.wait(left)

    def snapshot(self, start=0):
        with self.cond:
            return self.items[start:]

    def count(self):
        with self.cond:
            return len(self.items)


def events(lines, start=0):
    out = []
    for _, text in lines.snapshot(start):
        if text.startswith("{"):
            try:
                out.append(json.loads(text))
            except ValueError:
                pass
    return out


def wait_event(lines, name, timeout=15, start=0, where=lambda e: True):
    def pred(_, text):
        if not text.startswith("{"):
            return False
        try:
            e = json.loads(text)
        except ValueError:
            return False
        return e.get("event") == name and where(e)
    i = lines.wait(pred, timeout, start)
    return None if i is None else (i, json.loads(lines.items[i][1]))


class Proc:
    """A child process with its stdout/stderr read as Lines; stop() signals only this pid."""

    def __init__(self, argv, env, stdout=True, stderr=True):
        self.argv = argv
        self.t0 = mono_ms()
        self.p = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE if stdout else subprocess.DEVNULL,
                                  stderr=subprocess.PIPE if stderr else subprocess.DEVNULL)
        self.pid = self.p.pid
        self.out = Lines(self.p.stdout) if stdout else None
        self.err = Lines(self.p.stderr) if stderr else None

    def status(self, field):
        """A /proc/PID/status field as an int (kB for Vm*), or None."""
        try:
            for line in open(f"/proc/{self.pid}/status"):
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        except OSError:
            return None
        return None

    def cpu_ticks_ms(self):
        """utime+stime of the whole process (all threads, living and ended), ms (10 ms resolution)."""
        fields = open(f"/proc/{self.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def task_totals(self):
        """{tid: (cpu ns, context switches)} of living threads, from schedstat and status."""
        out = {}
        for tid in os.listdir(f"/proc/{self.pid}/task"):
            try:
                ns = int(open(f"/proc/{self.pid}/task/{tid}/schedstat").read().split()[0])
                sw = sum(int(line.split()[1]) for line in open(f"/proc/{self.pid}/task/{tid}/status")
                         if "ctxt_switches:" in line)
                out[tid] = (ns, sw)
            except (OSError, ValueError, IndexError):
                pass
        return out

    def fds(self):
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def stop(self, timeout=5.0):
        """SIGTERM this pid; returns (exit status, ms to exit). SIGKILL (status None) after timeout."""
        if self.p.poll() is not None:
            return self.p.returncode, 0.0
        t = mono_ms()
        self.p.send_signal(signal.SIGTERM)
        try:
            rc = self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            return None, mono_ms() - t
        return rc, mono_ms() - t


def task_delta(before, after):
    """(cpu ns, switches) over an interval, per thread (a thread born inside counts whole; one that ended
    inside is missed, so the tick figure is given too)."""
    ns = sum(v[0] - before.get(t, (0, 0))[0] for t, v in after.items())
    sw = sum(v[1] - before.get(t, (0, 0))[1] for t, v in after.items())
    return ns, sw


class Weston(WestonSession):
    """weston_session's headless weston with the seat module (built once into WORK), its output in
    WORK/weston-last.log with protocol debugging, and clients started as Procs (stdout and stderr read as Lines)."""

    def __init__(self, width, height):
        WORK.mkdir(mode=0o700, exist_ok=True)
        self.log = open(WORK / "weston-last.log", "wb")
        super().__init__("wayland-measure", width, height, debug=True,
                         module=build_seat_module(str(WORK / "recto-test-seat.so")), log=self.log)
        # recto's disk cache of decoded pages goes to a private, initially empty place (XDG_CACHE_HOME);
        # Mesa's shader cache, which would follow it, stays in one place that the warm-up runs fill.
        self.cache = tempfile.mkdtemp(prefix="cache-", dir=WORK)
        base = {k: v for k, v in self.env.items() if k not in ("WAYLAND_DEBUG", "RECTO_TEST_CONTROL")}
        self.client_env = dict(base, WAYLAND_DISPLAY=self.name, XDG_CACHE_HOME=self.cache, XDG_STATE_HOME=self.cache,
                               MESA_SHADER_CACHE_DIR=str(WORK / "mesa-shader-cache"))
        self.clients = []

    def send(self, command):
        return self.cmd(command)

    def key(self, code):
        self.send(f"key {code} 1")
        self.send(f"key {code} 0")

    def launch(self, argv, env_extra=None, stdout=True, stderr=True):
        proc = Proc(argv, dict(self.client_env, **(env_extra or {})), stdout, stderr)
        self.clients.append(proc)
        return proc

    def wait_mapped(self, proc, x, y, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.send(f"hit {x} {y}") == f"ok {proc.pid}":
                return True
            time.sleep(0.01)
        return False

    def close(self):
        for c in getattr(self, "clients", []):
            c.stop()
        super().close()
        self.log.close()
        if hasattr(self, "cache"):
            shutil.rmtree(self.cache, ignore_errors=True)


class FileWatch:
    """inotify (through libc) on one file: monotonic times of its opens and read-only closes."""
    IN_CLOSE_NOWRITE, IN_OPEN = 0x10, 0x20

    def __init__(self, path):
        libc = ctypes.CDLL(None, use_errno=True)
        self.fd = libc.inotify_init1(os.O_CLOEXEC | os.O_NONBLOCK)
        if self.fd < 0 or libc.inotify_add_watch(self.fd, os.fsencode(path),
                                                 self.IN_OPEN | self.IN_CLOSE_NOWRITE) < 0:
            raise OSError(ctypes.get_errno(), "inotify")
        self.opens, self.closes, self.running = [], [], True
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        while self.running:
            if not select.select([self.fd], [], [], 0.05)[0]:
                continue
            now, data = mono_ms(), os.read(self.fd, 4096)
            while len(data) >= 16:
                _, mask, _, n = struct.unpack("iIII", data[:16])
                (self.opens if mask & self.IN_OPEN else self.closes).append(now)
                data = data[16 + n:]

    def close(self):
        self.running = False
        self.thread.join()
        os.close(self.fd)


def buffer_commits(lines):
    """Monotonic ms of each wl_surface.commit that follows an attach of a non-nil buffer on that surface."""
    pending, out = set(), []
    for arrived, text in lines.snapshot():
        m, tod = WL_LINE.match(text), WL_LINE_TOD.match(text)
        m = m or tod
        if not m or not m.group(3) or m.group(4) != "wl_surface":
            continue
        surface, request, args = m.group(5), m.group(6), m.group(7)
        if request == "attach" and not args.startswith("nil"):
            pending.add(surface)
        elif request == "commit" and surface in pending:
            pending.discard(surface)
            out.append(wl_tod_to_mono(m.group(1), m.group(2), arrived) if tod else
                       wl_stamp_to_mono(int(m.group(1)) * 1000 + int(m.group(2)), arrived))
    return out


def load():
    return [round(x, 2) for x in os.getloadavg()]


def median(xs):
    xs = [x for x in xs if x is not None]
    return round(statistics.median(xs), 1) if xs else None


def table(rows, headers):
    cells = [[str(h) for h in headers]] + [["-" if c is None else str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    for i, r in enumerate(cells):
        print("  ".join(c.rjust(w) for c, w in zip(r, widths)))
        if i == 0:
            print("  ".join("-" * w for w in widths))


def page_rects(width, height, margin=0.02, page_w=1600, page_h=2240):
    """Left and right page rectangles (x, y, w, h) of a demo-book double spread (recto's default layout)."""
    m = margin * min(width, height)
    s = min((height - 2 * m) / page_h, (width / 2 - m) / page_w)
    w, h = round(page_w * s), round(page_h * s)
    top, spine = (height - h) // 2, width // 2
    return (spine - w, top, w, h), (spine, top, w, h)


def start_recto(weston, args, book=None, env_extra=None, binary=None):
    argv = [binary or ARGS.recto] + ([book] if book else []) + ["--log-events", "--no-config"] + args
    proc = weston.launch(argv, env_extra)
    shown = wait_event(proc.out, "shown", 30)
    if shown is None:
        raise SystemExit(f"recto showed no page: {proc.err.snapshot()[-5:] if proc.err else ''}")
    return proc, shown[1]


# ---------------------------------------------------------------- startup
def make_big_page():
    out = WORK / "page-2048x2732.png"
    if not out.exists():
        WORK.mkdir(mode=0o700, exist_ok=True)
        subprocess.run([ARGS.recto, "render", "--no-config", "--size", "2048x2732", "--page", "1", "--margin", "0",
                        "--out", str(out)], check=True)
    return out


def helpers_peak_kb(pid):
    """The largest VmHWM of recto's document helpers (recto-pdf, recto-epub), None when it started none. A child
    is listed under the thread that started it, so every thread's list is read."""
    peak = None
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in children:
            try:
                status = Path(f"/proc/{child}/status").read_text()
            except OSError:
                continue
            fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
            if fields.get("Name", "").strip().startswith("recto-") and "VmHWM" in fields:
                kb = int(fields["VmHWM"].split()[0])
                peak = kb if peak is None else max(peak, kb)
    return peak


def startup_run(weston, name, image, cache_dir):
    """One start of one viewer: exec -> first buffer commit, -> first commit after the image file's last close,
    recto's ready/shown; VmHWM once buffer commits have stopped for 1 s. recto's disk cache lives in
    cache_dir (XDG_CACHE_HOME): empty for a cold start, filled by an earlier run for a warm one."""
    book = [] if ARGS.recto_book == "demo" else [str(Path(ARGS.recto_book).resolve()) if ARGS.recto_book else image]
    argv = {"recto": [ARGS.recto] + book + ["--log-events", "--no-config"],
            "swayimg": ["swayimg", "-f", image], "imv": ["imv-wayland", "-f", image],
            "other": [ARGS.compare or ""] + book + ["--log-events", "--no-config"]}[name.split("-")[0]]
    watch = FileWatch(image)
    proc = weston.launch(argv, {"WAYLAND_DEBUG": "client", "XDG_CACHE_HOME": str(cache_dir)})
    t0, r = proc.t0, {"viewer": name}
    try:
        if name.startswith("recto") or name == "other":
            ready, shown = wait_event(proc.out, "ready", 20), wait_event(proc.out, "shown", 20)
            r["ready_ms"] = round(ready[1]["t"] - t0, 1) if ready else None
            r["shown_ms"] = round(shown[1]["t"] - t0, 1) if shown else None
        # Wait for buffer commits to stop arriving for 1 s (the viewer has settled), at most 20 s; and for the
        # image file's close, unless this viewer opens another book (recto on --recto-book never touches it:
        # waiting for that close made every such run last the whole 20 s).
        opens_image = not (name.startswith("recto") or name == "other") or not ARGS.recto_book
        deadline, last_count = time.monotonic() + 20, -1
        while time.monotonic() < deadline:
            time.sleep(1.0)
            commits = buffer_commits(proc.err)
            if commits and len(commits) == last_count and (watch.closes or not opens_image):
                break
            last_count = len(commits)
        r["vmhwm_kb"] = proc.status("VmHWM")
        r["helper_vmhwm_kb"] = helpers_peak_kb(proc.pid) if name.startswith("recto") or name == "other" else None
        commits = buffer_commits(proc.err)
        r["first_commit_ms"] = round(commits[0] - t0, 1) if commits else None
        closed = max(watch.closes) if watch.closes else None
        after = [c for c in commits if closed is not None and c >= closed]
        r["image_frame_ms"] = round(after[0] - t0, 1) if after else None
        r["file_closed_ms"] = round(closed - t0, 1) if closed else None
        r["commits"] = len(commits)
        if r.get("shown_ms") is not None:
            # Method check: the WAYLAND_DEBUG commit just before recto's own `shown` stamp.
            before = [c - t0 for c in commits if c - t0 <= r["shown_ms"] + 0.5]
            r["shown_minus_debug_commit_ms"] = round(r["shown_ms"] - before[-1], 2) if before else None
    finally:
        watch.close()
        r["exit"], _ = proc.stop()
        weston.clients.remove(proc)
    return r


def cmd_startup():
    w, h = ARGS.size
    image = str(Path(ARGS.image).resolve()) if ARGS.image else str(make_big_page())
    viewers = ["recto", "recto-warm", "swayimg", "imv"] + (["other"] if ARGS.compare else [])
    runs, before = [], load()
    warm = WORK / "cache-warm"
    shutil.rmtree(warm, ignore_errors=True)
    with Weston(w, h) as weston:
        # Warm-up: Mesa's shader cache (recto and imv), the file in the OS page cache, and recto's disk cache
        # for the warm runs.
        startup_run(weston, "recto", image, warm)
        startup_run(weston, "imv", image, warm)
        for i in range(ARGS.runs):
            order = viewers[i % len(viewers):] + viewers[:i % len(viewers)]  # interleaved, rotating who goes first
            for name in order:
                cold = Path(tempfile.mkdtemp(prefix="cache-cold-", dir=WORK))
                r = startup_run(weston, name, image, warm if name == "recto-warm" else cold)
                shutil.rmtree(cold, ignore_errors=True)
                r["run"] = i + 1
                runs.append(r)
                time.sleep(0.5)
    summary = {}
    for name in viewers:
        rs = [r for r in runs if r["viewer"] == name]
        s = {k: median([r.get(k) for r in rs]) for k in
             ("ready_ms", "shown_ms", "first_commit_ms", "image_frame_ms", "vmhwm_kb", "helper_vmhwm_kb")}
        s["all_first_frame_ms"] = [r.get("shown_ms") if name.startswith("recto") or name == "other" else r.get("image_frame_ms")
                                   for r in rs]
        s["first_frame_ms"] = median(s["all_first_frame_ms"])
        summary[name] = s
    rows = [[n, s["first_frame_ms"], s["ready_ms"], s["first_commit_ms"], s["image_frame_ms"],
             round(s["vmhwm_kb"] / 1024, 1) if s["vmhwm_kb"] else None,
             round(s["helper_vmhwm_kb"] / 1024, 1) if s["helper_vmhwm_kb"] else None,
             " ".join(str(x) for x in s["all_first_frame_ms"])] for n, s in summary.items()]
    print(f"startup: {image} at {w}x{h} (recto opens {ARGS.recto_book or 'the same file'}), {ARGS.runs} "
          f"interleaved runs, load before {before}, after {load()}")
    table(rows, ["viewer", "first frame ms (median)", "ready", "1st buffer commit", "commit after file close",
                 "peak RSS MiB", "helper peak RSS MiB", "all runs (first frame)"])
    checks = [r["shown_minus_debug_commit_ms"] for r in runs if r.get("shown_minus_debug_commit_ms") is not None]
    if checks:
        print(f"method check: recto's shown stamp minus its WAYLAND_DEBUG commit: {min(checks)}..{max(checks)} ms")
    sway = summary["swayimg"]["first_frame_ms"]
    for name, target in (("recto", 0.8), ("recto-warm", 0.4), ("other", 0.8)):
        if sway and name in summary and summary[name]["first_frame_ms"]:
            ratio = summary[name]["first_frame_ms"] / sway
            summary[name]["ratio_to_swayimg"] = round(ratio, 2)
            print(f"{name}/swayimg first-frame ratio: {ratio:.2f} (target <= {target})")
    return {"image": image, "recto_book": ARGS.recto_book or image, "size": [w, h], "load_before": before, "load_after": load(), "summary": summary,
            "runs": runs}


# ---------------------------------------------------------------- drag
def parse_report(lines):
    text = "\n".join(t for _, t in lines.snapshot())
    r = {}
    m = re.search(r"recto stats: (\d+) frames committed, (\d+) frame callbacks", text)
    if m:
        r["frames"], r["callbacks"] = int(m.group(1)), int(m.group(2))
    m = re.search(r"input-to-commit \(ms\): p50 ([\d.]+) p99 ([\d.]+) max ([\d.]+) over (\d+)", text)
    if m:
        r.update(latency_p50=float(m.group(1)), latency_p99=float(m.group(2)), latency_max=float(m.group(3)),
                 inputs=int(m.group(4)))
    m = re.search(r"newest-input-to-commit \(ms\): p50 ([\d.]+) p99 ([\d.]+)", text)
    if m:
        r.update(newest_latency_p50=float(m.group(1)), newest_latency_p99=float(m.group(2)))
    m = re.search(r"frame cost \(ms\): p50 ([\d.]+) p99 ([\d.]+)", text)
    if m:
        r.update(frame_p50=float(m.group(1)), frame_p99=float(m.group(2)))
    m = re.search(r"presented (\d+), discarded (\d+); input-to-presentation \(ms\): p50 ([\d.]+) p99 ([\d.]+)", text)
    if m:
        r.update(presented=int(m.group(1)), discarded=int(m.group(2)), present_latency_p50=float(m.group(3)),
                 present_latency_p99=float(m.group(4)))
    m = re.search(r"frame scheduler: repaint cycle ([\d.]+) ms, frame cost estimate ([\d.]+) ms, margin ([\d.]+) ms, "
                  r"repaints missed (\d+)", text)
    if m:
        r.update(cycle=float(m.group(1)), cost_estimate=float(m.group(2)), margin=float(m.group(3)), missed=int(m.group(4)))
    r["histogram"] = [t for _, t in lines.snapshot() if re.match(r"^\s+\S+\s+ms ", t)]
    return r


def drag_step(weston, x0, y0, right, t_start, k):
    """Step k of the corner drag, at t_start + 16k ms: from the corner (x0, y0) to near the far edge of the other
    page and up a little and back, a 2 s period; the finger is never released."""
    due = t_start + 16 * k
    time.sleep(max(0, (due - mono_ms()) / 1000))
    phase = (1 - math.cos(2 * math.pi * (due - t_start) / 2000.0)) / 2
    weston.send(f"touch-motion 0 {x0 - phase * (right[2] * 1.6):.1f} {y0 - phase * right[3] * 0.25:.1f}")
    weston.send("touch-frame")


def drag_run(binary):
    """One continuous corner drag (ARGS.seconds, touch at 62.5 Hz, never released) with `binary` --stats."""
    w, h = ARGS.size
    _, right = page_rects(w, h)
    x0, y0 = right[0] + right[2] - 10, right[1] + right[3] - 10
    with Weston(w, h) as weston:
        recto, _ = start_recto(weston, ["--stats"], binary=binary)
        weston.wait_mapped(recto, x0, y0)
        time.sleep(1.0)
        base = [e for e in events(recto.out) if e["event"] == "stats"]
        wcpu0, cpu0, t_start = weston_cpu(weston), recto.cpu_ticks_ms(), mono_ms()
        weston.send(f"touch-down 0 {x0} {y0}")
        weston.send("touch-frame")
        steps, k, buffers = 0, 0, {}
        while mono_ms() - t_start < ARGS.seconds * 1000:
            k += 1
            drag_step(weston, x0, y0, right, t_start, k)
            steps += 1
            if k % 60 == 30:
                # The buffer behind the surface: smaller than the output while motion runs at reduced scale.
                reply = weston.send(f"surface-size {w // 2} {h // 2}").split()
                if len(reply) == 6:
                    key = f"{reply[3]}x{reply[4]}"
                    buffers[key] = buffers.get(key, 0) + 1
        t_end = mono_ms()
        cpu1, wcpu1 = recto.cpu_ticks_ms(), weston_cpu(weston)
        # Let the last frames' presentation feedback arrive before the report is written.
        time.sleep(0.2)
        status, exit_ms = recto.stop()
        report = parse_report(recto.err)
    seconds = (t_end - t_start) / 1000
    first = base[-1] if base else {"frames": 0, "callbacks": 0, "presented": 0, "discarded": 0}
    r = {"binary": binary, "motions": steps, "exit": status, "exit_ms": round(exit_ms), "report": report,
         "motion_buffers": buffers,
         "cpu_s_per_drag_s": round((cpu1 - cpu0) / 1000 / seconds, 3),
         "weston_cpu_s_per_drag_s": round((wcpu1 - wcpu0) / 1000 / seconds, 3)}
    if "frames" in report and "presented" in report:
        drawn = report["frames"] - first["frames"]
        presented = report["presented"] - first.get("presented", 0)
        r.update(drawn=drawn, presented=presented, discarded=report["discarded"] - first.get("discarded", 0),
                 callbacks=report["callbacks"] - first["callbacks"],
                 drawn_per_presented=round(drawn / presented, 3) if presented else None,
                 drawn_per_s=round(drawn / seconds, 1), presented_per_s=round(presented / seconds, 1))
    return r


def cmd_drag():
    """The drag with this build and, with --baseline, another build in the same run, rounds interleaved."""
    w, h = ARGS.size
    before = load()
    builds = [("recto", ARGS.recto)] + ([("baseline", ARGS.baseline)] if ARGS.baseline else [])
    runs = {name: [] for name, _ in builds}
    for _ in range(ARGS.rounds):
        for name, binary in builds:
            runs[name].append(drag_run(binary))

    def med(name, key, sub=None):
        xs = [(r["report"].get(key) if sub else r.get(key)) for r in runs[name]]
        xs = [x for x in xs if x is not None]
        return round(statistics.median(xs), 3) if xs else None

    print(f"drag: {ARGS.seconds} s corner drag at {w}x{h}, touch at 62.5 Hz, {ARGS.rounds} round(s) "
          f"(medians), load before {before}, after {load()}")
    rows = [("frames drawn", "drawn", None), ("frames presented", "presented", None),
            ("frames discarded", "discarded", None), ("drawn ÷ presented", "drawn_per_presented", None),
            ("frames drawn per second", "drawn_per_s", None), ("frames presented per second", "presented_per_s", None),
            ("input-to-presentation p50 ms", "present_latency_p50", 1), ("input-to-presentation p99 ms", "present_latency_p99", 1),
            ("input-to-commit p50 ms", "latency_p50", 1), ("frame cost p50 ms", "frame_p50", 1), ("frame cost p99 ms", "frame_p99", 1),
            ("recto CPU-s per drag-second", "cpu_s_per_drag_s", None),
            ("weston CPU-s per drag-second", "weston_cpu_s_per_drag_s", None)]
    table([[label] + [med(name, key, sub) for name, _ in builds] for label, key, sub in rows],
          ["figure"] + [name for name, _ in builds])
    out = {"size": [w, h], "seconds": ARGS.seconds, "rounds": ARGS.rounds, "load_before": before,
           "load_after": load(), "runs": runs}
    if ARGS.baseline:
        ratio = med("recto", "cpu_s_per_drag_s") / med("baseline", "cpu_s_per_drag_s")
        out["cpu_ratio"] = round(ratio, 3)
        print(f"recto's CPU per drag-second ÷ the baseline's: {ratio:.2f} (target <= 0.6)")
    for name, _ in builds:
        for r in runs[name]:
            if r["motion_buffers"]:
                print(f"{name}: buffer sizes while moving (samples): {r['motion_buffers']}")
    return out


def weston_cpu(weston):
    fields = open(f"/proc/{weston.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------- idle
def cmd_idle():
    w, h = ARGS.size
    before = load()
    with Weston(w, h) as weston:
        recto, _ = start_recto(weston, [], env_extra={"WAYLAND_DEBUG": "client"})
        time.sleep(1.0)
        t0, ticks0, tasks0, n0 = mono_ms(), recto.cpu_ticks_ms(), recto.task_totals(), recto.err.count()
        time.sleep(ARGS.seconds)
        t1, ticks1, tasks1 = mono_ms(), recto.cpu_ticks_ms(), recto.task_totals()
        ns, switches = task_delta(tasks0, tasks1)
        window = [c for c in buffer_commits(recto.err) if t0 <= c <= t1]
        messages = [t for _, t in recto.err.snapshot(n0) if WL_LINE.match(t)]
        commits = sum(1 for t in messages if ".commit(" in t)
        threads = len(os.listdir(f"/proc/{recto.pid}/task"))
        status, exit_ms = recto.stop()
    span = t1 - t0
    r = {"size": [w, h], "seconds": round(span / 1000, 3), "load_before": before, "load_after": load(),
         "commits": commits, "buffer_commits": len(window), "wayland_messages": len(messages),
         "cpu_pct_schedstat": round(100 * ns / 1e6 / span, 4), "cpu_ms_schedstat": round(ns / 1e6, 3),
         "cpu_pct_ticks": round(100 * (ticks1 - ticks0) / span, 3), "context_switches": switches,
         "threads": threads, "exit": status}
    print(f"idle: {span / 1000:.1f} s from 1 s after shown at {w}x{h}, load before {before}, after {load()}")
    table([["wl_surface commits", commits, "0"], ["Wayland messages (either way)", len(messages), ""],
           ["CPU % (schedstat, all threads)", r["cpu_pct_schedstat"], "< 0.1"],
           ["CPU ms (schedstat)", r["cpu_ms_schedstat"], ""], ["CPU % (utime+stime ticks)", r["cpu_pct_ticks"], ""],
           ["context switches (all threads)", r["context_switches"], ""], ["threads", threads, ""],
           ["exit status on SIGTERM", status, "0"]], ["figure", "value", "target"])
    return r


# ---------------------------------------------------------------- soak
def flick(weston, forward, w, h):
    left, right = page_rects(w, h)
    x = right[0] + right[2] - 10 if forward else left[0] + 10
    y = right[1] + right[3] - 10
    step = -70 if forward else 70
    weston.send(f"touch-down 0 {x} {y}")
    weston.send("touch-frame")
    for i in range(1, 5):
        time.sleep(0.012)
        weston.send(f"touch-motion 0 {x + step * i} {y - 8 * i}")
        weston.send("touch-frame")
    weston.send("touch-up 0")
    weston.send("touch-frame")


def cmd_soak():
    w, h = ARGS.size
    before, started = load(), time.monotonic()
    extra = ["--stats"] + (["--cache-mb", str(ARGS.cache_mb)] if ARGS.cache_mb else [])
    samples, keys, flicks = [], 0, 0
    with Weston(w, h) as weston:
        recto, shown = start_recto(weston, extra)
        weston.wait_mapped(recto, w // 2 + 10, h // 2)
        n = recto.out.count()
        weston.key(KEY_END)
        last = wait_event(recto.out, "page", 10, n)[1]["page"]
        n = recto.out.count()
        weston.key(KEY_HOME)
        first = wait_event(recto.out, "page", 10, n)[1]["page"]
        base = recto.out.count()
        forward, turns, next_sample, seen, settling, page = True, 0, ARGS.warmup, base, False, first
        last_stats = {}
        # An input during a turn's animation completes that turn at once (a page event) and starts the next.
        # Near either end of the book, waiting briefly for that event before the next input keeps the
        # direction right; right after a reversal (or Home) nothing is animating, so no event is awaited.
        while turns < ARGS.turns and recto.p.poll() is None:
            due = time.monotonic() + ARGS.interval / 1000
            if (keys + flicks) % ARGS.flick_every == ARGS.flick_every - 1:
                flick(weston, forward, w, h)
                flicks += 1
            else:
                weston.key(KEY_RIGHT if forward else KEY_LEFT)
                keys += 1
            if settling and (page >= last - 4 if forward else page <= first + 4):
                wait_event(recto.out, "page", 0.1, seen)
            time.sleep(max(0.0, due - time.monotonic()))
            fresh = recto.out.snapshot(seen)
            seen += len(fresh)
            new = [json.loads(t) for _, t in fresh if t.startswith('{"event":"page"')]
            stats = [t for _, t in fresh if t.startswith('{"event":"stats"')]
            last_stats = json.loads(stats[-1]) if stats else last_stats
            turns += len(new)
            settling = True
            if new:
                page = new[-1]["page"]
                if (forward and page >= last) or (not forward and page <= first):
                    forward, settling = not forward, False
            if turns >= next_sample:
                samples.append(soak_sample(recto, turns, started, last_stats))
                next_sample += ARGS.sample_every
        time.sleep(1.0)
        samples.append(soak_sample(recto, turns, started, last_stats))
        stderr_lines = [t for _, t in recto.err.snapshot() if t.startswith("recto:")]
        status, exit_ms = recto.stop()
    rss = [s["rss_kb"] for s in samples]
    # RSS moves by a few % between samples while decode buffers and evicted pages come and go, so single
    # samples mislead: compare the second half of the samples with the first, by median and by peak.
    half = len(rss) // 2
    growth = round(100 * (statistics.median(rss[half:]) / statistics.median(rss[:half]) - 1), 2) if half else None
    peak = round(100 * (max(rss[half:]) / max(rss[:half]) - 1), 2) if half else None
    last_first = round(100 * (rss[-1] - rss[0]) / rss[0], 2)
    fds = sorted({s["fds"] for s in samples})
    common = set.intersection(*(set(s["fd_targets"].items()) for s in samples))
    transient = sorted({os.path.dirname(v) + "/*" if v.startswith("/") else re.sub(r"\d+", "N", v)
                        for s in samples for k, v in s["fd_targets"].items() if (k, v) not in common})
    r = {"size": [w, h], "turns": turns, "keys": keys, "flicks": flicks, "load_before": before,
         "load_after": load(), "minutes": round((time.monotonic() - started) / 60, 2), "samples": samples,
         "rss_growth_pct": growth, "rss_peak_growth_pct": peak, "rss_last_vs_first_pct": last_first,
         "fd_counts": fds, "fds_always_open": len(common), "fds_transient": transient,
         "exit": status, "exit_ms": round(exit_ms, 1), "log_lines": stderr_lines[:20],
         "textures_seen": sorted({x["textures"] for x in samples if x["textures"] is not None}),
         "gl_errors": max((x["gl_errors"] or 0 for x in samples), default=None)}
    print(f"soak: {turns} page events from {keys} keys + {flicks} flicks in {r['minutes']} min at {w}x{h}, "
          f"load before {before}, after {load()}")
    table([[s["turns"], round(s["rss_kb"] / 1024, 1), s["fds"], s["threads"], s["textures"], s["gl_errors"],
            round(s["s"], 1)] for s in samples], ["turns", "RSS MiB", "fds", "threads", "textures", "GL errors", "s"])
    table([["RSS growth after warm-up (median of 2nd half vs 1st half)", f"{growth} %", "< 2 %"],
           ["RSS peak of 2nd half vs 1st half", f"{peak} %", ""],
           ["RSS last sample vs first sample", f"{last_first} %", ""], ["open fd counts seen", fds, "constant"],
           ["fds open at every sample / others seen at times", f"{len(common)} / {transient}", ""],
           ["exit status on SIGTERM", f"{status} in {exit_ms:.0f} ms", "0 within 1 s"],
           ["textures alive (from stats events)", r["textures_seen"], "constant"],
           ["GL errors (from stats events)", r["gl_errors"], "0"],
           ["stderr log lines", len(stderr_lines), "0"]], ["figure", "value", "target"])
    return r


def soak_sample(recto, turns, started, stats):
    fds = {}
    for fd in os.listdir(f"/proc/{recto.pid}/fd"):
        try:
            fds[fd] = os.readlink(f"/proc/{recto.pid}/fd/{fd}")
        except OSError:
            pass
    return {"turns": turns, "rss_kb": recto.status("VmRSS"), "fds": len(fds), "fd_targets": fds,
            "threads": len(os.listdir(f"/proc/{recto.pid}/task")), "s": time.monotonic() - started,
            "textures": stats.get("textures"), "gl_errors": stats.get("gl_errors"), "stats_t": stats.get("t")}


# ---------------------------------------------------------------- peer
STPAGEFLIP = "/work/.mirror/Nodlik+StPageFlip/repo"
PEER_HOLD = 0.3  # s the finger rests on the corner before the drag's motion (see peer_run)
PEER_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="stylesheet" href="PageFlip.css">
<style>html, body {{ margin: 0; height: 100%; overflow: hidden; background: #29292b }}
#book {{ position: absolute; left: {left}px; top: {top}px; width: {width}px; height: {height}px }}</style></head>
<body><div id="book"></div><script src="PageFlip.js"></script><script>
// A mark is a POST that measure.py stamps on arrival; the page's own wall-clock stamp comes along as a check.
const mark = (name) => fetch(`/mark?${{name}}&${{performance.timeOrigin + performance.now()}}`, {{method: "POST"}});
const book = new St.PageFlip(document.getElementById("book"),
    {{width: {page_w}, height: {page_h}, size: "fixed", showCover: true, usePortrait: false}});
book.on("changeState", (e) => mark("state-" + e.data));
// "init" comes 1 ms after loadFromImages, before any image has loaded (a spinner is drawn until then). Wait for the
// cover's image (the first view shows it alone, as recto's), then for the next frame, which draws it (StPageFlip
// redraws its canvas on every animation frame), and the one after, whose callback runs once that frame is sent.
book.on("init", () => {{
  const wait = () => book.getPage(0).isLoad
    ? requestAnimationFrame(() => (mark("drawn"), requestAnimationFrame(() => mark("shown"))))
    : requestAnimationFrame(wait);
  wait();
}});
book.loadFromImages({pages});
</script></body></html>
"""


class PeerServer:
    """An HTTP server on 127.0.0.1 (ephemeral port, its own threads) serving `root`; a POST to /mark?NAME&STAMP is
    kept as (monotonic ms of its arrival, NAME, the page's wall-clock STAMP moved onto the monotonic clock)."""

    def __init__(self, root):
        self.marks, self.cond = [], threading.Condition()
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(root), **kwargs)

            def do_POST(self):
                arrived = mono_ms()
                name, _, stamp = urllib.parse.urlsplit(self.path).query.partition("&")
                with server.cond:
                    server.marks.append((arrived, name, float(stamp) - REAL_OFFSET_US / 1000 if stamp else None))
                    server.cond.notify_all()
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/index.html"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def count(self):
        with self.cond:
            return len(self.marks)

    def since(self, start):
        with self.cond:
            return self.marks[start:]

    def wait(self, name, timeout, start=0):
        """The first mark NAME from index `start` on, or None after `timeout` s."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                found = [m for m in self.marks[start:] if m[1] == name]
                left = deadline - time.monotonic()
                if found or left <= 0:
                    return found[0] if found else None
                self.cond.wait(left)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def peer_bundle():
    """StPageFlip bundled by esbuild (PageFlip.js, PageFlip.css) in WORK/stpageflip, rebuilt when --stpageflip (a
    checkout, or a git directory whose HEAD is taken) names another source than the bundle's."""
    src, out = Path(ARGS.stpageflip).resolve(), WORK / "stpageflip"
    git = ["git", "-C", str(src)]
    if (src / "src/PageFlip.ts").exists():
        stamp = f"{src} {max(f.stat().st_mtime for f in (src / 'src').rglob('*'))}"
    elif subprocess.run(git + ["rev-parse", "--verify", "-q", "HEAD^{commit}"], capture_output=True).returncode == 0:
        rev = subprocess.run(git + ["describe", "--tags", "--always"], capture_output=True, text=True).stdout.strip()
        stamp = f"{src} {rev}"
    else:
        raise SystemExit(f"no StPageFlip source at {src}: give --stpageflip a checkout or a git directory of "
                         "https://github.com/Nodlik/StPageFlip")
    if (out / "PageFlip.js").exists() and (out / "PageFlip.css").exists() and (out / "SOURCE").exists() \
            and (out / "SOURCE").read_text() == stamp:
        return out, stamp
    if not shutil.which("esbuild"):
        raise SystemExit("measure.py peer bundles StPageFlip with esbuild: apt-get install esbuild")
    tree = src
    with tempfile.TemporaryDirectory(dir=WORK) as tmp:
        if not (src / "src/PageFlip.ts").exists():
            # Only what the bundle needs: the mirror may lack other blobs (its demo video.gif).
            tar = subprocess.run(git + ["archive", "--format=tar", "HEAD", "src", "LICENSE"], capture_output=True,
                                 check=True).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=tar, check=True)
            tree = Path(tmp)
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run(["esbuild", str(tree / "src/PageFlip.ts"), "--bundle", "--format=iife", "--global-name=St",
                        f"--outdir={out}", "--log-level=warning"], check=True)
        shutil.copyfile(tree / "LICENSE", out / "LICENSE")
    (out / "SOURCE").write_text(stamp)
    return out, stamp


def peer_site(bundle):
    """WORK/peer-WxH: the bundle, index.html, and demo pages 1..--pages drawn by `recto render` at the size of one
    page of recto's spread (redrawn when --recto is newer than them)."""
    w, h = ARGS.size
    left, right = page_rects(w, h)
    site = WORK / f"peer-{w}x{h}"
    site.mkdir(mode=0o700, exist_ok=True)
    pages = []
    for n in range(1, ARGS.pages + 1):
        out = site / f"page-{n}.png"
        if not out.exists() or out.stat().st_mtime < Path(ARGS.recto).stat().st_mtime:
            subprocess.run([ARGS.recto, "render", "--no-config", "--size", f"{right[2]}x{right[3]}", "--page", str(n),
                            "--margin", "0", "--out", str(out)], check=True)
        pages.append(out.name)
    for name in ("PageFlip.js", "PageFlip.css"):
        shutil.copyfile(bundle / name, site / name)
    (site / "index.html").write_text(PEER_HTML.format(left=left[0], top=left[1], width=2 * right[2], height=right[3],
                                                      page_w=right[2], page_h=right[3], pages=json.dumps(pages)))
    return site


def proc_stat(pid):
    """The fields of /proc/PID/stat after the command name (state is [0], ppid [1], utime [11]), or None."""
    try:
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def proc_tree(root, tag=None):
    """{pid: start time} of `root` (None: no root) and its descendants (by ppid, grandchildren included), and of any
    process whose command line holds `tag` and its descendants (Chromium's processes that outlive or leave the
    browser are re-parented away from it, but they all name its profile)."""
    stats = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := proc_stat(entry)):
            stats[int(entry)] = fields
    tree = set() if root is None else {root}
    if tag:
        for pid in stats:
            try:
                if tag.encode() in open(f"/proc/{pid}/cmdline", "rb").read():
                    tree.add(pid)
            except OSError:
                pass
    while more := {pid for pid, f in stats.items() if int(f[1]) in tree} - tree:
        tree |= more
    return {pid: stats[pid][19] for pid in tree if pid in stats}


def tree_cpu_ms(tree):
    """utime+stime of each process plus its cutime+cstime (its children's that ended and were reaped, so that a
    child ending between two readings keeps counting), summed, ms (10 ms resolution)."""
    ticks = sum(sum(int(x) for x in f[11:15]) for f in map(proc_stat, tree) if f)
    return ticks * 1000 / os.sysconf("SC_CLK_TCK")


def tree_memory_kb(tree):
    """(Pss, Rss) summed over the processes from smaps_rollup, kB: Pss splits each shared page among its sharers,
    Rss counts it once per process."""
    kb = {"Pss:": 0, "Rss:": 0}
    for pid in tree:
        try:
            for line in open(f"/proc/{pid}/smaps_rollup"):
                if line[:4] in kb:
                    kb[line[:4]] += int(line.split()[1])
        except OSError:
            pass
    return kb["Pss:"], kb["Rss:"]


def tree_kinds(tree, root):
    """{kind: count}, a kind being Chromium's --type= or else the executable's name (the root's name for a child
    that is a copy of it); and for Chromium's GPU process, its flags and the GL libraries it has mapped."""
    kinds, gpu, libs = {}, [], set()
    for pid in tree:
        try:
            argv = open(f"/proc/{pid}/cmdline", "rb").read().decode("utf-8", "replace").rstrip("\0").split("\0")
        except OSError:
            continue
        if len(argv) == 1:
            argv = argv[0].split()  # Chromium's children set a process title: one string, words split by spaces
        kind = next((a[7:] for a in argv if a.startswith("--type=")), None) or os.path.basename(argv[0])
        kind += " (the one started)" if pid == root else ""
        kinds[kind] = kinds.get(kind, 0) + 1
        if kind == "gpu-process":
            gpu = [a for a in argv[1:] if not re.match(r"--(gpu-pref|field-trial|metrics|pseudonym|trace-pr|varia)", a)]
            try:
                libs = {line.split()[-1].rsplit("/", 1)[-1] for line in open(f"/proc/{pid}/maps")
                        if re.search(r"/lib(EGL|GLES|GL|vulkan|vk_)[^/]*$|_dri\.so|gallium", line)}
            except OSError:
                pass
    return kinds, gpu, sorted(libs)


def end_tree(tree, timeout=5.0):
    """Waits for the processes (the viewer itself already stopped) to end, then SIGKILLs each one left, by pid
    (checked against its start time). Returns the pids that had to be killed."""
    def alive():
        return [p for p, start in tree.items() if (f := proc_stat(p)) and f[19] == start and f[0] not in "ZX"]
    deadline = time.monotonic() + timeout
    while alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    left = alive()
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


def screenshot(weston, out):
    """The output as a PNG at `out`, by weston-screenshooter (weston runs with --debug, which lets any client
    take one); None when it wrote none."""
    with tempfile.TemporaryDirectory(dir=WORK) as tmp:
        subprocess.run(["weston-screenshooter"], cwd=tmp, env=weston.client_env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=30)
        shots = list(Path(tmp).glob("*.png"))
        if not shots:
            return None
        shutil.move(shots[0], out)
    return str(out)


def chromium_argv(profile, url):
    """Chromium as a kiosk would start it, on a fresh profile. --no-sandbox because this runs as root (without the
    sandbox's namespaces and seccomp set-up the browser starts, if anything, a little faster); the background-
    networking, component-update and password-store flags stop chores that have nothing to do with the book."""
    return [ARGS.chromium, "--ozone-platform=wayland", "--kiosk", "--no-first-run", "--no-default-browser-check",
            f"--user-data-dir={profile}", f"--disk-cache-dir={profile}/cache", "--disable-extensions", "--no-sandbox",
            "--disable-background-networking", "--disable-component-update", "--password-store=basic",
            "--noerrdialogs", url]


def peer_run(server, name, binary, seconds, shots=None):
    """One viewer (recto, other: a recto binary; browser: Chromium on `server`'s page) started cold, then the
    corner drag of drag_run (touch at 62.5 Hz, never released) for `seconds` from 1 s after its first frame, in a
    weston of its own. With `shots` (a folder), screenshots after the first frame and mid-drag, and the viewer
    under WAYLAND_DEBUG=client for the method check (warm-up runs only)."""
    w, h = ARGS.size
    _, right = page_rects(w, h)
    x0, y0 = right[0] + right[2] - 10, right[1] + right[3] - 10
    fresh = Path(tempfile.mkdtemp(prefix="peer-", dir=WORK))
    env = {"XDG_CACHE_HOME": str(fresh / "cache"), "XDG_CONFIG_HOME": str(fresh / "config")}
    env.update({"WAYLAND_DEBUG": "client"} if shots else {})
    r, tree, taken, shot = {"viewer": name, "binary": binary}, {}, [], None
    try:
        with Weston(w, h) as weston:
            weston.send("frames")  # weston counts its output's repaints from here on
            n_marks = server.count()
            if name == "browser":
                proc = weston.launch(chromium_argv(fresh / "profile", server.url), env, stdout=False)
                shown = server.wait("shown", 60, n_marks)
                if shown is None:
                    raise SystemExit(f"StPageFlip showed no page in Chromium: {proc.err.snapshot()[-8:]}")
                t_shown = shown[0]
                drawn = server.wait("drawn", 1, n_marks)
                r["mark_delay_ms"] = round(shown[0] - shown[2], 2)
            else:
                proc = weston.launch([binary, "--log-events", "--no-config"], env)
                shown = wait_event(proc.out, "shown", 30)
                if shown is None:
                    raise SystemExit(f"{name} showed no page: {proc.err.snapshot()[-5:]}")
                t_shown = shown[1]["t"]
            r["first_frame_ms"] = round(t_shown - proc.t0, 1)
            if not weston.wait_mapped(proc, x0, y0):
                raise SystemExit(f"{name}'s surface is not under the drag's start point {x0},{y0}")
            if shots:
                r["shot_shown"] = screenshot(weston, shots / f"{name}-shown.png")
                # Method check: the first-frame stamp minus the buffer commit that showed the book, for recto
                # the last one before its stamp; for Chromium the first one after the frame that draws the cover
                # began (the page's "drawn" stamp).
                commits = buffer_commits(proc.err)
                shown_commit = [c for c in commits if c <= t_shown + 0.5][-1:] if name != "browser" else \
                    [c for c in commits if drawn and c > drawn[2]][:1]
                r["shown_minus_commit_ms"] = round(t_shown - shown_commit[0], 1) if shown_commit else None
                r["commits_around_shown_ms"] = [round(c - t_shown, 1) for c in commits if abs(c - t_shown) < 100]
            time.sleep(max(0.0, (t_shown + 1000 - mono_ms()) / 1000))
            tag = str(fresh) if name == "browser" else None
            tree = proc_tree(proc.pid, tag)
            n_marks = server.count()
            weston.send(f"touch-down 0 {x0} {y0}")
            weston.send("touch-frame")
            # The finger rests first: StPageFlip starts a fold only 250 ms after touchstart (it waits to tell a
            # swipe), and a touchmove past the slop that it has not cancelled by then makes Chromium take the
            # gesture for a scroll and send every later touchmove uncancelable, which StPageFlip ignores.
            time.sleep(PEER_HOLD)
            frames0, wcpu0, cpu0, t_start = int(weston.send("frames").split()[1]), weston_cpu(weston), \
                tree_cpu_ms(tree), mono_ms()
            k = 0
            while mono_ms() - t_start < seconds * 1000:
                k += 1
                drag_step(weston, x0, y0, right, t_start, k)
                if shots and k == 40:  # about 0.65 s in: the page well curled, on its way over
                    shot = threading.Thread(target=lambda: taken.append(screenshot(weston, shots / f"{name}-drag.png")))
                    shot.start()
            t_end = mono_ms()
            tree.update(proc_tree(proc.pid, tag))  # with any process born during the drag
            cpu1, wcpu1, frames1 = tree_cpu_ms(tree), weston_cpu(weston), int(weston.send("frames").split()[1])
            pss, rss = tree_memory_kb(tree)
            kinds, gpu, gl = tree_kinds(tree, proc.pid)
            if shot:
                shot.join()
                r["shot_drag"] = taken[0] if taken else None
            drag = (t_end - t_start) / 1000
            r.update(cpu_s_per_drag_s=round((cpu1 - cpu0) / 1000 / drag, 3),
                     weston_cpu_s_per_drag_s=round((wcpu1 - wcpu0) / 1000 / drag, 3),
                     repaints_per_s=round((frames1 - frames0) / drag, 1), pss_mib=round(pss / 1024, 1),
                     rss_mib=round(rss / 1024, 1), processes=len(tree), kinds=kinds, drag_s=round(drag, 2))
            if name == "browser":
                r.update(gpu_flags=gpu, gpu_gl_libraries=gl,
                         states=[m[1][6:] for m in server.since(n_marks) if m[1].startswith("state-")],
                         stderr=[t for _, t in proc.err.snapshot()
                                 if not (WL_LINE.match(t) or re.match(r"\[\d\d:\d\d:\d\d\.\d{6}\]", t))][:20])
                if "user_fold" not in r["states"]:
                    raise SystemExit(f"the drag never reached StPageFlip (states seen: {r['states']}); stderr: "
                                     f"{r['stderr'][-5:]}")
            r["exit"], _ = proc.stop()
            weston.clients.remove(proc)
            r["killed"] = end_tree(tree)
    finally:
        # Whatever is left once weston has gone (after an error, its close stopped the viewer by its pid).
        end_tree(dict(tree, **proc_tree(None, str(fresh))), 0)
        shutil.rmtree(fresh, ignore_errors=True)
    return r


def cmd_peer():
    """recto against the web flipbook a kiosk would run instead: StPageFlip (canvas mode; the demo book's first
    --pages pages drawn by `recto render` as PNGs at the size recto shows a page, in recto's spread rectangle on its
    background colour, cover alone on the right as recto opens it) in Chromium, full screen on the same private
    weston, served from an HTTP server on 127.0.0.1. Each viewer runs once unmeasured first (the OS page cache;
    screenshots after the first frame and mid-drag in WORK/peer-shots; WAYLAND_DEBUG for the method check), then
    --rounds rounds, rotating who goes first, each run in a weston of its own with empty caches (a fresh Chromium
    profile; XDG_CACHE_HOME), as `startup`'s cold runs.

    Cold start: exec -> first frame that shows the book. recto: its `shown` event's t (its first frame that shows a
    page, committed). Chromium: the page POSTs a "shown" mark, stamped on its arrival here, from the second
    animation-frame callback after the cover's image has loaded: the first callback's frame draws the cover, the
    second runs once that frame has gone to Chromium's compositor. Error: the mark is late by the fetch (the page's
    own clock -> arrival, printed), and off by up to a frame (~30 ms here) against the wl_surface.commit that
    shows the book; the warm-up run measures that offset under WAYLAND_DEBUG and prints it.
    CPU per drag-second: the drag of drag_run (touch at 62.5 Hz, never released, from 1 s after the first frame),
    after the finger has rested PEER_HOLD s on the corner (for StPageFlip, see peer_run); utime+stime, plus the
    cutime+cstime of reaped children, summed over the viewer's process tree (ppid walk, grandchildren included,
    with any process naming the fresh profile), from the first motion to the last.
    PSS / RSS: smaps_rollup summed over that tree at the end of the drag, the finger still down.
    Chromium runs with --no-sandbox (root); its flags are in chromium_argv. A drag that never makes StPageFlip fold
    the page (its changeState events, POSTed too) stops the run."""
    if not Path(ARGS.chromium).exists() and not shutil.which(ARGS.chromium):
        raise SystemExit(f"no Chromium at {ARGS.chromium}: apt-get install chromium, or give --chromium")
    w, h = ARGS.size
    bundle, source = peer_bundle()
    site = peer_site(bundle)
    version = subprocess.run([ARGS.chromium, "--version"], capture_output=True, text=True).stdout.strip()
    shots = WORK / "peer-shots"
    shots.mkdir(mode=0o700, exist_ok=True)
    viewers = [("recto", ARGS.recto), ("browser", None)] + ([("other", ARGS.compare)] if ARGS.compare else [])
    server, before, runs = PeerServer(site), load(), []
    try:
        warm = [peer_run(server, name, binary, 2.0, shots) for name, binary in viewers]
        for i in range(ARGS.rounds):
            for name, binary in viewers[i % len(viewers):] + viewers[:i % len(viewers)]:
                time.sleep(0.5)
                runs.append(dict(peer_run(server, name, binary, ARGS.seconds), round=i + 1))
    finally:
        server.close()
    keys = ("first_frame_ms", "cpu_s_per_drag_s", "pss_mib", "rss_mib", "processes", "weston_cpu_s_per_drag_s",
            "repaints_per_s")
    summary = {name: {k: round(statistics.median([r[k] for r in runs if r["viewer"] == name]), 3) for k in keys}
               for name, _ in viewers}
    ratio_cols = [n for n, _ in viewers if n != "browser"]
    targets = {"first_frame_ms": 0.1, "cpu_s_per_drag_s": 0.3, "pss_mib": 0.25}
    ratios = {n: {k: round(summary[n][k] / summary["browser"][k], 3) if summary["browser"][k] else None for k in keys}
              for n in ratio_cols}
    print(f"peer: recto vs StPageFlip {source.split()[-1]} (canvas) in {version}, {w}x{h}, {ARGS.rounds} round(s) "
          f"(medians), {ARGS.seconds} s drag, load before {before}, after {load()}")
    labels = {"first_frame_ms": "cold start ms (exec -> book shown)",
              "cpu_s_per_drag_s": "CPU-s per drag-second (tree)",
              "pss_mib": "PSS MiB at end of drag (tree)", "rss_mib": "RSS MiB summed (tree)",
              "processes": "processes", "weston_cpu_s_per_drag_s": "weston CPU-s per drag-second",
              "repaints_per_s": "output repaints per drag-second"}
    table([[labels[k]] + [summary[n][k] for n, _ in viewers] + [ratios[n][k] for n in ratio_cols]
           + [f"<= {targets[k]}" if k in targets else ""] for k in keys],
          ["figure"] + [n for n, _ in viewers] + [f"{n} ÷ browser" for n in ratio_cols] + ["target"])
    print()
    table([[r["round"], r["viewer"], r["first_frame_ms"], r["cpu_s_per_drag_s"], r["pss_mib"], r["rss_mib"],
            r["processes"], r["weston_cpu_s_per_drag_s"], r["repaints_per_s"]] for r in runs],
          ["round", "viewer", "cold start ms", "CPU-s/drag-s", "PSS MiB", "RSS MiB", "procs", "weston CPU-s/drag-s",
           "repaints/s"])
    browser = [r for r in runs if r["viewer"] == "browser"]
    delays = [r["mark_delay_ms"] for r in browser]
    print(f"method check: Chromium's shown mark, page clock -> arrival {min(delays)}..{max(delays)} ms. Warm-up "
          "runs under WAYLAND_DEBUG, first-frame stamp minus the buffer commit that showed the book (recto: the last "
          "before its stamp; Chromium: the first after the frame that draws the cover began), and the commits "
          "within 100 ms of the stamp: " + "; ".join(f"{r['viewer']} {r['shown_minus_commit_ms']} ms "
                                                      f"{r['commits_around_shown_ms']}" for r in warm))
    print(f"Chromium's processes at the end of its last drag: {browser[-1]['kinds']}; its GPU process's GL libraries: "
          f"{browser[-1]['gpu_gl_libraries']}")
    print(f"screenshots (warm-up): {' '.join(str(r.get(k)) for r in warm for k in ('shot_shown', 'shot_drag'))}")
    return {"size": [w, h], "seconds": ARGS.seconds, "rounds": ARGS.rounds, "stpageflip": source,
            "chromium": version, "chromium_argv": chromium_argv("PROFILE", server.url), "load_before": before,
            "load_after": load(), "summary": summary, "ratios": ratios, "targets": targets, "warmup": warm,
            "runs": runs}


# ---------------------------------------------------------------- pinch
PINCH_CENTRE = (1330.0, 540.0)  # the scan, alone on the right of a 1920x1080 spread, at its centre


def pinch_book():
    """The end-to-end tests' deep-zoom book, baked once into WORK: a 20,000 x 28,000 px scan (one-pixel checkerboard
    at its centre) and five 2,000 x 2,800 pages, level-0 tiles and a IIIF manifest (recto bake, libvips)."""
    book = WORK / "pinch-book"
    if (book / "manifest.json").exists():
        return book
    scans = WORK / "pinch-scans"
    shutil.rmtree(scans, ignore_errors=True)
    scans.mkdir(parents=True)
    make = str(REPO / "scripts/make-test-scan.sh")
    subprocess.run([make, "20000", "28000", str(scans / "p1.jpg")], check=True)
    subprocess.run([make, "2000", "2800", str(scans / "p2.jpg")], check=True)
    for n in range(3, 7):
        shutil.copy(scans / "p2.jpg", scans / f"p{n}.jpg")
    shutil.rmtree(book, ignore_errors=True)
    subprocess.run([ARGS.recto, "bake", str(scans), str(book), "--title", "Deep book"], check=True)
    return book


def two_finger(weston, d0, d1, seconds):
    """Two fingers about PINCH_CENTRE from d0 to d1 px apart, moved every 16 ms for `seconds`, then lifted."""
    cx, cy = PINCH_CENTRE
    weston.send(f"touch-down 0 {cx - d0 / 2:.1f} {cy}")
    weston.send(f"touch-down 1 {cx + d0 / 2:.1f} {cy}")
    weston.send("touch-frame")
    steps, start = max(1, round(seconds * 1000 / 16)), mono_ms()
    for k in range(1, steps + 1):
        time.sleep(max(0, (start + 16 * k - mono_ms()) / 1000))
        half = (d0 + (d1 - d0) * k / steps) / 2
        weston.send(f"touch-motion 0 {cx - half:.1f} {cy}")
        weston.send(f"touch-motion 1 {cx + half:.1f} {cy}")
        weston.send("touch-frame")
    end = mono_ms()
    weston.send("touch-up 0")
    weston.send("touch-up 1")
    weston.send("touch-frame")
    return start, end, steps


def pinch_run(book):
    """recto --kiosk on the book, pinched to 1:1 at the scan's centre (once to learn the zoom, once to land there),
    its tiles awaited; then a pinch-out to fit over ARGS.seconds. Its buffer commits (WAYLAND_DEBUG) and the
    output's repaints during the pinch-out."""
    w, h = ARGS.size
    one_to_one = 20000 / 740.6  # the scan's width over its width at fit on a 1920x1080 spread
    with Weston(w, h) as weston:
        recto, _ = start_recto(weston, ["--kiosk", "--stats"], book=str(book), env_extra={"WAYLAND_DEBUG": "client"})
        # Zoom is allowed once the GL draws: the CPU-drawn first frames show the page at fit only.
        if wait_event(recto.out, "renderer", 30) is None:
            raise SystemExit("recto's GL did not start")
        two_finger(weston, 60, 1200, 0.5)
        first = wait_event(recto.out, "zoom", 30)
        scale = first[1].get("scale", 1) if first else 1
        mark = recto.out.count()
        two_finger(weston, 200, 200 * one_to_one / scale, 0.5)
        zoom = wait_event(recto.out, "zoom", 30, start=mark)
        landed = zoom[1].get("scale") if zoom else None
        # The first pinch's region already holds the scan's own pixels; the second's tiles come within a second.
        if wait_event(recto.out, "region", 120) is None:
            raise SystemExit("recto showed no region of the scan")
        time.sleep(3)
        mark = recto.out.count()
        frames0 = int(weston.send("frames").split()[1])
        start, end, steps = two_finger(weston, 1200, 1200 / one_to_one, ARGS.seconds)
        frames1 = int(weston.send("frames").split()[1])
        settled = wait_event(recto.out, "zoom", 30, start=mark)
        time.sleep(0.5)
        recto.stop()
    commits = [t for t in buffer_commits(recto.err) if start <= t <= end]
    gaps = [b - a for a, b in zip(commits, commits[1:])]
    seconds = (end - start) / 1000
    return {"landed_scale": landed, "one_to_one": round(one_to_one, 2), "steps": steps, "seconds": round(seconds, 3),
            "commits": len(commits), "repaints": frames1 - frames0,
            "commits_per_s": round(len(commits) / seconds, 1), "repaints_per_s": round((frames1 - frames0) / seconds, 1),
            "commit_gap_p50_ms": round(statistics.median(gaps), 1) if gaps else None,
            "commit_gap_max_ms": round(max(gaps), 1) if gaps else None,
            "settled_scale": settled[1].get("scale") if settled else None}


def cmd_pinch():
    book, before = pinch_book(), load()
    runs = [pinch_run(book) for _ in range(ARGS.rounds)]
    print(f"pinch: 1:1 ({runs[0]['one_to_one']}x of fit) to fit over {ARGS.seconds} s, fingers moved every 16 ms, "
          f"{ARGS.size[0]}x{ARGS.size[1]}, {ARGS.rounds} run(s), load before {before}, after {load()}")
    keys = ("landed_scale", "steps", "commits", "repaints", "commits_per_s", "repaints_per_s", "commit_gap_p50_ms",
            "commit_gap_max_ms", "settled_scale")
    table([[i + 1] + [r[k] for k in keys] for i, r in enumerate(runs)], ["run"] + list(keys))
    return {"size": list(ARGS.size), "seconds": ARGS.seconds, "load_before": before, "load_after": load(), "runs": runs}


def parse_size(text):
    w, h = text.lower().split("x")
    return int(w), int(h)


def main():
    global ARGS
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--recto", default=str(REPO / ".build/release/recto"))
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    sub = p.add_subparsers(dest="command", required=True)
    for name in ("startup", "drag", "idle", "soak", "peer", "pinch"):
        s = sub.add_parser(name)
        s.add_argument("--size", type=parse_size, default=(1920, 1080))
        s.add_argument("--json", metavar="FILE", default=argparse.SUPPRESS)
    sub.choices["startup"].add_argument("--runs", type=int, default=5)
    sub.choices["startup"].add_argument("--image", help="page PNG for all viewers (default: demo page 1 drawn "
                                        "at 2048x2732 by recto render)")
    sub.choices["startup"].add_argument("--compare", metavar="PATH", help="another recto binary (e.g. an earlier "
                                        "build), started cold in the same interleaved runs as viewer 'other'")
    sub.choices["startup"].add_argument("--recto-book", help="what recto opens instead of --image: a path, or "
                                        "'demo' for the bundled demo book")
    sub.choices["drag"].add_argument("--seconds", type=float, default=10)
    sub.choices["drag"].add_argument("--rounds", type=int, default=1)
    sub.choices["drag"].add_argument("--baseline", metavar="PATH", help="another recto build measured in the same "
                                     "run, rounds interleaved (e.g. the previous release)")
    sub.choices["idle"].add_argument("--seconds", type=float, default=5)
    soak = sub.choices["soak"]
    soak.add_argument("--turns", type=int, default=10000)
    soak.add_argument("--warmup", type=int, default=500)
    soak.add_argument("--sample-every", type=int, default=500)
    soak.add_argument("--interval", type=float, default=25, help="ms after each key")
    soak.add_argument("--flick-every", type=int, default=10, help="every Nth turn is a flick stroke")
    soak.add_argument("--cache-mb", type=int)
    peer = sub.choices["peer"]
    peer.add_argument("--rounds", type=int, default=5)
    peer.add_argument("--seconds", type=float, default=10)
    peer.add_argument("--compare", metavar="PATH", help="another recto binary measured in the same rounds as viewer "
                      "'other'")
    peer.add_argument("--stpageflip", default=STPAGEFLIP, metavar="DIR", help="StPageFlip's source: a checkout, or a "
                      "git directory whose HEAD is bundled (default %(default)s)")
    peer.add_argument("--chromium", default="/usr/lib/chromium/chromium", help="the browser binary (default "
                      "%(default)s: Debian's /usr/bin/chromium is a shell script that adds flags from /etc/chromium.d "
                      "and execs it)")
    peer.add_argument("--pages", type=int, default=6, help="demo pages given to StPageFlip")
    sub.choices["pinch"].add_argument("--rounds", type=int, default=3)
    sub.choices["pinch"].add_argument("--seconds", type=float, default=1.5, help="the pinch-out's length")
    ARGS = p.parse_args()
    ARGS.recto = str(Path(ARGS.recto).resolve())
    for other in ("baseline", "compare"):
        if getattr(ARGS, other, None):
            setattr(ARGS, other, str(Path(getattr(ARGS, other)).resolve()))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(130))  # unwinds the with-blocks: children are stopped
    result = {"startup": cmd_startup, "drag": cmd_drag, "idle": cmd_idle, "soak": cmd_soak,
              "peer": cmd_peer, "pinch": cmd_pinch}[ARGS.command]()
    result.update(command=ARGS.command, recto=ARGS.recto, date=time.strftime("%Y-%m-%d %H:%M:%S"))
    if ARGS.json:
        Path(ARGS.json).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
