import Foundation
import Glibc
import PDF
import TestSupport
import XCTest

/// The helper, once sandboxed, cannot write files, open sockets, run programs or read outside the font folders;
/// and recto itself links no PDF library.
final class SandboxTests: XCTestCase {
    private var scratch: Scratch!
    private var document: PDFDocument!

    override func setUpWithError() throws {
        scratch = try Scratch()
        document = try PDFDocument(path: try scratch.write("book.pdf", standardPDFBook()),
                                   configuration: helperConfiguration(helpers: 1))
    }

    override func tearDown() {
        document = nil
        scratch.cleanup()
    }

    func testOpeningAFileForWritingIsRefused() throws {
        XCTAssertEqual(try document.selfTest(.openForWriting), EACCES)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/recto-pdf-selftest"))
    }

    func testSocketsAreRefused() throws {
        XCTAssertEqual(try document.selfTest(.socket), EACCES)
    }

    func testRunningAProgramKillsTheHelperAndTheNextPageStillRenders() throws {
        XCTAssertThrowsError(try document.selfTest(.exec)) { error in
            XCTAssertEqual(error as? PDFError, .helperFailed("its sandbox stopped it (SIGSYS: a forbidden system call)"))
        }
        XCTAssertEqual(document.helperProcessIDs, [])
        let page = try document.render(page: 1, rect: PDFRect(x: 0, y: 0, width: 595, height: 842), width: 298, height: 421)
        XCTAssertGreaterThan(inked(page), 100)
        XCTAssertEqual(document.helpersStarted, 2)
    }

    func testReadingOutsideTheFontFoldersIsRefusedWhereLandlockIsAvailable() throws {
        // The Landlock ABI the helper enforces (0 on a kernel without Landlock: then seccomp alone applies).
        let abi = try document.selfTest(.landlockABI)
        if abi > 0 {
            XCTAssertEqual(try document.selfTest(.readOutsideFonts), EACCES)
        } else {
            XCTAssertEqual(try document.selfTest(.readOutsideFonts), 0)
        }
    }

    func testRectoLinksNoPDFLibrary() throws {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let recto = folder.appendingPathComponent("recto").path
        let helper = folder.appendingPathComponent("recto-pdf").path
        let rectoLibraries = String(decoding: try runProgram("/usr/bin/ldd", [recto]).output, as: UTF8.self)
        let helperLibraries = String(decoding: try runProgram("/usr/bin/ldd", [helper]).output, as: UTF8.self)
        XCTAssertTrue(rectoLibraries.contains("libc.so"), "ldd \(recto): \(rectoLibraries)")
        for library in ["poppler", "cairo", "mupdf", "fitz"] {
            XCTAssertFalse(rectoLibraries.contains(library), "recto links \(library)")
        }
        XCTAssertTrue(helperLibraries.contains("libpoppler-glib"), "the check would see poppler if it were linked")
    }
}
