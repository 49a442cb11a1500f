import Decoding
import Foundation
import Geometry
import Testing
import TestSupport

/// A fixed-layout EPUB whose pages are text and drawings (XHTML with inline SVG), drawn by the real `recto-epub`
/// helper in the real reader under the compositor: turned by a finger's drag and by keys, each page on screen
/// with its own drawing, and the helper a process of its own beside recto.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct EPUBTextEndToEndTests {
    /// Each page's drawing: a 300 × 300 CSS px square of its own colour in the top left of a 600 × 800 page.
    static let colours: [(css: String, rgb: (UInt8, UInt8, UInt8))] = [("#0000ff", (0, 0, 255)), ("#ff0000", (255, 0, 0)),
                                                                        ("#00a000", (0, 160, 0)), ("#ff00ff", (255, 0, 255))]

    static func book() throws -> URL {
        let dir = try Scratch.makeDirectory("epub-text")
        func file(_ name: String, _ text: String) throws -> URL {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url
        }
        let container = """
            <container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
            <rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """
        let ids = colours.indices.map { "p\($0 + 1)" }
        let opf = """
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:title>Herbarium Notes</dc:title><meta property="rendition:layout">pre-paginated</meta></metadata><manifest>
            \(ids.map { "<item id=\"\($0)\" href=\"\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }.joined())
            </manifest><spine>\(ids.map { "<itemref idref=\"\($0)\"/>" }.joined())</spine></package>
            """
        var entries: [ZipBomb.Entry] = [.file(try file("mimetype", "application/epub+zip"), name: "mimetype"),
                                        .file(try file("container.xml", container), name: "META-INF/container.xml"),
                                        .file(try file("book.opf", opf), name: "OEBPS/book.opf")]
        for (i, colour) in colours.enumerated() {
            let xhtml = """
                <html xmlns="http://www.w3.org/1999/xhtml"><head><meta name="viewport" content="width=600, height=800"/>
                <style>body { margin: 0 } h1 { font-size: 48px; margin: 20px }</style></head><body>
                <svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="\(colour.css)"/></svg>
                <h1>Plate \(i + 1)</h1><p>Pressed leaves, collected by the river, with notes on where each was found.</p></body></html>
                """
            entries.append(.file(try file("\(ids[i]).xhtml", xhtml), name: "OEBPS/\(ids[i]).xhtml"))
        }
        return try ZipBomb.make(entries, name: "notes.epub")
    }

    /// The page whose colour fills the top left quarter of the page's slot, 1-based; nil when none does.
    static func page(in shot: RGBAImage, _ slot: PixelRect) -> Int? {
        // The page is 3:4 in the slot: its drawing is the top left 1/2 of its width, 3/8 of its height.
        let pageWidth = min(Double(slot.width), Double(slot.height) * 0.75)
        let left = Double(slot.x) + (Double(slot.width) - pageWidth) / 2
        let top = Double(slot.y) + (Double(slot.height) - pageWidth / 0.75) / 2
        let p = shot[Int(left + pageWidth * 0.25), Int(top + pageWidth * 0.25)]
        return colours.firstIndex { abs(Int($0.rgb.0) - Int(p.r)) < 8 && abs(Int($0.rgb.1) - Int(p.g)) < 8
            && abs(Int($0.rgb.2) - Int(p.b)) < 8 }.map { $0 + 1 }
    }

    /// Two pages whose bodies nest <i> 120,000 deep (840 KB each, stored: neither recto's size nor its ratio
    /// guard refuses them), written by Python's zipfile since the test target has no ZIP writer.
    static func deepBook() throws -> URL {
        let url = try Scratch.makeDirectory("epub-deep").appendingPathComponent("deep.epub")
        let script = #"""
import sys, zipfile
page = ('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head>'
        '<meta name="viewport" content="width=600, height=800"/></head><body>'
        + '<i>' * 120000 + 'deep' + '</i>' * 120000 + '</body></html>')
opf = ('<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata>'
       '<meta property="rendition:layout">pre-paginated</meta></metadata><manifest>'
       '<item id="p1" href="p1.xhtml" media-type="application/xhtml+xml"/>'
       '<item id="p2" href="p2.xhtml" media-type="application/xhtml+xml"/></manifest>'
       '<spine><itemref idref="p1"/><itemref idref="p2"/></spine></package>')
container = ('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
             '<rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles>'
             '</container>')
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_STORED) as z:
    z.writestr(zipfile.ZipInfo('mimetype'), 'application/epub+zip')
    z.writestr('META-INF/container.xml', container)
    z.writestr('OEBPS/book.opf', opf)
    z.writestr('OEBPS/p1.xhtml', page)
    z.writestr('OEBPS/p2.xhtml', page)
