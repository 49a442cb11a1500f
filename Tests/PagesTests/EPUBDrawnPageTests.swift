import Decoding
import Foundation
import Geometry
import Glibc
import PDF
import ZIPFoundation
@testable import Pages
import Testing

/// The pages of a fixed-layout EPUB that are not one picture, drawn at their viewport by the real `recto-epub`
/// helper (MuPDF's HTML engine, sandboxed): text in the book's own font, inline SVG, SVG pages, and the bad input
/// a downloaded book may hold.
@Suite struct EPUBDrawnPageTests {
    static let bookFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    /// A page of text in the book's embedded font over a drawing: a 200 × 200 blue square with a yellow disc in the
    /// top left corner of a `viewport`, a heading below it.
    static func textPage(viewport: String = "width=600, height=800", font: String = "../fonts/book.ttf",
                         background: String = "#fff", extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter</title>
        <meta name="viewport" content="\(viewport)"/>
        <style>@font-face { font-family: "Book"; src: url(\(font)); }
        body { margin: 0; font-family: "Book"; }
        h1 { margin: 0; font-size: 64px; color: #000; background-color: \(background); }</style></head>
        <body><svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" style="display: block">
        <rect width="200" height="200" fill="#00f"/><circle cx="100" cy="100" r="50" fill="#ff0"/></svg>
        <h1>Leaves WWW</h1>\(extra)</body></html>
        """
    }

    static let drawing = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">
          <rect width="400" height="300" fill="#0a0"/><rect x="200" width="200" height="150" fill="#f00"/>
        </svg>
        """

    /// A book of `pages` (path in OEBPS, markup or bytes, media type, itemref attributes), the bold DejaVu face
    /// embedded as its font, and one picture page (`picture.xhtml`) at the end; its entries compressed as asked
    /// (stored: large repetitive markup that recto's compression-ratio guard would otherwise refuse first).
    static func book(in dir: TempDir, name: String = "drawn.epub", viewport: String? = nil,
                     pages: [(String, [UInt8], String, String)],
                     compression: CompressionMethod = .deflate) throws -> (path: String, picture: [UInt8]) {
        let picture = try pngBytes(width: 60, height: 80, seed: 9)
        var entries: [(String, [UInt8])] = [("mimetype", Array("application/epub+zip".utf8)),
                                            ("META-INF/container.xml", Array(EPUBSourceTests.container.utf8)),
                                            ("OEBPS/fonts/book.ttf", Array(try Data(contentsOf: URL(fileURLWithPath: bookFont)))),
                                            ("OEBPS/images/picture.png", picture),
                                            ("OEBPS/pages/picture.xhtml", Array(EPUBSourceTests.imagePage("../images/picture.png").utf8))]
        var items = "", spine = ""
        for (i, page) in pages.enumerated() {
            entries.append(("OEBPS/" + page.0, page.1))
            items += "<item id=\"i\(i)\" href=\"\(page.0)\" media-type=\"\(page.2)\"/>\n"
            spine += "<itemref idref=\"i\(i)\" \(page.3)/>\n"
        }
        let bookViewport = viewport.map { "<meta property=\"rendition:viewport\">\($0)</meta>" } ?? ""
        let opf = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:uuid:drawn</dc:identifier>
                <dc:title>Drawn</dc:title><meta property="rendition:layout">pre-paginated</meta>\(bookViewport)</metadata>
              <manifest>\(items)<item id="font" href="fonts/book.ttf" media-type="font/ttf"/>
                <item id="picture" href="pages/picture.xhtml" media-type="application/xhtml+xml"/></manifest>
              <spine>\(spine)<itemref idref="picture"/></spine>
            </package>
            """
        entries.append(("OEBPS/package.opf", Array(opf.utf8)))
        try writeZip(dir.file(name), entries, compression: compression)
        return (dir.file(name), picture)
    }

    static func xhtml(_ path: String, _ markup: String, _ attributes: String = "") -> (String, [UInt8], String, String) {
        (path, Array(markup.utf8), "application/xhtml+xml", attributes)
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let at = (y * image.width + x) * 4
        return Array(image.pixels[at..<at + 3])
    }

    func drawnBook(_ path: String) throws -> (PageSource, EPUBSource) {
        let source = try PageSource.open(path: path)
        return (source, try #require(source.provider as? EPUBSource))
    }

    @Test func aPageOfTextAndDrawingIsDrawnAtItsViewportAndAPictureIsStillDecoded() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, picture) = try Self.book(in: dir, pages: [Self.xhtml("pages/one.xhtml", Self.textPage())])
        let (source, epub) = try drawnBook(path)
        #expect(source.pageCount == 2)
        #expect(source.renderer(of: 1) != nil, "text is drawn")
        #expect(source.renderer(of: 2) == nil, "a picture page is decoded from the archive")
        #expect(try source.data(of: 2) == picture)
        let bounds = PixelSize(width: 300, height: 1000)
        let size = try epub.sourceSize(of: 1, fitting: bounds)
        #expect(size.fitting(within: bounds) == PixelSize(width: 300, height: 400), "the viewport's 3:4")
        let image = try source.image(of: 1, fitting: bounds)
        #expect(image.width == 300 && image.height == 400)
        #expect(pixel(image, 10, 10) == [0, 0, 255], "the SVG's square, top left at 200 of 600 CSS px")
        #expect(pixel(image, 50, 50) == [255, 255, 0], "its disc")
        #expect(pixel(image, 250, 350) == [255, 255, 255], "white paper below")
        let heading = (100..<150).flatMap { y in (0..<300).map { x in pixel(image, x, y) } }
        #expect(heading.filter { $0.allSatisfy { $0 < 80 } }.count > 500, "the heading's black letters")
    }

    @Test func theBooksOwnFontIsTheOneDrawn() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (withFont, _) = try Self.book(in: dir, name: "font.epub", pages: [Self.xhtml("pages/one.xhtml", Self.textPage())])
        let (without, _) = try Self.book(in: dir, name: "fallback.epub",
                                         pages: [Self.xhtml("pages/one.xhtml", Self.textPage(font: "../fonts/none.ttf"))])
        let bounds = PixelSize(width: 600, height: 800)
        let a = try PageSource.open(path: withFont).image(of: 1, fitting: bounds)
        let b = try PageSource.open(path: without).image(of: 1, fitting: bounds)
        let ink = { (image: RGBAImage) in
            (200..<280).reduce(0) { sum, y in sum + (0..<600).filter { self.pixel(image, $0, y)[0] < 128 }.count }
        }
        // DejaVu Sans Bold is much heavier and wider than the engine's own serif fallback.
        #expect(Double(ink(a)) > 1.3 * Double(ink(b)), "ink \(ink(a)) with the book's font, \(ink(b)) without")
    }

    @Test func viewportsComeFromThePageTheSVGOrTheBook() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let noViewport = Self.textPage().replacingOccurrences(of: "<meta name=\"viewport\" content=\"width=600, height=800\"/>", with: "")
        let pages = [Self.xhtml("pages/wide.xhtml", Self.textPage(viewport: "width=1200px; height=600px")),
                     ("pages/drawing.svg", Array(Self.drawing.utf8), "image/svg+xml", ""),
                     Self.xhtml("pages/bare.xhtml", noViewport)]
        let (path, _) = try Self.book(in: dir, viewport: "width=500, height=1000", pages: pages)
        let (source, epub) = try drawnBook(path)
        let forms = try (1...3).map { page -> Viewport? in
            if case .drawn(let viewport, _) = try epub.form(of: page) { return viewport }
            return nil
        }
        #expect(forms == [Viewport(width: 1200, height: 600), Viewport(width: 400, height: 300), Viewport(width: 500, height: 1000)])
        let drawing = try source.image(of: 2, fitting: PixelSize(width: 400, height: 400))
        #expect(drawing.width == 400 && drawing.height == 300)
        #expect([pixel(drawing, 100, 100), pixel(drawing, 300, 50), pixel(drawing, 300, 250)]
                == [[0, 170, 0], [255, 0, 0], [0, 170, 0]], "the SVG page fills its own 400 × 300")
    }

    @Test func aZoomedRegionIsDrawnAgainSharp() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, _) = try Self.book(in: dir, pages: [Self.xhtml("pages/one.xhtml", Self.textPage())])
        let (_, epub) = try drawnBook(path)
        let bounds = PixelSize(width: 300, height: 400)
        let size = try epub.sourceSize(of: 1, fitting: bounds)
        #expect(size == PixelSize(width: 2400, height: 3200), "eight times the display size")
        // The disc's edge, 8× zoomed: a region of 100 × 100 CSS px around the disc's centre.
        let region = try epub.renderRegion(page: 1, rect: PixelRect(x: 200, y: 200, width: 400, height: 400),
                                           sourceSize: size, output: PixelSize(width: 400, height: 400))
        let samples = [pixel(region, 200, 200), pixel(region, 5, 5), pixel(region, 395, 395)]
        #expect(samples == [[255, 255, 0], [0, 0, 255], [0, 0, 255]], "the disc's centre (100, 100 CSS px), the square around")
    }

    /// MuPDF counts every spine document, `linear="no"` ones too; recto skips those: page 2 must still be the
    /// second linear document.
    @Test func aNonLinearDocumentDoesNotShiftTheDrawnPages() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let pages = [Self.xhtml("pages/red.xhtml", Self.textPage(background: "#f00")),
                     Self.xhtml("pages/aside.xhtml", Self.textPage(background: "#0f0"), "linear=\"no\""),
                     Self.xhtml("pages/grey.xhtml", Self.textPage(background: "#888"))]
        let (path, _) = try Self.book(in: dir, pages: pages)
        let source = try PageSource.open(path: path)
        #expect(source.pageCount == 3)
        let bounds = PixelSize(width: 300, height: 400)
        // The heading's background, right of its text.
        #expect(pixel(try source.image(of: 1, fitting: bounds), 280, 120) == [255, 0, 0])
        #expect(pixel(try source.image(of: 2, fitting: bounds), 280, 120) == [136, 136, 136])
    }

    @Test func aPageAskingForAHugeViewportIsAPlaceholderWithTheReasonAndTheRestReads() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let pages = [Self.xhtml("pages/huge.xhtml", Self.textPage(viewport: "width=100000, height=100000")),
                     Self.xhtml("pages/one.xhtml", Self.textPage())]
        let (path, _) = try Self.book(in: dir, pages: pages)
        let source = try PageSource.open(path: path)
        #expect(source.renderer(of: 1) == nil)
        #expect {
            try source.image(of: 1, fitting: PixelSize(width: 300, height: 400))
        } throws: { error in
            "\(error)".contains("viewport of 100000 × 100000 px") && "\(error)".contains("at most 10000")
        }
        #expect(try source.image(of: 2, fitting: PixelSize(width: 300, height: 400)).width == 300)
    }

    /// A page that names a picture on a server: nothing is fetched (the helper has no network), the page draws.
    @Test func aRemoteResourceIsNeverFetched() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let listener = try LocalListener()
        defer { listener.close() }
        let remote = "<img src=\"http://127.0.0.1:\(listener.port)/x.png\"/><link rel=\"stylesheet\" href=\"http://127.0.0.1:\(listener.port)/s.css\"/>"
        let (path, _) = try Self.book(in: dir, pages: [Self.xhtml("pages/one.xhtml", Self.textPage(extra: remote))])
        let image = try PageSource.open(path: path).image(of: 1, fitting: PixelSize(width: 300, height: 400))
        #expect(pixel(image, 10, 10) == [0, 0, 255], "the page itself is drawn")
        #expect(!listener.wasConnected(), "no connection reached the server")
    }

    /// Markup nested 100,000 deep, and a page that is not XML at all: each is a placeholder or a page, the helper
    /// is restarted if it died, and the next page draws.
    @Test func hostileMarkupNeverTakesTheBookDown() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let deep = "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head><meta name=\"viewport\" content=\"width=600, height=800\"/></head><body>"
            + String(repeating: "<div>", count: 100_000) + "x" + String(repeating: "</div>", count: 100_000) + "</body></html>"
        let pages = [Self.xhtml("pages/deep.xhtml", deep),
                     ("pages/binary.xhtml", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, "application/xhtml+xml", ""),
                     Self.xhtml("pages/one.xhtml", Self.textPage())]
        let (path, _) = try Self.book(in: dir, pages: pages)
        let source = try PageSource.open(path: path)
        let bounds = PixelSize(width: 300, height: 400)
        for page in 1...2 { _ = try? source.image(of: page, fitting: bounds) }
        #expect(pixel(try source.image(of: 3, fitting: bounds), 10, 10) == [0, 0, 255])
    }

    @Test func theHelperIsSandboxed() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, _) = try Self.book(in: dir, pages: [Self.xhtml("pages/one.xhtml", Self.textPage())])
        let helper = try HelperLocation.find(environment: [:], helper: .epub)
        let document = try PDFDocument(path: path, configuration: .init(helperPath: helper, helpers: 1))
        #expect(document.info.pageCount == 2)
        _ = try document.render(page: 1, rect: PDFRect(x: 0, y: 0, width: 600, height: 800), width: 600, height: 800,
                                viewport: (600, 800))
        #expect(try document.selfTest(.openForWriting) == EACCES)
        #expect(try document.selfTest(.readOutsideFonts) != 0, "no file outside what it was given")
        #expect(try document.selfTest(.socket) != 0, "no network")
        #expect(try document.firstUnlistedSystemCall() == nil, "drawing needed no call the policy does not name")
        #expect(throws: PDFError.helperFailed(helper: "recto-epub",
                                              reason: "its sandbox stopped it (SIGSYS: the forbidden system call execve)")) {
            try document.selfTest(.exec)
        }
    }

    /// The head of an XHTML page of 600 × 800 CSS px, up to its open <head>.
    static let head = "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head>"
        + "<meta name=\"viewport\" content=\"width=600, height=800\"/>"

    /// Markup nested 120,000 deep, as a downloaded book may hold it (840 KB of <i>, stored, so neither recto's size
    /// nor its ratio guard refuses it), in an XHTML page, an SVG page and a page's CSS: laid out it needed some
    /// 130 MB of stack and crashed the helper. Each is a placeholder that says how deep the helper accepts, the
    /// helper lives on (no restart) and the next page draws.
    @Test func markupNestedPastTheLimitIsAPlaceholderThatSaysSoAndTheHelperLives() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let deep = 120_000
        let italics = Self.head + "</head><body>" + String(repeating: "<i>", count: deep) + "x"
            + String(repeating: "</i>", count: deep) + "</body></html>"
        let drawing = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"300\">"
            + String(repeating: "<g>", count: deep) + "<rect width=\"9\" height=\"9\"/>" + String(repeating: "</g>", count: deep)
            + "</svg>"
        let style = Self.head + "<style>p { color: " + String(repeating: "f(", count: deep) + "1"
            + String(repeating: ")", count: deep) + " }</style></head><body><p>x</p></body></html>"
        let pages = [Self.xhtml("pages/italics.xhtml", italics), ("pages/drawing.svg", Array(drawing.utf8), "image/svg+xml", ""),
                     Self.xhtml("pages/style.xhtml", style), Self.xhtml("pages/one.xhtml", Self.textPage())]
        let (path, _) = try Self.book(in: dir, pages: pages, compression: .none)
        let source = try PageSource.open(path: path)
        let bounds = PixelSize(width: 300, height: 400)
        for (page, name) in [(1, "pages/italics.xhtml"), (2, "pages/drawing.svg"), (3, "pages/style.xhtml")] {
            #expect {
                try source.image(of: page, fitting: bounds)
            } throws: { error in
                "\(error)".contains("OEBPS/\(name)") && "\(error)".contains("its markup is nested deeper than 1000 levels")
            }
        }
        #expect(pixel(try source.image(of: 4, fitting: bounds), 10, 10) == [0, 0, 255], "the next page draws")
        // The helper driven directly: each deep page is refused with the reason, and the same helper draws on.
        let helper = try HelperLocation.find(environment: [:], helper: .epub)
        let document = try PDFDocument(path: path, configuration: .init(helperPath: helper, helpers: 1))
        let whole = PDFRect(x: 0, y: 0, width: 600, height: 800)
        for chapter in 1...3 {
            #expect(throws: PDFError.page("its markup is nested deeper than 1000 levels")) {
                _ = try document.render(page: chapter, rect: whole, width: 60, height: 80, viewport: (600, 800))
            }
        }
        _ = try document.render(page: 4, rect: whole, width: 60, height: 80, viewport: (600, 800))
        #expect(document.helpersStarted == 1, "no helper died")
    }

    /// Markup right at the limit draws, the costliest of it too: an SVG page nested 999 deep whose `use` refers
    /// back to its own group, which MuPDF follows 100 times (some 38 MB of the helper's 64 MiB stack).
    @Test func markupAtTheLimitIsDrawn() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        // html, body, 997 divs and the svg: 1000 levels (the rect closes itself).
        let square = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"200\" style=\"display: block\"><rect width=\"200\" height=\"200\" fill=\"#00f\"/></svg>"
        let divs = Self.head + "</head><body style=\"margin: 0\">" + String(repeating: "<div>", count: 997) + square
            + String(repeating: "</div>", count: 997) + "</body></html>"
        // svg, the group and 997 groups: 999 levels.
        let drawing = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"400\" height=\"300\"><g id=\"a\">"
            + String(repeating: "<g>", count: 997) + "<rect width=\"50\" height=\"50\" fill=\"#00f\"/><use xlink:href=\"#a\"/>"
            + String(repeating: "</g>", count: 997) + "</g></svg>"
        let pages = [Self.xhtml("pages/divs.xhtml", divs), ("pages/drawing.svg", Array(drawing.utf8), "image/svg+xml", "")]
        let (path, _) = try Self.book(in: dir, pages: pages, compression: .none)
        let helper = try HelperLocation.find(environment: [:], helper: .epub)
        let document = try PDFDocument(path: path, configuration: .init(helperPath: helper, helpers: 1))
        let divPage = try document.render(page: 1, rect: PDFRect(x: 0, y: 0, width: 600, height: 800), width: 60, height: 80,
                                          viewport: (600, 800))
        #expect(Array(divPage[0..<3]) == [0, 0, 255], "the square inside 1000 levels")
        let drawn = try document.render(page: 2, rect: PDFRect(x: 0, y: 0, width: 400, height: 300), width: 80, height: 60,
                                        viewport: (400, 300))
        #expect(Array(drawn[0..<3]) == [0, 0, 255], "the drawing's square")
        #expect(document.helpersStarted == 1)
    }

    /// A helper that crashes dies of its own signal, reported with the helper's name: never as its sandbox's.
    @Test func aHelperThatCrashesIsReportedAsTheCrashOfRectoEpub() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, _) = try Self.book(in: dir, pages: [Self.xhtml("pages/one.xhtml", Self.textPage())])
        let helper = try HelperLocation.find(environment: [:], helper: .epub)
        let document = try PDFDocument(path: path, configuration: .init(helperPath: helper, helpers: 1))
        let whole = PDFRect(x: 0, y: 0, width: 600, height: 800)
        _ = try document.render(page: 1, rect: whole, width: 60, height: 80, viewport: (600, 800))
        let pid = try #require(document.helperProcessIDs.first)
        #expect(kill(pid, SIGSEGV) == 0)
        let crash = PDFError.helperFailed(helper: "recto-epub", reason: "it crashed (SIGSEGV: an invalid memory access)")
        #expect(throws: crash) { try document.selfTest(.landlockABI) }
        #expect(crash.description == "the helper recto-epub failed: it crashed (SIGSEGV: an invalid memory access)")
        _ = try document.render(page: 1, rect: whole, width: 60, height: 80, viewport: (600, 800))
        #expect(document.helperRestarts == 1)
    }

    @Test func aKilledHelperIsStartedAgainForTheNextPage() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, _) = try Self.book(in: dir, pages: [Self.xhtml("pages/one.xhtml", Self.textPage())])
        let helper = try HelperLocation.find(environment: [:], helper: .epub)
        let document = try PDFDocument(path: path, configuration: .init(helperPath: helper, helpers: 1))
        let whole = PDFRect(x: 0, y: 0, width: 600, height: 800)
        let before = try document.render(page: 1, rect: whole, width: 60, height: 80, viewport: (600, 800))
        for pid in document.helperProcessIDs { kill(pid, SIGKILL) }
        let after = try document.render(page: 1, rect: whole, width: 60, height: 80, viewport: (600, 800))
        #expect(after == before, "the same page, drawn by a new helper")
        #expect(document.helperRestarts == 1)
    }

    @Test func withoutTheHelperTextPagesSayWhatIsMissingAndPicturesRead() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let (path, picture) = try Self.book(in: dir, pages: [Self.xhtml("pages/one.xhtml", Self.textPage())])
        let missing = PDFDocument.Configuration(helperPath: "/nonexistent/recto-epub")
        let source = PageSource(try EPUBSource(path: path, limits: .standard, helper: missing))
        #expect {
            try source.image(of: 1, fitting: PixelSize(width: 300, height: 400))
        } throws: { error in "\(error)".contains("OEBPS/pages/one.xhtml") && "\(error)".contains("/nonexistent/recto-epub") }
        #expect(try source.data(of: 2) == picture)
    }
}

/// A TCP listener on 127.0.0.1 that says whether anyone connected.
struct LocalListener {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0
                && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    func wasConnected() -> Bool {
        let client = accept(fd, nil, nil)
        if client >= 0 { Glibc.close(client) }
        return client >= 0
    }

    func close() { Glibc.close(fd) }
}
