/// A hostile IIIF server for the tests (Python's http.server, run as `python3 -c SCRIPT ROOT`): it prints its port,
/// then serves the book in ROOT under `/MODE/`: the manifest, info.json and coarse tiles as they are, the finest
/// level's tiles of `scan/` (region and size the same: factor 1) misbehaving as MODE says; `all-MODE` misbehaves
/// for every image under `scan/`. A few modes replace the manifest itself. `/count/TEXT` answers how many
/// requests so far had TEXT in their path.
///
/// Modes: `ok`, `404`, `stall` (never answers), `trickle` (a byte every half second), `loop` (redirects to
/// itself), `ftp` (redirects to ftp:), `wrongsize` (another image: `wrong.png`), `bomb` (`bomb.png`, a small
/// PNG declaring a huge image), `gzipbomb` (40 MiB of zeros, gzip-encoded); manifests: `notjson`, `notiiif`,
/// `huge` (100,000 canvases), `giant` (canvases and info.json claiming 10⁹ × 10⁹ px), `schemes` (canvases
/// painting ftp:, data: and gopher: images, then one good one).
public enum HostileIIIF {
    public static let serverScript = #"""
import gzip, http.server, json, os, re, sys, threading, time
ROOT = sys.argv[1]
GZIP_BOMB = gzip.compress(b"\0" * (40 << 20), compresslevel=1)
COUNTS = {}
LOCK = threading.Lock()

def canvas(n, body):
    return {"id": "c%d" % n, "type": "Canvas", "label": {"en": ["p. %d" % n]}, "width": 10, "height": 10,
            "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting", "body": body}]}]}

def manifest(items):
    return json.dumps({"@context": "http://iiif.io/api/presentation/3/context.json", "type": "Manifest",
                       "label": {"en": ["Hostile"]}, "items": items}).encode()

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass

    def send(self, code, body=b"", headers=()):
        self.send_response(code)
        for k, v in headers: self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try: self.wfile.write(body)
        except OSError: pass

    def file(self, rel):
        path = os.path.realpath(os.path.join(ROOT, rel))
        if not path.startswith(os.path.realpath(ROOT)) or not os.path.isfile(path): return None
        with open(path, "rb") as f: return f.read()

    def do_GET(self):
        parts = self.path.split("/", 2)
        if len(parts) < 3: return self.send(404)
        mode, rel = parts[1], parts[2]
        if mode == "count":
            with LOCK: n = sum(v for k, v in COUNTS.items() if rel in k)
            return self.send(200, str(n).encode())
        with LOCK: COUNTS[self.path] = COUNTS.get(self.path, 0) + 1
        if rel == "manifest.json":
            if mode == "notjson": return self.send(200, b"<html>Not a manifest</html>")
            if mode == "notiiif": return self.send(200, b'{"hello": "world", "items": [1, 2, 3]}')
            if mode == "huge":
                items = ['{"id":"c%d","type":"Canvas","width":10,"height":10,"items":[]}' % i for i in range(100000)]
                return self.send(200, ('{"@context":"http://iiif.io/api/presentation/3/context.json","type":"Manifest",'
                                       '"label":{"en":["Huge"]},"items":[' + ",".join(items) + "]}").encode())
            if mode == "giant":
                return self.send(200, manifest([
                    canvas(1, {"id": "giant/full/max/0/default.jpg", "type": "Image", "width": 10**9, "height": 10**9,
                               "service": [{"id": "giant", "type": "ImageService3", "profile": "level0"}]}),
                    canvas(2, {"id": "plain.png", "type": "Image", "width": 10**9, "height": 10**9})]))
            if mode == "schemes":
                return self.send(200, manifest([canvas(1, {"id": "ftp://127.0.0.1/p1.jpg", "type": "Image"}),
                                                canvas(2, {"id": "data:image/png;base64,AAAA", "type": "Image"}),
                                                canvas(3, {"id": "gopher://127.0.0.1/p3.jpg", "type": "Image"}),
                                                canvas(4, {"id": "plain.png", "type": "Image"})]))
        if mode == "giant" and rel == "giant/info.json":
            return self.send(200, json.dumps({"@context": "http://iiif.io/api/image/3/context.json", "id": "giant",
                "type": "ImageService3", "profile": "level0", "width": 10**9, "height": 10**9,
                "tiles": [{"width": 512, "scaleFactors": [1, 2, 4]}]}).encode())
        whole = mode.startswith("all-")
        mode = mode[4:] if whole else mode
        m = re.match(r"scan/([^/]+)/(\d+),(\d+)/0/default\.jpg$", rel)
        fine = m and m.group(1) != "full" and m.group(1).split(",")[2:] == [m.group(2), m.group(3)]
        if (fine or (whole and rel.startswith("scan/") and not rel.endswith("info.json"))) and mode != "ok":
            return self.misbehave(mode)
        body = self.file(rel)
        if body is None: return self.send(404, b"no such file")
        self.send(200, body, [("Content-Type", "application/json" if rel.endswith(".json") else "image/png")])

    def misbehave(self, mode):
        if mode == "404": return self.send(404, b"no such tile")
        if mode == "stall":
            time.sleep(60)
            return
        if mode == "trickle":
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            for _ in range(120):
                try:
                    self.wfile.write(b"x")
                    self.wfile.flush()
                except OSError:
                    return
                time.sleep(0.5)
            return
        if mode == "loop": return self.send(302, b"", [("Location", self.path)])
        if mode == "ftp": return self.send(302, b"", [("Location", "ftp://127.0.0.1/tile.jpg")])
        if mode == "wrongsize": return self.send(200, self.file("wrong.png"))
        if mode == "bomb": return self.send(200, self.file("bomb.png"))
        if mode == "gzipbomb": return self.send(200, GZIP_BOMB, [("Content-Encoding", "gzip")])
        self.send(500, b"unknown mode")

class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""#
}
