import Caching
import Decoding
import Foundation
import Geometry
import Glibc
import Pages
import PDF
import Testing
import TestSupport

/// PDF books through `PageSource` and `PageCache`: rendered at display size, cached on disk, zoom regions
/// rendered again as vectors, and a bad page a failure while the rest of the book reads.
@Suite final class PDFSourceTests {
    private let dir: TempDir
    private let bounds = PixelSize(width: 400, height: 400)

    init() throws { dir = try TempDir() }
    deinit { dir.cleanup() }

    private func book(_ bytes: [UInt8] = standardPDFBook(), name: String = "book.pdf") throws -> String {
        try dir.write(name, bytes)
        return dir.file(name)
    }

    private func cache(_ source: PageSource, diskCache: DiskCache? = nil) -> PageCache {
        PageCache(source: source, configuration: .init(fitting: bounds, diskCache: diskCache))
    }

    @Test func opensAPDFEvenAfterLeadingJunkWithSizesAndTitleUpFront() throws {
        let source = try PageSource.open(path: try book(Array("junk before the header\n".utf8) + standardPDFBook()))
        #expect(source.kind == .pdf)
        #expect(source.pageCount == 5)
        let pdf = try #require(source.provider as? PDFSource)
        #expect(pdf.title == "Test Book")
        #expect(pdf.pageSizes[4] == PDFPageSize(width: 1190, height: 842))
        #expect(try source.identity(of: 2) == .documentPage(file: try fileIdentity(dir.file("book.pdf")), page: 2))
        #expect(throws: PageError.renderedPage(name: "page 1")) { try source.data(of: 1) }
        #expect(source.title == "Test Book")
        let aspects = try #require(source.knownPageAspects)
        #expect(aspects.count == 5)
        #expect(aspects[4] == 1190.0 / 842)
        // Synchronously (recto render): the landscape page fills the box's width.
        let spread = try source.image(of: 5, fitting: bounds)
        #expect(spread.size == PixelSize(width: 400, height: 283))
        #expect(spread.pixels.contains { $0 < 128 }, "the page's text is drawn")
    }

    @Test func pagesAreNamedByTheirLabels() throws {
        let pages = (1...3).map { PDFTestPage.text(["Page \($0)"]) }
        let source = try PageSource.open(path: try book(pdfBook(pages, catalog: "/PageLabels << /Nums [0 << /S /r >> 1 << /S /D >>] >>")))
        #expect((1...3).map { source.name(of: $0) } == ["page i", "page 1", "page 2"])
    }

