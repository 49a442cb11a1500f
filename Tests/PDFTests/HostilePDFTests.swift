import Foundation
import Glibc
import PDF
import TestSupport
import Testing

/// Hostile documents: the bad page fails with its reason, the helper is restarted where it died, and the good
/// pages around it still render.
@Suite final class HostilePDFTests {
    private let scratch: Scratch

    init() throws { scratch = try Scratch() }
    deinit { scratch.cleanup() }

    private func open(_ bytes: [UInt8], timeoutMilliseconds: Int = 10_000) throws -> PDFDocument {
        try PDFDocument(path: try scratch.write("book.pdf", bytes),
                        configuration: helperConfiguration(timeoutMilliseconds: timeoutMilliseconds, helpers: 1))
    }

    /// The page drawn to fit 200 × 200 pixels.
    private func render(_ document: PDFDocument, _ page: Int) throws -> [UInt8] {
        let size = document.info.pageSizes[page - 1]
        let scale = 200 / max(size.width, size.height)
        return try document.render(page: page, rect: PDFRect(x: 0, y: 0, width: size.width, height: size.height),
                                   width: max(1, Int(size.width * scale)), height: max(1, Int(size.height * scale)))
    }

    @Test func pageThatRendersForHoursIsStoppedAndTheHelperRestarted() throws {
        let document = try open(HostilePDF.slowPage(), timeoutMilliseconds: 4000)
        #expect(inked(try render(document, 1)) > 10)
        #expect(throws: PDFError.timedOut(milliseconds: 4000)) { _ = try self.render(document, 2) }
        #expect(document.helperProcessIDs == [], "the helper that overran was killed")
        #expect(inked(try render(document, 3)) > 10)
        #expect(document.helpersStarted == 2)
    }

    @Test func helperKilledBetweenPagesIsRestarted() throws {
        let document = try open(standardPDFBook())
        #expect(inked(try render(document, 1)) > 10)
        let pid = try #require(document.helperProcessIDs.first)
        #expect(kill(pid, SIGKILL) == 0)
        #expect(inked(try render(document, 1)) > 10)
        #expect(document.helpersStarted == 2)
        #expect(document.helperProcessIDs != [pid])
    }

