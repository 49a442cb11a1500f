import Foundation
import Glibc
import PDF
import TestSupport
import XCTest

/// Hostile documents: the bad page fails with its reason, the helper is restarted where it died, and the good
/// pages around it still render.
final class HostilePDFTests: XCTestCase {
    private var scratch: Scratch!

    override func setUpWithError() throws { scratch = try Scratch() }
    override func tearDown() { scratch.cleanup() }

    private func open(_ bytes: [UInt8], timeoutMilliseconds: Int = 10_000) throws -> PDFDocument {
        try PDFDocument(path: try scratch.write("book.pdf", bytes),
                        configuration: helperConfiguration(timeoutMilliseconds: timeoutMilliseconds, helpers: 1))
    }

    private func render(_ document: PDFDocument, _ page: Int) throws -> [UInt8] {
        let size = document.info.pageSizes[page - 1]
        let scale = 200 / max(size.width, size.height)
        return try document.render(page: page, rect: PDFRect(x: 0, y: 0, width: size.width, height: size.height),
                                   width: max(1, Int(size.width * scale)), height: max(1, Int(size.height * scale)))
    }

    func testPageThatRendersForHoursIsStoppedAndTheHelperRestarted() throws {
        let document = try open(HostilePDF.slowPage(), timeoutMilliseconds: 3000)
        XCTAssertNoThrow(try render(document, 1))
        XCTAssertThrowsError(try render(document, 2)) { error in
            XCTAssertEqual(error as? PDFError, .timedOut(milliseconds: 3000))
        }
        XCTAssertEqual(document.helperProcessIDs, [], "the helper that overran was killed")
        XCTAssertNoThrow(try render(document, 3))
        XCTAssertEqual(document.helpersStarted, 2)
    }

    func testHelperKilledBetweenPagesIsRestarted() throws {
        let document = try open(standardPDFBook())
        XCTAssertNoThrow(try render(document, 1))
        let pid = try XCTUnwrap(document.helperProcessIDs.first)
        XCTAssertEqual(kill(pid, SIGKILL), 0)
        XCTAssertGreaterThan(darkPixels(try render(document, 1), width: 141, x: 0..<141, y: 0..<200), 10)
        XCTAssertEqual(document.helpersStarted, 2)
        XCTAssertNotEqual(document.helperProcessIDs, [pid])
    }

    func testPasswordProtectedDocumentNeedsAPasswordUnlessTheUserPasswordIsEmpty() throws {
        let plain = try scratch.write("plain.pdf", standardPDFBook())
        let locked = scratch.path + "/locked.pdf", open = scratch.path + "/open.pdf"
        XCTAssertEqual(try runProgram("/usr/bin/qpdf", ["--encrypt", "secret", "owner", "256", "--", plain, locked]).status, 0)
        XCTAssertEqual(try runProgram("/usr/bin/qpdf", ["--encrypt", "", "owner", "256", "--", plain, open]).status, 0)
        XCTAssertThrowsError(try PDFDocument(path: locked, configuration: helperConfiguration())) { error in
            XCTAssertEqual(error as? PDFError, .needsPassword)
        }
        let readable = try PDFDocument(path: open, configuration: helperConfiguration())
        XCTAssertEqual(readable.info.pageCount, 5)
        XCTAssertGreaterThan(darkPixels(try render(readable, 1), width: 141, x: 0..<141, y: 0..<200), 10)
    }

    func testHugeMediaBoxRendersSmallAndTheOtherPagesRead() throws {
        let document = try open(HostilePDF.hugeMediaBox())
        XCTAssertEqual(document.info.pageSizes[1], PDFPageSize(width: 1_000_000, height: 1_000_000))
        XCTAssertEqual(try render(document, 2).count, 200 * 200 * 4)
        XCTAssertNoThrow(try render(document, 1))
        XCTAssertNoThrow(try render(document, 3))
    }

    func testDeeplyNestedObjectsDoNotBringTheBookDown() throws {
        let document = try open(HostilePDF.deeplyNested())
        XCTAssertEqual(document.info.pageCount, 3)
        XCTAssertNoThrow(try render(document, 1))
        XCTAssertNoThrow(try render(document, 3))
    }

    func testFormDrawingItselfEndsAndTheOtherPagesRead() throws {
        let document = try open(HostilePDF.selfReferencingForm())
        _ = try? render(document, 2)
        XCTAssertGreaterThan(inked(try render(document, 3)), 10)
        XCTAssertEqual(document.helpersStarted, 1)
    }

    func testTruncatedFileIsDamagedAndACutStreamOnlyHurtsItsPage() throws {
        XCTAssertThrowsError(try open(HostilePDF.truncated())) { error in
            XCTAssertEqual(error as? PDFError, .damaged("PDF document is damaged"))
        }
        let cut = try open(HostilePDF.cutStream())
        _ = try? render(cut, 2)
        XCTAssertGreaterThan(inked(try render(cut, 1)), 10)
        XCTAssertGreaterThan(inked(try render(cut, 3)), 10)
    }

    func testBrokenXrefIsRepaired() throws {
        let broken = try open(HostilePDF.brokenXref())
        XCTAssertEqual(broken.info.pageCount, 5)
        for page in [1, 2, 3, 4, 5] { XCTAssertGreaterThan(inked(try render(broken, page)), 10, "page \(page)") }
    }
}
