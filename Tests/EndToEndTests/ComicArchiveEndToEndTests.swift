import Decoding
import Foundation
import Geometry
import Testing
import TestSupport

/// CBR and CB7 comics and fixed-layout EPUBs in the real reader: the pages a CBZ of the same images shows, pixel
/// for pixel, and turned with keys under the compositor.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct ComicArchiveEndToEndTests {
    /// The demo book's first four pages as `name` (a CBZ, or a RAR 5 of stored entries for .cbr).
    static func comic(_ name: String, sides: [String] = []) throws -> URL {
        let pages = try (1...4).map { (String(format: "p%02d.png", $0), Array(try Data(contentsOf: BookFixtures.demoPage($0)))) }
        let dir = try Scratch.makeDirectory("comic")
        let url = dir.appendingPathComponent(name)
        switch url.pathExtension {
        case "cbr": try Data(RARWriter.rar5(pages.map { RARWriter.Entry(name: $0.0, bytes: $0.1) })).write(to: url)
        case "cb7":
            for (name, bytes) in pages { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
            let run = try ChildProcess("/usr/bin/7z", arguments: ["a", "-bd", url.path] + pages.map { dir.appendingPathComponent($0.0).path },
                                       environment: ProcessInfo.processInfo.environment)
            #expect(try run.waitForExit(timeout: .seconds(30)) == .exited(0))
        case "epub":
            // A fixed-layout EPUB whose pages are XHTML documents of one image each.
            func file(_ name: String, _ text: String) throws -> URL {
                let url = dir.appendingPathComponent(name.replacingOccurrences(of: "/", with: "_"))
                try Data(text.utf8).write(to: url)
                return url
            }
            let container = """
                <container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
                <rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
                """
            let ids = pages.indices.map { "p\($0 + 1)" }
            let opf = """
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:title>A Paper Garden</dc:title><meta property="rendition:layout">pre-paginated</meta></metadata><manifest>
                \(ids.map { "<item id=\"\($0)\" href=\"\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }.joined())
                </manifest><spine>\(ids.indices.map { i in
                    "<itemref idref=\"\(ids[i])\"" + (i < sides.count ? " properties=\"page-spread-\(sides[i])\"" : "") + "/>"
                }.joined())</spine></package>
                """
            var entries: [ZipBomb.Entry] = [.file(try file("mimetype", "application/epub+zip"), name: "mimetype"),
                                            .file(try file("container.xml", container), name: "META-INF/container.xml"),
                                            .file(try file("book.opf", opf), name: "OEBPS/book.opf")]
            for (i, page) in pages.enumerated() {
                let xhtml = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><img src=\"images/\(page.0)\"/></body></html>"
                entries.append(.file(try file("\(ids[i]).xhtml", xhtml), name: "OEBPS/\(ids[i]).xhtml"))
                entries.append(.file(BookFixtures.demoPage(i + 1), name: "OEBPS/images/\(page.0)"))
            }
            return try ZipBomb.make(entries, name: name)
        default: return try ZipBomb.make(pages.map { .file(BookFixtures.demoPage(Int($0.0.dropFirst().prefix(2))!), name: $0.0) }, name: name)
        }
        return url
    }

    @Test func cbrCB7AndEPUBRenderAsTheCBZ() throws {
        let cbz = try Self.comic("book.cbz")
        for name in ["book.cbr", "book.cb7", "book.epub"] {
            let other = try Self.comic(name)
            for page in [1, 3] {
                let a = try RectoRender.image([cbz.path, "--size", "640x400", "--page", "\(page)"]).image
                let b = try RectoRender.image([other.path, "--size", "640x400", "--page", "\(page)"]).image
                #expect(a.pixels == b.pixels, "\(name) page \(page)")
            }
        }
    }

    @Test func anEPUBThatOpensOnASpreadShowsItsFirstTwoPagesSideBySide() throws {
        let book = try Self.comic("spread.epub", sides: ["left", "right", "left", "right"])
        let session = try RectoSession.start(width: 1920, height: 1080, arguments: [book.path])
        defer { session.stop() }
        _ = try session.waitForEvent("shown")
        let halves = PageLayout.double(width: 1920, height: 1080)
        let shot = try session.screenshot { DemoBook.page(in: $0, halves.left).page == 1 && DemoBook.page(in: $0, halves.right).page == 2 }
        #expect(DemoBook.page(in: shot, halves.left).page == 1 && DemoBook.page(in: shot, halves.right).page == 2,
                "\(session.weston.artifactsDirectory.path)")
    }

    @Test func aCBRAndAnEPUBTurnWithKeys() throws {
        for name in ["keys.cbr", "keys.epub"] {
            let book = try Self.comic(name)
            let session = try RectoSession.start(width: 1280, height: 800, arguments: [book.path, "--spread", "single"])
            defer { session.stop() }
            _ = try session.waitForEvent("shown")
            let rect = PageLayout.single(width: 1280, height: 800)
            for expected in [2, 3] {
                try session.weston.key(InputCode.keyRight, pressed: true)
                try session.weston.key(InputCode.keyRight, pressed: false)
                #expect(try session.waitForEvent("page").int("page") == expected)
                let shot = try session.screenshot { DemoBook.page(in: $0, rect).page == expected }
                #expect(DemoBook.page(in: shot, rect).page == expected, "\(name): \(session.weston.artifactsDirectory.path)")
            }
        }
    }
}