    /// A helper that crashes dies of its own signal (no crash handler of a runtime steps in), and the reason
    /// names the helper and the signal. A self-test is never retried, so it shows the first helper's end.
    @Test(arguments: [(SIGSEGV, "it crashed (SIGSEGV: an invalid memory access)"),
                      (SIGABRT, "it crashed (SIGABRT: it aborted)")])
    func helperThatCrashesIsReportedAsItsCrash(signal: Int32, reason: String) throws {
        let document = try open(standardPDFBook())
        #expect(inked(try render(document, 1)) > 10)
        let pid = try #require(document.helperProcessIDs.first)
        #expect(kill(pid, signal) == 0)
        #expect(throws: PDFError.helperFailed(helper: "recto-pdf", reason: reason)) {
            try document.selfTest(.landlockABI)
        }
        #expect(PDFError.helperFailed(helper: "recto-pdf", reason: reason).description == "the helper recto-pdf failed: \(reason)")
        #expect(inked(try render(document, 1)) > 10, "the next page starts a new helper")
        #expect(document.helpersStarted == 2)
    }

    /// A recursion poppler does not bound (a PostScript function's nested blocks) runs into the guard below the
    /// helper's stack: the helper stops there and says so; the other pages read.
    @Test func recursionPastTheStackStopsAtItsGuardAndTheOtherPagesRead() throws {
        let document = try open(HostilePDF.deepFunction())
        #expect(inked(try render(document, 1)) > 10)
        #expect(throws: PDFError.helperFailed(helper: "recto-pdf",
                                              reason: "the document nests deeper than its stack holds, so it stopped")) {
            _ = try self.render(document, 2)
        }
        #expect(inked(try render(document, 3)) > 10)
    }

    /// A chain of 60,000 link actions overflowed the 8 MiB stack a helper inherits; the requests' 64 MiB stack
    /// holds it: the page renders and its link is read.
    @Test func longChainOfLinkActionsRendersOnTheLargeStack() throws {
        let document = try open(HostilePDF.longActionChain())
        #expect(inked(try render(document, 2)) > 10)
        #expect(try document.links(page: 2).map(\.target) == [.outside])
        #expect(document.helpersStarted == 1)
    }

    @Test func passwordProtectedDocumentNeedsAPasswordUnlessTheUserPasswordIsEmpty() throws {
        let plain = try scratch.write("plain.pdf", standardPDFBook())
        let locked = scratch.path + "/locked.pdf", open = scratch.path + "/open.pdf"
        #expect(try runProgram("/usr/bin/qpdf", ["--encrypt", "secret", "owner", "256", "--", plain, locked]).status == 0)
        #expect(try runProgram("/usr/bin/qpdf", ["--encrypt", "", "owner", "256", "--", plain, open]).status == 0)
        #expect(throws: PDFError.needsPassword) { try PDFDocument(path: locked, configuration: helperConfiguration()) }
        let readable = try PDFDocument(path: open, configuration: helperConfiguration())
        #expect(readable.info.pageCount == 5)
        #expect(inked(try render(readable, 1)) > 10)
    }

    @Test func imageDeclaredTooLargeIsSkippedAndTheOtherPagesRead() throws {
        let document = try open(HostilePDF.memoryBomb())
        #expect(inked(try render(document, 2)) == 0, "poppler refuses the image before allocating it")
        #expect(inked(try render(document, 1)) > 10)
        #expect(inked(try render(document, 3)) > 10)
    }

    @Test func renderPastTheMemoryLimitFailsAndTheNextPageRenders() throws {
        var configuration = try helperConfiguration(helpers: 1)
        configuration.memoryMegabytes = 96
        let document = try PDFDocument(path: try scratch.write("book.pdf", standardPDFBook()), configuration: configuration)
        // 4000 × 5600 pixels are 90 MB: with the helper's own 40 MB its address space is exhausted.
        #expect(throws: PDFError.refused("cannot make a shared buffer of 89600000 bytes: Cannot allocate memory")) {
            _ = try document.render(page: 1, rect: PDFRect(x: 0, y: 0, width: 595, height: 842), width: 4000, height: 5600)
        }
        #expect(inked(try render(document, 1)) > 10)
    }

    @Test func hugeMediaBoxRendersSmallAndTheOtherPagesRead() throws {
        let document = try open(HostilePDF.hugeMediaBox())
        #expect(document.info.pageSizes[1] == PDFPageSize(width: 1_000_000, height: 1_000_000))
        #expect(try render(document, 2).count == 200 * 200 * 4)
        #expect(inked(try render(document, 1)) > 10)
        #expect(inked(try render(document, 3)) > 10)
    }

    @Test func deeplyNestedObjectsDoNotBringTheBookDown() throws {
        let document = try open(HostilePDF.deeplyNested())
        #expect(document.info.pageCount == 3)
        #expect(inked(try render(document, 1)) > 10)
        #expect(inked(try render(document, 3)) > 10)
    }

    @Test func formDrawingItselfEndsAndTheOtherPagesRead() throws {
        let document = try open(HostilePDF.selfReferencingForm())
        _ = try? render(document, 2)
        #expect(inked(try render(document, 3)) > 10)
        #expect(document.helpersStarted == 1)
    }

    @Test func truncatedFileIsDamagedAndACutStreamOnlyHurtsItsPage() throws {
        #expect(throws: PDFError.damaged("PDF document is damaged")) { try self.open(HostilePDF.truncated()) }
        let cut = try open(HostilePDF.cutStream())
        _ = try? render(cut, 2)
        #expect(inked(try render(cut, 1)) > 10)
        #expect(inked(try render(cut, 3)) > 10)
    }

    @Test func brokenXrefIsRepaired() throws {
        let broken = try open(HostilePDF.brokenXref())
        #expect(broken.info.pageCount == 5)
        for page in [1, 2, 3, 4, 5] { #expect(inked(try render(broken, page)) > 10, "page \(page)") }
    }
}