"""#
        let child = try ChildProcess(try findProgram("python3"), arguments: ["-c", script, url.path],
                                     environment: ProcessInfo.processInfo.environment)
        let ended = try child.waitForExit(timeout: .seconds(60))
        try child.stderr?.waitForEnd(timeout: .seconds(5))
        guard ended == .exited(0) else {
            throw HarnessError.failed("building deep.epub with python3 failed (\(ended))", detail: child.stderr?.text ?? "")
        }
        return url
    }

    /// `recto render` of that book: each page is a placeholder that says how deep the EPUB helper accepts markup;
    /// the helper neither crashes nor is reported as stopped by its sandbox, and recto renders on.
    @Test func renderOfMarkupNestedPastTheLimitShowsPlaceholdersThatSaySo() throws {
        let book = try Self.deepBook()
        let out = try Scratch.makeDirectory("epub-deep-render").appendingPathComponent("page.png")
        let run = try runRecto(["render", "--no-config", book.path, "--size", "800x1000", "--page", "1", "--out", out.path],
                               environment: RectoRender.environment, timeout: .seconds(60))
        #expect(run.termination == .exited(0), "\(run.stderr)")
        for page in ["p1", "p2"] {
            #expect(run.stderr.contains("OEBPS/\(page).xhtml: the page cannot be rendered: its markup is nested deeper than 1000 levels"),
                    "\(run.stderr)")
        }
        #expect(!run.stderr.contains("SIGSYS") && !run.stderr.contains("failed"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
    }

    @Test func pagesOfTextAreDrawnAndTurnedByDragAndByKeys() throws {
        let book = try Self.book()
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [book.path, "--spread", "single"])
        defer { session.stop() }
        _ = try session.waitForEvent("shown")
        let slot = PageLayout.single(width: 1280, height: 800)
        let first = try session.screenshot { Self.page(in: $0, slot) == 1 }
        #expect(Self.page(in: first, slot) == 1, "\(session.weston.artifactsDirectory.path)")
        // The helper is a process of its own, recto's child: recto links no MuPDF.
        // (A child is listed under the thread that started it: the page workers start the helpers.)
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(session.recto.pid)/task")
        let helpers = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(session.recto.pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }.filter { (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8))?.hasPrefix("recto-epub") == true }
        #expect((1...2).contains(helpers.count), "recto-epub processes beside recto (a pool of two draws two pages at once)")

        // A finger drags the page's right edge across to the left: the page turns.
        let y = Double(slot.y + slot.height / 2)
        let right = Double(slot.x + slot.width) - 20
        try session.weston.touchDown([Finger(id: 0, x: right, y: y)])
        try session.weston.touchLine(id: 0, from: right, y, to: Double(slot.x) + 40, y, steps: 20, interval: .milliseconds(16))
        try session.weston.touchUp([0])
        #expect(try session.waitForEvent("page").int("page") == 2)
        let second = try session.screenshot { Self.page(in: $0, slot) == 2 }
        #expect(Self.page(in: second, slot) == 2, "\(session.weston.artifactsDirectory.path)")

        for (key, expected) in [(InputCode.keyRight, 3), (InputCode.keyRight, 4), (InputCode.keyLeft, 3)] {
            try session.weston.key(key, pressed: true)
            try session.weston.key(key, pressed: false)
            #expect(try session.waitForEvent("page").int("page") == expected)
            let shot = try session.screenshot { Self.page(in: $0, slot) == expected }
            #expect(Self.page(in: shot, slot) == expected, "\(session.weston.artifactsDirectory.path)")
        }
    }
}
