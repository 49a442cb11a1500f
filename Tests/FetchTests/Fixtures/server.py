#!/usr/bin/env python3
"""A hostile little HTTP server on 127.0.0.1 for the Fetch tests: it prints its port, then serves until stdin
closes (so it dies with the test). Every path is one misbehaviour."""
import gzip, http.server, socketserver, sys, threading, time

BODY = bytes(range(256)) * 64  # 16 KiB
BOMB = gzip.compress(b"\0" * (40 << 20), compresslevel=1)  # 40 MiB of zeros in ~180 KiB

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, code, body=b"", headers=()):
        self.send_response(code)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        p = self.path
        if p == "/ok":
            self.send(200, BODY)
        elif p == "/missing":
            self.send(404, b"no such tile")
        elif p == "/error":
            self.send(503, b"busy")
        elif p == "/redirect":
            self.send(302, b"", [("Location", "/ok")])
        elif p == "/loop":
            self.send(302, b"", [("Location", "/loop")])
        elif p == "/to-ftp":
            self.send(302, b"", [("Location", "ftp://127.0.0.1/x")])
        elif p == "/stall":
            Handler.stalls += 1
            time.sleep(30)
        elif p == "/stalls":
            # How many /stall requests arrived: a test waits for its own to be at the server.
            self.send(200, b"%d" % Handler.stalls)
        elif p == "/trickle":
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            for _ in range(60):
                try:
                    self.wfile.write(b"x")
                    self.wfile.flush()
                except OSError:
                    return
                time.sleep(0.5)
        elif p == "/endless":
            # No Content-Length: only the client's own bound stops it.
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b"y" * 65536
            try:
                for _ in range(100000):
                    self.wfile.write(chunk)
            except OSError:
                return
        elif p == "/bomb":
            self.send(200, BOMB, [("Content-Encoding", "gzip")])
        elif p == "/counted":
            Handler.counted += 1
            self.send(200, b"count %d" % Handler.counted)
        else:
            self.send(404)

Handler.counted = 0
Handler.stalls = 0

class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
