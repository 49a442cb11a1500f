#!/usr/bin/env python3
"""Exec → first frame of several recto binaries under one private headless weston, runs interleaved.

Usage: deb-startup.py --module recto-test-seat.so [--runs 5] [--size 1920x1080] NAME=BINARY...
Each run starts `BINARY --no-config --log-events` (its bundled demo book) and takes recto's `ready` and
`shown` stamps (CLOCK_MONOTONIC ms) minus the monotonic time just before the exec. The binaries take turns,
rotating who goes first; one warm-up run each (Mesa's shader cache, the page cache) is not counted.
Prints the medians. scripts/test-deb.sh uses it to compare the packaged (static) binary with the release build.
"""
import argparse, json, os, shutil, statistics, subprocess, tempfile, threading, time


def mono_ms():
    return time.clock_gettime(time.CLOCK_MONOTONIC) * 1000


def start_weston(runtime, size, module):
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime, RECTO_TEST_CONTROL=os.path.join(runtime, "control"))
    for key in ("WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY"):
        env.pop(key, None)
    w, h = size.split("x")
    proc = subprocess.Popen(["weston", "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so",
                             f"--width={w}", f"--height={h}", "--socket=recto-startup", "--no-config",
                             "--idle-time=0", f"--modules={module}"],
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 15
    while not os.path.exists(os.path.join(runtime, "recto-startup")):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise SystemExit("weston did not start")
        time.sleep(0.05)
    return proc


def run_once(binary, runtime, cache):
    """One start: {event: ms after exec} for ready and shown."""
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_SOCKET", "DISPLAY")}
    env.update(XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY="recto-startup", XDG_CACHE_HOME=cache, XDG_STATE_HOME=cache)
    t0 = mono_ms()
    proc = subprocess.Popen([binary, "--no-config", "--log-events"], env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    found, timeout = {}, threading.Timer(30, proc.kill)  # a recto that hangs silently ends the read
    timeout.start()
    try:
        for line in proc.stdout:
            event = json.loads(line)
            if event["event"] in ("ready", "shown"):
                found.setdefault(event["event"], round(event["t"] - t0, 1))
            if len(found) == 2:
                break
    finally:
        timeout.cancel()
        proc.terminate()
        proc.wait(10)
    if len(found) < 2:
        raise SystemExit(f"{binary}: no ready/shown events")
    return found


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--module", required=True, help="the tests' weston seat module (kiosk-shell maps nothing without a seat)")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--size", default="1920x1080")
    p.add_argument("binaries", nargs="+", metavar="NAME=BINARY")
    args = p.parse_args()
    binaries = dict(b.split("=", 1) for b in args.binaries)
    names = list(binaries)
    runtime = tempfile.mkdtemp(prefix="recto-startup-")
    os.chmod(runtime, 0o700)
    results = {n: [] for n in names}
    weston = start_weston(runtime, args.size, os.path.abspath(args.module))
    try:
        for i in range(-1, args.runs):
            order = names[i % len(names):] + names[:i % len(names)]
            for name in order:
                # A cold disk cache of decoded pages each time: the first start after installing.
                cache = tempfile.mkdtemp(prefix="cache-", dir=runtime)
                r = run_once(binaries[name], runtime, cache)
                shutil.rmtree(cache, ignore_errors=True)
                if i >= 0:
                    results[name].append(r)
    finally:
        weston.terminate()
        weston.wait(10)
        shutil.rmtree(runtime, ignore_errors=True)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"exec → first frame at {args.size}, demo book, {args.runs} interleaved runs each (load {load}):")
    for name in names:
        ready = [r["ready"] for r in results[name]]
        shown = [r["shown"] for r in results[name]]
        print(f"  {name:8} ready median {statistics.median(ready):6.1f} ms  shown median "
              f"{statistics.median(shown):6.1f} ms   (ready: {' '.join(str(x) for x in ready)})")


if __name__ == "__main__":
    main()
