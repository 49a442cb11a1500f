import Book
import Foundation
@testable import Pages
import Testing

/// Fixed-layout EPUBs shaped like the W3C EPUB 3 test suite's fixed-layout tests (`rendition:layout`,
/// `rendition:spread`, `page-spread-*` on the spine's itemrefs, right-to-left progression), EPUB 2 with Apple's
/// display options, reflowable books, and the bad input an ebook download may be.
@Suite struct EPUBSourceTests {
    static let container = """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    static func package(layout: String? = "pre-paginated", direction: String = "rtl", items: [(id: String, href: String, type: String)],
                        spine: [(id: String, properties: String)]) -> String {
        let meta = layout.map { "<meta property=\"rendition:layout\">\($0)</meta><meta property=\"rendition:spread\">landscape</meta>" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" prefix="rendition: http://www.idpf.org/vocab/rendition/#">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:recto-test</dc:identifier>
                <dc:title>Leaves &amp; Stems</dc:title><dc:creator>R. Numbers</dc:creator><dc:language>ja</dc:language>
                \(meta)
              </metadata>
              <manifest>
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                \(items.map { "<item id=\"\($0.id)\" href=\"\($0.href)\" media-type=\"\($0.type)\"/>" }.joined(separator: "\n"))
              </manifest>
              <spine page-progression-direction="\(direction)">
                \(spine.map { "<itemref idref=\"\($0.id)\" properties=\"\($0.properties)\"/>" }.joined(separator: "\n"))
              </spine>
            </package>
            """
    }

    static func imagePage(_ src: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Page</title><meta name="viewport" content="width=600, height=800"/>
        <style>body { margin: 0 }</style></head>
        <body><div class="page"><img src="\(src)" alt="\(src.contains("5") ? "" : "A drawn page")"/></div></body></html>
        """
    }

    static func svgPage(_ href: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 800">
          <image width="600" height="800" xlink:href="\(href)"/>
        </svg>
        """
    }

    /// A manga of five image pages: XHTML and SVG pages, names with a space, the third page standing alone.
    static func manga(in dir: TempDir, name: String = "manga.epub", layout: String? = "pre-paginated",
                      extra: [(String, [UInt8])] = []) throws -> (path: String, images: [[UInt8]]) {
        let images = try (1...5).map { try pngBytes(width: 30 + $0, height: 40, seed: UInt64($0)) }
        var entries: [(String, [UInt8])] = [("mimetype", Array("application/epub+zip".utf8)),
                                            ("META-INF/container.xml", Array(container.utf8))]
        var items: [(String, String, String)] = [], spine: [(String, String)] = []
        for i in 1...5 {
            let image = "images/page \(i).png"
            entries.append(("OEBPS/" + image, images[i - 1]))
            let encoded = image.replacingOccurrences(of: " ", with: "%20")
            let page = i == 2 ? svgPage("../" + encoded) : imagePage("../" + encoded)
            let href = i == 2 ? "pages/p\(i).svg" : "pages/p\(i).xhtml"
            entries.append(("OEBPS/" + href, Array(page.utf8)))
            items.append(("p\(i)", href, i == 2 ? "image/svg+xml" : "application/xhtml+xml"))
            spine.append(("p\(i)", i == 3 ? "rendition:page-spread-center" : i % 2 == 0 ? "page-spread-left" : "page-spread-right"))
        }
        entries.append(("OEBPS/package.opf", Array(package(layout: layout, items: items, spine: spine).utf8)))
        try writeZip(dir.file(name), entries + extra)
        return (dir.file(name), images)
    }

    @Test func anImageOnlyMangaReadsItsPicturesInSpineOrder() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, images) = try Self.manga(in: dir)
        let book = try PageSource.open(path: path)
        #expect(book.pageCount == 5)
        for page in 1...5 { #expect(try book.data(of: page) == images[page - 1], "page \(page)") }
        #expect(book.metadata.rightToLeft == true && book.metadata.title == "Leaves & Stems" && book.metadata.language == "ja")
        #expect(book.metadata.doublePages == [3], "the centred page stands alone")
        #expect(book.metadata.pageSides == [1: .right, 2: .left, 4: .left, 5: .right])
        #expect(book.metadata.spread == nil, "rendition:spread landscape is the reader's own choice")
        #expect(book.name(of: 2) == "OEBPS/pages/p2.svg")
        #expect(book.text(of: 1) == "A drawn page", "a picture's alt text, for speech")
    }

    @Test func aPageOfTextIsDrawnNotDecodedAndTheRestReads() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let text = """
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Afterword</title></head>
            <body><p>The leaves were drawn from life.</p><img src="../images/page%201.png"/></body></html>
            """
        let (path, images) = try Self.manga(in: dir, extra: [])
        // The same book with page 4 replaced by a page of text.
        var entries = try readZip(path)
        entries = entries.map { $0.0 == "OEBPS/pages/p4.xhtml" ? ($0.0, Array(text.utf8)) : $0 }
        try writeZip(dir.file("text.epub"), entries)
        let book = try PageSource.open(path: dir.file("text.epub"))
        #expect(book.renderer(of: 4) != nil && book.renderer(of: 5) == nil, "drawn by the helper, pictures decoded")
        #expect {
            try book.data(of: 4)
        } throws: { error in
            if case PageError.renderedPage = error { true } else { false }
        }
        #expect(try book.data(of: 5) == images[4])
        #expect(book.text(of: 4) == "The leaves were drawn from life.", "spoken from its markup")
        #expect(book.text(of: 5) == nil, "a picture without alt text says nothing")
    }

    @Test func theNavigationDocumentElseTheNCXIsTheContents() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let nav = """
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
            <nav epub:type="landmarks"><ol><li><a href="pages/p1.xhtml">Cover</a></li></ol></nav>
            <nav epub:type="toc"><h1>Contents</h1><ol>
              <li><a href="pages/p1.xhtml">The <em>Garden</em></a></li>
              <li><a href="pages/p3.xhtml#top">Leaves</a><ol><li><a href="pages/p4.xhtml">Oak</a></li>
                <li><a href="pages/missing.xhtml">Gone</a></li></ol></li>
              <li><a href="pages/p2.svg">Stems</a></li></ol></nav></body></html>
            """
        let (path, _) = try Self.manga(in: dir, extra: [("OEBPS/nav.xhtml", Array(nav.utf8))])
        let book = try PageSource.open(path: path)
        #expect(book.tableOfContents == [ContentsEntry(title: "The Garden", page: 1), ContentsEntry(title: "Leaves", page: 3),
                                         ContentsEntry(title: "Oak", page: 4, level: 1), ContentsEntry(title: "Stems", page: 2)])
        let ncx = """
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
              <navPoint id="a"><navLabel><text>Part one</text></navLabel><content src="pages/p1.xhtml"/>
                <navPoint id="b"><navLabel><text>Chapter 1</text></navLabel><content src="pages/p3.xhtml"/></navPoint>
              </navPoint>
              <navPoint id="c"><navLabel><text>Part two</text></navLabel><content src="pages/p5.xhtml"/></navPoint>
            </navMap></ncx>
            """
        let epub2 = try readZip(path).map { entry -> (String, [UInt8]) in
            guard entry.0 == "OEBPS/package.opf" else { return entry }
            let opf = String(decoding: entry.1, as: UTF8.self)
                .replacingOccurrences(of: "properties=\"nav\"", with: "")
                .replacingOccurrences(of: "<manifest>", with: "<manifest><item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>")
                .replacingOccurrences(of: "<spine ", with: "<spine toc=\"ncx\" ")
            return (entry.0, Array(opf.utf8))
        } + [("OEBPS/toc.ncx", Array(ncx.utf8))]
        try writeZip(dir.file("epub2.epub"), epub2)
        #expect(try PageSource.open(path: dir.file("epub2.epub")).tableOfContents
                == [ContentsEntry(title: "Part one", page: 1), ContentsEntry(title: "Chapter 1", page: 3, level: 1),
                    ContentsEntry(title: "Part two", page: 5)])
    }

    @Test func theCoverIsThePageShowingTheCoverPicture() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, _) = try Self.manga(in: dir)
        let entries = try readZip(path)
        let epub3 = entries.map { entry -> (String, [UInt8]) in
            guard entry.0 == "OEBPS/package.opf" else { return entry }
            let opf = String(decoding: entry.1, as: UTF8.self).replacingOccurrences(of: "<manifest>", with:
                "<manifest><item id=\"c\" href=\"images/page%204.png\" media-type=\"image/png\" properties=\"cover-image\"/>")
            return (entry.0, Array(opf.utf8))
        }
        try writeZip(dir.file("epub3.epub"), epub3)
        #expect(try PageSource.open(path: dir.file("epub3.epub")).metadata.coverPage == 4)
        let epub2 = entries.map { entry -> (String, [UInt8]) in
            guard entry.0 == "OEBPS/package.opf" else { return entry }
            let opf = String(decoding: entry.1, as: UTF8.self)
                .replacingOccurrences(of: "<manifest>", with: "<manifest><item id=\"art\" href=\"images/page 1.png\" media-type=\"image/png\"/>")
                .replacingOccurrences(of: "</metadata>", with: "<meta name=\"cover\" content=\"art\"/></metadata>")
            return (entry.0, Array(opf.utf8))
        }
        try writeZip(dir.file("epub2.epub"), epub2)
        #expect(try PageSource.open(path: dir.file("epub2.epub")).metadata.coverPage == 1)
        #expect(try PageSource.open(path: path).metadata.coverPage == nil, "no cover named: the first page is the cover")
    }

    @Test func aReflowableEPUBIsOnePageThatSaysWhy() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, _) = try Self.manga(in: dir, name: "novel.epub", layout: nil)
        let book = try PageSource.open(path: path)
        #expect(book.pageCount == 1 && book.metadata.title == "Leaves & Stems")
        #expect {
            try book.data(of: 1)
        } throws: { error in
            if case PageError.reflowableEPUB(let name) = error { name == "novel.epub" } else { false }
        }
    }

    @Test func anEPUB2FixedLayoutByAppleDisplayOptionsReads() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let options = """
            <?xml version="1.0" encoding="UTF-8"?>
            <display_options><platform name="*"><option name="fixed-layout">true</option><option name="open-to-spread">true</option></platform></display_options>
            """
        let (path, images) = try Self.manga(in: dir, name: "comic.epub", layout: nil,
                                            extra: [("META-INF/com.apple.ibooks.display-options.xml", Array(options.utf8))])
        let book = try PageSource.open(path: path)
        #expect(try book.pageCount == 5 && book.data(of: 1) == images[0])
    }

    @Test func anEPUBIsKnownByItsMimetypeEntryWhateverItsName() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, images) = try Self.manga(in: dir)
        var entries = try readZip(path)
        entries.sort { a, _ in a.0 == "mimetype" }
        try writeZip(dir.file("download.zip"), entries, compression: .none)
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: dir.file("download.zip"))).prefix(64))
        #expect(EPUBSource.recognises(head), "\(head)")
        #expect(try PageSource.open(path: dir.file("download.zip")).data(of: 1) == images[0])
    }

    @Test func badEPUBsSayWhy() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        // A ZIP that is not an EPUB.
        try writeZip(dir.file("photos.epub"), [("a.png", try pngBytes(width: 4, height: 4, seed: 1))])
        #expect {
            try PageSource.open(path: dir.file("photos.epub"))
        } throws: { error in
            if case PageError.unreadableArchive(_, let reason) = error { reason.contains("not an EPUB") } else { false }
        }
        // A package document that is not XML: no spine, no pages.
        try writeZip(dir.file("garbage.epub"), [("META-INF/container.xml", Array(Self.container.utf8)),
                                                ("OEBPS/package.opf", (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })])
        #expect(throws: PageError.noPages(path: dir.file("garbage.epub"), entries: 2)) { try PageSource.open(path: dir.file("garbage.epub")) }
        // A spine of 100,001 items.
        let spine = String(repeating: "<itemref idref=\"p\"/>", count: 100_001)
        let opf = "<package><manifest><item id=\"p\" href=\"p.xhtml\" media-type=\"application/xhtml+xml\"/></manifest><spine>\(spine)</spine></package>"
        let long = [("META-INF/container.xml", Array(Self.container.utf8)), ("OEBPS/package.opf", Array(opf.utf8))]
        try writeZip(dir.file("long.epub"), long, compression: .none)
        #expect(throws: PageError.tooManyPages(path: dir.file("long.epub"), limit: 100_000)) { try PageSource.open(path: dir.file("long.epub")) }
        // Deflated, so repetitive a document is refused before it is inflated (402:1).
        try writeZip(dir.file("long-deflated.epub"), long)
        #expect {
            try PageSource.open(path: dir.file("long-deflated.epub"))
        } throws: { error in
            if case PageError.compressionRatio(let name, _, 100) = error { name == "OEBPS/package.opf" } else { false }
        }
        // A page whose image is missing, one that climbs out of the archive: placeholders; the others read.
        let (path, images) = try Self.manga(in: dir, name: "holes.epub")
        var entries = try readZip(path).filter { $0.0 != "OEBPS/images/page 5.png" }
        entries = entries.map { $0.0 == "OEBPS/pages/p4.xhtml" ? ($0.0, Array(Self.imagePage("../../../../etc/passwd").utf8)) : $0 }
        try writeZip(dir.file("holes2.epub"), entries)
        let holes = try PageSource.open(path: dir.file("holes2.epub"))
        #expect(throws: PageError.notFound(path: "etc/passwd")) { try holes.data(of: 4) }
        #expect(throws: PageError.self) { try holes.data(of: 5) }
        #expect(try holes.data(of: 1) == images[0])
    }

    @Test func hrefsResolveInsideTheArchive() {
        #expect(EPUBPackage.resolve("../images/a%20b.png#x", against: "OEBPS/pages") == "OEBPS/images/a b.png")
        #expect(EPUBPackage.resolve("/cover.jpg", against: "OEBPS") == "cover.jpg")
        #expect(EPUBPackage.resolve("../../../x.png", against: "a") == "x.png")
    }

    private func readZip(_ path: String) throws -> [(String, [UInt8])] {
        let (zip, entries) = try ZipBook.open(path: path, limits: .standard)
        return try entries.filter { $0.kind == .file }.map { ($0.path, try zip.extract($0, name: $0.path, limit: 1 << 24)) }
    }
}
