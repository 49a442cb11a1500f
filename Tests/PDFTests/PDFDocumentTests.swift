import Foundation
import Glibc
import PDF
import TestSupport
import Testing

@Suite struct PDFDocumentTests {
    @Test func opensTheBookWithSizesAfterRotationAndTitle() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let document = try PDFDocument(path: try scratch.write("book.pdf", standardPDFBook()),
                                       configuration: helperConfiguration())
        #expect(document.info.pageCount == 5)
        #expect(document.info.title == "Test Book")
        #expect(document.info.pageSizes[0] == PDFPageSize(width: 595, height: 842))
        #expect(document.info.pageSizes[3] == PDFPageSize(width: 420, height: 595))
        // MediaBox 842 × 1190 turned by /Rotate 90: a landscape spread.
        #expect(document.info.pageSizes[4] == PDFPageSize(width: 1190, height: 842))
        #expect(document.info.labels == nil, "pages labelled only by number")
    }

    @Test func pageLabelsFromTheLabelTree() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let pages = (1...5).map { PDFTestPage.text(["Page \($0)"]) }
        let bytes = pdfBook(pages, catalog: "/PageLabels << /Nums [0 << /S /r >> 2 << /S /D /P (A-) >>] >>")
        let document = try PDFDocument(path: try scratch.write("labels.pdf", bytes), configuration: helperConfiguration())
        #expect(document.info.labels == ["i", "ii", "A-1", "A-2", "A-3"])
    }

    @Test func rendersTextVectorArtAndImage() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let document = try PDFDocument(path: try scratch.write("book.pdf", standardPDFBook()),
                                       configuration: helperConfiguration())
        let full = PDFRect(x: 0, y: 0, width: 595, height: 842)
        // Scale 0.5: text starts at (36, 36) pixels, 12 pt glyphs are 6 px.
        let text = try document.render(page: 1, rect: full, width: 298, height: 421)
        #expect(darkPixels(text, width: 298, x: 36..<200, y: 30..<70) > 100)
        #expect(darkPixels(text, width: 298, x: 0..<298, y: 100..<421) == 0)
        #expect(pixel(text, width: 298, 5, 5) == [255, 255, 255, 255])
        // The red square covers points (100...300) from the bottom: pixels y 271...371 at scale 0.5.
        let art = try document.render(page: 2, rect: full, width: 298, height: 421)
        #expect(pixel(art, width: 298, 100, 320) == [255, 0, 0, 255])
        #expect(pixel(art, width: 298, 30, 320) == [255, 255, 255, 255])
        // The image's top-left quadrant is red, its bottom-right white, drawn over (100...500) points.
        let image = try document.render(page: 3, rect: full, width: 595, height: 842)
        #expect(Array(pixel(image, width: 595, 150, 400)[0..<3]) == [255, 0, 0])
        #expect(Array(pixel(image, width: 595, 150, 700)[0..<3]) == [0, 0, 255])
        #expect(Array(pixel(image, width: 595, 450, 400)[0..<3]) == [0, 255, 0])
    }

    @Test func regionRendersThatPartOfThePageAsVectors() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let document = try PDFDocument(path: try scratch.write("book.pdf", standardPDFBook()),
                                       configuration: helperConfiguration())
        // The red square's top-left corner (100, 542) at 8×: the left and upper halves white, the rest red.
        let region = try document.render(page: 2, rect: PDFRect(x: 90, y: 532, width: 20, height: 20),
                                         width: 160, height: 160)
        #expect(pixel(region, width: 160, 40, 120) == [255, 255, 255, 255])
        #expect(pixel(region, width: 160, 120, 40) == [255, 255, 255, 255])
        #expect(pixel(region, width: 160, 120, 120) == [255, 0, 0, 255])
        #expect(pixel(region, width: 160, 81, 81) == [255, 0, 0, 255])
        #expect(pixel(region, width: 160, 78, 78) == [255, 255, 255, 255])
    }

    @Test func notAPDFIsDamagedAndOutOfRangePagesAreRefused() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let junk = try scratch.write("x.pdf", Array("%PDF-1.4 nothing".utf8))
        #expect(throws: PDFError.damaged("PDF document is damaged")) {
            try PDFDocument(path: junk, configuration: helperConfiguration())
        }
        #expect(throws: PDFError.unreadable("cannot read \(scratch.path)/missing.pdf: No such file or directory")) {
            try PDFDocument(path: scratch.path + "/missing.pdf", configuration: helperConfiguration())
        }
        let document = try PDFDocument(path: try scratch.write("book.pdf", standardPDFBook()),
                                       configuration: helperConfiguration())
        let point = PDFRect(x: 0, y: 0, width: 1, height: 1)
        #expect(throws: PDFError.refused("page 6 is outside 1...5")) {
            try document.render(page: 6, rect: point, width: 1, height: 1)
        }
        #expect(throws: PDFError.refused("bad render request: page 1 of 5, 20000×10 pixels")) {
            try document.render(page: 1, rect: point, width: 20_000, height: 10)
        }
    }

    @Test func helpersAreKilledAndReapedWithTheDocument() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        var document: PDFDocument? = try PDFDocument(path: try scratch.write("book.pdf", standardPDFBook()),
                                                     configuration: helperConfiguration(helpers: 1))
        _ = try document?.render(page: 1, rect: PDFRect(x: 0, y: 0, width: 595, height: 842), width: 60, height: 85)
        let pids = document?.helperProcessIDs ?? []
        #expect(pids.count == 1)
        document = nil
        for pid in pids {
            // A zombie would still answer kill(pid, 0).
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "helper \(pid) is still there")
        }
    }

    @Test func helperIsFoundByEnvironmentThenNextToTheExecutable() throws {
        #expect(HelperLocation.candidates(environment: ["RECTO_PDF_HELPER": "/x/recto-pdf"]) == ["/x/recto-pdf"])
        let next = HelperLocation.candidates(environment: [:])
        #expect(next.count == 2)
        #expect(next.first?.hasSuffix("/recto-pdf") == true)
        #expect(next.last?.hasSuffix("/../lib/recto/recto-pdf") == true)
        #expect(throws: PDFError.helperNotFound(searched: ["/nonexistent/recto-pdf"])) {
            try HelperLocation.find(environment: ["RECTO_PDF_HELPER": "/nonexistent/recto-pdf"])
        }
    }
}

