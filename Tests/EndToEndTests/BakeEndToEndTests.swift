import Foundation
import Testing

/// `recto bake` on a folder of scans: a level 0 pyramid per page beside a relative manifest; run again after an
/// interruption it keeps the pages already baked and finishes the rest; a folder with no scans is refused.
@Suite(.serialized) struct BakeEndToEndTests {
    static let path = ["PATH": "/usr/bin:/bin"]

    @Test func bakesResumesAndRefusesAnEmptyFolder() throws {
        let dir = try Scratch.makeDirectory("bake")
        let scans = dir.appendingPathComponent("scans"), book = dir.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: scans, withIntermediateDirectories: true)
        let script = RectoBinary.packageRoot.appendingPathComponent("scripts/make-test-scan.sh").path
        for (name, w, h) in [("f2.jpg", 600, 840), ("f10.jpg", 1200, 700)] {
            try IIIFDeepZoomEndToEndTests.run(script, ["\(w)", "\(h)", scans.appendingPathComponent(name).path])
        }
        try Data("not a scan".utf8).write(to: scans.appendingPathComponent("notes.txt"))

        let first = try runRecto(["bake", scans.path, book.path], environment: Self.path, timeout: .seconds(300))
        #expect(first.termination == .exited(0), "\(first.stderr)")
        #expect(first.stdout.contains("baked 2 pages"), "\(first.stdout)")
        let manifest = try String(contentsOf: book.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains(#""behavior": ["paged"]"#))
        #expect(manifest.contains(#""label": {"none": ["scans"]}"#))
        // Natural order: f2 before f10; sizes from each pyramid's info.json.
        #expect(manifest.contains(#""width": 600, "height": 840"#) && manifest.contains(#""width": 1200, "height": 700"#))
        #expect(manifest.range(of: "600, \"height\": 840")!.lowerBound < manifest.range(of: "1200, \"height\": 700")!.lowerBound)
        let info = try String(contentsOf: book.appendingPathComponent("0001/info.json"), encoding: .utf8)
        #expect(info.contains(#""id": "0001""#) && info.contains("level0"), "\(info)")
        #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent("0001/full").path))
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("0001/vips-properties.xml").path))

        // Interrupted while making page 2: its finished folder is gone and a partial one is left.
        let kept = try FileManager.default.attributesOfItem(atPath: book.appendingPathComponent("0001/info.json").path)[.modificationDate] as? Date
        try FileManager.default.removeItem(at: book.appendingPathComponent("0002"))
        try FileManager.default.createDirectory(at: book.appendingPathComponent("part-0002/junk"), withIntermediateDirectories: true)
        let again = try runRecto(["bake", scans.path, book.path], environment: Self.path, timeout: .seconds(300))
        #expect(again.termination == .exited(0), "\(again.stderr)")
        let still = try FileManager.default.attributesOfItem(atPath: book.appendingPathComponent("0001/info.json").path)[.modificationDate] as? Date
        #expect(kept != nil && kept == still, "page 1 was baked again")
        #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent("0002/info.json").path))
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("part-0002").path))

        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let refused = try runRecto(["bake", empty.path, dir.appendingPathComponent("nothing").path], environment: Self.path)
        #expect(refused.termination != .exited(0))
        #expect(refused.stderr.contains("holds no JPEG, PNG, TIFF or WebP scans"), "\(refused.stderr)")
    }
}