    @Test func damagedPDFDoesNotOpen() throws {
        let path = try book(Array("%PDF-1.7 and nothing else".utf8))
        #expect(throws: PageError.unreadablePDF(path: path, reason: "the document cannot be opened: PDF document is damaged")) {
            try PageSource.open(path: path)
        }
    }

    @Test func pagesRenderAtDisplaySizeOnceAndComeBackFromTheDiskCache() throws {
        let source = try PageSource.open(path: try book())
        let disk = try DiskCache(directory: dir.file("cache"), syncWrites: true)
        let first = cache(source, diskCache: disk)
        first.want([1, 2, 3, 4, 5], visibleCount: 2)
        var events: [PageEvent] = []
        try collect(first, into: &events) { Set(readyPages($0)) == [1, 2, 3, 4, 5] }
        for case .ready(let page, let image, let sourceSize) in events {
            #expect(image.size == sourceSize.fitting(within: bounds), "page \(page)")
            #expect(max(image.width, image.height) == 400, "page \(page) fills the box")
            #expect(abs(sourceSize.width - image.width * 8) <= 8, "page \(page): 8 × the display size")
        }
        let landscape = events.compactMap { e -> RGBAImage? in
            if case .ready(5, let image, _) = e { return image } else { return nil }
        }
        #expect(landscape.first?.size == PixelSize(width: 400, height: 283))
        #expect(first.statistics.decodes == 5)
        // Entries are written after the pages are delivered.
        for _ in 0..<30_000 where disk.statistics.stores < 5 { usleep(1000) }
        #expect(disk.statistics.stores == 5)

        let second = cache(try PageSource.open(path: dir.file("book.pdf")), diskCache: disk)
        second.want([1, 2, 3, 4, 5], visibleCount: 2)
        var again: [PageEvent] = []
        try collect(second, into: &again) { Set(readyPages($0)) == [1, 2, 3, 4, 5] }
        #expect(second.statistics.diskHits == 5)
        #expect(second.statistics.decodes == 0)
    }

    @Test func zoomRegionsAreRenderedAgainAsVectors() throws {
        let pages = cache(try PageSource.open(path: try book()))
        pages.want([2], visibleCount: 1)
        var events: [PageEvent] = []
        try collect(pages, into: &events) { !readyPages($0).isEmpty }
        guard case .ready(2, _, let sourceSize) = events[0] else { Issue.record("\(summary(events))"); return }
        // The red square's top-left corner, points (100, 542) of 595 × 842, seen 1:1 in source pixels.
        let scale = Double(sourceSize.width) / 595
        let corner = (x: Int(100 * scale), y: Int(542 * scale))
        let rect = PixelRect(x: corner.x - 50, y: corner.y - 50, width: 100, height: 100)
        pages.requestRegion(page: 2, rect: rect, outputSize: PixelSize(width: 100, height: 100))
        try collect(pages, into: &events) { $0.contains { if case .region = $0 { return true } else { return false } } }
        guard case .region(2, rect, let image) = events.last else { Issue.record("\(summary(events))"); return }
        // A sharp edge at 1:1: white two pixels before the corner, red two pixels after it.
        #expect(image[47, 47] == (255, 255, 255, 255))
        #expect(image[53, 53] == (255, 0, 0, 255))
        #expect(image[20, 80] == (255, 255, 255, 255), "left of the square")
    }

    @Test func pageThatOverrunsTheTimeLimitFailsAndTheBookReads() throws {
        var configuration = try PDFDocument.Configuration.standard(environment: [:])
        configuration.timeoutMilliseconds = 4000
        let source = PageSource(try PDFSource(path: try book(HostilePDF.slowPage()), configuration: configuration))
        let pages = cache(source)
        pages.want([2, 1, 3], visibleCount: 3)
        var events: [PageEvent] = []
        try collect(pages, into: &events) { Set(readyPages($0)) == [1, 3] && failedPages($0) == [2] }
        let message = events.compactMap { e -> String? in if case .failed(2, let m) = e { return m } else { return nil } }
        #expect(message == ["page 2: the page took longer than 4.0 s to render and was stopped"])
    }

    @Test func helperKilledMidBookIsRestartedAndEveryPageReads() throws {
        let source = try PageSource.open(path: try book())
        let document = try #require(source.provider as? PDFSource).document
        let pages = cache(source)
        pages.want([1], visibleCount: 1)
        var events: [PageEvent] = []
        try collect(pages, into: &events) { readyPages($0) == [1] }
        for pid in document.helperProcessIDs { kill(pid, SIGKILL) }
        pages.want([2, 3, 4, 5], visibleCount: 2)
        try collect(pages, into: &events) { Set(readyPages($0)) == [1, 2, 3, 4, 5] }
        #expect(failedPages(events) == [])
        #expect(document.helpersStarted > 1)
    }

    @Test func reloadPicksUpAPDFReplacedByRename() throws {
        let path = try book()
        let source = try PageSource.open(path: path)
        let unchanged = try source.reloaded()
        #expect((unchanged.provider as? PDFSource)?.document === (source.provider as? PDFSource)?.document,
                "an unchanged file is not opened again")
        try dir.write("new.pdf", pdfBook([.text(["One page now"])], title: "Replaced"))
        #expect(rename(dir.file("new.pdf"), path) == 0)
        #expect(source.pageCount == 5, "the open source keeps the file it opened")
        let fresh = try source.reloaded()
        #expect(fresh.pageCount == 1)
        #expect((fresh.provider as? PDFSource)?.title == "Replaced")
        #expect(try fresh.identity(of: 1) != (try source.identity(of: 1)))
    }

    private func fileIdentity(_ path: String) throws -> FileIdentity {
        var info = stat()
        guard stat(path, &info) == 0 else { throw TestFailure("stat \(path)") }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