@Suite struct PDFOutlineTests {
    @Test func theOutlineListsItsEntriesDepthFirstWithTheirPages() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let document = try PDFDocument(path: try scratch.write("outlined.pdf", outlinedPDFBook()),
                                       configuration: helperConfiguration())
        // The web page leads to no page of the book: left out.
        #expect(try document.outline() == [PDFOutlineEntry(title: "Introduction", page: 2, level: 0),
                                           PDFOutlineEntry(title: "Part Ô One", page: 3, level: 0),
                                           PDFOutlineEntry(title: "Chapter 1", page: 4, level: 1)])
        let plain = try PDFDocument(path: try scratch.write("plain.pdf", standardPDFBook()), configuration: helperConfiguration())
        #expect(try plain.outline() == [])
    }
}

@Suite struct PDFLinkTests {
    @Test func linksLeadToPagesByDestinationNameAndActionInPointsOfTheDisplayedPage() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let document = try PDFDocument(path: try scratch.write("linked.pdf", linkedPDFBook()),
                                       configuration: helperConfiguration())
        let contents = try document.links(page: 1)
        // A JavaScript link and a name no destination has are left out; the web link is there, never followed.
        #expect(contents == [
            PDFLink(rect: PDFRect(x: 72, y: 112, width: 200, height: 30), target: .page(3)),
            PDFLink(rect: PDFRect(x: 72, y: 162, width: 200, height: 30), target: .page(4)),
            PDFLink(rect: PDFRect(x: 72, y: 212, width: 200, height: 30), target: .outside),
            PDFLink(rect: PDFRect(x: 72, y: 262, width: 200, height: 30), target: .page(5)),
            // Half off the page: only the half on it.
            PDFLink(rect: PDFRect(x: 500, y: 822, width: 95, height: 20), target: .page(2)),
            PDFLink(rect: PDFRect(x: 72, y: 362, width: 200, height: 30), target: .page(5)),
        ])
        #expect(try document.links(page: 2) == [PDFLink(rect: PDFRect(x: 0, y: 742, width: 100, height: 100), target: .page(3))])
        #expect(try document.links(page: 3) == [])
        // /Rotate 90: the page shows 842 × 595; the link's x comes from its y on the unturned page, its y from x.
        #expect(document.info.pageSizes[3] == PDFPageSize(width: 842, height: 595))
        #expect(try document.links(page: 4) == [PDFLink(rect: PDFRect(x: 200, y: 100, width: 200, height: 50), target: .page(1))])
        #expect(throws: PDFError.self) { try document.links(page: 6) }
        // Reading links, inside the sandbox, needs no call its policy does not name.
        #expect(try document.firstUnlistedSystemCall() == nil)
    }

    /// PDF 1.1's way: names in the catalog's /Dests dictionary.
    @Test func namesInTheCatalogsDestsDictionaryLeadToTheirPages() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        var first = PDFTestPage.text(["See chapter 2"])
        first.annotations = [PDFTestPage.link((72, 700, 272, 730), "/Dest /two")]
        let book = pdfBook([first, .text(["Chapter 2"])], catalog: "/Dests << /two [PAGE(2) /Fit] >>")
        let document = try PDFDocument(path: try scratch.write("old.pdf", book), configuration: helperConfiguration())
        #expect(try document.links(page: 1) == [PDFLink(rect: PDFRect(x: 72, y: 112, width: 200, height: 30), target: .page(2))])
    }
}
