import Book
import Fetch
import Foundation
import Geometry
@testable import Pages
import Testing

/// Annotation pages a canvas names by URL, fetched from a real server on 127.0.0.1: a good one adds its notes; one
/// that is not found, trickles or redirects in a loop is left out with one line saying why, within the fetcher's
/// limits, and the canvas's own notes and the good page's still read.
@Suite struct AnnotationPageFetchTests {
    @Test func badAnnotationPagesAreLeftOutEachWithALineAndTheRestRead() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let server = try HostileIIIFServer(root: dir.path)
        try dir.write("notes.json", Array(#"""
            {"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "commenting", "target": "c1#xywh=0,0,50,50",
              "body": {"type": "TextualBody", "value": "From the server"}}]}
            """#.utf8))
        let references = [server.url("ok", "notes.json"), server.url("all-404", "scan/a.json"),
                          server.url("all-trickle", "scan/b.json"), server.url("all-loop", "scan/c.json")]
        try dir.write("p1.png", try pngBytes(width: 100, height: 100, seed: 1))
        try dir.write("manifest.json", Array(#"""
            {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "m", "type": "Manifest", "label": {"en": ["B"]},
             "items": [{"id": "c1", "type": "Canvas", "width": 100, "height": 100,
               "items": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting", "target": "c1",
                 "body": {"id": "p1.png", "type": "Image", "width": 100, "height": 100}}]}],
               "annotations": [{"type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "commenting",
                 "target": "c1", "body": {"type": "TextualBody", "value": "Embedded"}}]}\#(references.map { #", {"id": "\#($0)", "type": "AnnotationPage"}"# }.joined())]}]}
            """#.utf8))
        let cache = try TempDir()
        defer { cache.cleanup() }
        let fetcher = Fetcher(userAgent: "RectoTests", cache: try FetchCache(directory: cache.path, maxBytes: 1 << 20))
        let source = PageSource(try IIIFSource(location: dir.file("manifest.json"), limits: .standard, fetcher: fetcher,
                                               network: IIIFHostileServerTests.network))
        let started = ContinuousClock.now
        let read = source.notes(of: 1)
        let took = ContinuousClock.now - started
        #expect(read.notes.flatMap(\.bodies).map(\.text) == ["Embedded", "From the server"])
        #expect(read.problems.count == 3, "\(read.problems)")
        for (url, why) in zip(references.dropFirst(), ["404", "timed out", "redirects"]) {
            #expect(read.problems.contains { $0.contains(url) && $0.contains(why) }, "\(url) said: \(read.problems)")
        }
        #expect(took < .seconds(60), "bounded by the fetcher's limits: \(took)")
        print("annotation pages: 404, trickle, loop left out in \(took): \(read.problems)")
    }
}
