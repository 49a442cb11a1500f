import Decoding
import Foundation
import Glibc
import PDF
import Pages
import TestSupport
import XCTest

/// PDF books through `PageSource` and `PageCache`: rendered at display size, cached on disk, zoom regions
/// rendered again as vectors, and a bad page a failure while the rest of the book reads.
final class PDFSourceTests: XCTestCase {
    private var dir: TempDir!
    private let bounds = PixelSize(width: 400, height: 400)

    override func setUpWithError() throws { dir = try TempDir() }
    override func tearDown() { dir.cleanup() }

    private func book(_ bytes: [UInt8] = standardPDFBook(), name: String = "book.pdf") throws -> String {
        try dir.write(name, bytes)
        return dir.file(name)
    }

    private func cache(_ source: PageSource, diskCache: DiskCache? = nil) -> PageCache {
        PageCache(source: source, configuration: .init(fitting: bounds, diskCache: diskCache))
    }

    func testOpensAPDFEvenAfterLeadingJunkWithSizesAndTitleUpFront() throws {
        let source = try PageSource.open(path: try book(Array("junk before the header\n".utf8) + standardPDFBook()))
        XCTAssertEqual(source.kind, .pdf)
        XCTAssertEqual(source.pageCount, 5)
        let pdf = try XCTUnwrap(source.provider as? PDFSource)
        XCTAssertEqual(pdf.title, "Test Book")
        XCTAssertEqual(pdf.pageSizes[4], PDFPageSize(width: 1190, height: 842))
        XCTAssertEqual(try source.identity(of: 2), .documentPage(file: try fileIdentity(dir.file("book.pdf")), page: 2))
        XCTAssertThrowsError(try source.data(of: 1)) { XCTAssertEqual($0 as? PageError, .renderedPage(name: "page 1")) }
    }

    func testDamagedPDFDoesNotOpen() throws {
        XCTAssertThrowsError(try PageSource.open(path: try book(Array("%PDF-1.7 and nothing else".utf8)))) { error in
            guard case PageError.unreadablePDF = error else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("cannot read the PDF"), "\(error)")
        }
    }

    func testPagesRenderAtDisplaySizeOnceAndComeBackFromTheDiskCache() throws {
        let source = try PageSource.open(path: try book())
        let disk = try DiskCache(directory: dir.file("cache"), syncWrites: true)
        let first = cache(source, diskCache: disk)
        first.want([1, 2, 3, 4, 5], visibleCount: 2)
        var events: [PageEvent] = []
        try collect(first, into: &events) { Set(readyPages($0)) == [1, 2, 3, 4, 5] }
        for case .ready(let page, let image, let sourceSize) in events {
            XCTAssertEqual(image.size, sourceSize.fitting(within: bounds), "page \(page)")
            XCTAssertEqual(max(image.width, image.height), 400, "page \(page) fills the box")
            XCTAssertEqual(Double(sourceSize.width), Double(image.width * 8), accuracy: 8)
        }
        let landscape = events.compactMap { e -> RGBAImage? in
            if case .ready(5, let image, _) = e { return image } else { return nil }
        }
        XCTAssertEqual(landscape.first?.size, PixelSize(width: 400, height: 283))
        XCTAssertEqual(first.statistics.decodes, 5)

        let second = cache(try PageSource.open(path: dir.file("book.pdf")), diskCache: disk)
        second.want([1, 2, 3, 4, 5], visibleCount: 2)
        var again: [PageEvent] = []
        try collect(second, into: &again) { Set(readyPages($0)) == [1, 2, 3, 4, 5] }
        XCTAssertEqual(second.statistics.diskHits, 5)
        XCTAssertEqual(second.statistics.decodes, 0)
    }

    func testZoomRegionsAreRenderedAgainAsVectors() throws {
        let pages = cache(try PageSource.open(path: try book()))
        pages.want([2], visibleCount: 1)
        var events: [PageEvent] = []
        try collect(pages, into: &events) { !readyPages($0).isEmpty }
        guard case .ready(2, _, let sourceSize) = events[0] else { return XCTFail(summary(events)) }
        // The red square's top-left corner, points (100, 542) of 595 × 842, seen 1:1 in source pixels.
        let scale = Double(sourceSize.width) / 595
        let corner = (x: Int(100 * scale), y: Int(542 * scale))
        let rect = PixelRect(x: corner.x - 50, y: corner.y - 50, width: 100, height: 100)
        pages.requestRegion(page: 2, rect: rect, outputSize: PixelSize(width: 100, height: 100))
        try collect(pages, into: &events) { $0.contains { if case .region = $0 { return true } else { return false } } }
        guard case .region(2, rect, let image) = events.last else { return XCTFail(summary(events)) }
        // A sharp edge at 1:1: white two pixels before the corner, red two pixels after it.
        XCTAssertEqual(image[47, 47].r, 255)
        XCTAssertEqual(image[47, 47].g, 255)
        XCTAssertEqual(image[53, 53].r, 255)
        XCTAssertEqual(image[53, 53].g, 0)
        XCTAssertEqual(image[20, 80].g, 255, "left of the square")
    }

    func testPageThatOverrunsTheTimeLimitFailsAndTheBookReads() throws {
        var configuration = try PDFDocument.Configuration.standard(environment: [:])
        configuration.timeoutMilliseconds = 3000
        let source = PageSource(try PDFSource(path: try book(HostilePDF.slowPage()), configuration: configuration))
        let pages = cache(source)
        pages.want([2, 1, 3], visibleCount: 3)
        var events: [PageEvent] = []
        try collect(pages, into: &events) { Set(readyPages($0)) == [1, 3] && failedPages($0) == [2] }
        let message = events.compactMap { e -> String? in if case .failed(2, let m) = e { return m } else { return nil } }
        XCTAssertEqual(message, ["page 2: the page took longer than 3.0 s to render and was stopped"])
    }

    func testHelperKilledMidBookIsRestartedAndEveryPageReads() throws {
        let source = try PageSource.open(path: try book())
        let document = try XCTUnwrap(source.provider as? PDFSource).document
        let pages = cache(source)
        pages.want([1], visibleCount: 1)
        var events: [PageEvent] = []
        try collect(pages, into: &events) { readyPages($0) == [1] }
        for pid in document.helperProcessIDs { kill(pid, SIGKILL) }
        pages.want([2, 3, 4, 5], visibleCount: 2)
        try collect(pages, into: &events) { Set(readyPages($0)) == [1, 2, 3, 4, 5] }
        XCTAssertEqual(failedPages(events), [])
        XCTAssertGreaterThan(document.helpersStarted, 1)
    }

    func testReloadPicksUpAPDFReplacedByRename() throws {
        let path = try book()
        let source = try PageSource.open(path: path)
        try dir.write("new.pdf", pdfBook([.text(["One page now"])], title: "Replaced"))
        XCTAssertEqual(rename(dir.file("new.pdf"), path), 0)
        XCTAssertEqual(source.pageCount, 5, "the open source keeps the file it opened")
        let fresh = try source.reloaded()
        XCTAssertEqual(fresh.pageCount, 1)
        XCTAssertEqual((fresh.provider as? PDFSource)?.title, "Replaced")
        XCTAssertNotEqual(try fresh.identity(of: 1), try source.identity(of: 1))
    }

    private func fileIdentity(_ path: String) throws -> FileIdentity {
        var info = stat()
        guard stat(path, &info) == 0 else { throw TestFailure("stat \(path)") }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
