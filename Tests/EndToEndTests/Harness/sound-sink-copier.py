# Copies the sound server's FIFO sink to a file, noting when each read's bytes left the server: lines of
# "<CLOCK_MONOTONIC ms> <bytes so far>" in the index file (the clock the reader's events use).
import os, sys, time
fifo, out, index = sys.argv[1:4]
total = 0
with open(fifo, "rb", buffering=0) as src, open(out, "wb", buffering=0) as dst, open(index, "w", buffering=1) as idx:
    while True:
        chunk = src.read(4096)
        if not chunk:
            break
        now = time.clock_gettime(time.CLOCK_MONOTONIC) * 1000
        dst.write(chunk)
        total += len(chunk)
        idx.write("%.3f %d\n" % (now, total))
