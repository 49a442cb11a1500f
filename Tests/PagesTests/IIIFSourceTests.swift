import Decoding
import Fetch
import Foundation
@testable import Pages
import Pages
import Testing
import TestSupport

/// IIIF books as a kiosk meets them: a baked directory (manifest.json with relative ids), and the same book over
/// HTTP from a server on 127.0.0.1 that then goes away.
@Suite struct IIIFSourceTests {
    /// Five canvases: 1, 2 and 4 plain images; 3 through a level 0 service with one pre-made size; 5 missing.
    static func makeBook(in dir: TempDir) throws -> [[UInt8]] {
        var pages: [[UInt8]] = []
        var items: [String] = []
        for i in 1...5 {
            let png = try pngBytes(width: 40, height: 56, seed: UInt64(i))
            pages.append(png)
            var body = #""id": "img/p\#(i).png", "type": "Image", "width": 40, "height": 56"#
            if i != 5 { try dir.write("img/p\(i).png", png) }
            if i == 3 {
                try dir.write("svc/p3/full/20,28/0/default.jpg", png)
                try dir.write("svc/p3/info.json", Array(#"""
                    {"@context": "http://iiif.io/api/image/3/context.json", "id": "svc/p3", "type": "ImageService3",
                     "profile": "level0", "width": 40, "height": 56, "sizes": [{"width": 20, "height": 28}]}
                    """#.utf8))
                body += #", "service": [{"id": "svc/p3", "type": "ImageService3", "profile": "level0"}]"#
            }
            let behavior = i == 4 ? #""behavior": ["facing-pages"], "# : ""
            items.append(#"""
                {"id": "canvas/\#(i)", "type": "Canvas", \#(behavior)"label": {"en": ["f. \#(i)"]}, "width": 40, "height": 56,
                 "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting",
                   "body": {\#(body)}}]}]}
                """#)
        }
        try dir.write("manifest.json", Array(#"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "type": "Manifest",
             "label": {"en": ["A baked book"]}, "viewingDirection": "right-to-left", "rights": "http://rightsstatements.org/vocab/NoC-US/1.0/",
             "requiredStatement": {"label": {"en": ["Attribution"]}, "value": {"en": ["The Example Museum"]}},
             "items": [\#(items.joined(separator: ","))]}
            """#.utf8))
        return pages
    }

    @Test func aBakedDirectoryIsABook() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let pages = try Self.makeBook(in: dir)
        let book = try PageSource.open(path: dir.path)
        #expect(book.kind == .iiif)
        #expect(book.pageCount == 5)
        #expect(book.pageLabels == ["f. 1", "f. 2", "f. 3", "f. 4", "f. 5"])
        #expect(book.metadata.title == "A baked book")
        #expect(book.metadata.rightToLeft == true)
        #expect(book.metadata.doublePages == [4])
        #expect(book.metadata.attribution == ["Attribution: The Example Museum",
                                              "Rights: http://rightsstatements.org/vocab/NoC-US/1.0/"])
        #expect(book.metadata.about.requiredStatement?.value.best(["en"])?.text == "The Example Museum")
        #expect(book.metadata.about.rights == "http://rightsstatements.org/vocab/NoC-US/1.0/")
        #expect(try book.data(of: 1) == pages[0])
        #expect(try book.data(of: 3) == pages[2])    // through the service's one size
        #expect(try book.identity(of: 3) == .resource(url: "file://" + dir.path + "/svc/p3/full/20,28/0/default.jpg"))
        #expect(throws: PageError.self) { try book.data(of: 5) }
        do { _ = try book.data(of: 5) } catch {
            #expect(error.description.hasPrefix("canvas \"f. 5\": "))
            #expect(error.description.contains("No such file or directory"))
        }
        // The manifest file itself opens the same book.
        #expect(try PageSource.open(path: dir.file("manifest.json")).pageCount == 5)
    }

    @Test func overHTTPAndThenOfflineFromTheDiskCache() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let pages = try Self.makeBook(in: dir)
        let cacheDir = try TempDir()
        defer { cacheDir.cleanup() }
        let fetcher = Fetcher(userAgent: "RectoTests", cache: try FetchCache(directory: cacheDir.path, maxBytes: 16 << 20))
        var server: StaticServer? = try StaticServer(root: dir.path)
        let url = "http://127.0.0.1:\(server!.port)/manifest.json"
        let online = try IIIFSource(location: url, limits: .standard, fetcher: fetcher)
        #expect(online.pageCount == 5)
        #expect(try online.contents(of: 2).bytes == pages[1])
        #expect(try online.contents(of: 3).bytes == pages[2])
        server = nil
        let offline = try IIIFSource(location: url, limits: .standard, fetcher: fetcher)
        #expect(offline.metadata.title == "A baked book")
        #expect(try offline.contents(of: 2).bytes == pages[1])
        #expect(try offline.contents(of: 3).bytes == pages[2])
        // Never fetched while online: the reason names the refused connection.
        #expect(throws: PageError.self) { try offline.contents(of: 1) }
    }

    @Test func badManifestsAreRefusedWithTheirReason() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("a.json", Array("{not json".utf8))
        try dir.write("b.json", Array(#"{"type": "Manifest", "items": []}"#.utf8))
        #expect(throws: PageError.unreadableManifest(path: dir.file("a.json"),
                                                     reason: "the manifest is not valid JSON at byte 1: expected a member name")) {
            try PageSource.open(path: dir.file("a.json"))
        }
        #expect(throws: PageError.unreadableManifest(path: dir.file("b.json"), reason: "the manifest has no canvases")) {
            try PageSource.open(path: dir.file("b.json"))
        }
        #expect(throws: PageError.self) { try PageSource.open(path: "http://127.0.0.1:9/manifest.json") }
    }
}

/// Python's static file server on 127.0.0.1, on a port the kernel picks, stopped when released.
final class StaticServer {
    let process = Process()
    let port: Int

    init(root: String) throws {
        let script = """
            import functools, http.server, sys
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        guard let port = try startLocalPythonServer(process, arguments: ["-c", script, root], quietErrors: true) else {
            throw TestFailure("the HTTP server did not start")
        }
        self.port = port
    }

    /// SIGKILL: the test process may hold SIGTERM blocked, and a spawned child inherits that mask.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
