"""What the measuring scripts share: headless weston 10 with the end-to-end tests' seat module, its control
socket (touches and keys), and recto's JSON event log read all the time (a full pipe would stall recto's loop).

    with WestonSession("latency") as s:
        recto = s.start_recto([args.recto, book, "--log-events", "--no-config"])
        recto.wait_for(lambda e: e["event"] == "shown", 0, 30)
        s.cmd("key 106 1"); s.cmd("key 106 0")
"""
import json, os, shutil, socket, subprocess, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def now_ms():
    """CLOCK_MONOTONIC in ms: the clock of recto's `t`."""
    return time.clock_gettime(time.CLOCK_MONOTONIC) * 1000

def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]

def load_average():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]

def build_seat_module(out):
    """Builds the end-to-end tests' seat module (Tests/EndToEndTests/Harness) into `out`, unless it is newer than
    its sources; returns `out`."""
    harness = os.path.join(ROOT, "Tests/EndToEndTests/Harness")
    sources = [os.path.join(harness, f) for f in os.listdir(harness) if f.endswith((".c", ".h"))]
    if os.path.exists(out) and os.path.getmtime(out) >= max(os.path.getmtime(f) for f in sources):
        return out
    flags = subprocess.check_output(["pkg-config", "--cflags", "--libs", "libweston-10", "wayland-server", "xkbcommon"],
                                    text=True).split()
    subprocess.check_call(["cc", "-shared", "-fPIC", "-o", out] + [f for f in sources if f.endswith(".c")] + flags)
    return out

class Recto:
    """A recto process whose stdout events are collected in `events` (under `cv`)."""
    def __init__(self, argv, env, on_event=None):
        self.process = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.events, self.cv = [], threading.Condition()
        def pump():
            for line in self.process.stdout:
                if line.startswith("{"):
                    e = json.loads(line)
                    with self.cv: self.events.append(e); self.cv.notify_all()
                    if on_event: on_event(e)
        threading.Thread(target=pump, daemon=True).start()

    @property
    def pid(self):
        return self.process.pid

    def mark(self):
        with self.cv: return len(self.events)

    def wait_for(self, pred, since, timeout=5.0):
        """The first event from index `since` on that satisfies pred, or None after `timeout` seconds."""
        end = time.time() + timeout
        with self.cv:
            while True:
                for e in self.events[since:]:
                    if pred(e): return e
                left = end - time.time()
                if left <= 0: return None
                self.cv.wait(left)

    def since(self, mark):
        with self.cv: return list(self.events[mark:])

    def stop(self, timeout=20):
        """Ends recto (SIGTERM) and returns its stderr."""
        if self.process.poll() is None: self.process.terminate()
        return self.process.communicate(timeout=timeout)[1]

class WestonSession:
    """Headless weston 10 (pixman, kiosk-shell) on socket `name` with the seat module; `env` is its clients'
    environment (a private XDG_RUNTIME_DIR, cache and state). `module`: a seat module built already (else one is
    built into the session's directory); `log`: a file for weston's output (`debug` adds its protocol debugging)."""
    def __init__(self, name, width=1920, height=1080, debug=False, module=None, log=None):
        self.name, self.width, self.height = name, width, height
        self.work = tempfile.mkdtemp(prefix=f"recto-{name}-")
        os.chmod(self.work, 0o700)
        module = module or build_seat_module(os.path.join(self.work, "seat.so"))
        self.env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY")}
        self.env.update(XDG_RUNTIME_DIR=self.work, RECTO_TEST_CONTROL=os.path.join(self.work, "ctl"),
                        XDG_CACHE_HOME=os.path.join(self.work, "cache"), XDG_STATE_HOME=os.path.join(self.work, "state"))
        self.weston = subprocess.Popen(
            ["weston", "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so", f"--width={width}",
             f"--height={height}", f"--socket={name}", "--no-config", "--idle-time=0", "--modules=" + str(module)]
            + (["--debug"] if debug else []),
            env=self.env, stdin=subprocess.DEVNULL, stdout=log or subprocess.DEVNULL, stderr=log or subprocess.DEVNULL)
        self.pid = self.weston.pid
        self.rectos = []
        deadline = time.monotonic() + 15
        while not os.path.exists(self.env["RECTO_TEST_CONTROL"]):
            if self.weston.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise SystemExit(f"weston did not start ({self.weston.returncode})")
            time.sleep(0.02)
        control = socket.socket(socket.AF_UNIX)
        control.connect(self.env["RECTO_TEST_CONTROL"])
        self.control = control.makefile("rw")

    def cmd(self, line):
        """One command to the test seat module (`touch-down 0 X Y`, `key CODE 1`…); its answer."""
        self.control.write(line + "\n"); self.control.flush()
        return self.control.readline().strip()

    def start_recto(self, argv, env=None, on_event=None):
        recto = Recto(argv, dict(self.env, WAYLAND_DISPLAY=self.name, **(env or {})), on_event)
        self.rectos.append(recto)
        return recto

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Kills the rectos it started, then ends weston (each by its own pid) and removes the session's files."""
        for recto in self.rectos:
            if recto.process.poll() is None: recto.process.kill()
        if self.weston.poll() is None:
            self.weston.terminate()
            try:
                self.weston.wait(5)
            except subprocess.TimeoutExpired:
                self.weston.kill(); self.weston.wait()
        shutil.rmtree(self.work, ignore_errors=True)
